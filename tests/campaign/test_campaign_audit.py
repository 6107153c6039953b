"""The alias audit and the interpreter's trace, on hand-written programs and made-up decisions.

The audit fails the campaign on a wrong alias the runtime cannot show, so it must never fail a
right one: each test pins one case of the rule's ordering and disjointness on a program whose
answer is known, with an ``alias`` decision made up for the slice in question (no analysis).
"""

from __future__ import annotations

from types import SimpleNamespace

import pytest

from tests.campaign import handpicked
from tests.campaign.audit import aliased_names, audit
from tests.campaign.interp import interpret, trace_races
from tests.campaign.program import (
    Call,
    Discard,
    Fill,
    For,
    GlobalDecl,
    Iota,
    Ix,
    Lin,
    Load,
    Program,
    Range,
    Slice,
    Sum,
    Update,
    check,
)

R = lambda a, n: Range(Lin(a), Lin(n))  # noqa: E731 - constant element range [a, a + n)
G = (GlobalDecl("g0", 16),)


def _alias(function: str, result: str) -> SimpleNamespace:
    return SimpleNamespace(function=function, result=result, decision="alias", kind="slice", checks=[], reason="")


def test_a_disjoint_write_after_the_slice_is_safe() -> None:
    assert audit(handpicked.DISJOINT_WRITE_AFTER_SLICE, 0, [_alias("p0", "%v1")]) == []


def test_an_overlapping_write_before_the_read_is_not() -> None:
    (problem,) = audit(handpicked.OVERLAPPING_WRITE_BEFORE_READ, 0, [_alias("p0", "%v1")])
    assert "fill v2" in problem and "sum v3" in problem


def test_a_write_that_waits_for_every_read_is_safe() -> None:
    # The update writes the read's result over the sliced bytes: it depends on the read.
    program = Program(G, (Load(0, "g0"), Slice(1, 0, R(2, 4)), Sum(2, 1, R(0, 4)), Update(3, 2, 0, Lin(3))))
    check(program)
    assert program.outputs() == [1, 2, 3]  # the slice is exported: a read no write waits for
    assert audit(program, 0, [_alias("p0", "%v1")]) != []
    quiet = Program(G, program.ops[:3] + (Discard(1), program.ops[3]))
    assert audit(quiet, 0, [_alias("p0", "%v1")]) == []


def test_a_write_the_slice_depends_on_is_safe() -> None:
    program = Program(G, (Load(0, "g0"), Fill(1, 0, R(0, 4), 9), Slice(2, 1, R(0, 4)), Sum(3, 2, R(0, 4))))
    assert audit(program, 0, [_alias("p0", "%v2")]) == []


def test_a_later_iteration_writing_the_prefetched_row_is_not_safe() -> None:
    # Iteration i slices row i + 1 and writes row i; iteration i + 1 writes row i + 1 without
    # waiting for iteration i's read (the project's own KEEP case, tests/ir/loops.mlir).
    row = lambda d: Range(Lin(d, 0, 1), Lin(1))  # noqa: E731
    body = (Slice(3, 2, row(1)), Sum(4, 3, R(0, 1)), Update(5, 1, 2, Lin(0, 0, 1)))
    program = Program(G, (Load(0, "g0"), Iota(1, Lin(1), 5), For((6,), (0,), (2,), body, (5,), Lin(3))))
    check(program)
    assert audit(program, 0, [_alias("p0", "%v3")]) != []
    # Row i itself, read before it is written in the same iteration, later rows untouched: safe
    # only when the write waits for the read -- it does not here, so still unsafe...
    same = (Slice(3, 2, row(0)), Sum(4, 3, R(0, 1)), Update(5, 1, 2, Lin(0, 0, 1)))
    program = Program(G, (Load(0, "g0"), Iota(1, Lin(1), 5), For((6,), (0,), (2,), same, (5,), Lin(3))))
    assert audit(program, 0, [_alias("p0", "%v3")]) != []
    # ...and safe when it writes the read's result (a dependence).
    waits = (Slice(3, 2, row(0)), Sum(4, 3, R(0, 1)), Update(5, 4, 2, Lin(0, 0, 1)))
    program = Program(G, (Load(0, "g0"), For((6,), (0,), (2,), waits, (5,), Lin(3))))
    check(program)
    assert audit(program, 0, [_alias("p0", "%v3")]) == []


def test_a_zero_trip_loop_runs_nothing_and_an_unsigned_one_runs() -> None:
    body = (Fill(2, 1, Range(Lin(0, 0, 1), Lin(1)), 7),)
    signed = Program(G, (Load(0, "g0"), For((3,), (0,), (1,), body, (2,), Lin(3), (1 << 63) - 1)))
    unsigned = Program(G, (Load(0, "g0"), For((3,), (0,), (1,), body, (2,), Lin(3), (1 << 63) - 1, "unsigned")))
    assert interpret(signed, 0)[0][0][:3].tolist() != [7, 7, 7]
    assert interpret(unsigned, 0)[0][0][:3].tolist() == [7, 7, 7]


