"""When may a ``stream.async.slice`` become an alias of its source? The safety rule.

**The rule.** A slice ``%r = stream.async.slice %src[%a to %b]`` copies bytes ``[a, b)`` of
``%src`` at the point of the slice. An alias reads those bytes later, at each *read* of ``%r``.
The two agree exactly when no write to those bytes can happen in between. So the slice may alias
its source when:

1. every use of ``%r`` only reads it (dispatch operands that are not tied, copy/update sources,
   loads, transfers, clones, and slices of ``%r`` whose own reads then count as reads of ``%r``).
   A tied (in-place) use would write the source through the alias; a use that lets ``%r``
   escape (export, global store, return, call, region yield, an unknown op) hides later reads
   (:mod:`stream_model.rule.alias_reads`);
2. and every write to the source's storage that can execute while the alias is live (found by
   following tied chains, casts, globals and region edges both ways from ``%src``, see
   :mod:`stream_model.model.storage` and :mod:`stream_model.interproc.write_set`) either

   * provably touches bytes disjoint from ``[a, b)`` (a z3 proof over facts in scope for both
     the slice and the write, see :mod:`stream_model.model.facts`), or
   * provably happens before the slice (the slice depends on it through SSA def-use edges), or
   * provably happens after every read of the alias (it depends on each of them)

   (:mod:`stream_model.rule.slice_query`);
3. and, when the source's storage comes in through an argument, every caller's writes to it
   are ordered around every call (:mod:`stream_model.interproc.callers`, settled before any slice is decided).

Anything the model cannot see keeps the copy: an unknown op on the storage, a write whose range
is unknown (or whose byte count is not provably its range), storage shared with external buffers
at unknown offsets, a solver ``unknown``, a slice in nested loops, ``scf.while``, a region op the
model does not know or a function whose blocks branch back, or a fixpoint that hit its iteration
cap. A slice in the body of one ``scf.for`` is checked against the same, earlier and later
iterations (:meth:`.SliceQuery.check_write_in_loop`).

**Scope.** The writes considered are those of the slice's function (including nested regions)
and of the calls it makes (a call may write any global or external storage). Work of other
invocations is ordered by the invocation boundary: the function's work completes before its
caller continues, as it must for the upstream copy itself to be correct.

**What DFX is for here.** The interprocedural answers are fixpoints over the call graph, so
they are DFX elements computed in their own phases: callee summaries (:mod:`stream_model.interproc.calls`), then
argument stability (:mod:`stream_model.interproc.callers`). The slice rule is a plain function over those *settled*
results; it never reads an optimistic assumption, and the solver refuses an element that would
(``dfx.DFXMisuseError``).
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from iree.compiler import ir

from ..errors import KeepCopy
from ..interproc.callers import ArgumentStability, argument_stability
from ..interproc.positions import ArgumentOf, GlobalSeenBy, StoragePosition
from ..interproc.resolved import Resolved, resolve_calls
from ..interproc.write_set import writes_to_storage_of
from ..model.facts import FactStore
from ..model.program import FunctionModel, ModuleModel, OpInfo, copied_from
from ..postsplice import PostSplice
from ..report.decisions import (
    Decision,
    ReasonCode,
    SliceDecision,
    Verdict,
    WriteCheck,
)
from ..report.messages import (
    CFG_CYCLE,
    RACY_ARGUMENT,
    RACY_GLOBAL,
    STORAGE_FROM_OUTSIDE,
    UNPROVEN_RESULT_SIZE,
    UNREAD,
    alias_reason,
    unexcused_write,
)
from ..semantics.op_table import Access, is_resource
from ..semantics.ops import ASYNC_SLICE
from ..symbolic.index_arith import pretty
from ..symbolic.proofs import ByteRange
from .alias_reads import read_points
from .live_version import live_versions
from .loops import loop_context, ordered_before_every_iteration
from .slice_query import SliceQuery

DEFAULT_TIMEOUT_MS = 2000


@dataclass(frozen=True)
class AnalysisOptions:
    """How hard the analysis tries: ``timeout_ms`` bounds each z3 query (a timeout is
    ``unknown``: keep); ``max_iterations`` caps each fixed-point phase (None: the solver's
    default); elements not settled by then take their pessimistic answer."""

    timeout_ms: int = DEFAULT_TIMEOUT_MS
    max_iterations: int | None = None


@dataclass
class Analysis:
    """The decisions, and the settled analysis state they rest on (for checking claims)."""

    model: ModuleModel
    decisions: list[SliceDecision]
    ops: list[ir.Operation]  # the candidate op of each decision, in the same order
    iterations: int
    converged: bool
    resolved: Resolved
    facts: FactStore
    stability: ArgumentStability

    @property
    def post_splice(self) -> PostSplice:
        """What IREE makes of the module after the splice (the rewrite asks it which folds
        make a twin, which blocks hold a capture merge)."""
        return self.resolved.post_splice


def analyze(
    model: ModuleModel, options: AnalysisOptions = AnalysisOptions(), resolved: Resolved | None = None
) -> Analysis:
    """Decide every copy candidate of the module (program order), in three phases:

    1. callee summaries to a fixpoint, resolving every call's effects (:mod:`stream_model.interproc.resolved`;
       ``resolved``: that phase's result for ``model``, when the caller already has it);
    2. argument stability of every function holding a candidate, to a fixpoint;
    3. the rule, a plain function of each slice over the settled results of 1 and 2.

    The model is only read: every result is the analysis's own.
    """
    if resolved is None or resolved.model is not model:
        resolved = resolve_calls(model, options.max_iterations)
    candidates = [(fn, info) for fn in model.functions for info in fn.copies(model.single_device)]
    stability = argument_stability(resolved, _stability_subjects(resolved, candidates), options.max_iterations)
    store = FactStore(model, options.timeout_ms)
    state = _Settled(resolved, store, stability)
    decisions = [decide(state, fn, info) for fn, info in candidates]
    return Analysis(
        model,
        decisions,
        [info.op for _, info in candidates],
        resolved.result.iterations + stability.result.iterations,
        resolved.result.converged and stability.result.converged,
        resolved,
        store,
        stability,
    )


def _stability_subjects(resolved: Resolved, candidates: list[tuple[FunctionModel, OpInfo]]) -> list[StoragePosition]:
    """What phase 2 must settle: every resource argument of a function holding a candidate,
    and every global a candidate's source may be (the rule asks about no other subject)."""
    subjects: dict[StoragePosition, None] = {}
    for fn, info in candidates:
        for i, arg in enumerate(fn.arguments):
            if is_resource(arg):
                subjects[ArgumentOf(fn.name, i)] = None
        for g in _globals_of(resolved, info.op.opview.source):
            subjects[GlobalSeenBy(fn.name, g)] = None
    return list(subjects)


