"""Abstract elements: one unit of analysis information about one position.

An element is identified by ``(type(element), position)`` so that asking the
solver twice for "the purity of function f" yields the same object, and so that
two different analyses can talk about the same position without colliding.
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Hashable
from typing import TYPE_CHECKING, Any, Generic, TypeVar

from .state import AbstractState, ChangeStatus

if TYPE_CHECKING:
    from .solver import Solver

S = TypeVar("S", bound=AbstractState)


class AbstractElement(ABC, Generic[S]):
    """Base class for analysis elements.

    The solver constructs elements itself, as ``cls(position)``, so subclasses
    must not add constructor parameters; anything else they need comes from the
    position or from ``solver.context``.  Subclasses provide:

    * ``create_state()`` -- the fresh (optimistic) state;
    * ``initialize(solver)`` -- optional one-off setup, e.g. settling trivially
      known facts straight to a fixpoint so dependents never wait on them;
    * ``update(solver)`` -- recompute ``state`` from other elements (queried via
      ``solver.get_element``) and return whether it changed.  It must be
      monotone: only ever move ``assumed`` towards the worst value;
    * ``describe()`` -- a one-line description for logs and results.

    Elements hash by identity; the solver guarantees one object per key.
    """

    def __init__(self, position: Hashable) -> None:
        self.position: Hashable = position
        self.state: S = self.create_state()
        # Set by indicate_optimistic_fixpoint, read and cleared by the solver around each
        # update: an optimistic fixpoint taken while inputs are unsettled is refused.
        self.optimistic_fixpoint_indicated = False

    @abstractmethod
    def create_state(self) -> S:
        """Return this element's initial state (assumed optimistic, known pessimistic)."""

    def initialize(self, solver: Solver[Any]) -> None:
        """Called once, right after creation and before the first update."""

    @abstractmethod
    def update(self, solver: Solver[Any]) -> ChangeStatus:
        """Recompute the state from the elements it depends on."""

    def describe(self) -> str:
        """Human-readable summary; override for something more specific."""
        return f"{type(self).__name__}({self.position!r}) {self.state!r}"

    @property
    def key(self) -> tuple[type[AbstractElement[S]], Hashable]:
        """The solver's identity for this element."""
        return (type(self), self.position)

    def is_at_fixpoint(self) -> bool:
        return self.state.is_at_fixpoint()

    def is_valid_state(self) -> bool:
        return self.state.is_valid_state()

    def indicate_optimistic_fixpoint(self) -> ChangeStatus:
        """Accept the assumed value as final. Inside an update this is only legal when every
        element the update read is settled (the solver raises :class:`DFXMisuseError`
        otherwise): an assumption resting on unsettled inputs may still be refuted."""
        self.optimistic_fixpoint_indicated = True
        return self.state.indicate_optimistic_fixpoint()

    def indicate_pessimistic_fixpoint(self) -> ChangeStatus:
        return self.state.indicate_pessimistic_fixpoint()

    def __repr__(self) -> str:
        return self.describe()
