"""What the rewrite reports: its decisions and the shared-globals repair's diagnostics.

Beside the rewrite, not in it: a compile with nothing to rewrite reports an empty one without
importing the analysis."""

from __future__ import annotations

import time
from dataclasses import dataclass, field
from typing import Any

from iree.compiler import ir

from stream_model.ir.util import modules_with_functions
from stream_model.model.loader import require_stream_phase
from stream_model.report.decisions import SliceDecision
from stream_model.semantics.scan import rewrite_has_work

from ..repair.diagnostics import Diagnostic

__all__ = ["RewriteReport", "merged_reports", "nothing_to_rewrite"]


@dataclass
class RewriteReport:
    decisions: list[SliceDecision] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    aliased: int = 0
    kept: int = 0
    analysis_seconds: float = 0.0
    iterations: int = 0
    # Alias claims the final analysis state did not hold (each such copy was kept): always
    # empty unless the analysis has a bug; the tests require it to be.
    unproven_claims: list[str] = field(default_factory=list)

    def log_records(self) -> list[dict[str, Any]]:
        return [d.to_json() for d in self.diagnostics] + [d.to_json() for d in self.decisions]


def merged_reports(reports: list[RewriteReport]) -> RewriteReport:
    """One report for several modules (nested in one, or the chunks of a split input), in order."""
    return RewriteReport(
        decisions=[d for r in reports for d in r.decisions],
        diagnostics=[d for r in reports for d in r.diagnostics],
        aliased=sum(r.aliased for r in reports),
        kept=sum(r.kept for r in reports),
        analysis_seconds=sum(r.analysis_seconds for r in reports),
        iterations=sum(r.iterations for r in reports),
        unproven_claims=[p for r in reports for p in r.unproven_claims],
    )


def nothing_to_rewrite(module: ir.Module) -> RewriteReport | None:
    """The rewrite's report of a module with nothing to decide or repair
    (:func:`~stream_model.semantics.scan.rewrite_has_work`), its phase still checked (IR at
    another phase is refused, not answered); None when there is work. Light: neither the
    analysis nor sympy is imported to say it."""
    started = time.perf_counter()
    if rewrite_has_work(module):
        return None
    for scope in modules_with_functions(module):
        require_stream_phase(scope)
    return RewriteReport(analysis_seconds=time.perf_counter() - started)
