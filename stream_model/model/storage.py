"""Which resource values share storage: tied (in-place) chains, globals and escapes.

A *base* is a set of resource values that are either the same buffer with the same byte
addressing or entirely distinct buffers. Ranges of two values in one base can therefore be
compared directly: same buffer, same offsets; or different buffers, no overlap at all.
Bases are built by union-find over:

* tied results and their operands (``stream.async.update ... -> %t as ...``), casts;
* ``util.global.load``/``store`` of one private global (a global's buffer is the same bytes in
  every function; storing another value into it joins that value's base);
* ``scf`` region edges: init values, iteration arguments, yields and results;
* execution and concurrent regions of scheduled IR (``stream.async.execute`` /
  ``stream.async.concurrent``): a captured operand and its block argument, a result and its
  yield operand, a tied result and its captured operand;
* ``stream.timepoint.await`` results and their operands (aliases in the op table).

A base is *external* when code we cannot see may hold a reference into it at an unknown offset:
imported buffers, function arguments, call results, results of unknown ops, public globals, and
anything that escapes (exported, returned, passed to a call or an unknown op). Two different
external bases may overlap arbitrarily; an external base and an internal one never do.
"""

from __future__ import annotations

import enum
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass, field
from typing import TypeAlias

from iree.compiler import ir

from ..semantics.op_table import CHOICE_OPS, OpEffects, chosen_operands
from ..semantics.ops import TENSOR_IMPORT, UTIL_CALL
from ..semantics.region_flow import branch_operands, flow_of, is_resource

Key: TypeAlias = "ir.Value | str"  # a value, or "@global" for a global's storage


class Exposure(enum.Enum):
    """How code the model cannot see reaches a base."""

    #: Storage this module made, which others can now see (exported, returned, passed on).
    ESCAPE = "escape"
    #: A function argument: a buffer that existed when the call began.
    ARGUMENT = "argument"
    #: A whole buffer handed in from outside (``stream.tensor.import``).
    IMPORT = "import"
    #: Storage of unknown provenance that arrives while the function runs: a call or unknown
    #: op's result, a public or address-taken global, a block or region argument the model
    #: does not follow. It may be anything that escaped before, or any global's buffer.
    OPAQUE = "opaque"


#: How many reasons a base keeps for explanations (the first ones; the exposures stay exact).
MAX_REASONS = 8


#: Exposures through which storage of unknown provenance reaches a base (an argument, or
#: something arriving mid-call): code we cannot see chose where it is.
_OPAQUE = frozenset({Exposure.OPAQUE, Exposure.ARGUMENT})
#: Exposures through which a buffer arrives from outside while the function runs.
_INCOMING = frozenset({Exposure.IMPORT, Exposure.OPAQUE})


@dataclass(slots=True)
class _Node:
    """One key of a :class:`StorageMap`. Its sets are immutable, replaced when they grow: most
    nodes never get any (a module has thousands of values, a few exposures and globals), so no
    node makes empty collections of its own."""

    parent: Key
    exposures: frozenset[Exposure] = frozenset()  # how code we cannot see reaches it (roots only)
    reasons: tuple[str, ...] = ()  # for explanations only, capped
    globals: frozenset[str] = frozenset()  # global symbols in this base (roots only)

    @property
    def external(self) -> bool:
        return bool(self.exposures)

    @property
    def argument(self) -> bool:
        return Exposure.ARGUMENT in self.exposures

    @property
    def incoming(self) -> bool:
        return not self.exposures.isdisjoint(_INCOMING)

    @property
    def escaped(self) -> bool:
        return Exposure.ESCAPE in self.exposures


