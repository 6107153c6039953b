"""The fixed-point solver: lazily created elements, recorded dependences, a worklist.

Iteration model (same as IREE's ``DFX::Solver::runTillFixpoint``): an
*iteration* is one pass over a snapshot of the worklist.  Each element in the
snapshot that is not yet at a fixpoint is updated once, in worklist order.  The
next worklist is, in insertion order and without duplicates:

* every element whose update returned CHANGED (it may change again), followed
  by every element that recorded a dependence on it;
* every element created during the pass (it still needs its first update).

Elements at a fixpoint are never updated and never scheduled.  The run has
converged when the next worklist is empty.  A changed element's dependents are
re-run in the *next* pass even if they also ran later in the current one; that
costs an update but keeps the definition simple and the order deterministic.

Soundness at the end of a run:

* converged -- every element's assumed value is consistent with every other's,
  so all elements not yet at a fixpoint are promoted to an optimistic fixpoint
  (assumed becomes known), as the Attributor does;
* capped (work left after ``max_iterations`` passes) -- assumed values may rest
  on optimistic assumptions that would still have been refuted, so every
  element not at a fixpoint is forced to its pessimistic fixpoint, and so,
  transitively, is every element that recorded a dependence on a forced one.
  The fallback is the sound answer.

Phases (as IREE's solver: seeding, update, done), and the misuse each refuses:

* *seeding*, before ``run``: elements are created and scheduled;
* *update*, inside ``run``: an element that takes an **optimistic** fixpoint in an update
  that read an element not yet at a fixpoint raises :class:`DFXMisuseError`: its answer
  rests on assumptions that may still be refuted, and once fixed it is never re-run (a
  pessimistic fixpoint is always allowed: it assumes nothing);
* *done*, after ``run``: an element first asked for now is created at its **pessimistic**
  fixpoint, as the Attributor does in its manifest phase: nothing will ever update it, so
  its optimistic initial state would be an unproven claim. Query settled results with
  ``lookup`` or ``get_element`` of elements that existed during the run.

Determinism: elements, worklists and dependence lists are insertion-ordered
dicts; nothing iterates over a ``set``, so hash randomisation cannot change the
order of updates, the results or the logs.
"""

from __future__ import annotations

import logging
from collections.abc import Callable, Hashable
from dataclasses import dataclass, field
from typing import Any, Generic, TypeVar, cast, overload

from .element import AbstractElement
from .state import ChangeStatus

logger = logging.getLogger(__name__)

E = TypeVar("E", bound=AbstractElement[Any])
#: The context a solver hands its elements.
C = TypeVar("C")
_Element = AbstractElement[Any]


@dataclass(frozen=True)
class SolverResult:
    """Summary of one ``Solver.run``.

    ``iterations`` counts passes over the worklist in this run; ``elements`` is
    the total number of elements the solver holds afterwards; ``pessimised``
    holds the elements the iteration cap forced to their pessimistic fixpoint,
    in creation order then dependence order.
    """

    iterations: int
    converged: bool
    elements: int
    pessimised: tuple[AbstractElement[Any], ...] = ()


@dataclass
class _Query:
    """What the element currently initialising/updating has read so far."""

    element: _Element
    # Tracked reads of elements not yet at a fixpoint, in query order.
    reads: dict[_Element, None] = field(default_factory=dict)
    # Any read (tracked or not) of an element not yet at a fixpoint.
    read_unsettled: bool = False


class DFXMisuseError(RuntimeError):
    """An element broke the framework's contract (see the module docstring's phases)."""


