"""What folding an aliased slice into a consumer makes of the consumer.

An alias is not kept as a value where it can be avoided: its consumers read the slice's source
directly, at offsets shifted by the slice's (``%w[a to b]`` becomes ``%x[o+a to o+b]``), and
they read the version of the source's storage that is live where they run, which is not always
the value the slice read (an in-place update between them consumes it). This module says which
consumers fold, which of their operands the fold shifts, and which version they then read: the
rewrite applies it, and :mod:`.merges` asks what a consumer may look like once folded (a fold
can make it identical to another producer, and IREE merges identical producers after the
splice)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from iree.compiler import ir

from .ir_util import dispatch_operand_index, user_op
from .region_flow import captured, is_device_region, is_resource, resource_results
from .region_flow import region_ties as tied_captures

if TYPE_CHECKING:
    from .program import FunctionModel, OpInfo

#: Operand positions of the ops whose source range a fold rewrites (fixed by their ODS
#: definitions in IREE 3.13: none of these ops has variadic operands).
SOURCE_OPERANDS: dict[str, dict[str, int]] = {
    "stream.async.slice": {"source": 0, "source_size": 1, "source_offset": 2, "source_end": 3},
    "stream.async.copy": {"source": 4, "source_size": 5, "source_offset": 6, "source_end": 7},
    "stream.async.load": {"source": 0, "source_size": 1, "source_offset": 2},
}
#: stream.async.update: the operand whose whole contents are written.
UPDATE_SOURCE_OPERAND = 4


def foldable(use: ir.OpOperand) -> bool:
    """Can this use read the source directly, at shifted offsets?"""
    return folds_operand(user_op(use), use.operand_number)


def folds_operand(owner: ir.Operation, operand_number: int) -> bool:
    """Can operand ``operand_number`` of ``owner``, an alias, be replaced by its source?"""
    if owner.name == "stream.async.dispatch":
        return True  # a read-only operand (the analysis rejects tied uses)
    if owner.name in SOURCE_OPERANDS:
        return bool(operand_number == SOURCE_OPERANDS[owner.name]["source"])
    if owner.name == "stream.async.update":
        view = owner.opview
        return bool(operand_number == UPDATE_SOURCE_OPERAND and view.target != view.update)
    return False


def shifted_operands(owner: ir.Operation, operand_number: int) -> list[ir.Value]:
    """The operands of a folding consumer that the fold adds the alias's offset to."""
    return [owner.operands[i] for i in shifted_positions(owner, operand_number)]


def shifted_positions(owner: ir.Operation, operand_number: int) -> list[int]:
    """Where those operands are in ``owner``'s operand list (one value may fill several
    positions; the fold shifts only these)."""
    if owner.name == "stream.async.dispatch":
        first = dispatch_operand_index(owner, "resource_operands", 0)
        k = sum(1 for i in range(first, operand_number) if is_resource(owner.operands[i]))
        groups = ("resource_operand_offsets", "resource_operand_ends")
        return [dispatch_operand_index(owner, g, k) for g in groups]
    if owner.name in SOURCE_OPERANDS:
        slots = SOURCE_OPERANDS[owner.name]
        return [slots[n] for n in ("source_offset", "source_end") if n in slots]
    if owner.name == "stream.async.update":
        return [UPDATE_SOURCE_OPERAND + 1]  # its update_size
    return []


def resized_position(owner: ir.Operation, operand_number: int) -> int | None:
    """Where the size of the folded operand is in ``owner``'s operand list: the fold makes it
    the source's size."""
    if owner.name == "stream.async.dispatch":
        first = dispatch_operand_index(owner, "resource_operands", 0)
        k = sum(1 for i in range(first, operand_number) if is_resource(owner.operands[i]))
        return dispatch_operand_index(owner, "resource_operand_sizes", k)
    if owner.name in SOURCE_OPERANDS:
        return SOURCE_OPERANDS[owner.name]["source_size"]
    return None


def live_version(fn: FunctionModel, source: ir.Value, consumer: OpInfo | None) -> ir.Value | None:
    """The version of ``source``'s storage current at ``consumer``: follow in-place (tied)
    consumers of the value forward while they come before ``consumer`` in its block. The
    analysis proved that writes between the slice and its reads miss the slice's bytes, so the
    live version holds the same bytes; and unlike ``source`` it is not dead there. None when a
    version is consumed before the consumer in another block (no single live value)."""
    if consumer is None:
        return None
    value = source
    while True:
        step = None
        for use in value.uses:
            user = fn.info(user_op(use))
            if user is None:
                continue
            for result, operand in user.effects.tied + region_ties(user.op):
                if operand == value:
                    step = (user, result)
        if step is None:
            return value
        user, result = step
        if user.index >= consumer.index:
            return value
        if user.block_id != consumer.block_id:
            return None
        value = result


def region_ties(op: ir.Operation) -> list[tuple[ir.Value, ir.Value]]:
    """(result, captured operand) of an execution or concurrent region's tied results: the
    region consumes the captured value in place (scheduled IR)."""
    if not is_device_region(op):
        return []
    operands = captured(op)
    results = resource_results(op)
    return [(results[k], operands[t]) for k, t in tied_captures(op)]
