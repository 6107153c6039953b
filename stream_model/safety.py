"""When may a ``stream.async.slice`` become an alias of its source? The safety rule.

**The rule.** A slice ``%r = stream.async.slice %src[%a to %b]`` copies bytes ``[a, b)`` of
``%src`` at the point of the slice. An alias reads those bytes later, at each *read* of ``%r``.
The two agree exactly when no write to those bytes can happen in between. So the slice may alias
its source when:

1. every use of ``%r`` only reads it (dispatch operands that are not tied, copy/update sources,
   loads, transfers, clones, and slices of ``%r`` whose own reads then count as reads of ``%r``).
   A tied (in-place) use would write the source through the alias; a use that lets ``%r``
   escape (export, global store, return, call, region yield, an unknown op) hides later reads;
2. and every write to the source's storage that can execute while the alias is live (found by
   following tied chains, casts, globals and region edges both ways from ``%src``, see
   :mod:`.tied_chains`) either

   * provably touches bytes disjoint from ``[a, b)`` (a z3 proof over the facts), or
   * provably happens before the slice (the slice depends on it through SSA def-use edges), or
   * provably happens after every read of the alias (it depends on each of them).

Anything the model cannot see keeps the copy: an unknown op on the storage, a write whose range
is unknown, storage shared with external buffers at unknown offsets, a solver ``unknown``, a
slice in nested loops or ``scf.while``, or a fixpoint that hit its iteration cap. A slice in the
body of one ``scf.for`` is checked against the same, earlier and later iterations (see
:func:`_check_write_in_loop`).

**Scope.** The writes considered are those of the slice's function (including nested regions)
and of the calls it makes (a call may write any global or external storage). Work of other
invocations is ordered by the invocation boundary: the function's work completes before its
caller continues, as it must for the upstream copy itself to be correct.

The decision and the integer facts it needs (:mod:`.facts`) are DFX elements (:mod:`dfx`), so
that later analyses (call summaries, loops) extend elements rather than rewrite this one; what
is decided, and why, is recorded in :mod:`.decisions`.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Optional

import sympy
from iree.compiler import ir

from dfx import AbstractElement, BooleanState, ChangeStatus, Solver

from .calls import CalleeSummary, call_effects, callee_name
from .decisions import SliceDecision, WriteCheck, alias_reason, keep_reason
from .facts import Facts, FunctionFacts, IndexExpr, bound_expr
from .program import FunctionModel, ModuleModel, OpInfo
from .proofs import ByteRange, Fact, Proof, prove_disjoint
from .semantics import Access, Kind, carries_order, is_resource
from .symbolic import pretty

DEFAULT_TIMEOUT_MS = 2000

# -- the element --------------------------------------------------------------------------------


class SliceSafety(AbstractElement[BooleanState]):
    """May this slice (position: the ``stream.async.slice`` op) become an alias? See the rule.

    Optimistically assumed safe; :meth:`update` settles it to a fixpoint with a
    :class:`SliceDecision` explaining either outcome. If the solver gives up (iteration cap),
    the pessimistic fixpoint is *keep*.
    """

    decision: Optional[SliceDecision] = None

    def create_state(self) -> BooleanState:
        return BooleanState()

    def update(self, solver: Solver) -> ChangeStatus:
        model: ModuleModel = solver.context
        self.decision = decide(solver, model, self.position)
        if self.decision.decision == "alias":
            return self.indicate_optimistic_fixpoint()
        return self.indicate_pessimistic_fixpoint()

    def final_decision(self, model: ModuleModel) -> SliceDecision:
        """The decision, with the sound fallback when the element never settled."""
        if self.decision is None or (self.decision.decision == "alias" and not self.state.assumed):
            fn = model.function_of(self.position)
            d = _new_decision(model, fn, fn.by_op[self.position])
            d.reason = "the fixed-point iteration reached its cap before proving this slice safe"
            return d
        return self.decision

    def describe(self) -> str:
        return f"SliceSafety {self.decision.decision if self.decision else '?'}"


# -- the decision -----------------------------------------------------------------------------


class _Keep(Exception):
    """Raised inside :func:`decide` to stop at the first reason to keep the copy."""


def _new_decision(model: ModuleModel, fn: FunctionModel, info: OpInfo) -> SliceDecision:
    op = info.op
    view = op.opview
    return SliceDecision(
        kind="slice" if op.name == "stream.async.slice" else "transfer",
        function=fn.name,
        slice=model.printed(op),
        location=model.location(op),
        result=model.name(op.results[0]),
        source=model.name(view.source),
        decision="keep",
        reason="",
        range=None,
    )


def copy_range(solver: Solver, op: ir.Operation) -> tuple[sympy.Expr, sympy.Expr]:
    """The bytes of its source a candidate copies: a slice's range, a transfer's whole source."""
    view = op.opview
    if op.name == "stream.async.slice":
        return bound_expr(solver, view.source_offset), bound_expr(solver, view.source_end)
    return sympy.Integer(0), bound_expr(solver, view.source_size)


def decide(solver: Solver, model: ModuleModel, slice_op: ir.Operation) -> SliceDecision:
    fn = model.function_of(slice_op)
    info = fn.by_op[slice_op]
    d = _new_decision(model, fn, info)
    start, end = copy_range(solver, slice_op)
    d.range = [pretty(start), pretty(end)]
    try:
        reads = _read_points(model, fn, slice_op.results[0], d)
        d.reads = [model.describe(r.op) for r in reads]
        src = slice_op.opview.source
        loop = _loop_context(model, fn, info, src, reads) if info.in_loop else None
        # Facts are only needed by a proof; most slices are settled by ordering alone.
        facts: Facts = lambda: solver.get_element(FunctionFacts, fn.op).facts  # noqa: E731
        slice_range = ByteRange(start, end)
        for w, acc in _writes_to_storage_of(model, fn, src):
            if loop is not None and loop.op in w.loops:
                checks = _check_write_in_loop(solver, model, fn, info, reads, w, acc, slice_range, facts, loop)
            elif loop is not None and _ordered_before_every_iteration(fn, w, loop):
                checks = [_ordered_check(model, solver, w, acc, "ordered-before",
                                         "every iteration's slice depends on this write")]
            else:
                checks = [_check_write(solver, model, fn, info, reads, w, acc, slice_range, facts)]
            for check in checks:
                d.checks.append(check)
                if not check.safe:
                    d.counterexample = check.counterexample
                    raise _Keep(keep_reason(check, d.range))
        _check_callers(solver, model, fn, src, d)
    except _Keep as why:
        d.decision, d.reason = "keep", str(why)
        return d
    d.decision = "alias"
    d.facts_used = sorted({f for c in d.checks for f in c.facts_used})
    d.reason = alias_reason(d)
    return d


def _check_callers(solver: Solver, model: ModuleModel, fn: FunctionModel, src: ir.Value, d: SliceDecision) -> None:
    """If the source's storage comes in through arguments of ``fn``, the callers' writes to it
    must be ordered around every call (see :class:`ArgumentStable`)."""
    args = list(fn.op.regions[0].blocks[0].arguments)
    for i, arg in enumerate(args):
        if not is_resource(arg) or not (model.storage.same_base(arg, src) or model.storage.may_alias(arg, src)):
            continue
        stable = solver.get_element(ArgumentStable, (fn.name, i))
        if not stable.state.assumed:
            raise _Keep(f"the source comes from argument {model.name(arg)} of @{fn.name}: {stable.why}")
        d.checks.append(WriteCheck(
            op=f"callers of @{fn.name}", location=model.location(fn.op), range=None, verdict="ordered-around-calls",
            detail=f"every caller's writes to argument {model.name(arg)} are ordered around the call",
        ))
    if model.storage.is_external(src) and not model.storage.globals_in_base(src):
        external_args = [a for a in args if is_resource(a)]
        if not external_args and fn.op.name != "util.initializer" and _from_unknown_function_input(model, src):
            raise _Keep("the source's storage comes from outside this function in a way the model does not follow")


def _from_unknown_function_input(model: ModuleModel, src: ir.Value) -> bool:
    """External storage that is neither an import nor a global: a call result or an unknown op's."""
    return model.storage.has_opaque_source(src)


