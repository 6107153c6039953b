"""Did IREE's folds of globals before the splice keep what the program's loads read?

Two of IREE 3.13's folds delete accesses to globals by their form alone, never asking what
ran between them, and the splice shows what they deleted:

* ``EraseUnusedGlobalStoreOp`` (``util.global.store``'s canonicalizer) erases a store of a
  value loaded from the same global, as a store of what the global holds. That is so only
  when nothing wrote the global between the load and the store; with a write between, the
  store puts back the old value, and erasing it leaves the write's
  (``tests/data/global_reloads/own_load_stored_back_after_a_store.mlir``).
* ``renameChainedGlobals`` (``iree-util-fold-globals``) takes a private global ``@b`` every
  store of which stores a load of one other global ``@a`` for ``@a`` itself: it points ``@b``'s
  loads at ``@a`` and erases ``@b``. That is so only when ``@b`` holds ``@a``'s value at each of
  its loads: not before its first store when the two are not declared with one initial value
  (compared as written: one value spelled two ways counts as two), nor
  after a store of ``@a`` that no store of ``@b`` followed
  (``tests/data/global_reloads/global_chained_to_another.mlir``).

Each rule is read on the user's input and confirmed at the splice (the store gone; ``@b``
gone). A rename is seen where at least one store of ``@b`` stores a load of ``@a`` and every
other stores a value the input does not show as a load of any global (IREE may make it one
before it folds, or erase it): such a store is taken as the load IREE made of it where that
load can hold ``@a``'s value (no write of ``@a`` since the function's last load of it). A
global whose stores show no load at all is not seen.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Any

from .global_order import (
    BEFORE_THE_SPLICE,
    COMPUTED_CONSTANT,
    CONSTANT_GLOBAL,
    Event,
    GlobalEvents,
    InputFunction,
    InputOrder,
    behind_a_kept_call,
    constant_global,
    event_chain,
    input_functions,
    may_store,
    stores_fed_by,
    stores_the_same,
    touches,
)
from .sequence_paths import SequencePaths, repeats, taken_in_after

__all__ = ["GlobalFoldHazard", "chained_globals", "check_input_folds", "dropped_restores", "fused_globals"]

#: IREE's names for the two folds, as the hazards cite them.
_ERASE_STORE = "util.global.store's canonicalizer (EraseUnusedGlobalStoreOp)"
_RENAME = "iree-util-fold-globals (renameChainedGlobals)"
_FUSE = "iree-util-fuse-globals"


@dataclass(frozen=True)
class GlobalFoldHazard:
    """An access to ``global_name`` that one of IREE's folds deleted or redirected, and a
    place the program's value differs from what the fold assumed (``because``)."""

    function: str
    global_name: str
    fold: str  # which of IREE's folds
    what: str  # what it did, in words naming the accesses
    because: str  # why that changes what the program reads, naming the access that shows it
    stage: str = BEFORE_THE_SPLICE

    #: What a refusal for this class says first.
    headline = "IREE folds away an access to a global that the program's value depends on"

    def line(self) -> str:
        return f"in @{self.function}, {self.stage} ({self.fold}) {self.what}, but {self.because}"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-check",
            "check": "global-fold",
            "hazard": True,
            "function": self.function,
            "global": self.global_name,
            "fold": self.fold,
            "what": self.what,
            "because": self.because,
            "stage": self.stage,
        }


def check_input_folds(
    original: InputOrder, spliced: GlobalEvents, functions: dict[str, InputFunction] | None = None
) -> list[GlobalFoldHazard]:
    """The hazards of both folds, the user's input (``original``) against the module at the
    splice (``spliced``, its events), function by function as
    :func:`~.global_order.check_input_order` pairs them (``functions``: that pairing, made
    once for both checks)."""
    events = original.events
    functions = functions or input_functions(original, spliced)
    read = {e.symbol for sequence in events.events.values() for e in sequence if e.kind == "load" and not e.idle}
    found: list[GlobalFoldHazard] = []
    kept = {key: function.kept() for key, function in functions.items() if function.pairs is not None}
    anywhere = {chain for chains in kept.values() for chain in chains}
    for key, chains in kept.items():
        found += dropped_restores(events, key, functions[key].was, chains, read, anywhere)
    was = {key: function.was for key, function in functions.items()}
    found += chained_globals(events, spliced, was)
    return found + fused_globals(events, spliced, was, {h.global_name for h in found})


# -- a store of the global's own load, with a write between ---------------------------------