@dataclass(frozen=True)
class _Settled:
    """What phases 1 and 2 established, plus the fact store: all the rule reads."""

    resolved: Resolved
    store: FactStore
    stability: ArgumentStability


def decide(state: _Settled, fn: FunctionModel, info: OpInfo) -> SliceDecision:
    """The decision for one copy candidate (a slice or a same-device transfer)."""
    model, store = state.resolved.model, state.store
    d = _new_decision(model, fn, info)
    try:
        slice_range = _copy_range(store, info, d)
        if fn.cfg_cycle:
            raise CFG_CYCLE.keep_copy(function=fn.name)
        reads = read_points(state.resolved, fn, info.op.results[0])
        d.reads = [model.names.describe(r.op) for r in reads]
        if not reads:
            # Nothing to gain, and erasing the copy would change how IREE 3.13 schedules the code
            # around it: its concurrency pass can move a read after a later in-place write (the
            # upstream fault G1, tests/upstream_faults/), which an unused copy in a region prevents.
            raise UNREAD.keep_copy()
        src = copied_from(info)
        loop = loop_context(fn, info, reads) if info.in_loop else None
        query = SliceQuery(state.resolved, store, fn, info, reads, slice_range, loop)
        for w, acc in writes_to_storage_of(state.resolved, fn, src):
            for check in _checks(query, w, acc):
                d.checks.append(check)
                if not check.safe:
                    d.counterexample = check.counterexample
                    d.counterexample_arguments = _arguments_named(model, fn, check.counterexample)
                    message, fields = unexcused_write(check, d.range or [])
                    raise message.keep_copy(**fields)
        d.checks.extend(_check_callers(state, fn, src))
    except KeepCopy as why:
        d.keep(str(why), ReasonCode(why.code))
        return d
    d.decision = Decision.ALIAS
    d.facts_used = sorted({f for c in d.checks for f in c.facts_used})
    d.reason, d.reason_code = alias_reason(d), ReasonCode.ALIASED
    if info.op.name == ASYNC_SLICE:
        d.live_versions = live_versions(state.resolved, fn, info, d.checks)
    return d