class ArgumentStable(AbstractElement[BooleanState]):
    """No write to the storage behind argument ``i`` of function ``f`` can happen while a call
    of ``f`` runs (position: ``(f, i)``).

    Holds when ``f`` is internal (every caller visible) and, at each call site, every write in
    the caller to the operand's storage is ordered before the call or after it (depending on a
    result that the callee produces only after its reads of the argument), and, when the
    operand itself comes in through an argument of the caller, that argument is stable too
    (a dependence on another element: recursion converges optimistically).
    """

    why: str = ""

    def create_state(self) -> BooleanState:
        return BooleanState()

    def update(self, solver: Solver) -> ChangeStatus:
        model: ModuleModel = solver.context
        name, index = self.position
        fn = model.function(name)
        why = _argument_unstable(solver, model, fn, index)
        if why is None:
            return ChangeStatus.UNCHANGED
        self.why = why
        return self.indicate_pessimistic_fixpoint()

    def describe(self) -> str:
        return f"ArgumentStable {self.position}: {self.state.assumed}"


def _argument_unstable(solver: Solver, model: ModuleModel, fn: Optional[FunctionModel], index: int) -> Optional[str]:
    if fn is None or not model.is_internal(fn):
        return "the function has callers the model cannot see"
    for caller, call in model.call_sites(fn.name):
        operand = call.op.operands[index]
        if call.in_loop or not call.top_level:
            return f"call {model.describe(call.op)} in @{caller.name} is inside a region"
        for w, acc in _writes_to_storage_of(model, caller, operand):
            if w is call:
                continue  # the call's own writes are the callee's, checked inside the callee
            if caller.happens_before(w, call):
                continue
            if caller.happens_before(call, w) and not call.effects.late_reads:
                continue
            return (f"{model.describe(w.op)} in @{caller.name} may write it while "
                    f"{model.describe(call.op)} runs")
        cargs = list(caller.op.regions[0].blocks[0].arguments)
        for j, a in enumerate(cargs):
            if is_resource(a) and (model.storage.same_base(a, operand) or model.storage.may_alias(a, operand)):
                if not solver.get_element(ArgumentStable, (caller.name, j)).state.assumed:
                    return f"it comes from argument {model.name(a)} of @{caller.name}, which is not stable"
    return None