def dropped_restores(
    events: GlobalEvents,
    function: str,
    was: list[Event],
    kept: dict[tuple[str, str, str], int],
    read: set[str],
    anywhere: set[tuple[str, str, str]],
) -> list[GlobalFoldHazard]:
    """The stores of ``function`` (``was``: its events, callees taken in) that store a load of
    their own global with a write of it between, which the splice (``kept``: the input's
    events it still has) no longer has: IREE erased them as stores of what the global holds
    (``read``: the globals some function loads; ``anywhere``: the events every function the
    splice has still has, a callee's own among them).

    The write between must be one that changes the global and is still there at the splice (a
    store of the global's own value is none; a store in an ``scf.if %false`` IREE folds away
    is gone, and the erasure was right), on a path of execution from the load to the store,
    and the erased store's value must be one a later access may read: a path from it must meet
    a read or the function's end before a store that overwrites it (:class:`_RollBack`). Only a
    global some function reads can show it (IREE deletes a global nobody loads, and its stores
    with it). A write IREE erased counts where it first forwarded it to a load
    (:func:`_forwarded_then_erased`). A write listed after the roll-back may run before it on a
    loop's next turn (:func:`_write_between`).
    A value that becomes the global's load only once IREE inlines a setter or a getter is not
    looked for (docs/schedule-check.md)."""
    calls = {chain[2] for chain in kept if chain[0] == "call"}
    stays: Callable[[Event], bool] = lambda e: _stays(e, kept, calls, anywhere)  # noqa: E731
    paths: SequencePaths | None = None  # (laid out at the function's first roll-back)
    found: list[GlobalFoldHazard] = []
    for k, store in enumerate(was):
        if store.kind != "store" or store.loaded is None or store.loaded[0] != store.symbol:
            continue
        if store.symbol not in read or event_chain(store) in kept or behind_a_kept_call(store, calls):
            continue  # (IREE kept it, or it lies in a callee IREE kept: that callee's own check)
        load = _the_load(was, k, store)
        if load is None:
            continue  # (its load is not among the events: nothing is claimed)
        paths = paths or SequencePaths.of(events, function, was)
        if paths is None:
            continue  # (a callee's events not laid out as its own: nothing is claimed)
        roll_back = _RollBack(events, paths, was, load, k, stays)
        if not roll_back.read_after():
            continue  # (every path from it overwrites it before anything reads it)
        found_write = _write_between(roll_back, kept, calls)
        if found_write is None:
            continue
        between, forwarded = found_write
        if not load < between < k:
            when = "on a path of execution from the load back to the store (a loop's next turn)"
        elif forwarded is not None:
            when = f"between them (IREE forwarded it to {forwarded.describe()} and erased it)"
        else:
            when = "between them"
        write = was[between]
        found.append(
            GlobalFoldHazard(
                function,
                store.symbol,
                _ERASE_STORE,
                f"erased {store.describe()} as a store of what @{store.symbol} holds",
                f"it stores {was[load].describe()}, and {write.describe()} wrote @{store.symbol} {when}: "
                f"the store puts the loaded value back, and without it @{store.symbol} keeps what was written",
            )
        )
    return found


def _next_kept_access(events: GlobalEvents, was: list[Event], k: int) -> Event | None:
    """The first access of ``was[k]``'s global listed after it that may follow it, a callee's
    own taken in for its call, and a load nothing reads passed over (IREE deletes it)."""
    store = was[k]
    return next(
        (
            e
            for j, e in enumerate(was[k + 1 :], k + 1)
            if touches(events, e, store.symbol)
            and _may_follow(store, e)
            and not (e.kind == "call" and taken_in_after(was, j))
            and not (e.kind == "load" and e.idle)
        ),
        None,
    )


def _forwarded_then_erased(
    events: GlobalEvents, was: list[Event], i: int, k: int, stays: Callable[[Event], bool]
) -> Event | None:
    """The load IREE forwarded ``was[i]`` to, where that is a store of the global the erased
    roll-back ``was[k]`` stores that the splice no longer has: the first access of the global
    after the roll-back, a load the splice lacks, read, in the write's block and region. With
    the roll-back erased, ``iree-util-simplify-global-accesses`` forwards the write to that
    load and erases the write as one a later store overwrites (tensor campaign seed 14103)."""
    write, store = was[i], was[k]
    if write.kind != "store" or write.symbol != store.symbol or write.idle or stays(write):
        return None
    after = _next_kept_access(events, was, k)
    if (
        after is not None
        and after.kind == "load"
        and not after.idle
        and after.block == write.block
        and after.scope == write.scope
        and not stays(after)
    ):
        return after
    return None


