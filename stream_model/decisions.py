"""What the analysis decided about each copy, and why: the records behind the explanation log.

Plain dataclasses (serialised as JSON lines by the CLI): a decision names the copy, its byte
range, the reads of the alias, and every write to the source's storage with the verdict that
made it harmless, or the one that did not (with the facts a proof used or a counterexample).
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields
from typing import Any, Optional


_STATE_FIELDS = frozenset({"write_op", "argument"})


@dataclass
class WriteCheck:
    """One write to the source's storage, and why it is harmless (or not)."""

    op: str
    location: str
    range: Optional[list[str]]
    # ordered-before | ordered-after | ordered-around-calls | disjoint | overlap | unknown | unknown-range
    verdict: str
    facts_used: list[str] = field(default_factory=list)
    counterexample: Optional[dict[str, int]] = None
    detail: str = ""
    # The write itself and, for ordered-around-calls, the (function, argument) whose settled
    # stability it relies on: analysis state behind the claim, not part of the log.
    write_op: Any = field(default=None, repr=False, compare=False)
    argument: Optional[tuple[str, int]] = field(default=None, repr=False, compare=False)

    def to_json(self) -> dict:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _STATE_FIELDS}

    @property
    def safe(self) -> bool:
        return self.verdict in ("ordered-before", "ordered-after", "ordered-around-calls", "disjoint")


@dataclass
class SliceDecision:
    kind: str  # "slice" or "transfer" (a same-device copy of a whole resource)
    function: str
    slice: str
    location: str
    result: str
    source: str
    decision: str  # "alias" | "keep"
    reason: str
    range: Optional[list[str]]
    reads: list[str] = field(default_factory=list)
    checks: list[WriteCheck] = field(default_factory=list)
    facts_used: list[str] = field(default_factory=list)
    counterexample: Optional[dict[str, int]] = None

    def to_json(self) -> dict:
        out = {f.name: getattr(self, f.name) for f in fields(self)}
        out["checks"] = [c.to_json() for c in self.checks]
        return out


def keep_reason(check: WriteCheck, slice_range: list[str]) -> str:
    where = f"[{slice_range[0]}, {slice_range[1]})"
    if check.verdict == "overlap":
        cex = ", ".join(f"{k}={v}" for k, v in (check.counterexample or {}).items())
        return (
            f"{check.op} writes [{check.range[0]}, {check.range[1]}), which may overlap the slice {where} "
            f"while the alias is live" + (f" (counterexample: {cex})" if cex else "")
        )
    if check.verdict == "unknown":
        return f"could not prove {check.op} disjoint from the slice {where}: {check.detail}"
    return f"{check.op} may write the slice's bytes while the alias is live: {check.detail}"


def alias_reason(d: SliceDecision) -> str:
    if not d.checks:
        return "no op writes the source's storage in this function"
    counts: dict[str, int] = {}
    for c in d.checks:
        counts[c.verdict] = counts.get(c.verdict, 0) + 1
    parts = ", ".join(f"{n} {v}" for v, n in sorted(counts.items()))
    return f"every write to the source's storage is harmless ({parts})"
