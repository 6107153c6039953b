"""How the campaign's oracle enters IREE and tells IREE's own faults from miscompiles.

A rewritten build that disagrees with the interpreter is IREE's fault only with evidence: an
exact reorder found in the scheduled IR (:func:`.entry.moved_reads`) or a hardened reference
that is right. These tests pin that evidence on recorded and hand-written programs, so that
it can never quietly widen to cover a wrong alias.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from iree.compiler import ir

from rewriter.pipeline.common import new_context
from rewriter.rewrite.elide import elide_slices
from tests.campaign.entry import entry_of, moved_reads, normalize
from tests.campaign.interp import interpret
from tests.campaign.oracle import ProgramOutcome, Stats, _beside_a_fault_past_the_schedule
from tests.campaign.program import (
    Branch,
    Fill,
    GlobalDecl,
    Iota,
    Lin,
    Load,
    Program,
    Range,
    Scale,
    Slice,
    Sum,
    Update,
    check,
)
from tests.campaign.render import render_module

MINIMAL = Path(__file__).resolve().parents[1] / "upstream_faults" / "minimal"
R = lambda a, n: Range(Lin(a), Lin(n))  # noqa: E731 - constant element range [a, a + n)


def _recorded(name: str) -> str:
    return "\n".join(json.loads((MINIMAL / f"{name}.json").read_text())["mlir"])


def _rewritten(text: str) -> str:
    with new_context():
        module = ir.Module.parse(text)
        elide_slices(module)
        return str(module)


def test_a_read_scheduled_after_the_in_place_write_of_its_value_is_found() -> None:
    assert moved_reads(_recorded("read-moved-after-tied-write")) == {
        "p0": ["stream.async.dispatch after stream.async.dispatch"]
    }


def test_the_reorder_that_shows_only_in_the_rewritten_build_is_found_there() -> None:
    text = _recorded("race-reproduced-through-an-alias")
    assert moved_reads(text) == {}
    assert moved_reads(_rewritten(text)) == {"p0": ["stream.async.update after stream.async.fill"]}


# v2 is scaled in place in one branch; the other branch and the code after the switch read
# only the new version: nothing reads a value after its in-place write.
EXCLUSIVE_BRANCHES = Program(
    (),
    (
        Iota(0, Lin(8), 7),
        Branch((3,), (0,), ((Scale(1, 0, R(0, 4)),), (Sum(2, 0, R(0, 8)),)), ((1,), (0,)), "switch", cases=(1,)),
        Sum(4, 3, R(0, 8)),
    ),
)


def test_a_write_in_one_branch_and_a_read_in_another_are_not_a_reorder() -> None:
    check(EXCLUSIVE_BRANCHES)
    assert moved_reads(render_module([EXCLUSIVE_BRANCHES]).text) == {}


# The update's end is spelled one element short of its length (soundness finding f11): IREE's
# verify-async-access-ranges rejects it, so no real compile hands it to the hook.
SHORT_UPDATE = Program((), (Iota(0, Lin(8), 7), Iota(1, Lin(2), 9), Update(2, 1, 0, Lin(3), short=1)))


def test_programs_irees_pre_splice_stages_reject_enter_at_the_splice() -> None:
    check(SHORT_UPDATE)
    entry = entry_of(render_module([SHORT_UPDATE], unrefined=True).text)
    assert entry.kind == "splice" and "invalid Write access range" in entry.reason


SEED_PATTERN = Program(
    (GlobalDecl("g0", 12),),
    (Load(0, "g0"), Iota(1, Lin(1), 55), Update(2, 1, 0, Lin(1, 1)), Slice(3, 2, Range(Lin(0), Lin(2, 1)))),
)


def test_ordinary_programs_enter_through_irees_pre_splice_stages() -> None:
    text = render_module([SEED_PATTERN], unrefined=True).text
    assert "!stream.resource<*>" in text
    assert entry_of(text).kind == "flow"
    with new_context():
        module = ir.Module.parse(text)
        normalize(module)
        assert "!stream.resource<*>" not in str(module), "refine-usage assigns every lifetime"


# v1 is read by the sum after v0 is filled in place: the fill must not show in v2.
READ_THEN_WRITE = Program((), (Iota(0, Lin(6), 7), Slice(1, 0, R(0, 3)), Fill(2, 0, R(0, 2), 99), Sum(3, 1, R(0, 3))))


@pytest.mark.parametrize("unrefined", [False, True], ids=["splice", "flow"])
def test_the_hardened_reference_writes_in_place_only_to_fresh_copies(unrefined: bool) -> None:
    text = render_module([READ_THEN_WRITE], unrefined=unrefined, hardened=True).text
    fill = next(line for line in text.splitlines() if "stream.async.fill" in line)
    assert "-> %h" in fill and "@ex::@copy" in text.split(fill)[0].splitlines()[-1]


def test_the_hardened_reference_means_what_the_program_means() -> None:
    """Hardening changes no value the interpreter computes: it is the same program."""
    want = interpret(READ_THEN_WRITE, 0)
    assert [np.asarray(a).tolist() for a in want[0]]
    assert render_module([READ_THEN_WRITE], hardened=True).functions == render_module([READ_THEN_WRITE]).functions


# -- a program wrong only beside another program's IREE fault past the schedule --------------
# (tests/campaign/oracle._beside_a_fault_past_the_schedule; end to end in test_campaign.py)

_WANT = [[np.array([1, 2], dtype=np.int32)]]
_WRONG = [[np.array([3, 5], dtype=np.int32)]]
_OTHER_WRONG = [[np.array([3, 6], dtype=np.int32)]]


def _module_outcomes(faulty_past_the_schedule: bool = True) -> list[ProgramOutcome]:
    return [
        ProgramOutcome(0, "miscompile", "step 0: result 0 is [3, 5], expected [1, 2]"),
        ProgramOutcome(1, "upstream-fault", "hardened reference: wrong", [], faulty_past_the_schedule),
    ]


def _excused(
    outcomes: list[ProgramOutcome], stock: list = _WRONG, alone_fails: bool = False, runtime_only: bool = True
) -> list[str]:
    wrong = {0: (stock, _WRONG, _WANT)} if runtime_only else {}
    judged = _beside_a_fault_past_the_schedule(outcomes, wrong, lambda i: alone_fails, Stats())
    return [o.status for o in judged]


def test_a_program_wrong_as_stock_only_beside_a_fault_past_the_schedule_is_unjudged() -> None:
    assert _excused(_module_outcomes()) == ["upstream-fault", "upstream-fault"]


def test_a_program_wrong_otherwise_than_stock_beside_such_a_fault_stays_a_miscompile() -> None:
    assert _excused(_module_outcomes(), stock=_OTHER_WRONG)[0] == "miscompile"


def test_a_program_wrong_alone_too_stays_a_miscompile() -> None:
    assert _excused(_module_outcomes(), alone_fails=True)[0] == "miscompile"


def test_a_program_beside_a_fault_the_hardened_reference_avoids_stays_a_miscompile() -> None:
    assert _excused(_module_outcomes(faulty_past_the_schedule=False))[0] == "miscompile"


def test_a_program_with_an_unproven_alias_or_an_audit_finding_stays_a_miscompile() -> None:
    assert _excused(_module_outcomes(), runtime_only=False)[0] == "miscompile"


def test_a_program_is_not_excused_by_its_own_fault_past_the_schedule() -> None:
    (alone,) = _module_outcomes()[:1]
    alone.past_the_schedule = True
    assert _excused([alone]) == ["miscompile"]
