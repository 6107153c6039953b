"""May a function write a global's buffer in place? The test a repair copy's barrier rests on.

A repair copy (the shared-globals repair, :mod:`.shared_globals`; a forwarded load's copy,
:mod:`.reloads`) that reads a global's load must run before any in-place write of that buffer,
which IREE 3.13's scheduler may run first (fault G1): a host ``util.optimization_barrier`` on
what it reads puts the copy in an earlier region. A barrier on a load can make IREE 3.13 fail
its compile (``vm.cond_fail``), so the copy reads the load directly only where nothing may write
that global in place: no op of the function, and no function it calls (a callee
filling the global in place between the copy and its use).

The test is closed-world. An in-place write counts as another global's only when its chain of
tied results starts at that global's load (or, where the caller can tell, its getter) or at a
producer of fresh storage; a call counts by what its callee does, and a callee outside the
module may do anything. A slice is no fresh storage here: IREE folds a whole slice into its
source (``AsyncSliceOp``'s folder), and the rewrite may make any slice a subview of it, so an
in-place write of a slice counts as one of the slice's source.
"""

from __future__ import annotations

from collections.abc import Callable

from iree.compiler import ir

from stream_model.ir.util import FUNCTION_OPS, child_ops, defining_op, nested_ops
from stream_model.semantics.op_table import FRESH_STORAGE_OPS, callee_name, in_place_positions, tied_operand_of
from stream_model.semantics.ops import ASYNC_SLICE, CALLS, GLOBAL_LOAD

__all__ = ["function_of", "global_name", "may_write_in_place", "tied_root", "written_root"]

#: The globals whose buffer a value is, where the caller can tell (a getter's result); else [].
Held = Callable[[ir.Value], list[str]]


def may_write_in_place(
    function: ir.Operation, name: str, held: Held = lambda value: [], seen: frozenset[str] = frozenset()
) -> bool:
    """May an op of ``function``, or of a function it calls, write global ``name``'s buffer in
    place (module docstring)?"""
    for op in nested_ops(function):
        if op.name in CALLS:
            callee = _callee(function, callee_name(op))
            if callee is None:
                return True  # outside the module: it may do anything
            key = _symbol_name(callee)
            if key not in seen and may_write_in_place(callee, name, held, seen | {key}):
                return True
            continue
        for position in in_place_positions(op):
            root = written_root(op.operands[position])
            producer = defining_op(root)
            if producer is not None and producer.name == GLOBAL_LOAD:
                if global_name(producer) == name:
                    return True
                continue
            names = held(root)
            if names:
                if name in names:
                    return True
                continue
            if producer is None or producer.name not in FRESH_STORAGE_OPS:
                # (Anything else at a chain's start, a block argument, a call's result, an op with
                # regions, a barrier, transfer or await that stands for its operand, may be any buffer.)
                return True
    return False


def tied_root(value: ir.Value) -> ir.Value:
    """The value at the start of ``value``'s chain of tied results (in-place writes)."""
    while not isinstance(value.owner, ir.Block):
        tied = tied_operand_of(getattr(value.owner, "operation", value.owner), value)
        if tied is None:
            return value
        value = tied
    return value


def written_root(value: ir.Value) -> ir.Value:
    """The storage an in-place write of ``value`` may write: the start of its chain of tied
    results, followed through slices to their sources (a slice may be its source's storage)."""
    root = tied_root(value)
    producer = defining_op(root)
    while producer is not None and producer.name == ASYNC_SLICE:
        root = tied_root(producer.opview.source)
        producer = defining_op(root)
    return root


def function_of(op: ir.Operation) -> ir.Operation:
    """The function (or initializer) ``op`` is in."""
    while op.name not in FUNCTION_OPS:
        op = op.parent
    return op


def global_name(op: ir.Operation) -> str:
    return str(ir.FlatSymbolRefAttr(op.attributes["global"]).value)


def _callee(function: ir.Operation, name: str) -> ir.Operation | None:
    """The function of the module holding ``function`` named ``name`` (None: not defined there)."""
    for op in child_ops(function.parent.operation):
        if op.name in FUNCTION_OPS and _symbol_name(op) == name:
            return op
    return None


def _symbol_name(op: ir.Operation) -> str:
    return str(ir.StringAttr(op.attributes["sym_name"]).value) if "sym_name" in op.attributes else ""
