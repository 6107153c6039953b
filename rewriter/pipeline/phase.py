"""IREE's stream phase, split at the splice point, for a compile the user drives.

``compile_file`` runs the whole compile; a tool that runs its own (its own flags, caching,
pass instrumentation, several hooks) needs the same split without reaching into the driver's
private parts. The contract is the driver's: the flow-level module (``iree-compile
--compile-to=flow``) goes through :func:`run_to_splice`, the hook (e.g.
:func:`~rewriter.elide_slices`) runs on the result, :func:`run_from_splice` finishes the stream
phase, and :func:`write_for_iree` writes what ``iree-compile --compile-from=stream`` reads. With
no hook, the result is byte-identical to plain ``iree-compile`` with the same flags (tested).

:func:`stream_pipelines` gives the two halves as textual pass pipelines, for a user's own
``PassManager``; they are exact only when ``global_cl_flags`` is empty (see the package
docstring: ``--iree-stream-*``/``--iree-util-*`` flags reach the passes only through
``iree-opt``, which :func:`run_to_splice`/:func:`run_from_splice` then use).
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from iree.compiler import ir

from stream_model import WrongPhaseError
from stream_model.semantics.phase import Phase, classify_phase

from .common import IreeRemarks, new_context, write_ir
from .driver import check_input, flow_of_text
from .flags import check_supported_flags, stream_options
from .runner import StreamRunner
from .stages import Stage, pipeline_text, stream_stages


@dataclass(frozen=True)
class StreamPipelines:
    """IREE 3.13's stream phase as two pass pipelines, split right before
    ``iree-stream-schedule-execution`` (``builtin.module(...)`` strings for
    ``PassManager.parse``)."""

    before: str
    after: str
    #: Flags the stream passes read as process-global options (``--iree-stream-*``,
    #: ``--iree-util-*``): an in-process ``PassManager`` cannot set them.
    global_cl_flags: tuple[str, ...]


def stream_pipelines(iree_flags: Sequence[str] = ()) -> StreamPipelines:
    """The stream phase for these ``iree-compile`` flags, before and after the splice point."""
    flags = list(iree_flags)
    check_supported_flags(flags)
    opts = stream_options(flags)
    before, after = stream_stages(opts)
    return StreamPipelines(_module_pipeline(before), _module_pipeline(after), opts.global_cl_flags)


def _module_pipeline(stages: list[Stage]) -> str:
    return f"builtin.module({pipeline_text(stages)})"


def run_to_splice(module: ir.Module, iree_flags: Sequence[str] = ()) -> ir.Module:
    """Run the stream phase up to the splice point on a flow-level module (what
    ``iree-compile --compile-to=flow`` writes): the module a hook sees. In process, on
    ``module`` itself; in ``iree-opt`` when the flags need it, and then a new module (in the
    same context) comes back. Raises :class:`~rewriter.CompileError`."""
    return _run(module, iree_flags, before=True)


def run_from_splice(module: ir.Module, iree_flags: Sequence[str] = ()) -> ir.Module:
    """The rest of the stream phase, from the splice point to what ``iree-compile
    --compile-from=stream`` takes (write it with :func:`write_for_iree`)."""
    return _run(module, iree_flags, before=False)


def _run(module: ir.Module, iree_flags: Sequence[str], *, before: bool) -> ir.Module:
    _check_phase(module, before)
    flags = list(iree_flags)
    check_supported_flags(flags)
    opts = stream_options(flags)
    first, second = stream_stages(opts)
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        runner = StreamRunner(module.context, opts.global_cl_flags, Path(tmp))
        return runner.run(module, first if before else second, "stream phase")


def _check_phase(module: ir.Module, before: bool) -> None:
    """Each half takes the module where the other leaves it: flow-level IR before the splice,
    stream-async IR at the splice (scalar code, with neither, is both); anything else raises
    :class:`~stream_model.WrongPhaseError` instead of running passes that do not apply."""
    found = classify_phase(module)
    expected = (Phase.BEFORE, Phase.NOT_STREAM) if before else (Phase.SPLICE, Phase.NOT_STREAM)
    if found.phase in expected:
        return
    if before:
        raise WrongPhaseError(
            f"run_to_splice takes the flow-level module (iree-compile --compile-to=flow); found {found.evidence}, "
            f"which belongs {found.phase.value} the splice point",
            found.phase,
        )
    raise WrongPhaseError(
        f"run_from_splice takes the module at the splice point (run_to_splice's result); found {found.evidence}, "
        f"which belongs {found.phase.value} the splice point",
        found.phase,
    )


def write_for_iree(module: ir.Module, path: str | os.PathLike[str]) -> None:
    """Write ``module`` for an IREE tool to read, keeping every location and dialect resource
    (text in the generic op form, see :func:`~rewriter.pipeline.common.write_ir`)."""
    write_ir(module, Path(path))


def module_at_splice(
    input_path: str | os.PathLike[str], iree_flags: Sequence[str] = (), remarks: IreeRemarks | None = None
) -> ir.Module:
    """Anything ``iree-compile`` takes, brought to the splice point: the module a
    ``compile_file`` hook would see, with IREE's locations (the input file's). ``remarks``
    collects IREE's own optimization remarks on the way."""
    flags = list(iree_flags)
    src = check_input(input_path)
    check_supported_flags(flags)
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        flow = flow_of_text(src, flags + (remarks.flags("flow") if remarks else []), Path(tmp))
    context = new_context()
    if remarks is not None:
        remarks.enable(context)
    runner = StreamRunner(context, stream_options(flags).global_cl_flags, Path("."))
    module = run_to_splice(runner.parse_flow(flow), flags)
    if remarks is not None:
        context.finalize_remarks()
    return module
