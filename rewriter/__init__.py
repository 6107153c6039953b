"""slice-elision: prove IREE ``stream.async.slice`` copies safe to alias, and alias them.

The public API, importable from here (``from rewriter import elide_slices``):

* :func:`elide_slices` analyses a stream-async module and rewrites the proven copies (a
  ``compile_file`` hook); :func:`apply_analysis` rewrites from an analysis made beforehand
  (``stream_model.analyze``) without a second one; both return a :class:`RewriteReport`;
* :func:`compile_file` runs IREE's real compile with a hook at the splice point;
  :func:`run_to_splice`, :func:`run_from_splice` and :func:`stream_pipelines` split IREE's
  stream phase there for a compile the caller drives (:func:`write_for_iree` writes the result);
* every error derives from :class:`SliceElisionError`: :class:`ModelError` (the IR cannot be
  read, :class:`WrongPhaseError` for IR before or after the stream phase), :class:`RewriteError`,
  :class:`CompileError`.
"""

from __future__ import annotations

import importlib
from importlib.metadata import PackageNotFoundError, version
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from stream_model import Analysis, AnalysisOptions, ModelError, SliceElisionError, WrongPhaseError, analyze

    from .pipeline import (
        DEFAULT_CPU_FLAGS,
        CompileError,
        StreamPipelines,
        compile_file,
        run_from_splice,
        run_to_splice,
        stream_pipelines,
        write_for_iree,
    )
    from .rewrite import RewriteError, RewriteReport, apply_analysis, elide_slices

#: Where each public name lives. Imported on first use (PEP 562): importing the package, or its
#: command line, must not import the analysis (sympy, the MLIR bindings), which the command
#: line imports only once IREE's flow phase runs beside it (see :mod:`.prefetch`).
_FROM = {
    **dict.fromkeys(
        ("Analysis", "AnalysisOptions", "ModelError", "SliceElisionError", "WrongPhaseError", "analyze"),
        "stream_model",
    ),
    **dict.fromkeys(
        (
            "DEFAULT_CPU_FLAGS",
            "CompileError",
            "StreamPipelines",
            "compile_file",
            "run_from_splice",
            "run_to_splice",
            "stream_pipelines",
            "write_for_iree",
        ),
        "rewriter.pipeline",
    ),
    **dict.fromkeys(("RewriteError", "RewriteReport", "apply_analysis", "elide_slices"), "rewriter.rewrite"),
}


def __getattr__(name: str) -> Any:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'rewriter' has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value


try:
    __version__ = version("slice-elision")
except PackageNotFoundError:  # pragma: no cover - a source tree without an install
    __version__ = "unknown"

__all__ = [
    "DEFAULT_CPU_FLAGS",
    "Analysis",
    "AnalysisOptions",
    "CompileError",
    "ModelError",
    "RewriteError",
    "RewriteReport",
    "SliceElisionError",
    "StreamPipelines",
    "WrongPhaseError",
    "__version__",
    "analyze",
    "apply_analysis",
    "compile_file",
    "elide_slices",
    "run_from_splice",
    "run_to_splice",
    "stream_pipelines",
    "write_for_iree",
]