@dataclass(frozen=True)
class _RollBack:
    """A roll-back ``was[k]`` to its load ``was[load]`` on the paths of its function's sequence
    (``stays``: does the splice still have an event)."""

    events: GlobalEvents
    paths: SequencePaths
    was: list[Event]
    load: int
    k: int
    stays: Callable[[Event], bool]

    def read_after(self) -> bool:
        """Does a path from the roll-back meet a read of its global (a load something reads, a
        call that may touch it whose callee's events are not taken in) or the function's end
        before a store that overwrites it? A module that takes a global's address: yes (a load
        through the address is no event)."""
        return self.events.indirect or self.paths.meets(self.k, self._reads, self._overwrites, end=True)

    def written_back(self, i: int) -> bool:
        """Does a path run the write ``was[i]`` after the load, then the roll-back, with neither
        the load nor a store of the roll-back's bytes between (an opaque copy of the load, which
        IREE keeps, puts it back first: review 34)?"""
        return self.paths.runs(self.load, i) and self.paths.meets(i, self.k.__eq__, self._resets, end=False)

    def _reads(self, i: int) -> bool:
        e = self.was[i]
        if not touches(self.events, e, self.was[self.k].symbol) or e.kind == "store":
            return False
        return not (e.idle if e.kind == "load" else taken_in_after(self.was, i))

    def _overwrites(self, i: int) -> bool:
        e = self.was[i]
        return e.kind == "store" and e.symbol == self.was[self.k].symbol and not e.idle and self.stays(e)

    def _resets(self, i: int) -> bool:
        """Does ``was[i]`` put the roll-back's bytes back first: the load again, or a store IREE
        keeps of the roll-back's value or of its load (a kept setter handed the load: review
        36's d_59)?"""
        if i == self.load:
            return True
        e, store = self.was[i], self.was[self.k]
        return self._overwrites(i) and (stores_the_same(e, store) or _same_load(e, store))


def _same_load(a: Event, b: Event) -> bool:
    """Do the stores ``a`` and ``b`` store one load's value: the same load, reached through the
    same calls (:attr:`Event.loaded`, :attr:`Event.loaded_at`)?"""
    if a.loaded is None or a.loaded != b.loaded:
        return False
    return a.load_via == b.load_via


def _write_between(
    roll_back: _RollBack, kept: dict[tuple[str, str, str], int], calls: set[str]
) -> tuple[int, Event | None] | None:
    """A write of the roll-back's global that changes it and that a path runs between the load
    and the roll-back (:meth:`_RollBack.written_back`), by its index: one the splice still has
    (:func:`_a_write_kept`) or, listed between the two, one IREE forwarded to a load before it
    erased it (:func:`_forwarded_then_erased`: that load comes with it). Those listed between
    come first; one listed
    elsewhere runs between on a loop's next turn: a ``cf`` loop whose header rolls the global
    back and whose body writes it (tensor campaign seed 14101), a while loop's condition and
    body, an ``scf.for`` body that rolls back, reads and writes.

    Conditions are not evaluated, so on a next turn the roll-back and the write must not sit in
    an arm of an ``scf.if`` or ``scf.index_switch`` whose condition may change from turn to turn
    (:attr:`SequencePaths.varying`; review 34: an arm for the first turn only, or the last): a path
    through them is too often one no run takes. An arm on a condition the function's entry
    block makes runs on every turn or on none (review 35's c_17)."""
    was, load, k = roll_back.was, roll_back.load, roll_back.k
    store = was[k]
    for i in _listed_between_first(load, k, len(was)):
        e = was[i]
        if _same_load(e, store) or stores_the_same(e, store):  # (one setter's store taken in at
            # two calls stores what each call hands it: tensor campaign seed 16101)
            continue  # (the roll-back's own bytes: no change)
        if not load < i < k and (k in roll_back.paths.varying or i in roll_back.paths.varying):
            continue
        forwarded = None
        if not _a_write_kept(roll_back.events, was, i, store.symbol, kept, calls):
            forwarded = _forwarded_then_erased(roll_back.events, was, i, k, roll_back.stays) if load < i < k else None
            if forwarded is None:
                continue
        if roll_back.written_back(i):
            return i, forwarded
    return None


def _listed_between_first(load: int, k: int, count: int) -> list[int]:
    """The indices of a sequence of ``count`` events, those between ``load`` and ``k`` first."""
    return [*range(load + 1, k), *(i for i in range(count) if not load <= i <= k)]


def _a_write_kept(
    events: GlobalEvents, was: list[Event], i: int, name: str, kept: dict[tuple[str, str, str], int], calls: set[str]
) -> bool:
    """Is ``was[i]`` a write of global ``name`` that changes it and that the splice still has:
    a store of another value than the global's own, or a call that may store it whose callee's
    events are not taken in after it (those are looked at one by one)?"""
    e = was[i]
    if e.kind == "store":
        return e.symbol == name and not e.idle and (event_chain(e) in kept or behind_a_kept_call(e, calls))
    return (
        e.kind == "call" and not taken_in_after(was, i) and _writes_global(events, e, name) and event_chain(e) in kept
    )


def _stays(
    e: Event, kept: dict[tuple[str, str, str], int], calls: set[str], anywhere: set[tuple[str, str, str]]
) -> bool:
    """Does the splice still have ``e``: in its function (``kept``), or, for a callee's event
    taken in through a call the splice has (``calls``), in that callee's own body there
    (``anywhere``: by the event's own location)?"""
    if event_chain(e) in kept:
        return True
    return behind_a_kept_call(e, calls) and (e.kind, e.symbol, e.own_location) in anywhere


