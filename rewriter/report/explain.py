"""The proof log: JSON Lines for tools, and a readable form for people (``explain``)."""

from __future__ import annotations

import json
import os
import tempfile
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Any

from stream_model import Decision, SliceDecision, Verdict

#: The version of the JSON Lines records' form. A tool reading the log checks it; a change
#: that removes or renames a key, or changes a value's meaning, increments it.
SCHEMA_VERSION = 1


def jsonl(records: Iterable[dict[str, Any]]) -> str:
    """One JSON object per line (diagnostics, then one per slice), keys in a fixed order:
    byte-identical for identical input. Every record starts with ``schema_version`` and its
    ``type`` (``decision``, ``diagnostic``, ``schedule-check``, ``schedule-repair``)."""
    return "".join(json.dumps({"schema_version": SCHEMA_VERSION, **r}, sort_keys=False) + "\n" for r in records)


def human(decisions: Sequence[SliceDecision]) -> str:
    """One block per slice: its range, its reads, the decision, and every write checked."""
    blocks = []
    for d in decisions:
        lines = [f"{d.kind} {d.result} in @{d.function} ({d.location})", f"  {d.slice}"]
        if d.range:
            lines.append(f"  reads bytes [{d.range[0]}, {d.range[1]}) of {d.source}")
        if d.reads:
            lines.append(f"  alias read by: {', '.join(d.reads)}")
        lines.append(f"  decision: {d.decision.upper()}: {d.reason}")
        for c in d.checks:
            rng = f" [{c.range[0]}, {c.range[1]})" if c.range else ""
            lines.append(f"  - write {c.op}{rng} ({c.location}): {Verdict(c.verdict).text}")
            if c.facts_used:
                lines.append(f"      facts used: {'; '.join(c.facts_used)}")
            elif c.verdict is Verdict.DISJOINT:
                lines.append("      facts used: none (the ranges are disjoint for every value)")
            if c.counterexample:
                lines.append("      counterexample: " + ", ".join(f"{k} = {v}" for k, v in c.counterexample.items()))
            if c.detail and c.verdict is not Verdict.DISJOINT:
                lines.append(f"      {c.detail}")
        for lv in d.live_versions:
            lines.append(f"  - live version at {lv.consumer}: {lv.version or 'none'}")
            lines.append(f"      {lv.detail}")
        blocks.append("\n".join(lines))
    aliased = sum(d.decision is Decision.ALIAS for d in decisions)
    summary = f"{len(decisions)} copies (slices and transfers): {aliased} aliased, {len(decisions) - aliased} kept"
    return "\n\n".join(blocks + [summary]) + "\n"


def write_atomically(path: str, data: str | bytes) -> None:
    """Write via a temporary file in the same directory and rename: never a half-written file."""
    target = Path(path)
    mode = "wb" if isinstance(data, bytes) else "w"
    fd, tmp = tempfile.mkstemp(dir=target.parent if str(target.parent) else ".", prefix=f".{target.name}.")
    try:
        with os.fdopen(fd, mode) as f:
            f.write(data)
        os.replace(tmp, target)
    except BaseException:
        Path(tmp).unlink(missing_ok=True)
        raise