def _checks(query: SliceQuery, w: OpInfo, acc: Access) -> list[WriteCheck]:
    loop = query.loop
    if loop is not None and loop.op in w.loops:
        return query.check_write_in_loop(w, acc)
    if loop is not None and ordered_before_every_iteration(query.fn, w, loop):
        return [query.ordered(w, acc, Verdict.ORDERED_BEFORE, "every iteration's slice depends on this write")]
    return [query.check_write(w, acc)]


def _copy_range(store: FactStore, info: OpInfo, d: SliceDecision) -> ByteRange:
    """The bytes of its source a candidate copies: a slice's range (when its result size is
    provably that range's length: IREE copies ``result_size`` bytes), a transfer's whole
    source."""
    if info.name == ASYNC_SLICE:
        read = info.effects.accesses[0]  # (the table's: the source over [source_offset, source_end))
        start, end = store.expr(read.start), store.expr(read.end)
        d.range = [pretty(start), pretty(end)]
        rng = store.access_range(read)
        if rng is None:
            raise UNPROVEN_RESULT_SIZE.keep_copy()
        return rng
    rng = ByteRange(sympy.Integer(0), store.expr(info.op.opview.source_size))
    d.range = [pretty(rng.start), pretty(rng.end)]
    return rng


def _check_callers(state: _Settled, fn: FunctionModel, src: ir.Value) -> list[WriteCheck]:
    """If the source's storage comes in through arguments of ``fn``, the callers' writes to it
    must be ordered around every call (settled :class:`.ArgumentStable` answers)."""
    model, storage = state.resolved.model, state.resolved.storage
    checks = []
    args = fn.arguments
    for i, arg in enumerate(args):
        if not is_resource(arg) or not (storage.same_base(arg, src) or storage.may_alias(arg, src)):
            continue
        stable = state.stability.of(ArgumentOf(fn.name, i))
        if not stable.stable:
            raise RACY_ARGUMENT.keep_copy(argument=model.names.name(arg), function=fn.name, why=stable.why)
        checks.append(_around_calls(model, fn, f"argument {model.names.name(arg)}", ArgumentOf(fn.name, i)))
    for g in _globals_of(state.resolved, src):
        stable = state.stability.of(GlobalSeenBy(fn.name, g))
        if not stable.stable:
            raise RACY_GLOBAL.keep_copy(name=g, why=stable.why)
        if model.call_sites(fn.name):
            checks.append(_around_calls(model, fn, f"global @{g}", GlobalSeenBy(fn.name, g)))
    if storage.has_opaque_arrival(src) and not storage.globals_in_base(src):
        raise STORAGE_FROM_OUTSIDE.keep_copy()
    return checks


def _arguments_named(model: ModuleModel, fn: FunctionModel, values: dict[str, int] | None) -> dict[str, int]:
    """The symbols of ``values`` (a counterexample) that stand for an argument of ``fn``, with
    the argument's index."""
    if not values:
        return {}
    arguments = list(fn.arguments)
    out = {}
    for symbol, value in model.translator.symbols_of(fn.op):
        if symbol.name in values and value in arguments:
            out[symbol.name] = arguments.index(value)
    return out


def _globals_of(resolved: Resolved, src: ir.Value) -> list[str]:
    """The resource globals whose buffer ``src`` may be (directly, or through an argument or
    a value arriving mid-call): each needs its callers' writes ordered around the calls."""
    return resolved.storage.globals_it_may_be(src, resolved.resource_globals)


def _around_calls(model: ModuleModel, fn: FunctionModel, what: str, subject: StoragePosition) -> WriteCheck:
    """The claim that every caller's writes to ``what`` are ordered around the calls of ``fn``
    (re-derived from the settled :class:`.ArgumentStable` of ``subject``)."""
    return WriteCheck(
        op=f"callers of @{fn.name}",
        location=model.names.location(fn.op),
        position=model.names.position(fn.op),
        range=None,
        verdict=Verdict.ORDERED_AROUND_CALLS,
        detail=f"every caller's writes to {what} are ordered around the call",
        argument=subject,
    )


def _new_decision(model: ModuleModel, fn: FunctionModel, info: OpInfo) -> SliceDecision:
    op = info.op
    return SliceDecision(
        kind="slice" if info.name == ASYNC_SLICE else "transfer",
        function=fn.name,
        slice=model.names.printed(op),
        location=model.names.location(op),
        result=model.names.name(op.results[0]),
        source=model.names.name(copied_from(info)),
        decision=Decision.KEEP,
        reason="",
        range=None,
        position=model.names.position(op),
        op=op,
    )
