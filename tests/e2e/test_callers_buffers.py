"""The caller's inputs are the caller's (iree-org/iree#16168): an argument buffer a public
function imports may be read, and written in place only where the caller gave it over
(``iree.abi.output``, ``hal.tensor.alias``: ``stream_model.semantics.abi``).

Each program (``tests/data/callers_buffers/``) is compiled by plain ``iree-compile`` and by
``slice-elision compile``, and called once with the cache passed as a device array
(``iree.runtime.asdevicearray``), as a caller that keeps its cache does: afterwards the caller's
array must be what it passed, and the results the value semantics. Plain iree-compile 3.13's
answer is pinned: it writes the caller's buffer in place where nothing gave it over.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from iree import runtime as rt

from rewriter.cli.entry import main
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from tests.campaign.tensor_programs import build_both, load

pytestmark = pytest.mark.e2e
DATA = Path(__file__).resolve().parents[1] / "data" / "callers_buffers"
FLAGS = list(DEFAULT_CPU_FLAGS)

CACHE = np.arange(32, dtype=np.float32).reshape(8, 4)
ROW = np.full((1, 4), -1.0, np.float32)
POS = 2


def _inserted() -> np.ndarray:
    out = CACHE.copy()
    out[POS] = ROW[0]
    return out


LHS, RHS, ACC = np.array([[1, 2], [3, 4]], np.float32), np.eye(2, dtype=np.float32), np.full((2, 2), 100, np.float32)


@dataclass(frozen=True)
class Case:
    file: str
    function: str
    arguments: Callable[[], list[object]]
    kept: int  # the argument whose array the caller keeps
    expected: Callable[[], list[np.ndarray]]  # the results, value semantics
    given_over: bool = False  # the caller gave the kept argument over: it may change
    stock_writes_it: bool = True  # plain iree-compile 3.13 changes the caller's array


def _step_arguments() -> list[object]:
    return [CACHE.copy(), ROW.copy(), POS]


CASES = [
    Case(
        "matmul_accumulator_returned.mlir",
        "main",
        lambda: [LHS.copy(), RHS.copy(), ACC.copy()],
        2,
        lambda: [LHS @ RHS + ACC, ACC],
    ),
    Case("row_inserted_into_argument.mlir", "step", _step_arguments, 0, lambda: [_inserted(), CACHE]),
    Case("row_inserted_only.mlir", "step", _step_arguments, 0, lambda: [_inserted()]),
    Case(
        "row_inserted_then_original_read.mlir",
        "step",
        _step_arguments,
        0,
        lambda: [_inserted(), _inserted() - CACHE],
        stock_writes_it=False,
    ),
    Case(
        "argument_passed_to_a_second_function.mlir",
        "step",
        _step_arguments,
        0,
        lambda: [_inserted()],
        stock_writes_it=False,
    ),
    Case("row_inserted_into_donated_argument.mlir", "step", _step_arguments, 0, lambda: [_inserted()], given_over=True),
    Case("row_inserted_into_aliased_argument.mlir", "step", _step_arguments, 0, lambda: [_inserted()], given_over=True),
]
IDS = [c.file.removesuffix(".mlir") for c in CASES]


def _call(vmfb: Path, case: Case) -> tuple[np.ndarray, list[np.ndarray]]:
    """Call the function once with device arrays; (the kept argument's array afterwards, the
    results)."""
    config, functions = load(vmfb)
    arguments = [rt.asdevicearray(config.device, a) if isinstance(a, np.ndarray) else a for a in case.arguments()]
    result = functions[case.function](*arguments)
    results = result if isinstance(result, (tuple, list)) else [result]
    kept = arguments[case.kept]
    assert isinstance(kept, rt.DeviceArray)
    return np.asarray(kept.to_host()), [np.asarray(r.to_host()) for r in results]


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Per program: plain iree-compile's build and the tool's."""
    return build_both([DATA / case.file for case in CASES], tmp_path_factory.mktemp("builds"))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_the_tools_build_leaves_the_callers_array_and_computes_the_value(
    case: Case, builds: dict[str, tuple[Path, Path]]
) -> None:
    kept, results = _call(builds[case.file][1], case)
    for got, want in zip(results, case.expected(), strict=True):
        np.testing.assert_array_equal(got, want)
    if case.given_over:
        np.testing.assert_array_equal(kept, case.expected()[0])  # (updated in place, as asked)
    else:
        np.testing.assert_array_equal(kept, case.arguments()[case.kept])


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_plain_iree_compile_writes_the_callers_array_where_313_does(
    case: Case, builds: dict[str, tuple[Path, Path]]
) -> None:
    kept, _ = _call(builds[case.file][0], case)
    assert (not np.array_equal(kept, case.arguments()[case.kept])) == (case.stock_writes_it or case.given_over)


def test_the_check_reports_the_write_into_the_callers_buffer_with_exit_3(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(DATA / "matmul_accumulator_returned.mlir"), *FLAGS]) == 3
    out = capsys.readouterr().out
    assert "%arg2 (the argument imported at" in out and "IREE #16168" in out and "iree.abi.output" in out


@pytest.mark.parametrize("file", ["row_inserted_into_donated_argument.mlir", "row_inserted_into_aliased_argument.mlir"])
def test_an_argument_given_over_is_written_in_place_without_a_warning(
    file: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    assert main(["compile", str(DATA / file), "-o", str(tmp_path / "out.vmfb"), *FLAGS]) in (0, None)
    assert "warning" not in capsys.readouterr().err
    assert main(["check", str(DATA / file), *FLAGS]) == 0


def test_compile_warns_and_suggests_donating(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["compile", str(DATA / "row_inserted_only.mlir"), "-o", str(tmp_path / "out.vmfb"), *FLAGS]) in (
        0,
        None,
    )
    err = capsys.readouterr().err
    assert "warning: repaired IREE's schedule" in err and "donate the argument (iree.abi.output)" in err


def test_a_remark_suggests_donating_the_argument(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "out.vmfb"
    source = str(DATA / "matmul_accumulator_returned.mlir")
    assert main(["compile", source, "-o", str(out), "--remarks-filter=slice-elision", *FLAGS]) in (0, None)
    (remark,) = [line for line in capsys.readouterr().err.splitlines() if "CallersBufferWritten" in line]
    assert remark.startswith("matmul_accumulator_returned.mlir:5:8: remark: [Missed] CallersBufferWritten")
    assert "Suggestion=" in remark and "iree.abi.output" in remark