class Solver(Generic[C]):
    """Runs abstract elements to a common fixed point.

    ``context`` (of type ``C``) is what elements reach as ``solver.context`` (the
    program under analysis, say), so positions can stay small hashable keys; an
    element's ``update(solver: Solver[X])`` says which context it needs.
    """

    # IREE uses 32, but it seeds most elements eagerly.  Here elements are
    # created lazily, one pass after the element that first asks for them, so a
    # dependence chain of depth d needs about 2*d passes; leave room for that.
    DEFAULT_MAX_ITERATIONS = 1024

    @overload
    def __init__(self: Solver[None], context: None = None, *, max_iterations: int = DEFAULT_MAX_ITERATIONS) -> None: ...

    @overload
    def __init__(self, context: C, *, max_iterations: int = DEFAULT_MAX_ITERATIONS) -> None: ...

    def __init__(self, context: Any = None, *, max_iterations: int = DEFAULT_MAX_ITERATIONS) -> None:
        self.context: C = context
        self.max_iterations = max_iterations
        self._elements: dict[tuple[type[_Element], Hashable], _Element] = {}
        self._dependents: dict[_Element, dict[_Element, None]] = {}
        self._worklist: dict[_Element, None] = {}
        self._stack: list[_Query] = []
        self._iterations = 0
        self._done = False  # a run has finished: new elements start pessimistic

    # -- queries -------------------------------------------------------------

    def get_element(self, cls: type[E], position: Hashable, *, track_dependence: bool = True) -> E:
        """Return the element for ``(cls, position)``, creating it on first request.

        A new element is constructed, initialised and scheduled for its first
        update.  When called from inside another element's ``initialize`` or
        ``update``, the caller is recorded as depending on the result, so it is
        re-run whenever the result's state changes -- unless
        ``track_dependence`` is False or the result is already at a fixpoint
        (it can no longer change).  Pass ``track_dependence=False`` only when
        the caller relies on nothing but the result's *known* information.

        Calling this after ``run`` (outside any element) for a key that did not
        exist yet yields an element at its *pessimistic* fixpoint: nothing will
        update it, so its optimistic initial state would be a claim nobody proved.
        """
        element = self._elements.get((cls, position))
        if element is None:
            element = self._create(cls, position)
            if self._done and not self._stack:
                element.indicate_pessimistic_fixpoint()
        if self._stack:
            query = self._stack[-1]
            if element is not query.element and not element.is_at_fixpoint():
                query.read_unsettled = True
                if track_dependence:
                    query.reads[element] = None
        return cast(E, element)

    def lookup(self, cls: type[E], position: Hashable) -> E | None:
        """The existing element for ``(cls, position)``, without creating one."""
        return cast("E | None", self._elements.get((cls, position)))

    def elements(self) -> tuple[_Element, ...]:
        """All elements, in creation order."""
        return tuple(self._elements.values())

    def dependents(self, element: _Element) -> tuple[_Element, ...]:
        """Elements that recorded a dependence on ``element``, in recording order."""
        return tuple(self._dependents.get(element, ()))

    @property
    def iterations(self) -> int:
        """Passes over the worklist performed by all runs of this solver."""
        return self._iterations

    # -- running -------------------------------------------------------------

    def run(self, max_iterations: int | None = None) -> SolverResult:
        """Iterate until no work is left or ``max_iterations`` passes have run.

        ``None`` means ``self.max_iterations``.  Every element is at a fixpoint
        when this returns (see the module docstring for which one).
        """
        if self._stack:
            raise RuntimeError("Solver.run() called from inside an element")
        cap = self.max_iterations if max_iterations is None else max_iterations
        if cap < 0:
            raise ValueError(f"max_iterations must be >= 0, got {cap}")
        passes = 0
        while True:
            pending = [e for e in self._worklist if not e.is_at_fixpoint()]
            self._worklist = {}
            if not pending:
                break
            if passes == cap:
                self._worklist = dict.fromkeys(pending)
                break
            passes += 1
            logger.debug("dfx pass %d: %d elements", passes, len(pending))
            for element in pending:
                if element.is_at_fixpoint():
                    continue
                if self._update(element) is ChangeStatus.CHANGED:
                    self._schedule(element)
                    for dependent in list(self._dependents[element]):
                        self._schedule(dependent)
        self._iterations += passes

        converged = not self._worklist
        pessimised: tuple[_Element, ...] = ()
        if converged:
            for element in self._elements.values():
                if not element.is_at_fixpoint():
                    element.indicate_optimistic_fixpoint()
        else:
            pessimised = tuple(self._pessimise_all())
            self._worklist = {}
            logger.debug("dfx hit the cap of %d passes; pessimised %d elements", cap, len(pessimised))
        self._done = True
        return SolverResult(passes, converged, len(self._elements), pessimised)

    # -- internals -----------------------------------------------------------

    def _create(self, cls: type[E], position: Hashable) -> E:
        element = cls(position)
        self._elements[(cls, position)] = element
        self._dependents[element] = {}
        self._in_query(element, element.initialize)
        self._schedule(element)
        if logger.isEnabledFor(logging.DEBUG):
            logger.debug("dfx created %s", element.describe())
        return element

    def _update(self, element: _Element) -> ChangeStatus:
        status, query = self._in_query(element, element.update)
        if not isinstance(status, ChangeStatus):
            raise TypeError(f"{type(element).__name__}.update returned {status!r}, not a ChangeStatus")
        # An update that saw only settled inputs and left its own state alone
        # would do exactly the same next time: nothing can ever re-trigger it
        # with different inputs, so its assumed value is final.
        if status is ChangeStatus.UNCHANGED and not query.read_unsettled:
            element.indicate_optimistic_fixpoint()
        if status is ChangeStatus.CHANGED and logger.isEnabledFor(logging.DEBUG):
            logger.debug("dfx changed %s", element.describe())
        return cast(ChangeStatus, status)

    def _in_query(self, element: _Element, fn: Callable[[Solver[C]], Any]) -> tuple[Any, _Query]:
        """Run ``fn(self)`` with ``element`` as the querying element.

        Dependences are committed only if ``element`` is still not at a
        fixpoint afterwards: a settled element never needs re-running.
        """
        query = _Query(element)
        was_fixed = element.is_at_fixpoint()
        element.optimistic_fixpoint_indicated = False
        self._stack.append(query)
        try:
            result = fn(self)
        finally:
            self._stack.pop()
        if not was_fixed and element.optimistic_fixpoint_indicated and query.read_unsettled:
            raise DFXMisuseError(
                f"{type(element).__name__} took an optimistic fixpoint while an element it read "
                f"was not settled: {element.describe()}"
            )
        element.optimistic_fixpoint_indicated = False
        if not element.is_at_fixpoint():
            for read in query.reads:
                self._dependents[read][element] = None
        return result, query

    def _schedule(self, element: _Element) -> None:
        if not element.is_at_fixpoint():
            self._worklist[element] = None

    def _pessimise_all(self) -> list[_Element]:
        """Force every unsettled element, and everything depending on one, pessimistic.

        With this package's states a fixed state is final, so the transitive
        step only changes custom states whose pessimistic fixpoint can still
        retract information; it is kept so the guarantee does not depend on it.
        """
        forced: dict[_Element, None] = {}
        for element in self._elements.values():
            if not element.is_at_fixpoint():
                element.indicate_pessimistic_fixpoint()
                forced[element] = None
        queue = list(forced)
        seen = set(forced)
        for element in queue:  # grows while we walk it: breadth-first
            for dependent in self._dependents[element]:
                if dependent in seen:
                    continue
                seen.add(dependent)
                queue.append(dependent)
                if dependent.indicate_pessimistic_fixpoint() is ChangeStatus.CHANGED:
                    forced[dependent] = None
        return list(forced)
