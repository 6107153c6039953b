"""Which values may be the buffer a global holds, at every access to it: closed-world.

A ``util.global.load`` returns the buffer the global holds, not a copy of it. So a load of a
mutable global is the same buffer as whatever the global held at that point: an earlier load
of it, or the value last stored to it. The schedule check needs this: an in-place write of one
such value while a load of the other is still to be read is a hazard (IREE 3.13's copy-on-write
only looks at one SSA value's uses), wherever that load sits: in the same block, in an arm of a
branch, in a loop body, in a ``cf`` successor, or in a callee that loads the global itself.

So the check asks, per access of a global, which values of the function the global *may* hold
there, and whether it may hold a buffer no value of the function names (*open*: what it held
when the function was called, or what a callee stored). A forward data-flow over the whole
function answers it, every nesting and every block in execution order (never text order):

* a load makes the global's buffer that load's result; a store makes it the stored value;
* a call whose callee (transitively) may store the global joins in the call's resource
  operands and opens it; an indirect access to a global, its address taken, a call of a
  function value or of a function the module does not define may store any global;
* the arms of a branch start from what held before it, and what holds after is the join of
  what held before and at the end of every arm; a loop's body starts from the join of what
  held before it and at the end of its body, where values made in the body are not carried
  round (one iteration's instance cannot be told from the next: the global is open there); a
  ``cf`` region is solved over its blocks to a fixpoint, values made in a cycle forgotten on
  its back edges alike;
* a call reads what every global its callee may load (transitively) holds at the call; a call's
  result is what a global held at the call when the callee may return a load of it (every
  return one load of its entry block, before anything there may store it: exactly that; any
  other returned value not made fresh: that, or something else);
* immutable globals are left alone: any in-place write of their buffer is a hazard already.

Every access the data-flow meets is listed, so an access the check does not link is one it
has shown is of another buffer, never one it did not look at. A load whose global may hold
several values is each of them (alternatives); an open one is also a buffer of its own.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from iree.compiler import ir

from ..ir.util import back_edges, blocks_in_execution_order, defined_inside, nested_ops
from ..semantics.op_table import callee_name, global_name
from ..semantics.ops import CALLS, GLOBAL_LOAD, GLOBAL_STORE, INDIRECT_OPS
from ..semantics.region_flow import Runs, flow_of, is_resource
from .order import Callees

__all__ = ["CallSummary", "Consumption", "GlobalContents", "Held", "Origin", "Summaries", "Summarize"]

#: Ops after which any global may hold anything: an indirect access or an address taken (a
#: global named other than by a load or a store), a call of a function value.
_ANY_GLOBAL = INDIRECT_OPS
#: Passes over a region's blocks (or a loop's body) before the data-flow gives up and opens
#: every global it has seen there (always sound; a fixpoint is reached in two or three).
_MAX_PASSES = 32
#: Region ops nested deeper than this are not scanned one by one (:meth:`GlobalContents._give_up`).
_MAX_DEPTH = 64

#: A set of globals; None for any.
Globals = frozenset[str] | None


@dataclass(frozen=True)
class Held:
    """What a global may hold at one point: some values of the function, what it held when
    the function was called (``entry``), or (``other``) a buffer that is neither: one a callee
    stored, or another iteration's."""

    values: frozenset[ir.Value] = frozenset()
    entry: bool = True
    other: bool = False
    #: (value, in-place op): on some path the op wrote the value's buffer in place while the
    #: global held the value, and the global holds it still (:class:`Consumption`; empty in
    #: the first pass).
    consumed: frozenset[tuple[ir.Value, ir.Operation]] = frozenset()

    @property
    def open(self) -> bool:
        """May it be a buffer no value of the function names?"""
        return self.entry or self.other

    def join(self, other: Held) -> Held:
        if other is self:
            return self
        return Held(
            self.values | other.values,
            self.entry or other.entry,
            self.other or other.other,
            self.consumed | other.consumed,
        )

    def naming(self, value: ir.Value) -> Held:
        """The global now holds ``value``, the same buffer as what it held: what was written of
        that is written of ``value``."""
        return Held(frozenset({value}), False, False, frozenset((value, w) for _, w in self.consumed))