def _may_follow(first: Event, then: Event) -> bool:
    """May ``then`` run after ``first``: its block of the function's region is one ``first``'s
    reaches (:attr:`Event.top`; the sequence lists a branch's arms one after the other, and
    an access in a sibling arm never runs after one in the other)? Unknown: yes."""
    return first.top is None or then.top is None or then.top[0] in first.top[1]


def _writes_global(events: GlobalEvents, e: Event, name: str) -> bool:
    """Does ``e`` (any event) store global ``name``: a store of it, or a call that may?"""
    return touches(events, e, name) and may_store(events, e, name)


def _the_load(was: list[Event], k: int, store: Event) -> int | None:
    """The index of the load whose value ``was[k]`` stores: the last before it at its location,
    reached through the same calls (a value crosses functions only as a setter's argument,
    :attr:`Event.loaded_at`, or a getter's result: :attr:`Event.load_via`)."""
    assert store.loaded is not None
    symbol, loc = store.loaded
    via = store.load_via
    return next(
        (
            i
            for i in range(k - 1, -1, -1)
            if was[i].kind == "load" and was[i].symbol == symbol and was[i].loc == loc and was[i].via == via
        ),
        None,
    )


# -- a global IREE takes for another ----------------------------------------------------------


def chained_globals(
    events: GlobalEvents, at_splice: GlobalEvents, sequences: dict[str, list[Event]]
) -> list[GlobalFoldHazard]:
    """Each global IREE's ``renameChainedGlobals`` took for another, gone at the splice, with a
    load of it where its value may differ from the other's (one hazard per global at most).

    ``sequences``: each function's events with its callees' taken in (the initializers
    first, in order). A global taken for one that is itself taken for a third is taken for the
    last (IREE renames again): ``@b`` is compared with that root ``@a``. Whether ``@b`` holds
    ``@a``'s value is followed through each sequence: a store to ``@b`` of a load of ``@a``
    that no write of ``@a`` separates from it makes it so where every execution runs it (in
    the function's own block, not in a region or a ``cf`` arm); a write of ``@a``, a store of
    ``@b`` of anything else, or a call that may make one and is not taken in, anywhere, unmakes
    it. At a function's entry it holds when it does at the module's start (after the
    initializers) and at every function's return, given it did at the function's entry. A
    load IREE forwards from a store of ``@b`` just before it in its block reads the stored
    value whatever the rename; a load in a region (or a ``cf`` block without one order) is
    also met by the writes after it there that nothing restores: a loop comes back to it."""
    if events.indirect:
        return []
    sequences = _entries(sequences, at_splice)
    found: list[GlobalFoldHazard] = []
    for b, a in _renamed(events, at_splice):
        initially = _same_initial(events, a, b)
        holds, why = initially, "" if initially else f"@{b} and {_named(a)} are not declared with one initial value"
        holds, why, in_initializer = _through_initializers(events, sequences, a, b, holds, why)
        everywhere = holds and all(
            _follow(events, sequence, a, b, True, "")[0]
            for key, sequence in sequences.items()
            if not key.startswith("initializer")
        )
        entry_why = why or f"a function may return with {_named(a)} written after @{b} was last stored"
        rest = (
            ", once IREE's stages made its other stores such loads or erased them" if _stores_unseen(events, b) else ""
        )
        for key, sequence in sequences.items():
            if key.startswith("initializer"):
                loaded = in_initializer[1] if in_initializer is not None and in_initializer[0] == key else None
            else:
                loaded = _follow(events, sequence, a, b, everywhere, "" if everywhere else entry_why)[2]
            if loaded is not None:
                load, reason = loaded
                found.append(
                    GlobalFoldHazard(
                        key,
                        b,
                        _RENAME,
                        f"took @{b} for {_named(a)} (every store of @{b} stores a load of {_named(a)}, or of a "
                        f"global IREE takes for it{rest}), so {load.describe()} reads {_named(a)}",
                        f"@{b} may not hold its value there: {reason}",
                    )
                )
                break
    return found


def _source(events: GlobalEvents, name: str) -> str:
    """The global a store of ``name``'s load gives its value of: an immutable private global
    with an initial value holds a constant, one IREE's folds merge with the global it outlines
    that constant into (one value, whichever spelling); any other global is itself."""
    if name.startswith(COMPUTED_CONSTANT):
        return _COMPUTED
    decl = events.declared.get(name)
    if decl is not None and decl.private and not decl.mutable and decl.initial is not None:
        return constant_global(decl.initial)
    return name


#: What a store of a value of constants stores, as IREE's folds see it: the global IREE hoists
#: the value into, merged with any other global of one value (which, the check does not know:
#: it does not compute the value). One name for all of them.
_COMPUTED = COMPUTED_CONSTANT + "constants"


def _named(a: str) -> str:
    """``@a``, or the global IREE outlines a constant into, as a person reads it."""
    if a == _COMPUTED:
        return "the global IREE 3.13 hoists a value of constants into"
    if a.startswith(CONSTANT_GLOBAL):
        return f"the global IREE 3.13 outlines the constant {a[len(CONSTANT_GLOBAL) :]} into"
    return f"@{a}"


