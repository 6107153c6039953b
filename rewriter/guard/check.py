"""The schedule check of a file on its own: IREE runs on the input up to the schedule the compile
keeps (:mod:`.schedule`), and :func:`stream_model.schedule.check.check_schedule` proves it:
every read of a version before the in-place write that consumes it (or disjoint from it), one
consumer per version, no copy onto itself, no kernel writing bytes it reads through another
binding; and the accesses to globals at the splice that IREE misreads (:mod:`..repair.reloads`).
"""

from __future__ import annotations

import os
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

from stream_model.schedule.check import ScheduleReport, check_schedule
from stream_model.schedule.global_order import check_global_order

from ..pipeline.targets import DEFAULT_CPU_FLAGS
from ..repair.reloads import GlobalRepair
from .schedule_guard import input_hazards

__all__ = ["FileCheck", "check_file", "check_file_in_full"]


@dataclass
class FileCheck:
    """A file's check: the schedule's (``report``), the accesses to globals at the splice IREE
    misreads (``reloads``), and why the input's accesses to globals were not compared with the
    module at the splice (``not_compared``: None when they were, or when IREE's stages before
    the splice did not run)."""

    report: ScheduleReport
    reloads: list[GlobalRepair]
    not_compared: str | None


def check_file(
    input_path: str | os.PathLike[str], iree_flags: Sequence[str] = DEFAULT_CPU_FLAGS, *, at_splice: bool = False
) -> ScheduleReport:
    """The schedule check of what IREE makes of ``input_path`` with ``iree_flags``
    (``at_splice``: :func:`check_file_in_full`)."""
    return check_file_in_full(input_path, iree_flags, at_splice=at_splice).report


def check_file_in_full(
    input_path: str | os.PathLike[str], iree_flags: Sequence[str] = DEFAULT_CPU_FLAGS, *, at_splice: bool = False
) -> FileCheck:
    """:func:`check_file` with the misread globals and the input's order, as the command reports
    them. ``at_splice``: stream IR at the splice enters there, as the library's
    :func:`~rewriter.pipeline.compile_stream_async` takes it (the command enters it as
    ``compile`` does, through IREE's stages before the splice)."""
    from .schedule import schedule_for_check

    scheduled = schedule_for_check(input_path, iree_flags, at_splice=at_splice)
    with scheduled.context:
        report = check_schedule(scheduled.module, scheduled.source, str(input_path), given_over=scheduled.given_over)
        not_compared = None
        if scheduled.events is not None:
            report.order_hazards = [*check_global_order(scheduled.events, scheduled.module, report.order_not_compared)]
            if scheduled.before_splice:  # IREE's stages before the splice ran on the input
                found = input_hazards(Path(input_path), scheduled.events, report.order_not_compared)
                if isinstance(found, str):
                    not_compared = found
                else:
                    report.order_hazards[:0] = found
        return FileCheck(report, scheduled.reloads, not_compared)
