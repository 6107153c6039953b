"""Which version of a storage is live at an op: the IR as it is.

An in-place (tied) op consumes the value it writes and produces the next *version* of the same
storage. A consumer that reads a storage after such an op reads that later version, not the
value it was first given. The rewrite reads it (an alias's consumers read the version live
where they run) and so does the fold-twin check of :mod:`stream_model.postsplice.merges`."""

from __future__ import annotations

from typing import TYPE_CHECKING

from iree.compiler import ir

from ..ir.util import user_op
from ..semantics.region_flow import captured, is_device_region, resource_results
from ..semantics.region_flow import region_ties as tied_captures

if TYPE_CHECKING:
    from .program import FunctionModel, OpInfo


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
