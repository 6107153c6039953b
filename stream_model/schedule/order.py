"""The execution order that scheduled stream-async IR guarantees, as IREE 3.13 documents it.

Scheduled IR (after ``iree-stream-schedule-execution`` and ``-concurrency``, up to
``iree-stream-schedule-allocation``) runs on two clocks. The *host* runs a function's ops in
program order; a ``stream.async.execute`` op only submits work. The *device* runs each
execution region (``Dialect/Stream/IR/StreamOps.td``):

* "Nested ops execute serially in block order and nested ``stream.async.concurrent`` ops can be
  used to run multiple ops concurrently": the items of an execution region's body run one
  after the other; the ops of a concurrent region run at the same time (nested ones too);
* "Zero or more timepoints may be provided to block execution until they are all reached;
  zero timepoints indicates that execution may begin immediately": an execution region waits
  for its ``await(...)`` timepoints and for nothing else; two regions with no timepoint
  between them may run in either order, or at once;
* "All results are only ready once all nested ops complete execution and the returned timepoint
  is reached"; ``stream.timepoint.await`` blocks until its timepoint is reached; an op reads
  an operand only once its producer has finished (stream async semantics).

:class:`ScheduleOrder` answers one question: does op ``a`` *complete* before op ``b`` *starts*,
in every execution those rules allow? It is a reachability question over events (an op's
start and end, an execution region's submission) ordered by these edges:

* **serial**: the end of an execution region's body item before the start of the next one;
* **containment**: a region op starts before its body ops; an execution or concurrent region
  ends after every op of its body;
* **data**: an op that accesses bytes (a device op, ``stream.async.load``) starts after the
  producers of its operands end, looking through captures; a concurrent region's result is
  ready when the region ends; an execution region's result is ready only at its timepoint
  (no edge of its own: ``stream.timepoint.await`` or ``await(...)`` orders it);
* **timepoints**: an execution region starts after the regions whose timepoints it awaits
  end (through ``stream.timepoint.join``/``barrier``); ``stream.timepoint.await`` ends after
  them;
* **host order**: a host op starts after the previous host op of its block ends when that op
  is synchronous (``stream.timepoint.await``, ``stream.async.load``, ops on host values, a
  region op's host work), else after it started (an execution region only after it was
  submitted; a join or barrier, whose timepoints the host does not wait for); the first op of
  a ``cf`` block after the previous blocks' terminators.

An edge out of a loop (``scf.for``/``scf.while``, blocks of a ``cf`` cycle, regions the model
does not know) orders only the loop's last iteration, so edges that leave a repeating context
for an op outside it are dropped: whatever is then proven holds for every instance. One
exception is proven by induction: a timepoint an ``scf.for`` carries, when the timepoint its
body yields implies the one the iteration was handed (IREE's own shape: each iteration's region
awaits the previous one's), implies at the loop's result what it implies within an iteration,
in every iteration; and inside the body, the timepoint an iteration is handed implies what the
init implies. An op of a loop body and an op of the same body are compared within one
iteration.

Nothing is assumed beyond these rules: unknown producers (function and block arguments, call
results, values loaded from globals) order nothing, so an answer of ``False`` means "not
proven", never "proven unordered". The order is read from the IR and never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iree.compiler import ir

from ..ir.util import child_ops, defining_op, parent_op_of_block
from ..semantics.op_table import carries_order
from ..semantics.ops import (
    FUNC_FUNC,
    FUNC_RETURN,
    TIMEPOINT_AWAIT,
    TIMEPOINT_BARRIER,
    TIMEPOINT_JOIN,
    UTIL_CALL,
    UTIL_FUNC,
    UTIL_RETURN,
)
from ..semantics.region_flow import (
    REGION_FLOW,
    REGION_TERMINATORS,
    SYNCHRONOUS_HOST_OPS,
    TIMEPOINT_OPS,
    ResultsReady,
    flow_of,
    is_device_region,
    is_resource,
    outside_captures,
)
from ..semantics.region_flow import terminator as terminator_of

__all__ = ["Callees", "ScheduleOrder", "ScheduledOp", "walk_function"]

START, END, SUBMIT = 0, 1, 2
#: Every instance of a loop body's op has ended (induction over the iterations): an event with
#: no predecessors, so that nothing before the loop is taken as ordered through a body that may
#: not have run.
DONE = 3
Event = tuple[int, int]  # (kind, op index)


@dataclass(eq=False, slots=True)
class ScheduledOp:
    """One op of a function of scheduled IR and where it sits in the schedule."""

    op: ir.Operation
    index: int  # pre-order position in the function
    parent: int | None  # index of the op whose region holds it (None: the function body)
    device: bool  # inside an execution region: runs on the device
    #: The repeating contexts around the op, outermost first: loops (scf.for/while, unknown
    #: region ops) as ``("op", index)`` and cf cycles as ``("cycle", block id)``.
    repeats: tuple[tuple[str, int], ...]
    block: int  # id of the block that holds it
    previous: int | None = None  # the op before it in its block
    has_regions: bool = False
    children: list[int] = field(default_factory=list)  # ops of its regions' blocks (direct)


@dataclass
class _Walk:
    ops: list[ScheduledOp] = field(default_factory=list)
    #: Per block id of a block other than its region's entry that the entry reaches: the
    #: terminator of its immediate dominator, the last op every way into it ran (a merge runs
    #: after one of the blocks that reach it, not all of them).
    dominators: dict[int, ir.Operation] = field(default_factory=dict)


def walk_function(fn: ir.Operation) -> list[ScheduledOp]:
    """Every op of ``fn`` (pre-order), with its place in the schedule."""
    return _walk(fn).ops


def _walk(fn: ir.Operation) -> _Walk:
    walk = _Walk()
    ops = walk.ops
    next_block = [0]

    def visit_region(region: ir.Region, parent: int | None, device: bool, repeats: tuple[tuple[str, int], ...]) -> None:
        blocks = list(region.blocks)
        ids = []
        for _ in blocks:
            next_block[0] += 1
            ids.append(next_block[0])
        successors = [[next(i for i, b in enumerate(blocks) if b == s) for s in block.successors] for block in blocks]
        cycles = _on_cycles(successors)
        for k, dominator in _immediate_dominators(successors).items():
            if dominator is not None:
                walk.dominators[ids[k]] = list(blocks[dominator].operations)[-1].operation
        for k, block in enumerate(blocks):
            reps = repeats + ((("cycle", ids[k]),) if k in cycles else ())
            visit_block(block, ids[k], parent, device, reps)

    def visit_block(
        block: ir.Block, bid: int, parent: int | None, device: bool, repeats: tuple[tuple[str, int], ...]
    ) -> None:
        previous: int | None = None
        for op in block.operations:
            op = op.operation
            info = ScheduledOp(op, len(ops), parent, device, repeats, bid, previous, len(op.regions) > 0)
            ops.append(info)
            if parent is not None:
                ops[parent].children.append(info.index)
            previous = info.index
            flow = flow_of(op)
            inner_repeats = repeats if flow is not None and flow.at_most_once else repeats + (("op", info.index),)
            for region in op.regions:
                visit_region(region, info.index, device or is_device_region(op), inner_repeats)

    for region in fn.regions:
        visit_region(region, None, False, ())
    return walk


class ScheduleOrder:
    """Which ops of one function of scheduled IR complete before others start (see module
    docstring). Built once per function; queries are memoised backward searches."""

    def __init__(self, fn: ir.Operation, callees: Callees | None = None) -> None:
        self.fn = fn
        self.callees = callees
        walk = _walk(fn)
        self.ops = walk.ops
        self._dominators = walk.dominators
        self._reached_memo: dict[tuple[ir.Value, tuple[tuple[str, int], ...]], list[Event]] = {}
        self._loops: dict[tuple[int, int], tuple[frozenset[Event], ir.Value] | None] = {}
        self._carried_memo: dict[tuple[int, int], tuple[ir.Value, ir.Value, ir.Value, ScheduledOp] | None] = {}
        self.by_op: dict[ir.Operation, ScheduledOp] = {i.op: i for i in self.ops}
        self._preds: dict[Event, list[Event]] = {}
        self._ancestors: dict[Event, frozenset[Event]] = {}

    # -- queries ----------------------------------------------------------------------------
    def info(self, op: ir.Operation) -> ScheduledOp | None:
        return self.by_op.get(op)

    def completes_before(self, a: ScheduledOp, b: ScheduledOp) -> bool:
        """Does ``a`` end before ``b`` starts, in every execution IREE's rules allow (for the
        instances of both that run in one iteration of their common loops)?"""
        if a is b:
            return False
        try:
            before = self._reaching((START, b.index))
        except RecursionError:
            return False  # (regions nested deeper than Python's stack: not proven, so reported)
        return (END, a.index) in before or (DONE, a.index) in before

    def _reaching(self, event: Event) -> frozenset[Event]:
        """Every event that happens before ``event``: a backward search, memoised per queried
        event (a check asks about few ops, each against several others)."""
        found = self._ancestors.get(event)
        if found is None:
            seen: set[Event] = set()
            stack = [event]
            while stack:
                for p in self.preds(stack.pop()):
                    if p not in seen:
                        seen.add(p)
                        stack.append(p)
            found = self._ancestors[event] = frozenset(seen)
        return found

    # -- edges ------------------------------------------------------------------------------
    def preds(self, event: Event) -> list[Event]:
        """The events that directly precede ``event`` (module docstring)."""
        found = self._preds.get(event)
        if found is None:
            kind, index = event
            info = self.ops[index]
            if kind == START:
                found = self._start_preds(info)
            elif kind == END:
                found = self._end_preds(info)
            elif kind == DONE:
                found = []
            else:
                found = self._host_preds(info)
            self._preds[event] = found
        return found

    def _start_preds(self, info: ScheduledOp) -> list[Event]:
        out: list[Event] = []
        if _submitted(info.op):
            out.append((SUBMIT, info.index))
            awaited = REGION_FLOW[info.op.name].waits_for(info.op)
            if awaited is not None:
                out += self._reached(awaited, info)
        elif info.parent is not None and is_device_region(self.ops[info.parent].op):
            parent = self.ops[info.parent]
            out.append((START, parent.index))
            if REGION_FLOW[parent.op.name].serial_body and info.previous is not None:
                out.append((END, info.previous))  # serial: the previous item of the body
        else:
            out += self._host_preds(info)
        if info.device or info.op.name in SYNCHRONOUS_HOST_OPS or _submitted(info.op):
            for operand in info.op.operands:
                out += self._ready(operand, info)
        return out

    def _end_preds(self, info: ScheduledOp) -> list[Event]:
        out: list[Event] = [(START, info.index)]
        name = info.op.name
        if is_device_region(info.op):
            out += [(END, c) for c in info.children]
        elif name == TIMEPOINT_AWAIT:
            out += self._reached(info.op.opview.await_timepoint, info)
        elif name == TIMEPOINT_JOIN:
            for tp in info.op.operands:
                out += self._reached(tp, info)
        elif name == TIMEPOINT_BARRIER:
            out += self._ready(info.op.opview.resource, info)
        elif info.has_regions and not info.device:
            out += self._host_region_end(info)
        return out

    def _host_region_end(self, info: ScheduledOp) -> list[Event]:
        """What a host region op's end implies: the host has run the blocks that ran, so their
        terminators ended (and, through host order, every synchronous op before them). Of the
        ops inside the op, every instance that ran has ended: :data:`DONE`, also when a region
        may not run (a loop's iterations, the arm of a branch not taken: then there is no
        instance). Of the events outside it, only what every way through the regions implies:
        the events common to every exit (the arm taken, the yield a path of blocks reaches);
        none for a loop (it may run no iteration) or a region op with a region of no block (an
        ``scf.if`` without ``else``): a host wait in an arm or an iteration that did not run is
        implied by nothing."""
        flow = flow_of(info.op)
        if flow is None:
            return []
        exits = [c for region in info.op.regions for c in self._exits(region)]
        every_path = flow.at_most_once and all(len(r.blocks) for r in info.op.regions)
        if every_path and len(exits) == 1:
            return [(END, exits[0])]
        done: set[Event] = set()
        common: set[Event] | None = None
        for region in info.op.regions:
            # An op of one region runs only when that region does, but may reach several of its
            # exits: it has ended only where every exit of its region implies it (an
            # scf.execute_region's read may be awaited before one of two yields only).
            in_region: set[Event] | None = None
            for c in self._exits(region):
                inside, frontier = self._fenced([(END, c)], info.index)
                finished = {(DONE, i) for kind, i in inside if kind in (END, DONE)}
                in_region = finished if in_region is None else in_region & finished
                common = frontier if common is None else common & frontier
            done |= in_region or set()
        return sorted(done | (common or set() if every_path else set()))

    def _exits(self, region: ir.Region) -> list[int]:
        """The ops that leave ``region`` (terminators without successors)."""
        out = []
        for block in region.blocks:
            last = self.by_op.get(terminator_of(block))
            if last is not None and not len(last.op.successors) and last.op.name in _REGION_TERMINATORS:
                out.append(last.index)
        return out

    def _fenced(self, starts: list[Event], fence: int) -> tuple[set[Event], set[Event]]:
        """The events before ``starts`` (themselves included) found without leaving the regions
        of op ``fence``: those of ops inside it, and the first ones outside it, not searched
        further (the search that asked goes on from them). A search that never leaves the op
        it is about needs no answer about the ops before it, so it nests no deeper than the
        regions do (a search through every earlier region op would nest as deep as there are
        region ops, past Python's stack)."""
        inside: set[Event] = set()
        outside: set[Event] = set()
        stack = list(starts)
        while stack:
            event = stack.pop()
            if event in inside or event in outside:
                continue
            if not self._nested(event[1], fence):
                outside.add(event)
                continue
            inside.add(event)
            stack.extend(self.preds(event))
        return inside, outside

    def _nested(self, index: int, ancestor: int) -> bool:
        """Is op ``index`` inside the regions of op ``ancestor`` (at any depth)?"""
        parent = self.ops[index].parent
        while parent is not None:
            if parent == ancestor:
                return True
            parent = self.ops[parent].parent
        return False

    def _host_preds(self, info: ScheduledOp) -> list[Event]:
        """Host program order before a host op (or before an execution region's submission):
        the previous op of its block; for the first op of a block, the start of the region op
        holding it and the terminators of the block's predecessors (back edges of a ``cf``
        loop left out: they order an iteration after the previous one, not this one)."""
        if info.previous is not None:
            prev = self.ops[info.previous]
            if _submitted(prev.op):
                return [(SUBMIT, prev.index)]
            return [(END, prev.index) if _synchronous(prev) else (START, prev.index)]
        out: list[Event] = []
        if info.parent is not None:
            out.append((START, info.parent))
        # What every way into the block ran: its immediate dominator's terminator, over all of
        # its region's edges (not every block reaching it: a host wait on one side of a diamond
        # orders nothing after the merge; not the forward edges alone: an irreducible cycle may
        # bypass a block they take as dominating).
        dominator = self.by_op.get(self._dominators[info.block]) if info.block in self._dominators else None
        if dominator is not None:
            out.append((END, dominator.index))
        return out

    def _ready(self, value: ir.Value, user: ScheduledOp) -> list[Event]:
        """The events after which ``user`` may read ``value``: its producer's end, looking
        through captures and concurrent results."""
        for _ in range(10_000):
            value = outside_captures(value)
            producer = defining_op(value)
            if producer is None:
                return []  # a function, loop or branch argument
            info = self.by_op.get(producer)
            if info is None or not self._may_order(info, user):
                return []
            flow = flow_of(producer)
            if flow is not None and flow.results_ready is ResultsReady.AT_END:
                return [(END, info.index)]
            if info.has_regions:
                return []  # ready at the timepoint (execute), or after host work only
            if producer.name in (TIMEPOINT_AWAIT, TIMEPOINT_BARRIER):
                return [(END, info.index)]
            if not carries_order(value, producer):
                return []
            return [(END, info.index)]
        return []

    def _reached(self, tp: ir.Value, user: ScheduledOp) -> list[Event]:
        """The events that have happened when timepoint ``tp`` is reached: the end of the
        execution region (or join, barrier) producing it; through ``scf.if``/``index_switch``
        the events every alternative's timepoint implies; through ``util.call`` those of the
        timepoints passed in that the callee's returned timepoint implies on every return.
        Memoised per timepoint and the user's repeating contexts (all an answer depends on:
        a chain of branches yielding branches' timepoints is asked each arm's)."""
        key = (tp, user.repeats)
        found = self._reached_memo.get(key)
        if found is None:
            found = self._reached_memo[key] = self._reached_uncached(tp, user)
        return found

    def _reached_uncached(self, tp: ir.Value, user: ScheduledOp) -> list[Event]:
        producer = defining_op(tp)
        if producer is None:
            return self._reached_by_iteration_argument(tp, user)
        info = self.by_op.get(producer)
        if info is None or not self._may_order(info, user):
            return []
        if producer.name in TIMEPOINT_OPS:
            return [(END, info.index)]
        k = ir.OpResult(tp).result_number
        if _alternatives(producer):
            common: set[Event] | None = None
            for region in producer.regions:
                last = terminator_of(region.blocks[0])
                events = set(self._reached(last.operands[k], user)) if k < len(last.operands) else set()
                common = events if common is None else common & events
            return sorted(common or ())
        flow = flow_of(producer)
        if flow is not None and flow.counted:
            return self._reached_through_iterations(producer, k, user)
        if producer.name == UTIL_CALL and self.callees is not None:
            callee = self.callees.get(ir.FlatSymbolRefAttr(producer.attributes["callee"]).value)
            if callee is None:
                return []
            out: list[Event] = []
            for j in sorted(self.callees.implied_arguments(callee, k)):
                out += self._reached(producer.operands[j], user)
            return out
        return []

    def _reached_through_iterations(self, loop: ir.Operation, k: int, user: ScheduledOp) -> list[Event]:
        """What result ``k`` of a counted loop (``scf.for``) implies, by induction over its
        iterations, when the timepoint its body yields implies the iteration argument it becomes
        (:meth:`_carried`): the loop's result is the last iteration's yielded timepoint, which
        implies that iteration's events and the previous one's timepoint, down to the init. So
        every event the yielded timepoint implies within one iteration has happened in *every*
        iteration, and so has what the init implies; a loop that runs no iteration yields the
        init, and its body's events have no instance. So the body's events come back as
        :data:`DONE` (every instance ended, with no predecessors): an event before the loop that
        only the body's waits imply is not implied when no iteration ran (a region before a
        loop that runs no iteration), and what holds regardless comes from the init. Without
        that chain, nothing (an earlier iteration may still be running)."""
        out: list[Event] = []
        while True:
            found = self._loop_done(loop, k)
            if found is None:
                return out
            done, init = found
            out += done
            producer = defining_op(init)
            info = self.by_op.get(producer) if producer is not None else None
            flow = flow_of(producer) if producer is not None else None
            if info is None or flow is None or not flow.counted or not self._may_order(info, user):
                return out + self._reached(init, user)
            loop, k = producer, ir.OpResult(init).result_number  # (a chain of loops, followed without recursion)

    def _loop_done(self, loop: ir.Operation, k: int) -> tuple[frozenset[Event], ir.Value] | None:
        """Per loop result with the chain of :meth:`_carried`: the :data:`DONE` events of the
        body's ops its yielded timepoint implies within an iteration, and the init. Memoised;
        the counted loops before it are settled first, in program order, so that one loop's
        body awaiting another's result nests no search (a chain of loops would nest as deep as
        it is long)."""
        index = self.by_op[loop].index
        if (index, k) not in self._loops:
            for earlier in self.ops[: index + 1]:
                flow = flow_of(earlier.op) if earlier.has_regions else None
                if flow is None or not flow.counted:
                    continue
                for j in range(len(earlier.op.results)):
                    if (earlier.index, j) not in self._loops:
                        # (In progress: a loop nested in it, settled meanwhile, asks nothing of it.)
                        self._loops[(earlier.index, j)] = None
                        self._loops[(earlier.index, j)] = self._settle_loop(earlier.op, earlier.index, j)
        return self._loops[(index, k)]

    def _settle_loop(self, loop: ir.Operation, index: int, k: int) -> tuple[frozenset[Event], ir.Value] | None:
        carried = self._carried(loop, k)
        if carried is None:
            return None
        yielded, _, init, term = carried
        inside, _ = self._fenced(self._reached(yielded, term), index)
        return frozenset((DONE, i) for kind, i in inside if kind in (END, DONE)), init

    def _reached_by_iteration_argument(self, arg: ir.Value, user: ScheduledOp) -> list[Event]:
        """What an iteration argument of a counted loop implies when the chain of
        :meth:`_carried` holds: what the init implies, by induction (the first iteration is
        handed the init; each later one the previous iteration's yield, which implies the
        argument that iteration was handed). Any other block argument implies nothing."""
        holder = parent_op_of_block(arg.owner)
        flow = flow_of(holder) if holder is not None else None
        info = self.by_op.get(holder) if holder is not None else None
        if holder is None or flow is None or not flow.counted or info is None or not self._may_order(info, user):
            return []
        for k in range(len(holder.results)):
            carried = self._carried(holder, k)
            if carried is not None and carried[1] == arg:
                return self._reached(carried[2], user)
        return []

    def _carried(self, loop: ir.Operation, k: int) -> tuple[ir.Value, ir.Value, ir.Value, ScheduledOp] | None:
        """For result ``k`` of a counted loop: the timepoint its body yields, the iteration
        argument that becomes, the init, and the body's terminator, when the yielded timepoint
        implies that argument (:func:`_implied`: IREE's own shape, each iteration's region
        awaiting the previous one's); None otherwise. Read through the loop's declared region
        flow (:data:`~stream_model.semantics.region_flow.REGION_FLOW`)."""
        key = (self.by_op[loop].index, k)
        if key not in self._carried_memo:
            self._carried_memo[key] = self._find_carried(loop, k)
        return self._carried_memo[key]

    def _find_carried(self, loop: ir.Operation, k: int) -> tuple[ir.Value, ir.Value, ir.Value, ScheduledOp] | None:
        flow = REGION_FLOW[loop.name]
        if len(loop.regions) != 1 or len(list(loop.regions[0].blocks)) != 1:
            return None
        body = loop.regions[0].blocks[0]
        last = terminator_of(body)
        if k >= len(last.operands):
            return None
        yielded = last.operands[k]
        carried = [v for v in flow.exit(loop, 0, k) or () if isinstance(v.owner, ir.Block) and v.owner == body]
        init = next(
            (loop.operands[n] for n in range(len(loop.operands)) if loop.results[k] in (flow.entry(loop, n) or ())),
            None,
        )
        term = self.by_op.get(last)
        if len(carried) != 1 or init is None or term is None:
            return None
        if ir.BlockArgument(carried[0]).arg_number not in _implied(yielded, body, self.callees, 0):
            return None
        return yielded, carried[0], init, term

    def _may_order(self, source: ScheduledOp, user: ScheduledOp) -> bool:
        """May an edge from ``source`` to ``user`` stand for every instance of ``source`` that
        precedes ``user``? Only when ``source`` repeats no more often than ``user``: every
        repeating context of ``source`` is one of ``user``'s."""
        return set(source.repeats) <= set(user.repeats)


#: Ops that end a region or a function's body.
_REGION_TERMINATORS = frozenset({*REGION_TERMINATORS, UTIL_RETURN, FUNC_RETURN})


def _alternatives(op: ir.Operation) -> bool:
    """Are ``op``'s regions alternatives (at most one runs)?"""
    flow = flow_of(op)
    return flow is not None and flow.alternatives


def _submitted(op: ir.Operation) -> bool:
    """Does the host submit ``op`` and go on without waiting for its end (an execution region)?"""
    flow = flow_of(op)
    return flow is not None and flow.submitted


def _synchronous(info: ScheduledOp) -> bool:
    """Does the host wait for the op's end before it runs the next op?"""
    name = info.op.name
    if name in SYNCHRONOUS_HOST_OPS:
        return True
    if _submitted(info.op) or name in TIMEPOINT_OPS:
        # (A join or barrier makes a timepoint and returns: its end, when the timepoints it
        # stands for are reached, is the device's, which the host does not wait for.)
        return False
    if info.has_regions:
        return name in REGION_FLOW  # its end is the end of its host work (see _end_preds)
    return not any(is_resource(v) for v in info.op.operands) and not any(is_resource(r) for r in info.op.results)


def _on_cycles(successors: list[list[int]]) -> set[int]:
    """For the blocks of one region (each given by its successors' positions): which lie on a
    cycle of branch successors."""
    on_cycle: set[int] = set()
    for start in range(len(successors)):
        seen: set[int] = set()
        todo = list(successors[start])
        while todo:
            n = todo.pop()
            if n == start:
                on_cycle.add(start)
                break
            if n not in seen:
                seen.add(n)
                todo.extend(successors[n])
    return on_cycle


def _immediate_dominators(successors: list[list[int]]) -> dict[int, int | None]:
    """Per block of one region (by position, 0 the entry; each given by its successors'
    positions), its immediate dominator over all of the region's edges, back edges included:
    the last block every way from the entry to it passes. None for the entry and for blocks the
    entry does not reach (they never run); edges from those are not ways in."""
    n = len(successors)
    if n == 0:
        return {}
    preds: dict[int, list[int]] = {k: [] for k in range(n)}
    for j, targets in enumerate(successors):
        for k in targets:
            preds[k].append(j)
    reached, todo = {0}, [0]
    while todo:
        for nxt in successors[todo.pop()]:
            if nxt not in reached:
                reached.add(nxt)
                todo.append(nxt)
    dom: dict[int, set[int]] = {k: ({0} if k == 0 else set(reached)) for k in reached}
    changed = True
    while changed:
        changed = False
        for k in sorted(reached - {0}):
            ways_in = [dom[p] for p in preds[k] if p in reached]
            new = {k} | (set.intersection(*ways_in) if ways_in else set())
            if new != dom[k]:
                dom[k], changed = new, True
    out: dict[int, int | None] = {k: None for k in range(n)}
    for k in reached - {0}:
        strict = dom[k] - {k}
        out[k] = max(strict, key=lambda d: len(dom[d])) if strict else None
    return out


class Callees:
    """The functions of a module by name, and what their returned timepoints imply: a call's
    result timepoint is reached only after the timepoints passed as the arguments it implies
    (the callee's execution regions await them), on every return of the callee."""

    def __init__(self, module: ir.Module) -> None:
        self._functions: dict[str, ir.Operation] = {}
        for op in child_ops(module.operation):
            if op.name in (UTIL_FUNC, FUNC_FUNC) and "sym_name" in op.attributes:
                self._functions[ir.StringAttr(op.attributes["sym_name"]).value] = op
        self._implied: dict[tuple[str, int], frozenset[int]] = {}

    def get(self, name: str) -> ir.Operation | None:
        fn = self._functions.get(name)
        return fn if fn is not None and len(fn.regions) and list(fn.regions[0].blocks) else None

    def defined(self) -> list[ir.Operation]:
        """The functions the module defines (with a body), in module order."""
        return [fn for fn in (self.get(name) for name in self._functions) if fn is not None]

    def implied_arguments(self, fn: ir.Operation, result: int) -> frozenset[int]:
        """Indices of ``fn``'s arguments (timepoints) that are reached whenever its result
        ``result`` is, on every ``util.return``."""
        key = (ir.StringAttr(fn.attributes["sym_name"]).value, result)
        if key in self._implied:
            return self._implied[key]
        self._implied[key] = frozenset()  # a recursive call implies nothing while it is settled
        entry = fn.regions[0].blocks[0]
        common: set[int] | None = None
        for block in fn.regions[0].blocks:
            terminator = list(block.operations)[-1].operation
            if terminator.name not in (UTIL_RETURN, FUNC_RETURN):
                continue
            found = (
                _implied(terminator.operands[result], entry, self, 0) if result < len(terminator.operands) else set()
            )
            common = found if common is None else common & found
        self._implied[key] = frozenset(common or ())
        return self._implied[key]


def _implied(
    tp: ir.Value, entry: ir.Block, callees: Callees | None, depth: int, memo: dict[ir.Value, set[int]] | None = None
) -> set[int]:
    """Which arguments of the block ``entry`` (a function's entry block, or a loop's body) are
    reached whenever ``tp`` is: the argument itself, what a join joins, what an execution
    region awaits. Memoised per value within one question (joins of joins share operands:
    without it the walk doubles with each)."""
    memo = {} if memo is None else memo
    found = memo.get(tp)
    if found is None:
        found = memo[tp] = _implied_uncached(tp, entry, callees, depth, memo)
    return found


def _implied_uncached(
    tp: ir.Value, entry: ir.Block, callees: Callees | None, depth: int, memo: dict[ir.Value, set[int]]
) -> set[int]:
    if depth > 64:
        return set()
    producer = defining_op(tp)
    if producer is None:
        if tp.owner == entry:
            return {ir.BlockArgument(tp).arg_number}
        return set()
    name = producer.name
    if name == TIMEPOINT_JOIN:
        return set().union(*(_implied(t, entry, callees, depth + 1, memo) for t in producer.operands))
    if _submitted(producer):
        awaited = REGION_FLOW[name].waits_for(producer)
        return _implied(awaited, entry, callees, depth + 1, memo) if awaited is not None else set()
    if _alternatives(producer):
        k = ir.OpResult(tp).result_number
        common: set[int] | None = None
        for region in producer.regions:
            found = _implied(terminator_of(region.blocks[0]).operands[k], entry, callees, depth + 1, memo)
            common = found if common is None else common & found
        return common or set()
    if name == UTIL_CALL:
        if callees is None:
            return set()
        callee = callees.get(ir.FlatSymbolRefAttr(producer.attributes["callee"]).value)
        if callee is None:
            return set()
        k = ir.OpResult(tp).result_number
        out: set[int] = set()
        for j in callees.implied_arguments(callee, k):
            out |= _implied(producer.operands[j], entry, callees, depth + 1, memo)
        return out
    return set()
