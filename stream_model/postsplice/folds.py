"""What folding an aliased slice into a consumer makes of the consumer.

An alias is not kept as a value where it can be avoided: its consumers read the slice's source
directly, at offsets shifted by the slice's (``%w[a to b]`` becomes ``%x[o+a to o+b]``), and
they read the version of the source's storage that is live where they run, which is not always
the value the slice read (an in-place update between them consumes it:
:mod:`stream_model.model.versions`). This module says which consumers fold and which of their
operands the fold shifts: the rewrite applies it, and :mod:`stream_model.postsplice.merges`
asks what a consumer may look like once folded (a fold can make it identical to another
producer, and IREE merges identical producers after the splice)."""

from __future__ import annotations

from dataclasses import dataclass

from iree.compiler import ir

from ..ir.util import dispatch_group_starts, user_op
from ..semantics.op_table import OP_TABLE
from ..semantics.ops import ASYNC_DISPATCH
from ..semantics.region_flow import is_resource


@dataclass(frozen=True)
class FoldSlots:
    """Where a folding consumer's operands are (positions in its operand list, from the op
    table's :class:`~stream_model.semantics.op_table.FoldSpec`)."""

    source: int
    size: int | None
    shifted: list[int]
    in_place: bool


def fold_slots(owner: ir.Operation) -> FoldSlots | None:
    """The positions a fold of ``owner`` (an op of the table that folds) rewrites; None for
    other ops."""
    spec = OP_TABLE.get(owner.name)
    if spec is None or spec.fold is None:
        return None
    fold = spec.fold
    return FoldSlots(
        spec.position(fold.source),
        spec.position(fold.size) if fold.size is not None else None,
        [spec.position(n) for n in fold.shifted],
        fold.in_place,
    )


def foldable(use: ir.OpOperand) -> bool:
    """Can this use read the source directly, at shifted offsets?"""
    return folds_operand(user_op(use), use.operand_number)


def folds_operand(owner: ir.Operation, operand_number: int) -> bool:
    """Can operand ``operand_number`` of ``owner``, an alias, be replaced by its source?"""
    if owner.name == ASYNC_DISPATCH:
        return True  # a read-only operand (the analysis rejects tied uses)
    spec = OP_TABLE.get(owner.name)
    if spec is None or spec.fold is None or operand_number != spec.position(spec.fold.source):
        return False
    other = spec.fold.unless_also
    view = owner.opview
    return other is None or bool(getattr(view, other) != getattr(view, spec.fold.source))


def shifted_operands(owner: ir.Operation, operand_number: int) -> list[ir.Value]:
    """The operands of a folding consumer that the fold adds the alias's offset to."""
    return [owner.operands[i] for i in shifted_positions(owner, operand_number)]


def shifted_positions(owner: ir.Operation, operand_number: int) -> list[int]:
    """Where those operands are in ``owner``'s operand list (one value may fill several
    positions; the fold shifts only these)."""
    if owner.name == ASYNC_DISPATCH:
        offset_at, end_at, _ = dispatch_range_positions(owner, operand_number)
        return [offset_at, end_at]
    slots = fold_slots(owner)
    return slots.shifted if slots is not None else []


def resized_position(owner: ir.Operation, operand_number: int) -> int | None:
    """Where the size of the folded operand is in ``owner``'s operand list: the fold makes it
    the source's size."""
    if owner.name == ASYNC_DISPATCH:
        return dispatch_range_positions(owner, operand_number)[2]
    slots = fold_slots(owner)
    return slots.size if slots is not None else None


def dispatch_range_positions(op: ir.Operation, operand_number: int) -> tuple[int, int, int]:
    """Where the offset, end and size of a dispatch's resource operand ``operand_number`` are
    in its operand list: those groups are indexed by *resource* position among
    ``resource_operands``, which also hold index operands."""
    starts = dispatch_group_starts(op)
    operands = op.operands
    k = sum(1 for i in range(starts["resource_operands"], operand_number) if is_resource(operands[i]))
    return (
        starts["resource_operand_offsets"] + k,
        starts["resource_operand_ends"] + k,
        starts["resource_operand_sizes"] + k,
    )
