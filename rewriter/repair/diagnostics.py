"""What a repair reports: a diagnostic per change it made, or would make, or cannot make."""

from __future__ import annotations

from dataclasses import asdict, dataclass, field
from typing import Any

__all__ = ["ERROR", "WARNING", "Diagnostic"]

WARNING, ERROR = "warning", "error"


@dataclass
class Diagnostic:
    severity: str
    kind: str
    message: str
    globals: list[str]
    fixed: bool
    location: str | None = None  # the first store the repair changes (or would change)
    position: dict[str, str | int] | None = None  # the same, structured (``Names.position``)
    #: In-place writes the repair made write a copy of another global's buffer instead of that
    #: buffer: ``{"function", "result", "written"}`` (names as the user wrote them), so that a
    #: reader of the log (or an audit of the decisions) knows the writes the analysis no longer
    #: saw. Listed only when made, and left out of the JSON when there are none.
    copies: list[dict[str, str]] = field(default_factory=list)
    #: The stores the repair made store a copy: ``{"function", "global", "stored"}`` (the value
    #: stored, named as the user wrote it), so that a reader of the log (or an audit of the
    #: decisions) knows which values stopped being a global's buffer. Listed only when made.
    stores: list[dict[str, str]] = field(default_factory=list)

    def to_json(self) -> dict[str, Any]:
        fields = asdict(self)
        for listed in ("copies", "stores"):
            if not fields[listed]:
                del fields[listed]
        return {"type": "diagnostic", "diagnostic": fields.pop("severity"), **fields}
