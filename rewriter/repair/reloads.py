"""A load of a global after a store to it in the same block takes the stored value.

IREE 3.13 mis-runs such a load when a module enters at the splice: its post-splice stages hoist
the load above the store and merge it with a load from before the store, so it reads the buffer
the global held before (``tests/e2e/test_schedule_guard.py``,
``tests/regressions/campaign-reload-after-store-*``). IREE's own pre-splice stages forward the
stored value to the load (``iree-util-simplify-global-accesses``), which is why a compile from a
model never meets it. The schedule guard cannot see the fault afterwards: the load is gone from
the scheduled IR, not moved, and the read it became is a read of the old buffer, which the check
then orders as the IR says (a repair made on that IR computes what IREE misread).

So every compile with the guard does the forwarding IREE's pre-splice stages would have done,
before anything else sees the module. It is exact: in one block, between a store of a global
and a load of it with no op in between that may store it, the load returns the value stored.
Only ``util.global.store`` and ``util.global.store.indirect`` write a global, directly or in a
callee or a nested region: so a call, an indirect store and any op with regions end what is
known (closed-world: nothing is forwarded across them, and nothing into a nested block).

IREE's pre-splice stages forward before their copy-on-write; here it has run already. So a load
whose value is written in place by a use takes a *copy* of the stored value, a copy dispatch
IREE cannot undo (:mod:`.copy_dispatch`), as copy-on-write would have made it; the stored value
itself, also stored and read elsewhere, is never written through the load (IREE 3.13 zeroed a
global whose stored value was sliced and filled in place through the forwarded load). A load
typed other than the value stored cannot take it: the compile refuses.

Splice-level input (``regions``) is also refused where a load follows, in its block, an op with
regions that may store the global (an ``scf.if`` arm storing it): IREE 3.13 reads the buffer from
before that store too, and no one stored value is known to forward. A compile from a model is
not: IREE's own pre-splice stages made that module.

The pass is ``iree-util-simplify-global-accesses`` (read in IREE's sources): in each block of a
function's body it forwards a store to a later load, merges two loads, drops the first of two
stores, hoists a run's first load up to the last call before it and sinks its last store down
to the next call, with only calls and terminators in the way; it does not look into ops with
regions. Nothing known keeps the load where it is through every later stage: a call to a
function that does nothing is dropped by IREE after the pass has run once and the load moved
the next time; the load moved into an ``scf.execute_region`` marked ``no_inline`` (which the
pass never visits) read another global's buffer after a loop (measured on the ``globals``
profile: a miscompile stock did not have). So the compile refuses.

The same stages drop a store that another store of the global follows in its block, with
nothing in between that may read it. IREE 3.13 after the splice keeps the *first* of two such
stores when the first stores a value written in place (a filled load, or a
filled fresh value, stored, then a fresh value stored over it; the global kept the fill; two
fresh values are stored right). So such a store is dropped too (:class:`DroppedStore`), as is a
store whose loads were all forwarded (a value and a copy of it stored to one global,
the first won). Only resource globals: IREE reads scalar globals after a store right.
"""

from __future__ import annotations

import dataclasses
from dataclasses import dataclass
from typing import Any, ClassVar

from iree.compiler import ir

from stream_model.ir.naming import Names
from stream_model.ir.util import FUNCTION_OPS, child_ops, defining_op, user_op
from stream_model.schedule.check import in_place_positions, tied_operand_of
from stream_model.semantics import ops
from stream_model.semantics.op_table import is_resource

from .copy_dispatch import CopyDispatches, barrier, stated_size
from .exported_globals import ExportedCopy, copy_exported_globals, find_exported_globals, may_export_a_global
from .in_place import function_of, global_name, may_write_in_place

__all__ = [
    "DroppedStore",
    "ExportedCopy",
    "ForwardedLoad",
    "GlobalRepair",
    "find_misread_globals",
    "find_reloads",
    "forward_reloads",
    "may_misread_globals",
    "repair_globals",
]

#: Ops after which no store of a global is known any more (besides ops with regions).
_FORGETS = frozenset({ops.UTIL_CALL, ops.FUNC_CALL, ops.GLOBAL_STORE_INDIRECT})


