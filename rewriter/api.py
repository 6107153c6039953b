"""The library's entrance: compile and check as the command line does.

:func:`compile_file` is ``slice-elision compile``: the rewrite at the splice and IREE's schedule
checked (and repaired, or the compile refused) on every compile. The room it drives,
:func:`rewriter.pipeline.compile_file`, runs only what it is given (no hook and no check:
plain ``iree-compile``'s output) for callers that build their own compile. :func:`check` is
``slice-elision check``.
"""

from __future__ import annotations

import os
from collections.abc import Sequence

from stream_model.schedule.check import ScheduleReport

from .guard.check import check_file
from .guard.schedule_guard import ScheduleGuard
from .pipeline.common import CompileResult, IreeRemarks, StreamHook
from .pipeline.driver import compile_file as _drive
from .pipeline.passes import ModulePass
from .pipeline.targets import DEFAULT_CPU_FLAGS
from .rewrite.passes import ElideSlices

__all__ = ["REWRITE", "check", "compile_file"]

#: The hook of :func:`compile_file` by default: the rewrite, as ``slice-elision compile`` runs it
#: (the compile verifies the module before and after the hook).
REWRITE: tuple[ModulePass, ...] = (ElideSlices(verified=True),)


def compile_file(
    input_path: str | os.PathLike[str],
    output_path: str | os.PathLike[str],
    iree_flags: Sequence[str] = DEFAULT_CPU_FLAGS,
    hook: StreamHook | Sequence[ModulePass] | None = REWRITE,
    *,
    check_schedule: bool = True,
    guard: ScheduleGuard | None = None,
    remarks: IreeRemarks | None = None,
    compile_to: str | None = None,
    dump_hooked_ir: str | None = None,
) -> CompileResult:
    """Compile ``input_path`` (anything ``iree-compile`` takes) to ``output_path`` as
    ``slice-elision compile`` does: ``hook`` at the splice (by default the rewrite,
    :class:`~rewriter.rewrite.passes.ElideSlices`; a list of passes, whose reports come back in
    ``CompileResult.passes``, or a callable on the module), and IREE's schedule checked
    (``check_schedule``; ``guard`` for one of your own, whose report stays on it, and which is
    told whether the hook repairs shared globals where it was not). With
    ``hook=None`` and ``check_schedule=False`` the output is plain ``iree-compile``'s, byte for
    byte. Raises :class:`~rewriter.errors.CompileError` (one line) on any failure."""
    if guard is None and check_schedule:
        guard = ScheduleGuard(filename=os.fspath(input_path))
    if guard is not None and guard.shared_globals_repaired is None:
        guard.shared_globals_repaired = _repairs_shared_globals(hook)
    return _drive(
        input_path,
        output_path,
        iree_flags,
        hook,
        guard=guard,
        remarks=remarks,
        compile_to=compile_to,
        dump_hooked_ir=dump_hooked_ir,
    )


def _repairs_shared_globals(hook: StreamHook | Sequence[ModulePass] | None) -> bool:
    """Does ``hook`` repair globals that share one buffer (the rewrite, rewriting)? The guard
    keeps globals out of IREE's global fusion only then (:class:`ScheduleGuard`)."""
    return isinstance(hook, Sequence) and any(isinstance(p, ElideSlices) and p.rewrite for p in hook)


def check(input_path: str | os.PathLike[str], iree_flags: Sequence[str] = DEFAULT_CPU_FLAGS) -> ScheduleReport:
    """The schedule check of what IREE makes of ``input_path``, as ``slice-elision check``
    runs it: ``report.hazards`` holds each pair it shows (or cannot decide)."""
    return check_file(input_path, iree_flags)