@dataclass(frozen=True)
class Consumption:
    """What a second pass needs to follow in-place writes along paths: which buffers an op
    writes in place (versions' roots) and the globals whose held buffer it writes (a call whose
    callee writes it; None: any), and which buffers a value may be. With it, each link says
    which in-place writes may have run before it while the global held the value (the
    schedule check drops a pair whose write only ever ran where the global had moved on)."""

    writes: Callable[[ir.Operation], tuple[frozenset[ir.Value], frozenset[str] | None]]
    buffers: Callable[[ir.Value], frozenset[ir.Value]]


#: What the global held when the function was called: nothing the function names.
_ENTRY = Held()
#: Per mutable resource global, what it may hold (a global not in it: :data:`_ENTRY`).
State = dict[str, Held]
#: The key (no global's name) under which a state keeps every (buffer, in-place op) written
#: on the way (second pass), for a value stored after it was written.
_WRITTEN = ""


def _join(a: State | None, b: State) -> State:
    if a is None:
        return dict(b)
    out = dict(a)
    for symbol in a.keys() | b.keys():
        out[symbol] = a.get(symbol, _ENTRY).join(b.get(symbol, _ENTRY))
    return out


@dataclass(frozen=True)
class Origin:
    """What a value of a callee may be, as its caller sees it: the buffer a global held at the
    call (``globals``; None: any the callee may load), an argument of the call (by position),
    or (``other``) a buffer neither names: fresh storage, or one the caller cannot name."""

    globals: Globals = frozenset()
    arguments: frozenset[int] | None = frozenset()  # None: any
    other: bool = False
    #: The immutable globals whose buffer it may be (among ``other``: an immutable global's
    #: buffer never changes, so no caller follows its contents; it must not be written).
    immutable: frozenset[str] = frozenset()

    def join(self, other: Origin) -> Origin:
        symbols = None if self.globals is None or other.globals is None else self.globals | other.globals
        arguments = None if self.arguments is None or other.arguments is None else self.arguments | other.arguments
        return Origin(symbols, arguments, self.other or other.other, self.immutable | other.immutable)


@dataclass(frozen=True)
class CallSummary:
    """What a call of one function does to globals, as its caller needs it: what each result
    may be, what each global may hold when it returns (None: the callee is not in the module,
    or calls itself: it may store anything), and the globals whose buffers it may read."""

    results: tuple[Origin, ...]
    stores: dict[str, tuple[Origin, bool]] | None  # per global it may store: what, and may it keep the old
    #: The globals whose buffer at the call a call may read the bytes of (itself or through its
    #: own calls; a getter that only returns its load reads none); None: any.
    reads: Globals


#: Makes the :class:`CallSummary` of a function of the module (its results' origins need the
#: schedule check's versions: what a region yields, what an await passes on).
Summarize = Callable[[ir.Operation, int], CallSummary]


class Summaries:
    """:class:`CallSummary` per function of a module, each from the function's own analysis
    (``summarize``), made on the first question and kept for the module's other functions."""

    def __init__(self, callees: Callees, mutable: frozenset[str], summarize: Summarize) -> None:
        self.callees = callees
        self.mutable = mutable
        self._summarize = summarize
        self._summaries: dict[str, CallSummary | None] = {}
        self._loads: dict[str, Globals] = {}

    def of(self, callee: str, results: int) -> CallSummary:
        """The summary of a call of ``callee`` with ``results`` results."""
        if callee in self._summaries:
            found = self._summaries[callee]
            return found if found is not None else self._anything(callee, results)
        fn = self.callees.get(callee)
        if fn is None:
            return self._anything(callee, results)
        self._summaries[callee] = None  # (a recursive call meanwhile: anything)
        found = self._summarize(fn, results)
        self._summaries[callee] = found
        return found

    def _anything(self, callee: str, results: int) -> CallSummary:
        loads = self.loads_of(callee)
        return CallSummary((Origin(loads, None, True),) * results, None, loads)

    def loads_of(self, callee: str) -> Globals:
        """The globals ``callee`` may load, transitively (None: any)."""
        if callee in self._loads:
            return self._loads[callee]
        fn = self.callees.get(callee)
        self._loads[callee] = None  # not defined here, or a recursive call meanwhile: any
        if fn is None:
            return None
        out: set[str] = set()
        for inner in nested_ops(fn):
            name = inner.name
            if name == GLOBAL_LOAD:
                out.add(global_name(inner))
            elif name in _ANY_GLOBAL:
                return None
            elif name in CALLS:
                theirs = self.loads_of(callee_name(inner))
                if theirs is None:
                    return None
                out |= theirs
        self._loads[callee] = frozenset(out)
        return self._loads[callee]


