"""The analysis, warmed up while IREE's flow phase runs (the command line's idle time).

Why: the first analysis in a process pays for more than its module: lazily imported modules,
the MLIR bindings' op classes made on first use, the memos of types and expressions. Measured
on the 256-layer seed, the hook of a fresh ``slice-elision compile`` took about 240 ms where the
same hook takes about 210 ms in a process that analysed a module before. The command line
waits for ``iree-compile --compile-to=flow`` anyway (:mod:`.prefetch`), so it analyses a small
module of its own meanwhile (``warm_up.mlir``: the seed with one layer) and throws the result
away: nothing it fills changes an answer (the memos hold pure functions' results).
"""

from __future__ import annotations

import gc
from importlib.resources import files

from iree.compiler import ir

from ..rewrite.elide import elide_slices

__all__ = ["warm_up_analysis"]


def warm_up_analysis() -> None:
    """Analyse ``warm_up.mlir`` in a context of its own, rewriting nothing; then collect what it
    left, so that the collector does not do it during the user's analysis."""
    text = files(__package__).joinpath("warm_up.mlir").read_text(encoding="utf-8")
    with ir.Context() as context, ir.Location.unknown(context):
        elide_slices(ir.Module.parse(text), apply=False)
    gc.collect()
