"""Every error the tool raises, in one place: each derives from :class:`SliceElisionError`.

``stream_model``'s errors (the IR cannot be read, or is at the wrong phase) come from its own
errors module and are re-exported here; those below are the rewriter's. A message is one line
for the user; where a tool's full output matters, ``details`` keeps it. ``dfx``'s
``DFXMisuseError`` is not here: it says a program misused the solver (a bug, never the user's
input), and dfx knows nothing of this tool.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from stream_model.errors import ModelError, SliceElisionError, WrongPhaseError

if TYPE_CHECKING:
    from stream_model.schedule.check import ScheduleCheck

__all__ = [
    "CompileError",
    "IreeRuntimeError",
    "ModelError",
    "NotAnalysed",
    "NotBuilt",
    "OutputError",
    "RepairUndone",
    "RewriteError",
    "ScheduleHazardError",
    "SliceElisionError",
    "WrongPhaseError",
]


def _one_line(message: str) -> str:
    return " ".join(part.strip() for part in str(message).strip().splitlines() if part.strip())


class CompileError(SliceElisionError):
    """A compile failed. ``str(err)`` is one line; ``err.details`` keeps the full tool output.

    One line because callers (CLI, benchmarks) print it next to other results; the raw
    diagnostics stay reachable for debugging without turning the message into a wall of text.
    """

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(_one_line(message) or "compile failed")
        self.details = details


class NotBuilt(CompileError):
    """Input plain ``iree-compile`` does not build either, known before trying (allocated stream
    IR: its pipeline from the start runs out of memory): never retried as plain iree-compile."""


class NotAnalysed(CompileError):
    """Input IREE builds that the tool cannot read at the splice (VM-level input, a fault of
    the tool's own analysis): the compile builds it exactly as plain ``iree-compile`` does and
    says what went unchecked (``CompileResult.not_analysed``). Never raised to a caller of
    ``compile_file``."""


class RepairUndone(CompileError):
    """IREE's stages after a repair undid what it relies on: the repair is no repair
    (``ScheduleGuard.verify_finished``). ``schedule``: the schedule repair's, whose hazards say
    what follows (``ScheduleGuard.repair_failed``); else a repair of shared globals or of a
    reload, made for a hazard shown at the splice: the compile refuses."""

    def __init__(self, message: str, details: str = "", *, schedule: bool = True) -> None:
        super().__init__(message, details)
        self.schedule = schedule


class ScheduleHazardError(CompileError):
    """The compile refuses: IREE's schedule has a hazard the guard could not repair."""

    def __init__(self, message: str, hazards: list[ScheduleCheck]) -> None:
        super().__init__(message)
        self.hazards = hazards


class RewriteError(SliceElisionError):
    """The rewrite could not be applied; the message is one line for the user."""


class OutputError(SliceElisionError):
    """An output path that cannot be written; the message is one line for the user."""


class IreeRuntimeError(SliceElisionError):
    """Loading or calling a module failed; the message is one line (details in ``.details``)."""

    def __init__(self, message: str, details: str = "") -> None:
        super().__init__(_one_line(message) or "IREE runtime error")
        self.details = details