# -- slices inside loops -----------------------------------------------------------------------


@dataclass
class _Loop:
    """The ``scf.for`` whose body holds a slice, and what every iteration's slice depends on."""

    op: ir.Operation
    body: ir.Block
    iv: ir.Value
    carried_args: list[int]  # iteration arguments k the slice depends on, whose yield depends on k
    before_every_iteration: list[OpInfo]  # ops outside the loop every iteration's slice depends on


def _loop_context(model: ModuleModel, fn: FunctionModel, info: OpInfo, src: ir.Value, reads: list[OpInfo]) -> _Loop:
    """Accept a slice directly in the body of one ``scf.for`` whose alias never leaves the
    iteration; raise _Keep otherwise.

    Iteration argument ``k`` is *carried* when the slice depends on it and ``scf.yield``
    operand ``k`` depends on it too (SSA data dependence inside the body): then the slice of
    iteration ``i`` depends on everything that fed yield operand ``k`` in iterations ``< i``,
    and on the loop's init value ``k``.
    """
    if len(info.loops) != 1 or info.loops[0].name != "scf.for":
        raise _Keep("the slice is inside nested loops or an scf.while, which this model does not describe")
    loop = info.loops[0]
    body = loop.regions[0].blocks[0]
    first = fn.info(list(body.operations)[0].operation)
    if first is None or info.block_id != first.block_id:
        raise _Keep("the slice is nested below its loop's body, which this model does not describe")
    if any(loop not in r.loops for r in reads):
        raise _Keep("the alias is read outside the loop iteration that made it")
    args = list(body.arguments)
    yield_op = fn.info(list(body.operations)[-1].operation)
    slice_args = _block_args_reached(fn, [info], body)
    carried = [
        k for k in range(len(args) - 1)
        if args[k + 1] in slice_args and args[k + 1] in _block_args_reached(fn, [_producer(fn, yield_op.op.operands[k])], body)
    ]
    outside: list[OpInfo] = []
    for k in carried:
        producer = _producer(fn, list(loop.operands)[3 + k])
        if producer is not None:
            outside.append(producer)
    # Values captured from outside the loop that the slice depends on directly.
    for v in _captured_operands(fn, info, body):
        producer = _producer(fn, v)
        if producer is not None:
            outside.append(producer)
    return _Loop(loop, body, args[0], carried, outside)


