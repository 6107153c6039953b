"""Whether a module gives the rewrite anything to do, read from its ops' names alone.

Most modules a user compiles hold nothing to alias: a compile should not pay for building the
model, solving the call graph and importing sympy and z3 to find that out. The rewrite decides
the copies a slice or transfer makes (``FunctionModel.copies``), and its first step, the
shared-globals repair, acts only where a global is given another's buffer, which takes a store
(or an address a store goes through: ``find_shared_global_storage``'s only ways to give a
global a buffer besides its own loads). A module with none of these ops has no decision and no
diagnostic. The scan walks names only: no op is given a Python view (which would import each
dialect's module), and device code is walked too (it holds none of these ops; not skipping it
keeps the scan a plain closed list).
"""

from __future__ import annotations

from iree.compiler import ir

from ..ir.util import holds_any
from .ops import ASYNC_SLICE, ASYNC_TRANSFER, GLOBAL_ADDRESS, GLOBAL_STORE, GLOBAL_STORE_INDIRECT

__all__ = ["REWRITE_WORK", "rewrite_has_work"]

#: The ops that give the rewrite something to decide or repair: the copies it may alias, and
#: the ways a global may come to hold another's buffer.
REWRITE_WORK = frozenset({ASYNC_SLICE, ASYNC_TRANSFER, GLOBAL_STORE, GLOBAL_STORE_INDIRECT, GLOBAL_ADDRESS})


def rewrite_has_work(module: ir.Module) -> bool:
    """False only when ``module`` holds none of :data:`REWRITE_WORK`: the rewrite then decides
    no copy and repairs no global."""
    return holds_any(module, REWRITE_WORK)
