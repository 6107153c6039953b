"""The claim checker (``stream_model.rule.claims``) catches an alias whose log says more than the
analysis state holds: forged claims on the soundness IR cases must be reported, and the
rewriter must keep such a copy."""

from __future__ import annotations

import pytest

import stream_model.rule.safety as safety
from benchmarks.ir_cases import cases, wrap
from rewriter.rewrite.elide import elide_slices
from stream_model import Decision, ModuleModel, Verdict, WriteCheck, analyze, parse_module
from stream_model.interproc.positions import ArgumentOf
from stream_model.report.decisions import LiveVersion
from stream_model.rule.claims import keep_unproven, unproven_claims
from stream_model.rule.safety import Analysis

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
            argument=ArgumentOf("callee_reads_prefix", 0),
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


# -- live versions: the version of the storage a consumer reads after in-place writes ----------

LIVE = "calls/call_after_disjoint_update_reads_the_live_version"


def _live_claim(analysis: Analysis) -> tuple[int, LiveVersion]:
    index = next(i for i, d in enumerate(analysis.decisions) if d.live_versions)
    (claim,) = analysis.decisions[index].live_versions
    assert claim.proven and analysis.decisions[index].decision == "alias"
    return index, claim


def test_a_live_version_claim_holds_as_derived() -> None:
    analysis = _analysis(LIVE)
    _, claim = _live_claim(analysis)
    assert claim.version == "%u" and claim.chain == ["stream.async.update %u"]
    assert unproven_claims(analysis) == []


def test_a_live_version_that_is_the_pre_update_value_is_reported() -> None:
    analysis = _analysis(LIVE)
    index, claim = _live_claim(analysis)
    claim.value = analysis.ops[index].opview.source  # the source, dead after the update
    ((where, problem),) = unproven_claims(analysis)
    assert where == index and "does not end at the claimed version" in problem


def test_a_live_version_through_a_write_not_proven_disjoint_is_reported() -> None:
    analysis = _analysis(LIVE)
    index, _ = _live_claim(analysis)
    (check,) = analysis.decisions[index].checks
    check.verdict = Verdict.ORDERED_AFTER
    ((_, problem),) = unproven_claims(analysis)
    assert "is not proven disjoint from the slice" in problem


def test_a_live_version_from_another_block_is_reported() -> None:
    analysis = _analysis("calls/call_after_update_in_a_branch")
    fn = analysis.model.function("call_after_update_in_a_branch")
    update = next(i.op for i in fn.ops if i.op.name == "stream.async.update")
    call = next(i.op for i in fn.ops if i.op.name == "util.call")
    (decision,) = analysis.decisions
    (claim,) = decision.live_versions
    assert not claim.proven and "in another block" in claim.detail
    claim.value, claim.chain_ops, claim.consumer_op = update.results[0], [update], call
    ((_, problem),) = unproven_claims(analysis)
    assert "does not come before the consumer in its block" in problem


def test_the_rewriter_keeps_a_copy_whose_live_version_claim_fails(monkeypatch: pytest.MonkeyPatch) -> None:
    """A forged live version (the pre-update source) reaches the rewriter: the claim check
    keeps the copy instead of taking a subview of a value IREE treats as dead."""
    real = safety.live_versions

    def pre_update(resolved, fn, info, checks):  # noqa: ANN001, ANN202 - the patched function's
        found = real(resolved, fn, info, checks)
        for claim in found:
            claim.value = info.op.opview.source
        return found

    monkeypatch.setattr(safety, "live_versions", pre_update)
    module = parse_module(wrap(CHUNKS[LIVE])).module
    report = elide_slices(module)
    (decision,) = report.decisions
    assert decision.decision == "keep" and decision.reason.startswith("internal check")
    assert report.unproven_claims and "stream.async.slice" in str(module)


def test_a_live_version_with_a_write_off_its_chain_is_reported() -> None:
    """A write through a reloaded global between the slice and the call: the chain's last
    version need not be the latest, so claiming it is caught."""
    analysis = _analysis("calls/call_after_updates_through_a_reloaded_global")
    fn = analysis.model.function("call_after_updates_through_a_reloaded_global")
    first = next(i.op for i in fn.ops if i.op.name == "stream.async.update")
    (decision,) = analysis.decisions
    (claim,) = decision.live_versions
    assert not claim.proven and "off the tied chain" in claim.detail
    claim.value, claim.chain_ops = first.results[0], [first]
    ((_, problem),) = unproven_claims(analysis)
    assert "off the chain" in problem


def test_no_op_writes_the_source_is_reported_when_a_call_writes_a_global_it_may_be() -> None:
    """The log's "no op writes the source's storage" is re-derived by a plain scan: a call that
    writes the sliced global must have a check (third review, finding 02's class)."""
    analysis = _analysis("calls/callee_writes_the_sliced_global")
    index = next(i for i, d in enumerate(analysis.decisions) if d.result == "%s")
    analysis.decisions[index].decision, analysis.decisions[index].checks = Decision.ALIAS, []
    ((where, problem),) = unproven_claims(analysis)
    assert where == index and "util.call may write the source's storage but was not checked" in problem