@dataclass(frozen=True)
class ForwardedLoad:
    """One load replaced by the value a store before it in its block stored (or a copy of it),
    or, with ``why``, one that cannot be."""

    load: str  # the load, described
    location: str
    global_name: str
    store_location: str
    copied: bool = False  # took a copy of the value (it may be written in place)
    why: str = ""  # why it cannot take the value ("" when it can)
    store_dropped: bool = False  # the store is read by no one now, and dropped
    after: str = "the store"  # what it follows: the store, or an op with regions that may store
    #: What a compile that may not repair it says first.
    refusal: ClassVar[str] = "IREE 3.13 would misread a global"

    def line(self) -> str:
        """The repair, as a compile reports it."""
        return (
            f"{self.load} ({self.location}) of @{self.global_name} takes "
            f"{'a copy of ' if self.copied else ''}the value stored at {self.store_location}: IREE 3.13 "
            f"would read @{self.global_name}'s buffer from before that store"
            + ("; the store, read by no one now, is dropped" if self.store_dropped else "")
        )

    def hazard_line(self) -> str:
        """The hazard, as ``check`` reports it (before any repair)."""
        if self.after != "the store":
            # Seen for an scf.if arm; after a loop IREE 3.13 sometimes reads it right.
            misread = f"IREE 3.13 may read @{self.global_name}'s buffer from before a store in it"
        else:
            misread = f"IREE 3.13 reads @{self.global_name}'s buffer from before that store"
        return (
            f"{self.load} ({self.location}) loads @{self.global_name} after {self.after} at "
            f"{self.store_location} in its block: {misread} ({self._what_a_compile_does()})"
        )

    def _what_a_compile_does(self) -> str:
        if self.why:
            return f"a compile refuses: {self.why}"
        return f"a compile gives the load {'a copy of ' if self.copied else ''}the stored value"

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
            "copied": self.copied,
            "store_dropped": self.store_dropped,
        }


@dataclass(frozen=True)
class DroppedStore:
    """A store of a value written in place to a resource global, stored over later in its block
    with nothing in between that may read the global: dropped (IREE 3.13 keeps it)."""

    store: str  # the store, described
    location: str
    global_name: str
    over_location: str  # the store after it
    why: str = ""  # always "": it can always be dropped
    refusal: ClassVar[str] = "IREE 3.13 would misread a global"

    def line(self) -> str:
        return (
            f"{self.store} ({self.location}) of @{self.global_name}, stored over at "
            f"{self.over_location} with nothing reading it, is dropped: IREE 3.13 would keep it"
        )

    def hazard_line(self) -> str:
        return (
            f"{self.store} ({self.location}) stores a value written in place to @{self.global_name}, "
            f"and the store at {self.over_location} stores over it in its block: IREE 3.13 keeps the "
            "first (a compile drops it)"
        )

    def hazard_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-check",
            "check": "store-stored-over",
            "hazard": True,
            "store": self.store,
            "location": self.location,
            "global": self.global_name,
            "over_location": self.over_location,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-repair",
            "repair": "store-dropped",
            "store": self.store,
            "location": self.location,
            "global": self.global_name,
            "over_location": self.over_location,
        }


#: What IREE 3.13 misreads at the splice, and its repair (and an export of a global's own
#: buffer, which only splice-level input holds: :mod:`.exported_globals`).
GlobalRepair = ForwardedLoad | DroppedStore | ExportedCopy


def find_misread_globals(module: ir.Module, names: Names, regions: bool = False) -> list[GlobalRepair]:
    """Every load after a store (:func:`find_reloads`; with ``regions``, after an op with
    regions that may store the global too) and every store of a value written in place and
    stored over (:class:`DroppedStore`), as :func:`repair_globals` would repair them; the module
    is not changed; and every export of a global's own buffer the module may write in place
    (:mod:`.exported_globals`)."""
    if not may_misread_globals(module):
        return []
    return [
        *find_reloads(module, names, regions),
        *_stored_over_records(module, names),
        *find_exported_globals(module, names),
    ]


def repair_globals(module: ir.Module, names: Names, regions: bool = False) -> list[GlobalRepair]:
    """Forward every load after a store (:func:`forward_reloads`), then drop every store
    stored over that IREE would keep. When a load cannot be forwarded (its ``why``), nothing
    changes and the caller refuses. Then every export of a global's own buffer the module may
    write in place exports a copy (:mod:`.exported_globals`)."""
    if not may_misread_globals(module):
        return []
    loads = forward_reloads(module, names, regions)
    if any(r.why for r in loads):
        return list(loads)
    return [*loads, *_drop_stored_over(module, names), *copy_exported_globals(module, names)]


def _stored_over(module: ir.Module) -> list[tuple[ir.Operation, ir.Operation]]:
    """(store, the store over it) for every store of a value written in place to a resource
    global that another store of the global follows in its block, nothing reading it between."""
    out: list[tuple[ir.Operation, ir.Operation]] = []
    for op in child_ops(module.operation):
        if op.name in FUNCTION_OPS:
            for region in op.regions:
                for block in _blocks(region):
                    out += [(a, b) for a, b in _stored_over_in(block) if _written_in_place(a)]
    return out


