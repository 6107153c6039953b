"""Whether a module gives the rewrite anything to do, read from its ops' names alone.

Most modules a user compiles hold nothing to alias: a compile should not pay for building the
model, solving the call graph and importing sympy and z3 to find that out. The rewrite decides
the copies a slice or transfer makes (``FunctionModel.copies``), and its first step, the
shared-globals repair, acts only where a global is given another's buffer, which takes a store
(or an address a store goes through: ``find_shared_global_storage``'s only ways to give a
global a buffer besides its own loads), and only where one of the globals sharing a buffer is
mutable (``find_shared_global_storage`` reports no other set: globals nothing writes may share).
So a module with no copy (a transfer into another resource type is none), and with no store
or no mutable global, has no decision and no diagnostic: IREE's e2e programs, whose initializers store constants into immutable globals,
are such. The scan walks names (and a global's ``is_mutable``) only: no op is given a Python
view (which would import each dialect's module), and device code is walked too (it holds none
of these ops; not skipping it keeps the scan a plain closed list).
"""

from __future__ import annotations

from iree.compiler import ir

from .ops import ASYNC_SLICE, ASYNC_TRANSFER, GLOBAL_ADDRESS, GLOBAL_STORE, GLOBAL_STORE_INDIRECT, UTIL_GLOBAL

__all__ = ["COPIES", "GIVES_A_BUFFER", "REWRITE_WORK", "rewrite_has_work"]

#: The copies the rewrite may alias.
COPIES = frozenset({ASYNC_SLICE, ASYNC_TRANSFER})
#: The ways a global may come to hold another's buffer.
GIVES_A_BUFFER = frozenset({GLOBAL_STORE, GLOBAL_STORE_INDIRECT, GLOBAL_ADDRESS})
#: Every op that may give the rewrite something to decide or repair.
REWRITE_WORK = COPIES | GIVES_A_BUFFER


def _changes_type(op: ir.Operation) -> bool:
    """A transfer into another resource type (a lifetime: ``transient`` to ``staging``, say, as
    a JAX export's result read back by the host) moves data and is never a candidate
    (``is_same_device_copy``); a slice is always one."""
    return op.name == ASYNC_TRANSFER and bool(op.operands[0].type != op.results[0].type)


def rewrite_has_work(module: ir.Module) -> bool:
    """False only when ``module`` holds no op of :data:`COPIES`, and no op of
    :data:`GIVES_A_BUFFER` or no mutable global: the rewrite then decides no copy and repairs
    no global."""
    copies, gives, mutable = False, False, False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal copies, gives, mutable
        name = op.name
        if name in REWRITE_WORK:
            copies = copies or (name in COPIES and not _changes_type(op))
            gives = gives or name in GIVES_A_BUFFER
        elif name == UTIL_GLOBAL and "is_mutable" in op.attributes:
            mutable = True
        return ir.WalkResult.INTERRUPT if copies or (gives and mutable) else ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return copies or (gives and mutable)