class GlobalContents:
    """Per function: what each access of a mutable resource global may see (module docstring).
    Built once, on the first question; the IR is only read."""

    def __init__(self, fn: ir.Operation, summaries: Summaries, consumption: Consumption | None = None) -> None:
        self._summaries = summaries
        self._consumption = consumption
        self._mutable = summaries.mutable
        self._fn = fn
        #: Per load (and call result that may be a global's buffer): what the global held.
        self._links: dict[ir.Value, Held] = {}
        #: Per linked value: the globals whose buffer its open part may be (None: any).
        self._globals_of: dict[ir.Value, Globals] = {}
        #: Per call whose callee may load a global: the values those globals may hold.
        self._reads: dict[ir.Operation, frozenset[ir.Value]] = {}
        #: Per call: what every global may hold when it is made.
        self._at_call: dict[ir.Operation, State] = {}
        #: The globals the function may store (None: any).
        self._stores: set[str] | None = set()
        self._depth = 0
        #: What each global may hold where the function returns.
        self._exit: State = {}
        for region in fn.regions:
            self._exit = self._region(region, {})
        self._later: dict[ir.Value, list[ir.Value]] = {}
        for value, held in self._links.items():
            for earlier in held.values:
                if earlier != value:
                    self._later.setdefault(earlier, []).append(value)
        self._readers: dict[ir.Value, list[ir.Operation]] = {}
        for call, values in self._reads.items():
            for value in values:
                self._readers.setdefault(value, []).append(call)

    def links(self, value: ir.Value) -> Held | None:
        """What the global held where ``value`` (a load, or a call's result that may be a
        global's buffer) was made: the values it may be, and whether it may be a buffer of
        its own. None for any other value."""
        return self._links.get(value)

    def earlier(self, value: ir.Value) -> list[ir.Value]:
        """The values ``value`` may be the same buffer as (without itself)."""
        held = self._links.get(value)
        return [] if held is None else [v for v in held.values if v != value]

    def later(self, value: ir.Value) -> list[ir.Value]:
        """The loads (and calls' results) that may be the same buffer as ``value``."""
        return self._later.get(value, [])

    def readers(self, value: ir.Value) -> list[ir.Operation]:
        """The calls whose callee may load a global while it holds ``value``'s buffer."""
        return self._readers.get(value, [])

    def entry_loads(self) -> list[ir.Value]:
        """The loads (and calls' results) that may be a buffer a global held when the function
        was called."""
        return [v for v, held in self._links.items() if held.entry]

    def at_call(self, call: ir.Operation, symbol: str) -> Held:
        """What global ``symbol`` may hold when ``call`` is made."""
        return self._at_call.get(call, {}).get(symbol, _ENTRY)

    def calls(self) -> list[ir.Operation]:
        """The function's calls, in the order the data-flow met them."""
        return list(self._at_call)

    def entry_globals(self, value: ir.Value) -> Globals:
        """The globals whose buffer, as the function was called, ``value`` (a load or a call's
        result) may be; empty for any other value."""
        held = self._links.get(value)
        if held is None or not held.entry:
            return frozenset()
        return self._globals_of.get(value, frozenset())

    # -- the function as its callers see it ---------------------------------------------------
    def stored(self) -> dict[str, Held] | None:
        """Per mutable global the function may store (itself or through its calls), what it
        may hold where the function returns; None when it may store any."""
        if self._stores is None:
            return None
        return {symbol: self._exit.get(symbol, _ENTRY) for symbol in self._stores & self._mutable}

    # -- the data-flow ------------------------------------------------------------------------
    def _region(self, region: ir.Region, state: State) -> State:
        """Scan ``region`` entered with ``state``; what holds when it is left (the join over
        its exits)."""
        order = blocks_in_execution_order(region)
        if len(order) == 1:
            return self._block(order[0][0], dict(state))
        if not order:
            return dict(state)
        blocks = list(region.blocks)
        index = {b: i for i, b in enumerate(blocks)}
        back = back_edges(blocks)
        entering: dict[int, State] = {0: dict(state)}
        for _ in range(_MAX_PASSES):
            changed = False
            exit_state: State | None = None
            for block, _ordered in order:
                i = index[block]
                if i not in entering:
                    continue
                out = self._block(block, dict(entering[i]))
                successors = [index[s] for s in block.successors]
                if not successors:
                    exit_state = _join(exit_state, out)
                for j in successors:
                    edge = self._forget(out, blocks, j, i) if (i, j) in back else out
                    joined = _join(entering.get(j), edge)
                    if joined != entering.get(j):
                        entering[j] = joined
                        changed = True
            if not changed:
                return exit_state if exit_state is not None else dict(state)
        return self._give_up(region, state)

    def _block(self, block: ir.Block, state: State) -> State:
        for child in block.operations:
            self._op(child.operation, state)
        return state

    def _op(self, op: ir.Operation, state: State) -> None:
        """Apply ``op`` to ``state`` (in place), recording what its accesses see."""
        if self._consumption is not None:
            self._written(op, state)
        name = op.name
        if name == GLOBAL_LOAD:
            symbol, value = global_name(op), op.results[0]
            if symbol in self._mutable and is_resource(value):
                held = self._links[value] = state.get(symbol, _ENTRY)
                self._globals_of[value] = frozenset({symbol})
                state[symbol] = held.naming(value)
        elif name == GLOBAL_STORE:
            symbol, value = global_name(op), op.operands[0]
            if self._stores is not None:
                self._stores.add(symbol)
            if symbol in self._mutable and is_resource(value):
                state[symbol] = Held(frozenset({value}), False, False, self._written_of(state, [value]))
        elif name in CALLS:
            self._call(op, state)
        elif name in _ANY_GLOBAL:
            self._anything(op, state)
        elif len(op.regions):
            self._region_op(op, state)

    def _call(self, op: ir.Operation, state: State) -> None:
        """A call: it reads what the globals its callee may load hold, its results may be
        buffers the caller names (:class:`Origin`), and the globals it may store hold what
        the callee left there."""
        results = list(op.results)
        summary = self._summaries.of(callee_name(op), len(results))
        operands = list(op.operands)
        before = dict(state)
        self._at_call[op] = before
        self._reads[op] = self._held_by(before, summary.reads)
        for result, origin in zip(results, summary.results):
            if is_resource(result) and (origin.globals != frozenset() or origin.arguments != frozenset()):
                self._links[result] = self._seen_as(origin, before, operands)
                self._globals_of[result] = origin.globals
        if summary.stores is None:
            self._stored(state, None, operands)
            return
        for symbol, (origin, keeps) in summary.stores.items():
            if self._stores is not None:
                self._stores.add(symbol)
            if symbol not in self._mutable:
                continue
            now = self._seen_as(origin, before, operands)
            state[symbol] = before.get(symbol, _ENTRY).join(now) if keeps else now
        for result, origin in zip(results, summary.results):
            exact = origin.globals if not origin.other and not origin.arguments else None
            if exact and len(exact) == 1 and is_resource(result) and not exact & summary.stores.keys():
                (symbol,) = exact  # (the buffer the global holds, which the call left there)
                if symbol in self._mutable:
                    state[symbol] = before.get(symbol, _ENTRY).naming(result)

    def _seen_as(self, origin: Origin, state: State, operands: list[ir.Value]) -> Held:
        """What a callee's :class:`Origin` is at the call: values of the caller, or open."""
        positions = range(len(operands)) if origin.arguments is None else origin.arguments
        passed = [operands[j] for j in positions if j < len(operands) and is_resource(operands[j])]
        values = self._held_by(state, origin.globals) if origin.globals != frozenset() else frozenset()
        names = self._mutable if origin.globals is None else origin.globals & self._mutable
        held = [state.get(g, _ENTRY) for g in names]
        consumed = self._written_of(state, passed).union(*(h.consumed for h in held))
        return Held(
            values | frozenset(passed), any(h.entry for h in held), origin.other or any(h.other for h in held), consumed
        )

    def _anything(self, op: ir.Operation, state: State) -> None:
        """An op that may load or store any global (module docstring)."""
        self._reads[op] = self._held_by(state, None)
        for result in op.results:
            if is_resource(result):
                self._links[result] = Held(self._held_by(state, None), True, True)
                self._globals_of[result] = None
        self._stored(state, None, op.operands)

    def _region_op(self, op: ir.Operation, state: State) -> None:
        """The arms of a branch (or a region run once) start from ``state`` and join into it;
        a loop's body (or a region op the model does not know) runs to a fixpoint from it.
        Nested deeper than :data:`_MAX_DEPTH`, every access inside sees anything (sound, and
        Python's stack is not)."""
        if self._depth >= _MAX_DEPTH:
            state.update(self._give_up(op, state))
            return
        self._depth += 1
        try:
            self._nested(op, state)
        finally:
            self._depth -= 1

    def _nested(self, op: ir.Operation, state: State) -> None:
        flow = flow_of(op)
        before = dict(state)
        if flow is not None and flow.at_most_once:
            # One arm of a branch runs (an empty one leaves what held), or a region run once;
            # else each region may not run at all.
            after: State | None = None if flow.alternatives or flow.runs is Runs.ONCE else before
            for region in op.regions:
                after = _join(after, self._region(region, before) if len(region.blocks) else before)
            state.clear()
            state.update(after if after is not None else before)
            return
        entering = dict(before)
        for _ in range(_MAX_PASSES):
            after = entering
            for region in op.regions:
                after = _join(after, self._forget_inside(self._region(region, entering), op))
            if after == entering:
                state.update(after)
                return
            entering = after
        state.update(self._give_up(op, before))

    def _give_up(self, where: ir.Operation | ir.Region, state: State) -> State:
        """The data-flow does not follow ``where`` one op at a time (too deep, or no fixpoint
        in :data:`_MAX_PASSES`): every global is open there and after, and may hold what it
        held before or any resource stored or passed to a call inside; every access inside
        sees all of that."""
        blocks = where.blocks if isinstance(where, ir.Region) else [b for r in where.regions for b in r.blocks]
        inner: list[ir.Operation] = []
        for block in blocks:
            for child in block.operations:
                inner += [child.operation, *nested_ops(child.operation)]
        stored: set[ir.Value] = set()
        for op in inner:
            if op.name == GLOBAL_STORE or op.name in CALLS or op.name in _ANY_GLOBAL:
                stored |= {v for v in op.operands if is_resource(v)}
        opened = dict(state)
        written = state.get(_WRITTEN, Held()).consumed
        for symbol in self._mutable:
            held = opened.get(symbol, _ENTRY).join(Held(frozenset(stored), False, True))
            # (every write met inside may have written any of it: a second pass keeps all)
            every = frozenset((v, w) for v in held.values for _, w in written) | self._inner_writes(inner, held)
            opened[symbol] = Held(held.values, held.entry, held.other, held.consumed | every)
        everything = Held(
            self._held_by(opened, None), True, True, frozenset().union(*(opened[g].consumed for g in self._mutable))
        )
        for op in inner:
            if op.name == GLOBAL_LOAD and global_name(op) in self._mutable and is_resource(op.results[0]):
                self._links[op.results[0]] = opened[global_name(op)]
                self._globals_of[op.results[0]] = frozenset({global_name(op)})
            elif op.name in CALLS or op.name in _ANY_GLOBAL:
                self._at_call[op] = opened
                self._reads[op] = everything.values
                for result in op.results:
                    if is_resource(result):
                        self._links[result] = everything
                        self._globals_of[result] = None
        if any(op.name in CALLS or op.name in _ANY_GLOBAL for op in inner):
            self._stores = None  # (what the calls store is not summed up here: any)
        elif self._stores is not None:
            self._stores |= {global_name(op) for op in inner if op.name == GLOBAL_STORE}
        return opened

    # -- in-place writes along paths (the second pass) ----------------------------------------
    def consumed_at(self, value: ir.Value) -> frozenset[tuple[ir.Value, ir.Operation]]:
        """For a load (or a call's result) of the second pass: each (value it may be, in-place
        op) where the op may have written that value's buffer before, on a path where the
        global still held it (:class:`Consumption`)."""
        held = self._links.get(value)
        return held.consumed if held is not None else frozenset()

    def _written(self, op: ir.Operation, state: State) -> None:
        """``op`` writes buffers in place: every global holding one of them (or holding the
        buffers of the globals it writes) records the write, and so does the path."""
        assert self._consumption is not None
        roots, symbols = self._consumption.writes(op)
        if not roots and symbols == frozenset():
            return
        buffers = self._consumption.buffers
        found: set[tuple[ir.Value, ir.Operation]] = {(r, op) for r in roots}
        for symbol in list(state):
            if symbol == _WRITTEN:
                continue
            held = state[symbol]
            mine = symbols is None or symbol in symbols
            pairs = frozenset((v, op) for v in held.values if mine or buffers(v) & roots)
            if pairs:
                state[symbol] = Held(held.values, held.entry, held.other, held.consumed | pairs)
                found |= pairs
        seen = state.get(_WRITTEN, Held())
        state[_WRITTEN] = Held(frozenset(), False, False, seen.consumed | found)

    def _written_of(self, state: State, values: list[ir.Value]) -> frozenset[tuple[ir.Value, ir.Operation]]:
        """What the path wrote of the buffers ``values`` may be, as pairs of each value."""
        if self._consumption is None or _WRITTEN not in state:
            return frozenset()
        buffers = self._consumption.buffers
        out: set[tuple[ir.Value, ir.Operation]] = set()
        for value in values:
            mine = buffers(value) | {value}
            out |= {(value, w) for x, w in state[_WRITTEN].consumed if x in mine}
        return frozenset(out)

    # -- helpers --------------------------------------------------------------------------------
    def _inner_writes(self, inner: list[ir.Operation], held: Held) -> frozenset[tuple[ir.Value, ir.Operation]]:
        """Given up on ops ``inner``: each of their in-place writes may have written any value
        ``held`` holds (second pass only)."""
        if self._consumption is None:
            return frozenset()
        writers = [op for op in inner if self._consumption.writes(op) != (frozenset(), frozenset())]
        return frozenset((v, w) for v in held.values for w in writers)

    def _held_by(self, state: State, symbols: Globals) -> frozenset[ir.Value]:
        """The values the globals ``symbols`` (None: every mutable one) may hold."""
        names = self._mutable if symbols is None else symbols
        out: set[ir.Value] = set()
        for symbol in names:
            held = state.get(symbol)
            if held is not None:
                out |= held.values
        return frozenset(out)

    def _stored(self, state: State, symbols: Globals, operands: Iterable[ir.Value]) -> None:
        """Globals that an op with these operands may store: each may now hold what it held,
        any resource operand, or a buffer of its own."""
        self._stores = None if symbols is None else (None if self._stores is None else self._stores | symbols)
        passed = frozenset(v for v in operands if is_resource(v))
        names = self._mutable if symbols is None else symbols & self._mutable
        for symbol in names:
            state[symbol] = state.get(symbol, _ENTRY).join(Held(passed, False, True))

    def _forget(self, state: State, blocks: list[ir.Block], head: int, tail: int) -> State:
        """``state`` carried round a back edge ``tail -> head``: values made in blocks of the
        cycle are another iteration's, so a global holding one is open instead."""
        cycle = {blocks[i] for i in _cycle(blocks, head, tail)}
        return _without(state, lambda v: _block_of(v, blocks) in cycle)

    def _forget_inside(self, state: State, op: ir.Operation) -> State:
        """``state`` leaving (or going round) a loop ``op``: values made inside it are
        another iteration's, or not visible outside."""
        return _without(state, lambda v: defined_inside(v, op))


