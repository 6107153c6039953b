"""Slices in the body of an ``scf.for``: which iteration's writes the slice depends on.

A slice in a loop body runs once per iteration, and so do the writes next to it. The rule
compares the slice of iteration ``i`` with the writes of the same, earlier and later iterations
(:mod:`stream_model.rule.slice_query`); this module finds the loop, the iteration arguments that carry the
source from one iteration to the next, and the ops outside the loop every iteration depends on.
Any other repetition (nested loops, ``scf.while``, a region op the model does not know, a loop
written with ``cf`` branches) keeps the copy.
"""

from __future__ import annotations

from dataclasses import dataclass

from iree.compiler import ir

from ..ir.util import defining_op
from ..model.program import FunctionModel, OpInfo
from ..report.messages import BELOW_LOOP_BODY, NESTED_LOOPS, READ_IN_ANOTHER_ITERATION
from ..semantics.op_table import carries_order
from ..semantics.region_flow import counted_loop, is_resource, terminator


@dataclass
class LoopContext:
    """The ``scf.for`` whose body holds a slice, and what every iteration's slice depends on."""

    op: ir.Operation
    body: ir.Block
    iv: ir.Value
    carried_args: list[int]  # iteration arguments k the slice depends on, whose yield depends on k
    before_every_iteration: list[OpInfo]  # ops outside the loop every iteration's slice depends on
    unsigned: bool = False  # ``scf.for unsigned``: iterations are ordered by unsigned comparison


def loop_context(fn: FunctionModel, info: OpInfo, reads: list[OpInfo]) -> LoopContext:
    """Accept a slice directly in the body of one ``scf.for`` whose alias never leaves the
    iteration; raise :class:`KeepCopy` otherwise.

    Iteration argument ``k`` is *carried* when the slice depends on it and ``scf.yield``
    operand ``k`` depends on it too (SSA data dependence inside the body): then the slice of
    iteration ``i`` depends on everything that fed yield operand ``k`` in iterations ``< i``,
    and on the loop's init value ``k``.
    """
    counted = counted_loop(info.loops[0]) if len(info.loops) == 1 else None
    if counted is None:
        names = ", ".join(sorted({loop.name for loop in info.loops}))
        raise NESTED_LOOPS.keep_copy(loops=names)
    loop, body = counted.op, counted.body
    first = fn.info(list(body.operations)[0].operation)
    if first is None or info.block_id != first.block_id:
        raise BELOW_LOOP_BODY.keep_copy()
    if any(loop not in r.loops for r in reads):
        raise READ_IN_ANOTHER_ITERATION.keep_copy()
    iter_args, yielded = counted.iter_args, counted.yielded
    slice_args = _block_args_reached(fn, [info])
    carried = [
        k
        for k, arg in enumerate(iter_args)
        if arg in slice_args and arg in _block_args_reached(fn, [producer(fn, yielded[k])])
    ]
    outside: list[OpInfo] = []
    for k in carried:
        p = producer(fn, counted.inits[k])
        if p is not None:
            outside.append(p)
    # Values captured from outside the loop that the slice depends on directly.
    for v in _captured_operands(fn, info, body):
        p = producer(fn, v)
        if p is not None:
            outside.append(p)
    return LoopContext(loop, body, counted.iv, carried, outside, counted.unsigned)


def producer(fn: FunctionModel, value: ir.Value) -> OpInfo | None:
    """The model's record of the op that defines ``value`` (None for a block argument)."""
    op = defining_op(value)
    return None if op is None else fn.info(op)


def feeds_yield(fn: FunctionModel, w: OpInfo, loop: LoopContext) -> bool:
    """``w``'s result reaches a carried yield operand within one iteration."""
    yielded = list(terminator(loop.body).operands)
    for k in loop.carried_args:
        seen, _ = _in_body_closure(fn, [producer(fn, yielded[k])])
        if w in seen:
            return True
    return False


def ordered_before_every_iteration(fn: FunctionModel, w: OpInfo, loop: LoopContext) -> bool:
    if w.in_loop:
        return False
    return any(w is c or fn.happens_before(w, c) for c in loop.before_every_iteration)


def _in_body_closure(fn: FunctionModel, start: list[OpInfo | None]) -> tuple[list[OpInfo], list[ir.Value]]:
    """Ops of the start's block that ``start`` depends on through order-carrying SSA edges
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
            d = producer(fn, v)
            if d is not None and d.block_id == block_id and carries_order(v, d.op):
                work.append(d)
            elif d is None or d.block_id != block_id:
                leaves.append(v)
    return seen, leaves


def _block_args_reached(fn: FunctionModel, start: list[OpInfo | None]) -> list[ir.Value]:
    _, leaves = _in_body_closure(fn, start)
    return [v for v in leaves if isinstance(v.owner, ir.Block)]


def _captured_operands(fn: FunctionModel, info: OpInfo, body: ir.Block) -> list[ir.Value]:
    _, leaves = _in_body_closure(fn, [info])
    args = list(body.arguments)
    return [v for v in leaves if v not in args and not isinstance(v.owner, ir.Block) and is_resource(v)]
