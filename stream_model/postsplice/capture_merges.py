"""Blocks where IREE 3.13 may merge two producers across a concurrent region's captures.

The mechanism, measured on IREE 3.13
(``tests/regressions/campaign-alias-beside-a-clone-of-iota-fails-the-compile.json``):

1. ``iree-stream-schedule-execution`` puts each block's streamable ops in an execution region;
   ``iree-stream-schedule-concurrency`` splits its body into waves. A wave of one op stays in
   the execution region's body; a wave of several becomes a ``stream.async.concurrent`` region
   that names what it reads from above as explicit captures.
2. The cleanup after them runs CSE, which does not treat a concurrent region as isolated: an op
   inside it that equals an op of the enclosing body that dominates it is replaced by that op.
   The region's ``stream.yield`` then yields a value it neither captures nor produces, and the
   compile stops: "'stream.yield' op used resource not listed in explicit captures (or produced
   internally)".

Only producers that read no resource can be equal across that boundary
(:func:`~stream_model.semantics.op_table.is_resource_free_producer`). Two of them are in one
block at the splice when the block holds two equal ones (splice-level input: IREE's own
pre-splice CSE merges them in a real compile), or a clone of one (or a transfer IREE makes a
clone): its canonicalizer (``PropagateClonableOps``) dispatches the producer again in the
clone's place (:func:`~stream_model.semantics.op_table.prefers_clone_to_consumers`).

Whether the first of the two lands alone in its wave (and the compile fails) depends on every
other op of the block: IREE's wave partitioning, which the model does not predict. So the model
names the blocks holding such a pair (:class:`CaptureMerge`), and a change to a block's ops
(an alias folding a slice away) is what the rewrite must not make there. Ops of different
blocks are in different execution regions (an op with regions is host work that splits them),
so a pair across blocks is never merged this way. Scheduled IR is left out: its regions are made,
and no pattern after scheduling unwraps a concurrent region (``AsyncConcurrentOp``'s
canonicalizations only drop captures and results, or the unused region).
"""

from __future__ import annotations

from collections.abc import Iterable
from dataclasses import dataclass

from iree.compiler import ir

from ..ir.util import defining_op
from ..model.program import FunctionModel
from ..semantics.op_table import is_clone_for_iree, is_resource_free_producer, prefers_clone_to_consumers

#: How deep a chain of clones is followed back to its producer.
_MAX_CHAIN = 16


@dataclass(frozen=True)
class CaptureMerge:
    """Two producers of one block that IREE's CSE makes one op after scheduling: ``first``
    (earlier in the block) and ``second``, either an equal op or a clone of ``first`` that
    IREE dispatches again as ``first`` (``recomputed``)."""

    block_id: int
    first: ir.Operation
    second: ir.Operation
    recomputed: bool


def capture_merges(
    functions: Iterable[FunctionModel], merged: Iterable[tuple[ir.Value, ir.Value]]
) -> dict[tuple[ir.Operation, int], CaptureMerge]:
    """Per (function op, block id): the first pair of the block that CSE may merge across a
    concurrent region's captures (module docstring). ``merged``: results of producers IREE may
    merge after the splice (:func:`~stream_model.postsplice.merges.mergeable_pairs`)."""
    functions = list(functions)
    by_op = {info.op: (fn, info) for fn in functions if not fn.stream_bodies for info in fn.ops}
    found: dict[tuple[ir.Operation, int], CaptureMerge] = {}

    def note(first: ir.Operation, second: ir.Operation, recomputed: bool) -> None:
        a, b = by_op.get(first), by_op.get(second)
        if a is None or b is None or a[0] is not b[0] or a[1].block_id != b[1].block_id:
            return
        if a[1].index > b[1].index:
            first, second = second, first
        found.setdefault((a[0].op, a[1].block_id), CaptureMerge(a[1].block_id, first, second, recomputed))

    for x, y in merged:
        px, py = defining_op(x), defining_op(y)
        if px is not None and py is not None and is_resource_free_producer(px) and is_resource_free_producer(py):
            note(px, py, recomputed=False)
    for op in by_op:
        if is_clone_for_iree(op):
            producer = _recomputed_producer(op)
            if producer is not None:
                note(producer, op, recomputed=True)
    return found


def _recomputed_producer(clone: ir.Operation) -> ir.Operation | None:
    """The resource-free producer IREE runs again in place of ``clone`` (through a chain of
    clones, each of which IREE recomputes in turn); None when it keeps a copy."""
    producer = defining_op(clone.opview.source)
    for _ in range(_MAX_CHAIN):
        if producer is None:
            return None
        if is_clone_for_iree(producer):
            producer = defining_op(producer.opview.source)
            continue
        recomputed = prefers_clone_to_consumers(producer) and is_resource_free_producer(producer)
        return producer if recomputed else None
    return None
