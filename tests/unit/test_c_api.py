"""The compiler's C API through ctypes: what the tool reads of it is what the bindings read."""

from __future__ import annotations

from iree.compiler import ir

from rewriter.pipeline.common import new_context
from rewriter.pipeline.runner import verify_errors

FUNCTIONS = 8


def _functions_returning_the_wrong_type() -> ir.Module:
    """``FUNCTIONS`` functions, each returning its ``i64`` argument as an ``i32``: invalid IR,
    made through the bindings (parsing verifies)."""
    text = "\n".join(f"func.func @f{k}(%a: i32, %b: i64) -> i32 {{\n  return %a : i32\n}}" for k in range(FUNCTIONS))
    module = ir.Module.parse(text, context=new_context())
    with module.context:
        for func in module.body.operations:
            ret = func.regions[0].blocks[0].operations[0]
            ret.operands[0] = func.regions[0].blocks[0].arguments[1]
    return module


def test_the_errors_mlirs_threads_report_come_back_with_their_locations() -> None:
    """MLIR verifies the functions in its threads, each reporting its error while this
    thread waits with the GIL released; each is read through the C API (the bindings'
    handler makes Python objects off the GIL) as ``LOC: error: MESSAGE``, the message as the
    bindings read it."""
    module = _functions_returning_the_wrong_type()
    errors = verify_errors(module)
    assert errors is not None and len(errors) == FUNCTIONS
    assert sorted(errors) == sorted(
        f"-:{2 + 3 * k}:3: error: type of return operand 0 ('i64') doesn't match function result "
        f"type ('i32') in function @f{k}"
        for k in range(FUNCTIONS)
    )


def test_a_module_that_verifies_has_no_errors() -> None:
    assert verify_errors(ir.Module.parse("func.func @f() {\n  return\n}", context=new_context())) is None


_BESIDE_A_PYTHON_THREAD = """
import sys, threading
from tests.unit.test_c_api import FUNCTIONS, _functions_returning_the_wrong_type
from rewriter.pipeline.runner import verify_errors

module = _functions_returning_the_wrong_type()
stop = False

def allocate():
    while not stop:
        _ = [{"k": str(i)} for i in range(200)]

thread = threading.Thread(target=allocate)
thread.start()
try:
    for _ in range(40):
        assert len(verify_errors(module)) == FUNCTIONS
finally:
    stop = True
    thread.join()
"""


def test_errors_reported_from_mlirs_threads_beside_a_python_thread_leave_python_whole() -> None:
    """The bindings' handler, read this way, killed the process in each of three runs of 20
    verifies (SIGSEGV, or nanobind's abort): it makes and drops each diagnostic's Python
    object off the GIL while the other thread runs Python. In a process of its own."""
    import subprocess
    import sys
    from pathlib import Path

    proc = subprocess.run(
        [sys.executable, "-c", _BESIDE_A_PYTHON_THREAD],
        capture_output=True,
        text=True,
        timeout=300,
        cwd=Path(__file__).resolve().parents[2],
    )
    assert proc.returncode == 0, proc.stderr[-2000:]
