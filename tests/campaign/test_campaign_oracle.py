"""How the campaign's oracle tells IREE's own faults from miscompiles, without compiling.

A rewritten-only mismatch is excused as an upstream fault only with evidence. These tests pin
that evidence on hand-written programs and made-up runtime outputs, so that an excuse can
never quietly widen to cover a wrong alias.
"""

from __future__ import annotations

from types import SimpleNamespace

import numpy as np

from tests.campaign.interp import interpret, interpret_variant_at
from tests.campaign.oracle import _explained_by_whole_slice_fold, _reproduced_by_race
from tests.campaign.program import (
    Copy,
    Discard,
    Fill,
    GlobalDecl,
    Iota,
    Lin,
    Load,
    Mix,
    Program,
    Range,
    Slice,
    Update,
    race_reorderings,
)

R = lambda a, n: Range(Lin(a), Lin(n))  # noqa: E731 - constant element range [a, a + n)


def _decision(k: int, value: int, decision: str) -> SimpleNamespace:
    return SimpleNamespace(function=f"p{k}", result=f"%v{value}", decision=decision, kind="slice")


# v1 is read by the update (into v2) and then filled in place; nothing orders the update first.
# Found by `make fuzz`: IREE ran the update after the fill, and v4, an alias of the updated
# bytes, showed 613s. The alias itself was right.
UPDATE_RACES_FILL = Program(
    (),
    (
        Iota(0, Lin(15), 7),
        Mix(1, 0, R(0, 11), 0, Lin(0)),
        Fill(2, 0, R(6, 2), 310),
        Update(3, 1, 2, Lin(0)),
        Slice(4, 3, R(0, 11)),
        Fill(5, 1, R(1, 4), 613),
        Discard(3),
    ),
)


def _update_after_fill() -> Program:
    """The variant in which the update (op 3) runs after the fill of v1 (op 5)."""
    (variant,) = [v for _, v in race_reorderings(UPDATE_RACES_FILL) if isinstance(v.ops[-2], Slice)]
    return variant


def test_a_race_reordering_moves_the_read_and_its_dependents_after_the_write() -> None:
    variant = _update_after_fill()
    assert [(op.kind, op.defs()) for op in variant.ops[-4:]] == [
        ("fill", (5,)),
        ("update", (3,)),
        ("slice", (4,)),
        ("discard", ()),
    ]
    assert variant.ops[-3].upd == 5  # the update reads the filled version
    v4 = interpret_variant_at(UPDATE_RACES_FILL, variant, 0, 0)[0]
    assert v4[1:5].tolist() == [613] * 4  # what IREE printed


def test_an_output_the_race_reproduces_exactly_is_an_upstream_fault() -> None:
    raced = interpret_variant_at(UPDATE_RACES_FILL, _update_after_fill(), 0, 0)
    assert _reproduced_by_race(UPDATE_RACES_FILL, 0, [raced], 0, [_decision(0, 4, "alias")])


def test_an_output_the_race_does_not_reproduce_stays_a_miscompile() -> None:
    raced = interpret_variant_at(UPDATE_RACES_FILL, _update_after_fill(), 0, 0)
    raced[0] = raced[0].copy()
    raced[0][0] += 1
    assert not _reproduced_by_race(UPDATE_RACES_FILL, 0, [raced], 0, [_decision(0, 4, "alias")])


# A slice read racing with an in-place write of its source: the race outcome is exactly what a
# wrong alias computes, so it can never excuse an aliased slice.
SLICE_RACES_FILL = Program(
    (GlobalDecl("g0", 4),),
    (
        Load(0, "g0"),
        Slice(1, 0, R(0, 2)),
        Fill(2, 0, R(0, 2), 5),
    ),
)


def test_a_race_never_excuses_a_read_through_an_aliased_slice() -> None:
    ((reader, variant),) = race_reorderings(SLICE_RACES_FILL)
    assert reader == "v1"
    raced = interpret_variant_at(SLICE_RACES_FILL, variant, 0, 0)
    assert not _reproduced_by_race(SLICE_RACES_FILL, 0, [raced], 0, [_decision(0, 1, "alias")])
    assert _reproduced_by_race(SLICE_RACES_FILL, 0, [raced], 0, [_decision(0, 1, "keep")])


# v7 covers all of v5 and the copy into it writes it in place: IREE may fold v7 into v5.
WHOLE_SLICE = Program(
    (GlobalDecl("g0", 6),),
    (
        Load(0, "g0"),
        Slice(1, 0, R(0, 2)),
        Iota(5, Lin(2), 100),
        Slice(7, 5, R(0, 2)),
        Copy(8, 1, R(0, 2), 7, Lin(0)),
    ),
)


def test_the_whole_slice_fold_excuses_only_the_slice_and_its_source() -> None:
    kept = [_decision(0, 7, "keep")]
    outputs = WHOLE_SLICE.outputs()
    assert _explained_by_whole_slice_fold(WHOLE_SLICE, 0, outputs.index(5), kept)
    assert not _explained_by_whole_slice_fold(WHOLE_SLICE, 0, outputs.index(1), kept)
    aliased = [_decision(0, 7, "alias")]
    assert not _explained_by_whole_slice_fold(WHOLE_SLICE, 0, outputs.index(5), aliased)


def test_the_interpreter_is_unchanged_by_a_variant_of_another_call() -> None:
    ((_, variant),) = race_reorderings(SLICE_RACES_FILL)
    want = interpret(SLICE_RACES_FILL, 0)
    raced = interpret_variant_at(SLICE_RACES_FILL, variant, 0, 0)
    assert [np.asarray(a).tolist() for a in want[0]] != [np.asarray(a).tolist() for a in raced]