class StorageMap:
    """Union-find of resource values into bases, with an *external* flag per base."""

    def __init__(self) -> None:
        self._nodes: dict[Key, _Node] = {}
        #: Globals whose buffer some call in the module may pass as an argument.
        self.passed_globals: set[str] = set()
        self._roots_cache: tuple[dict[Key, set[str]], dict[Key, set[str]]] | None = None
        #: :meth:`globals_it_may_be` answers per (base, names), while no base changes.
        self._may_be: dict[tuple[Key, frozenset[str]], tuple[str, ...]] = {}

    def _node(self, key: Key) -> _Node:
        node = self._nodes.get(key)
        if node is None:
            node = self._nodes[key] = _Node(parent=key)
            if isinstance(key, str):
                node.globals = frozenset((key[1:],))
        return node

    def find(self, key: Key) -> Key:
        nodes = self._nodes
        node = nodes.get(key)
        if node is None:
            self._node(key)
            return key
        root = node.parent
        top = nodes[root]
        if top.parent == root:  # (most keys: a root, or a root's child)
            return root
        while top.parent != root:
            root = top.parent
            top = nodes[root]
        while node.parent != root:  # path compression
            nxt = node.parent
            node.parent = root
            node = nodes[nxt]
        return root

    def union(self, a: Key, b: Key) -> None:
        self._roots_cache = None
        self._may_be.clear()
        ra, rb = self.find(a), self.find(b)
        if ra == rb:
            return
        na, nb = self._nodes[ra], self._nodes[rb]
        nb.parent = ra
        if nb.exposures:
            na.exposures |= nb.exposures
        if nb.reasons and len(na.reasons) < MAX_REASONS:
            na.reasons += nb.reasons[: MAX_REASONS - len(na.reasons)]
        if nb.globals:
            na.globals |= nb.globals
            nb.globals = frozenset()

    def mark_external(self, key: Key, exposure: Exposure, reason: str) -> None:
        """Code we cannot see reaches the base (``exposure`` says how, ``reason`` where, for
        explanations). The exposures are exact; only the first :data:`MAX_REASONS` reasons are
        kept."""
        self._roots_cache = None
        self._may_be.clear()
        root = self._node(self.find(key))
        root.exposures |= {exposure}
        if len(root.reasons) < MAX_REASONS:
            root.reasons += (reason,)

    def exposures(self, key: Key) -> frozenset[Exposure]:
        """How code the model cannot see reaches ``key``'s base (empty: it does not)."""
        return frozenset(self._nodes[self.find(key)].exposures)

    def is_external(self, key: Key) -> bool:
        return self._nodes[self.find(key)].external

    def has_opaque_source(self, key: Key) -> bool:
        """Does storage of unknown provenance (an argument, a call or unknown op result, a
        public global) reach the base, besides imports and escapes?"""
        return not self._nodes[self.find(key)].exposures.isdisjoint(_OPAQUE)

    def has_opaque_arrival(self, key: Key) -> bool:
        """Does a value of unknown provenance that arrives while the function runs (a call or
        unknown op's result, a public global, an unfollowed block argument) reach the base?"""
        return Exposure.OPAQUE in self._nodes[self.find(key)].exposures

    def exposed(self, key: Key) -> bool:
        """Is an argument or something arriving mid-call in the base? Only such a base can
        share bytes with another base (:meth:`may_alias` needs one on either side)."""
        node = self._nodes[self.find(key)]
        return node.argument or node.incoming

    def arrives(self, key: Key) -> bool:
        """Is an import or a value arriving mid-call in the base (it may be any global's)?"""
        return self._nodes[self.find(key)].incoming

    def all_globals(self) -> set[str]:
        return {k[1:] for k in self._nodes if isinstance(k, str)}

    def globals_it_may_be(self, key: Key, names: Iterable[str]) -> list[str]:
        """Of ``names``, the globals whose buffer ``key``'s storage may be: those in its base and
        those whose base :meth:`may_alias` it. Bases are compared once each, and a base that is
        not exposed is compared only with the exposed ones (nothing else can meet it)."""
        wanted = names if isinstance(names, (set, frozenset)) else set(names)
        root = self.find(key)
        memo = (root, wanted) if isinstance(wanted, frozenset) else None  # (every slice asks)
        known = self._may_be.get(memo) if memo is not None else None
        if known is not None:
            return list(known)
        found = set(self._nodes[root].globals) & wanted
        all_roots, exposed_roots = self._global_roots()
        for other, gs in (all_roots if self.exposed(root) else exposed_roots).items():
            if gs & wanted and self.may_alias(root, other):
                found |= gs & wanted
        out = sorted(found)
        if memo is not None:
            self._may_be[memo] = tuple(out)
        return out

    def _global_roots(self) -> tuple[dict[Key, set[str]], dict[Key, set[str]]]:
        """The bases that hold globals, and those of them that are exposed (computed once; a
        union afterwards starts over)."""
        if self._roots_cache is None:
            roots = {k: set(n.globals) for k, n in self._nodes.items() if n.parent == k and n.globals}
            self._roots_cache = (roots, {r: gs for r, gs in roots.items() if self.exposed(r)})
        return self._roots_cache

    def external_reasons(self, key: Key) -> list[str]:
        return list(self._nodes[self.find(key)].reasons)

    def same_base(self, a: Key, b: Key) -> bool:
        return self.find(a) == self.find(b)

    def may_alias(self, a: Key, b: Key) -> bool:
        """May two different bases share bytes at *unknown* relative offsets?

        * two buffers from outside (arguments, imports, call or unknown results) may be one;
        * something arriving mid-call (a call result, an import) may be anything that escaped
          before, or any global's buffer;
        * an argument may be a global's buffer when that buffer escaped (a caller outside the
          module may pass it back) or when some call in the module passes that global;
        * otherwise no: storage a function allocates cannot be a buffer its caller passed in,
          even after it escapes (IREE's result-into-argument storage is a tie, which joins
          bases), and two allocations are two buffers."""
        if self.same_base(a, b):
            return False
        na, nb = self._nodes[self.find(a)], self._nodes[self.find(b)]
        return self._may_meet(na, nb) or self._may_meet(nb, na)

    def _may_meet(self, x: _Node, y: _Node) -> bool:
        if (x.argument or x.incoming) and (y.argument or y.incoming):
            return True
        if x.incoming and (y.escaped or y.globals):
            return True
        return x.argument and bool(y.globals) and (y.escaped or bool(y.globals & self.passed_globals))

    def globals_in_base(self, key: Key) -> list[str]:
        return sorted(self._nodes[self.find(key)].globals)


