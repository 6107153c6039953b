"""Abstract states with *known* and *assumed* information (DFX / Attributor style).

Every state carries two values:

* ``assumed`` -- the optimistic answer the fixed-point iteration currently
  works with.  It starts at the best possible value and only ever gets worse.
* ``known`` -- the answer that holds no matter how the iteration ends.  It
  starts at the worst possible value and only ever gets better.

The invariant is that ``assumed`` is always at least as good as ``known``.  A
state is *at a fixpoint* when the two coincide: nothing further can be learned,
and the solver never updates it again.  The two ways to get there mirror the
two ways an analysis can end:

* an *optimistic* fixpoint promotes ``assumed`` to ``known`` (the optimistic
  answer has been confirmed, e.g. the solver converged);
* a *pessimistic* fixpoint drops ``assumed`` to ``known`` (the optimistic answer
  can no longer be justified, so fall back to what is certain).

Once a state is at a fixpoint it is final: both ``indicate_*`` calls and further
``assumed`` updates are no-ops.  The solver's soundness argument relies on this.
"""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Callable
from typing import Generic, TypeVar

T = TypeVar("T")


class ChangeStatus(enum.Enum):
    """Whether an operation changed a state; drives the solver's re-queueing.

    ``a | b`` is CHANGED when either side is, so an update can accumulate the
    status of several sub-steps (``status |= state.set_assumed(...)``).
    """

    UNCHANGED = 0
    CHANGED = 1

    def __or__(self, other: object) -> ChangeStatus:
        if not isinstance(other, ChangeStatus):
            return NotImplemented
        if self is ChangeStatus.CHANGED or other is ChangeStatus.CHANGED:
            return ChangeStatus.CHANGED
        return ChangeStatus.UNCHANGED

    @staticmethod
    def of(changed: bool) -> ChangeStatus:
        """Convert a plain "did it change" flag."""
        return ChangeStatus.CHANGED if changed else ChangeStatus.UNCHANGED


class AbstractState(ABC):
    """The interface the solver needs from any state, nothing more."""

    @abstractmethod
    def is_valid_state(self) -> bool:
        """False once ``assumed`` is the worst value, i.e. it carries no useful fact."""

    @abstractmethod
    def is_at_fixpoint(self) -> bool:
        """True when the state can no longer change (``assumed == known``)."""

    @abstractmethod
    def indicate_optimistic_fixpoint(self) -> ChangeStatus:
        """Accept ``assumed`` as proven; ``assumed`` itself never changes here."""

    @abstractmethod
    def indicate_pessimistic_fixpoint(self) -> ChangeStatus:
        """Give up on ``assumed`` and fall back to ``known``; CHANGED iff assumed moved."""


class KnownAssumedState(AbstractState, Generic[T]):
    """A state holding its two values as ``known`` and ``assumed``: the fixpoint logic of the
    module docstring, shared by every concrete state here (subclasses define the order)."""

    __slots__ = ()
    known: T
    assumed: T

    def is_at_fixpoint(self) -> bool:
        return self.known == self.assumed

    def indicate_optimistic_fixpoint(self) -> ChangeStatus:
        self.known = self.assumed
        return ChangeStatus.UNCHANGED

    def indicate_pessimistic_fixpoint(self) -> ChangeStatus:
        changed = self.assumed != self.known
        self.assumed = self.known
        return ChangeStatus.of(changed)


class BooleanState(KnownAssumedState[bool]):
    """A single fact that is optimistically assumed to hold (e.g. "is pure").

    ``True`` is the good value.  ``assumed`` starts True and ``known`` False, so
    a fresh state is *not* at a fixpoint.  Invariant: ``known`` implies
    ``assumed``.  ``assumed`` only goes down and ``known`` only goes up; as soon
    as ``assumed`` drops to False the state equals its known value and is
    therefore automatically at its pessimistic fixpoint.
    """

    __slots__ = ("known", "assumed")

    def __init__(self, *, known: bool = False, assumed: bool = True) -> None:
        if known and not assumed:
            raise ValueError("BooleanState: known=True requires assumed=True")
        self.known = known
        self.assumed = assumed

    def set_assumed(self, value: bool) -> ChangeStatus:
        """Weaken ``assumed`` to ``assumed and value``; a known fact cannot be un-assumed.

        Passing True is always a no-op: an assumption that was dropped is never
        re-adopted, which is what keeps the iteration monotone and terminating.
        """
        new = self.assumed and (self.known or value)
        changed = new != self.assumed
        self.assumed = new
        return ChangeStatus.of(changed)

    def set_known(self) -> ChangeStatus:
        """Record that the fact is proven; reaches the optimistic fixpoint.

        Only legal while the fact is still assumed: proving something the
        iteration already gave up on would contradict what dependents were told.
        """
        if not self.assumed:
            raise ValueError("BooleanState: cannot make known a fact no longer assumed")
        self.known = True
        return ChangeStatus.UNCHANGED

    def is_valid_state(self) -> bool:
        return self.assumed

    def __eq__(self, other: object) -> bool:
        if not isinstance(other, BooleanState):
            return NotImplemented
        return (self.known, self.assumed) == (other.known, other.assumed)

    __hash__ = None  # type: ignore[assignment]  # mutable

    def __repr__(self) -> str:
        return f"BooleanState(known={self.known}, assumed={self.assumed})"


class LatticeState(KnownAssumedState[T]):
    """A value in a finite-height join-semilattice, ordered from best to worst.

    ``bottom`` is the best (most optimistic) value and where ``assumed`` starts;
    ``top`` is the worst value and where ``known`` starts (nothing is proven
    yet).  ``join`` must be the least upper bound of that order (associative,
    commutative, idempotent, with ``join(bottom, x) == x`` and
    ``join(top, x) == top``); values must support ``==``.  Finite height is what
    guarantees the iteration terminates.

    Exact semantics:

    * ``join_assumed(v)`` sets ``assumed := join(assumed, v)``, so ``assumed``
      only moves towards ``top``.  At a fixpoint it is a no-op (``known``
      clamps ``assumed``, as in the Attributor).
    * ``is_at_fixpoint()`` is ``assumed == known``; reaching ``top`` by joins is
      therefore automatically a (pessimistic) fixpoint.
    * ``indicate_optimistic_fixpoint()`` sets ``known := assumed``.
    * ``indicate_pessimistic_fixpoint()`` sets ``assumed := known``, which is
      ``top`` unless the state was already fixed (then it is a no-op).
    * ``is_valid_state()`` is ``assumed != top``.
    """

    __slots__ = ("bottom", "top", "join", "known", "assumed")

    def __init__(self, bottom: T, top: T, join: Callable[[T, T], T]) -> None:
        self.bottom = bottom
        self.top = top
        self.join = join
        self.known: T = top
        self.assumed: T = bottom

    def leq(self, a: T, b: T) -> bool:
        """``a`` is at least as good as ``b`` (lattice order derived from ``join``)."""
        return self.join(a, b) == b

    def join_assumed(self, value: T) -> ChangeStatus:
        """Make ``assumed`` account for ``value``; CHANGED iff ``assumed`` moved."""
        if self.is_at_fixpoint():
            return ChangeStatus.UNCHANGED
        new = self.join(self.assumed, value)
        changed = new != self.assumed
        self.assumed = new
        return ChangeStatus.of(changed)

    def is_valid_state(self) -> bool:
        return self.assumed != self.top

    def __repr__(self) -> str:
        return f"LatticeState(known={self.known!r}, assumed={self.assumed!r})"
