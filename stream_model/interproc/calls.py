"""What a callee does to the resources it is given: interprocedural summaries as DFX elements.

A :class:`CalleeSummary` element (position: the callee's symbol name) summarises, per resource
argument, whether the callee (or anything it calls) may *write* that argument's storage, whether
the argument *escapes* (stored to a global, exported, handed to an op we do not know), which
results may share storage with which arguments, which globals the callee may write, and which
arguments are only read before the callee's results exist. Call sites then get precise effects
(:func:`call_effects`) instead of "the callee may do anything".

Summaries start optimistic (reads nothing, writes nothing) and only grow, so the iteration
converges on recursion too (a read-only recursive function stays read-only: the optimistic
fixpoint is the least solution, which is sound). A callee without a body, or one the iteration
cap cuts short, is summarised as :data:`TOP`: it reads and writes everything.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, TypeAlias

from iree.compiler import ir

from dfx import AbstractElement, ChangeStatus, LatticeState, Solver

from ..ir.util import defining_op, user_op
from ..model.storage import Key, StorageMap, build_storage_map
from ..semantics.op_table import CALL_MAY_WRITE, Access, Kind, OpEffects, callee_name, is_resource
from ..semantics.ops import ASYNC_SLICE, ASYNC_TRANSFER, UTIL_CALL, UTIL_RETURN

if TYPE_CHECKING:
    from ..model.program import FunctionModel, OpInfo
    from ..postsplice import PostSplice

IntSet: TypeAlias = frozenset[int] | None  # None: every argument


@dataclass(frozen=True)
class Summary:
    """A callee's effects on its arguments; ``None`` fields mean "everything"."""

    arg_writes: IntSet
    arg_escapes: IntSet
    result_aliases: tuple[IntSet, ...] | None  # per result: args it may share storage with
    writes_globals: frozenset[str] | None
    reads_done: IntSet  # args all of whose reads complete before every result is ready
    # (argument, global) pairs: the callee makes the argument's storage that global's (a
    # util.global.store, here or deeper); None: any argument may become any global's storage.
    arg_globals: frozenset[tuple[int, str]] | None = frozenset()
    # Per result: the globals whose buffer it may be (the callee returns a load of one, here
    # or deeper); None: unknown.
    result_globals: tuple[frozenset[str], ...] | None = ()

    def writes(self, i: int) -> bool:
        return self.arg_writes is None or i in self.arg_writes

    def escapes(self, i: int) -> bool:
        return self.arg_escapes is None or i in self.arg_escapes

    def reads_finish_before_results(self, i: int) -> bool:
        return self.reads_done is None or i in self.reads_done

    def result_alias(self, j: int) -> IntSet:
        if self.result_aliases is None:
            return None
        return self.result_aliases[j] if j < len(self.result_aliases) else frozenset()


BOTTOM = Summary(frozenset(), frozenset(), (), frozenset(), None, frozenset())
TOP = Summary(None, None, None, None, frozenset(), None, None)


def _union(a: IntSet, b: IntSet) -> IntSet:
    return None if a is None or b is None else a | b


def _intersection(a: IntSet, b: IntSet) -> IntSet:
    if a is None:
        return b
    if b is None:
        return a
    return a & b


def join(a: Summary, b: Summary) -> Summary:
    if a.result_aliases is None or b.result_aliases is None:
        aliases = None
    else:
        n = max(len(a.result_aliases), len(b.result_aliases))
        empty: IntSet = frozenset()
        pa = tuple(a.result_aliases) + (empty,) * (n - len(a.result_aliases))
        pb = tuple(b.result_aliases) + (empty,) * (n - len(b.result_aliases))
        aliases = tuple(_union(x, y) for x, y in zip(pa, pb))
    globals_ = None if a.writes_globals is None or b.writes_globals is None else a.writes_globals | b.writes_globals
    return Summary(
        _union(a.arg_writes, b.arg_writes),
        _union(a.arg_escapes, b.arg_escapes),
        aliases,
        globals_,
        _intersection(a.reads_done, b.reads_done),
        None if a.arg_globals is None or b.arg_globals is None else a.arg_globals | b.arg_globals,
        _join_result_globals(a.result_globals, b.result_globals),
    )


