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

import re
import secrets
from dataclasses import dataclass, field

from iree.compiler import ir

from stream_model.ir.util import FUNCTION_OPS, defining_op, nested_ops, ops_named
from stream_model.semantics import ops
from stream_model.semantics.op_table import callee_name, effects_of, global_name
from stream_model.semantics.region_flow import (
    branch_operands,
    exit_flow,
    flow_of,
    is_region_terminator,
    is_resource,
)

from .copy_dispatch import barrier, holds_copy_executable, stated_size
from .in_place import function_of

__all__ = [
    "GlobalTags",
    "Undone",
    "store_with_own_size",
    "stored_in_regions",
    "stores_reached",
    "tag_globals",
    "undone_in_regions",
    "untag_globals",
]


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
    the next call). The compile verifies that IREE fused no global stored in a region
    (:func:`stored_in_regions`, :func:`undone_in_regions`). (The barrier there keeps
    only the host's wait before the store. A store of the global's own value in a block the
    fuse reads, a last initializer, does not build: IREE 3.13 fails such a module, "operand #1
    does not dominate this use".)"""
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


@dataclass
class GlobalTags:
    """The names the globals' locations are wrapped in while IREE's stream phase runs on a
    module a repair changed (:func:`tag_globals`): ``prefix`` and a global's number in
    ``names``; ``own``, each global's own location. The prefix carries a number drawn for the
    compile, which no input can spell in a location of its own (review 51's r10: a user's
    ``loc("slice-elision-global:99")`` taken for a tag)."""

    prefix: str = field(default_factory=lambda: f"slice-elision-global-{secrets.token_hex(6)}:")
    names: list[str] = field(default_factory=list)
    own: dict[str, ir.Location] = field(default_factory=dict)

    def made_from(self, op: ir.Operation) -> list[str]:
        """The tagged globals a global of the module is made from, in order."""
        found = re.findall(rf'"{re.escape(self.prefix)}(\d+)"', str(op.location))
        return [self.names[k] for k in dict.fromkeys(int(n) for n in found) if k < len(self.names)]


def stored_in_regions(module: ir.Module) -> frozenset[str]:
    """Where ``module`` holds a copy one of this tool's repairs made (a copy dispatch,
    :data:`.copy_dispatch.EXECUTABLE`: the shared-globals repair's, a forwarded reload's, the
    schedule repair's): every global it stores in a region, the copy or anything else.
    ``iree-util-fuse-globals`` does not read those stores (:func:`store_with_own_size`): a
    global stored a copy there may be fused with another, and a repair's copy stored in a
    function's block, with its constant offset and size, may make IREE fuse another global's
    offset and size globals with its own, losing that global's stores in a region (review 50's
    q01: stock, storing its load's offset, fused nothing). The compile verifies that IREE fused
    none of them (:func:`undone_in_regions`). A module without the copy executable costs a look
    at its top-level ops."""
    if not holds_copy_executable(module):
        return frozenset()
    return frozenset(
        global_name(op) for op in ops_named(module.operation, {ops.GLOBAL_STORE}) if not _in_a_function_block(op)
    )


def tag_globals(module: ir.Module, tags: GlobalTags) -> None:
    """Wrap each ``util.global``'s location in a name of its own (``tags``' prefix and its
    number in ``tags.names``, which a global not in it is added to), so that
    :func:`undone_in_regions` can tell, in IREE's stream phase, which globals each one left was
    made from: IREE makes a resource global's size, offset, length and timepoint globals at its
    location, and ``iree-util-fuse-globals`` gives the global it keeps the fused location of all
    it fuses into it. The user's own locations cannot tell: frontends give many globals one
    location, or none (review 49). A number, not the name: MLIR prints a location's name
    escaped (review 50's q28, a global named with a quote). A location is no operand: the
    program IREE builds is the same. ``tags.own`` gets each global's own location, for
    :func:`untag_globals` (a global tagged already keeps its tag: a repair of a tagged copy)."""
    with module.context:
        for op in _global_ops(module):
            name = ir.StringAttr(op.attributes["sym_name"]).value
            if tags.made_from(op.operation) == [name]:
                continue
            tags.own.setdefault(name, op.location)
            if name not in tags.names:
                tags.names.append(name)
            op.location = ir.Location.name(f"{tags.prefix}{tags.names.index(name)}", childLoc=op.location)


def untag_globals(module: ir.Module, tags: GlobalTags) -> None:
    """Give each ``util.global`` of ``module`` the location it would have had untagged
    (:func:`tag_globals`): that of the global it was made for, or the fused location of those
    it was made from. Nothing of the tags reaches HAL, VM or the output's debug information."""
    with module.context:
        for op in _global_ops(module):
            locations = [tags.own[name] for name in tags.made_from(op.operation) if name in tags.own]
            if locations:
                op.location = locations[0] if len(locations) == 1 else ir.Location.fused(locations)


@dataclass(frozen=True)
class Undone:
    """A global a repair stores a fresh copy to in a region, and what IREE's stream phase did
    to it (:func:`undone_in_regions`), in words."""

    name: str
    how: str


def undone_in_regions(finished: ir.Module, checked: frozenset[str], tags: GlobalTags) -> list[Undone]:
    """Those of the globals ``checked`` (stored in a region of a module a repair changed:
    :func:`stored_in_regions`) that IREE's stream phase fused with another global, or whose
    size, offset, length or timepoint global it fused with another's (``finished``: the module
    at that point of the phase, its globals' locations tagged by :func:`tag_globals` with
    ``tags``). The fuse read no store in a region: a copy's store is then made the other's, or
    the other's loads read it, or it is bound at the other's offset or with the other's size
    (review 47's F2, review 45, review 49's p24). A size global fused with another's is left where
    it is sure to hold the copy's size wherever the copy is stored (:func:`_sized_alike`). A
    global IREE folded into a constant, or dropped, is no fuse: those passes read every store."""
    fused = _fused_globals(finished, tags)
    undone: list[Undone] = []
    for name in sorted(checked):
        for kept, made_from in fused:
            if name not in made_from:
                continue
            if "__storage_size" in kept and _sized_alike(finished, name, kept, made_from):
                continue
            others = ", ".join(f"@{g}" for g in sorted(made_from - {name}))
            undone.append(Undone(name, f"fused {_what(kept)} of @{name} with that of {others}"))
            break
    return undone


def _fused_globals(finished: ir.Module, tags: GlobalTags) -> list[tuple[str, frozenset[str]]]:
    """The globals of ``finished`` made from more than one tagged global (:func:`tag_globals`),
    each with the names of those."""
    out: list[tuple[str, frozenset[str]]] = []
    for op in _global_ops(finished):
        made_from = frozenset(tags.made_from(op.operation))
        if len(made_from) > 1:
            out.append((ir.StringAttr(op.attributes["sym_name"]).value, made_from))
    return out


def _what(name: str) -> str:
    """What the global ``name`` IREE made is to the global it was made for, in words."""
    for suffix, what in _MADE_FOR.items():
        if suffix in name:
            return what
    return "the buffer"


#: The globals IREE 3.13 makes for a resource global, by their names' suffixes.
_MADE_FOR = {
    "__storage_size": "the size global",
    "__offset": "the offset global",
    "__length": "the length global",
    "__timepoint": "the timepoint global",
}


def _sized_alike(finished: ir.Module, name: str, size: str, made_from: frozenset[str]) -> bool:
    """Is the size global ``size`` (made from @``name``'s and others', ``made_from``) sure to
    hold the size of each buffer stored to @``name`` where it is stored, and each store to it
    sure to size every resource global it sizes? Binding @``name``'s copy with it is then
    binding it with its own size (review 33's s_04: two globals stored fresh 16-byte buffers in
    a function's first block and the arm's copy 16 bytes, while the initializer packed both in
    128). Where the other holds the 128 bytes an initializer packed and the arm's copy is 16,
    the copy is bound out of range (review 45). Read at the end of the stream phase, where every
    store is in a block of its function (``cf`` form); anything not found so is not alike."""
    stores = _stores_by_global(finished)
    sized = [g for g in made_from if g in stores]
    if name not in sized:
        return False
    for store in stores[name]:
        held = _size_held(store.block, size, None)
        stated = stated_size(store.operands[0])
        if held is None or stated is None or not _same_value(held, stated):
            return False
    for store in stores.get(size, []):
        earlier = _size_held(store.block, size, store)
        if earlier is not None and _same_value(earlier, store.operands[0]):
            continue  # (stores what it holds already: sizes nothing anew)
        stored_here = {global_name(o) for o in _stores_in_block(store.block)}
        if not set(sized) <= stored_here:
            return False
    return True


def _global_ops(module: ir.Module) -> list[ir.OpView]:
    return [op for op in module.body.operations if op.operation.name == ops.UTIL_GLOBAL]


def _stores_by_global(module: ir.Module) -> dict[str, list[ir.Operation]]:
    found: dict[str, list[ir.Operation]] = {}
    for op in ops_named(module.operation, {ops.GLOBAL_STORE}):
        found.setdefault(global_name(op), []).append(op)
    return found


def _stores_in_block(block: ir.Block) -> list[ir.Operation]:
    return [o.operation for o in block.operations if o.operation.name == ops.GLOBAL_STORE]


def _size_held(block: ir.Block, size: str, before: ir.Operation | None) -> ir.Value | None:
    """The value the global @``size`` holds in ``block``: the last store of it there (before
    ``before``, when given), else the one it holds at the end of the block's one predecessor,
    and so on; None where an op that may store it (:func:`_may_store`: a call whose callee
    does, review 49's p37, a kept callee storing 128 between) follows the last store seen,
    where a block has another number of predecessors, or where the function's entry is
    reached."""
    seen: set[ir.Block] = set()
    while block not in seen:
        seen.add(block)
        held: ir.Value | None = None
        for o in block.operations:
            op = o.operation
            if before is not None and op == before:
                break
            if op.name == ops.GLOBAL_STORE and global_name(op) == size:
                held = op.operands[0]
            elif held is not None and _may_store(op, size, set()):
                return None
        if held is not None:
            return held
        if any(_may_store(o.operation, size, set()) for o in block.operations):
            return None
        preds = _predecessors(block)
        if len(preds) != 1:
            return None
        block, before = preds[0], None
    return None


def _may_store(op: ir.Operation, name: str, seen: set[str]) -> bool:
    """May ``op`` store the global @``name``: a store of it, an op nested in it that does, a
    call of a function that may (one not in the module may), an access through an address?"""
    for inner in [op, *nested_ops(op)]:
        if inner.name == ops.GLOBAL_STORE and global_name(inner) == name:
            return True
        if inner.name in ops.INDIRECT_OPS:
            return True
        if inner.name in ops.CALLS:
            callee = _function(_table(inner), callee_name(inner))
            if callee is None or not callee.regions[0].blocks:
                return True
            key = _symbol_name(callee)
            if key not in seen:
                seen.add(key)
                if _may_store(callee, name, seen):
                    return True
    return False


def _predecessors(block: ir.Block) -> list[ir.Block]:
    region = block.region
    return [b for b in region.blocks if any(block == s for s in list(b.operations)[-1].operation.successors)]


def _same_value(a: ir.Value, b: ir.Value) -> bool:
    """One SSA value, or two ``arith.constant`` ops of one value."""
    if a == b:
        return True
    made = [defining_op(v) for v in (a, b)]
    if any(m is None or m.name != ops.ARITH_CONSTANT for m in made):
        return False
    return str(made[0].attributes["value"]) == str(made[1].attributes["value"])  # type: ignore[union-attr]


def _in_a_function_block(op: ir.Operation) -> bool:
    """Is ``op`` in a block of its function's own region (where ``iree-util-fuse-globals``
    reads stores), not in a region of an op inside it?"""
    parent = op.parent
    return parent is not None and getattr(parent, "operation", parent).name in FUNCTION_OPS


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