@dataclass(frozen=True)
class StorageContext:
    """What a storage map reads of its module besides the ops' effects
    (:attr:`~stream_model.model.program.ModuleModel.storage_context`)."""

    #: The module's globals, by name.
    globals_: dict[str, GlobalInfo]
    #: An op as the reasons a base keeps name it.
    describe: Callable[[ir.Operation], str]
    #: Whether an op may hand storage on through regions or successors
    #: (:meth:`~stream_model.model.program.ModuleModel.routes_storage`); only those are asked.
    #: None: every op is.
    routes: Callable[[ir.Operation], bool] | None = None


def build_storage_map(
    effects: Iterable[tuple[ir.Operation, OpEffects]],
    module: StorageContext,
    function_args: Iterable[tuple[ir.Value, str]] = (),
    merged: Iterable[tuple[ir.Value, ir.Value]] = (),
) -> StorageMap:
    """Build the bases of a whole module from the per-op effects (see module docstring).
    ``function_args``: resource arguments whose storage comes from callers, with their
    function's name.

    ``merged``: pairs of producers' results IREE may merge into one
    value after the splice (:mod:`stream_model.postsplice.merges`): one buffer for the model too.
    """
    globals_, describe, routes = module.globals_, module.describe, module.routes
    storage = StorageMap()
    for a, b in merged:
        storage.union(a, b)
    for name, info in globals_.items():
        storage.find("@" + name)
        if not info.private:
            storage.mark_external("@" + name, Exposure.OPAQUE, f"global @{name} is not private")
        elif info.address_taken:
            storage.mark_external(
                "@" + name, Exposure.OPAQUE, f"global @{name} is used other than by util.global.load/store"
            )
    for value, where in function_args:
        storage.mark_external(value, Exposure.ARGUMENT, f"argument of {where}")
    for op, fx in effects:
        _union_one_buffer(storage, op, fx, routes)
        if fx.global_load:
            storage.union(fx.global_load[0], "@" + fx.global_load[1])
        if fx.global_store:
            storage.union(fx.global_store[0], "@" + fx.global_store[1])
        for position, name in fx.joins_globals:
            storage.union(op.operands[position], "@" + name)
        for v in fx.external:
            exposure = Exposure.IMPORT if op.name == TENSOR_IMPORT else Exposure.OPAQUE
            storage.mark_external(v, exposure, f"result of {describe(op)}")
        for v in fx.escapes:
            storage.mark_external(v, Exposure.ESCAPE, f"escapes through {describe(op)}")
        for v in fx.fresh:
            storage.find(v)
    passed = [v for op, _ in effects if op.name == UTIL_CALL for v in op.operands if is_resource(v)]
    storage.passed_globals = {g for v in passed for g in storage.globals_in_base(v)}
    if any(storage.arrives(v) for v in passed):
        # Something arriving mid-call (a call result, an import) may be any global's buffer:
        # passed on to a callee, it makes the callee's argument possibly that global.
        storage.passed_globals |= storage.all_globals()
    return storage


