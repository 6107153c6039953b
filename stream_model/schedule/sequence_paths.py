"""What may run right after each event of a function's sequence of accesses with its callees'
taken in (:func:`~.global_order.taken_in`): the function's own graph of paths
(:mod:`.event_flow`), with each callee's spliced in at its call.

Both of the checks of what IREE did before the splice ask it on the user's input: the folds'
check (:mod:`.global_folds`: a write on a path back to a roll-back, a read on a path after it)
and the reorder check (:mod:`.global_order`: work every path overwrites before anything reads
it). The regions of an event's scope are read here too, as the sequence names them.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any

from .event_flow import END

if TYPE_CHECKING:
    from .global_order import Event, GlobalEvents

__all__ = ["SequencePaths", "in_an_arm", "repeats", "runs_first", "taken_in_after"]


@dataclass(frozen=True)
class SequencePaths:
    """What may run right after each event of a function's sequence with its callees' taken
    in (``was``): the function's own graph (:attr:`GlobalEvents.paths`), where a call taken in
    runs its callee's events next, and the callee's end what follows the call."""

    next: tuple[frozenset[int], ...]  # (per index of the sequence; END: the function's end)
    #: The events in an arm whose condition may differ between a loop's turns
    #: (:attr:`~.event_flow.EventFlow.varying`); a callee's, in any arm, or all of a callee
    #: called in one.
    varying: frozenset[int] = frozenset()

    @classmethod
    def of(cls, events: GlobalEvents, function: str, was: list[Event]) -> SequencePaths | None:
        """The paths of ``function``'s sequence ``was``; None where the sequence is not its
        events as :func:`~.global_order.taken_in` lays them out."""
        laid = _lay_out(events, function, was, 0)
        if laid is None or laid[1] != len(was):
            return None
        out: list[frozenset[int]] = [frozenset()] * len(was)
        varying: set[int] = set()
        _wire(events, laid[0], frozenset({END}), out, varying, was)
        return cls(tuple(out), frozenset(varying))

    def runs(self, start: int, then: int, avoiding: int | None = None) -> bool:
        """Does some path from just after event ``start`` run event ``then``, and not
        ``avoiding`` before it?"""
        return self.meets(start, then.__eq__, lambda i: i == avoiding, end=False)

    def meets(self, start: int, found: Callable[[int], bool], stops: Callable[[int], bool], end: bool) -> bool:
        """Does some path from just after event ``start`` meet an event ``found`` holds of (or,
        with ``end``, the function's end) before one ``stops`` holds of?"""
        pending, seen = list(self.next[start]), set()
        while pending:
            i = pending.pop()
            if i == END:
                if end:
                    return True
                continue
            if found(i):
                return True
            if i in seen or stops(i):
                continue
            seen.add(i)
            pending += self.next[i]
        return False


@dataclass(frozen=True)
class _Laid:
    """Where a function's events sit in a sequence with callees taken in: each own event's
    index, and the callee laid out right after each call taken in (by the call's own index)."""

    function: str
    at: list[int]
    inner: dict[int, _Laid]


def _lay_out(events: GlobalEvents, function: str, was: list[Event], cursor: int) -> tuple[_Laid, int] | None:
    """``function``'s events laid out in ``was`` from ``cursor`` on, and the index after them."""
    own = events.events.get(function)
    if own is None or events.paths.get(function) is None:
        return None
    laid = _Laid(function, [], {})
    for j, e in enumerate(own):
        if cursor >= len(was) or (was[cursor].kind, was[cursor].symbol, was[cursor].loc) != (e.kind, e.symbol, e.loc):
            return None
        laid.at.append(cursor)
        cursor += 1
        if e.kind == "call" and taken_in_after(was, cursor - 1):
            inner = _lay_out(events, e.symbol, was, cursor)
            if inner is None:
                return None
            laid.inner[j], cursor = inner
    return laid, cursor


def _wire(
    events: GlobalEvents,
    laid: _Laid,
    exits: frozenset[int],
    out: list[frozenset[int]],
    varying: set[int],
    was: list[Event],
    guarded: bool = False,
) -> None:
    """Fill ``out`` (:attr:`SequencePaths.next`) and ``varying`` (:attr:`SequencePaths.varying`) for
    ``laid``'s events, its end running ``exits`` (``guarded``: a callee's, its call in an arm)."""
    flow = events.paths[laid.function]
    callee_of_a_call = bool(laid.at) and bool(was[laid.at[0]].via)

    def placed(successors: frozenset[int]) -> frozenset[int]:
        return frozenset().union(*(exits if s == END else {laid.at[s]} for s in successors))

    for j, at in enumerate(laid.at):
        if guarded or j in flow.varying or (callee_of_a_call and in_an_arm(was[at])):
            varying.add(at)
        after = placed(flow.next[j])
        callee = laid.inner.get(j)
        if callee is None:
            out[at] = after
            continue
        callee_flow = events.paths[callee.function]
        out[at] = frozenset().union(*(after if s == END else {callee.at[s]} for s in callee_flow.entry))
        _wire(events, callee, after, out, varying, was, at in varying)


def taken_in_after(was: list[Event], i: int) -> bool:
    """Does the call ``was[i]`` have its callee's events taken in right after it?"""
    return i + 1 < len(was) and was[i + 1].via[:1] == (was[i].own_location,)


def in_an_arm(e: Event) -> bool:
    """Is ``e`` inside an arm of a structured branch (a region its op neither repeats nor runs
    first)?"""
    return any(not repeats(region) and not runs_first(region) for region in e.scope)


def repeats(region: Any) -> bool:
    """Whether a scope's region (``(number, repeats, first, op)``, or a callee's ``(via,
    region)``) may run again."""
    return bool(region[1]) if isinstance(region[0], int) else repeats(region[1])


def runs_first(region: Any) -> bool:
    """Whether a scope's region is one its op runs first, at least once."""
    return bool(region[2]) if isinstance(region[0], int) else runs_first(region[1])