def _join_result_globals(
    a: tuple[frozenset[str], ...] | None, b: tuple[frozenset[str], ...] | None
) -> tuple[frozenset[str], ...] | None:
    if a is None or b is None:
        return None
    n = max(len(a), len(b))
    empty: frozenset[str] = frozenset()
    return tuple(x | y for x, y in zip(a + (empty,) * (n - len(a)), b + (empty,) * (n - len(b))))


def call_effects(op: ir.Operation, summary: Summary) -> OpEffects:
    """Effects of a ``util.call`` given what the callee is known to do."""
    fx = OpEffects(writes_globals=summary.writes_globals)
    for i, v in enumerate(op.operands):
        if not is_resource(v):
            continue
        fx.accesses.append(Access(v, Kind.READ, None, None, why=CALL_MAY_WRITE))
        if summary.writes(i):
            fx.accesses.append(Access(v, Kind.WRITE, None, None, why=CALL_MAY_WRITE))
        if summary.escapes(i):
            fx.escapes.append(v)
        if not summary.reads_finish_before_results(i) or not _all_results_are_resources(op):
            fx.late_reads.append(v)
    operands = list(op.operands)
    if summary.arg_globals is not None:
        fx.joins_globals.extend((i, g) for i, g in sorted(summary.arg_globals) if i < len(operands))
    for j, r in enumerate(op.results):
        if not is_resource(r):
            continue
        if summary.result_globals is not None and j < len(summary.result_globals):
            fx.holds_globals.extend((r, g) for g in sorted(summary.result_globals[j]))
        aliases = summary.result_alias(j)
        if aliases is None:
            fx.external.append(r)
        elif not aliases:
            fx.fresh.append(r)
        else:
            fx.aliases.extend((r, operands[i]) for i in sorted(aliases))
    return fx


def _all_results_are_resources(op: ir.Operation) -> bool:
    """A host (non-resource) result can be ready before the callee's device work is done."""
    return len(op.results) > 0 and all(is_resource(r) for r in op.results)


class CalleeSummary(AbstractElement[LatticeState[Summary]]):
    """The :class:`Summary` of one callee (position: its symbol name)."""

    def create_state(self) -> LatticeState[Summary]:
        return LatticeState(BOTTOM, TOP, join)

    def initialize(self, solver: Solver[PostSplice]) -> None:
        fn = solver.context.model.function(str(self.position))
        if fn is None or len(fn.op.regions[0].blocks) != 1:
            self.indicate_pessimistic_fixpoint()  # a declaration or CFG: assume the worst

    def update(self, solver: Solver[PostSplice]) -> ChangeStatus:
        fn = solver.context.model.function(str(self.position))
        assert fn is not None  # initialize fixed the state of a callee without a body
        summary = summarize(solver.context, fn, lambda name: solver.get_element(CalleeSummary, name).state.assumed)
        return self.state.join_assumed(summary)

    def describe(self) -> str:
        return f"CalleeSummary @{self.position}: {self.state.assumed}"