def _without(state: State, made_there: Callable[[ir.Value], bool]) -> State:
    out: State = {}
    for symbol, held in state.items():
        gone = {v for v in held.values if made_there(v)}
        out[symbol] = (
            Held(held.values - gone, held.entry, True, frozenset(c for c in held.consumed if c[0] not in gone))
            if gone
            else held
        )
    return out


def _cycle(blocks: list[ir.Block], head: int, tail: int) -> set[int]:
    """The blocks of the cycle closed by the back edge ``tail -> head``."""
    index = {b: i for i, b in enumerate(blocks)}
    successors = [[index[s] for s in b.successors] for b in blocks]
    predecessors: list[list[int]] = [[] for _ in blocks]
    for i, succ in enumerate(successors):
        for j in succ:
            predecessors[j].append(i)
    return _reach(head, successors) & _reach(tail, predecessors)


def _reach(start: int, nexts: list[list[int]]) -> set[int]:
    seen = {start}
    todo = [start]
    while todo:
        for j in nexts[todo.pop()]:
            if j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def _block_of(value: ir.Value, blocks: list[ir.Block]) -> ir.Block | None:
    """The block among ``blocks`` (one region's) that holds ``value``'s definition, directly or
    nested."""
    owner = value.owner
    block = owner if isinstance(owner, ir.Block) else getattr(owner, "operation", owner).block
    candidates = set(blocks)
    while block not in candidates:
        parent = block.owner
        if parent is None:
            return None
        parent = getattr(parent, "operation", parent)
        if parent.parent is None:
            return None
        block = parent.block
    return block