def _entries(sequences: dict[str, list[Event]], at_splice: GlobalEvents) -> dict[str, list[Event]]:
    """The sequences of the initializers and of the functions the splice still has: one it no
    longer has was inlined into its callers, whose sequences hold its accesses, or is dead."""
    return {
        key: sequence
        for key, sequence in sequences.items()
        if key.startswith("initializer") or key in at_splice.functions or key + "$async" in at_splice.functions
    }


def _through_initializers(
    events: GlobalEvents, sequences: dict[str, list[Event]], a: str, b: str, holds: bool, why: str
) -> tuple[bool, str, tuple[str, tuple[Event, str]] | None]:
    """Whether ``@b`` holds ``@a``'s value once the initializers ran (in order), why not, and
    the first initializer's load of ``@b`` where it may not (with the initializer)."""
    found: tuple[str, tuple[Event, str]] | None = None
    for key, sequence in sequences.items():
        if key.startswith("initializer"):
            holds, why, loaded = _follow(events, sequence, a, b, holds, why)
            found = found or (None if loaded is None else (key, loaded))
    return holds, why, found


def _renamed(events: GlobalEvents, at_splice: GlobalEvents) -> Iterable[tuple[str, str]]:
    """The pairs ``(b, a)``: ``@b`` private (mutable or not: IREE renames both), loaded, every
    store of it a store of a load of one other global in the input, and gone at the splice;
    ``@a`` that global, or the global IREE takes it for in turn. Stores IREE erases before it
    renames are not asked: a store of the global's own value, and one the next access of the
    global in its block overwrites.

    A store of a value the input does not show as a load (a loop's carried value, a region's
    result, a setter's argument) does not stop the pair where the other stores all store loads
    of ``@a``: IREE's stages before the fold made it one (inlining, folding a loop of one
    iteration) or erased it (a loop of none), and ``@b`` gone at the splice confirms the fold.
    Such a store is taken as IREE made it, a store of a load of ``@a``, where that can be
    ``@a``'s value then (:func:`_unshown_restores`: no write of ``@a`` before it, or a load of
    ``@a`` after the last); after a write of ``@a`` with no load since, it breaks. A chain
    follows every global gone at the splice (IREE renames each in turn)."""
    stores: dict[str, set[str | None]] = {}
    through_getters: dict[str, set[str]] = {}
    loaded: set[str] = set()
    for sequence in events.events.values():
        overwritten = _overwritten_next(sequence)
        for i, e in enumerate(sequence):
            if e.kind == "store" and not e.idle and i not in overwritten:
                stores.setdefault(e.symbol, set()).add(_source(events, e.loaded[0]) if e.loaded is not None else None)
                if e.loaded is not None and e.loaded_through is not None:
                    through_getters.setdefault(e.symbol, set()).add(_source(events, e.loaded[0]))
            elif e.kind == "load" and not e.idle:
                loaded.add(e.symbol)
    source: dict[str, str] = {}
    for b, sources in stores.items():
        decl = events.declared.get(b)
        known = sources - {None}
        if len(known) > 1:
            # (A value of constants may be any other constant: IREE merges globals of one value.
            # Beside a store of another source it stands for that one, as an unshown store does.)
            known -= {_COMPUTED}
        if len(known) > 1 and len(direct := known - through_getters.get(b, set())) == 1:
            # (A getter's load of another global may be one IREE takes for the direct source in
            # turn: review 46, @b stored @a's value through a getter and @c's, IREE took all three
            # for one. The getter's store is then taken as one of no load, as an unshown store.)
            known = direct
        if decl is None or not decl.private or len(known) != 1 or b in known:
            continue
        (a,) = known
        assert a is not None
        source[b] = a
    for b, a in source.items():
        seen = {b}
        while a in source and a not in seen and _renamed_in_turn(events, at_splice, a):
            seen.add(a)
            a = source[a]
        if b in loaded and b not in at_splice.declared and a != b:
            yield b, a


def _renamed_in_turn(events: GlobalEvents, at_splice: GlobalEvents, a: str) -> bool:
    """Did IREE take ``@a`` (every store of it a load of one other global, or a value the input
    shows as no load) for that global in turn? It is gone at the splice."""
    return a not in at_splice.declared


def _stores_unseen(events: GlobalEvents, b: str) -> bool:
    """Does some store of ``@b`` store a value the input does not show as a load?"""
    return any(
        e.kind == "store" and e.symbol == b and not e.idle and e.loaded is None
        for sequence in events.events.values()
        for e in sequence
    )


