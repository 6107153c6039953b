"""What a repair reports: a diagnostic per change it made, or would make, or cannot make."""

from __future__ import annotations

from dataclasses import asdict, dataclass
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

    def to_json(self) -> dict[str, Any]:
        fields = asdict(self)
        return {"type": "diagnostic", "diagnostic": fields.pop("severity"), **fields}