def _stored_over_records(module: ir.Module, names: Names) -> list[DroppedStore]:
    return [_dropped(a, b, names) for a, b in _stored_over(module)]


def _drop_stored_over(module: ir.Module, names: Names) -> list[DroppedStore]:
    pairs = _stored_over(module)
    records = [_dropped(a, b, names) for a, b in pairs]
    for store, _ in pairs:
        store.erase()
    return records


def _dropped(store: ir.Operation, over: ir.Operation, names: Names) -> DroppedStore:
    return DroppedStore(names.describe(store), names.location(store), _symbol(store), names.location(over))


def _written_in_place(store: ir.Operation) -> bool:
    """Is the value ``store`` stores a resource an in-place write made (a tied result)?"""
    value = store.operands[0]
    producer = defining_op(value)
    return is_resource(value) and producer is not None and tied_operand_of(producer, value) is not None


def _blocks(region: ir.Region) -> list[ir.Block]:
    """The blocks of ``region`` and of every region nested in it."""
    out: list[ir.Block] = []
    for block in region.blocks:
        out.append(block)
        for child in block.operations:
            for nested in child.operation.regions:
                out += _blocks(nested)
    return out


def _stored_over_in(block: ir.Block) -> list[tuple[ir.Operation, ir.Operation]]:
    """(store, the later store of its global) in ``block``, nothing between that may read it
    (a load of it, a call, an indirect access, an op with regions)."""
    out: list[tuple[ir.Operation, ir.Operation]] = []
    pending: dict[str, ir.Operation] = {}
    for child in block.operations:
        op = child.operation
        if op.name == ops.GLOBAL_STORE:
            name = _symbol(op)
            earlier = pending.get(name)
            if earlier is not None:
                out.append((earlier, op))
            pending[name] = op
        elif op.name == ops.GLOBAL_LOAD:
            pending.pop(_symbol(op), None)
        elif op.name in _FORGETS or op.name == ops.GLOBAL_LOAD_INDIRECT or len(op.regions) > 0:
            pending.clear()
    return out


def find_reloads(module: ir.Module, names: Names, regions: bool = False) -> list[ForwardedLoad]:
    """Every load of a global that follows a store to it in the same block, with no op in
    between that may store it (module docstring), as :func:`forward_reloads` would forward it;
    the module is not changed."""
    return [_record(load, store, names) for load, store in _pairs(module, regions)]


def forward_reloads(module: ir.Module, names: Names, regions: bool = False) -> list[ForwardedLoad]:
    """Replace every load :func:`find_reloads` finds by the value stored (or a copy of it), and
    erase it. When one cannot be (its ``why``), nothing changes: the caller refuses."""
    pairs = _pairs(module, regions)
    records = [_record(load, store, names) for load, store in pairs]
    if not records or any(r.why for r in records):
        return records
    from iree.compiler.dialects import stream  # (imported only where a repair is built: copy_dispatch)

    copies = CopyDispatches(module)
    with module.context:
        for (load, store), record in zip(pairs, records, strict=True):
            value = store.operands[0]
            if record.copied:
                with load.location, ir.InsertionPoint(load):
                    size = stated_size(value)
                    if size is None:
                        size = stream.ResourceSizeOp(value).result
                    # Read directly, a call's result is any value to the merge model, and a copy of it
                    # meets every other copy whatever its salt: the rewrite's re-check after a repair
                    # then sees globals sharing a buffer (as for ``shared_globals._apart``).
                    source = value if _read_directly(value) else barrier(value)
                value = copies.copy_before(load, source, size, scheduled=False)
            load.results[0].replace_all_uses_with(value)
            load.erase()
        dead = _dead_stores({store for _, store in pairs})
        records = [
            dataclasses.replace(r, store_dropped=store in dead) for (_, store), r in zip(pairs, records, strict=True)
        ]
        for store in dead:
            store.erase()
    return records


def _dead_stores(candidates: set[ir.Operation]) -> list[ir.Operation]:
    """Of ``candidates`` (stores whose later loads took their value), those another store of
    the same global follows in their block with nothing in between that may read it: no one can
    read what they stored (a value and a copy of it stored to one global, IREE 3.13
    kept the first)."""
    return [a for block in {c.block for c in candidates} for a, _ in _stored_over_in(block) if a in candidates]