def _overwritten_next(sequence: list[Event]) -> set[int]:
    """The stores of ``sequence`` (a function's own events; by index) followed in their block,
    with no call between, by another store of their global, whatever loads of it come between:
    IREE forwards the stored value to a load in its block (and deletes a load nothing reads),
    then erases the store (the tensor campaign, seed 7071: a store of zeros, an unused load, a
    store of a constant, and IREE took the global for the constant; review 16: the load
    returned, or stored to another global, alike). One walk from the end: what a store is
    followed by is known from the events after it, up to the end of its block's run."""
    out: set[int] = set()
    stored_later: set[str] = set()  # (globals stored later in the run of one block, no call between)
    for i in range(len(sequence) - 1, -1, -1):
        e = sequence[i]
        if i + 1 < len(sequence) and (sequence[i + 1].kind == "call" or sequence[i + 1].block != e.block):
            stored_later = set()
        if e.kind == "store":
            if e.symbol in stored_later:
                out.add(i)
            if not e.idle:  # (a store of the global's own load IREE erases: it overwrites nothing)
                stored_later.add(e.symbol)
    return out


def _same_initial(events: GlobalEvents, a: str, b: str) -> bool:
    """Do ``@a`` and ``@b`` start from one value, as printed (a constant's global starts from
    the constant)?"""
    second = events.declared.get(b)
    if a.startswith(CONSTANT_GLOBAL):
        return second is not None and second.initial == a[len(CONSTANT_GLOBAL) :]
    first = events.declared.get(a)
    return first is not None and second is not None and first.initial is not None and first.initial == second.initial


def _follow(
    events: GlobalEvents, sequence: list[Event], a: str, b: str, holds: bool, why: str
) -> tuple[bool, str, tuple[Event, str] | None]:
    """Whether ``@b`` holds ``@a``'s value after ``sequence`` (given ``holds`` before it, and
    ``why`` not), and the first non-idle load of ``@b`` where it may not, with why."""
    first: tuple[Event, str] | None = None
    for k, e in enumerate(sequence):
        if (
            e.kind == "load"
            and e.symbol == b
            and _reads(e, sequence)
            and first is None
            and not _forwarded(events, sequence, k)
        ):
            if not holds:
                first = (e, why)
            elif (again := _next_turn_breaks(events, sequence, k, a, b)) is not None:
                first = (
                    e,
                    f"{again.describe()} writes @{a if _writes_global(events, again, a) else b} after it in a "
                    "region around both (or a block without one order), and a loop comes back to the load",
                )
        elif _restores_everywhere(events, sequence, k, a, b):
            holds, why = True, ""
        elif _breaks(events, sequence, k, a, b):
            holds, why = (
                False,
                f"{e.describe()} wrote {_named(a) if _writes_global(events, e, a) else '@' + b} after @{b} was last stored",
            )
    return holds, why, first


def _reads(load: Event, sequence: list[Event]) -> bool:
    """Can what the load ``load`` reads be seen: its value is read, and not only by stores of
    its own global of the value itself (:attr:`Event.stored_back`), nor only by stores of its
    own global that the next access of it in their block overwrites, unread
    (:attr:`Event.feeds_own_stores`, :func:`_overwritten_unread`: tensor campaign seed 16101,
    an inlined helper's doubling, then a constant stored over it)? A store of the value itself
    is a write the walk meets in its place: where the load read another value than the
    program's, the store puts back the program's, not ``@a``'s, and breaks the pair there
    (:func:`_breaks`); a load after it is asked."""
    if load.idle or load.stored_back:
        return False
    if not load.fed:
        return True
    fed = stores_fed_by(load, sequence)
    return fed is None or not all(_overwritten_unread(sequence, i) for i in fed)


def _overwritten_unread(sequence: list[Event], i: int) -> bool:
    """Is the store ``sequence[i]`` followed in its block and region, with no call between, by
    another store of its global that changes it, with no load of it that something reads
    between (one that reads nothing may sit anywhere): what it stores is never read?"""
    store = sequence[i]
    for e in sequence[i + 1 :]:
        if e.kind == "call":
            return False
        if e.symbol != store.symbol or (e.kind == "load" and e.idle):
            continue
        if e.kind == "load" or e.block != store.block or e.scope != store.scope:
            return False
        return not e.idle and e.ordered and store.ordered
    return False


def _forwarded(events: GlobalEvents, sequence: list[Event], k: int) -> bool:
    """Does IREE forward the load ``sequence[k]`` from a store of its global just before it in
    its block (``iree-util-simplify-global-accesses``: the last access of the global before
    it there is a store, no call IREE keeps between)? One block, or a block and the one it
    alone follows, or an inlined callee's entry block and its call's (IREE merges them first:
    :attr:`Event.block`)."""
    load = sequence[k]
    for i in range(k - 1, -1, -1):
        e = sequence[i]
        if e.kind == "call":
            if not taken_in_after(sequence, i) or e.symbol in events.kept_out:
                return False  # (a call IREE keeps ends the pass's sequence)
            continue  # (an inlined callee's accesses are in the sequence)
        if touches(events, e, load.symbol):
            return e.kind == "store" and e.block == load.block and not _of_its_own_load(e)
    return False


def _of_its_own_load(store: Event) -> bool:
    """Does ``store`` store a load of its own global? Once IREE takes the global for another,
    that load reads the other's value, and so does a load forwarded from the store."""
    return store.loaded is not None and store.loaded[0] == store.symbol


