"""A faulty scheduler, on purpose: the campaign must catch what IREE's scheduling gets wrong.

:func:`read_after_write` changes a scheduled module (right before
``iree-stream-schedule-allocation``, where the schedule guard reads it) the way IREE 3.13's
``iree-stream-schedule-concurrency`` does in the campaign's G1 fault: in an execution region,
an item of the body that reads a value is moved after the item that writes the value in place.
It stands in for a scheduler bug the campaign has not met yet: given to
``Oracle(schedule_mutation=...)``, every build's schedule gets it, stock and the tool's alike.
"""

from __future__ import annotations

from iree.compiler import ir

from stream_model.schedule.check import ScheduleVerdict, check_schedule


def read_after_write(module: ir.Module) -> None:
    """In each function, move the first read that the schedule orders before an in-place write
    of the same version, in the same execution region, to right after that write (its whole
    item of the region's body: the op, or the concurrent region holding it), when nothing in
    between uses what the moved item makes."""
    moved: set[str] = set()
    for check in check_schedule(module).checks:
        if check.verdict is not ScheduleVerdict.ORDERED or check.function in moved:
            continue
        read_item, write_item = _item(check.read_op), _item(check.write_op)
        if read_item is None or write_item is None or read_item == write_item:
            continue
        if read_item.parent != write_item.parent or not read_item.is_before_in_block(write_item):
            continue
        if _used_up_to(read_item, write_item):
            continue
        read_item.move_after(write_item)
        moved.add(check.function)


def _item(op: ir.Operation) -> ir.Operation | None:
    """The direct child of an execution region's body that holds ``op``."""
    current = op
    while current.parent is not None:
        parent = current.parent
        if parent.name == "stream.async.execute":
            return current
        if parent.name in ("util.func", "func.func", "util.initializer", "builtin.module"):
            return None
        current = parent
    return None


def _used_up_to(first: ir.Operation, last: ir.Operation) -> bool:
    """Does any op from ``first``'s next op up to ``last`` (same block) use ``first``'s results?"""
    results = set(first.results)
    if not results:
        return False
    following = list(first.block.operations)
    start = next(i for i, o in enumerate(following) if o.operation == first) + 1
    end = next(i for i, o in enumerate(following) if o.operation == last)
    for other in following[start : end + 1]:
        if _uses_any(other.operation, results):
            return True
    return False


def _uses_any(op: ir.Operation, values: set[ir.Value]) -> bool:
    if any(v in values for v in op.operands):
        return True
    return any(
        _uses_any(inner.operation, values)
        for region in op.regions
        for block in region.blocks
        for inner in block.operations
    )
