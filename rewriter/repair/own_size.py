"""A fresh buffer a repair makes is stored to a global through a barrier: its size global is its own.

After allocation IREE 3.13 gives each resource global globals for its storage size and offset
(``iree-util-propagate-subranges``), and ``iree-util-fuse-globals`` then fuses two globals when,
in every block that stores either, both are stored one SSA value; it does not ask whether the
two stores lie apart with a read of one between them. After CSE a constant is one value per
block. IREE packs the initializer's globals into one allocation, so two globals of equal size
there are stored one storage size (the allocation's); stored fresh buffers of one size later in
one function, their size globals are fused, and a read of the global stored first, made before
the other's store, takes the other's old size.

Stock IREE updates a global written in place in its own buffer, and stores no new size for it.
The schedule repair (:mod:`rewriter.guard.passes`) makes such a write go to a fresh copy, which
is then stored to the global with its size as a constant: the campaign found @g1's new 52-byte
buffer bound with the 128 bytes of the allocation @g0 and @g1 shared in the initializer, @g0
being stored a 52-byte buffer later in the function (OUT_OF_RANGE at run time;
``tests/regressions/campaign-schedule-repair-stores-a-copy-whose-size-global-iree-fuses.json``).

Stored through a ``util.optimization_barrier``, the buffer's size is one IREE can only ask at run
time (``stream.resource.size`` of the barrier's result), a value no other store stores, so its
size global is fused with none. The barrier is a host op: the host waits for the buffer before
the store (and IREE 3.13 then gives a later load of the global the stored value, where without
the wait it moved the load above the store: ``handpicked.RELOAD_AFTER_A_FILLED_STORE`` in
``tests/campaign/test_schedule_mutations.py``). Only what the copy's chain reaches is stored so: a barrier on a global's load can
fail IREE 3.13's compile (:func:`.copy_dispatch.barrier`), and the chain starts at a dispatch.
"""

from __future__ import annotations

from iree.compiler import ir

from stream_model.ir.util import FUNCTION_OPS, defining_op, nested_ops
from stream_model.semantics import ops
from stream_model.semantics.op_table import callee_name, effects_of
from stream_model.semantics.region_flow import (
    branch_operands,
    exit_flow,
    flow_of,
    is_region_terminator,
    is_resource,
)

from .copy_dispatch import barrier
from .in_place import function_of

__all__ = ["store_with_own_size", "stores_reached"]


def store_with_own_size(module: ir.Module, made: list[ir.Value]) -> list[ir.Operation]:
    """Each ``util.global.store`` that may store the buffer of one of ``made`` (fresh copies a
    repair made) stores it through a barrier (module docstring); the stores changed. A store of
    a barrier's result is left as it is (a repair made again on a repaired module).

    A store in a region (an ``scf.if`` arm, a loop body) gets one too, but it does not do that
    there: IREE 3.13's ``iree-util-fuse-globals`` reads only the stores in the blocks of a
    function's own region, and fuses two globals stored one value in every such block that
    stores either, whatever a region stores. The global's size global may be fused with
    another's, and the copy bound with the other's size (review 45: a 16-byte copy stored in an
    ``scf.if`` arm bound as the 128 bytes two globals shared in the initializer, OUT_OF_RANGE on
    the next call). The compile keeps every global such a module stores in a region out of
    that pass (:mod:`.global_fusion`). (The barrier there keeps only the host's wait before the
    store. A store of the global's own value in a block the fuse reads, a last initializer,
    does not build: IREE 3.13 fails such a module, "operand #1 does not dominate this use".)"""
    changed: list[ir.Operation] = []
    for store in stores_reached(module, made):
        value = store.operands[0]
        producer = defining_op(value)
        if producer is not None and producer.name == ops.OPTIMIZATION_BARRIER:
            continue
        with store.location, ir.InsertionPoint(store):
            store.operands[0] = barrier(value)
        changed.append(store)
    return changed


def stores_reached(module: ir.Module, values: list[ir.Value]) -> list[ir.Operation]:
    """The ``util.global.store`` ops of ``module`` that may store the buffer of one of
    ``values``, in the order found. The buffer is followed wherever it may go: through in-place
    writes and aliases (the op table's ties and aliases), to every resource result of any other
    op but a dispatch (what IREE's folds may make the same buffer: a whole slice, an update or a
    copy of it), through region and branch edges, into the callees defined in the module and out
    of their returns to every call of them (a callee defined elsewhere may return it). A
    dispatch's untied results are fresh buffers whatever it reads."""
    calls = [op for op in nested_ops(module.operation) if op.name in ops.CALLS]
    seen: set[ir.Value] = set()
    found: dict[ir.Operation, None] = {}
    work = list(values)
    while work:
        value = work.pop()
        if value in seen:
            continue
        seen.add(value)
        for use in value.uses:
            op = use.owner
            op = getattr(op, "operation", op)
            n = use.operand_number
            if op.name == ops.GLOBAL_STORE:
                if n == 0:
                    found[op] = None
                continue
            work += _handed_on(op, n, value, calls)
    return list(found)


def _handed_on(op: ir.Operation, n: int, value: ir.Value, calls: list[ir.Operation]) -> list[ir.Value]:
    """The values ``op`` may make ``value``'s buffer, given it as operand ``n``."""
    if op.name in ops.CALLS:
        callee = _function(_table(op), callee_name(op))
        if callee is None or not callee.regions[0].blocks:
            return [r for r in op.results if is_resource(r)]
        return [list(callee.regions[0].blocks[0].arguments)[n]]
    if op.name in ops.RETURNS:
        function = function_of(op)
        name = _symbol_name(function)
        return [
            c.results[n]
            for c in calls
            if callee_name(c) == name and _table(c) == _table(function) and n < len(c.results)
        ]
    if is_region_terminator(op):
        flowed = exit_flow(op, n)
        if flowed is not None:
            return flowed
    successors = branch_operands(op)
    if successors is not None:
        blocks = list(op.successors)
        return [
            list(blocks[i].arguments)[j]
            for i, operands in enumerate(successors)
            for j, operand in enumerate(operands)
            if operand == value
        ]
    flow = flow_of(op)
    if flow is not None:
        return flow.entry(op, n) or []
    if op.name == ops.ASYNC_DISPATCH:
        fx = effects_of(op)
        return [r for r, o in (*fx.tied, *fx.aliases) if o == value]
    # Any other op: each of its results, each argument of a block it branches to, and, for an
    # op that ends a region of an op the model does not know, that op's results.
    reached = [r for r in op.results if is_resource(r)]
    reached += [a for block in op.successors for a in block.arguments if is_resource(a)]
    parent = op.parent
    parent = getattr(parent, "operation", parent)
    if not reached and parent is not None and parent.name not in FUNCTION_OPS:
        reached += [r for r in parent.results if is_resource(r)]
    return reached


def _table(op: ir.Operation) -> ir.Operation:
    """The symbol table (module) holding the function ``op`` is in."""
    parent = function_of(op).parent
    return getattr(parent, "operation", parent)


def _function(module: ir.Operation, name: str) -> ir.Operation | None:
    """The function of ``module`` (the symbol table holding a caller) named ``name``; None:
    defined elsewhere."""
    for op in module.regions[0].blocks[0].operations:
        if op.operation.name in FUNCTION_OPS and _symbol_name(op.operation) == name:
            return op.operation
    return None


def _symbol_name(op: ir.Operation) -> str:
    return str(ir.StringAttr(op.attributes["sym_name"]).value) if "sym_name" in op.attributes else ""
