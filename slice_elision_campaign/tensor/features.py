"""The shape features of a program: which of the shapes IREE 3.13 is known to get wrong
(``tests/data/global_reloads``) it holds. The campaign's summary groups stock faults by them,
so that a thousand programs meeting one IREE fault count as one fault.

A third walk (:mod:`.walk`), whose values are provenance records: where a tensor comes from (a
mutable global's load, a constant, an immutable global's load, anything else), so that "an
insert into a loaded global, then a reload of that global in an arm" can be told from "an
insert into a fresh sum". Both arms of an ``scf.if`` and one iteration of a loop are walked.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field, replace

from .program import WRITERS, Program
from .walk import Index, ResolvedHelper, Walker

#: The features that say which IREE fault a stock fault likely is (the signature's part).
HAZARD_FEATURES = (
    "constant-written",
    "global-written-in-place",
    "reload-after-in-place-write",
    "reload-in-region-after-in-place-write",
    "reload-in-callee-after-in-place-write",
    "callee-writes-loaded-global",
    "callee-writes-argument",
    "reload-across-storing-region",
    "store-forwarded-across-region",
    "store-over-region-read",
    "blocks-out-of-order",
    "own-load-stored-back-after-a-store",
    "global-chained-to-another",
    "carried-loop-may-not-turn",
    "globals-stored-only-in-regions",
)


@dataclass(frozen=True)
class Prov:
    """Where a value comes from: ``global`` (a mutable global's load), ``constant`` (a constant
    or an immutable global's load), ``other``; and the global."""

    source: str = "other"
    global_: int = -1
    #: A loop's carried value, in the loop's body (a mark: a value is the same value carried).
    carried: bool = field(default=False, kw_only=True, compare=False)


@dataclass
class _Shapes:
    program: Program
    found: set[str] = field(default_factory=set)
    written: set[int] = field(default_factory=set)  # globals whose loaded value was written in place
    loaded: set[int] = field(default_factory=set)
    depth: int = 0
    #: Per open region level: its events ("load"/"store", global) or ("region", loads, stores).
    levels: list[list[tuple]] = field(default_factory=lambda: [[]])
    closed: list[list[tuple]] = field(default_factory=list)  # the levels of regions walked
    #: The depth of the ``scf.while`` condition region being walked, at its top (-1: none).
    condition_at: int = -1
    #: Per global stored: the global whose load each store stores (-1: any other value).
    stored_from: dict[int, set[int]] = field(default_factory=dict)

    def _event(self, kind: str, g: int) -> None:
        self.levels[-1].append((kind, g))

    def _read(self, g: int, via_callee: bool = False) -> None:
        if g in self.written:
            self.found.add("reload-after-in-place-write")
            if self.depth:
                self.found.add("reload-in-region-after-in-place-write")
            if via_callee:
                self.found.add("reload-in-callee-after-in-place-write")
        self.loaded.add(g)
        self._event("load", g)

    def _write(self, dest: Prov) -> None:
        if dest.source == "constant":
            self.found.add("constant-written")
        elif dest.source == "global":
            self.found.add("global-written-in-place")
            self.written.add(dest.global_)

    def load(self, g: int) -> Prov:
        self._read(g)
        return Prov("global" if self.program.globals_[g].mutable else "constant", g)

    def store(self, value: Prov, g: int) -> None:
        loaded = value.global_ if value.source in ("global", "constant") else -1
        if loaded == g and any(("store", g) in events for events in self.closed + self.levels):
            self.found.add("own-load-stored-back-after-a-store")
        if self.depth == self.condition_at:
            self.found.add("store-in-while-condition")
        self.stored_from.setdefault(g, set()).add(loaded)
        self._event("store", g)

    def const(self, values: tuple[int, ...], unfoldable: bool) -> Prov:
        return Prov("constant")

    def insert_row(self, dest: Prov, size: int, row: Prov, offset: Index[Prov]) -> Prov:
        self._offset(offset)
        self._write(dest)
        return Prov()

    def _offset(self, offset: Index[Prov]) -> None:
        if offset.value is not None:
            self.found.add("index-offset")

    def extract_row(self, source: Prov, size: int, offset: Index[Prov]) -> Prov:
        self._offset(offset)
        return Prov()

    def extract_half(self, source: Prov, offset: int) -> Prov:
        return Prov()

    def extract(self, source: Prov, size: int, offset: Index[Prov]) -> Prov:
        self._offset(offset)
        return Prov()

    def insert_scalar(self, dest: Prov, size: int, scalar: Prov | None, value: int, offset: Index[Prov]) -> Prov:
        self._offset(offset)
        self._write(dest)
        return Prov()

    def add(self, lhs: Prov, rhs: Prov, size: int, generic: bool) -> Prov:
        self.found.add("generic" if generic else "addi")
        return Prov()

    def same(self, value: Prov, size: int, how: int) -> Prov:
        self.found.add("idempotent-op")
        return value  # (MLIR folds it to the value: the same load, the same constant)

    def barrier(self, value: Prov, size: int) -> Prov:
        self.found.add("barrier")
        if value.carried:
            self.found.add("barrier-on-a-carried-value")
        return Prov()  # (no fold sees through it)

    def fill(self, dest: Prov, size: int, value: int) -> Prov:
        self.found.add("fill")
        self._write(dest)
        return Prov()

    def zero(self, size: int) -> Prov:
        return Prov("constant")

    def _region(self, kind: str, run: Callable[[], Prov | None]) -> Prov | None:
        self.found.add(kind)
        self.depth += 1
        self.levels.append([])
        result = run()
        events = self.levels.pop()
        self.closed.append(events)
        self.depth -= 1
        loads = {g for e in events for g in ([e[1]] if e[0] == "load" else e[1] if e[0] == "region" else [])}
        stores = {g for e in events for g in ([e[1]] if e[0] == "store" else e[2] if e[0] == "region" else [])}
        self.levels[-1].append(("region", loads, stores))
        return result

    def for_(
        self, trip: Index[Prov], init: Prov | None, size: int | None, body: Callable[[Prov, Prov | None], Prov | None]
    ) -> Prov | None:
        if trip.value is not None:
            self.found.add("index-trip")
            if init is not None:
                self.found.add("carried-loop-may-not-turn")
        return self._region("for", lambda: body(Prov(), None if init is None else replace(init, carried=True)))

    def while_(
        self,
        trip: Index[Prov],
        init: Prov,
        size: int,
        before: Callable[[Prov, Prov], Prov],
        after: Callable[[Prov, Prov], Prov],
        cf: bool,
    ) -> Prov:
        if trip.value is not None:
            self.found.add("index-trip")
            self.found.add("carried-loop-may-not-turn")
        if cf:
            self.found.add("cf-loop")

        def both() -> Prov:
            self.condition_at = self.depth
            carried = before(Prov(), replace(init, carried=True))
            self.condition_at = -1
            after(Prov(), replace(carried, carried=True))
            return Prov()

        return self._region("while", both) or Prov()

    def if_(
        self,
        cond: Prov | None,
        static: bool,
        size: int | None,
        then: Callable[[], Prov | None],
        else_: Callable[[], Prov | None],
        cf: str,
    ) -> Prov | None:
        def both() -> Prov | None:
            return self._merged(then(), else_())

        kind = "if" if cond is not None else "if-constant"
        if cf == "cf.switch":
            self.found.add("cf-switch")
        return self._region(f"cf-{kind}" if cf else kind, both)

    def _merged(self, a: Prov | None, b: Prov | None) -> Prov | None:
        """What an ``scf.if``'s result is, its arms yielding ``a`` and ``b``."""
        return a if a == b else Prov()

    def block(self) -> None:
        self.found.add("cf-block")

    def call(self, helper: ResolvedHelper, args: list[Prov]) -> Prov | None:
        self.found.add(f"call-{helper.kind}")
        if helper.never_inline:
            self.found.add("never-inline")
        g = helper.global_
        if helper.kind in ("get", "get-if"):
            self._read(g, via_callee=True)
            return Prov("global" if self.program.globals_[g].mutable else "constant", g)
        if helper.kind in WRITERS:
            if g in self.loaded:
                self.found.add("callee-writes-loaded-global")
            if helper.kind != "set":
                self._read(g, via_callee=True)
            self._event("store", g)
        if helper.kind == "insert":
            if args[0].source in ("global", "constant"):
                self.found.add("callee-writes-argument")
                self._write(args[0])
            return Prov()
        return None

    def patterns(self) -> None:
        """The orders of accesses across a region, at every level walked."""
        for events in self.closed + self.levels:
            for i, e in enumerate(events):
                if e[0] != "region":
                    continue
                before, after = events[:i], events[i + 1 :]
                for g in e[2]:
                    if ("load", g) in before and ("load", g) in after:
                        self.found.add("reload-across-storing-region")
                    if ("store", g) in before and ("load", g) in after:
                        self.found.add("store-forwarded-across-region")
                for g in e[1]:
                    if ("store", g) in before and ("store", g) in after:
                        self.found.add("store-over-region-read")


def features(p: Program) -> frozenset[str]:
    """Every feature of ``p`` (:data:`HAZARD_FEATURES` and the statement kinds it holds)."""
    found: set[str] = set()
    stored_from: dict[int, set[int]] = {}
    for fn in p.functions:
        shapes = _Shapes(p)
        Walker(p, shapes).function(fn, [Prov() for _ in fn.params])
        shapes.patterns()
        found |= shapes.found
        for g, sources in shapes.stored_from.items():
            stored_from.setdefault(g, set()).update(sources)
        if fn.blocks_reversed and shapes.found & {"cf-block", "cf-if", "cf-if-constant"}:
            found.add("blocks-out-of-order")
    if _stored_with_another_and_apart(p):
        found.add("global-stored-with-another-and-apart-in-a-region")
    if _stored_only_in_regions(p):
        found.add("globals-stored-only-in-regions")
    if p.abi:
        found.add("abi")
    if p.spelled:
        found.add("spelled-constants")
    # (IREE's renameChainedGlobals: every store of a global stores a load of one other)
    if any(len(sources) == 1 and -1 not in sources and g not in sources for g, sources in stored_from.items()):
        found.add("global-chained-to-another")
    return frozenset(found)


def hazard_features(p: Program) -> tuple[str, ...]:
    """The features of ``p`` that name an IREE fault, sorted (a stock fault's signature)."""
    return tuple(sorted(features(p) & set(HAZARD_FEATURES)))


@dataclass(frozen=True)
class _Constant(Prov):
    """A constant by what it holds (``values``, or ``("global", k)`` for an immutable
    global's load): IREE folds equal constants in one function into one value."""

    values: tuple = ()


class _ConstantStores(_Shapes):
    """The provenance walk as IREE's folds see constants: a constant keeps what it holds; a
    global no function stores is a constant (IREE makes it immutable); a load of a global
    after a store of a constant into it is the last constant stored (IREE forwards it, across
    regions that store something else too); an arm's result is the constant of either arm."""

    def __init__(self, program: Program, never_stored: frozenset[int]) -> None:
        super().__init__(program)
        self.never_stored = never_stored
        self.stored: dict[int, set[_Constant]] = {}
        self.latest: dict[int, _Constant] = {}
        self.writes: set[int] = set()

    def const(self, values: tuple[int, ...], unfoldable: bool) -> Prov:
        return _Constant("constant", -1, values)

    def load(self, g: int) -> Prov:
        prov = super().load(g)
        if not self.program.globals_[g].mutable or g in self.never_stored:
            return _Constant("constant", g, ("global", g))
        return self.latest.get(g, prov)

    def store(self, value: Prov, g: int) -> None:
        super().store(value, g)
        self._stored(value, g)

    def call(self, helper: ResolvedHelper, args: list[Prov]) -> Prov | None:
        result = super().call(helper, args)
        if helper.kind in WRITERS:
            self._stored(args[0] if helper.kind == "set" else Prov(), helper.global_)
        return result

    def _stored(self, value: Prov, g: int) -> None:
        self.writes.add(g)
        if isinstance(value, _Constant):
            self.stored.setdefault(g, set()).add(value)
            self.latest[g] = value

    def _merged(self, a: Prov | None, b: Prov | None) -> Prov | None:
        constant = next((arm for arm in (a, b) if isinstance(arm, _Constant)), None)
        return constant or super()._merged(a, b)


class _Stores(_Shapes):
    """The provenance walk, noting each store: at a function's top level, which globals one
    value (the same object) is stored to; and the globals stored in a region."""

    def __init__(self, program: Program) -> None:
        super().__init__(program)
        self.top: dict[int, set[int]] = {}
        self.in_regions: set[int] = set()

    def store(self, value: Prov, g: int) -> None:
        super().store(value, g)
        if self.depth:
            self.in_regions.add(g)
        else:
            self.top.setdefault(id(value), set()).add(g)


def _stored_with_another_and_apart(p: Program) -> bool:
    """Is a global stored one value with another at a function's top level, and stored in a
    region somewhere (IREE 3.13's ``iree-util-fuse-globals`` reads no store in a region)?"""
    together: set[int] = set()
    apart: set[int] = set()
    for fn in p.functions:
        walk = _Stores(p)
        Walker(p, walk).function(fn, [Prov() for _ in fn.params])
        together |= {g for gs in walk.top.values() if len(gs) > 1 for g in gs}
        apart |= walk.in_regions
    return bool(together & apart)


def _stored_only_in_regions(p: Program) -> bool:
    """Are two mutable globals stored, each only in regions? IREE 3.13 packs their initial
    values into one constant allocation, stores both globals that one resource in the
    initializer's block, and ``iree-util-fuse-globals``, which reads no store in a region, fuses
    them (review 50's q24): one's update becomes the other's."""
    top: set[int] = set()
    in_regions: set[int] = set()
    for fn in p.functions:
        walk = _Stores(p)
        Walker(p, walk).function(fn, [Prov() for _ in fn.params])
        top |= {g for gs in walk.top.values() for g in gs}
        in_regions |= walk.in_regions
    return len(in_regions - top) >= 2


class _KeptCalls(_Shapes):
    """The provenance walk, noting a call of a ``#util.inline.never`` helper that takes a
    tensor, made inside a region (an arm, a loop body)."""

    found_kept_call_in_a_region = False

    def call(self, helper: ResolvedHelper, args: list[Prov]) -> Prov | None:
        if helper.never_inline and self.depth and any(isinstance(key, int) for key in helper.params):
            self.found_kept_call_in_a_region = True
        return super().call(helper, args)


def gives_a_kept_callee_a_tensor_in_a_region(p: Program) -> bool:
    """Does a public function of ``p`` call a ``#util.inline.never`` helper that takes a tensor
    inside a region (an ``scf.if`` arm, a loop body)? IREE 3.13 builds none of them: its stream
    conversion gives the callee a timepoint to wait for, and the call inside the region keeps
    the old signature ("``util.call`` op function type mismatch"; ``test_tensor_campaign.py``
    pins the reduced form). The same call at a function's top level, or of a helper that takes
    no tensor, builds. (The walk counts a ``cf`` arm as a region: it leaves out a few programs
    IREE builds.)"""
    for fn in p.functions:
        walk = _KeptCalls(p)
        Walker(p, walk).function(fn, [Prov() for _ in fn.params])
        if walk.found_kept_call_in_a_region:
            return True
    return False


def iree_does_not_build(p: Program) -> bool:
    """Is ``p`` of a class IREE 3.13 is known not to build, which the generator leaves out
    (:func:`.strategies.programs`): where neither build exists the tool cannot be judged."""
    return stores_and_returns_a_constant(p) or gives_a_kept_callee_a_tensor_in_a_region(p)


def stores_and_returns_a_constant(p: Program) -> bool:
    """Does a public function of ``p`` store a constant into a global (itself, or through a
    setter) and return that constant, where some function reads the global? IREE 3.13 cannot
    build most such programs: its stream conversion gives the stored value the global's
    lifetime and the returned one the caller's ("``util.global.store`` op global type
    mismatch", or "``util.call`` op function type mismatch" through a kept setter;
    ``test_tensor_campaign.py`` pins the reduced form). The generator leaves them out
    (:func:`.strategies.programs`): where neither build exists the tool cannot be judged. The
    walk (:class:`_ConstantStores`) reads more than IREE fails on (an immutable global's load
    stored and returned builds unless a load of the global is returned too), and the campaign
    loses those few programs with the rest."""

    def walks(never_stored: frozenset[int]) -> list[tuple[_ConstantStores, list]]:
        out = []
        for fn in p.functions:
            walk = _ConstantStores(p, never_stored)
            out.append((walk, Walker(p, walk).function(fn, [Prov() for _ in fn.params])))
        return out

    written = {g for walk, _ in walks(frozenset()) for g in walk.writes}
    found = walks(frozenset(range(len(p.globals_))) - written)
    read = set(range(len(p.globals_))) if p.observed() else set()
    for walk, _ in found:
        read |= walk.loaded
    for walk, results in found:
        stored = {value for g, values in walk.stored.items() if g in read for value in values}
        if any(value in stored for _, value in results):
            return True
    return False
