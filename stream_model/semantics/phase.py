"""Which phase of IREE's pipeline a module is at, relative to the splice point (right before
``iree-stream-schedule-execution``): the loader (``rewrite``/``explain``) and the compile driver
(``compile_stream_async``) share it."""

from __future__ import annotations

import enum
from dataclasses import dataclass

from iree.compiler import ir

from ..ir.util import ModuleLike
from .region_flow import DEVICE_REGION_OPS


class Phase(enum.Enum):
    """Where a module is relative to the splice point (right before
    ``iree-stream-schedule-execution``), which is the phase the model describes."""

    BEFORE = "before"  # flow or stream tensor ops: run IREE up to the splice first
    SPLICE = "splice"  # stream-async IR
    # stream-async IR after iree-stream-schedule-execution/-concurrency, before
    # iree-stream-schedule-allocation: execution regions and timepoints, still async ops. The
    # model describes it (``rewrite``/``explain`` take it); the compile driver's hook stays at
    # the splice.
    SCHEDULED = "scheduled"
    AFTER = "after"  # commands, allocations, HAL or VM: past what the model describes
    NOT_STREAM = "not stream"  # no stream ops at all


#: Ops that only exist before the splice point (flow, stream tensor ops that encoding and
#: conversion remove), only after scheduling (execution regions, timepoints) and only after
#: allocation (commands, allocations, HAL, VM).
BEFORE_SPLICE_OPS = (
    "flow.",
    "stream.tensor.dispatch",
    "stream.tensor.slice",
    "stream.tensor.update",
    "stream.tensor.splat",
    "stream.tensor.fill",
    "stream.tensor.clone",
)
#: (Besides the execution and concurrent region ops, :data:`stream_model.semantics.region_flow.DEVICE_REGION_OPS`.)
SCHEDULED_OPS = ("stream.timepoint.",)
AFTER_SPLICE_OPS = (
    "stream.cmd.",
    "stream.resource.alloc",
    "stream.resource.dealloca",
    "hal.executable",
    "vm.",
)


#: Ops that exist only once IREE's stream phase has allocated (``iree-stream-schedule-allocation``
#: and after: stream commands, HAL command buffers and queues, the VM): input holding them has
#: no stream phase left to rewrite or check, and IREE's pipeline run from the start again on
#: allocated stream IR never ends (3.13 runs out of memory), so the compile driver refuses such
#: input (:func:`allocated_op`).
ALLOCATED_OPS = (
    "stream.cmd.",
    "stream.resource.alloca",  # (not stream.resource.alloc: async IR allocates external storage with it)
    "stream.resource.dealloca",
    "hal.command_buffer.",
    "hal.device.queue.",
    "vm.",
)


def allocated_op(module: ModuleLike) -> str | None:
    """The first op of ``module`` (by name) that only exists after the stream phase allocated;
    None when there is none. (Narrower than :data:`Phase.AFTER`: a frontend's input may hold
    ``hal.executable`` sources of its own.)"""
    found: list[str] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name.startswith(ALLOCATED_OPS):
            found.append(op.name)
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found[0] if found else None


@dataclass(frozen=True)
class PhaseCheck:
    phase: Phase
    evidence: str | None = None  # the first op (by name) that places the module there


def classify_phase(module: ModuleLike, names: set[str] | None = None) -> PhaseCheck:
    """Where ``module`` is in IREE's pipeline, from the names of its ops (``names``: all of
    them, when the caller has them already: :func:`~stream_model.ir.util.survey`)."""
    if names is None:
        names = set()

        def visit(op: ir.Operation) -> ir.WalkResult:
            names.add(op.name)
            return ir.WalkResult.ADVANCE

        module.operation.walk(visit)
    for phase, group in (
        (Phase.AFTER, AFTER_SPLICE_OPS),
        (Phase.BEFORE, BEFORE_SPLICE_OPS),
        (Phase.SCHEDULED, (*sorted(DEVICE_REGION_OPS), *SCHEDULED_OPS)),
    ):
        found = sorted(n for n in names if n.startswith(group))
        if found:
            return PhaseCheck(phase, found[0])
    if not any(n.startswith(("stream.async.", "stream.tensor.")) for n in names):
        frontend = _host_op_on_tensors(module)
        return PhaseCheck(Phase.BEFORE, frontend) if frontend else PhaseCheck(Phase.NOT_STREAM)
    return PhaseCheck(Phase.SPLICE)


#: Ops whose bodies are device code (dispatch functions work on tensors at every phase).
EXECUTABLE_OPS = ("stream.executable", "hal.executable", "flow.executable")


def _host_op_on_tensors(module: ModuleLike) -> str | None:
    """The first op of host code (in walk order) that makes a tensor value, else the first that
    uses one: frontend IR (linalg, tensor, torch), which IREE has yet to bring to the stream
    phase."""
    making: list[str] = []
    using: list[str] = []
    seen: dict[ir.Type, bool] = {}  # (types are uniqued: each printed once, not once per value)

    def tensor(value: ir.Value) -> bool:
        found = seen.get(value.type)
        if found is None:
            found = seen[value.type] = str(value.type).startswith(("tensor<", "!torch."))
        return found

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in EXECUTABLE_OPS:
            return ir.WalkResult.SKIP
        if any(tensor(v) for v in op.results):
            making.append(op.name)
            return ir.WalkResult.INTERRUPT  # (the first op making one is the answer)
        if not using and any(tensor(v) for v in op.operands):
            using.append(op.name)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)  # (SKIP needs pre-order: before the body)
    first = making or using
    return first[0] if first else None
