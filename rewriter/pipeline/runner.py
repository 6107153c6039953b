"""Running segments of the stream pipeline: in process, or in the packaged ``iree-opt`` when
global ``cl::opt`` flags are present."""

from __future__ import annotations

import re
from collections.abc import Sequence
from pathlib import Path

from iree.compiler import ir, passmanager

from stream_model.ir.util import c_address
from stream_model.semantics.phase import allocated_op

from .c_api import errors_reported, operation_verify, pass_manager_run
from .common import CompileError, NotAnalysed, NotBuilt, first_error_line, run_tool, tool, write_ir
from .stages import Stage, pipeline_text
from .threads import in_a_thread


def check_flow(module: ir.Module, context: ir.Context) -> ir.Module:
    """The flow phase's output, refused when it is past the stream phase already: IREE's
    flow phase passes allocated stream IR through (``iree-compile --dump-compilation-phases-to``
    writes such a module as ``stream.mlir``), and its stream phase then runs out of memory
    on it, plain ``iree-compile`` alike."""
    with context:
        found = allocated_op(module)
    if found is not None and not found.startswith("stream."):  # (HAL or VM: IREE builds it)
        kind = "VM" if found.startswith("vm.") else "HAL"
        raise NotAnalysed(f"the input is {kind} IR (it holds {found}), past IREE's stream phase")
    if found is not None:
        raise NotBuilt(
            f"the input is past IREE's stream phase (it holds {found}): there is no stream phase left to "
            "rewrite or check (and on allocated stream IR IREE's pipeline from the start runs out of memory); "
            "compile it with iree-compile, --compile-from= the phase it was written at"
        )
    return module


# --------------------------------------------------------------------------------------------
# Running stream pipeline segments
# --------------------------------------------------------------------------------------------


def diagnostic_line(err: Exception) -> str:
    """One line from an MLIRError: the first error diagnostic with its location."""
    diags = getattr(err, "error_diagnostics", None) or []
    for diag in diags:
        if diag.severity == ir.DiagnosticSeverity.ERROR:
            return _error_line(str(diag.location), diag.message)
    return first_error_line(str(err)) or str(err)


def _error_line(location: str, message: str) -> str:
    """``LOC: error: MESSAGE``, the location without its ``loc(...)``."""
    return f"{location_text(location)}: error: {message}"


def location_text(location: str) -> str:
    """A location as ``iree-compile`` prints it in a diagnostic: ``decode.mlir:12:3``, no
    ``loc(...)`` and no quotes around a file's name."""
    loc = location
    if loc.startswith("loc(") and loc.endswith(")"):
        loc = loc[4:-1]
    quoted = _QUOTED_FILE.match(loc)
    if quoted:
        loc = f"{quoted.group(1)}:{quoted.group(2)}"
    return loc


_QUOTED_FILE = re.compile(r'^"((?:[^"\\]|\\.)*)":(\d+:\d+)$')


def run_passes(pm: passmanager.PassManager, module: ir.Module, context: ir.Context) -> list[str] | None:
    """Run ``pm`` on ``module`` with the GIL released; None on success, else the error
    diagnostics (``LOC: error: MESSAGE``), in the order IREE reported them.

    Why not ``pm.run``: it holds the GIL while MLIR's threads run the passes, and the bindings'
    capture of an error that a pass reports from one of those threads waits for the GIL: the
    compile hung for good, where plain iree-compile reports the error (seen on a module IREE's
    verifier rejects). Called through the C API (ctypes releases the GIL around the call), the
    threads take the GIL to hand their errors to a diagnostic handler of this function's. The module and the ops
    the passes leave are the same either way; without the C API (another platform's library
    name) it falls back to ``pm.run``."""
    run = pass_manager_run()
    if run is None:
        pm.run(module.operation)
        return None
    with errors_reported(context) as errors:
        succeeded = in_a_thread(lambda: run(c_address(pm), c_address(module.operation)).value)
    return None if succeeded else [_error_line(*error) for error in errors]