def one_buffer_classes(
    effects: Iterable[tuple[ir.Operation, OpEffects]],
    merged: Iterable[tuple[ir.Value, ir.Value]] = (),
    routes: Callable[[ir.Operation], bool] | None = None,
    choices: list[tuple[ir.Value, ir.Value]] | None = None,
) -> StorageMap:
    """Which SSA values are one buffer by construction: the bases of :func:`build_storage_map`
    before global loads and stores join them (ties, aliases, region and branch edges, and the
    ``merged`` producers), which is what detecting two globals that share one buffer compares.
    Only the classes: no globals, arguments or exposures (nothing here asks for them). Given
    ``choices``, the result of a branch (arms of which one runs: ``scf.if``, ``index_switch``)
    is not made one buffer with what its arms yield; each (result, yielded value) is added to
    ``choices`` instead: the result *is* one of them, which makes no two of them one."""
    storage = StorageMap()
    for a, b in merged:
        storage.union(a, b)
    for op, fx in effects:
        _union_one_buffer(storage, op, fx, routes, choices)
    return storage


def _union_one_buffer(
    storage: StorageMap,
    op: ir.Operation,
    fx: OpEffects,
    routes: Callable[[ir.Operation], bool] | None,
    choices: list[tuple[ir.Value, ir.Value]] | None = None,
) -> None:
    """What makes ``op``'s values one buffer with others by construction: its ties and aliases,
    and (where it may route storage) its region and branch edges; a branch's yields go to
    ``choices`` where it is given (:func:`one_buffer_classes`)."""
    for result, operand in fx.tied:
        storage.union(result, operand)
    for result, operand in fx.aliases:
        storage.union(result, operand)
    if routes is None or routes(op):
        flow = flow_of(op)
        if choices is not None and flow is not None and flow.alternatives:
            choices.extend(flow.storage_edges(op))
        else:
            _region_edges(op, storage)
        _branch_edges(op, storage)


@dataclass(frozen=True)
class GlobalInfo:
    name: str
    private: bool
    mutable: bool
    is_resource: bool
    initial: int | None = None  # the initial value of an index/i64 global, if a constant
    # Its symbol is used by something other than a direct util.global.load/store (e.g.
    # util.global.address, then store.indirect): writes the model does not see.
    address_taken: bool = False
    is_device: bool = False  # a ``!hal.device`` global: one of the module's devices


