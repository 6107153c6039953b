"""The rewrite: proven slices become aliases (:mod:`.elide`), as a pass (:mod:`.passes`), and
what it reports (:mod:`.report`). The names below are imported on first use (PEP 562): the
pass and the report are light, the rewrite imports the analysis."""

from __future__ import annotations

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .elide import RewriteError, apply_analysis, elide_slices
    from .report import RewriteReport, merged_reports

_FROM = {
    "RewriteError": "elide",
    "apply_analysis": "elide",
    "elide_slices": "elide",
    "RewriteReport": "report",
    "merged_reports": "report",
}


def __getattr__(name: str) -> Any:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'rewriter.rewrite' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = ["RewriteError", "RewriteReport", "apply_analysis", "elide_slices", "merged_reports"]