def _producer(fn: FunctionModel, value: ir.Value) -> Optional[OpInfo]:
    owner = value.owner
    return None if isinstance(owner, ir.Block) else fn.info(getattr(owner, "operation", owner))


def _in_body_closure(fn: FunctionModel, start: list[Optional[OpInfo]], body: ir.Block):
    """Ops of ``body``'s block that ``start`` depends on through order-carrying SSA edges
    (including ``start``), and the values they use that are defined outside that block."""
    block_id = next((s.block_id for s in start if s is not None), None)
    seen: list[OpInfo] = []
    leaves: list[ir.Value] = []
    work = [s for s in start if s is not None and s.block_id == block_id]
    while work:
        cur = work.pop()
        if cur in seen:
            continue
        seen.append(cur)
        if cur.has_regions and cur is not start[0]:
            continue
        for v in cur.op.operands:
            d = _producer(fn, v)
            if d is not None and d.block_id == block_id and carries_order(v, d.op):
                work.append(d)
            elif d is None or d.block_id != block_id:
                leaves.append(v)
    return seen, leaves


def _block_args_reached(fn: FunctionModel, start: list[Optional[OpInfo]], body: ir.Block) -> list[ir.Value]:
    _, leaves = _in_body_closure(fn, start, body)
    args = list(body.arguments)
    return [v for v in leaves if v in args]


def _captured_operands(fn: FunctionModel, info: OpInfo, body: ir.Block) -> list[ir.Value]:
    _, leaves = _in_body_closure(fn, [info], body)
    args = list(body.arguments)
    return [v for v in leaves if v not in args and not isinstance(v.owner, ir.Block) and is_resource(v)]


def _feeds_yield(fn: FunctionModel, w: OpInfo, loop: _Loop) -> bool:
    """``w``'s result reaches a carried yield operand within one iteration."""
    terminator = list(loop.body.operations)[-1].operation
    for k in loop.carried_args:
        seen, _ = _in_body_closure(fn, [_producer(fn, terminator.operands[k])], loop.body)
        if w in seen:
            return True
    return False


def _ordered_before_every_iteration(fn: FunctionModel, w: OpInfo, loop: _Loop) -> bool:
    if w.in_loop:
        return False
    return any(w is c or fn.happens_before(w, c) for c in loop.before_every_iteration)


def _ordered_check(model: ModuleModel, solver: Solver, w: OpInfo, acc: Access, verdict: str, detail: str) -> WriteCheck:
    check = WriteCheck(op=model.describe(w.op), location=model.location(w.op), range=None, verdict=verdict, detail=detail)
    if acc.range_known:
        check.range = [pretty(bound_expr(solver, acc.start)), pretty(bound_expr(solver, acc.end))]
    return check


def _check_write_in_loop(
    solver: Solver, model: ModuleModel, fn: FunctionModel, slice_info: OpInfo, reads: list[OpInfo],
    w: OpInfo, acc: Access, slice_range: ByteRange, facts: Facts, loop: _Loop,
) -> list[WriteCheck]:
    """A write in the same loop as the slice, against the slice of iteration ``i``:

    * the same iteration: ordered before the slice or after every read (one body block), or
      disjoint;
    * earlier iterations: ordered when the write is on the loop-carried chain into the slice's
      source, else disjoint for every earlier induction value;
    * later iterations: disjoint for every later induction value (the reads of iteration ``i``
      are not assumed to precede them).

    Other iterations are modelled by renaming every symbol defined inside the loop (``iv`` to
    ``iv'``...) in the write's range and in the facts, plus ``iv' < iv`` or ``iv' > iv``.
    """
    same_block_reads = all(r.block_id == w.block_id and len(r.loops) == 1 for r in reads)
    if fn.happens_before(w, slice_info):
        same = _ordered_check(model, solver, w, acc, "ordered-before", "same iteration: the slice depends on this write")
    elif reads and same_block_reads and all(fn.happens_before(r, w) and not r.effects.late_reads for r in reads):
        same = _ordered_check(model, solver, w, acc, "ordered-after", "same iteration: this write depends on every read")
    else:
        same = _check_write(solver, model, fn, slice_info, reads, w, acc, slice_range, facts)
        same.detail = "same iteration: " + same.detail
    if _feeds_yield(fn, w, loop):
        earlier = _ordered_check(model, solver, w, acc, "ordered-before",
                                 "earlier iterations: it feeds a loop-carried value the slice depends on")
    else:
        earlier = _other_iteration(solver, model, fn, w, acc, slice_range, facts, loop, "slt", "earlier")
    later = _other_iteration(solver, model, fn, w, acc, slice_range, facts, loop, "sgt", "later")
    return [same, earlier, later]