def _region_edges(op: ir.Operation, storage: StorageMap) -> None:
    """Region flow of the region ops the model knows (:data:`stream_model.semantics.region_flow.REGION_FLOW`): values
    entering and leaving a region keep their storage. (Yields to any other op escape.)"""
    flow = flow_of(op)
    if flow is not None:
        for a, b in flow.storage_edges(op):
            storage.union(a, b)
    elif op.regions:
        # A region op the model does not know: where its block arguments come from is unknown.
        for region in op.regions:
            for block in region.blocks:
                for arg in block.arguments:
                    if is_resource(arg):
                        storage.mark_external(
                            arg, Exposure.OPAQUE, f"argument of a region of {op.name}, which the model does not follow"
                        )


def _branch_edges(op: ir.Operation, storage: StorageMap) -> None:
    """``cf`` branches: each successor operand and the block argument it becomes are one
    value. A block reached by any other branching op gets arguments of unknown provenance."""
    successors = list(op.successors)
    if not successors:
        return
    forwarded = branch_operands(op)
    per_successor: list[list[ir.Value] | None] = list(forwarded) if forwarded is not None else [None] * len(successors)
    for block, operands in zip(successors, per_successor):
        for i, arg in enumerate(block.arguments):
            if not is_resource(arg):
                continue
            if operands is None:
                storage.mark_external(
                    arg, Exposure.OPAQUE, f"argument of a block reached by {op.name}, which the model does not follow"
                )
            else:
                storage.union(arg, operands[i])


@dataclass
class SharedGlobalStorage:
    """Globals, one of them mutable at least, that end up holding one buffer (a miscompile:
    writing one writes all).

    IREE 3.13 produces this when mutable globals have equal splat initial values: after
    conversion to the stream dialect and CSE, one ``stream.async.splat`` is stored to both.
    ``stores`` are the ops that make a global share a buffer it did not create or load (a
    ``util.global.store``, or a call whose callee stores its argument): giving each of them its
    own copy repairs the program.
    """

    globals: list[str]
    stores: list[StoreSite]
    #: Results of calls (a getter) that are one of these globals' buffers while that buffer is
    #: also stored to another global: in scheduled IR the repair copies them where they are made.
    call_results: list[ir.Value] = field(default_factory=list)


@dataclass(frozen=True, slots=True)
class StoreSite:
    """Where a value becomes a global's buffer: operand ``operand`` of ``op`` (a
    ``util.global.store``, or a call whose callee stores that argument) to global ``name``."""

    op: ir.Operation
    operand: int
    name: str


def _through_calls(op: ir.Operation, fx: OpEffects) -> tuple[list[tuple[ir.Value, str]], list[StoreSite]]:
    """What a call does to globals' buffers: a callee that returns a global's buffer gives it
    to the call's result (a load), one that stores an argument gives the argument's buffer to
    the global (a store)."""
    return list(fx.holds_globals), [StoreSite(op, position, name) for position, name in fx.joins_globals]


def _only_loaded(holders: list[tuple[str, StoreSite | None]]) -> bool:
    """Is a buffer only loaded from the globals holding it, stored to none? Then it is a value
    that may be one global's buffer or another's (a branch choosing between them: double
    buffering), which gives neither global to the other: sharing needs a store giving one
    buffer to a global that another holds."""
    return all(store is None for _, store in holders)


def _choices(ops: Iterable[ir.Operation]) -> Iterator[tuple[ir.Value, ir.Value]]:
    """(result, operand) for each buffer a select (:data:`CHOICE_OPS`) of ``ops`` may choose."""
    for op in ops:
        if op.name in CHOICE_OPS and is_resource(op.results[0]):
            for value in chosen_operands(op):
                yield op.results[0], value


