"""Which values are the buffer a global holds: two loads of one global are one version.

A ``util.global.load`` returns the buffer the global holds, not a copy of it. So in one block,
a load of a mutable global with nothing between it and an earlier load of the global, a store
to it, or a call that returns its load that may store the global, is the *same version* as that
earlier value: the same buffer, with the same bytes the program means. The schedule check
needs this: an in-place write of one such value while the other is still to be read is a
hazard (IREE 3.13's copy-on-write only looks at one SSA value's uses; the long campaign found
a fill of one load run before a clone of a getter's result of the same global,
``tests/regressions/campaign-schedule-getter-result-and-a-load-of-one-global-are-one-buffer.json``), and two in-place writes of them consume one
version twice.

The link is exact only where it is drawn, so it is drawn closed-world:

* only within one block, from its first op on: nothing is carried into a nested block or
  across a branch;
* a store to the global makes the stored value what it holds; a call whose callee (a function
  of the module, transitively) may store the global, an indirect access to a global or its
  address taken, a call of a function the module does not define or of a function value, and an
  op with regions in which any of these may happen, end what is known;
* a call's result is the global's load when every return of the callee returns one
  ``util.global.load`` of its entry block before anything there may store the global; the
  result is then what the global held at the call;
* immutable globals are left alone: any in-place write of their buffer is a hazard already.

Linking two values that are not one buffer would merge two versions, which may hide a region's
write of one into the other (the check compares storages): so nothing is linked on a guess.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from iree.compiler import ir

from ..ir.util import nested_ops
from ..semantics.op_table import callee_name, global_name
from ..semantics.region_flow import is_resource
from .order import Callees

__all__ = ["GlobalContents"]

_CALLS = frozenset({"util.call", "func.call"})
_RETURNS = frozenset({"util.return", "func.return"})
#: Ops after which any global may hold anything: an indirect access or an address taken (a
#: global named other than by a load or a store), a call of a function value.
_ANY_GLOBAL = frozenset(
    {"util.global.store.indirect", "util.global.load.indirect", "util.global.address", "func.call_indirect"}
)

#: A function's stores: the globals it may store, transitively; None for any.
Stores = frozenset[str] | None


@dataclass
class _Summaries:
    """What each callee may store and which results are a global's load, read once per module."""

    callees: Callees
    mutable: frozenset[str]
    stores: dict[str, Stores] = field(default_factory=dict)
    returned: dict[str, dict[int, str]] = field(default_factory=dict)

    def stores_of(self, callee: str) -> Stores:
        if callee in self.stores:
            return self.stores[callee]
        fn = self.callees.get(callee)
        if fn is None:
            self.stores[callee] = None  # not defined here: it may store anything
            return None
        self.stores[callee] = None  # a recursive call meanwhile: anything
        found = self.stores_in(fn)
        self.stores[callee] = found
        return found

    def stores_in(self, op: ir.Operation) -> Stores:
        """The globals ops nested in ``op`` may store (None: any)."""
        out: set[str] = set()
        for inner in nested_ops(op):
            if len(inner.regions):
                continue  # (its ops are visited in turn)
            touched = self.kills(inner)
            if touched is None:
                return None
            out |= touched
        return frozenset(out)

    def returned_loads(self, callee: str) -> dict[int, str]:
        """Result index -> the mutable global whose buffer it is, at the call (module docstring)."""
        found = self.returned.get(callee)
        if found is None:
            found = self.returned[callee] = self._returned_loads(callee)
        return found

    def _returned_loads(self, callee: str) -> dict[int, str]:
        fn = self.callees.get(callee)
        if fn is None:
            return {}
        blocks = list(fn.regions[0].blocks)
        fresh = self._fresh_loads(blocks[0])
        returns = [t for t in (_terminator(b) for b in blocks) if t is not None and t.name in _RETURNS]
        if not fresh or not returns:
            return {}
        out: dict[int, str] = {}
        for k, value in enumerate(returns[0].operands):
            if value in fresh and all(k < len(r.operands) and r.operands[k] == value for r in returns):
                out[k] = fresh[value]
        return out

    def _fresh_loads(self, entry: ir.Block) -> dict[ir.Value, str]:
        """The loads of mutable resource globals in ``entry`` with nothing before them there
        that may store their global: what the global holds when the function is called."""
        out: dict[ir.Value, str] = {}
        stored: set[str] = set()
        for child in entry.operations:
            op = child.operation
            name = op.name
            if name == "util.global.load":
                symbol = global_name(op)
                if symbol in self.mutable and symbol not in stored and is_resource(op.results[0]):
                    out[op.results[0]] = symbol
                continue
            touched = self.kills(op)
            if touched is None:
                break
            stored |= touched
        return out

    def kills(self, op: ir.Operation) -> Stores:
        """The globals ``op`` may store (None: any)."""
        name = op.name
        if name == "util.global.store":
            return frozenset({global_name(op)})
        if name in _ANY_GLOBAL:
            return None
        if name in _CALLS:
            return self.stores_of(callee_name(op))
        if len(op.regions):
            return self.stores_in(op)
        return frozenset()


class GlobalContents:
    """Per function: which loads of a global (and calls' results that are one) are the same
    version as an earlier value of the same block (module docstring). Built on the first
    question; the IR is only read."""

    def __init__(self, fn: ir.Operation, callees: Callees, mutable: frozenset[str]) -> None:
        self._summaries = _Summaries(callees, mutable)
        self._earlier: dict[ir.Value, ir.Value] = {}
        self._later: dict[ir.Value, list[ir.Value]] = {}
        for region in fn.regions:
            self._scan_region(region)

    def earlier(self, value: ir.Value) -> ir.Value | None:
        """The earlier value ``value`` (a load or a call's result) is the same version as."""
        return self._earlier.get(value)

    def later(self, value: ir.Value) -> list[ir.Value]:
        """The loads (and calls' results) that are the same version as ``value``."""
        return self._later.get(value, [])

    def _scan_region(self, region: ir.Region) -> None:
        for block in region.blocks:
            self._scan_block(block)

    def _scan_block(self, block: ir.Block) -> None:
        holds: dict[str, ir.Value] = {}  # global -> the value of the version it holds
        summaries = self._summaries
        for child in block.operations:
            op = child.operation
            name = op.name
            if name == "util.global.load":
                self._loaded(holds, global_name(op), op.results[0])
            elif name == "util.global.store":
                symbol, value = global_name(op), op.operands[0]
                if symbol in summaries.mutable and is_resource(value):
                    holds[symbol] = value
                else:
                    holds.pop(symbol, None)
            else:
                if name in _CALLS:
                    for k, symbol in summaries.returned_loads(callee_name(op)).items():
                        self._loaded(holds, symbol, op.results[k])
                touched = summaries.kills(op)
                if touched is None:
                    holds.clear()
                else:
                    for symbol in touched:
                        holds.pop(symbol, None)
            for nested in op.regions:
                self._scan_region(nested)

    def _loaded(self, holds: dict[str, ir.Value], symbol: str, value: ir.Value) -> None:
        if symbol not in self._summaries.mutable or not is_resource(value):
            return
        held = holds.get(symbol)
        if held is None:
            holds[symbol] = value
        else:
            self._earlier[value] = held
            self._later.setdefault(held, []).append(value)


def _terminator(block: ir.Block) -> ir.Operation | None:
    ops = block.operations
    return ops[len(ops) - 1].operation if len(ops) else None
