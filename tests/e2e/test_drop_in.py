"""What plain ``iree-compile`` builds, ``slice-elision compile`` builds (issue 35).

Programs written as users write them, each one a surface where the tool once built less than
IREE 3.13 did on IREE's own tests and samples: a complex constant, a type of a dialect nothing
registers, VM-level input, a fault of the tool's own analysis. Where the tool cannot read the
program it builds exactly what plain iree-compile builds and says, as a warning, what went
unchecked; ``check`` answers "not checked" with an exit status of its own.
"""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest

from rewriter.cli.entry import main
from rewriter.cli.exits import EXIT_NOT_CHECKED
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from rewriter.pipeline.common import tool
from rewriter.rewrite.passes import ElideSlices
from tests.campaign.tensor_programs import run

pytestmark = pytest.mark.e2e
REPO_DATA = Path(__file__).resolve().parents[1] / "data"
DATA = REPO_DATA / "drop_in"
FLAGS = list(DEFAULT_CPU_FLAGS)


def _stock(src: Path, out: Path) -> Path:
    subprocess.run([tool("iree-compile"), *FLAGS, str(src), "-o", str(out)], check=True, timeout=300)
    return out


@pytest.mark.parametrize("file", ["complex_constant.mlir", "custom_dialect_type.mlir", "vm_module.mlir"])
def test_the_tool_builds_what_iree_compile_builds_byte_for_byte(file: str, tmp_path: Path) -> None:
    out = tmp_path / "tool.vmfb"
    assert main(["compile", str(DATA / file), "-o", str(out), *FLAGS]) in (0, None)
    assert out.read_bytes() == _stock(DATA / file, tmp_path / "stock.vmfb").read_bytes()


def test_a_complex_constant_computes_its_value(tmp_path: Path) -> None:
    out = tmp_path / "tool.vmfb"
    assert main(["compile", str(DATA / "complex_constant.mlir"), "-o", str(out), *FLAGS]) in (0, None)
    assert run(out, "copy", "f;f") == "f=2.236068 5; f=2.236068 5"


def test_vm_input_is_built_with_a_warning_that_nothing_was_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compile", str(DATA / "vm_module.mlir"), "-o", str(tmp_path / "out.vmfb"), *FLAGS]) in (0, None)
    err = capsys.readouterr().err
    assert "warning: nothing was elided or checked: the input is VM IR (it holds vm.add.i32)" in err
    assert "built as plain iree-compile builds it" in err


