"""What may run right after each access to a global in a function: the paths of execution
through its blocks and its region ops, access by access.

IREE's folds of globals erase a store by its form (:mod:`.global_folds`); whether that changes
what the program computes depends on what runs between the accesses on some run of it: a write
of the global on a path back to a roll-back, a read on a path after it. Listing order says that
only for straight-line code. This graph says it for ``cf`` loops (a header that rolls back, a
body that writes), irreducible cycles and loops' next turns alike.

The graph is read from the branches and the region ops whose flow the op table knows
(:data:`~stream_model.semantics.region_flow.REGION_FLOW`): an ``scf.for`` may turn no time
unless its bounds are constants, and turns again unless they give it one turn; a while loop
runs its condition first and after every turn of its body, and its body on the first turn
where the condition holds on the constants it enters with; a branch runs one arm, or none
where an arm is missing; a branch on a constant runs the arm it chooses. Any other op with
accesses inside (``scf.parallel``, ``affine.for``) may run any of its regions any number of
times (review 36: taking it for no graph switched the check off). Conditions are not
evaluated: a path the values never take is still a path (:attr:`EventFlow.varying` says where
that matters most).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from iree.compiler import ir

from ..ir.util import blocks_reached, ops_by_block
from ..semantics.region_flow import (
    RegionFlow,
    Runs,
    counted_loop,
    flow_of,
    never_run,
    static_trip_count,
    taken_successors,
)

__all__ = ["AFTER", "END", "EventFlow", "event_flow", "transfers"]

#: The function's end, as a successor.
END = -1


@dataclass(frozen=True)
class EventFlow:
    """A function's accesses (by their index in its sequence of events) and what may run
    right after each."""

    #: The events a run of the function may meet first (:data:`END`: it may meet none).
    entry: frozenset[int]
    #: Per event, the events that may run right after it, or :data:`END`.
    next: tuple[frozenset[int], ...]
    #: The events inside an arm of a branch whose condition the function's entry block does not
    #: make: one that may differ from a loop's turn to the next (a guard on the induction
    #: variable), so that a path through the arm on a next turn may be one no run takes.
    varying: frozenset[int] = frozenset()


def event_flow(fn: ir.Operation, index: Callable[[ir.Operation], int | None], count: int) -> EventFlow:
    """The graph of ``fn``'s ``count`` events (``index``: an op's event index; None for an op
    that is no event)."""
    graph = _Graph(count, index, fn.regions[0].blocks[0] if len(fn.regions[0].blocks) else None)
    start = graph.region(fn.regions[0], graph.end)
    return EventFlow(
        graph.events_after([start]),
        tuple(graph.events_after(graph.edges[i]) for i in range(count)),
        frozenset(graph.varying),
    )


class _Graph:
    """Events (nodes ``0 .. count - 1``) and the points between them (blocks' starts, region
    ops' ends, regions' ends: the nodes after those), joined by what may run next."""

    def __init__(self, count: int, index: Callable[[ir.Operation], int | None], entry: ir.Block | None) -> None:
        self.count = count
        self.index = index
        self.entry = entry
        #: :attr:`EventFlow.varying`, and how many such arms the walk is in now.
        self.varying: set[int] = set()
        self.guards = 0
        #: The loops around the walk's point: region ops that repeat, and ``cf`` blocks on a
        #: cycle (a condition made inside one may change from turn to turn).
        self.loops: list[ir.Operation | ir.Block] = []
        self.edges: list[list[int]] = [[] for _ in range(count)]
        self.end = self.point()

    def point(self) -> int:
        self.edges.append([])
        return len(self.edges) - 1

    def events_after(self, starts: list[int]) -> frozenset[int]:
        """The events (or :data:`END`) first met from ``starts`` through points only."""
        found: set[int] = set()
        seen: set[int] = set()
        pending = list(starts)
        while pending:
            node = pending.pop()
            if node < self.count:
                found.add(node)
            elif node == self.end:
                found.add(END)
            elif node not in seen:
                seen.add(node)
                pending += self.edges[node]
        return frozenset(found)

    def region(self, region: ir.Region, out: int) -> int:
        """The point where ``region`` starts, its blocks wired, their exits to ``out``."""
        blocks = list(region.blocks)
        if not blocks:
            return out
        starts = {block: self.point() for block in blocks}
        ops = ops_by_block(region.owner)
        cyclic = _on_a_cycle(region)
        for block in blocks:
            here = starts[block]
            if block in cyclic:
                self.loops.append(block)
            for op in ops.get(block, ()):
                event = self.index(op)
                if event is not None:
                    self.edges[here].append(event)
                    here = event
                    if self.guards:
                        self.varying.add(event)
                elif len(op.regions):
                    here = self.region_op(op, here)
            if block in cyclic:
                self.loops.pop()
            successors = taken_successors(block)
            self.edges[here] += [starts[s] for s in successors] if successors else [out]
        return starts[blocks[0]]

    def region_op(self, op: ir.Operation, before: int) -> int:
        """Wire the region op ``op``, entered from ``before``; the point after it."""
        after = self.point()
        flow = flow_of(op)
        dead = never_run(op) if flow is not None else frozenset()
        live = [n for n in range(len(op.regions)) if n not in dead]
        moves = None if flow is None else transfers(op, flow, live)
        if moves is None and not self._holds_events(op):
            self.edges[before].append(after)
            return after
        if moves is None:  # (an op the table does not know: any region, any number of times)
            moves = [*live, AFTER], {n: [*live, AFTER] for n in live}
        entry, exits = moves
        if flow is not None and self._first_turn_enters_body(op, flow, live):
            entry = [1 - flow.runs_first]  # type: ignore[operator]
        ends = {n: self.point() for n in live}
        repeats = any(n in targets for targets in exits.values() for n in live)
        guarded = flow is None or (flow.alternatives and bool(self.loops) and not self._steady(op.operands[0]))
        self.guards += guarded
        if repeats:
            self.loops.append(op)
        starts = {n: self.region(op.regions[n], ends[n]) for n in live}
        if repeats:
            self.loops.pop()
        self.guards -= guarded

        def place(targets: list[int]) -> list[int]:
            return [after if n == AFTER else starts[n] for n in targets]

        self.edges[before] += place(entry)
        for n, targets in exits.items():
            self.edges[ends[n]] += place(targets)
        return after

    def _steady(self, condition: ir.Value) -> bool:
        """Is ``condition`` one value on every turn of the loops around the walk's point: made
        in the function's entry block, or outside every loop around (no loop op holds it, no
        ``cf`` cycle around holds its block)?"""
        owner = condition.owner
        block = owner if isinstance(owner, ir.Block) else getattr(owner, "operation", owner).block
        if self.entry is not None and block == self.entry:
            return True
        around: list[ir.Operation | ir.Block] = []
        while block is not None:
            around.append(block)
            holder = block.owner
            holder = getattr(holder, "operation", holder)
            around.append(holder)
            block = holder.block if holder.parent is not None else None
        return not any(loop == place for loop in self.loops for place in around if type(loop) is type(place))

    def _first_turn_enters_body(self, op: ir.Operation, flow: RegionFlow, live: list[int]) -> bool:
        """Does a while loop's first turn run its body, its condition region holding no access
        (:attr:`~stream_model.semantics.region_flow.RegionFlow.enters_body`)? Its start then
        leads to its body alone: the condition region runs first, but meets no event (tensor
        campaign seeds 15101 and 15102: a loop ``i < 2`` from ``i = 0`` stores a global, and
        nothing before it is left for the function's end)."""
        first = flow.runs_first
        if first is None or flow.enters_body is None or len(op.regions) != 2 or 1 - first not in live:
            return False
        return flow.enters_body(op) and not any(self._holds_events(inner) for inner in _ops_of(op.regions[first]))

    def _holds_events(self, op: ir.Operation) -> bool:
        found = False

        def visit(inner: ir.Operation) -> ir.WalkResult:
            nonlocal found
            found = self.index(inner) is not None
            return ir.WalkResult.INTERRUPT if found else ir.WalkResult.ADVANCE

        op.walk(visit)
        return found


def _ops_of(region: ir.Region) -> list[ir.Operation]:
    """The ops of ``region``'s blocks (not nested deeper: a walk of each finds those)."""
    return [op.operation for block in region.blocks for op in block.operations]


#: The op's end, as where control goes from its start or a region's end (:func:`transfers`).
AFTER = -1


def transfers(op: ir.Operation, flow: RegionFlow, live: list[int]) -> tuple[list[int], dict[int, list[int]]] | None:
    """Where control goes when ``op`` starts, and when each of its regions that may run
    (``live``) ends: region numbers, or :data:`AFTER`. None for a region op whose flow the
    table does not spell that way."""
    if flow.alternatives:  # (one arm runs: a missing one, an else of no blocks, runs nothing)
        return live or [AFTER], {n: [AFTER] for n in live}
    if len(op.regions) == 1 and flow.runs is not Runs.REPEATS:  # (once: scf.execute_region)
        return [0] if live else [AFTER], {n: [AFTER] for n in live}
    if flow.runs is not Runs.REPEATS:
        return None
    first = flow.runs_first
    if first is not None:  # (a while loop: its condition first and after every turn of its body)
        if len(op.regions) != 2 or first not in live:
            return None
        body = 1 - first
        return [first], {first: [AFTER, *([body] if body in live else [])], **({body: [first]} if body in live else {})}
    if len(op.regions) != 1:
        return None
    if not live:  # (a body no run turns)
        return [AFTER], {}
    trips = _trips(op)
    entry = [0] if trips else [0, AFTER]  # (it may turn no time, unless its bounds say it turns)
    return entry, {0: [AFTER] if trips == 1 else [AFTER, 0]}  # (its next turn, unless it has one)


def _on_a_cycle(region: ir.Region) -> set[ir.Block]:
    """The blocks of ``region`` that reach themselves through its taken branches."""
    blocks = list(region.blocks)
    if len(blocks) <= 1:
        return set()
    reach = blocks_reached(region, taken_successors)
    index = {block: n for n, block in enumerate(blocks)}
    return {block for n, block in enumerate(blocks) if any(n in reach[index[s]] for s in taken_successors(block))}


def _trips(op: ir.Operation) -> int | None:
    """How many turns a counted loop takes, where its bounds say (None: unknown)."""
    loop = counted_loop(op)
    return None if loop is None else static_trip_count(loop)