def _other_iteration(
    solver: Solver, model: ModuleModel, fn: FunctionModel, w: OpInfo, acc: Access,
    slice_range: ByteRange, facts: Facts, loop: _Loop, rel: str, which: str,
) -> WriteCheck:
    check = _ordered_check(model, solver, w, acc, "unknown-range", "")
    if not acc.range_known:
        check.detail = f"{which} iterations: its range is unknown"
        return check
    # Translate everything the query mentions first (the write's range, the facts): every
    # symbol defined inside the loop must exist by now to be renamed below.
    start, end = bound_expr(solver, acc.start), bound_expr(solver, acc.end)
    known = facts()
    inside = {s: sympy.Symbol(s.name + "_other", **s.assumptions0) for s, v in model.translator.symbols_of(fn.op) if _defined_in(v, loop.op)}
    iv = solver.get_element(IndexExpr, loop.iv).expr
    if iv not in inside:
        inside[iv] = sympy.Symbol(iv.name + "_other", **iv.assumptions0)
    wrange = ByteRange(start.xreplace(inside), end.xreplace(inside))
    check.range = [pretty(wrange.start), pretty(wrange.end)]
    other = [
        Fact(f"{f.name} ({which} iteration)", f.lhs.xreplace(inside), f.rel, f.rhs.xreplace(inside))
        for f in known if (f.lhs.free_symbols | f.rhs.free_symbols) & set(inside)
    ]
    order = Fact(f"{which} iteration: {pretty(inside[iv])} {'<' if rel == 'slt' else '>'} {pretty(iv)}", inside[iv], rel, iv)
    proof = prove_disjoint(slice_range, wrange, _relevant(known + other, slice_range, wrange) + [order], model.proof_timeout_ms)
    check.facts_used, check.detail = list(proof.facts_used), f"{which} iterations: {proof.detail}"
    check.verdict = {"disjoint": "disjoint", "may_overlap": "overlap"}.get(proof.verdict, "unknown")
    check.counterexample = proof.counterexample if proof.verdict == "may_overlap" else None
    return check


def _defined_in(value: ir.Value, region_op: ir.Operation) -> bool:
    owner = value.owner
    op = owner.owner if isinstance(owner, ir.Block) else getattr(owner, "operation", owner)
    op = getattr(op, "operation", op)
    while op is not None:
        if op == region_op:
            return not (not isinstance(owner, ir.Block) and getattr(owner, "operation", owner) == region_op)
        parent = op.parent
        op = getattr(parent, "operation", parent) if parent is not None else None
    return False


# -- reads of the alias ----------------------------------------------------------------------


def _read_points(model: ModuleModel, fn: FunctionModel, result: ir.Value, d: SliceDecision) -> list[OpInfo]:
    """Every op that reads the alias: following slices and transfers of it (their reads are
    reads of the alias once they are aliases too) and scf region edges (init value to
    iteration argument and result, yield to result); raise _Keep on any other use."""
    reads: list[OpInfo] = []
    work = [result]
    seen_values: list[ir.Value] = []
    while work:
        value = work.pop()
        if value in seen_values:
            continue
        seen_values.append(value)
        for use in value.uses:
            user = getattr(use.owner, "operation", use.owner)
            ui = fn.info(user)
            if ui is None:
                raise _Keep(f"{model.name(value)} is used outside its function by {user.name}")
            flowed = _region_flow(user, use.operand_number)
            if flowed is not None:
                work.extend(flowed)
                continue
            why = _non_read_use(model, ui, value)
            if why:
                raise _Keep(why)
            if ui not in reads:
                reads.append(ui)
            if user.name in ("stream.async.slice", "stream.async.transfer"):
                work.append(user.results[0])
    return sorted(reads, key=lambda r: r.index)