def test_check_answers_not_checked_for_vm_input_with_its_own_exit_status(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    log = tmp_path / "log.jsonl"
    assert main(["check", str(DATA / "vm_module.mlir"), "--log", str(log), *FLAGS]) == EXIT_NOT_CHECKED == 4
    assert "not checked: the input is VM IR" in capsys.readouterr().err
    assert '"type": "not-checked"' in log.read_text()


def test_a_fault_of_the_analysis_builds_what_iree_compile_builds_and_says_so(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    def broken(*args: object, **kwargs: object) -> None:
        raise KeyError("a fault of the tool's")

    monkeypatch.setattr(ElideSlices, "apply", broken)
    src, out = DATA / "complex_constant.mlir", tmp_path / "tool.vmfb"
    assert main(["compile", str(src), "-o", str(out), *FLAGS]) in (0, None)
    err = capsys.readouterr().err
    assert "warning: nothing was elided or checked: the analysis failed (KeyError" in err
    assert out.read_bytes() == _stock(src, tmp_path / "stock.vmfb").read_bytes()


def test_check_with_nothing_to_check_still_logs_a_summary(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    assert main(["check", str(DATA / "complex_constant.mlir"), "--log", str(log), *FLAGS]) == 0
    assert log.read_text().strip().splitlines()[-1] == (
        '{"schema_version": 1, "type": "check-summary", "pairs": 0, "hazards": 0, "undecided": 0}'
    )


def test_check_splits_the_input_as_iree_opt_does_and_checks_every_chunk(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """IREE's lit convention (``// -----``): each chunk a module of its own, positions in the
    whole file; a chunk IREE rejects is that chunk's error, and the others are still checked."""
    src = REPO_DATA / "split_input" / "three_chunks.mlir"
    assert main(["check", "--split-input-file", str(src), *FLAGS]) == 3
    captured = capsys.readouterr()
    (hazard,) = captured.out.splitlines()
    assert hazard.startswith("hazard: stream.async.update %moved (three_chunks.mlir:19:14)")
    assert f"error: chunk 3 (line 28): {src}:29:15: error: use of undeclared SSA value name" in captured.err
    assert "1 hazard(s) in 1 pair(s) of a read and an in-place write checked in 3 chunk(s)" in captured.err


def _nested_regions(depth: int) -> str:
    """``depth`` nested ``scf.execute_region`` around one add: iree-compile builds it."""
    opened = "".join(f"%r{i} = scf.execute_region -> tensor<4xf32> {{\n" for i in range(depth))
    closed = "".join(f"scf.yield %r{i} : tensor<4xf32>\n}}\n" for i in reversed(range(1, depth)))
    body = "%y = arith.addf %x, %x : tensor<4xf32>\nscf.yield %y : tensor<4xf32>\n}\n"
    return (
        f"func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {{\n{opened}{body}{closed}return %r0 : tensor<4xf32>\n}}\n"
    )


def _nested_modules(depth: int) -> str:
    """A function beside ``depth`` nested empty modules: iree-compile builds it."""
    function = "func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {\n%y = arith.addf %x, %x : tensor<4xf32>\n"
    return f"module {{\n{function}return %y : tensor<4xf32>\n}}\n{'module {' * depth}{'}' * depth}\n}}\n"


@pytest.mark.parametrize(("name", "text"), [("regions", _nested_regions(2000)), ("modules", _nested_modules(3000))])
@pytest.mark.parametrize("subprocess_path", [False, True], ids=["one-process", "subprocess"])
def test_ir_nested_thousands_deep_is_built_as_iree_compile_builds_it(
    name: str,
    text: str,
    subprocess_path: bool,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """The analysis walks 2000 nested regions (once a RecursionError); 3000 nested modules,
    which iree-compile reads from its input, crash its parser when handed over between phases as
    generic text (the path through the packaged tools): the tool then builds what plain
    iree-compile builds, and says so. In one process nothing is handed over as text."""
    if subprocess_path:
        monkeypatch.setenv("SLICE_ELISION_SUBPROCESS", "1")
    src, out = tmp_path / f"{name}.mlir", tmp_path / "tool.vmfb"
    src.write_text(text)
    assert main(["compile", str(src), "-o", str(out), *FLAGS]) in (0, None)
    assert out.read_bytes() == _stock(src, tmp_path / "stock.vmfb").read_bytes()
    err = capsys.readouterr().err
    fell_back = "crashed (SIGSEGV)" in err and "built as plain iree-compile builds it" in err
    assert fell_back == (name == "modules" and subprocess_path)
    assert "warning" not in err or fell_back


def test_hal_ir_is_built_as_iree_compile_builds_it_and_check_says_not_checked(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """What ``iree-compile --compile-to=hal`` writes: past the stream phase, and plain
    iree-compile builds it from the start (allocated stream IR, which it does not, stays refused:
    ``test_cli.py``)."""
    src = tmp_path / "hal.mlir"
    subprocess.run(
        [
            tool("iree-compile"),
            *FLAGS,
            "--compile-to=hal",
            str(REPO_DATA / "flow_decode_step_loop.mlir"),
            "-o",
            str(src),
        ],
        check=True,
        timeout=300,
    )
    out = tmp_path / "tool.vmfb"
    assert main(["compile", str(src), "-o", str(out), *FLAGS]) in (0, None)
    assert "nothing was elided or checked: the input is HAL IR" in capsys.readouterr().err
    assert out.read_bytes() == _stock(src, tmp_path / "stock.vmfb").read_bytes()
    assert main(["check", str(src), *FLAGS]) == EXIT_NOT_CHECKED


def test_a_pair_the_check_cannot_decide_builds_what_iree_compile_builds_and_check_exits_4(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Refuse only a hazard the check can show: a call whose result is tied to its argument
    writes bytes the model does not know, unordered with a later read of the old value; IREE's
    callee copies first, and plain iree-compile's build is right."""
    src, out = REPO_DATA / "global_reloads" / "tied_call_then_the_old_value_read.mlir", tmp_path / "tool.vmfb"
    assert main(["compile", str(src), "-o", str(out), *FLAGS]) in (0, None)
    assert "nothing was elided or checked: the schedule check cannot decide a pair" in capsys.readouterr().err
    assert out.read_bytes() == _stock(src, tmp_path / "stock.vmfb").read_bytes()
    assert main(["check", str(src), *FLAGS]) == EXIT_NOT_CHECKED
    assert "0 hazard(s) and 1 undecided" in capsys.readouterr().err