def find_shared_global_storage(
    effects: Iterable[tuple[ir.Operation, OpEffects]],
    module: StorageContext,
    merged: Iterable[tuple[ir.Value, ir.Value]] = (),
    folded: Iterable[tuple[ir.Value, ir.Value]] = (),
) -> list[SharedGlobalStorage]:
    """Sets of globals, one mutable at least, that may hold one buffer (see
    :class:`SharedGlobalStorage`).

    A store gives its global the buffer of the value stored: the value's SSA base (ties, casts,
    producers IREE merges after the splice: ``merged``) or, where IREE's canonicalizer may fold
    a result into another value (``folded``, result then value) or a select chooses between
    buffers (review 17: ``arith.select`` of two globals' loads stored to one of them), that
    value's base too, and so is a branch's result, to what each arm yields. A fold or a choice
    is followed from the result to the value only: the result may *be* that value, which says
    nothing about the value and the result's other storage being one buffer (a branch yielding
    a repair's copy of @a or @b's load stores neither in the other). A load gives its
    global's buffer. Two globals share when one buffer may be given to both; the first global
    that has it keeps it, and the stores that give it to the others are what a repair copies."""
    effects, globals_ = list(effects), module.globals_
    branches: list[tuple[ir.Value, ir.Value]] = []
    ssa = one_buffer_classes(effects, merged, module.routes, branches)
    fold_to: dict[Key, set[Key]] = {}
    for result, value in [*folded, *_choices(op for op, _ in effects), *branches]:
        fold_to.setdefault(ssa.find(result), set()).add(ssa.find(value))

    def possible(root: Key) -> set[Key]:
        found, work = {root}, [root]
        while work:
            for nxt in fold_to.get(work.pop(), ()):
                if nxt not in found:
                    found.add(nxt)
                    work.append(nxt)
        return found

    # Per buffer (SSA base), the globals that may hold it, in order, with the store giving it.
    held: dict[Key, list[tuple[str, StoreSite | None]]] = {}
    called: dict[Key, list[tuple[str, ir.Value]]] = {}  # call results holding a global's buffer
    for op, fx in effects:
        loads, stores = _through_calls(op, fx)
        for value, name in loads:
            if name in globals_:
                called.setdefault(ssa.find(value), []).append((name, value))
        if fx.global_load:
            loads.insert(0, fx.global_load)
        if fx.global_store:
            stores.insert(0, StoreSite(op, 0, fx.global_store[1]))
        for value, name in loads:
            if name in globals_:
                held.setdefault(ssa.find(value), []).append((name, None))
        for site in stores:
            if site.name in globals_:
                for base in possible(ssa.find(op.operands[site.operand])):
                    held.setdefault(base, []).append((site.name, site))
    groups = StorageMap()  # globals as keys: which share some buffer
    extra: dict[str, list[StoreSite]] = {}
    for base, holders in list(held.items()):
        names = list(dict.fromkeys(g for g, _ in holders))
        if len(names) < 2 or _only_loaded(holders):
            del held[base]
            continue
        for g in names[1:]:
            groups.union("@" + names[0], "@" + g)
        # The buffer stays where a load says it is (a load cannot be given a copy); with no
        # load, the first global given it keeps it. Every store giving it to another global
        # is what the repair copies; with two globals loading it, every store (each target may
        # receive the other's buffer).
        loaders = list(dict.fromkeys(g for g, store in holders if store is None))
        keeper = loaders[0] if len(loaders) == 1 else None if loaders else names[0]
        for g, store in holders:
            if g != keeper and store is not None and store not in extra.setdefault(g, []):
                extra[g].append(store)
    members: dict[Key, list[str]] = {}
    for g in {g for gs in held.values() for g, _ in gs if len({n for n, _ in gs}) > 1}:
        members.setdefault(groups.find("@" + g), []).append(g)
    found = []
    for names in members.values():
        # Sharing hurts when one of them is written: a mutable global's buffer held by any other
        # global (IREE's fold-globals makes a global never stored after its initializer
        # immutable, and it still shares the buffer it was given).
        if any(globals_[g].mutable for g in names):
            stores = [op for g in sorted(names) for op in extra.get(g, [])]
            results = [
                value
                for base, holders in held.items()
                if any(g in names for g, _ in holders)
                for g, value in called.get(base, ())
                if any(site is not None and site.name != g for _, site in holders)
            ]
            found.append(SharedGlobalStorage(sorted(names), stores, list(dict.fromkeys(results))))
    return sorted(found, key=lambda shared: shared.globals)