def _record(load: ir.Operation, store: ir.Operation, names: Names) -> ForwardedLoad:
    loaded = load.results[0]
    if store.name != ops.GLOBAL_STORE:
        why = f"the {store.name} may store @{_symbol(load)}, so no one value is known"
        return ForwardedLoad(
            names.describe(load), names.location(load), _symbol(load), names.location(store), why=why, after=store.name
        )
    value = store.operands[0]
    why = "" if value.type == loaded.type else f"it loads {loaded.type}, the store stores {value.type}"
    copied = not why and is_resource(loaded) and _may_be_written(loaded)
    return ForwardedLoad(names.describe(load), names.location(load), _symbol(load), names.location(store), copied, why)


def _may_be_written(value: ir.Value) -> bool:
    """Is ``value`` written in place by a use (an in-place operand of it, a tied operand of a
    call)? That is where IREE's copy-on-write would have cloned it. Handed on untied (to a call,
    into a region) it stays the global's buffer, as a load of it would be: a callee that
    writes the global by name writes what it was given (the campaign's by-reference globals)."""
    return any(use.operand_number in in_place_positions(user_op(use)) for use in value.uses)


def may_misread_globals(module: ir.Module) -> bool:
    """Does some function load or store a global after it stores it, in program order, or
    export a global's own buffer? One walk that looks at names only, and at an export's chain
    (a compile pays for it whether or not there is one): where it says no,
    :func:`find_misread_globals` finds nothing."""
    stored: set[str] = set()
    found = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal found
        name = op.name
        if name in FUNCTION_OPS:
            stored.clear()
        elif name == ops.GLOBAL_STORE:
            symbol = _symbol(op)
            if symbol in stored:
                found = True
                return ir.WalkResult.INTERRUPT
            stored.add(symbol)
        elif (name == ops.GLOBAL_LOAD and stored and _symbol(op) in stored) or may_export_a_global(op):
            found = True
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def _pairs(module: ir.Module, regions: bool = False) -> list[tuple[ir.Operation, ir.Operation]]:
    found: list[tuple[ir.Operation, ir.Operation]] = []
    for op in child_ops(module.operation):
        if op.name in FUNCTION_OPS:
            for region in op.regions:
                _collect(region, found, regions)
    return found


def _collect(region: ir.Region, found: list[tuple[ir.Operation, ir.Operation]], regions: bool) -> None:
    """The (load, store) pairs of every block of ``region`` and the regions nested in it; with
    ``regions``, also (load, region op) where an op with regions before the load in its block
    may store the global (a store of it, a call or an indirect store inside)."""
    for block in region.blocks:
        stored: dict[str, ir.Operation] = {}
        inside: dict[str, ir.Operation] = {}  # global -> a region op that may store it
        anything: ir.Operation | None = None  # a region op that may store any global
        for child in block.operations:
            op = child.operation
            if op.name == ops.GLOBAL_STORE:
                stored[_symbol(op)] = op
                inside.pop(_symbol(op), None)
            elif op.name == ops.GLOBAL_LOAD:
                name = _symbol(op)
                partner = stored.get(name) or inside.get(name) or anything
                if partner is not None and is_resource(op.results[0]):
                    found.append((op, partner))
            elif op.name in _FORGETS or len(op.regions) > 0:
                stored.clear()
                if regions and len(op.regions) > 0:
                    names, unknown = _stores_inside(op)
                    inside.update((n, op) for n in names)
                    anything = op if unknown else anything
            for nested in op.regions:
                _collect(nested, found, regions)


def _stores_inside(op: ir.Operation) -> tuple[set[str], bool]:
    """The globals ops nested in ``op`` store, and whether they may store any (a call, an
    indirect store)."""
    names: set[str] = set()
    unknown = False

    def visit(inner: ir.Operation) -> ir.WalkResult:
        nonlocal unknown
        if inner.name == ops.GLOBAL_STORE:
            names.add(_symbol(inner))
        elif inner.name in _FORGETS:
            unknown = True
        return ir.WalkResult.ADVANCE

    op.walk(visit)
    return names, unknown


def _symbol(op: ir.Operation) -> str:
    return str(ir.FlatSymbolRefAttr(op.attributes["global"]).value)


def _read_directly(value: ir.Value) -> bool:
    """May the copy read ``value`` without a barrier? Only a global's load that nothing may
    write in place (:func:`.in_place.may_write_in_place`, calls included)."""
    producer = defining_op(value)
    if producer is None or producer.name != ops.GLOBAL_LOAD:
        return False
    return not may_write_in_place(function_of(producer), global_name(producer))
