"""Repair mutable globals that IREE made share one buffer (see ``SharedGlobalStorage``).

Each ``util.global.store`` that makes a global share a buffer it does not own gets its own copy
of the stored value, made by a salted copy dispatch (:mod:`.copy_dispatch`): a copy IREE's later
stages can neither rematerialise nor merge. It is inserted right before the store at the splice
point (after upstream's copy elision has run for the last time), wrapped in an execution region
of its own in scheduled IR, sized as the producing op states it, and it runs once (where the
shared value is stored, usually the initializer), not per step.

A copy is never made of a global's buffer loaded after a store to that global in the same
function: IREE 3.13 cannot run a command on such a value (the module fails with an out-of-range
indirect binding when it runs, soundness finding 04). The copy then reads the stored value
itself (the same bytes, as IREE's ``simplify-global-accesses`` forwards it) when the store is
the last write of the global before the load in its block, and otherwise the repair is refused.

All or nothing: every store is planned before any is changed; a store that cannot be repaired
makes the whole repair an error (:class:`Diagnostic` ``error``), and the caller refuses the
module.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from iree.compiler import ir
from iree.compiler.dialects import stream

from stream_model import ModuleModel
from stream_model.ir_util import DISPATCH_OPERAND_SEGMENTS, defining_op, operand_segments
from stream_model.program import FunctionModel
from stream_model.semantics import is_resource
from stream_model.tied_chains import SharedGlobalStorage

from .copy_dispatch import CopyDispatches

#: How a problem is reported: repaired (or only analysed): a warning; impossible to repair: an
#: error, which fails the command.
WARNING, ERROR = "warning", "error"


@dataclass
class Diagnostic:
    severity: str
    kind: str
    message: str
    globals: list[str]
    fixed: bool
    location: str | None = None  # the first store the repair changes (or would change)

    def to_json(self) -> dict[str, Any]:
        fields = asdict(self)
        return {"diagnostic": fields.pop("severity"), **fields}


@dataclass
class _StoreRepair:
    """One store to give its own copy: of ``value`` (``size`` bytes, as its producer or the
    stored value's states it), right before ``store``; or ``why`` it cannot be done."""

    store: ir.Operation
    value: ir.Value | None = None
    size: ir.Value | None = None  # None: ask ``stream.resource.size`` of ``stored``
    stored: ir.Value | None = None  # the value the store stores
    why: str = ""


def separate_shared_globals(model: ModuleModel, *, fix: bool = True) -> list[Diagnostic]:
    """Report (and with ``fix``, repair) every set of mutable globals sharing one buffer.

    With ``fix``, either every shared set is repaired (all diagnostics are warnings) or none is
    touched and at least one diagnostic is an error."""
    found = [(shared, [_plan(model, store) for store in shared.stores]) for shared in model.shared_globals]
    possible = all(not r.why for _, repairs in found for r in repairs)
    out = [_diagnostic(model, shared, repairs, fix, possible) for shared, repairs in found]
    if fix and possible and found:
        copies = CopyDispatches(model.module)
        scheduled = any(f.stream_bodies for f in model.functions)
        with model.module.context:
            for _, repairs in found:
                for r in repairs:
                    assert r.value is not None and r.stored is not None
                    with r.store.location, ir.InsertionPoint(r.store):
                        size = r.size if r.size is not None else stream.ResourceSizeOp(r.stored).result
                    r.store.operands[0] = copies.copy_before(r.store, r.value, size, scheduled)
    return out


def _diagnostic(
    model: ModuleModel, shared: SharedGlobalStorage, repairs: list[_StoreRepair], fix: bool, applied: bool
) -> Diagnostic:
    names = ", ".join("@" + g for g in shared.globals)
    given = ", ".join("@" + _stored_global(r.store) for r in repairs)
    message = (
        f"globals {names} share one buffer (one value is stored to several of them, or IREE merges "
        "the values stored to them): writing one would change the others; "
    )
    impossible = "; ".join(f"@{_stored_global(r.store)}: {r.why}" for r in repairs if r.why)
    fixed = False
    severity = WARNING
    if impossible:
        severity = ERROR if fix else WARNING
        message += f"cannot give them their own copy: {impossible}"
    elif fix and applied:
        fixed = True
        message += f"gave {given} its own copy (a copy dispatch IREE does not merge)"
    elif fix:
        message += "not repaired, because another set of shared globals cannot be"
    else:
        message += f"not repaired (analysis only): compile gives {given} its own copy"
    location = model.names.location(repairs[0].store) if repairs else None
    return Diagnostic(severity, "shared-global-storage", message, list(shared.globals), fixed, location)


def _stored_global(store: ir.Operation) -> str:
    return str(ir.FlatSymbolRefAttr(store.attributes["global"]).value)


def _plan(model: ModuleModel, store: ir.Operation) -> _StoreRepair:
    value = store.operands[0]
    fn = model.function_of(store)
    source = _copy_source(model, fn, value)
    if isinstance(source, str):
        return _StoreRepair(store, why=source)
    size = _size_of(source)
    return _StoreRepair(store, source, size if size is not None else _size_of(value), value)


def _copy_source(model: ModuleModel, fn: FunctionModel, value: ir.Value) -> ir.Value | str:
    """What the copy reads: ``value``, or for a global's buffer loaded after a store to that
    global in the same function, the stored value (see the module docstring); a string says
    why neither will do."""
    load = defining_op(value)
    if load is None or load.name != "util.global.load":
        return value
    name = str(ir.FlatSymbolRefAttr(load.attributes["global"]).value)
    info = fn.info(load)
    assert info is not None
    writers = [
        i
        for i in fn.ops[: info.index]
        if (i.op.name == "util.global.store" and _stored_global(i.op) == name)
        or i.op.name == "util.call"
        or i.effects.unknown
    ]
    if not writers:
        return value  # the buffer the global held when the function began
    last = writers[-1]
    if last.op.name == "util.global.store" and last.block_id == info.block_id:
        stored = last.op.operands[0]
        if not any(o == stored for i in fn.ops for _, o in i.effects.tied):
            return stored
    return (
        f"its value is @{name}'s buffer loaded after {model.names.describe(last.op)} in @{fn.name} may store it, "
        "and IREE 3.13 cannot run a copy of such a value"
    )


def _size_of(value: ir.Value) -> ir.Value | None:
    """The resource's size as its producer states it (an in-place op's target size, a
    dispatch's or an execution region's size of that result, an awaited operand's size, a
    result or storage size); None: ask with ``stream.resource.size``. Not that where
    the producer states it: on the result of a copy, update or dispatch that is a host query of
    a partition's output, and IREE 3.13's execution scheduling then fails with a circular
    dependency (found by ``make fuzz``: a value stored to two globals after an in-place copy)."""
    producer = defining_op(value)
    view = producer.opview if producer is not None else None
    for name in ("target_size", "result_size", "storage_size"):
        size = getattr(view, name, None) if view is not None else None
        if isinstance(size, ir.Value):
            return size
    if producer is not None and producer.name in ("stream.async.dispatch", "stream.async.execute"):
        resources = [r for r in producer.results if is_resource(r)]
        sizes = (
            operand_segments(producer, DISPATCH_OPERAND_SEGMENTS)["result_sizes"]
            if producer.name == "stream.async.dispatch"
            else list(producer.opview.result_sizes)
        )
        if len(sizes) == len(resources) and value in resources:
            return sizes[resources.index(value)]
    if producer is not None and producer.name == "stream.timepoint.await":
        index = list(producer.results).index(value)
        return list(producer.opview.resource_operand_sizes)[index]
    return None