def _region_flow(user: ir.Operation, operand_number: int) -> Optional[list[ir.Value]]:
    """Where a value used by an scf op flows: the values that then hold the same buffer.

    ``scf.for`` init ``k`` becomes iteration argument ``k`` and result ``k``; an ``scf.yield``
    operand becomes the parent's result (and, in a loop, the next iteration argument). None
    for every other use (including ``scf.while``, not followed)."""
    if user.name == "scf.for" and operand_number >= 3:
        k = operand_number - 3
        body = user.regions[0].blocks[0]
        return [list(body.arguments)[k + 1], user.results[k]]
    if user.name == "scf.yield":
        parent = user.parent
        parent = getattr(parent, "operation", parent)
        if parent.name == "scf.for":
            body = parent.regions[0].blocks[0]
            return [parent.results[operand_number], list(body.arguments)[operand_number + 1]]
        if parent.name == "scf.if":
            return [parent.results[operand_number]]
    return None


def _non_read_use(model: ModuleModel, ui: OpInfo, value: ir.Value) -> Optional[str]:
    fx = ui.effects
    what = model.describe(ui.op)
    name = model.name(value)
    if ui.op.name == "util.call" and callee_name(ui.op) in model.capped_summaries:
        return (f"{name} is passed to @{callee_name(ui.op)}, whose summary did not converge before the "
                "iteration cap: the call may read and write everything")
    if fx.unknown:
        return f"{name} is used by {ui.op.name}, an op the model does not know"
    if any(operand == value for _, operand in fx.tied):
        return f"{name} is written in place by {what} (a tied operand)"
    if any(a.value == value and a.kind is Kind.WRITE for a in fx.accesses):
        return f"{name} may be written by {what}"
    if any(operand == value for _, operand in fx.aliases):
        return f"{name} is aliased by {what}; its later uses are not followed"
    if value in fx.escapes or (fx.global_store and fx.global_store[0] == value):
        return f"{name} escapes through {what}"
    if ui.op.name in ("scf.yield", "scf.for", "scf.if", "scf.while", "scf.condition"):
        return f"{name} flows through {ui.op.name} in a way the model does not follow"
    if not any(a.value == value and a.kind is Kind.READ for a in fx.accesses):
        return f"{name} is used by {what} in a way the model does not describe"
    return None


# -- writes to the source's storage ----------------------------------------------------------


def _writes_to_storage_of(model: ModuleModel, fn: FunctionModel, src: ir.Value) -> list[tuple[OpInfo, Access]]:
    """(op, access) for each write in ``fn`` that may touch the storage of ``src``, in program
    order.

    Same base: the access range is comparable with the slice's. Another external base when the
    source's base is external too: the bytes may be shared at unknown offsets, reported as an
    access with an unknown range. Calls that may write the source's globals (or any global and
    external storage) likewise.
    """
    storage = model.storage
    idx = model.writes_index(fn)
    base = storage.find(src)
    found = list(idx.by_base.get(base, []))
    if storage.is_external(src):
        found += [(info, Access(acc.value, Kind.WRITE, None, None)) for b, info, acc in idx.external if b != base]
    src_globals = set(storage.globals_in_base(src))
    for info in idx.global_writers:
        written = info.effects.writes_globals
        if (written is None and (storage.is_external(src) or src_globals)) or (written and written & src_globals):
            found.append((info, Access(src, Kind.WRITE, None, None)))
    return sorted(found, key=lambda pair: pair[0].index)


