"""``compile`` in one process: IREE's phases through its embedding API, no process started and
no module handed over as text; a crash of IREE there still reported as one."""

from __future__ import annotations

import ast
import subprocess
import sys
from pathlib import Path

import pytest

from rewriter.cli.entry import main
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from rewriter.pipeline.common import tool

REPO = Path(__file__).resolve().parents[2]
DECODE = REPO / "examples" / "decode_step.mlir"
FLAGS = list(DEFAULT_CPU_FLAGS)

_CRASHING = """
import ctypes, sys
import rewriter.cli.commands as commands
commands.{command}_command = lambda *args: ctypes.string_at(0)  # (a fault in native code)
from rewriter.cli import main
sys.argv = ["slice-elision", *sys.argv[1:]]
sys.exit(main())
"""


def _stock(src: Path, out: Path) -> bytes:
    subprocess.run([tool("iree-compile"), *FLAGS, str(src), "-o", str(out)], check=True)
    return out.read_bytes()


def test_compile_starts_no_process_and_builds_what_iree_compile_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "tool.vmfb"

    def no_process(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process was started: {args[0] if args else kwargs}")

    with monkeypatch.context() as patched:
        patched.setattr(subprocess.Popen, "__init__", no_process)
        assert main(["compile", "--no-elide", str(DECODE), "-o", str(out), *FLAGS]) in (0, None)
    assert out.read_bytes() == _stock(DECODE, tmp_path / "stock.vmfb")


def test_the_flow_phase_the_command_line_started_is_the_one_the_compile_takes(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The command line starts IREE's flow phase before it imports the rest (``entry._run``);
    the compile runs no second one, and builds what iree-compile builds."""
    from rewriter.pipeline import compile_file
    from rewriter.pipeline.embedded import Embedded, StartedFlow

    started = StartedFlow.start(DECODE, FLAGS)
    assert started is not None
    runs: list[Path] = []
    original = Embedded.start_flow
    monkeypatch.setattr(
        Embedded, "start_flow", lambda self, source, *a: runs.append(source) or original(self, source, *a)
    )
    out = tmp_path / "tool.vmfb"
    compile_file(DECODE, out, FLAGS, flow=started)
    assert started.taken and runs == []
    assert out.read_bytes() == _stock(DECODE, tmp_path / "stock.vmfb")


def test_a_flow_phase_started_with_other_flags_is_not_taken_and_is_closed(tmp_path: Path) -> None:
    from rewriter.pipeline import compile_file
    from rewriter.pipeline.embedded import StartedFlow

    started = StartedFlow.start(DECODE, [*FLAGS, "--iree-opt-const-eval=false"])
    assert started is not None
    out = tmp_path / "tool.vmfb"
    compile_file(DECODE, out, FLAGS, flow=started)
    assert not started.taken
    started.close()  # (waits for the phase, then closes its session)
    assert out.read_bytes() == _stock(DECODE, tmp_path / "stock.vmfb")


def test_a_flag_the_session_does_not_take_goes_to_the_packaged_tools(tmp_path: Path) -> None:
    out = tmp_path / "tool.vmfb"
    flags = [*FLAGS, "--iree-stream-resource-index-bits=32"]
    assert main(["compile", "--no-elide", str(DECODE), "-o", str(out), *flags]) in (0, None)
    stock = tmp_path / "stock.vmfb"
    subprocess.run([tool("iree-compile"), *flags, str(DECODE), "-o", str(stock)], check=True)
    assert out.read_bytes() == stock.read_bytes()


def test_a_crash_in_the_tools_compile_is_said_in_one_line_and_iree_compiles_build_is_used(tmp_path: Path) -> None:
    out = tmp_path / "tool.vmfb"
    proc = subprocess.run(
        [sys.executable, "-c", _CRASHING.format(command="compile"), "compile", str(DECODE), "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "slice-elision: warning: nothing was elided or checked: IREE crashed (SIGSEGV) in the tool's compile; "
        "built as plain iree-compile builds it"
    ]
    assert out.read_bytes() == _stock(DECODE, tmp_path / "stock.vmfb")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_a_crash_in_the_check_is_an_error_in_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _CRASHING.format(command="check"), "check", str(DECODE)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        "slice-elision: error: IREE crashed (SIGSEGV) in the tool's check; please report it"
    ]


WARNS = """\
func.func @main(%a: tensor<4x4xf32>) -> tensor<4x4xf32> {
  %e = tensor.empty() : tensor<4x4xf32>
  %m = linalg.matmul ins(%a, %a : tensor<4x4xf32>, tensor<4x4xf32>) outs(%e : tensor<4x4xf32>) -> tensor<4x4xf32>
  return %m : tensor<4x4xf32>
}
"""


def _long_compile(stages: int) -> str:
    """A program IREE takes seconds to build: ``stages`` matmuls, each scaled by a constant of
    its own (no two dispatches alike) and followed by a sine."""
    lines = ["func.func @main(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {", "  %c = arith.constant 0.0 : f32"]
    previous = "%a"
    for i in range(stages):
        lines += [
            f"  %z{i} = tensor.empty() : tensor<64x64xf32>",
            f"  %e{i} = linalg.fill ins(%c : f32) outs(%z{i} : tensor<64x64xf32>) -> tensor<64x64xf32>",
            f"  %m{i} = linalg.matmul ins({previous}, %a : tensor<64x64xf32>, tensor<64x64xf32>) "
            f"outs(%e{i} : tensor<64x64xf32>) -> tensor<64x64xf32>",
            f"  %k{i} = arith.constant dense<{1 + i / 1000}> : tensor<64x64xf32>",
            f"  %x{i} = arith.mulf %m{i}, %k{i} : tensor<64x64xf32>",
            f"  %y{i} = math.sin %x{i} : tensor<64x64xf32>",
        ]
        previous = f"%y{i}"
    return "\n".join([*lines, f"  return {previous} : tensor<64x64xf32>", "}", ""])


def test_irees_warning_with_its_notes_reaches_the_user_and_the_compile_goes_on(tmp_path: Path) -> None:
    """IREE's diagnostics come through its own callback while a phase runs without the GIL:
    a warning with notes once aborted the process."""
    src, out = tmp_path / "warns.mlir", tmp_path / "tool.vmfb"
    src.write_text(WARNS)
    proc = subprocess.run(
        [sys.executable, "-m", "rewriter.cli", "compile", str(src), "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr
    lines = proc.stderr.splitlines()
    assert lines[0].startswith(f"{src}:3:8: warning: reads uninitialized values")
    assert any(": note: " in line for line in lines) and "crashed" not in proc.stderr
    assert lines[-1].startswith("slice-elision: 0 slice(s) aliased")
    assert out.read_bytes() == _stock(src, tmp_path / "stock.vmfb")


def test_an_error_of_iree_in_process_is_its_first_line_and_leaves_nothing(tmp_path: Path) -> None:
    src, out = tmp_path / "bad.mlir", tmp_path / "tool.vmfb"
    src.write_text(
        "func.func @main(%a: tensor<4xf32>) -> tensor<4xf32> {\n  return %a, %a : tensor<4xf32>, tensor<4xf32>\n}\n"
    )
    proc = subprocess.run(
        [sys.executable, "-m", "rewriter.cli", "compile", str(src), "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 1
    assert proc.stderr.splitlines() == [
        f"slice-elision: error: {src}:2:3: error: 'func.return' op has 2 operands, but enclosing function (@main) returns 1"
    ]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["bad.mlir"]


@pytest.mark.parametrize("signal_name", ["SIGTERM", "SIGINT"])
def test_a_signal_ends_a_compile_inside_iree_soon_and_leaves_nothing(signal_name: str, tmp_path: Path) -> None:
    """IREE cannot be interrupted inside a phase: the child running it is killed when it has
    not ended shortly after the signal, and the parent removes what it left."""
    import os
    import signal
    import time

    src, out = tmp_path / "long.mlir", tmp_path / "tool.vmfb"
    src.write_text(_long_compile(60))
    proc = subprocess.Popen(
        [sys.executable, "-m", "rewriter.cli", "compile", str(src), "-o", str(out)],
        stderr=subprocess.PIPE,
        text=True,
        cwd=REPO,
        start_new_session=True,  # (Ctrl-C signals the whole foreground group: parent and child)
    )
    time.sleep(3)
    sent = time.monotonic()
    os.killpg(proc.pid, getattr(signal, signal_name))
    _, err = proc.communicate(timeout=60)
    assert time.monotonic() - sent < 10
    assert proc.returncode == (130 if signal_name == "SIGINT" else 143)
    assert sorted(p.name for p in tmp_path.iterdir()) == ["long.mlir"]


def test_a_compile_that_finishes_after_its_parent_was_signalled_alone_keeps_its_output(tmp_path: Path) -> None:
    """SIGINT to the parent alone (not from a terminal) does not reach the child; a child that
    then finishes within the grace period wrote its whole output, and the command says so by
    its status, not with "interrupted" beside a complete output (review 18)."""
    import os
    import signal
    import threading
    import time

    from rewriter.cli.contained import Contained, run_contained

    out = tmp_path / "out.vmfb"

    def run() -> int:
        time.sleep(0.6)
        out.write_bytes(b"complete")
        return 0

    threading.Timer(0.2, lambda: os.kill(os.getpid(), signal.SIGINT)).start()
    status = run_contained(run, Contained("compile", "in.mlir", str(out), [], (str(out),)))
    assert status == 0
    assert out.read_bytes() == b"complete"


def _imported_by_a_compile(src: Path, tmp_path: Path, modules: tuple[str, ...]) -> list[str]:
    """Which of ``modules`` a compile of ``src`` (in a fresh process, as the command runs) imports."""
    script = (
        "import sys\nfrom rewriter.cli import entry\n"
        f"entry.main(['compile', {str(src)!r}, '-o', {str(tmp_path / 'out.vmfb')!r}])\n"
        f"print(sorted(m for m in {modules!r} if m in sys.modules))\n"
    )
    proc = subprocess.run([sys.executable, "-c", script], capture_output=True, text=True, cwd=REPO)
    assert proc.returncode == 0, proc.stderr
    return ast.literal_eval(proc.stdout.strip().splitlines()[-1])  # (the list the script printed)


def test_a_compile_with_nothing_to_do_imports_no_analysis_and_no_numpy(tmp_path: Path) -> None:
    """Nothing to decide costs nothing: no sympy or z3 (the analysis), and the bindings come
    without numpy (rewriter.pipeline.bindings)."""
    src = tmp_path / "add.mlir"
    src.write_text(
        "func.func @main(%a: tensor<4xf32>, %b: tensor<4xf32>) -> tensor<4xf32> {\n"
        "  %0 = arith.addf %a, %b : tensor<4xf32>\n  return %0 : tensor<4xf32>\n}\n"
    )
    assert _imported_by_a_compile(src, tmp_path, ("numpy", "sympy", "z3")) == []


@pytest.mark.parametrize(
    "export",
    [
        # a transfer into another resource type is no copy: nothing to decide
        "jax_decode_step_donated.mlir",
        # IREE writes the caller's array in place (IREE #16168): the check repairs it, and the
        # ranges it records are constants, read without the symbolic model
        "onnx_static_cache_step.mlir",
    ],
)
def test_a_real_export_with_nothing_to_prove_imports_no_analysis(export: str, tmp_path: Path) -> None:
    """sympy and z3 are imported only for a range that is not a constant or a proof."""
    src = REPO / "tests" / "data" / "exports" / export
    assert _imported_by_a_compile(src, tmp_path, ("sympy", "z3")) == []
