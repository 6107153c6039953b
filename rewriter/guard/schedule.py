"""IREE's stream phase up to the schedule the compile keeps: the IR the schedule check reads.

``slice-elision check`` needs the module right before ``iree-stream-schedule-allocation``:
scheduled, with the cleanups after scheduling done, still stream-async. Where the input enters
(:func:`entry_of`):

* anything but scheduled IR (torch, linalg, flow, stream tensor IR, MLIR bytecode, and stream
  IR, as IREE's flow-to-stream conversion leaves it or at the splice): the whole way, as
  ``slice-elision compile`` (:func:`~.driver.compile_file`) runs it, and iree-compile: IREE's
  flow phase, the stream phase up to the splice, where the accesses to globals IREE misreads
  are found as the compile's guard repairs them, then on. Stream IR at the splice goes
  through IREE's stages before the splice too (they forward reloads, inline getters, elide
  copies): what the check reads is what the compile keeps;
* scheduled IR (execution regions, before allocation): the stages after scheduling, as
  :func:`~.driver.compile_scheduled` runs it.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from iree.compiler import ir

from stream_model.ir.naming import Names
from stream_model.schedule.global_order import GlobalEvents, global_events
from stream_model.semantics.abi import GivenOver, given_over_arguments
from stream_model.semantics.phase import Phase, classify_phase

from ..pipeline.common import CompileError, new_context
from ..pipeline.driver import after_scheduling, check_input, flow_of_text, parse_stream_async
from ..pipeline.flags import check_supported_flags, stream_options
from ..pipeline.runner import StreamRunner
from ..pipeline.stages import split_at_allocation, stream_stages
from ..repair.reloads import GlobalRepair, find_misread_globals, may_misread_globals

__all__ = ["Scheduled", "entry_of", "schedule_for_check"]

_BYTECODE_MAGIC = b"ML\xefR"


@dataclass
class Scheduled:
    """The module right before ``iree-stream-schedule-allocation``, and how it got there."""

    context: ir.Context
    module: ir.Module
    entry: str  # "flow", "splice" or "scheduled"
    #: The accesses to globals before scheduling (what :func:`check_global_order` compares with).
    events: GlobalEvents | None = None
    #: Accesses to globals IREE 3.13 misreads at the splice (:mod:`..reloads`: a load after a
    #: store, a store stored over; a compile repairs them).
    reloads: list[GlobalRepair] = field(default_factory=list)
    #: The arguments each function's callers give over, read before IREE's stream stages
    #: (:func:`stream_model.semantics.abi.given_over_arguments`).
    given_over: GivenOver = field(default_factory=dict)
    #: IREE's stages before the splice ran on the input (it did not enter at the splice or
    #: after scheduling).
    before_splice: bool = False
    #: The input as text, where the module's ops point into it as written (stream IR, UTF-8):
    #: for naming values as the user wrote them.
    source: str | None = None


def entry_of(data: bytes) -> str:
    """Where input ``data`` enters (module docstring): ``scheduled``, else the whole way:
    ``splice`` for stream IR at the splice (named as written: its ops' locations are the text's
    own), ``flow`` for anything else."""
    if data.startswith(_BYTECODE_MAGIC):
        return "flow"
    with new_context():
        try:
            module = ir.Module.parse(data)
        except Exception:  # noqa: BLE001 - not MLIR the bindings read alone: iree-compile decides
            return "flow"
        found = classify_phase(module).phase
        if found is Phase.SCHEDULED:
            return "scheduled"
        if found is Phase.SPLICE and not _has_unrefined_resources(module):
            return "splice"
    return "flow"


def _has_unrefined_resources(module: ir.Module) -> bool:
    """Does any op use or make a ``!stream.resource<*>`` (lifetime not yet refined: IR before
    ``iree-stream-refine-usage``)?"""
    found = [False]

    def visit(op: ir.Operation) -> ir.WalkResult:
        if any(str(v.type) == "!stream.resource<*>" for v in (*op.operands, *op.results)):
            found[0] = True
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found[0]


def schedule_for_check(
    input_path: str | os.PathLike[str], iree_flags: Sequence[str], *, at_splice: bool = False
) -> Scheduled:
    """Run IREE on ``input_path`` up to the schedule the compile keeps (module docstring).
    ``at_splice``: stream IR at the splice enters there, as :func:`~.driver.compile_stream_async`
    takes it (the library's entry for IR a tool made at the splice), where a load after an op
    with regions that may store its global is a hazard too."""
    flags = list(iree_flags)
    src = check_input(input_path)
    check_supported_flags(flags)
    try:
        data = src.read_bytes()
    except OSError as err:
        raise CompileError(f"cannot read {src}: {err.strerror or err}") from err
    entry = entry_of(data)
    source = _text(data) if entry != "flow" else None
    reloads: list[GlobalRepair] = []
    opts = stream_options(flags)
    before, after = stream_stages(opts)
    context = new_context()
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp_name:
        tmp = Path(tmp_name)
        runner = StreamRunner(context, opts.global_cl_flags, tmp)
        if entry == "splice" and at_splice:
            module = parse_stream_async(context, data, src.name, Phase.SPLICE)
            given_over = given_over_arguments(module)
            if may_misread_globals(module):
                reloads = find_misread_globals(module, Names(module, source, str(src)), regions=True)
            rest = after
        elif entry != "scheduled":
            flow = runner.parse_flow(flow_of_text(src, flags, tmp))
            given_over = given_over_arguments(flow)
            module = runner.run(flow, before, "stream phase")
            if may_misread_globals(module):
                # (What a compile's guard repairs at the splice: :meth:`ScheduleGuard.forward_reloads`.)
                reloads = find_misread_globals(module, Names(module, source, str(src)))
            rest = after
        else:
            module = parse_stream_async(context, data, src.name, Phase.SCHEDULED)
            rest = after_scheduling(after)
            given_over = given_over_arguments(module)
        async_part, _ = split_at_allocation(rest)
        events = global_events(module)
        module = runner.run(module, async_part, "stream phase")
    before_splice = entry == "flow" or (entry == "splice" and not at_splice)
    return Scheduled(context, module, entry, events, reloads, given_over, before_splice, source)


def _text(data: bytes) -> str | None:
    """The input as text, for naming values as written (None when it is not UTF-8)."""
    try:
        return data.decode("utf-8")
    except UnicodeDecodeError:
        return None
