"""What IREE's canonicalizer and CSE make of an op after the splice, as data.

After the splice IREE 3.13 runs canonicalize and CSE again (the cleanup after
``iree-stream-schedule-concurrency``). Its patterns fold some results into another value and
propagate splats; its CSE merges equal ``Pure`` producers
(:data:`~stream_model.semantics.op_table.MERGEABLE_PRODUCERS`). These tables say, op by op, what
those passes may do; :mod:`stream_model.postsplice.merges` works out what they make of a module.
"""

from __future__ import annotations

from collections.abc import Callable

from iree.compiler import ir

from .ops import (
    ASYNC_ALLOCA,
    ASYNC_BARRIER,
    ASYNC_CAST,
    ASYNC_CLONE,
    ASYNC_COLLECTIVE,
    ASYNC_CONSTANT,
    ASYNC_COPY,
    ASYNC_DISPATCH,
    ASYNC_FILL,
    ASYNC_SLICE,
    ASYNC_SPLAT,
    ASYNC_TRANSFER,
    ASYNC_UPDATE,
    GLOBAL_LOAD,
    OPTIMIZATION_BARRIER,
    TENSOR_IMPORT,
    TIMEPOINT_AWAIT,
)

#: The ops whose results IREE's canonicalizer may fold into another value
#: (:func:`~stream_model.postsplice.merges.folded_pairs` says when).
FOLDED_BY_CANONICALIZER = frozenset({ASYNC_SLICE, ASYNC_UPDATE, ASYNC_COPY, ASYNC_TRANSFER, ASYNC_FILL})

#: Ops whose result always may be a splat: a splat; a constant of one repeated element (it
#: becomes a splat, ConvertSplatConstantsIntoSplats); a fill, which over the whole target becomes
#: one (FlattenFullFillToSplat).
MAY_BE_SPLATS = frozenset({ASYNC_SPLAT, ASYNC_CONSTANT, ASYNC_FILL})
#: Ops whose result is a splat when their source is (slices, copies of it).
SPLAT_THROUGH = frozenset({ASYNC_SLICE, ASYNC_TRANSFER, ASYNC_CLONE, ASYNC_CAST, ASYNC_BARRIER})
#: Ops that write a value into their target, with the accessor of the value written: an update
#: or copy of a splat becomes a fill (CombineSplatUpdateFromToFill).
WRITE_INTO_TARGET = {ASYNC_UPDATE: "update", ASYNC_COPY: "source"}
#: Ops whose result no pattern makes a splat.
NEVER_SPLATS = frozenset({ASYNC_DISPATCH, ASYNC_ALLOCA, TENSOR_IMPORT})

#: Ops whose resource results are values of their own: IREE folds them into no other value
#: after the splice, except as :func:`~stream_model.postsplice.merges.folded_pairs` says (a
#: whole update is its update operand). Merged producers and loads are their classes too.
OWN_VALUES = frozenset(
    {
        ASYNC_SPLAT,
        ASYNC_ALLOCA,
        ASYNC_UPDATE,
        ASYNC_FILL,
        ASYNC_COPY,
        ASYNC_COLLECTIVE,
        GLOBAL_LOAD,
        OPTIMIZATION_BARRIER,
    }
)
#: Ops whose resource result ``k`` is (or IREE may fold it into) one of their operands, by name:
#: an await's result stands for the resource it waits on (IREE merges duplicate awaits and
#: awaits of one timepoint, and elides them once the timepoint is reached), a barrier's and a
#: cast's for their source (a cast to its own type folds away), a clone's for its source (a
#: clone IREE elides is its source; one it keeps merges with nothing).
FORWARDS: dict[str, Callable[[ir.Operation, int], ir.Value]] = {
    TIMEPOINT_AWAIT: lambda op, k: list(op.opview.resource_operands)[k],
    # Within one affinity IREE makes a transfer a clone and dispatches the clone's source again
    # (CSE then merges the two); across affinities a chain of transfers may fold back.
    ASYNC_TRANSFER: lambda op, k: op.opview.source,
    ASYNC_BARRIER: lambda op, k: op.opview.source,
    ASYNC_CAST: lambda op, k: op.opview.source,
    ASYNC_CLONE: lambda op, k: op.opview.source,
}
