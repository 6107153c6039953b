"""Re-derive every alias decision's claims from the final analysis state.

The proof log says *why* a slice is safe: "every caller's writes are ordered around the call",
"disjoint, facts used: ...", "the slice depends on this write". Each claim must be something
the analysis state holds when the analysis is done, not something it assumed on the way. This
module checks that independently of how the decision was reached:

* the writes: every op of the slice's function whose effects may write the source's storage
  (a plain scan, independent of the rule's write index) has a check; "no op writes the
  source's storage" holds only when there is none;
* ``ordered-around-calls``: the argument's stability is settled and true;
* ``disjoint``: every fact used exists in the function's facts and is in scope for both the
  slice and the write (another iteration's renamed facts and the iteration order are
  the query's own);
* ``ordered-before`` (plain or same iteration): the slice depends on the write;
* a live version (:class:`~stream_model.report.decisions.LiveVersion`): the ops it names consume the slice's
  source and each tied result in turn, alone, in the consumer's block before the consumer, each
  proven disjoint from the slice, ending at the claimed value, which nothing consumes in place
  before the consumer; no other write to the storage lies between the slice and the consumer;
  and the consumer does consume the alias.

The rewriter runs it on every analysis and keeps any copy whose claim does not hold (an
internal error, reported); the tests require that it never finds one.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import TYPE_CHECKING

from iree.compiler import ir

from ..ir.util import user_op
from ..model.program import FunctionModel, OpInfo
from ..model.storage import Key
from ..report.decisions import Decision, LiveVersion, SliceDecision, Verdict, WriteCheck
from ..report.messages import UNPROVEN_CLAIM
from ..semantics.op_table import Kind
from ..semantics.ops import ASYNC_SLICE

if TYPE_CHECKING:
    from .safety import Analysis

_RENAMED_SUFFIXES = (" (earlier iteration)", " (later iteration)")
_ORDER_FACTS = ("earlier iteration: ", "later iteration: ")


def unproven_claims(analysis: Analysis) -> list[tuple[int, str]]:
    """``(decision index, problem)`` for every alias claim the final state does not hold."""
    problems = []
    writers: dict[str, _Writers] = {}
    for i, (op, d) in enumerate(zip(analysis.ops, analysis.decisions)):
        if d.decision is not Decision.ALIAS:
            continue
        fn = analysis.model.function_of(op)
        if fn.name not in writers:
            writers[fn.name] = _writers(analysis, fn)
        for missing in _unchecked_writes(analysis, writers[fn.name], op, d):
            problems.append(
                (i, f"{d.function} {d.result}: {missing} may write the source's storage but was not checked")
            )
        for c in d.checks:
            why = _check_claim(analysis, op, c)
            if why:
                problems.append((i, f"{d.function} {d.result}: {c.verdict} check of {c.op}: {why}"))
        for lv in d.live_versions:
            why = _check_live_version(analysis, op, d, lv) if lv.proven else ""
            if why:
                problems.append((i, f"{d.function} {d.result}: live version {lv.version} at {lv.consumer}: {why}"))
    return problems


@dataclass(frozen=True)
class _Writers:
    """Every op of one function that writes anything, by its resolved effects (a plain scan,
    not the rule's write index): indexed by the storage base of each value it writes, and by
    the globals it may write. (Indexed, not listed: every slice asks, of every store.)"""

    by_base: dict[Key, set[OpInfo]]
    #: The ops that may write any global, and those that write named ones, by global.
    any_global: set[OpInfo]
    by_global: dict[str, set[OpInfo]]
    #: The bases of ``by_base`` that are exposed (only those can meet another base).
    exposed: list[Key]


def _writers(analysis: Analysis, fn: FunctionModel) -> _Writers:
    resolved = analysis.resolved
    storage = resolved.storage
    by_base: dict[Key, set[OpInfo]] = {}
    any_global: set[OpInfo] = set()
    by_global: dict[str, set[OpInfo]] = {}
    for info in fn.ops:
        fx = resolved.effects(info)
        written = [a.value for a in fx.accesses if a.kind is Kind.WRITE]
        for value in written:
            by_base.setdefault(storage.find(value), set()).add(info)
        if fx.writes_globals is None:
            any_global.add(info)
        for name in fx.writes_globals or ():
            by_global.setdefault(name, set()).add(info)
    return _Writers(by_base, any_global, by_global, [b for b in by_base if storage.exposed(b)])


def _unchecked_writes(analysis: Analysis, writers: _Writers, op: ir.Operation, d: SliceDecision) -> list[str]:
    """The writers of the slice's function (:class:`_Writers`) that may write its source's
    storage and that the decision has no check for: a write to its base or to a base that
    :meth:`~stream_model.model.storage.StorageMap.may_alias` it, a call that may write a global
    the source may be. An alias whose log says "no op writes the source's storage" has none.
    Only an exposed base can meet another (:meth:`~stream_model.model.storage.StorageMap.exposed`),
    so a base that is not is compared only with the exposed ones."""
    resolved = analysis.resolved
    storage = resolved.storage
    src = op.opview.source
    root = storage.find(src)
    may_be = set(storage.globals_it_may_be(src, resolved.resource_globals))
    found: set[OpInfo] = set(writers.by_base.get(root, ()))
    for base in writers.by_base if storage.exposed(root) else writers.exposed:
        if base != root and storage.may_alias(base, root):
            found |= writers.by_base[base]
    if storage.is_external(src) or may_be:
        found |= writers.any_global
    for name in may_be:
        found |= writers.by_global.get(name, set())
    checked = {c.write_op for c in d.checks if c.write_op is not None}
    # (In program order: ``found`` holds writers of this function only.)
    return [analysis.model.names.describe(i.op) for i in sorted(found, key=lambda i: i.index) if i.op not in checked]


def _check_live_version(analysis: Analysis, op: ir.Operation, d: SliceDecision, lv: LiveVersion) -> str:
    """Re-derive a live-version claim from the IR and the decision's own checks."""
    fn = analysis.model.function_of(op)
    consumer = fn.info(lv.consumer_op) if lv.consumer_op is not None else None
    if consumer is None:
        return "names no consumer in the slice's function"
    if not _consumes_alias(lv.consumer_op, op.results[0]):
        return "the consumer does not use the alias"
    if not lv.chain_ops:
        return "names no in-place op"
    value = op.opview.source
    for chain_op in lv.chain_ops:
        w = fn.info(chain_op)
        if w is None:
            return "names an op outside the slice's function"
        tied = [r for r, o in w.effects.tied if o == value]
        if len(tied) != 1 or len(_in_place_users(fn, value)) != 1:
            return f"{chain_op.name} is not the one op consuming the previous version in place"
        if w.has_regions or w.block_id != consumer.block_id or w.index >= consumer.index:
            return f"{chain_op.name} does not come before the consumer in its block"
        mine = [c for c in d.checks if c.write_op is not None and c.write_op == chain_op]
        if not mine or not all(
            c.verdict is Verdict.DISJOINT
            or (c.verdict is Verdict.ORDERED_BEFORE and c.detail.startswith("earlier iterations:"))
            for c in mine
        ):
            return f"{chain_op.name} is not proven disjoint from the slice"
        value = tied[0]
    if value != lv.value:
        return "the chain does not end at the claimed version"
    chain = {info.index for info in (fn.info(o) for o in lv.chain_ops) if info is not None}
    slice_info = fn.info(op)
    for c in d.checks:
        w = fn.info(c.write_op) if c.write_op is not None else None
        if w is not None and slice_info is not None and slice_info.index < w.index < consumer.index:
            if w.index not in chain:
                return f"{c.op} writes the storage between the slice and the consumer off the chain"
    if any(u.index < consumer.index for u in _in_place_users(fn, value)):
        return "the claimed version is consumed in place before the consumer"
    return ""


def _in_place_users(fn: FunctionModel, value: ir.Value) -> list[OpInfo]:
    """The ops of ``fn`` that write ``value`` in place (tied)."""
    users = []
    for use in value.uses:
        info = fn.info(user_op(use))
        if info is not None and any(o == value for _, o in info.effects.tied):
            users.append(info)
    return users


def _consumes_alias(consumer: ir.Operation, alias: ir.Value) -> bool:
    """Does ``consumer`` use ``alias``, directly or through slices of it?"""
    work = [alias]
    while work:
        value = work.pop()
        for use in value.uses:
            user = user_op(use)
            if user == consumer:
                return True
            if user.name == ASYNC_SLICE and use.operand_number == 0:
                work.append(user.results[0])
    return False


def _check_claim(analysis: Analysis, op: ir.Operation, c: WriteCheck) -> str:
    if c.verdict is Verdict.ORDERED_AROUND_CALLS:
        if c.argument is None:
            return "names no argument"
        stability = analysis.stability.of(c.argument)
        return "" if stability.stable else f"{c.argument} is not settled stable ({stability.why})"
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
    decision.keep(UNPROVEN_CLAIM.text(problem=problem), UNPROVEN_CLAIM.code)
