"""Re-derive every alias decision's claims from the final analysis state.

The proof log says *why* a slice is safe: "every caller's writes are ordered around the call",
"disjoint, facts used: ...", "the slice depends on this write". Each claim must be something
the analysis state holds when the analysis is done, not something it assumed on the way. This
module checks that independently of how the decision was reached:

* ``ordered-around-calls``: the argument's stability is settled and true;
* ``disjoint``: every fact used exists in the function's facts and is in scope for both the
  slice and the write (another iteration's renamed facts and the iteration order are
  the query's own);
* ``ordered-before`` (plain or same iteration): the slice depends on the write.

The rewriter runs it on every analysis and keeps any copy whose claim does not hold (an
internal error, reported); the tests require that it never finds one.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from iree.compiler import ir

from .decisions import Decision, SliceDecision, Verdict, WriteCheck

if TYPE_CHECKING:
    from .safety import Analysis

_RENAMED_SUFFIXES = (" (earlier iteration)", " (later iteration)")
_ORDER_FACTS = ("earlier iteration: ", "later iteration: ")


def unproven_claims(analysis: Analysis) -> list[tuple[int, str]]:
    """``(decision index, problem)`` for every alias claim the final state does not hold."""
    problems = []
    for i, (op, d) in enumerate(zip(analysis.ops, analysis.decisions)):
        if d.decision is not Decision.ALIAS:
            continue
        for c in d.checks:
            why = _check_claim(analysis, op, c)
            if why:
                problems.append((i, f"{d.function} {d.result}: {c.verdict} check of {c.op}: {why}"))
    return problems


def _check_claim(analysis: Analysis, op: ir.Operation, c: WriteCheck) -> str:
    if c.verdict is Verdict.ORDERED_AROUND_CALLS:
        if c.argument is None:
            return "names no argument"
        stability = analysis.stability.of(*c.argument)
        return "" if stability.stable else f"argument {c.argument} is not settled stable ({stability.why})"
    if c.verdict not in (Verdict.DISJOINT, Verdict.ORDERED_BEFORE):
        return ""
    fn = analysis.model.function_of(op)
    slice_info = fn.info(op)
    write = fn.info(c.write_op) if c.write_op is not None else None
    if slice_info is None or write is None:
        return "names no write op of the slice's function"
    if c.verdict is Verdict.ORDERED_BEFORE:
        plain = c.detail.startswith(("the slice depends", "same iteration: the slice depends"))
        return "" if not plain or fn.happens_before(write, slice_info) else "the slice does not depend on the write"
    scoped = {sf.fact.name: sf for sf in analysis.facts.scoped_facts(fn)}
    for name in c.facts_used:
        if name.startswith(_ORDER_FACTS):
            continue
        base = next((name[: -len(s)] for s in _RENAMED_SUFFIXES if name.endswith(s)), name)
        sf = scoped.get(base)
        if sf is None:
            return f"fact {name!r} is not a fact of @{fn.name}"
        if not sf.holds_for(slice_info, write):
            return f"fact {name!r} is out of scope for the slice or the write"
    return ""


def keep_unproven(decision: SliceDecision, problem: str) -> None:
    """Downgrade an alias whose claim the state does not hold (the sound answer)."""
    decision.decision = Decision.KEEP
    decision.reason = f"internal check: a claim of the proof does not hold in the analysis state ({problem})"