def _next_turn_breaks(events: GlobalEvents, sequence: list[Event], k: int, a: str, b: str) -> Event | None:
    """A write after the load ``sequence[k]`` that a loop around both may carry back to it: in
    the same outermost region (or, both, in blocks without one order), with no store of ``@b``
    restoring ``@a``'s value after it in the load's own block."""
    load = sequence[k]
    last: Event | None = None
    for i in range(k + 1, len(sequence)):
        e = sequence[i]
        if not _shares_a_region(e, load):
            continue
        if e.ordered and e.scope == load.scope and e.via == load.via and _restores_from(sequence, i, events, a, b):
            last = None
        elif _breaks(events, sequence, i, a, b):
            last = e
    return last


def _restores_everywhere(events: GlobalEvents, sequence: list[Event], k: int, a: str, b: str) -> bool:
    """Is ``sequence[k]`` a store that makes ``@b`` hold ``@a``'s value, run by every execution
    of its function (ordered, in no region: a store in an arm or a loop body may not run)?"""
    e = sequence[k]
    return e.ordered and not e.scope and _restores_from(sequence, k, events, a, b)


def _breaks(events: GlobalEvents, sequence: list[Event], k: int, a: str, b: str) -> bool:
    """Does ``sequence[k]`` make ``@b`` differ from ``@a`` (where they were equal)?"""
    e = sequence[k]
    if e.kind == "store":
        return e.symbol == a or (e.symbol == b and not _restores_from(sequence, k, events, a, b))
    if e.kind != "call":
        return False
    return not taken_in_after(sequence, k) and (_writes_global(events, e, a) or _writes_global(events, e, b))


def _restores_from(sequence: list[Event], k: int, events: GlobalEvents, a: str, b: str) -> bool:
    """Is ``sequence[k]`` a store of ``@b`` of a load of ``@a`` that no write of ``@a``
    separates from it (of the constant ``@a`` stands for)?"""
    store = sequence[k]
    if store.kind != "store" or store.symbol != b:
        return False
    source = _source(events, store.loaded[0]) if store.loaded is not None else None
    if source is None or (source == _COMPUTED and a != _COMPUTED):
        return _unshown_restores(sequence, k, events, a)  # (a value of constants may be @a's: as unshown)
    if source != a:
        return False
    if a.startswith(CONSTANT_GLOBAL):
        return True  # (a constant is the same value wherever it is stored)
    load = _the_load(sequence, k, store)
    return load is not None and not any(_writes_global(events, e, a) for e in sequence[load + 1 : k])


def _unshown_restores(sequence: list[Event], k: int, events: GlobalEvents, a: str) -> bool:
    """Is the store ``sequence[k]`` of a value the input shows as no load (:func:`_renamed`:
    IREE made it a load of ``@a``, or the store went) taken to store ``@a``'s value? Where no
    write of ``@a`` comes before it in the sequence, or a load of ``@a`` comes after the last
    such write: the value IREE made a load of can then be ``@a``'s value now. A write of ``@a``
    with no load after it (the old value stored through a setter, a loop of one, a getter
    called before the write: review 14) breaks. Not told apart: an old load stored where an
    unrelated load of ``@a`` follows the write."""
    last = max((i for i in range(k) if _writes_global(events, sequence[i], a)), default=-1)
    return last < 0 or any(e.kind == "load" and _source(events, e.symbol) == a for e in sequence[last + 1 : k])


def _shares_a_region(write: Event, load: Event) -> bool:
    """May ``write`` run between two runs of ``load``: both inside one region a loop runs again
    (or, both, in blocks without one order: a ``cf`` loop, or arms the check does not tell
    apart)?"""
    if not write.ordered and not load.ordered:
        return True
    for mine, theirs in zip(write.scope, load.scope):
        if mine != theirs:
            return False
        if repeats(mine):
            return True
    return False


# -- globals stored one value in every block the fuse reads --------------------------------