def _check_write(
    solver: Solver,
    model: ModuleModel,
    fn: FunctionModel,
    slice_info: OpInfo,
    reads: list[OpInfo],
    w: OpInfo,
    acc: Access,
    slice_range: ByteRange,
    facts: Facts,
) -> WriteCheck:
    check = WriteCheck(op=model.describe(w.op), location=model.location(w.op), range=None, verdict="unknown-range")
    wrange = ByteRange(bound_expr(solver, acc.start), bound_expr(solver, acc.end)) if acc.range_known else None
    if wrange is not None:
        check.range = [pretty(wrange.start), pretty(wrange.end)]
    # One instance each: neither the slice nor the write nor the reads may repeat in a loop.
    if not slice_info.in_loop and not w.in_loop and fn.happens_before(w, slice_info):
        check.verdict, check.detail = "ordered-before", "the slice depends on this write through SSA def-use edges"
        return check
    if reads and not w.in_loop and all(
        not r.in_loop and fn.happens_before(r, w) and not r.effects.late_reads for r in reads
    ):
        check.verdict, check.detail = "ordered-after", "this write depends on every read of the alias"
        return check
    if wrange is None:
        why = "an op the model does not know" if w.effects.unknown else (
            "a call that may write this global's storage" if w.op.name == "util.call" else
            "storage that may be shared with external buffers at unknown offsets"
        )
        check.detail = f"its range is unknown ({why})"
        return check
    proof: Proof = prove_disjoint(slice_range, wrange, _relevant(facts(), slice_range, wrange), model.proof_timeout_ms)
    check.facts_used = list(proof.facts_used)
    check.detail = proof.detail
    if proof.verdict == "disjoint":
        check.verdict = "disjoint"
    elif proof.verdict == "may_overlap":
        check.verdict = "overlap"
        check.counterexample = proof.counterexample
    else:
        check.verdict = "unknown"
    return check


def _relevant(facts: list[Fact], *ranges: ByteRange) -> list[Fact]:
    """Facts connected to the query's symbols (transitively). Facts about unrelated symbols
    cannot help a proof unless they contradict each other, so dropping them only loses
    proofs, never soundness; it keeps queries small in modules with hundreds of accesses."""
    wanted: set = set()
    for r in ranges:
        wanted |= r.start.free_symbols | r.end.free_symbols
    chosen: list[Fact] = []
    rest = [(f, f.lhs.free_symbols | f.rhs.free_symbols) for f in facts]
    changed = True
    while changed:
        changed = False
        keep = []
        for f, syms in rest:
            if not syms or syms & wanted:
                if syms:
                    chosen.append(f)
                    wanted |= syms
                    changed = True
            else:
                keep.append((f, syms))
        rest = keep
    return chosen


# -- driver ------------------------------------------------------------------------------------


@dataclass
class Analysis:
    model: ModuleModel
    decisions: list[SliceDecision]
    ops: list[ir.Operation]  # the candidate op of each decision, in the same order
    iterations: int
    converged: bool


def analyze(
    model: ModuleModel, max_iterations: Optional[int] = None, timeout_ms: int = DEFAULT_TIMEOUT_MS
) -> Analysis:
    """Decide every slice of the module (program order).

    ``timeout_ms`` bounds each z3 query (a timeout is ``unknown``: keep); ``max_iterations``
    caps the fixed-point iteration (elements not settled by then keep their copy).
    """
    model.proof_timeout_ms = timeout_ms
    summaries = summarize_calls(model, max_iterations)
    solver = Solver(model)
    elements = [
        solver.get_element(SliceSafety, info.op)
        for fn in model.functions
        for info in fn.copies(model.single_device)
    ]
    result = solver.run(max_iterations) if max_iterations is not None else solver.run()
    decisions = [e.final_decision(model) for e in elements]
    ops = [e.position for e in elements]
    return Analysis(model, decisions, ops, result.iterations + summaries.iterations, result.converged and summaries.converged)


def summarize_calls(model: ModuleModel, max_iterations: Optional[int] = None):
    """Phase 1: callee summaries to a fixpoint over the call graph, then call effects from them.

    Storage bases depend on what calls do with their operands, so they are rebuilt once the
    summaries are final. If the iteration cap cuts the fixpoint short, the affected summaries
    are forced to TOP (reads and writes everything) by the solver: the sound answer.
    """
    solver = Solver(model)
    calls = [info.op for fn in model.functions for info in fn.ops if info.op.name == "util.call"]
    for op in calls:
        solver.get_element(CalleeSummary, callee_name(op))
    result = solver.run(max_iterations) if max_iterations is not None else solver.run()
    model.capped_summaries = {
        e.position for e in solver.elements() if isinstance(e, CalleeSummary) and e.describe() in result.pessimised
    }
    model.apply_call_effects(
        lambda op: call_effects(op, solver.get_element(CalleeSummary, callee_name(op)).state.assumed)
    )
    return result