def test_util_align_is_the_bit_mask_iree_computes() -> None:
    assert Ix("align", Lin(4), 12).at(0) == 4  # (16 + 11) & ~11 = 16 bytes, not 24
    assert Ix("align", Lin(5), 16).at(0) == 8  # a power of two: round up
    assert Ix("remui", Lin(1002, 1), 1000).at(3) == 5
    assert Ix("select", Lin(9), 2, Lin(0, 2)).at(1) == 9 and Ix("select", Lin(9), 2, Lin(0, 2)).at(3) == 6


def test_a_callee_slice_read_while_the_caller_fills_the_argument_is_not_safe() -> None:
    program = handpicked.FINDINGS["cause1"]
    callee = _alias("p0_c0", "%s")
    problems = audit(program, 0, [callee])
    assert problems and all("fill" in p for p in problems)  # the update waits for its call's result


def test_decisions_name_top_level_and_callee_slices() -> None:
    names = aliased_names([_alias("p2", "%v5"), _alias("p2_c3", "%s"), _alias("p2_c4_b", "%s"), _alias("p1", "%v1")], 2)
    assert names == {("p", "v5"), ("c3", "s"), ("c4", "s")}


def test_racy_reads_are_found_in_callees_too() -> None:
    program = Program(G, (Load(0, "g0"), Call(None, 1, 0, None, R(0, 4), None), Fill(2, 0, R(0, 2), 5)))
    assert trace_races(program)
    ordered = Program(G, (Load(0, "g0"), Call(None, 1, 0, None, R(0, 4), None), Update(2, 1, 0, Lin(0))))
    assert not trace_races(ordered)


WHOLE_FILL = Program((), (Iota(0, Lin(3), 7), Slice(1, 0, R(0, 1)), Fill(6, 0, R(0, 3), 815)))


def test_a_whole_fill_writes_the_slices_source_as_generated() -> None:
    check(WHOLE_FILL)
    (problem,) = audit(WHOLE_FILL, 0, [_alias("p0", "%v1")])
    assert "fill v6 writes [0, 3)" in problem


def test_a_whole_fill_is_a_fresh_splat_once_iree_has_scheduled_the_program() -> None:
    """IREE's canonicalizer (FlattenFullFillToSplat) has made it a splat in the scheduled IR
    the decisions of the scheduled campaign are made on: it writes no buffer the alias reads."""
    assert audit(WHOLE_FILL, 0, [_alias("p0", "%v1")], scheduled=True) == []


#: The campaign's seed 6060 (tests/regressions/campaign-audit-blind-to-a-shared-globals-copy-
#: of-an-update-target.json): @g0's buffer v0 is sliced, then updated in place with all of
#: @g1's; the shared-globals repair makes that update write a copy of v0 (its diagnostic's
#: ``copies``), and the analysis, which runs on the repaired module, aliases the slice.
REPAIRED = Program(
    (GlobalDecl("g0", 8), GlobalDecl("g1", 8)),
    (Load(0, "g0"), Load(1, "g1"), Slice(2, 0, R(1, 2)), Update(3, 1, 0, Lin(0), form=2, short=1)),
)
COPY = {"function": "p0", "result": "%v3", "written": "%v0"}


def test_an_alias_over_a_write_the_repair_gave_a_copy_is_judged_as_the_analysis_saw_it() -> None:
    assert audit(REPAIRED, 0, [_alias("p0", "%v2")], copies=[COPY]) == []


def test_without_the_repair_the_same_alias_is_unsound() -> None:
    (problem,) = audit(REPAIRED, 0, [_alias("p0", "%v2")])
    assert "update v3 writes [0, 8) of its source" in problem


@pytest.mark.parametrize(
    "copy",
    [
        {**COPY, "function": "p1"},  # another program's
        {**COPY, "result": "%v2"},  # not an in-place write
        {**COPY, "written": "%v1"},  # not the operand the update writes
        {**COPY, "function": "p0_c0"},  # in a callee: not modelled, judged as described
    ],
)
def test_a_copy_the_audit_cannot_place_changes_nothing(copy: dict[str, str]) -> None:
    assert audit(REPAIRED, 0, [_alias("p0", "%v2")], copies=[copy]) != []


def test_a_write_through_a_reload_of_a_global_stored_a_repair_copy_is_no_write_of_the_value() -> None:
    """Stream seed 23001 (``tests/regressions/campaign-audit-models-the-store-copy-of-the-
    shared-globals-repair.json``): the shared-globals repair stored @g2 a copy of v3, so the
    fill through @g2's reload writes the copy, not the bytes the alias of v3 reads. Without
    the repair's store record the audit reports the alias (as the analysis never saw it)."""
    import json
    from pathlib import Path

    from tests.campaign.oracle import REGRESSIONS_DIR

    record = json.loads(
        (Path(REGRESSIONS_DIR) / "campaign-audit-models-the-store-copy-of-the-shared-globals-repair.json").read_text()
    )
    program = Program.from_json(record["program"])
    aliased = [_alias("p0", "%v5")]
    copies = [{"function": "p0", "result": "%v3", "written": "%v2"}]
    assert audit(program, 0, aliased, copies=copies) != []
    stores = [{"function": "p0", "global": "p0_g2", "stored": "%v3"}]
    assert audit(program, 0, aliased, copies=copies, stores=stores) == []