def fused_globals(
    events: GlobalEvents, at_splice: GlobalEvents, sequences: dict[str, list[Event]], reported: set[str]
) -> list[GlobalFoldHazard]:
    """Each global ``@b`` IREE's ``iree-util-fuse-globals`` took for another, ``@a``, though a
    store in a region gives ``@b`` a value ``@a`` is not given there (one hazard per global;
    none for a global in ``reported``, already shown by another fold).

    The pass fuses two private globals that, in every block of a function's own region that
    stores either, are stored one SSA value; it reads no store in a region (an ``scf.if`` arm,
    a loop body). A store there is then lost with ``@b`` (``@a`` and ``@b`` stored one value in
    the initializer, ``@b`` doubled in an arm: stock's later loads of ``@b`` read ``@a``'s value,
    ``tests/data/global_reloads/global_fused_with_another_stored_apart_in_an_arm.mlir``).
    Read on ``sequences`` (each function's events with its callees' taken in: IREE inlines them
    before the pass; a kept callee's events are its own function's), and confirmed at the
    splice: ``@b`` gone, ``@a`` there, and ``@b`` loaded in the input (a global never loaded
    IREE drops, fused or not). A module that takes a global's address is read too: IREE folds a
    load through an address taken in its function into a direct load and fuses the global like
    any other, and an address that escapes keeps its global there (review 48's p28). A store in
    a region is not taken as set apart where its value is a load of the other (a rename's,
    :func:`chained_globals`), where the region's block stores the other as well, or where
    stores of one value to both overwrite it, no load between. A store of the other of the same
    value elsewhere does not count: on another path the two differ (review 48's p03, one value
    stored to each in the two arms of one ``scf.if``). (Not told apart: a block that stores
    both different values, or stores them after a load that reads the difference; a global read
    only through its address, which has no load here.)"""
    gone = {name for name in events.declared if name not in at_splice.declared}
    if not gone:
        return []  # (the common case, on every compile: nothing to read further)
    sequences = _entries(sequences, at_splice)
    kept = {
        e.own_location
        for seq in events.events.values()
        for e in seq
        if e.kind == "call" and e.symbol in events.kept_out
    }
    visible = {key: [e for e in seq if not any(v in kept for v in e.via)] for key, seq in sequences.items()}
    loaded = {e.symbol for seq in visible.values() for e in seq if e.kind == "load" and not e.idle}
    together = _stored_together(visible)
    found: list[GlobalFoldHazard] = []
    for b, partners in sorted(together.items()):
        if b in reported or b not in gone or b not in loaded or not _private(events, b):
            continue
        kept_partners = sorted(
            a for a in partners if a != b and a in at_splice.declared and b in together.get(a, set())
        )
        if not kept_partners:
            continue
        a = kept_partners[0]
        lost = _stored_apart_in_a_region(events, visible, a, b)
        if lost is not None:
            key, store = lost
            found.append(
                GlobalFoldHazard(
                    key,
                    b,
                    _FUSE,
                    f"took @{b} for @{a} (in every block of a function's own region that stores either, the "
                    "two are stored one value)",
                    f"{store.describe()} stores @{store.symbol} in a region, which that pass does not read, a "
                    f"value @{b if store.symbol == a else a} is not given there",
                )
            )
    return found


def _stored_together(sequences: dict[str, list[Event]]) -> dict[str, set[str]]:
    """Per global stored in a block of a function's own region: the globals stored the same
    value as it in every such block that stores it (itself included), as the fuse pass reads
    the blocks."""
    together: dict[str, set[str]] = {}
    for sequence in sequences.values():
        by_block: dict[Any, dict[int, set[str]]] = {}
        for e in sequence:
            if e.kind == "store" and not e.scope:
                by_block.setdefault(e.block, {}).setdefault(e.value, set()).add(e.symbol)
        for values in by_block.values():
            for stored in values.values():
                for g in stored:
                    together[g] = together[g] & stored if g in together else set(stored)
    return together


def _private(events: GlobalEvents, name: str) -> bool:
    decl = events.declared.get(name)
    return decl is not None and decl.private


def _stored_apart_in_a_region(
    events: GlobalEvents, sequences: dict[str, list[Event]], a: str, b: str
) -> tuple[str, Event] | None:
    """A store of ``@a`` or ``@b`` in a region that sets one apart (:func:`fused_globals`),
    with its function; None if none."""
    for key, sequence in sequences.items():
        for i, e in enumerate(sequence):
            if e.kind != "store" or not e.scope or e.idle or e.symbol not in (a, b):
                continue
            other = b if e.symbol == a else a
            if e.loaded is not None and _source(events, e.loaded[0]) == _source(events, other):
                continue
            if _block_stores_the_other(sequence, e, other):
                continue
            if not _overwritten_by_both(events, sequence, i, a, b):
                return key, e
    return None


def _block_stores_the_other(sequence: list[Event], store: Event, other: str) -> bool:
    """Does the block ``store`` is in store ``@other`` too (on the same paths, then)?"""
    return any(
        f.kind == "store" and f.symbol == other and (f.scope, f.block) == (store.scope, store.block) for f in sequence
    )


def _overwritten_by_both(events: GlobalEvents, sequence: list[Event], i: int, a: str, b: str) -> bool:
    """Is ``sequence[i]`` followed, at the function's top level, by stores of one value to both
    ``@a`` and ``@b``, with no load of either and no call that may touch either before them?"""
    stored: dict[int, set[str]] = {}
    for e in sequence[i + 1 :]:
        if e.kind == "call" and (touches(events, e, a) or touches(events, e, b)):
            return False
        if e.kind == "load" and e.symbol in (a, b) and not e.idle:
            return False
        if e.kind == "store" and e.symbol in (a, b) and not e.scope and e.ordered:
            stored.setdefault(e.value, set()).add(e.symbol)
            if stored[e.value] == {a, b}:
                return True
    return False
