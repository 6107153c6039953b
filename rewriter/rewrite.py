"""Turn proven-safe ``stream.async.slice`` ops into aliases of their source.

The alias is a ``stream.resource.subview %src[%offset] : T{%src_size} -> T{%length}``: it has
the same type as the slice (a slice cannot change lifetime), and, inserted right before
``iree-stream-schedule-execution``, scheduling pulls it into the execute region and allocation
folds it into the consumers' binding ranges (measured on IREE 3.13; see the project notes).
Folding the slice straight into each consumer's access range would give the same final code for
dispatch reads, but a subview serves every read-only consumer (copies, loads, transfers, nested
slices) with one rule, so it is the one form we emit. A transfer that only copies a whole
resource to the same device with the same type is replaced by its source.

All-or-nothing: decisions are computed first, then applied, then the module is verified. A
module that fails to verify before the rewrite is never touched; a rewrite that would produce
an invalid module raises :class:`RewriteError` (the compile stops and writes nothing).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from iree.compiler import ir
from iree.compiler.dialects import stream

from stream_model import Analysis, ModuleModel, SliceDecision, analyze

from .globals_fix import Diagnostic, separate_shared_globals


class RewriteError(Exception):
    """The rewrite could not be applied; the message is one line for the user."""


@dataclass
class RewriteReport:
    decisions: list[SliceDecision] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    aliased: int = 0
    kept: int = 0
    analysis_seconds: float = 0.0
    iterations: int = 0

    def log_records(self) -> list[dict]:
        return [d.to_json() for d in self.diagnostics] + [d.to_json() for d in self.decisions]


def _verify(module: ir.Module) -> bool:
    try:
        return bool(module.operation.verify())
    except ir.MLIRError:
        return False


def elide_slices(
    module: ir.Module,
    *,
    apply: bool = True,
    max_iterations: int | None = None,
    timeout_ms: int | None = None,
    source: str | None = None,
) -> RewriteReport:
    """Analyse every slice of ``module`` and, if ``apply``, replace the safe ones by subviews.

    ``source`` (the module's text, when it came from a file) only makes the log name values as
    the user wrote them.
    """
    if not _verify(module):
        raise RewriteError("the input module does not verify; refusing to rewrite it")
    started = time.perf_counter()
    model = ModuleModel(module, source)
    diagnostics = separate_shared_globals(model, fix=apply)
    if diagnostics and apply:
        model = ModuleModel(module, source)  # storage changed: model the repaired module
    options = {} if timeout_ms is None else {"timeout_ms": timeout_ms}
    analysis: Analysis = analyze(model, max_iterations=max_iterations, **options)
    report = RewriteReport(
        decisions=analysis.decisions,
        diagnostics=diagnostics,
        aliased=sum(d.decision == "alias" for d in analysis.decisions),
        kept=sum(d.decision == "keep" for d in analysis.decisions),
        analysis_seconds=time.perf_counter() - started,
        iterations=analysis.iterations,
    )
    if apply and report.aliased:
        for op, decision in zip(analysis.ops, analysis.decisions):
            if decision.decision == "alias":
                _replace_with_alias(op)
        if not _verify(module):
            raise RewriteError("internal error: the rewritten module does not verify (no output written)")
    return report


def _replace_with_alias(op: ir.Operation) -> None:
    """A slice becomes a subview of its source; a same-device, same-type transfer (a copy of
    the whole resource) becomes its source itself."""
    view = op.opview
    if op.name == "stream.async.transfer":
        op.results[0].replace_all_uses_with(view.source)
        op.erase()
        return
    with op.location, ir.InsertionPoint(op):
        sub = stream.ResourceSubviewOp(
            view.source, view.source_size, view.source_offset, view.result_size, results=[view.result.type]
        )
    op.results[0].replace_all_uses_with(sub.result)
    op.erase()
