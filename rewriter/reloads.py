"""A load of a global after a store to it in the same block takes the stored value.

IREE 3.13 mis-runs such a load when a module enters at the splice: its post-splice stages hoist
the load above the store and merge it with a load from before the store, so it reads the buffer
the global held before (``tests/e2e/test_schedule_guard.py``). IREE's own pre-splice stages
forward the stored value to the load (``iree-util-simplify-global-accesses``), which is why a
compile from a model never meets it. The schedule guard cannot see the fault afterwards: the
load is gone from the scheduled IR, not moved, and the read it became is a read of the old
buffer, which the check then orders as the IR says (a repair made on that IR computes what IREE
misread; the campaign found it so, ``tests/regressions/campaign-reload-after-store-*``).

So every compile with the guard does the forwarding IREE's pre-splice stages would have done,
before anything else sees the module. It is exact: in one block, between a store of a global
and a load of it with no op in between that may store it, the load returns the value stored.
Only ``util.global.store`` and ``util.global.store.indirect`` write a global, directly or in a
callee or a nested region: so a call, an indirect store and any op with regions end what is
known (closed-world: nothing is forwarded across them, and nothing into a nested block).
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any

from iree.compiler import ir

from stream_model.ir.naming import Names
from stream_model.ir.util import FUNCTION_OPS

__all__ = ["ForwardedLoad", "find_reloads", "forward_reloads"]

#: Ops after which no store of a global is known any more (besides ops with regions).
_FORGETS = frozenset({"util.call", "func.call", "util.global.store.indirect"})


@dataclass(frozen=True)
class ForwardedLoad:
    """One load replaced by the value a store before it in its block stored."""

    load: str  # the load, described
    location: str
    global_name: str
    store_location: str

    def line(self) -> str:
        """The repair, as a compile reports it."""
        return (
            f"{self.load} ({self.location}) of @{self.global_name} takes the value stored at "
            f"{self.store_location}: IREE 3.13 would read @{self.global_name}'s buffer from before "
            "that store"
        )

    def hazard_line(self) -> str:
        """The hazard, as ``check`` reports it (before any repair)."""
        return (
            f"{self.load} ({self.location}) loads @{self.global_name} after the store at "
            f"{self.store_location} in its block: IREE 3.13 reads @{self.global_name}'s buffer from "
            "before that store (a compile gives the load the stored value)"
        )

    def hazard_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-check",
            "check": "load-after-store",
            "hazard": True,
            "load": self.load,
            "location": self.location,
            "global": self.global_name,
            "store_location": self.store_location,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-repair",
            "repair": "load-takes-the-stored-value",
            "load": self.load,
            "location": self.location,
            "global": self.global_name,
            "store_location": self.store_location,
        }


def find_reloads(module: ir.Module, names: Names) -> list[ForwardedLoad]:
    """Every load of a global that follows a store to it in the same block, with no op in
    between that may store it (module docstring); the module is not changed."""
    return [_record(load, store, names) for load, store in _pairs(module)]


def forward_reloads(module: ir.Module, names: Names) -> list[ForwardedLoad]:
    """Replace every load :func:`find_reloads` finds by the value stored, and erase it.
    Returns what was forwarded (nothing changes when the list is empty)."""
    pairs = _pairs(module)
    forwarded = [_record(load, store, names) for load, store in pairs]
    for load, store in pairs:
        load.results[0].replace_all_uses_with(store.operands[0])
        load.erase()
    return forwarded


def _record(load: ir.Operation, store: ir.Operation, names: Names) -> ForwardedLoad:
    return ForwardedLoad(names.describe(load), names.location(load), _symbol(load), names.location(store))


def _pairs(module: ir.Module) -> list[tuple[ir.Operation, ir.Operation]]:
    found: list[tuple[ir.Operation, ir.Operation]] = []
    for op in module.body.operations:
        if op.operation.name in FUNCTION_OPS:
            for region in op.operation.regions:
                _collect(region, found)
    return found


def _collect(region: ir.Region, found: list[tuple[ir.Operation, ir.Operation]]) -> None:
    """The (load, store) pairs of every block of ``region`` and the regions nested in it."""
    for block in region.blocks:
        stored: dict[str, ir.Operation] = {}
        for child in block.operations:
            op = child.operation
            if op.name == "util.global.store":
                stored[_symbol(op)] = op
            elif op.name == "util.global.load":
                store = stored.get(_symbol(op))
                if store is not None and store.operands[0].type == op.results[0].type:
                    found.append((op, store))
            elif op.name in _FORGETS or len(op.regions) > 0:
                stored.clear()
            for nested in op.regions:
                _collect(nested, found)


def _symbol(op: ir.Operation) -> str:
    return str(ir.FlatSymbolRefAttr(op.attributes["global"]).value)
