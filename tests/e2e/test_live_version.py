"""End to end: a slice a call needs as a value, after its source was updated in place.

The decode step's prefix slice ``cache[0, step)`` passed to a ``util.call`` while the cache is
updated in place at row ``step`` earlier in program order: the call operand needs a value, and
the source is dead for IREE after the update, so the alias is a subview of the update's result,
the live version of the cache at the call (``stream_model.rule.live_version``). The programs are the
campaign's descriptions (``tests/campaign/program.py``), compiled with and without the rewrite
through the real pipeline and run on the IREE runtime over several steps of one instance (the
globals persist): both builds must be bit-identical to each other and to the interpreter (every
slice a copy). The must-keep twins of the same shape run too, and keep their copy.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_stream_async
from rewriter.rewrite.elide import RewriteReport, elide_slices
from rewriter.runtime import run_steps
from tests.campaign.interp import interpret
from tests.campaign.program import Call, GlobalDecl, Iota, Lin, Load, Program, Range, Scale, Slice, Update, check
from tests.campaign.render import render_module

pytestmark = pytest.mark.e2e

#: Several calls of one instance, each valid for the programs' ranges (step <= 3), not in order.
STEPS = (0, 1, 2, 3, 2, 0, 3, 1)
PREFIX = Range(Lin(0), Lin(1, 1))  # [0, 1 + step): the cache rows up to the current one


def _call(result: int, arg: int) -> Call:
    """A call whose callee sums its argument's prefix (the attention of the decode step)."""
    return Call(None, result, arg, None, PREFIX, None)


#: (name, program, aliased?) -- the slice v1 = cache[0, 1 + step) is read by a call after the
#: cache was written in place.
PROGRAMS: tuple[tuple[str, Program, bool], ...] = (
    # The shape: the row at 1 + step is written after the slice, before the call.
    (
        "row update then call",
        Program(
            (GlobalDecl("g0", 16),),
            (Load(0, "g0"), Slice(1, 0, PREFIX), Iota(2, Lin(1), 55), Update(3, 2, 0, Lin(1, 1)), _call(4, 1)),
        ),
        True,
    ),
    # Two in-place writes on the way, the second a tied dispatch (scale) of later rows: the
    # live version is the dispatch's result.
    (
        "row update and tied scale then call",
        Program(
            (GlobalDecl("g0", 16),),
            (
                Load(0, "g0"),
                Slice(1, 0, PREFIX),
                Iota(2, Lin(2), 77),
                Update(3, 2, 0, Lin(1, 1)),
                Scale(4, 3, Range(Lin(2, 1), Lin(3))),
                _call(5, 1),
            ),
        ),
        True,
    ),
    # A slice of the prefix (an alias of an alias) handed to the call: its live version is the
    # prefix's claim, at the summed offset.
    (
        "slice of the prefix after a row update then call",
        Program(
            (GlobalDecl("g0", 16),),
            (
                Load(0, "g0"),
                Slice(1, 0, PREFIX),
                Slice(2, 1, Range(Lin(0), Lin(1))),
                Iota(3, Lin(1), 44),
                Update(4, 3, 0, Lin(1, 1)),
                Call(None, 5, 2, None, Range(Lin(0), Lin(1)), None),
            ),
        ),
        True,
    ),
    # Must keep: the update overlaps the prefix (row 0).
    (
        "overlapping update then call",
        Program(
            (GlobalDecl("g0", 16),),
            (Load(0, "g0"), Slice(1, 0, PREFIX), Iota(2, Lin(1), 99), Update(3, 2, 0, Lin(0)), _call(4, 1)),
        ),
        False,
    ),
    # Must keep: the source is a buffer the function allocates, which IREE may free early.
    (
        "fresh source updated then call",
        Program(
            (GlobalDecl("g0", 16),),
            (
                Load(0, "g0"),
                Iota(1, Lin(8), 11),
                Slice(2, 1, PREFIX),
                Iota(3, Lin(1), 33),
                Update(4, 3, 1, Lin(5)),
                _call(5, 2),
            ),
        ),
        False,
    ),
)


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, RewriteReport]:
    programs = [p for _, p, _ in PROGRAMS]
    for program in programs:
        check(program)
    text = render_module(programs).text
    tmp = tmp_path_factory.mktemp("live")
    stock, elided = tmp / "stock.vmfb", tmp / "elided.vmfb"
    reports: list[RewriteReport] = []
    compile_stream_async(text, stock, DEFAULT_CPU_FLAGS)
    compile_stream_async(text, elided, DEFAULT_CPU_FLAGS, lambda module: reports.append(elide_slices(module)))
    return stock, elided, reports[0]


@pytest.mark.parametrize("k", range(len(PROGRAMS)), ids=[name for name, _, _ in PROGRAMS])
def test_the_call_reads_the_live_version_and_runs_bit_identical(
    k: int, builds: tuple[Path, Path, RewriteReport]
) -> None:
    stock, elided, report = builds
    name, program, aliased = PROGRAMS[k]
    mine = [d for d in report.decisions if d.function == f"p{k}"]
    assert mine and {d.decision for d in mine} == {"alias" if aliased else "keep"}, [d.reason for d in mine]
    if aliased:
        assert any("needs the alias as a value: a subview of" in d.reason for d in mine)
        claims = [lv for d in mine for lv in d.live_versions]
        assert claims and all(lv.proven for lv in claims)
    steps = [[s] for s in STEPS]
    expected = interpret(program, k, STEPS)
    got_stock = run_steps(stock, f"p{k}", steps)
    got_elided = run_steps(elided, f"p{k}", steps)
    for i, (want, a, b) in enumerate(zip(expected, got_stock, got_elided)):
        assert [x.tobytes() for x in a] == [x.tobytes() for x in want], f"{name}: stock IREE differs at call {i}"
        assert [x.tobytes() for x in b] == [x.tobytes() for x in a], f"{name}: the rewrite differs at call {i}"
    assert report.unproven_claims == []
