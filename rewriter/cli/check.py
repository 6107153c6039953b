"""``slice-elision check``: does the schedule IREE makes of a program keep the program's order?

IREE runs on the input up to the schedule the compile keeps (:mod:`..guard.schedule`), and
:func:`stream_model.schedule.check.check_schedule` proves it: every read of a version before the
in-place write that consumes it (or disjoint from it), one consumer per version, no copy onto
itself, no kernel writing bytes it reads through another binding. One line per hazard on standard output, naming both ops with their locations and the
bytes at stake; the exit status is 0 when there is none. ``--log`` writes every pair checked,
one JSON object per line (``"check": "schedule"``), as the proof log does for slices.
"""

from __future__ import annotations

import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from stream_model.schedule.check import ScheduleVerdict

from ..guard.check import FileCheck, check_file_in_full
from ..guard.schedule_guard import input_order_not_compared, input_order_record
from ..report.explain import jsonl
from ..report.outputs import Outputs
from .exits import EXIT_ERROR, EXIT_HAZARD, EXIT_NOT_CHECKED

__all__ = ["hazard_lines", "run_check", "run_check_split"]


@dataclass
class _Checked:
    """One module's check as the command reports it."""

    pairs: int = 0
    hazards: int = 0
    undecided: int = 0  # pairs the check could not decide (a range it does not know): not shown hazards
    seconds: float = 0.0
    records: list[dict[str, Any]] = field(default_factory=list)
    not_checked: str | None = None  # why, when the input is one the check cannot read


def hazard_lines(checked: FileCheck) -> list[str]:
    """The lines ``check`` prints for a file's check, one per hazard (``unknown:`` for a pair
    it could not decide)."""
    report = checked.report
    lines = [f"hazard: {reload.hazard_line()}" for reload in checked.reloads]
    for check in report.hazards:
        kind = "unknown" if check.verdict == "unknown" else "hazard"
        lines.append(f"{kind}: {check.line()}")
    lines += [f"hazard: {order.line()}" for order in report.order_hazards]
    lines += [f"hazard: {use.line}" for use in report.unawaited]
    return lines


def _check_and_print(input_path: str, iree_flags: Sequence[str]) -> _Checked:
    """Check one module, printing each hazard (standard output) and note (standard error)."""
    from ..pipeline.common import NotAnalysed

    try:
        checked = check_file_in_full(input_path, iree_flags)
        report, reloads, not_compared = checked.report, checked.reloads, checked.not_compared
    except NotAnalysed as why:
        sys.stderr.write(f"slice-elision: not checked: {why}\n")
        return _Checked(
            records=[{"schema_version": 1, "type": "not-checked", "reason": str(why)}], not_checked=str(why)
        )
    if not_compared is not None:
        # (The check still proves the schedule; what it cannot see is a reorder made before it.)
        sys.stderr.write(f"slice-elision: note: {input_order_not_compared(not_compared)}\n")
    for note in report.order_not_compared:
        sys.stderr.write(f"slice-elision: note: {note.line()}\n")
    for line in hazard_lines(checked):
        sys.stdout.write(line + "\n")
    not_compared_records = [] if not_compared is None else [input_order_record(not_compared)]
    undecided = sum(check.verdict is ScheduleVerdict.UNKNOWN for check in report.hazards)
    return _Checked(
        pairs=len(report.checks),
        hazards=len(reloads) + len(report.hazards) - undecided + len(report.order_hazards) + len(report.unawaited),
        undecided=undecided,
        seconds=report.seconds,
        records=[r.hazard_json() for r in reloads] + not_compared_records + report.log_records(),
    )


def _summary_record(checked: _Checked) -> dict[str, Any]:
    return {
        "schema_version": 1,
        "type": "check-summary",
        "pairs": checked.pairs,
        "hazards": checked.hazards,
        "undecided": checked.undecided,
    }


def _summary_line(checked: _Checked, chunks: str = "") -> str:
    undecided = f" and {checked.undecided} undecided" if checked.undecided else ""
    return (
        f"slice-elision: schedule check: {checked.hazards} hazard(s){undecided} in {checked.pairs} pair(s) of a "
        f"read and an in-place write checked{chunks} ({checked.seconds * 1000:.1f} ms)"
    )


def _status(checked: _Checked) -> int:
    """3 for a hazard shown; 4 when the check could not decide a pair (and showed none)."""
    return EXIT_HAZARD if checked.hazards else EXIT_NOT_CHECKED if checked.undecided else 0


def run_check(input_path: str, iree_flags: Sequence[str], outputs: Outputs, log: Path | None) -> int:
    """The command: print each hazard, write the log (reserved in ``outputs``), return the exit status."""
    checked = _check_and_print(input_path, iree_flags)
    if checked.not_checked is not None:
        if log:
            outputs.write(log, jsonl(checked.records))
        return EXIT_NOT_CHECKED
    if log:
        outputs.write(log, jsonl([*checked.records, _summary_record(checked)]))
    print(_summary_line(checked), file=sys.stderr)
    return _status(checked)


def run_check_split(input_path: str, iree_flags: Sequence[str], outputs: Outputs, log: Path | None) -> int:
    """``check --split-input-file``: each ``// -----`` chunk checked as a module of its own
    (IREE's lit convention), its positions those of the whole file. A chunk IREE rejects is an
    error of that chunk, and the others are still checked. The exit status: a hazard in any
    chunk (3), else an error in any (1), else a chunk not checked (4), else 0."""
    from stream_model.model.loader import read_text, split_input

    from ..pipeline.common import CompileError

    chunks = split_input(read_text(input_path))
    total = _Checked()
    errors = not_checked = 0
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        chunk_path = Path(tmp) / Path(input_path).name  # (locations name the file as the input's)
        for k, chunk in enumerate(chunks):
            chunk_path.write_text(chunk)
            try:
                checked = _check_and_print(str(chunk_path), iree_flags)
            except CompileError as err:
                errors += 1
                line = chunk[: len(chunk) - len(chunk.lstrip())].count("\n") + 1
                message = str(err).replace(str(chunk_path), input_path)  # (the path as given)
                print(f"slice-elision: error: chunk {k + 1} (line {line}): {message}", file=sys.stderr)
                continue
            not_checked += checked.not_checked is not None
            total.pairs += checked.pairs
            total.hazards += checked.hazards
            total.undecided += checked.undecided
            total.seconds += checked.seconds
            total.records += checked.records
    if log:
        outputs.write(log, jsonl([*total.records, _summary_record(total)]))
    print(_summary_line(total, f" in {len(chunks)} chunk(s)"), file=sys.stderr)
    if total.hazards:
        return EXIT_HAZARD
    return EXIT_ERROR if errors else EXIT_NOT_CHECKED if not_checked or total.undecided else 0