def summarize(post_splice: PostSplice, fn: FunctionModel, summary_of: Callable[[str], Summary]) -> Summary:
    """One pass over ``fn``'s body (a function of ``post_splice.model``) with its callees'
    current summaries."""
    model = post_splice.model
    effects: list[tuple[ir.Operation, OpEffects]] = []
    writes_all = False
    for info in fn.ops:
        fx = info.effects
        if info.name == UTIL_CALL:
            fx = call_effects(info.op, summary_of(callee_name(info.op)))
        writes_all |= fx.unknown or fx.writes_globals is None
        effects.append((info.op, fx))
    storage = build_storage_map(effects, model.storage_context, merged=post_splice.identities)
    args = list(fn.arguments)
    res_args = {i: a for i, a in enumerate(args) if is_resource(a)}

    arg_writes: set[int] = set()
    escapes: set[int] = set()
    written_globals: set[str] = set()
    for _op, fx in effects:
        if fx.writes_globals:
            written_globals |= fx.writes_globals
        for acc in fx.accesses:
            if acc.kind is not Kind.WRITE:
                continue
            arg_writes |= {i for i, a in res_args.items() if storage.same_base(acc.value, a)}
            written_globals |= set(storage.globals_in_base(acc.value))
            if storage.is_external(acc.value):
                writes_all = True  # writes storage of unknown origin (an import, a call result)
    arg_globals: set[tuple[int, str]] = set()
    for i, a in res_args.items():
        if storage.is_external(a) or storage.globals_in_base(a):
            escapes.add(i)
        arg_globals |= {(i, g) for g in storage.globals_in_base(a)}

    returns = [op for op, _ in effects if op.name == UTIL_RETURN]
    aliases: list[IntSet] = []
    result_globals: list[frozenset[str]] = []
    for _j, r in enumerate(returns[0].operands if returns else []):
        result_globals.append(_globals_held_by(storage, effects, r) if is_resource(r) else frozenset())
        if not is_resource(r):
            aliases.append(frozenset())
            continue
        # The return itself makes the value escape; that says nothing about where it comes
        # from. Storage of unknown provenance, or a global's, may be anything for the caller.
        if storage.exposed(r) or storage.has_opaque_source(r) or storage.globals_in_base(r):
            aliases.append(None)
        else:
            aliases.append(frozenset(i for i, a in res_args.items() if storage.same_base(r, a)))
    return Summary(
        frozenset(arg_writes),
        frozenset(escapes),
        tuple(aliases),
        None if writes_all else frozenset(written_globals),
        frozenset(i for i, a in res_args.items() if reads_done_before_return(fn, storage, a, returns, effects)),
        frozenset(arg_globals),
        tuple(result_globals),
    )


def _globals_held_by(storage: StorageMap, effects: list[tuple[ir.Operation, OpEffects]], r: ir.Value) -> frozenset[str]:
    """The globals whose buffer returned value ``r`` may be: globals in its base, and those a
    call in its base returns (a getter of a getter). Only the shared-globals check reads this:
    for the alias rule such a result stays storage of unknown origin."""
    held = set(storage.globals_in_base(r))
    for _op, fx in effects:
        held |= {g for v, g in fx.holds_globals if storage.same_base(v, r)}
    return frozenset(held)


def reads_done_before_return(
    fn: FunctionModel,
    storage: StorageMap,
    arg: Key,
    returns: list[ir.Operation],
    effects: list[tuple[ir.Operation, OpEffects]],
) -> bool:
    """Every read of ``arg``'s storage (and of copies of it that may become aliases) happens
    before each returned resource is produced, by SSA def-use chains."""
    if len(returns) != 1:
        return False
    produced = []
    for r in returns[0].operands:
        if not is_resource(r):
            return False
        producer = defining_op(r)
        info = None if producer is None else fn.info(producer)
        if info is None:
            return False
        produced.append(info)
    effects_by_op = {op: fx for op, fx in effects}
    for op, fx in effects:
        reads = any(a.kind is Kind.READ and storage.same_base(a.value, arg) for a in fx.accesses)
        if not reads:
            continue
        reader = fn.info(op)
        if reader is None:
            return False
        for copy in _readers_through_copies(fn, reader):
            # A reader that may go on reading after its own results exist (a call whose callee
            # reads off the path to its results) is not finished when those results are.
            if effects_by_op.get(copy.op, copy.effects).late_reads:
                return False
            if not all(copy is p or fn.happens_before(copy, p) for p in produced):
                return False
    return True


def _readers_through_copies(fn: FunctionModel, info: OpInfo) -> list[OpInfo]:
    """The reader itself and, for slices and transfers (which may become aliases of what they
    copy), every transitive reader of their results."""
    out, work = [], [info]
    while work:
        cur = work.pop()
        out.append(cur)
        if cur.op.name in (ASYNC_SLICE, ASYNC_TRANSFER):
            for use in cur.op.results[0].uses:
                user = fn.info(user_op(use))
                if user is not None and user not in out:
                    work.append(user)
    return out
