"""Repair mutable globals that IREE made share one buffer (see ``SharedGlobalStorage``).

Each ``util.global.store`` that makes a global share a buffer it does not own gets its own
copy: ``stream.async.clone`` of the stored value. The clone is inserted at the splice point,
after upstream's copy elision has run for the last time, so it survives to the executable; it
runs once (in the initializer, where the shared splat is stored), not per step.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from iree.compiler import ir
from iree.compiler.dialects import stream

from stream_model import ModuleModel
from stream_model.ir_util import DISPATCH_OPERAND_SEGMENTS, defining_op, operand_segments
from stream_model.semantics import is_resource


@dataclass
class Diagnostic:
    severity: str
    kind: str
    message: str
    globals: list[str]
    fixed: bool

    def to_json(self) -> dict[str, Any]:
        fields = asdict(self)
        return {"diagnostic": fields.pop("severity"), **fields}


def separate_shared_globals(model: ModuleModel, *, fix: bool = True) -> list[Diagnostic]:
    """Report (and with ``fix``, repair) every set of mutable globals sharing one buffer."""
    out = []
    for shared in model.shared_globals:
        names = ", ".join("@" + g for g in shared.globals)
        message = (
            f"mutable globals {names} share one buffer (IREE merged their equal initial values, or one "
            "value is stored to several of them): writing one would change the others"
        )
        if fix:
            for store in shared.stores:
                _clone_before_store(store)
            message += f"; gave {len(shared.stores)} of them their own copy"
        out.append(Diagnostic("error", "shared-global-storage", message, list(shared.globals), fix))
    return out


def _clone_before_store(store: ir.Operation) -> None:
    value = store.operands[0]
    with store.location, ir.InsertionPoint(store):
        size = _size_of(value)
        clone = stream.AsyncCloneOp(value.type, value, size, size)
    store.operands[0] = clone.result


def _size_of(value: ir.Value) -> ir.Value:
    """The resource's size as its producer states it (an in-place op's target size, a
    dispatch's size of that result, a result or storage size), else ``stream.resource.size``.
    Not ``stream.resource.size`` where the producer states it: on the result of a copy, update
    or dispatch that is a host query of a partition's output, and IREE 3.13's execution
    scheduling then fails with a circular dependency (found by ``make fuzz``: a value stored to
    two globals after an in-place copy)."""
    producer = defining_op(value)
    view = producer.opview if producer is not None else None
    for name in ("target_size", "result_size", "storage_size"):
        size = getattr(view, name, None) if view is not None else None
        if isinstance(size, ir.Value):
            return size
    if producer is not None and producer.name == "stream.async.dispatch":
        resources = [r for r in producer.results if is_resource(r)]
        sizes = operand_segments(producer, DISPATCH_OPERAND_SEGMENTS)["result_sizes"]
        if len(sizes) == len(resources) and value in resources:
            return sizes[resources.index(value)]
    return stream.ResourceSizeOp(value).result
