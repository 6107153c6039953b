"""slice-elision: prove IREE ``stream.async.slice`` copies safe to alias, and alias them.

The public API, importable from here (``from rewriter import compile_file``):

* :func:`compile_file` compiles as ``slice-elision compile`` does: the rewrite at the splice,
  IREE's schedule checked; :func:`check` is ``slice-elision check`` (a :class:`ScheduleReport`
  whose ``hazards`` are :class:`ScheduleCheck` s);
* :func:`elide_slices` analyses a stream-async module and rewrites the proven copies (a
  :class:`RewriteReport` of :class:`SliceDecision` s); :class:`ElideSlices` is it as a pass
  (:class:`ModulePass`: a name and ``apply(module, ctx)``); :func:`analyze` then
  :func:`apply_analysis` rewrites from an analysis the caller looked at first;
* :func:`decision_remarks` turns decisions into optimization remarks (:class:`Remark`);
* :func:`run_to_splice`, :func:`run_from_splice` and :func:`stream_pipelines` split IREE's
  stream phase at the splice for a compile the caller drives (:func:`write_for_iree` writes it);
* every error derives from :class:`SliceElisionError` (:mod:`rewriter.errors`): :class:`ModelError`
  (the IR cannot be read; :class:`WrongPhaseError` for IR before or after the stream phase),
  :class:`RewriteError`, :class:`CompileError`.
"""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from stream_model import (
        Analysis,
        AnalysisOptions,
        ModelError,
        ReasonCode,
        SliceDecision,
        SliceElisionError,
        Verdict,
        WrongPhaseError,
        analyze,
    )
    from stream_model.schedule.check import ScheduleCheck, ScheduleReport

    from .api import check, compile_file
    from .errors import CompileError, RewriteError
    from .pipeline import (
        DEFAULT_CPU_FLAGS,
        CompileResult,
        StreamPipelines,
        run_from_splice,
        run_to_splice,
        stream_pipelines,
        write_for_iree,
    )
    from .pipeline.passes import ModulePass, PassContext
    from .report.remarks import Remark, decision_remarks
    from .rewrite import RewriteReport, apply_analysis, elide_slices
    from .rewrite.passes import ElideSlices

#: Where each public name lives. Imported on first use (PEP 562): importing the package, or its
#: command line, must not import the analysis (sympy, the MLIR bindings).
_FROM = {
    **dict.fromkeys(
        (
            "Analysis",
            "AnalysisOptions",
            "ModelError",
            "ReasonCode",
            "SliceDecision",
            "SliceElisionError",
            "Verdict",
            "WrongPhaseError",
            "analyze",
        ),
        "stream_model",
    ),
    **dict.fromkeys(("ScheduleCheck", "ScheduleReport"), "stream_model.schedule.check"),
    **dict.fromkeys(("check", "compile_file"), "rewriter.api"),
    **dict.fromkeys(("CompileError", "RewriteError"), "rewriter.errors"),
    **dict.fromkeys(
        (
            "DEFAULT_CPU_FLAGS",
            "CompileResult",
            "StreamPipelines",
            "run_from_splice",
            "run_to_splice",
            "stream_pipelines",
            "write_for_iree",
        ),
        "rewriter.pipeline",
    ),
    **dict.fromkeys(("ModulePass", "PassContext"), "rewriter.pipeline.passes"),
    **dict.fromkeys(("Remark", "decision_remarks"), "rewriter.report.remarks"),
    **dict.fromkeys(("RewriteReport", "apply_analysis", "elide_slices"), "rewriter.rewrite"),
    "ElideSlices": "rewriter.rewrite.passes",
}


def __getattr__(name: str) -> Any:
    if name == "__version__":
        return _version()
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'rewriter' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


def _version() -> str:
    """The installed distribution's version (read on first use: ``importlib.metadata`` alone
    costs a compile 40 ms)."""
    from importlib.metadata import PackageNotFoundError, version

    try:
        found = version("slice-elision")
    except PackageNotFoundError:  # pragma: no cover - a source tree without an install
        found = "unknown"
    globals()["__version__"] = found
    return found


__all__ = [
    "DEFAULT_CPU_FLAGS",
    "Analysis",
    "AnalysisOptions",
    "CompileError",
    "CompileResult",
    "ElideSlices",
    "ModelError",
    "ModulePass",
    "PassContext",
    "ReasonCode",
    "Remark",
    "RewriteError",
    "RewriteReport",
    "ScheduleCheck",
    "ScheduleReport",
    "SliceDecision",
    "SliceElisionError",
    "StreamPipelines",
    "Verdict",
    "WrongPhaseError",
    "__version__",
    "analyze",
    "apply_analysis",
    "check",
    "compile_file",
    "decision_remarks",
    "elide_slices",
    "run_from_splice",
    "run_to_splice",
    "stream_pipelines",
    "write_for_iree",
]
