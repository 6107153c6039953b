"""Repair mutable globals that IREE made share one buffer (see ``SharedGlobalStorage``).

Each ``util.global.store`` that makes a global share a buffer it does not own gets its own copy
of the stored value, made by a salted copy dispatch (:mod:`.copy_dispatch`): a copy IREE's later
stages can neither rematerialise nor merge. It is inserted right before the store at the splice
point (after upstream's copy elision has run for the last time), wrapped in an execution region
of its own in scheduled IR, sized as the producing op states it, and it runs once (where the
shared value is stored, usually the initializer), not per step.

A copy is never made of a global's buffer loaded after a store of that global may have run in
the same invocation (earlier in the function, in a loop around the load, or in a caller before
the call): IREE 3.13 cannot run a command on such a value (the module fails with an
out-of-range indirect binding, or reads stale bytes). The copy then reads the stored value
itself (the same bytes, as IREE's ``simplify-global-accesses`` forwards it) when the store is
the last write of the global before the load in its block, or before a load nested after it
there (an arm: :func:`_nested_after`), and otherwise the repair is refused.

All or nothing: every store is planned before any is changed; a store that cannot be repaired
makes the whole repair an error (:class:`Diagnostic` ``error``), and the caller refuses the
module.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from iree.compiler import ir
from iree.compiler.dialects import stream

from stream_model import ModuleModel
from stream_model.interproc.resolved import Resolved
from stream_model.ir.util import (
    defining_op,
)
from stream_model.model.program import FunctionModel, OpInfo, function_name
from stream_model.model.storage import SharedGlobalStorage, StoreSite
from stream_model.semantics import ops
from stream_model.semantics.op_table import CHOICE_OPS, callee_name, effects_of
from stream_model.semantics.region_flow import flow_of

from .copy_dispatch import CopyDispatches, barrier, stated_size
from .diagnostics import ERROR as ERROR  # (re-exported: the repair's severities and reports)
from .diagnostics import WARNING as WARNING
from .diagnostics import Diagnostic as Diagnostic
from .in_place import function_of, global_name, may_write_in_place


#: How a problem is reported: repaired (or only analysed): a warning; impossible to repair: an
#: error, which fails the command.
@dataclass
class _StoreRepair:
    """One store to give its own copy: of ``value`` (``size`` bytes, as its producer or the
    stored value's states it), right before the store (or the call that stores it); or ``why``
    it cannot be done."""

    site: StoreSite
    value: ir.Value | None = None
    size: ir.Value | None = None  # None: ask ``stream.resource.size`` of ``stored``
    stored: ir.Value | None = None  # the value the store stores
    why: str = ""
    # Later loads of the global, with the store whose value each reads (forwarded to them).
    reloads: list[tuple[ir.Operation, ir.Operation]] = field(default_factory=list)
    # When the stored value is written in place from another global's buffer: the first op
    # that writes it, the operand position it writes, the chain's root and the op's result
    # (:func:`_written_in_place`).
    protect: tuple[ir.Operation, int, ir.Value, ir.Value] | None = None


def separate_globals(module: ir.Module, source: str | None = None, filename: str | None = None) -> list[Diagnostic]:
    """The shared-globals repair alone, as the rewrite runs it first (no slice decided or
    changed): every set of globals sharing one buffer given copies of its own. For a compile
    that runs no rewrite (``--no-elide``) but must keep globals apart from IREE's fusion, which
    is safe only once no two of them share a buffer
    (:class:`~rewriter.guard.schedule_guard.ScheduleGuard`). Raises :class:`RewriteError` where
    a set cannot be repaired (its globals left as they are)."""
    from stream_model import AnalysisOptions
    from stream_model.interproc.resolved import resolve_calls
    from stream_model.ir.util import modules_with_functions

    from ..errors import RewriteError

    diagnostics: list[Diagnostic] = []
    for scope in modules_with_functions(module):
        resolved = resolve_calls(ModuleModel(scope, source, filename), AnalysisOptions().max_iterations)
        found = separate_shared_globals(resolved, fix=True)
        errors = [d for d in found if d.severity == ERROR]
        if errors:
            raise RewriteError(errors[0].message + " (no output written)")
        diagnostics += found
    return diagnostics


def separate_shared_globals(resolved: Resolved, *, fix: bool = True) -> list[Diagnostic]:
    """Report (and with ``fix``, repair) every set of globals sharing one buffer
    (:attr:`~stream_model.interproc.resolved.Resolved.shared_globals`).

    With ``fix``, either every shared set is repaired (all diagnostics are warnings) or none is
    touched and at least one diagnostic is an error."""
    model = resolved.model
    found = [(shared, [_plan(resolved, site) for site in shared.stores]) for shared in resolved.shared_globals]
    possible = all(not r.why for _, repairs in found for r in repairs)
    out = [_diagnostic(model, shared, repairs, fix, possible) for shared, repairs in found]
    copies = {id(shared): diagnostic.copies for (shared, _), diagnostic in zip(found, out)}
    if fix and possible and found:
        dispatches = CopyDispatches(model.module)
        scheduled = any(f.stream_bodies for f in model.functions)
        with model.module.context:
            protected: set[tuple[ir.Operation, int]] = set()
            if scheduled:
                for shared, _ in found:
                    for result in shared.call_results:
                        _copy_where_made(dispatches, result)
            for shared, repairs in found:
                for r in repairs:
                    if r.protect is not None and (r.protect[0], r.protect[1]) not in protected:
                        # First the chain writes a copy of the other global's buffer, not it.
                        first, position, root, result = r.protect
                        protected.add((first, position))
                        copies[id(shared)].append(_copy_record(model, first, root, result))
                        at = _copy_point(first, [root])
                        with first.location, ir.InsertionPoint(at):
                            root_size = stated_size(root)
                            size = root_size if root_size is not None else stream.ResourceSizeOp(root).result
                            first.operands[position] = dispatches.copy_before(
                                at, _apart(resolved, root), size, scheduled
                            )
            for _, repairs in found:
                for r in repairs:
                    assert r.value is not None and r.stored is not None
                    op = r.site.op
                    at = _copy_point(op, [r.value, r.stored] + ([r.size] if r.size is not None else []))
                    with op.location, ir.InsertionPoint(at):
                        size = r.size if r.size is not None else stream.ResourceSizeOp(r.stored).result
                        source = r.value if scheduled else _apart(resolved, r.value)
                    op.operands[r.site.operand] = dispatches.copy_before(at, source, size, scheduled)
            # After every repair: a store's value is then its copy where it has one.
            forwarded = {load: store for _, repairs in found for r in repairs for load, store in r.reloads}
            for load, store in forwarded.items():
                load.results[0].replace_all_uses_with(store.operands[0])
                load.erase()
    return out


def _copy_record(model: ModuleModel, op: ir.Operation, written: ir.Value, result: ir.Value) -> dict[str, str]:
    """What :attr:`Diagnostic.copies` says of ``op`` made to write a copy of ``written``. The
    function is read from the IR (an earlier repair of this pass may have changed it: the
    model's index of ops is of the module before)."""
    return {
        "function": function_name(function_of(op)),
        "result": model.names.name(result),
        "written": model.names.name(written),
    }


def _apart(resolved: Resolved, value: ir.Value) -> ir.Value:
    """``value`` through a ``util.optimization_barrier`` (a host op): the copy that reads it
    cannot join the execution region that makes ``value``, so IREE gives the copy an allocation
    of its own. In one allocation with the original, IREE 3.13 makes the globals subranges of
    one buffer, fuses their size globals although they are stored apart later, and reads past
    the end of a buffer (tests/regressions/campaign-46eb6abdee44.json), or moves
    a store past a call that loads the global, and the module fails to load. In scheduled IR
    the copy has an execution region of its own already.

    The barrier also keeps the copy ahead of an in-place write of what it reads: IREE 3.13's
    scheduler may run such a write first (fault G1), and the barrier's host wait puts the copy
    in an earlier region (a load copied and filled in place in one function).

    A global's buffer (a load, or a getter's result: :func:`_globals_held`) that nothing in its
    function writes in place (:func:`.in_place.may_write_in_place`) needs neither, and must not
    get a barrier: a host barrier awaits the global's timepoint, and where IREE 3.13 proves that
    timepoint immediate its HAL lowering emits a ``vm.cond_fail`` of a constant OK status that
    its own verifier rejects (the module does not compile; a load passed twice to a setter,
    a getter's result). Read directly, a getter's copy reads a
    call result, any value to the merge model: its salt keeps it apart from other copies."""
    producer = defining_op(value)
    held = functools.partial(_globals_held, resolved)
    names = held(value)
    if producer is not None and len(names) == 1:
        if not may_write_in_place(function_of(producer), names[0], held):
            return value
    return barrier(value)


def _globals_held(resolved: Resolved, value: ir.Value) -> list[str]:
    """The global whose buffer ``value`` is, where that is all it may be: a load's global, or
    that of a getter (a callee in the module whose returned value is a load in its entry block:
    made by no execution region of its own either); else none."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return []
    op = getattr(owner, "operation", owner)
    if op.name == ops.GLOBAL_LOAD:
        return [global_name(op)]
    if op.name not in (ops.UTIL_CALL, ops.FUNC_CALL):
        return []
    callee = resolved.model.function(callee_name(op))
    if callee is None:
        return []
    blocks = list(callee.op.regions[0].blocks)
    if len(blocks) != 1:
        return []
    block = blocks[0]
    terminator = list(block.operations)[-1].operation
    if terminator.name not in (ops.UTIL_RETURN, ops.FUNC_RETURN):
        return []
    returned = terminator.operands[ir.OpResult(value).result_number]
    made_by = defining_op(returned)
    if made_by is None or made_by.name != ops.GLOBAL_LOAD or made_by.block != block:
        return []
    return [global_name(made_by)]


def _copy_point(store: ir.Operation, operands: list[ir.Value]) -> ir.Operation:
    """The op a repair's copy goes right before: the first op of ``store``'s block after every
    op there that makes one of ``operands``, so that the copy precedes every store of the value.

    Made right before the store instead, the copy would follow an earlier store of the same
    value (to the other global), and IREE 3.13's schedule-execution gathers the copy into the
    execution region that makes the value and moves that earlier store to after the region: past
    a later call and a reload of its global, which then reads the old buffer (found by the
    campaign: tests/regressions/campaign-setter-stores-the-value-of-a-merged-twin.json)."""
    ops = [o.operation for o in store.block.operations]
    last = -1
    for value in operands:
        owner = value.owner
        if isinstance(owner, ir.Block):
            continue  # a block argument: available from the block's start
        owner = getattr(owner, "operation", owner)
        if owner in ops:
            last = max(last, ops.index(owner))
    return ops[last + 1] if last + 1 < ops.index(store) else store


def _diagnostic(
    model: ModuleModel, shared: SharedGlobalStorage, repairs: list[_StoreRepair], fix: bool, applied: bool
) -> Diagnostic:
    names = ", ".join("@" + g for g in shared.globals)
    targets = list(dict.fromkeys("@" + r.site.name for r in repairs))
    given = ", ".join(targets) + (" its own copy" if len(targets) == 1 else " their own copies")
    message = (
        f"globals {names} share one buffer (one value is stored to several of them, or IREE merges "
        "the values stored to them): writing one would change the others; "
    )
    impossible = "; ".join(f"@{r.site.name}: {r.why}" for r in repairs if r.why)
    fixed = False
    severity = WARNING
    if impossible:
        severity = ERROR if fix else WARNING
        message += f"cannot give them their own copy: {impossible}"
    elif fix and applied:
        fixed = True
        message += f"gave {given} (a copy dispatch IREE does not merge)"
    elif fix:
        message += "not repaired, because another set of shared globals cannot be"
    else:
        message += f"not repaired (analysis only): compile gives {given}"
    location = model.names.location(repairs[0].site.op) if repairs else None
    position = model.names.position(repairs[0].site.op) if repairs else None
    stores = [_store_record(model, r) for r in repairs if r.stored is not None] if fixed else []
    return Diagnostic(
        severity, "shared-global-storage", message, list(shared.globals), fixed, location, position, stores=stores
    )


def _store_record(model: ModuleModel, repair: _StoreRepair) -> dict[str, str]:
    """What :attr:`Diagnostic.stores` says of the store ``repair`` gives a copy (read before
    the repair changes the module)."""
    assert repair.stored is not None
    return {
        "function": function_name(function_of(repair.site.op)),
        "global": repair.site.name,
        "stored": model.names.name(repair.stored),
    }


def _stored_global(store: ir.Operation) -> str:
    return str(ir.FlatSymbolRefAttr(store.attributes["global"]).value)


def _plan(resolved: Resolved, site: StoreSite) -> _StoreRepair:
    value = site.op.operands[site.operand]
    source = _copy_source(resolved, value)
    if isinstance(source, str):
        return _StoreRepair(site, why=source)
    reloads = _reloads(resolved, site)
    if isinstance(reloads, str):
        return _StoreRepair(site, why=reloads)
    size = stated_size(source)
    repair = _StoreRepair(site, source, size if size is not None else stated_size(value), value, reloads=reloads)
    if not any(f.stream_bodies for f in resolved.model.functions):
        repair.protect = _written_in_place(resolved, value)
    return repair


def _copy_where_made(copies: CopyDispatches, result: ir.Value) -> None:
    """Scheduled IR: every use of ``result`` (a call's result that is a global's buffer) reads a
    copy made right after the call instead, so that no in-place write after it (inside an
    execution region) reaches the global's buffer. The scheduled-IR counterpart of
    :func:`_written_in_place`, whose chains would have to be followed through execution
    regions."""
    call = getattr(result.owner, "operation", result.owner)
    uses = [(use.owner, use.operand_number) for use in result.uses]
    ops = [o.operation for o in call.block.operations]
    after = ops[ops.index(call) + 1]  # (a call is never a block's terminator)
    with call.location, ir.InsertionPoint(after):
        size = stream.ResourceSizeOp(result).result
    copy = copies.copy_before(after, result, size, True)
    for owner, number in uses:
        getattr(owner, "operation", owner).operands[number] = copy


def _written_in_place(resolved: Resolved, value: ir.Value) -> tuple[ir.Operation, int, ir.Value, ir.Value] | None:
    """The first op of the in-place chain that makes ``value``, its written operand's position,
    the chain's root and the op's result tied to it, when that root may be some global's buffer
    (a load, a getter's result): the chain writes that global's buffer before the store gives it
    to another global, so copying at the store is too late (the campaign: a getter's result
    filled in place and stored to a second global changed the first). None when ``value`` is not
    written in place, or its root is no global's buffer."""
    model = resolved.model
    first: tuple[ir.Operation, int, ir.Value] | None = None
    root = value
    while True:
        op = root.owner
        if isinstance(op, ir.Block):
            break
        op = getattr(op, "operation", op)
        info = model.function_of(op).info(op)
        tied = [(r, operand) for r, operand in resolved.effects(info).tied if r == root] if info is not None else []
        if not tied:
            break
        operand = tied[0][1]
        first = (op, list(op.operands).index(operand), root)
        root = operand
    if first is None or not resolved.storage.globals_it_may_be(root, resolved.resource_globals):
        return None
    return first[0], first[1], root, first[2]


def _copy_source(resolved: Resolved, value: ir.Value) -> ir.Value | str:
    """What the copy reads: ``value``; or, for a global's buffer loaded after a store of that
    global may have run in the same invocation, the stored value (see the module docstring); a
    string says why neither will do.

    "May have run before the load": an op earlier in the function, or anywhere in a loop around
    the load (the next iteration runs it before the load), that stores the global (directly, in a
    callee at any depth, or in an op the model does not know); or such an op before a call of
    the function in a caller (an initializer's callee, say), transitively."""
    model = resolved.model
    load = _loaded_by(value)
    if load is None:
        return value
    name = str(ir.FlatSymbolRefAttr(load.attributes["global"]).value)
    fn = model.function_of(load)
    info = fn.info(load)
    assert info is not None
    writers = _writers_before(resolved, fn, info, name)
    if writers:
        last = writers[-1]
        if (
            last.op.name == ops.GLOBAL_STORE
            and last.index < info.index
            and (last.block_id == info.block_id or _nested_after(resolved, fn, info, last, name))
            and not any(o == last.op.operands[0] for i in fn.ops for _, o in i.effects.tied)
        ):
            return last.op.operands[0]
        return (
            f"its value is @{name}'s buffer loaded after {model.names.describe(last.op)} in @{fn.name} may store it, "
            "and IREE 3.13 cannot run a copy of such a value"
        )
    caller = _store_in_callers(resolved, fn, name, set())
    if caller is not None:
        return (
            f"its value is @{name}'s buffer loaded in @{fn.name}, called after {caller} may store it, "
            "and IREE 3.13 cannot run a copy of such a value"
        )
    return value


def _reloads(resolved: Resolved, site: StoreSite) -> list[tuple[ir.Operation, ir.Operation]] | str:
    """The loads of the stored global that may run after ``site`` in the same invocation, each
    with the store whose value it reads, for the repair to forward that value to it; or why
    they cannot all be forwarded.

    IREE 3.13's execution scheduling puts the copy and the reader of a later load of the global
    in one execution region, loads the global above the region and stores the copy below it:
    the reader sees the old buffer (checked: ``tests/e2e/test_shared_globals.py``). So no load
    of the global may follow the repaired store: a load later in the store's block reads the
    value the last store before it stored (the copy, or a value stored after it), as an SSA use
    (as IREE's own pre-splice passes forward a load after a store), provided every op between
    that may store the global is a plain store in that block; so does a load nested in that
    block after the store (an ``scf.if`` arm, a loop that stores no such value:
    :func:`_nested_after`). A load that may run after the store elsewhere (another block, a
    loop around the store, a loop after it that stores the global again) is not forwarded:
    the repair is refused. A call is a barrier no load is moved across: loads after a call that
    may store the global read what it stored, and a call that stores its argument (a repaired
    site) needs no forwarding; other functions load in their own invocation."""
    if site.op.name != ops.GLOBAL_STORE:
        return []
    model = resolved.model
    name = site.name
    fn = model.function_of(site.op)
    info = fn.info(site.op)
    assert info is not None
    around = set(info.loops)
    forwarded: list[tuple[ir.Operation, ir.Operation]] = []
    last: ir.Operation | None = site.op  # the store whose value a load here reads; None: unknown
    for other in fn.ops:
        later = other.index > info.index
        if not later and not around & set(other.loops):
            continue
        is_load = other.op.name == ops.GLOBAL_LOAD and _global_of(other.op) == name
        in_block = later and other.block_id == info.block_id and not around
        if is_load and last is not None and (in_block or (later and _nested_after(resolved, fn, other, info, name))):
            forwarded.append((other.op, last))
        elif is_load:
            return (
                f"@{fn.name} loads @{name} again ({model.names.describe(other.op)}) after storing it, where the "
                "copy cannot be forwarded to it, and IREE 3.13 schedules such a load before the copy would run"
            )
        elif other.op.name == ops.GLOBAL_STORE and _global_of(other.op) == name and in_block:
            last = other.op
        elif other.op.name == ops.UTIL_CALL and in_block and _may_store(resolved, other, name):
            return forwarded  # loads after it read what it stored, and are not moved across it
        elif _may_store(resolved, other, name):
            last = None  # (ops are in pre-order: a store nested in a region op comes here too)
    return forwarded


def _nested_after(resolved: Resolved, fn: FunctionModel, load: OpInfo, site: OpInfo, name: str) -> bool:
    """Does ``load`` (later than ``site`` in pre-order) read what the last store of ``name``
    before it in ``site``'s block stored, with nothing nested that may store ``name`` between?

    It does when it is nested in that block (so in a region of an op after the site) through
    known, host-side regions of at most one block each (``scf.if`` arms, an empty ``else`` among
    them, loop bodies: SSA values of
    the enclosing block are visible there, and no branch inside can run an op twice), and no
    loop around it that the site is not in holds an op that may store ``name`` (one after the
    load in pre-order would run before it on the next turn). A store before it in pre-order is
    the walk's (``last`` becomes unknown); a sibling arm's store counts alike, which refuses
    more than it must."""
    if site.loops or not load.within(site.block_id):
        return False
    parent = load.op.parent
    while True:
        flow = flow_of(parent)
        if flow is None or flow.device_body or any(len(r.blocks) > 1 for r in parent.regions):
            return False
        if fn.by_op[parent].block_id == site.block_id:
            break
        parent = parent.parent
    return _no_store_turns_around(resolved, fn, load, name)


def _no_store_turns_around(resolved: Resolved, fn: FunctionModel, load: OpInfo, name: str) -> bool:
    """Does no loop around ``load`` hold an op that may store ``name``?"""
    loops = set(load.loops)
    return not any(loops & set(w.loops) and _may_store(resolved, w, name) for w in fn.ops)


def _global_of(op: ir.Operation) -> str:
    return str(ir.FlatSymbolRefAttr(op.attributes["global"]).value)


def _loaded_by(value: ir.Value) -> ir.Operation | None:
    """The ``util.global.load`` whose buffer ``value`` is, followed back through ops that only
    alias their operand (casts, awaits)."""
    for _ in range(10_000):
        producer = defining_op(value)
        if producer is None:
            return None
        if producer.name == ops.GLOBAL_LOAD:
            return producer
        operand = next((o for r, o in effects_of(producer).aliases if r == value), None)
        if operand is None:
            return None
        value = operand
    return None


def _writers_before(resolved: Resolved, fn: FunctionModel, info: OpInfo, name: str) -> list[OpInfo]:
    """The ops of ``fn`` that may store global ``name`` and may run before ``info`` in one
    invocation: earlier ones, and every one in a loop around ``info``, in program order."""
    around = set(info.loops)
    return [
        w
        for w in fn.ops
        if w is not info and (w.index < info.index or bool(around & set(w.loops))) and _may_store(resolved, w, name)
    ]


def _may_store(resolved: Resolved, info: OpInfo, name: str) -> bool:
    """Does ``info`` store global ``name``: a store of it, a call whose callee stores it (at any
    depth; a callee without a body may), an op the model does not know? A choice between values
    (``arith.select`` of buffers: :data:`CHOICE_OPS`) stores nothing, though the model does not
    follow its buffers (stream seed 9191: taken as a store, it refused a right build)."""
    if info.op.name == ops.GLOBAL_STORE:
        return _stored_global(info.op) == name
    if info.op.name == ops.UTIL_CALL:
        return _callee_stores(resolved.model, callee_name(info.op), name, set())
    return info.effects.unknown and info.op.name not in CHOICE_OPS


def _callee_stores(model: ModuleModel, callee: str, name: str, seen: set[str]) -> bool:
    fn = model.function(callee)
    if fn is None:
        return True
    if callee in seen:
        return False
    seen.add(callee)
    return any(
        (i.op.name == ops.GLOBAL_STORE and _stored_global(i.op) == name)
        or (i.op.name == ops.UTIL_CALL and _callee_stores(model, callee_name(i.op), name, seen))
        or (i.effects.unknown and i.op.name not in CHOICE_OPS)
        for i in fn.ops
    )


def _store_in_callers(resolved: Resolved, fn: FunctionModel, name: str, seen: set[str]) -> str | None:
    """An op that may store global ``name`` before some call of ``fn`` runs, in a caller or its
    callers (described), or None."""
    if fn.name in seen:
        return None
    seen.add(fn.name)
    for caller, call in resolved.model.call_sites(fn.name):
        writers = _writers_before(resolved, caller, call, name)
        if writers:
            return f"{resolved.model.names.describe(writers[-1].op)} in @{caller.name}"
        found = _store_in_callers(resolved, caller, name, seen)
        if found is not None:
            return found
    return None
