"""Programs a user writes, where IREE 3.13 updates a global's (or a constant's) buffer in place
while another access still means to read the old contents: the schedule check's closed world
(``stream_model.schedule.global_contents``) at every nesting, in execution order.

The programs are ``tests/campaign/tensor_programs.py``'s (``tests/data/global_reloads/``). Each
is compiled by plain ``iree-compile`` and by ``slice-elision compile`` with the same flags,
loaded into one runtime context (copied in, and mmap'd for the constants), and its functions
called in sequence, the first function twice: the tool's build must compute the program's
value-semantics answer; plain ``iree-compile``'s answer is pinned, wrong where IREE 3.13 is.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewriter.cli.entry import main
from tests.campaign.tensor_programs import CASES, DATA, FLAGS, Case, compile_stock, compile_tool, run

pytestmark = pytest.mark.e2e
RUNS = [(case, mode) for case in CASES for mode in case.modes]
IDS = [f"{case.file.removesuffix('.mlir')}-{mode}" for case, mode in RUNS]
BUILT = [(case, mode) for case, mode in RUNS if not case.refused]
REFUSED = [case for case in CASES if case.refused]


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path | None]]:
    """Per program: plain iree-compile's build and the tool's (None: it refused)."""
    out: dict[str, tuple[Path, Path | None]] = {}
    root = tmp_path_factory.mktemp("global_reloads")
    for case in CASES:
        stem = case.file.removesuffix(".mlir")
        stock = compile_stock(case, root / f"{stem}.stock.vmfb")
        out[case.file] = (stock, None if case.refused else compile_tool(case, root / f"{stem}.tool.vmfb"))
    return out


@pytest.mark.parametrize(("case", "mode"), BUILT, ids=[f"{c.file.removesuffix('.mlir')}-{m}" for c, m in BUILT])
def test_the_tools_build_computes_the_programs_value(
    case: Case, mode: str, builds: dict[str, tuple[Path, Path | None]]
) -> None:
    built = builds[case.file][1]
    assert built is not None, f"the tool refused {case.file}"
    assert run(built, mode, case.calls) == case.expected


@pytest.mark.parametrize("case", REFUSED, ids=[c.file.removesuffix(".mlir") for c in REFUSED])
def test_the_tool_refuses_what_iree_reorders_and_names_it(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Plain iree-compile builds these wrong (pinned below); no repair is known, so the tool
    exits non-zero, writes nothing and names the accesses IREE moved or removed."""
    out = tmp_path / "tool.vmfb"
    assert compile_tool(case, out) is None and not out.exists()
    assert case.refused in capsys.readouterr().err


@pytest.mark.parametrize(("case", "mode"), RUNS, ids=IDS)
def test_plain_iree_compile_computes_what_313_computes(
    case: Case, mode: str, builds: dict[str, tuple[Path, Path]]
) -> None:
    """IREE 3.13's answer, pinned: where it differs from the program's, the fault the tool
    repairs (a newer IREE that fixes one fails here, and the case can say so)."""
    assert run(builds[case.file][0], mode, case.calls) == case.stock


def test_the_check_reports_the_reload_in_an_arm_and_exits_3(capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4/01: ``check`` names the arm's read and the in-place update (it said 0 pairs)."""
    assert main(["check", str(DATA / "reload_in_if_arm.mlir"), *FLAGS]) == 3
    out = capsys.readouterr().out
    assert "reads bytes [0, 16) of @g" in out and "stream.async.update" in out


def test_the_check_passes_blocks_written_out_of_execution_order(capsys: pytest.CaptureFixture[str]) -> None:
    """Finding 4/02: nothing was reordered, so nothing is refused (it said IREE reordered)."""
    assert main(["check", str(DATA / "blocks_out_of_text_order.mlir"), *FLAGS]) == 0
    assert "reordered" not in capsys.readouterr().out


def test_the_check_names_the_inner_loop_handed_a_value_made_before_the_outer_one(
    capsys: pytest.CaptureFixture[str],
) -> None:
    """Review 8's open finding (p45): ``check`` names the inner loop that is handed the clone,
    the write of its iteration argument, and the outer loop that repeats the hand-over (it saw
    nothing: the iteration argument was taken for a fresh value)."""
    assert main(["check", str(DATA / "constant_handed_to_an_inner_loop.mlir"), *FLAGS]) == 3
    out = capsys.readouterr().out
    assert "constant_handed_to_an_inner_loop.mlir:22:12) in @f hands" in out  # (the inner scf.for)
    assert "to an iteration argument that stream.async.fill" in out
    assert "in every iteration of scf.for" in out and "constant_handed_to_an_inner_loop.mlir:19:12)" in out


OPEN = DATA / "open"


@pytest.mark.parametrize(
    ("file", "calls", "expected"),
    [
        ("zero_trip_loop_result_written.mlir", "f:0,[77];f:1,[77]", "f=1 77 3 4; f=2 77 4 5"),
        ("inner_loop_result_written_after_no_iteration.mlir", "f:2,0,[77];f:2,0,[77]", "f=78 79 6 8; f=78 79 6 8"),
        (
            "call_result_that_may_be_its_argument.mlir",
            "f:[1 2 3 4],2,[77],1;f:[1 2 3 4],2,[77],1",
            "f=79 81 12 16; f=79 81 12 16",
        ),
    ],
)
@pytest.mark.xfail(
    strict=True,
    reason="open (docs/findings.md, review 8): a loop's result that is its starting value when it runs no "
    "iteration, and a call's result that is its argument on a path, are taken for fresh values",
)
def test_a_value_that_may_be_what_a_loop_or_a_call_was_handed(
    file: str, calls: str, expected: str, tmp_path: Path
) -> None:
    from tests.campaign.tensor_programs import compile_tool_file

    built = compile_tool_file(OPEN / file, tmp_path / "tool.vmfb")
    assert built is not None and run(built, "copy", calls) == expected
