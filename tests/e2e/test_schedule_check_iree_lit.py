"""IREE's own stream lit tests (``tests/data/iree_stream_lit/``: the cases IREE's stream phase
takes up to schedule-allocation and leaves with execution regions; a case at the splice entered
there, as the library's ``compile_stream_async`` takes it: IREE's stages before the splice are
not made for a pass's lit case, and reject some): the schedule check reports nothing on them, except two copies the check cannot prove apart because they are not, and one
dispatch whose kernel is not in the file given one buffer through two bindings.

``schedule_allocation.mlir``'s ``@tiedOperandSubviews`` and ``@aliasPropagation`` update a
buffer from a subview of itself at a symbolic offset: bytes ``[o, o + n)`` onto ``[0, n)`` of
one buffer. Those overlap whenever ``o < n``; IREE lowers them to a ``stream.cmd.copy`` within
one buffer (what the lit test checks), which the HAL rejects when the ranges overlap. The lit
test never runs them; the check's counterexample is such an input.

``schedule_execution.mlir``'s ``@deviceHostDeviceCrossing`` hands ``@dispatch2`` the buffer ``%1``
and ``arith.select %arg0, %1, %2``, which is ``%1`` when ``%arg0`` holds (the check follows a
select to both buffers since stream seed 7074). The lit file declares the executable's export
but not its kernel, so the check takes every binding as one the kernel may write (closed world,
as for any dispatch of an unseen kernel given one buffer twice): a ``bindings-overlap`` of the
whole buffer. A compile always has its kernels, which the check reads.
"""

from __future__ import annotations

import re
from pathlib import Path

import pytest

from rewriter.guard.check import check_file
from rewriter.pipeline import DEFAULT_CPU_FLAGS

pytestmark = pytest.mark.e2e
LIT = Path(__file__).resolve().parents[1] / "data" / "iree_stream_lit"
#: (file, function) of the two cases whose copy really may overlap itself (module docstring).
OVERLAPPING_COPIES = {
    ("schedule_allocation.mlir", "tiedOperandSubviews"),
    ("schedule_allocation.mlir", "aliasPropagation"),
}
#: (file, function) of the dispatch of an unseen kernel given one buffer twice (module docstring).
UNSEEN_KERNEL_GIVEN_ONE_BUFFER_TWICE = ("schedule_execution.mlir", "deviceHostDeviceCrossing")


def _cases() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted(LIT.glob("*.mlir")):
        for k, chunk in enumerate(path.read_text().split("// -----")):
            m = re.search(r"util\.func (?:public )?@(\w+)", chunk) or re.search(r"util\.initializer", chunk)
            name = m.group(1) if m and m.groups() else f"case{k}"
            out.append((path.name, name, chunk))
    return out


CASES = _cases()


def test_the_vendored_cases_are_there() -> None:
    assert len(CASES) >= 200 and len({f for f, _, _ in CASES}) >= 20


@pytest.mark.parametrize("case", CASES, ids=[f"{f}:{n}" for f, n, _ in CASES])
def test_check_reports_nothing_on_irees_stream_lit_case(case: tuple[str, str, str], tmp_path: Path) -> None:
    file, name, chunk = case
    src = tmp_path / file
    src.write_text(chunk)
    report = check_file(src, DEFAULT_CPU_FLAGS, at_splice=True)
    if (file, name) in OVERLAPPING_COPIES:
        (hazard,) = report.hazards
        assert hazard.verdict == "copy-overlap" and hazard.counterexample
        return
    if (file, name) == UNSEEN_KERNEL_GIVEN_ONE_BUFFER_TWICE:
        (hazard,) = report.hazards
        assert hazard.verdict == "bindings-overlap" and "the dispatch's kernel is not in the module" in hazard.detail
        return
    assert [h.line() for h in report.hazards] == []
