"""Turn proven-safe copies into aliases of their source.

Two alias forms exist, and what each does downstream decides which we emit (measured on IREE
3.13, see ``tests/regressions``):

* **folding** the slice into each consumer's access range, upstream's own form (as in
  ``ElideAsyncCopies.cpp``): a dispatch operand ``%r[a to b for n]`` becomes
  ``%src[o+a to o+b for n]``, a copy source likewise, a load offset ``o+off``, a nested slice
  ``%src[o+a to o+b]``, and an update from the slice becomes a copy from the source. The
  consumer then names the source itself, so IREE keeps the source alive for it.
* a **subview** ``stream.resource.subview %src[%o] : T{%n} -> T{%len}`` for consumers that need
  the alias as a value (call operands, transfers, scf region edges). IREE 3.13 does not extend
  the source's lifetime for it: a subview of *transient* storage read across an execution
  boundary reads freed memory, and a subview of a subview with a symbolic offset crashes the
  stream phase. So a subview is only emitted over storage IREE never frees (a global's buffer
  or an imported one, followed through in-place updates); otherwise the copy stays, with that
  reason in the log. When the source was consumed in place before the consumer (by writes the
  rule proved disjoint from the slice), the subview is of the storage's *live version* there
  (the analysis's :class:`~stream_model.report.decisions.LiveVersion` claim), built right before the
  consumer: the source value itself is dead there for IREE.

A same-device, same-type ``stream.async.transfer`` (a copy of a whole resource) is replaced by
its source.

All-or-nothing: decisions are computed first, then applied, then the module is verified. A
module that fails to verify before the rewrite is never touched; a rewrite that would produce
an invalid module raises :class:`RewriteError` (the compile stops and writes nothing).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field, replace

from iree.compiler import ir
from iree.compiler.dialects import arith, stream

from stream_model import Analysis, AnalysisOptions, Decision, ModuleModel, SliceDecision, analyze
from stream_model.interproc.resolved import resolve_calls
from stream_model.ir.util import (
    DISPATCH_OPERAND_SEGMENTS,
    FUNCTION_OPS,
    ModuleScope,
    defined_inside,
    defining_op,
    modules_with_functions,
    operand_segments,
    parent_op,
    parent_op_of_block,
    user_op,
)
from stream_model.model.program import FunctionModel
from stream_model.model.versions import live_version
from stream_model.postsplice import PostSplice, folds
from stream_model.report.decisions import LiveVersion
from stream_model.report.messages import (
    SAFE_BUT_IREE_LIMITATION,
    SAFE_BUT_MERGED,
    SAFE_BUT_NOT_REPRESENTABLE,
    Message,
)
from stream_model.rule.claims import keep_unproven, unproven_claims
from stream_model.semantics import ops
from stream_model.semantics.region_flow import (
    REGION_FLOW,
    ResultsReady,
    captured_by,
    is_device_region,
    is_device_terminator,
    is_resource,
    tied_operands,
    yielded_as,
)

from ..errors import RewriteError as RewriteError  # (re-exported: raised by the rewrite)
from ..pipeline.collector import leave, no_collector_pauses
from ..pipeline.runner import verify_errors
from ..repair.diagnostics import ERROR
from ..repair.shared_globals import separate_shared_globals
from .report import RewriteReport as RewriteReport  # (re-exported: what the rewrite returns)
from .report import merged_reports as merged_reports
from .report import nothing_to_rewrite

# Lifetimes whose storage is never freed while the program can reach it, when the buffer is a
# global's or an imported one (ops below): a subview of it stays valid wherever it is read.
PERSISTENT_LIFETIMES = ("!stream.resource<variable>", "!stream.resource<constant>", "!stream.resource<external>")
PERSISTENT_PRODUCERS = (ops.GLOBAL_LOAD, ops.TENSOR_IMPORT)


def _verify(module: ir.Module) -> bool:
    return verify_errors(module) is None


def elide_slices(
    module: ir.Module,
    *,
    apply: bool = True,
    annotate: bool = False,
    options: AnalysisOptions | None = None,
    max_iterations: int | None = None,
    timeout_ms: int | None = None,
    source: str | None = None,
    filename: str | None = None,
    verified: bool = False,
) -> RewriteReport:
    """Analyse every slice of ``module`` and, if ``apply``, replace the safe ones by aliases.

    ``module`` is stream-async IR (at the splice point, or scheduled): anything earlier or later
    raises :class:`~stream_model.WrongPhaseError` (from the model of each module) rather than
    reporting nothing to do. Every
    module that holds functions is analysed: ``module`` itself and the modules nested in it
    (their decisions name functions ``inner::@f``). ``options`` says how hard the analysis
    tries (:class:`~stream_model.AnalysisOptions`; ``max_iterations``/``timeout_ms`` set the
    same fields, for older callers). ``source`` and ``filename`` (the text the module was
    parsed from, and its path) only make the log name values as the user wrote them.
    ``annotate`` (analysis only, like One-Shot Bufferize's test mode) leaves every copy in place
    and writes its decision on it as attributes (:data:`DECISION_ATTR`, :data:`REASON_ATTR`),
    so IR tests can check decisions on the IR.
    ``verified``: the caller verifies ``module`` before the call and after it, as a
    :func:`~rewriter.pipeline.compile_file` hook's caller does (IREE's pass manager verified
    the module it hands over, and the driver verifies what the hook leaves): the rewrite then
    does not verify it a second time on the compile's path. Anyone else leaves it False.
    """
    if annotate and apply:
        raise ValueError("annotate leaves the module unrewritten: pass apply=False")
    options = _options(options, max_iterations, timeout_ms)
    if not verified and not _verify(module):
        raise RewriteError("the input module does not verify; refusing to rewrite it")
    empty = nothing_to_rewrite(module)
    if empty is not None:
        return empty
    reports = []
    with no_collector_pauses():
        for scope in modules_with_functions(module):
            reports.append(_elide_slices(scope, apply, options, source, filename, verified))
    report = merged_reports(reports)
    if annotate:
        _annotate(module, report.decisions)
    return report


def apply_analysis(analysis: Analysis) -> RewriteReport:
    """Rewrite the module ``analysis`` was made of (``analyze(ModuleModel(module), options)``),
    without analysing it again: the same decisions, downgrades, rewrite and report as
    :func:`elide_slices`, for a caller that looked at the decisions first. The module must not
    have changed since; an analysis is applied once. Shared globals are reported, not repaired
    (the repair changes the module before the analysis: :func:`elide_slices` does it)."""
    if getattr(analysis, _APPLIED, False):
        raise RewriteError("this analysis was applied already: its ops are gone from the module")
    if not _verify(analysis.model.module):
        raise RewriteError("the input module does not verify; refusing to rewrite it")
    setattr(analysis, _APPLIED, True)
    started = time.perf_counter()
    diagnostics = separate_shared_globals(analysis.resolved, fix=False)  # (read before ops go)
    with no_collector_pauses():
        report = _apply(analysis, True, started)
    report.diagnostics = diagnostics
    return report


_APPLIED = "_slice_elision_applied"


def _options(options: AnalysisOptions | None, max_iterations: int | None, timeout_ms: int | None) -> AnalysisOptions:
    if options is not None and (max_iterations is not None or timeout_ms is not None):
        raise ValueError("pass options=AnalysisOptions(...) or max_iterations/timeout_ms, not both")
    if options is not None:
        return options
    options = AnalysisOptions(max_iterations=max_iterations)
    if timeout_ms is not None:
        options = replace(options, timeout_ms=timeout_ms)
    return options


def _elide_slices(
    scope: ModuleScope,
    apply: bool,
    options: AnalysisOptions,
    source: str | None,
    filename: str | None,
    verified: bool = False,
) -> RewriteReport:
    started = time.perf_counter()
    model = ModuleModel(scope, source, filename)
    resolved = resolve_calls(model, options.max_iterations)
    diagnostics = separate_shared_globals(resolved, fix=apply)
    errors = [d for d in diagnostics if d.severity == ERROR]
    if errors:
        raise RewriteError(errors[0].message + " (no output written)")
    if any(d.fixed for d in diagnostics):
        model = ModuleModel(scope, source, filename)  # storage changed: model the repaired module
        resolved = resolve_calls(model, options.max_iterations)
        if resolved.shared_globals:
            raise RewriteError("internal error: the shared-globals repair left globals sharing a buffer")
    analysis: Analysis = analyze(model, options, resolved)
    report = _apply(analysis, apply, started, verify=not verified)
    report.diagnostics = diagnostics
    for d in report.decisions:
        d.function = scope.symbol_path + d.function
    leave(analysis)  # (the model and the solvers' state: freed where the caller has time)
    return report


def _apply(analysis: Analysis, apply: bool, started: float, verify: bool = True) -> RewriteReport:
    """Check the claims, keep what IREE would not honour, and (``apply``) rewrite; ``verify``
    the rewritten module (unless the caller does)."""
    module = analysis.model.module
    unproven = unproven_claims(analysis)
    for index, problem in unproven:
        keep_unproven(analysis.decisions[index], problem)
    plans = _keep_unrepresentable(analysis)
    if apply:
        # Every replacement was planned before touching the IR: the bindings hash an op by its
        # contents, so the model's op tables stop answering once operands change.
        with module.context, ir.Location.unknown(module.context):
            dead: list[ir.Operation] = []
            replaced: list[tuple[ir.Value, ir.Value]] = []  # values of ops a fold replaced
            for plan in plans:
                _replace_with_alias(plan, dead, replaced)
            # Erased last and users first (an aliased slice of an aliased slice still uses the
            # outer one until it goes): erasing an op with live uses corrupts memory.
            for op in reversed(dead):
                if any(len(list(r.uses)) for r in op.results):
                    raise RewriteError(
                        f"internal error: {op.name} still has uses after the rewrite (no output written)"
                    )
                op.erase()
        if verify and any(d.decision is Decision.ALIAS for d in analysis.decisions) and not _verify(module):
            raise RewriteError("internal error: the rewritten module does not verify (no output written)")
    return RewriteReport(
        decisions=analysis.decisions,
        aliased=sum(d.decision is Decision.ALIAS for d in analysis.decisions),
        kept=sum(d.decision is Decision.KEEP for d in analysis.decisions),
        analysis_seconds=time.perf_counter() - started,
        iterations=analysis.iterations,
        unproven_claims=[problem for _, problem in unproven],
    )


#: The attributes ``annotate`` writes on each copy: its decision, and why.
DECISION_ATTR = "slice_elision.decision"
REASON_ATTR = "slice_elision.reason"


def _annotate(module: ir.Module, decisions: list[SliceDecision]) -> None:
    with module.context:
        for decision in decisions:
            decision.op.attributes[DECISION_ATTR] = ir.StringAttr.get(str(decision.decision))
            decision.op.attributes[REASON_ATTR] = ir.StringAttr.get(decision.reason)


# -- which form -----------------------------------------------------------------------------


def _keep_unrepresentable(analysis: Analysis) -> list[_Plan]:
    """Downgrade to *keep* every safe copy whose alias IREE would not honour downstream, and
    return the plans of the aliases that remain (in program order):

    * a consumer that needs the alias as a value, over storage IREE may free (a subview of it
      can outlive the storage; see the module docstring);
    * a consumer reached after the source *value* was consumed in place in another block, or,
      for a subview or a transfer, after it was consumed at all without a live version the
      analysis claims there: the alias would resurrect a use of a value IREE treats as dead
      after its tied op.

    A plan depends on which other slices are aliases (an alias of an alias reads the root
    source; a use by another aliased slice is that slice's to plan), so after a downgrade every
    remaining alias is planned and checked again, until none changes.
    """
    model = analysis.model
    aliased = {op for op, d in zip(analysis.ops, analysis.decisions) if d.decision is Decision.ALIAS}
    decision_of = dict(zip(analysis.ops, analysis.decisions))
    while True:
        plans: list[_Plan] = []
        downgraded = False
        for op, decision in zip(analysis.ops, analysis.decisions):
            if op not in aliased:
                continue
            plan = _plan(model, op, aliased, decision_of)
            why = _unrepresentable(model, plan, analysis.post_splice)
            if why:
                decision.keep(why[1].text(why=why[0]), why[1].code)
                aliased.discard(op)
                downgraded = True
            else:
                plans.append(plan)
        if not downgraded:
            for plan in plans:
                _log_live_versions(model, plan, decision_of[plan.op])
            return plans


def _unrepresentable(model: ModuleModel, plan: _Plan, post_splice: PostSplice) -> tuple[str, Message] | None:
    """Why IREE would not honour the alias of ``plan`` downstream, and the class of that
    reason; None when it would."""
    op = plan.op
    source = plan.root
    inside = _offset_computed_in_a_region(model, plan)
    if inside:
        return inside, SAFE_BUT_NOT_REPRESENTABLE
    twin = _fold_makes_a_twin(post_splice, plan)
    if twin:
        return twin, SAFE_BUT_MERGED
    if _is_rematerialisable_clone(source):
        return (
            "its source is a clone that IREE 3.13 may turn back into a second dispatch and merge "
            "across execution regions (an upstream fault the alias would expose)",
            SAFE_BUT_IREE_LIMITATION,
        )
    beside = _beside_a_capture_merge(post_splice, plan)
    if beside:
        return beside, SAFE_BUT_IREE_LIMITATION
    for owner, _, foldable, live in plan.uses:
        needs_value = not foldable
        if plan.reroutes and _yields_out_of_concurrent(owner):
            continue  # a subview nobody reads
        storage = source
        if live is not None and needs_value and live != source and op.name == ops.ASYNC_SLICE:
            claim = plan.live_version(owner, live)
            if claim is None or not claim.proven:
                why = f"; no live version of the storage there holds it: {claim.detail}" if claim is not None else ""
                return (
                    f"{model.names.describe(op)}'s source is consumed in place before {owner.name} reads the alias; "
                    f"the alias would use a value IREE treats as dead{why}",
                    SAFE_BUT_NOT_REPRESENTABLE,
                )
            storage = live
        elif live is None or (needs_value and live != source):
            claim = plan.live_version(owner, live) if live is None else None
            why = f"; no live version of the storage there holds it: {claim.detail}" if claim is not None else ""
            return (
                f"{model.names.describe(op)}'s source is consumed in place before {owner.name} reads the alias; "
                f"the alias would use a value IREE treats as dead{why}",
                SAFE_BUT_NOT_REPRESENTABLE,
            )
        if needs_value and op.name == ops.ASYNC_SLICE and not _persistent_storage(model.function_of(op), storage):
            return (
                f"{owner.name} needs the alias as a value: a stream.resource.subview of storage this "
                f"function allocates ({storage.type}), which IREE 3.13 may free before the subview is read",
                SAFE_BUT_IREE_LIMITATION,
            )
        if needs_value and _yields_out_of_concurrent(owner) and not all(_is_zero(o) for o in plan.offsets):
            return (
                "the alias leaves its concurrent region as a value: IREE 3.13's schedule-allocation drops the "
                "offset of a stream.resource.subview yielded from a stream.async.concurrent region (found by the "
                "campaign), so only a subview at offset 0 is honoured there",
                SAFE_BUT_IREE_LIMITATION,
            )
    return None


def _log_live_versions(model: ModuleModel, plan: _Plan, decision: SliceDecision) -> None:
    """Say in the reason which live version each consumer that needs a value reads, and why."""
    for owner, _, foldable, live in plan.uses:
        claim = None if foldable or live is None or live == plan.root else plan.live_version(owner, live)
        if claim is not None:
            decision.reason += (
                f"; {model.names.describe(owner)} needs the alias as a value: a subview of {claim.version}, "
                f"because {claim.detail}"
            )


def _offset_computed_in_a_region(model: ModuleModel, plan: _Plan) -> str | None:
    """Scheduled IR: the alias's offsets are summed right before the outermost execution region
    around its consumer (IREE 3.13 rejects index arithmetic inside one: "unhandled async op
    arith.addi during allocation"), so every term must be available there. A constant defined
    inside the region is rebuilt outside it (:meth:`_Alias.shifted`); any other value defined
    inside cannot be, and the copy stays."""
    rerouted = [(owner, n, True) for r in plan.reroutes for owner, n in r.uses]
    for owner, operand_number, foldable in [(o, n, f) for o, n, f, _ in plan.uses] + rerouted:
        anchor = _outside_execution_regions(owner)
        if anchor == owner:
            continue
        terms = plan.offsets + (folds.shifted_operands(owner, operand_number) if foldable else [])
        for term in terms:
            if not _is_zero(term) and defined_inside(term, anchor) and _constant_attr(term) is None:
                return (
                    f"the alias's offset needs {model.names.name(term)}, which is computed inside the execution "
                    "region of its consumer, and IREE 3.13 allows no index arithmetic there"
                )
    return None


def _fold_makes_a_twin(post_splice: PostSplice, plan: _Plan) -> str | None:
    """Folding the alias into a consumer that a fold may make identical to another producer
    (:attr:`~stream_model.postsplice.PostSplice.fold_twins`): IREE's CSE after the splice would
    make the two one buffer, which the program (and the analysis) mean to be two."""
    model, twins = post_splice.model, post_splice.fold_twins
    folded = [owner for owner, _, foldable, _ in plan.uses if foldable]
    folded += [owner for reroute in plan.reroutes for owner, _ in reroute.uses]  # (through a capture)
    for owner in folded:
        twin = next((twins[r] for r in owner.results if r in twins), None)
        if twin is not None:
            return (
                f"folding it into {model.names.describe(owner)} can make that op identical to "
                f"{model.names.describe(defining_op(twin))}, and IREE merges identical producers after the splice"
            )
    return None


def _beside_a_capture_merge(post_splice: PostSplice, plan: _Plan) -> str | None:
    """The alias would change the ops of a block holding two producers IREE 3.13 merges across
    a concurrent region's captures (:mod:`stream_model.postsplice.capture_merges`): the slice leaves
    the block, and each consumer's operands change. Which ops share a wave there is IREE's
    choice, so the block stays exactly as the program wrote it: the tool's build then fails to
    compile only where stock's does."""
    model, merges = post_splice.model, post_splice.capture_merges
    if not merges:
        return None  # (most modules: no block holds such a pair)
    fn = model.function_of(plan.op)
    touched = [plan.op] + [owner for owner, _, _, _ in plan.uses]
    touched += [owner for reroute in plan.reroutes for owner, _ in reroute.uses]
    for op in touched:
        info = fn.info(op)
        merge = merges.get((fn.op, info.block_id)) if info is not None else None
        if merge is None:
            continue
        how = "a clone IREE dispatches again as the first" if merge.recomputed else "equal ops CSE merges into one"
        return (
            f"its block also holds {model.names.describe(merge.first)} and {model.names.describe(merge.second)} "
            f"({how}); IREE 3.13's scheduling may leave the first alone in the execution region and put the second "
            "in a concurrent region, where CSE merges them across the region's captures and the compile fails "
            "('stream.yield' op used resource not listed in explicit captures: an upstream fault); which ops share "
            "a wave is IREE's choice, and the alias would change the block's ops"
        )
    return None


def _visible_at(value: ir.Value, op: ir.Operation) -> bool:
    """May ``op`` use ``value``: is the region op whose block defines it around ``op``? (A value
    of a function's body is taken as visible: folds never move a use across its blocks.)"""
    owner = value.owner
    scope = parent_op_of_block(owner) if isinstance(owner, ir.Block) else parent_op(getattr(owner, "operation", owner))
    if scope is None or scope.name in FUNCTION_OPS:
        return True
    holder = parent_op(op)
    while holder is not None:
        if holder == scope:
            return True
        holder = parent_op(holder)
    return False


def _constant_attr(value: ir.Value) -> ir.Attribute | None:
    op = defining_op(value)
    if isinstance(op, ir.Operation) and op.name == ops.ARITH_CONSTANT:
        return op.attributes["value"]
    return None


def _yields_out_of_concurrent(owner: ir.Operation) -> bool:
    flow = REGION_FLOW.get(owner.parent.name) if owner.parent is not None else None
    return is_device_terminator(owner) and flow is not None and flow.results_ready is ResultsReady.AT_END


def _persistent_storage(fn: FunctionModel, value: ir.Value) -> bool:
    """Is ``value`` a version of a buffer IREE keeps for the whole call: a global's (loaded,
    then updated in place any number of times) or an imported one? Followed back through tied
    operands. The lifetime in the type is not enough: a slice of a global is a fresh
    allocation typed ``!stream.resource<variable>``, freed after its last use, and IREE does
    not count a subview's reads as uses (a call would read a freed copy)."""
    while True:
        if not str(value.type).startswith(PERSISTENT_LIFETIMES):
            return False
        producer = defining_op(value)
        if producer is None:
            captured = _captured_operand(value)
            if captured is None:
                return False  # a block argument: whatever the caller or the loop passes
            value = captured
            continue
        flow = REGION_FLOW.get(producer.name)
        if flow is not None and flow.results_ready is ResultsReady.AT_END:
            value = _yielded(producer, value)  # a concurrent region's result is what it yields
            continue
        info = fn.info(producer)
        if info is None:
            return False
        if info.op.name in PERSISTENT_PRODUCERS:
            return True
        operand = next((o for r, o in info.effects.tied if r == value), None)
        if operand is None:
            return False  # fresh storage of this function
        value = operand


def _captured_operand(value: ir.Value) -> ir.Value | None:
    """For a block argument of an execution or concurrent region (``%x as %arg``), the
    captured value ``%x``: the same storage. None for any other value."""
    capture = captured_by(value)
    return capture[1] if capture is not None else None


def _yielded(region_op: ir.Operation, result: ir.Value) -> ir.Value:
    """The value a concurrent region yields as ``result``."""
    produced = yielded_as(result)
    assert produced is not None and produced[0] == region_op, "not a result of the region"
    return produced[1]


def _is_rematerialisable_clone(value: ir.Value) -> bool:
    op = defining_op(value)
    if not isinstance(op, ir.Operation) or op.name != ops.ASYNC_CLONE:
        return False
    src_owner = op.operands[0].owner
    src_op = getattr(src_owner, "operation", src_owner)
    return not (isinstance(src_op, ir.Operation) and src_op.name == ops.GLOBAL_LOAD)


# -- applying -------------------------------------------------------------------------------


@dataclass(slots=True)
class _Plan:
    """One alias to make, planned on the unmodified IR: the copy op, the bytes it stands for
    (through aliased slices of aliased slices, down to their root source), and for each use of
    its result the consumer, the operand position, whether it folds, and the live version of
    the root source to read there. Uses by other aliased slices are left to their own plans."""

    op: ir.Operation
    root: ir.Value
    root_size: ir.Value
    offsets: list[ir.Value]
    uses: list[tuple[ir.Operation, int, bool, ir.Value]]
    # The analysis's live-version claims about ``root`` (those of the decision of the slice
    # whose source ``root`` is): which version of its storage holds the bytes at a consumer.
    live_versions: list[LiveVersion] = field(default_factory=list)
    # Scheduled IR: the alias leaves its concurrent region only to be captured by others, whose
    # uses all fold. Each such capture is rerouted to the root's captured value (its live
    # version there), and those uses fold (see :func:`_reroutes`); the slice's own yield then
    # carries a subview nobody reads.
    reroutes: list[_Reroute] = field(default_factory=list)

    def live_version(self, consumer: ir.Operation, live: ir.Value | None) -> LiveVersion | None:
        """The claim about ``consumer`` naming ``live`` (the version the plan found there), or
        the one that says why there is none; None when the analysis says nothing."""
        mine = [lv for lv in self.live_versions if lv.consumer_op == consumer]
        return next((lv for lv in mine if lv.proven and lv.value == live), None) or next(
            (lv for lv in mine if not lv.proven), None
        )


@dataclass(slots=True)
class _Reroute:
    """Capture ``index`` of concurrent region ``region`` (the alias) becomes ``value`` (the
    root's storage, whole, ``size`` bytes); ``uses`` (owner, operand number) of its block
    argument fold."""

    region: ir.Operation
    index: int
    value: ir.Value
    size: ir.Value
    uses: list[tuple[ir.Operation, int]]


def _plan(
    model: ModuleModel,
    op: ir.Operation,
    aliased: set[ir.Operation],
    decision_of: dict[ir.Operation, SliceDecision],
) -> _Plan:
    fn = model.function_of(op)
    view = op.opview
    if op.name == ops.ASYNC_TRANSFER:
        uses = [
            (owner, use.operand_number, False, model.live_version_at(fn, view.source, owner))
            for use in op.results[0].uses
            for owner in [user_op(use)]
        ]
        return _Plan(op, view.source, view.source_size, [], uses)
    root, size, offsets = view.source, view.source_size, [view.source_offset]
    root_op = op
    producer = root.owner if not isinstance(root.owner, ir.Block) else None
    producer = getattr(producer, "operation", producer)
    while producer is not None and producer.name == ops.ASYNC_SLICE and producer in aliased:
        root_op = producer
        pview = producer.opview
        root, size = pview.source, pview.source_size
        offsets.insert(0, pview.source_offset)
        producer = root.owner if not isinstance(root.owner, ir.Block) else None
        producer = getattr(producer, "operation", producer)
    uses = []
    reroutes: list[_Reroute] = []
    for use in op.results[0].uses:
        owner = user_op(use)
        if owner.name == ops.ASYNC_SLICE and owner in aliased:
            continue
        found = (
            _reroutes(fn, owner, use.operand_number, root, size, aliased) if _yields_out_of_concurrent(owner) else None
        )
        if found is not None:
            reroutes += found
            uses.append((owner, use.operand_number, False, root))  # the yield: a subview nobody reads
            continue
        uses.append((owner, use.operand_number, folds.foldable(use), model.live_version_at(fn, root, owner)))
    return _Plan(op, root, size, offsets, uses, decision_of[root_op].live_versions, reroutes)


def _reroutes(
    fn: FunctionModel,
    yield_op: ir.Operation,
    k: int,
    root: ir.Value,
    size: ir.Value,
    aliased: set[ir.Operation],
) -> list[_Reroute] | None:
    """The alias is yielded as result ``k`` of its concurrent region: if every use of that
    result is a capture by another concurrent region whose block argument only feeds foldable
    consumers (no slices), and the root is a captured value of the alias's region, the captures
    can read the root's storage instead (its live version at each capture, same type). None
    otherwise, and when the captured value is itself a slice becoming an alias: its own plan
    replaces its uses before this one would add a new one."""
    region = yield_op.parent.operation
    outer = _captured_operand(root)
    if outer is None or _parent_region(root) != region:
        return None
    producer = defining_op(outer)
    if producer is not None and producer.name == ops.ASYNC_SLICE and producer in aliased:
        return None
    result = [r for r in region.results if is_resource(r)][k]
    found = []
    # In program order: use lists are in no particular order (a parsed module and the same
    # module scheduled in process list them differently), and the rewrite must not depend on it.
    for use in sorted(result.uses, key=lambda u: (_position(fn, user_op(u)), u.operand_number)):
        capture = user_op(use)
        flow = REGION_FLOW.get(capture.name)
        if flow is None or not (flow.device_body and flow.alias_followed):
            return None
        index = use.operand_number
        if index >= len(list(capture.opview.resource_operands)):
            return None
        arg = list(capture.regions[0].blocks[0].arguments)[index]
        if arg.type != outer.type or index in tied_operands(capture.opview):
            return None  # (a result tied to the capture would become the whole source)
        arg_uses = sorted(((user_op(u), u.operand_number) for u in arg.uses), key=lambda x: (_position(fn, x[0]), x[1]))
        if not all(folds.foldable(u) and user_op(u).name != ops.ASYNC_SLICE for u in arg.uses):
            return None
        live = live_version(fn, outer, fn.info(capture))
        if live is None:
            return None
        found.append(_Reroute(capture, index, live, size, arg_uses))
    return found or None


def _position(fn: FunctionModel, op: ir.Operation) -> int:
    info = fn.info(op)
    return -1 if info is None else info.index


def _parent_region(value: ir.Value) -> ir.Operation | None:
    block = value.owner
    if not isinstance(block, ir.Block):
        return None
    return parent_op_of_block(block)


def _resolve(value: ir.Value, replaced: list[tuple[ir.Value, ir.Value]]) -> ir.Value:
    """A planned value, or what replaced it (an update turned into a copy by an earlier fold)."""
    for old, new in replaced:
        if value == old:
            return _resolve(new, replaced)
    return value


def _replace_with_alias(plan: _Plan, dead: list[ir.Operation], replaced: list[tuple[ir.Value, ir.Value]]) -> None:
    op = plan.op
    view = op.opview
    dead.append(op)
    if op.name == ops.ASYNC_TRANSFER:
        op.results[0].replace_all_uses_with(view.source)
        return
    for reroute in plan.reroutes:
        region = reroute.region
        sizes_at = list(ir.DenseI32ArrayAttr(region.attributes["operandSegmentSizes"]))[0]
        region.operands[reroute.index] = _resolve(reroute.value, replaced)
        region.operands[sizes_at + reroute.index] = reroute.size
        arg = list(region.regions[0].blocks[0].arguments)[reroute.index]
        for owner, operand_number in reroute.uses:
            _fold_into(owner, operand_number, _Alias(arg, reroute.size, plan.offsets), dead, replaced)
    needs_value = False
    for owner, operand_number, foldable, live in plan.uses:
        if foldable:
            alias = _Alias(_resolve(live, replaced), plan.root_size, plan.offsets)
            _fold_into(owner, operand_number, alias, dead, replaced)
        elif live != plan.root:
            # A live version the analysis claims (``_unrepresentable`` kept the copy otherwise):
            # it is defined after the slice, so the subview goes right before its consumer.
            version = _resolve(live, replaced)
            offset = _Alias(version, plan.root_size, plan.offsets).shifted(None, owner)
            with op.location, ir.InsertionPoint(owner):
                sub = stream.ResourceSubviewOp(
                    version,
                    _version_size(version, plan.root_size),
                    offset,
                    view.result_size,
                    results=[view.result.type],
                )
            owner.operands[operand_number] = sub.result
        else:
            needs_value = True
    if needs_value:
        offset = _Alias(plan.root, plan.root_size, plan.offsets).shifted(None, op)
        with op.location, ir.InsertionPoint(op):
            sub = stream.ResourceSubviewOp(
                plan.root, plan.root_size, offset, view.result_size, results=[view.result.type]
            )
        op.results[0].replace_all_uses_with(sub.result)


def _version_size(value: ir.Value, root_size: ir.Value) -> ir.Value:
    """The size of a version of the storage, as the in-place op that made it states it: its
    target's size, or a dispatch's size of that result; else the root's (an in-place op does
    not resize its storage). Not ``stream.resource.size``: on a dispatch result that is a host
    query of a partition's output, and IREE 3.13's execution scheduling then fails with a
    circular dependency (``tests/e2e/test_live_version.py``)."""
    producer = defining_op(value)
    if producer is None:
        return root_size
    size = getattr(producer.opview, "target_size", None)
    if isinstance(size, ir.Value):
        return size
    if producer.name == ops.ASYNC_DISPATCH:
        resources = [r for r in producer.results if is_resource(r)]
        sizes = operand_segments(producer, DISPATCH_OPERAND_SEGMENTS)["result_sizes"]
        if len(sizes) == len(resources) and value in resources:
            return sizes[resources.index(value)]
    return root_size


@dataclass(slots=True)
class _Alias:
    """The bytes a slice result stands for: ``source[sum(offsets), ...)``."""

    source: ir.Value
    size: ir.Value
    offsets: list[ir.Value]

    def shifted(self, value: ir.Value | None, before: ir.Operation) -> ir.Value:
        """``sum(offsets) + value`` as an index value, built right before ``before`` (before the
        execution region holding it, in scheduled IR: IREE 3.13 allows only async ops inside
        one, and every index value they use is defined outside it)."""
        terms = [v for v in self.offsets + ([value] if value is not None else []) if not _is_zero(v)]
        if not terms:
            terms = [value if value is not None else self.offsets[0]]
        if len(terms) == 1 and _visible_at(terms[0], before):
            return terms[0]
        anchor = _outside_execution_regions(before)
        with before.location, ir.InsertionPoint(anchor):
            # A constant defined inside the region is rebuilt here, where the sum is (planned:
            # ``_offset_computed_in_a_region`` kept the copy for any other value defined there).
            terms = [_constant_outside(t, anchor) for t in terms]
            total = terms[0]
            for term in terms[1:]:
                total = arith.AddIOp(total, term).result
        return total


def _constant_outside(value: ir.Value, anchor: ir.Operation) -> ir.Value:
    """``value``, or an equal constant built at the insertion point when ``value`` is a constant
    defined inside ``anchor``."""
    attr = _constant_attr(value)
    if attr is None or not is_device_region(anchor) or not defined_inside(value, anchor):
        return value
    return arith.ConstantOp(value.type, attr).result


def _outside_execution_regions(op: ir.Operation) -> ir.Operation:
    """``op``, or the outermost execution or concurrent region op around it."""
    anchor = op
    parent = op.parent
    while parent is not None and parent.name != "builtin.module":
        if is_device_region(parent.operation):
            anchor = parent.operation
        parent = parent.parent
    return anchor


def _fold_into(
    owner: ir.Operation,
    operand_number: int,
    alias: _Alias,
    dead: list[ir.Operation],
    replaced: list[tuple[ir.Value, ir.Value]],
) -> None:
    if owner.name == ops.ASYNC_DISPATCH:
        _fold_into_dispatch(owner, operand_number, alias)
    elif (slots := folds.fold_slots(owner)) is not None and slots.in_place and slots.size is not None:
        shifted = {p: alias.shifted(owner.operands[p], owner) for p in slots.shifted}
        owner.operands[slots.source] = alias.source
        owner.operands[slots.size] = alias.size
        for p, value in shifted.items():
            owner.operands[p] = value
    elif owner.name == ops.ASYNC_UPDATE:
        replaced.append((owner.results[0], _update_to_copy(owner, alias)))
        dead.append(owner)


def _fold_into_dispatch(op: ir.Operation, operand_number: int, alias: _Alias) -> None:
    """Operand ``operand_number`` of the dispatch reads the alias: read the source instead.

    Operands are addressed by absolute position
    (:func:`~stream_model.postsplice.folds.dispatch_range_positions`): the bindings' segment lists do
    not assign in place."""
    offset_at, end_at, size_at = folds.dispatch_range_positions(op, operand_number)
    new_offset = alias.shifted(op.operands[offset_at], op)
    new_end = alias.shifted(op.operands[end_at], op)
    op.operands[operand_number] = alias.source
    op.operands[offset_at] = new_offset
    op.operands[end_at] = new_end
    op.operands[size_at] = alias.size


def _update_to_copy(op: ir.Operation, alias: _Alias) -> ir.Value:
    """``update %r, %t[a to b]`` writes all of ``%r``: the same as copying ``%r``'s bytes of the
    source, ``copy %src[o to o+n], %t[a to b], n``."""
    view = op.opview
    length = view.update_size
    with op.location, ir.InsertionPoint(op):
        end = alias.shifted(length, op)
        start = alias.shifted(None, op)
        copy = stream.AsyncCopyOp(
            view.target,
            view.target_size,
            view.target_offset,
            view.target_end,
            alias.source,
            alias.size,
            start,
            end,
            length,
            affinity=view.affinity,
            results=[view.result.type],
        )
    op.results[0].replace_all_uses_with(copy.result)
    return copy.result


def _is_zero(value: ir.Value) -> bool:
    op = defining_op(value)
    if not isinstance(op, ir.Operation) or op.name != ops.ARITH_CONSTANT:
        return False
    attr = op.attributes["value"]
    return isinstance(attr, ir.IntegerAttr) and attr.value == 0
