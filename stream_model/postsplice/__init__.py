"""Layer 4, what IREE makes of the module after the splice: the producers its CSE merges, the
results its canonicalizer folds into another value, the producers folding an alias may make
identical to another, and the blocks whose producers it merges across a concurrent region's
captures; one :class:`PostSplice` fact set computed from a model (z3 decides which scalars may
be made one). Imports ``ir``, ``semantics``, ``symbolic`` and ``model``."""

from .post_splice import PostSplice

__all__ = ["PostSplice"]
