"""The rewrite as a pass (:mod:`rewriter.pipeline.passes`): what the compile runs at the splice."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import TYPE_CHECKING

from iree.compiler import ir

from ..pipeline.passes import PassContext
from .report import RewriteReport, nothing_to_rewrite

if TYPE_CHECKING:
    from stream_model import AnalysisOptions

__all__ = ["ElideSlices"]


@dataclass
class ElideSlices:
    """Every slice of the module decided, and (``rewrite``) the proven ones made aliases
    (:func:`~.elide.elide_slices`). Its first step is the shared-globals repair
    (:mod:`..repair.shared_globals`): the repair and the decisions read one analysis of the
    module's calls, which says which globals share a buffer, and the decisions must be made on
    the repaired module. A module with neither a copy to decide nor a global store
    (:func:`~stream_model.semantics.scan.rewrite_has_work`) costs a walk of its ops' names: the
    analysis is not even imported. Without ``rewrite`` the module is left as it is (the log and remarks
    of ``--no-elide``). ``verified``: the compile verifies the module before and after (a hook's
    module always is). The report: a :class:`~.elide.RewriteReport`."""

    rewrite: bool = True
    options: AnalysisOptions | None = None
    verified: bool = False
    name: str = field(default="elide-slices", init=False)

    def apply(self, module: ir.Module, ctx: PassContext) -> RewriteReport:
        empty = nothing_to_rewrite(module) if self.verified else None
        if empty is not None:  # (elide_slices' own answer, without importing the analysis)
            return empty
        from .elide import elide_slices

        return elide_slices(
            module,
            apply=self.rewrite,
            options=self.options,
            source=ctx.source,
            filename=ctx.filename,
            verified=self.verified,
        )
