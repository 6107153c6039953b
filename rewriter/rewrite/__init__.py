"""The rewrite: proven slices become aliases (:mod:`.elide`)."""

from .elide import RewriteError, RewriteReport, apply_analysis, elide_slices, merged_reports

__all__ = ["RewriteError", "RewriteReport", "apply_analysis", "elide_slices", "merged_reports"]
