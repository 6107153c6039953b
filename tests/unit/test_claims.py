"""The claim checker (``stream_model.claims``) catches an alias whose log says more than the
analysis state holds: forged claims on the soundness IR cases must be reported, and the
rewriter must keep such a copy."""

from __future__ import annotations

import pytest

from benchmarks.ir_cases import cases, wrap
from stream_model import Decision, ModuleModel, WriteCheck, analyze, parse_module
from stream_model.claims import keep_unproven, unproven_claims
from stream_model.safety import Analysis

CHUNKS = {name: chunk for name, _, chunk in cases()}


def _analysis(case: str) -> Analysis:
    text = wrap(CHUNKS[case])
    return analyze(ModuleModel(parse_module(text).module, text))


def _forge_alias(analysis: Analysis, result: str, check: WriteCheck) -> int:
    index = next(i for i, d in enumerate(analysis.decisions) if d.result == result)
    decision = analysis.decisions[index]
    decision.decision, decision.checks = Decision.ALIAS, [check]
    return index


def test_ordered_around_calls_on_an_unstable_argument_is_reported() -> None:
    analysis = _analysis("soundness/racy_caller_writes_after_the_call")
    index = _forge_alias(
        analysis,
        "%s",
        WriteCheck(
            op="callers of @callee_reads_prefix",
            location="",
            range=None,
            verdict="ordered-around-calls",
            argument=("callee_reads_prefix", 0),
        ),
    )
    ((where, problem),) = unproven_claims(analysis)
    assert where == index and "is not settled stable" in problem and "may write it while util.call" in problem


def test_disjoint_with_a_fact_of_another_region_is_reported() -> None:
    analysis = _analysis("soundness/loop_bounds_hold_only_inside_the_loop")
    fn = analysis.model.function("loop_bounds_hold_only_inside_the_loop")
    update = next(i.op for i in fn.ops if i.op.name == "stream.async.update")
    loop_fact = next(sf.fact.name for sf in analysis.facts.scoped_facts(fn) if sf.fact.name.startswith("loop bounds"))
    _forge_alias(
        analysis,
        "%s",
        WriteCheck(
            op="stream.async.update",
            location="",
            range=["8*n", "8*n + 8"],
            verdict="disjoint",
            facts_used=[loop_fact],
            write_op=update,
        ),
    )
    ((_, problem),) = unproven_claims(analysis)
    assert "out of scope" in problem


def test_disjoint_with_an_unknown_fact_is_reported() -> None:
    analysis = _analysis("soundness/loop_bounds_hold_only_inside_the_loop")
    fn = analysis.model.function("loop_bounds_hold_only_inside_the_loop")
    update = next(i.op for i in fn.ops if i.op.name == "stream.async.update")
    _forge_alias(
        analysis,
        "%s",
        WriteCheck(
            op="stream.async.update",
            location="",
            range=None,
            verdict="disjoint",
            facts_used=["n >= 1, trust me"],
            write_op=update,
        ),
    )
    ((_, problem),) = unproven_claims(analysis)
    assert "is not a fact of" in problem


@pytest.mark.parametrize("case", sorted(c for c in CHUNKS if c.startswith("soundness/")))
def test_real_decisions_make_no_unproven_claim(case: str) -> None:
    assert unproven_claims(_analysis(case)) == []


def test_an_unproven_alias_is_kept_with_the_reason() -> None:
    analysis = _analysis("soundness/loop_bounds_hold_inside_the_loop")
    decision = next(d for d in analysis.decisions if d.decision == "alias")
    keep_unproven(decision, "example")
    assert decision.decision == "keep" and decision.reason.startswith("internal check: a claim of the proof")
