"""A small, generic DFX-style fixed-point framework.

Modelled on IREE's DFX framework (``iree/compiler/Dialect/Util/Analysis/DFX``),
itself a port of LLVM's Attributor: analysis facts live in *elements* keyed by
``(element class, position)``, each owning a *state* with known and assumed
information.  Elements are created lazily when first queried, queries record
dependences, and a worklist re-runs dependents until nothing changes.  The
package knows nothing about IREE or MLIR; analyses plug in by subclassing
``AbstractElement``.
"""

from .element import AbstractElement
from .solver import DFXMisuseError, Solver, SolverResult
from .state import AbstractState, BooleanState, ChangeStatus, LatticeState

__all__ = [
    "AbstractElement",
    "AbstractState",
    "BooleanState",
    "ChangeStatus",
    "DFXMisuseError",
    "LatticeState",
    "Solver",
    "SolverResult",
]