def verify_errors(module: ir.Module) -> list[str] | None:
    """Verify ``module`` with the GIL released; None when it verifies, else its error
    diagnostics (``LOC: error: MESSAGE``), in the order MLIR reported them (never empty: one
    line saying it does not verify where MLIR reported none).

    Why not ``module.operation.verify()``: it holds the GIL while MLIR verifies the module's
    functions in the context's threads, and the bindings' capture of an error one of them
    reports waits for the GIL: the compile hung for good (a repair made invalid in a test, one
    run in seven). Without the C API, it falls back to ``verify()``."""
    verify = operation_verify()
    if verify is None:
        try:
            module.operation.verify()
        except ir.MLIRError as err:
            return [diagnostic_line(err)]
        return None
    with errors_reported(module.context) as errors:
        verified = bool(verify(c_address(module.operation)))
    return None if verified else [_error_line(*error) for error in errors] or ["the module does not verify"]


class StreamRunner:
    """Runs textual pipeline segments on a module, in-process or in ``iree-opt``.

    In-process is the fast path. ``iree-opt`` is used when process-global ``cl::opt`` flags must
    reach the passes (see the module docstring); the hook still runs in this process.
    """

    def __init__(self, context: ir.Context, global_cl_flags: Sequence[str], workdir: Path) -> None:
        self.context = context
        self.global_cl_flags = list(global_cl_flags)
        self.workdir = workdir
        self._count = 0

    @property
    def name(self) -> str:
        return "iree-opt" if self.global_cl_flags else "in-process"

    def parse(self, data: bytes) -> ir.Module:
        try:
            with self.context:
                return ir.Module.parse(data)
        except ir.MLIRError as err:
            raise CompileError("stream phase: cannot parse flow output: " + diagnostic_line(err)) from err

    def parse_flow(self, data: bytes) -> ir.Module:
        """The flow phase's output (:func:`check_flow`)."""
        return check_flow(self.parse(data), self.context)

    def run(self, module: ir.Module, stages: Sequence[Stage], what: str, *, apart: bool = False) -> ir.Module:
        """``stages`` on ``module``. ``apart``: in ``iree-opt`` even without global flags, for
        a module this tool built whose run IREE may crash on (a repair): a crash in another
        process is an error of that module, where in this one it ends the compile."""
        text = pipeline_text(stages)
        if not text:
            return module
        if self.global_cl_flags or apart:
            return self._run_iree_opt(module, text, what)
        try:
            with self.context:
                pm = passmanager.PassManager.parse(f"builtin.module({text})")
                errors = run_passes(pm, module, self.context)
        except ir.MLIRError as err:
            raise CompileError(f"{what}: " + diagnostic_line(err)) from err
        except ValueError as err:  # pipeline text IREE does not accept
            raise CompileError(f"{what}: " + (first_error_line(str(err)) or str(err))) from err
        if errors is not None:
            raise CompileError(f"{what}: " + (errors[0] if errors else "the pass pipeline failed"))
        return module

    def _run_iree_opt(self, module: ir.Module, text: str, what: str) -> ir.Module:
        self._count += 1
        # Text with locations both ways, not bytecode: the segment after the splice creates
        # #util.composite constants, and bytecode would lose their dense_resource blobs (see
        # write_ir). The flags given to iree-opt are only stream/util ones, so no user printing
        # flag (--mlir-elide-*, --mlir-pretty-debuginfo) can make the text lossy.
        src = self.workdir / f"opt{self._count}.in.mlir"
        dst = self.workdir / f"opt{self._count}.out.mlir"
        write_ir(module, src)
        run_tool(
            [
                tool("iree-opt"),
                *self.global_cl_flags,
                f"--pass-pipeline=builtin.module({text})",
                "--mlir-print-debuginfo",
                "--mlir-print-op-generic",  # block arguments' locations too (see write_ir)
                str(src),
                "-o",
                str(dst),
            ],
            "iree-opt",
            prefix=f"{what}: ",
        )
        return self.parse(dst.read_bytes())
