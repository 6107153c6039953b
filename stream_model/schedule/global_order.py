"""Did IREE's scheduling keep the order of each global's loads, stores and the calls that may
touch it?

Scheduling forms execution regions out of the streamable ops of a block; the host ops between
them (``util.global.load``/``store``, ``util.call``) keep their order, since the program's
meaning depends on it: a load after a store of the same global reads what was stored. IREE 3.13's
``iree-stream-schedule-execution`` breaks that: when a streamable op after a store joins the
execution region that makes the stored value, the store is moved after the region, past a later
call and a load of its global, which then reads the old buffer (a program plain
``iree-compile`` gets wrong: ``tests/data/global_store_moved_past_its_reload.mlir``).

The check compares a module before scheduling with the same module after it, function by
function: for every global, the sequence of its loads, its stores and the calls that may touch
it (a callee's own accesses and its callees', transitively; a callee the module does not define
may touch any global) must, after scheduling, be what it was with some events removed (a pass
may drop a load nobody reads, or forward one) and none reordered. It needs no location tags: a
reorder shows as a sequence that is no longer a subsequence of the original.
"""

from __future__ import annotations

import collections
import dataclasses
import functools
import re
from collections.abc import Callable, Iterable, Iterator
from dataclasses import dataclass
from typing import Any

from iree.compiler import ir

from ..ir.util import (
    FUNCTION_OPS,
    blocks_in_execution_order,
    blocks_reached,
    c_address,
    child_ops,
    holds_any,
    ops_named,
    user_op,
    visibility,
)
from ..semantics.op_table import (
    IDENTITY_OPS,
    callee_name,
    computes_for_any_bytes,
    constant_choice,
    global_name,
    identity_fold,
)
from ..semantics.ops import (
    ARITH_CONSTANT,
    ASYNC_CLONE,
    ASYNC_SPLAT,
    ASYNC_TRANSFER,
    CALLS,
    FUNC_CALL,
    GLOBAL_LOAD,
    GLOBAL_STORE,
    INDIRECT_OPS,
    LINALG_COPY,
    LINALG_FILL,
    RETURNS,
    TENSOR_EXTRACT_SLICE,
    TENSOR_INSERT_SLICE,
    UTIL_CALL,
    UTIL_GLOBAL,
    UTIL_INITIALIZER,
    VALUE_DIALECTS,
)
from ..semantics.region_flow import (
    branch_arguments,
    exit_flow,
    flow_of,
    folded_result,
    invariant_argument,
    invariant_result,
    is_host_terminator,
    never_run,
    taken_successors,
)
from .event_flow import EventFlow, event_flow
from .sequence_paths import SequencePaths, taken_in_after

__all__ = [
    "CONSTANT_GLOBAL",
    "GlobalDecl",
    "GlobalEvents",
    "GlobalOrderHazard",
    "InputFunction",
    "InputOrder",
    "OrderNotCompared",
    "check_global_order",
    "check_input_order",
    "constant_global",
    "global_events",
    "input_functions",
    "input_order",
    "stores_fed_by",
    "stores_the_same",
]

#: What :class:`GlobalOrderHazard` names as the stages that moved an access after the splice.
THE_SCHEDULE = "IREE's schedule"
#: The kind of event each access of a global is, and the op each kind of event names.
_ACCESS = {GLOBAL_LOAD: "load", GLOBAL_STORE: "store"}
_OP_OF_KIND = {"load": GLOBAL_LOAD, "store": GLOBAL_STORE, "call": UTIL_CALL}


@dataclass(frozen=True)
class Event:
    kind: str  # "load", "store" or "call"
    symbol: str  # the global, or the callee
    loc: ir.Location
    #: For an event of a callee taken into its caller (:func:`check_input_order`): the
    #: ``file:line:col`` of the call it is reached through, innermost first.
    via: tuple[str, ...] = ()
    #: Does every execution of its function run it once, in its place in the sequence? Not
    #: for an event in an arm of a ``cf`` branch or in a ``cf`` loop
    #: (:func:`~stream_model.ir.util.blocks_in_execution_order`): its order with the others
    #: is no order execution promises, so a global it touches is not compared.
    ordered: bool = True
    #: The regions the event is nested in, outermost first, each named by where it is, whether
    #: its op may run it again and whether it runs it first, at least once
    #: (:func:`_in_execution_order`; the calls an event is reached through name the callee's
    #: regions ``(call, region)``): two events of one scope
    #: sit in one block, or in blocks IREE may merge (both ordered).
    scope: tuple[Any, ...] = ()
    #: May IREE drop it without changing what the program computes: a load nothing reads, a
    #: store of what its global already holds (its own load, through transfers).
    idle: bool = False
    #: For a store of a value a load made (through transfers and whole slices, which fold
    #: into their source): that load's global and location. IREE's folds of globals read it
    #: (:mod:`.global_folds`).
    loaded: tuple[str, ir.Location] | None = None
    #: For a store: which SSA value it stores, back through transfers, clones and whole
    #: slices (:func:`_source`: they hold its bytes; IREE's stream conversion gives each store
    #: a clone of its own), as its hash, unique while the module is read; 0 for any other
    #: event. Stores of one value that no other access separates store the same bytes in any
    #: order (:func:`_one_store_per_value`).
    value: int = 0
    #: For a load: does its value reach nothing but stores of its own global (through value ops
    #: on tensors)? Such a load computes only what the global is given next.
    feeds_own_stores: bool = False
    #: For a store: does it store a constant's contents (a splat of a constant, a copy of an
    #: immutable global's load, a tensor constant)? Two such stores of different SSA values may
    #: hold equal bytes: which one a global keeps is then no hazard the check can show.
    constant: bool = False
    #: The block it is in: its number in its function's walk (:func:`_in_execution_order`);
    #: for a callee's event taken into its caller, the call's block where IREE inlines the
    #: callee's entry block into it, else the number with the calls it is reached through.
    block: Any = 0

    @functools.cached_property
    def own_location(self) -> str:
        """``file:line:col`` of the op (the first such in a fused location), or its location as
        printed (printed only when asked: most events are matched by their location object)."""
        return _file_line_col(self.loc)

    @functools.cached_property
    def location(self) -> str:
        """:attr:`own_location`, then the calls the event is reached through."""
        return " at ".join((self.own_location, *self.via))

    @property
    def load_via(self) -> tuple[str, ...]:
        """For a store of a load (:attr:`loaded`): the calls that load is reached through."""
        if self.loaded_at is not None:
            return self.loaded_at
        return self.via if self.loaded_through is None else (*self.loaded_through, *self.via)

    #: For an op IREE inlined (a call-site location, at the splice): the ``file:line:col`` of
    #: each call it was inlined through, innermost first, and not its function's own (IREE
    #: wraps a public function's body and inlines it back). Messages name it
    #: (:meth:`describe`: two inlined copies of one setter are two places); nothing matches by it.
    inlined_at: tuple[str, ...] = ()
    #: For a store of a value its function's argument is (a setter's): that argument's number.
    #: Taken into a caller that IREE inlines it into, the store stores the call's operand
    #: (:func:`taken_in`: :attr:`loaded` becomes that operand's load, where it is one).
    argument: int | None = None
    #: For a call: each operand's load, as :attr:`loaded` names one (None: no load).
    arguments: tuple[tuple[str, ir.Location] | None, ...] = ()
    #: For a call: each operand's value, as :attr:`value` names a stored one (taken into the
    #: call's block, a setter's store of its argument stores it: :func:`taken_in`).
    operand_values: tuple[int, ...] = ()
    #: For a store whose :attr:`loaded` a call's operand gave: the calls the load is reached
    #: through (the caller's); else None, and the load is reached through :attr:`via`.
    loaded_at: tuple[str, ...] | None = None
    #: For a store whose :attr:`loaded` a getter's result gave (:func:`_getter_load`): the
    #: ``file:line:col`` of each call the load is reached through, innermost first (then
    #: :attr:`via`).
    loaded_through: tuple[str, ...] | None = None
    #: Where its function's region runs it (for a callee's event taken into its caller, where
    #: the call is): the number of the block of that region it is in, at any depth, and the
    #: numbers of the blocks that block reaches, itself included (:func:`_top_blocks`); None in
    #: a function of one block.
    top: tuple[int, frozenset[int]] | None = None
    #: For a load: is its value read by nothing but stores of its own global of that value
    #: itself (:func:`_only_stored_back`)? What it reads then reaches nothing but the global.
    stored_back: bool = False
    #: For a load that feeds its own stores (:attr:`feeds_own_stores`): those stores, by their
    #: locations (a callee's, taken into its caller, reached through the same calls).
    fed: tuple[ir.Location, ...] = ()
    #: Does every run of its :attr:`top` block run it once, in its place in the sequence: no
    #: ``cf`` arm or loop between that block and it (a callee's event: ordered in its callee,
    #: and its call so)? Then two such events of one block keep their order, whatever the
    #: branches around the block do (:func:`_reordered_in_one_block`).
    in_block: bool = True

    def describe(self) -> str:
        return (
            f"{_OP_OF_KIND[self.kind]} @{self.symbol} ({' at '.join((self.own_location, *self.inlined_at, *self.via))})"
        )


@dataclass(frozen=True)
class GlobalDecl:
    """What IREE's folds of globals read of a ``util.global``: whether it is private and
    mutable, and its initial value as printed (None: it has none)."""

    private: bool
    mutable: bool
    initial: str | None


@dataclass(frozen=True)
class GlobalEvents:
    """A module's events per function (key: its name, or ``initializer #k``), and which globals
    each function may touch, transitively (None: any)."""

    events: dict[str, list[Event]]
    touches: dict[str, frozenset[str] | None]
    globals: frozenset[str]
    #: Which globals each function may store, transitively (None: any).
    stores: dict[str, frozenset[str] | None] | None = None
    #: The module's ``util.global``s by name (those of a module whose functions access none
    #: are not read).
    declared: dict[str, GlobalDecl] = dataclasses.field(default_factory=dict)
    #: Does the module take a global's address (then a global may be accessed where no
    #: load or store names it)?
    indirect: bool = False
    #: The functions IREE never inlines (``inlining_policy = #util.inline.never``).
    kept_out: frozenset[str] = frozenset()
    #: The names of the module's functions (initializers aside).
    functions: frozenset[str] = frozenset()
    #: Per function (key as :attr:`events`), what may run right after each of its events.
    #: Made only for the user's
    #: input where a store stores its own global's load (:func:`input_order`): the folds'
    #: check follows a roll-back's paths on it (:mod:`.global_folds`).
    paths: dict[str, EventFlow] = dataclasses.field(default_factory=dict)


@dataclass(frozen=True)
class GlobalOrderHazard:
    """Two accesses to ``global_name``, one of them a write, whose order scheduling changed."""

    function: str
    global_name: str
    moved: str
    past: str
    #: Which of IREE's stages reordered them: its scheduling, or its stages before the splice
    #: (:func:`check_input_order`).
    stage: str = THE_SCHEDULE
    #: Where ``moved`` is gone rather than moved (:func:`_removed_across`): the access of the
    #: global inside a region between ``past`` and it, which its removal ignores.
    across: str = ""
    #: Where ``moved`` is a store that is gone (:func:`_first_reorder`): a read the program
    #: runs after it, before ``past`` (the next write), that is still there and so reads what
    #: the global held before the store.
    stale_read: str = ""
    #: ``moved`` is the function's last write of the global, gone, and ``past`` (an earlier
    #: write) is its last now: the global holds ``past``'s value when the function returns.
    at_return: bool = False

    #: What a refusal for this class says first.
    headline = "IREE reorders the accesses to a global"

    def line(self) -> str:
        if self.at_return:
            return (
                f"in @{self.function}, {self.stage} dropped {self.moved}, the function's last write of "
                f"@{self.global_name}: when it returns, @{self.global_name} holds what {self.past} stored "
                "(the next load reads that)"
            )
        if self.stale_read:
            after = f" (the next write it left is {self.past})" if self.past != self.moved else ""
            return (
                f"in @{self.function}, {self.stage} dropped {self.moved}, whose value {self.stale_read} "
                f"reads after it{after}: the read takes what @{self.global_name} held before the store"
            )
        if not self.across:
            return (
                f"in @{self.function}, {self.stage} reordered {self.moved} and {self.past}: "
                f"the order of @{self.global_name}'s loads and stores changed"
            )
        if self.moved.startswith(GLOBAL_LOAD):
            what = f"took {self.moved}, which the program reads, as {self.past}"
        else:
            what = f"dropped {self.moved} as overwritten by {self.past}"
        return (
            f"in @{self.function}, {self.stage} {what}, across {self.across} inside a region between them "
            f"(IREE 3.13's iree-util-simplify-global-accesses does not look into regions): "
            f"the order of @{self.global_name}'s loads and stores changed"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-check",
            "check": "global-order",
            "hazard": True,
            "function": self.function,
            "global": self.global_name,
            "moved": self.moved,
            "past": self.past,
            "stage": self.stage,
            **({"across": self.across} if self.across else {}),
            **({"stale_read": self.stale_read} if self.stale_read else {}),
            **({"at_return": True} if self.at_return else {}),
        }


@dataclass(frozen=True)
class OrderNotCompared:
    """A global some of whose accesses in a function were not compared with the accesses of
    other blocks: they lie where execution promises no order across blocks (an arm of a ``cf``
    branch, a ``cf`` loop). What a reorder across those blocks would be is not defined by a
    sequence, so nothing is claimed either way about it; the accesses one block runs in order
    are compared among themselves (:func:`_reordered_in_one_block`), and the global's other
    accesses in order."""

    function: str
    global_name: str
    access: str  # one access that has no place in a sequence, described
    stage: str = THE_SCHEDULE
    #: Why it was not compared, where that is not a block without a single order: the access
    #: inside a region that would show a removal across it is gone too (:func:`_removed_across`).
    gone_across: str = ""

    def line(self) -> str:
        if self.gone_across:
            return (
                f"in @{self.function}, {self.stage} dropped {self.access} and {self.gone_across} inside a region "
                f"after it: whether @{self.global_name}'s value still reaches where the program reads it "
                "was not checked"
            )
        return (
            f"in @{self.function}, whether {self.stage} moved {self.access} among @{self.global_name}'s loads "
            "and stores in other blocks was not checked: it lies in a block not every execution runs once (a cf "
            "branch's arm or a cf loop), where the accesses of different blocks have no single order; those of "
            "one block were compared among themselves, and the others in order"
        )

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-check",
            "check": "global-order",
            "compared": False,
            "function": self.function,
            "global": self.global_name,
            "access": self.access,
            "stage": self.stage,
            **({"gone_across": self.gone_across} if self.gone_across else {}),
        }


def global_events(module: ir.Module, paths: bool = False) -> GlobalEvents:
    """The loads, stores and calls of every function of ``module``, in program order (with
    ``paths``: and what may run after each, :attr:`GlobalEvents.paths`).

    A module that loads and stores no global has no global to compare (:attr:`GlobalEvents.globals`
    empty: every comparison is per global), and is not read further: a walk of its ops' names
    gives no op a Python view, where reading its blocks would (a user's input at the linalg
    level imports the linalg dialect's bindings, a tenth of a second)."""
    if not holds_any(module, _ACCESS):
        return GlobalEvents({}, {}, frozenset(), {}, functions=_function_names(module))
    events: dict[str, list[Event]] = {}
    declared: dict[str, GlobalDecl] = {}
    kept_out: set[str] = set()
    indirect = False
    direct: dict[str, set[str]] = {}
    stored: dict[str, set[str]] = {}
    callees: dict[str, set[str]] = {}
    functions: list[tuple[str, ir.Operation, dict[int, int]]] = []
    initializers = 0
    top = child_ops(module.operation)
    callables: dict[str, ir.Operation] = {}
    for fn in top:  # (first: a store's constant may be a global declared after its function)
        if fn.name == UTIL_GLOBAL:
            declared[ir.StringAttr(fn.attributes["sym_name"]).value] = _declaration(fn)
        elif fn.name in FUNCTION_OPS and "sym_name" in fn.attributes:
            callables[ir.StringAttr(fn.attributes["sym_name"]).value] = fn
    for fn in top:
        if fn.name not in FUNCTION_OPS:
            continue
        if fn.name == UTIL_INITIALIZER:
            key = f"initializer #{initializers}"
            initializers += 1
        else:
            key = ir.StringAttr(fn.attributes["sym_name"]).value
            if "inlining_policy" in fn.attributes and "never" in str(fn.attributes["inlining_policy"]):
                kept_out.add(key)
        found = events[key] = []
        tops = _top_blocks(fn)
        indices: dict[int, int] = {}
        functions.append((key, fn, indices))
        own = _OwnFrame(fn)
        for inner, ordered, scope, block, in_block in _in_execution_order(fn):
            name = inner.name
            if name in _ACCESS:
                symbol = global_name(inner)
                fed: tuple[ir.Location, ...] | None = None
                back = False
                argument: int | None = None
                through: tuple[str, ...] | None = None
                if name == GLOBAL_LOAD:
                    loaded, idle, value = None, _idle_load(inner), 0
                    fed = _stores_fed(inner.results[0], symbol)
                    back = _only_stored_back(inner.results[0], symbol)
                else:
                    source = _source(inner.operands[0])  # (read once: the three below start from it)
                    loaded, value = _load_of_source(source), _stored_value(source)
                    if loaded is None and (got := _getter_load(source, symbol, callables)) is not None:
                        loaded, through = got
                    idle = loaded is not None and loaded[0] == symbol
                    argument = _entry_argument(source, fn) if loaded is None else None
                kind = _ACCESS[name]
                constant = kind == "store" and _constant_contents(inner.operands[0], declared)
                if paths:
                    indices[c_address(inner)] = len(found)
                location = inner.location
                inlined, printed = _inlined_at(location, own)
                event = Event(
                    kind,
                    symbol,
                    location,
                    (),
                    ordered,
                    scope,
                    idle,
                    loaded,
                    value,
                    fed is not None,
                    constant,
                    block,
                    inlined,
                    argument,
                    top=_top_of(inner, fn, tops),
                    stored_back=back,
                    fed=fed or (),
                    in_block=in_block,
                    loaded_through=through,
                )
                found.append(_own_location_known(event, printed))
                direct.setdefault(key, set()).add(symbol)
                if name == GLOBAL_STORE:
                    stored.setdefault(key, set()).add(symbol)
            elif name in (UTIL_CALL, FUNC_CALL):
                callee = callee_name(inner)
                location = inner.location
                inlined, printed = _inlined_at(location, own)
                sources = [_source(v) for v in inner.operands]  # (read once: both below start from it)
                operands = tuple(_load_of_source(s) for s in sources)
                values = tuple(_stored_value(s) for s in sources)
                if paths:
                    indices[c_address(inner)] = len(found)
                event = Event(
                    "call",
                    callee,
                    location,
                    (),
                    ordered,
                    scope,
                    block=block,
                    inlined_at=inlined,
                    arguments=operands,
                    operand_values=values,
                    top=_top_of(inner, fn, tops),
                    in_block=in_block,
                )
                found.append(_own_location_known(event, printed))
                callees.setdefault(key, set()).add(callee)
            indirect = indirect or name in INDIRECT_OPS
    all_globals = frozenset(s for accessed in direct.values() for s in accessed)
    return GlobalEvents(
        events,
        _transitive(events, direct, callees),
        all_globals,
        _transitive(events, stored, callees),
        declared,
        indirect,
        frozenset(kept_out),
        frozenset(k for k in events if not k.startswith("initializer #")),
        _paths(functions, events) if paths else {},
    )


def _paths(
    functions: list[tuple[str, ir.Operation, dict[int, int]]], events: dict[str, list[Event]]
) -> dict[str, EventFlow]:
    """:attr:`GlobalEvents.paths` of each function (with its events' indices by op), where a
    store of the module stores its own global's load, or a function's argument (a setter's,
    which a caller may hand a load: :func:`taken_in`), or a load's value reaches only stores of
    its global (the reorder check's dead work: :class:`_DeadWork`); none else asks."""
    if not any(_asks_for_paths(e) for seq in events.values() for e in seq):
        return {}
    return {
        key: event_flow(fn, lambda op, indices=indices: indices.get(c_address(op)), len(events[key]))  # type: ignore[misc]
        for key, fn, indices in functions
    }


def _asks_for_paths(e: Event) -> bool:
    """Does a check ask the paths of ``e``'s function (:func:`_paths`)?"""
    if e.kind == "store":
        return e.idle or e.argument is not None
    return e.kind == "load" and bool(e.fed) and not e.idle


def _top_blocks(fn: ir.Operation) -> dict[ir.Block, tuple[int, frozenset[int]]]:
    """Per block of ``fn``'s region that its entry reaches, its number and the numbers of the
    blocks it reaches (a branch on a constant: the successor it takes); empty for a region of
    one block."""
    blocks = list(fn.regions[0].blocks) if fn.regions else []
    if len(blocks) <= 1:
        return {}
    reach = blocks_reached(fn.regions[0], taken_successors)
    return {blocks[i]: (i, frozenset(reach[i])) for i in reach[0]}


def _top_of(
    op: ir.Operation, fn: ir.Operation, tops: dict[ir.Block, tuple[int, frozenset[int]]]
) -> tuple[int, frozenset[int]] | None:
    """:attr:`Event.top` of ``op`` in ``fn``: the block of ``fn``'s region that holds it."""
    if not tops:
        return None
    block = op.block
    while True:
        holder = block.owner
        holder = getattr(holder, "operation", holder)
        if holder == fn:
            return tops.get(block)
        block = holder.block


class _OwnFrame:
    """The first ``file:line:col`` of a function's location, printed once, when an event asks
    (:func:`_inlined_at`)."""

    def __init__(self, fn: ir.Operation) -> None:
        self._fn = fn
        self._frames: list[str] | None = None

    @property
    def frames(self) -> list[str]:
        if self._frames is None:
            self._frames = _frames(str(self._fn.location))[:1]
        return self._frames


def _inlined_at(loc: ir.Location, function: _OwnFrame) -> tuple[tuple[str, ...], str | None]:
    """:attr:`Event.inlined_at` of an op located at ``loc`` in ``function``, and the op's own
    ``file:line:col`` where finding that printed it (:attr:`Event.own_location`). Only a
    call-site location has frames (printing the others, most of them, costs more than the rest
    of the question)."""
    if loc.typeid != _callsite_typeid(loc):
        return (), None
    frames = _frames(str(loc))
    if not frames:
        return (), None
    printed, frames = frames[0], frames[1:]
    own = function.frames
    while frames and frames[-1:] == own:
        frames.pop()
    return tuple(frames), printed


def _own_location_known(event: Event, printed: str | None) -> Event:
    """``event`` with :attr:`Event.own_location` already known as ``printed`` (when not None):
    the event's location was printed to find where it was inlined, and a comparison of the
    splice's events names every one of them by it. Set as the cached property sets itself."""
    if printed is not None:
        event.__dict__["own_location"] = printed
    return event


_CALLSITE: list[ir.TypeID] = []


def _callsite_typeid(loc: ir.Location) -> ir.TypeID:
    """The type id of MLIR's call-site locations (made once, in ``loc``'s context: type ids are
    the process's)."""
    if not _CALLSITE:
        with loc.context:
            unknown = ir.Location.unknown()
            _CALLSITE.append(ir.Location.callsite(unknown, [unknown]).typeid)
    return _CALLSITE[0]


def _constant_contents(value: ir.Value, declared: dict[str, GlobalDecl]) -> bool:
    """Is ``value`` (a stored value) a constant's contents: back through transfers, clones and
    copies, a splat or a fill of an ``arith.constant``, a tensor ``arith.constant``, or a load of a global
    declared immutable (IREE hoists a constant into one)?"""
    producer = _producer(value)
    while producer is not None and producer.name in (ASYNC_TRANSFER, ASYNC_CLONE, LINALG_COPY):
        producer = _producer(producer.operands[0])
    if producer is None:
        return False
    if producer.name == ARITH_CONSTANT:
        return True
    if producer.name in (ASYNC_SPLAT, LINALG_FILL):
        source = _producer(producer.operands[0])
        return source is not None and source.name == ARITH_CONSTANT
    if producer.name == GLOBAL_LOAD:
        decl = declared.get(global_name(producer))
        return decl is not None and not decl.mutable
    return False


def _function_names(module: ir.Module) -> frozenset[str]:
    return frozenset(
        ir.StringAttr(fn.attributes["sym_name"]).value
        for fn in child_ops(module.operation)
        if fn.name in FUNCTION_OPS and fn.name != UTIL_INITIALIZER
    )


def _declaration(op: ir.Operation) -> GlobalDecl:
    attributes = op.attributes
    initial = str(attributes["initial_value"]) if "initial_value" in attributes else None
    return GlobalDecl(visibility(op) == "private", "is_mutable" in attributes, initial)


def _in_execution_order(root: ir.Operation) -> Iterator[tuple[ir.Operation, bool, tuple[Any, ...], int, bool]]:
    """Every op nested in ``root`` that :func:`global_events` reads, and every op whose regions
    hold one (:func:`_visited_by_block`), each before the ops of its regions, its regions' blocks in
    execution order (not text order), with whether the op is *ordered*: in a block that every
    execution of its region runs once (:func:`blocks_in_execution_order`) inside such blocks
    all the way out; its scope: the regions it is nested in below ``root``'s, each a pair of
    its number in walk order (an ``scf.if``'s two arms are two), whether its op may run it
    more than once (a loop; an op the region table does not know may), whether its op runs it
    first, at least once (a while loop's condition:
    :attr:`~stream_model.semantics.region_flow.RegionFlow.runs_first`) and its op (by the
    number of the op's first region: a loop's next turn may run any of its regions); and its block,
    numbered in walk order, a block entered only from a predecessor it alone follows numbered
    as that one (IREE merges the two before it pairs the accesses of a global). An arm a branch's
    constant selector never chooses (:func:`~stream_model.semantics.region_flow.never_run`) is
    not entered: none of its accesses runs, and MLIR folds it away before IREE's folds of
    globals look at the function; the one arm it chooses, of one block, MLIR inlines into the
    branch's block, and its ops are in that block's scope and number. Last, whether the op
    is ordered within its block of ``root``'s region (:attr:`Event.in_block`)."""
    return _walk_regions(_visited_by_block(root), root.regions, True, (), [0], [0])


#: The ops :func:`global_events` reads; :func:`_in_execution_order` visits them and the ops whose
#: regions hold one, no other.
_READ_OPS = frozenset((*_ACCESS, UTIL_CALL, FUNC_CALL, *INDIRECT_OPS))


def _visited_by_block(root: ir.Operation) -> dict[ir.Block, list[ir.Operation]]:
    """The ops below ``root`` that :func:`_in_execution_order` visits, by block, each block's
    in order: every op of :data:`_READ_OPS`, and every op whose regions hold one at any depth.
    One walk of names: the ops between (most of a function: a kernel's body, a linalg
    region, the dispatches of an execution region) are not looked at. Siblings come in the
    order of the first op each holds (the op itself, or its first read op below): in pre-order,
    all of one sibling's ops come before the next one's. Skipping a region that holds none
    changes only the numbers the walk gives regions and blocks, which are compared for
    equality alone."""
    read = ops_named(root, _READ_OPS)
    top = c_address(root)
    placed: set[int] = {top}
    found: dict[ir.Block, list[ir.Operation]] = {}
    for op in read:
        current = op
        while (address := c_address(current)) not in placed:
            placed.add(address)
            found.setdefault(current.block, []).append(current)
            current = current.parent
    return found


def _walk_regions(
    ops: dict[ir.Block, list[ir.Operation]],
    regions: Iterable[ir.Region],
    ordered: bool,
    scope: tuple[Any, ...],
    serial: list[int],
    blocks: list[int],
    into: int | None = None,
    local: bool | None = None,
) -> Iterator[tuple[ir.Operation, bool, tuple[Any, ...], int, bool]]:
    for region in regions:
        numbered: list[tuple[ir.Block, int]] = []
        order = blocks_in_execution_order(region, taken_successors)
        reached = {block for block, _ in order}
        for block, block_ordered in order:
            here = _merged_into(block, numbered, reached)
            if here is None and into is not None and not numbered:
                here = into  # (the chosen arm of a branch on a constant: inlined into ``into``)
            if here is None:
                blocks[0] += 1
                here = blocks[0]
            numbered.append((block, here))
            in_block = True if local is None else local and block_ordered  # (None: the top region)
            for op in ops.get(block, ()):
                yield op, ordered and block_ordered, scope, here, in_block
                if not len(op.regions):
                    continue
                flow = flow_of(op)
                repeats = flow is None or not flow.at_most_once
                dead = never_run(op)
                owner = serial[0] + 1  # (the op, by its first region's number)
                for n, nested in enumerate(op.regions):
                    serial[0] += 1
                    if n in dead:
                        continue  # (an arm its branch's constant never chooses: no access there runs)
                    if dead and len(nested.blocks) == 1:
                        # (the arm it chooses: MLIR inlines it into this block)
                        yield from _walk_regions(
                            ops, (nested,), ordered and block_ordered, scope, serial, blocks, here, in_block
                        )
                        continue
                    first = flow is not None and flow.runs_first == n
                    inner = (*scope, (serial[0], repeats, first, owner))
                    yield from _walk_regions(
                        ops, (nested,), ordered and block_ordered, inner, serial, blocks, local=in_block
                    )


def _merged_into(block: ir.Block, numbered: list[tuple[ir.Block, int]], reached: set[ir.Block]) -> int | None:
    """The number of the block ``block`` is merged into: its only predecessor, when ``block``
    is that one's only successor (numbered already: blocks come in execution order). Blocks
    the entry does not reach and branches a constant does not take are gone by then (MLIR
    folds them first)."""
    predecessors = [p for p in dict.fromkeys(block.predecessors) if p in reached]
    uses = [p for p in predecessors for s in taken_successors(p) if s == block]
    if len(uses) != 1 or len(taken_successors(uses[0])) != 1:
        return None
    return next((n for b, n in numbered if b == uses[0]), None)


def _idle_load(load: ir.Operation) -> bool:
    """A load nothing reads: its value reaches no op but value ops (:data:`VALUE_DIALECTS`)
    whose results, in turn, nothing reads; IREE's cleanup deletes them and the load."""
    return not _read(load.results[0], set())


def _stores_fed(value: ir.Value, symbol: str) -> tuple[ir.Location, ...] | None:
    """The stores of global ``symbol`` that ``value`` reaches as the stored value, by their
    locations, where it reaches nothing else, through value ops none of whose results is an
    index (which may address something) and that compute for any bytes
    (:func:`~stream_model.semantics.op_table.computes_for_any_bytes`: the work is harmless
    whatever the load reads); None where it reaches anything else."""
    stores: list[ir.Location] = []
    return tuple(stores) if _feeds_only_stores_of(value, symbol, set(), stores) else None


def _feeds_only_stores_of(value: ir.Value, symbol: str, seen: set[ir.Operation], stores: list[ir.Location]) -> bool:
    """Does ``value`` reach only stores of global ``symbol`` (:func:`_stores_fed`, which it adds
    to ``stores``)?"""
    for use in value.uses:
        user = user_op(use)
        if user.name == GLOBAL_STORE and use.operand_number == 0 and global_name(user) == symbol:
            stores.append(user.location)
            continue
        if _written_over(user, use):
            continue
        if is_host_terminator(user):
            # (Yielded: on to the values the region hands it to, its op's results or the next
            # turn's arguments: tensor campaign seed 21101, a load yielded by an arm and filled.)
            reached = exit_flow(user, use.operand_number)
            if reached is None:
                return False
            if user not in seen:
                seen.add(user)
                if not all(_feeds_only_stores_of(r, symbol, seen, stores) for r in reached):
                    return False
            continue
        if not user.name.startswith(VALUE_DIALECTS) or not len(user.results):
            return False
        if any(isinstance(r.type, ir.IndexType) for r in user.results):
            return False  # (an index made of it may address something: out of bounds, a fault)
        if user in seen:  # (the op itself: the bindings give one op a new object, and id, at each ask)
            continue
        seen.add(user)
        if not computes_for_any_bytes(user):
            return False  # (a division, a gather in a body: stale bytes may make it fault)
        if not all(_feeds_only_stores_of(r, symbol, seen, stores) for r in user.results):
            return False
    return True


def _written_over(user: ir.Operation, use: ir.OpOperand) -> bool:
    """Is ``use`` a destination ``user`` writes every byte of and reads none of (a
    ``linalg.fill``'s ``outs``)? What the value held reaches nothing through it (tensor campaign
    seed 21101: a load yielded by an arm, stored, then filled over and stored again)."""
    return user.name == LINALG_FILL and bool(use.operand_number >= len(user.opview.inputs))


def _only_stored_back(value: ir.Value, symbol: str) -> bool:
    """Is the load ``value`` of global ``symbol`` read by nothing but stores of ``symbol`` of the
    value itself (each a use :func:`_read` finds, the others none)? Such a store is a store of
    the global's own load, and every store of another value made of it is a read."""
    seen: set[Any] = set()
    return all(_stores_as_itself(use, symbol) or not _use_read(use, seen) for use in value.uses)


def _stores_as_itself(use: ir.OpOperand, symbol: str) -> bool:
    """Is ``use`` the stored value of a store of global ``symbol``?"""
    user = user_op(use)
    return user.name == GLOBAL_STORE and use.operand_number == 0 and global_name(user) == symbol


def _read(value: ir.Value, seen: set[Any]) -> bool:
    """Does anything read ``value``: an op that is no value op (:data:`VALUE_DIALECTS`) or has
    no results, or a value op whose results something reads (not a fill of it, which reads
    only its shape), or a branch's block argument it becomes that something reads, or what a
    loop it enters makes of it that something reads? A region's terminator hands the
    value on to where its op takes it (a loop's next turn, the op's results): read there, or
    not at all (a carried value nothing takes: MLIR's canonicalizers drop it with its load)."""
    return any(_use_read(use, seen) for use in value.uses)


def _use_read(use: ir.OpOperand, seen: set[Any]) -> bool:
    """Does ``use`` read its value (:func:`_read`)? ``seen``: the ops and handed operands
    already asked, which read nothing more."""
    user = user_op(use)
    if (arguments := branch_arguments(user, use.operand_number)) is not None:
        handed = (user, use.operand_number)
        if handed in seen:
            return False  # (a cf loop hands it round: read where it is read)
        seen.add(handed)
        return any(_read(a, seen) for a in arguments)
    if is_host_terminator(user):
        handed = (user, use.operand_number)
        if handed in seen:
            return False
        seen.add(handed)
        onward = exit_flow(user, use.operand_number)
        return onward is None or any(_read(v, seen) for v in onward)  # (None: a condition, an unknown op)
    if (entered := _entered(user, use.operand_number)) is not None:
        handed = (user, use.operand_number)
        if handed in seen:
            return False
        seen.add(handed)
        return any(_read(v, seen) for v in entered)
    if not user.name.startswith(VALUE_DIALECTS) or not len(user.results):
        return True  # (an op of another dialect, or one with no results: a terminator, an effect)
    if _reads_only_the_shape(user, use.operand_number):
        return False
    if user in seen:  # (the op itself: the bindings give one op a new object, and id, at each ask)
        return False
    seen.add(user)
    return any(_read(result, seen) for result in user.results)


def _entered(user: ir.Operation, operand: int) -> list[ir.Value] | None:
    """What operand ``operand`` of a host region op the table knows becomes inside it (a
    loop's carried value: its region's argument, and a counted loop's result where it turns no
    time: tensor campaign seeds 15101 and 15102, a load handed to a while loop that never uses
    it); None for a bound, a condition, or any other op."""
    flow = flow_of(user)
    return None if flow is None or flow.device_body else flow.entry(user, operand)


def _reads_only_the_shape(user: ir.Operation, operand: int) -> bool:
    """Does ``user`` read only the shape of its operand ``operand``: what a ``linalg.fill``
    of a static shape fills (tensor campaign seed 15102: a load filled with a constant)?"""
    return user.name == LINALG_FILL and operand == 1 and _static(user.results[0].type)


def _stored_value(stored: ir.Value) -> int:
    """:attr:`Event.value` of a store of ``stored`` (its operand through :func:`_source`): the
    SSA value it stores, back through transfers, clones and whole slices and through
    identities (an optimization barrier hands its operand's bytes on: review 34's restore of a
    load through one), by its hash."""
    value = stored
    while (producer := _producer(value)) is not None and producer.name in IDENTITY_OPS:
        value = _source(producer.operands[ir.OpResult(value).result_number])
    return hash(value)


def _loaded_value(value: ir.Value) -> tuple[str, ir.Location] | None:
    """The load ``value`` is (:func:`_source`), by its global and location, a tensor constant's
    as the global IREE outlines it into (:func:`constant_global`); None for any other value.
    A store of its own global's load IREE folds away (``EraseUnusedGlobalStoreOp``)."""
    return _load_of_source(_source(value))


def _load_of_source(source: ir.Value) -> tuple[str, ir.Location] | None:
    """:func:`_loaded_value` of a value already through :func:`_source`."""
    producer = _producer(source)
    if (
        producer is not None
        and producer.name == ARITH_CONSTANT
        and isinstance(producer.results[0].type, ir.RankedTensorType)
    ):
        return constant_global(str(producer.attributes["value"])), producer.location
    if producer is not None and isinstance(producer.results[0].type, ir.RankedTensorType):
        if producer.name != ARITH_CONSTANT and _of_constants(producer, _CONSTANT_EXPRESSION_DEPTH):
            name = f"{COMPUTED_CONSTANT}{producer.name} at {_file_line_col(producer.location)}"
            return name, producer.location
    if producer is None or producer.name != GLOBAL_LOAD:
        return None
    return global_name(producer), producer.location


#: How deep :func:`_of_constants` follows an expression's operands.
_CONSTANT_EXPRESSION_DEPTH = 32


def _of_constants(op: ir.Operation, depth: int) -> bool:
    """Is ``op`` a value op without regions (:data:`VALUE_DIALECTS`) whose operands are all
    made of ``arith.constant``s so? IREE evaluates such an expression before the splice and
    hoists its value into an immutable global of its own (``iree-util-hoist-into-globals``,
    then ``iree-consteval-jit-globals``): a store of it becomes a store of that global's load.
    What the value is, the check does not compute: IREE's folds of globals read every such
    value as one unknown constant (``global_folds._source``), which IREE may merge with any
    other of one value."""
    if op.name == LINALG_FILL:  # (a splat of its scalar: what it fills gives only the shape)
        return _static(op.results[0].type) and _made_of_constants(op.operands[0], depth)
    if depth <= 0 or not op.name.startswith(VALUE_DIALECTS) or len(op.regions) or not len(op.operands):
        return False  # (an op of no operands is no expression: a constant is read as one itself)
    for operand in op.operands:
        producer = _producer(operand)
        if producer is None:
            return False  # (an argument, a loop's carried value: not a constant)
        if producer.name != ARITH_CONSTANT and not _of_constants(producer, depth - 1):
            return False
    return True


def _made_of_constants(value: ir.Value, depth: int) -> bool:
    """Is ``value`` an ``arith.constant``, or made of them (:func:`_of_constants`)?"""
    producer = _producer(value)
    return producer is not None and (producer.name == ARITH_CONSTANT or _of_constants(producer, depth - 1))


def _static(kind: ir.Type) -> bool:
    """Is ``kind`` a tensor type of a static shape?"""
    return isinstance(kind, ir.RankedTensorType) and kind.has_static_shape


def _file_line_col(loc: ir.Location) -> str:
    """``file:line:col`` of ``loc`` (the first such in a fused location), or ``loc`` as printed."""
    found = _FILE_LINE_COL.search(str(loc))
    return f"{found[1]}:{found[2]}:{found[3]}" if found else str(loc)


def _source(value: ir.Value) -> ir.Value:
    """``value`` back through transfers, clones, whole slices and copies (which fold into their
    source or hold its bytes), through a branch or a select on a constant (the value it
    chooses: MLIR folds it first) and an op of its identity (``x + 0``: MLIR folds it too), and
    through a loop's argument every turn hands on unchanged, and a loop's result MLIR folds
    into another value (:func:`~stream_model.semantics.region_flow.invariant_result`), each
    compared through these same folds."""
    while True:
        if (entered := invariant_argument(value, _source)) is not None or (
            entered := invariant_result(value, _source)
        ) is not None:
            value = entered
            continue
        producer = _producer(value)
        if producer is None:
            return value
        if (
            producer.name in (ASYNC_TRANSFER, ASYNC_CLONE, LINALG_COPY)
            or _whole_slice(producer)
            or _whole_insert(producer)
        ):
            value = producer.operands[0]
        elif (
            (folded := folded_result(value)) is not None
            or (folded := constant_choice(producer)) is not None
            or (folded := identity_fold(producer)) is not None
        ):
            value = folded
        else:
            return value


def _entry_argument(source: ir.Value, function: ir.Operation) -> int | None:
    """Which argument of ``function`` ``source`` (a stored value, through :func:`_source`) is: a
    setter's stored argument, which IREE's inlining makes the call's operand."""
    owner = source.owner
    if not isinstance(owner, ir.Block) or not function.regions or not function.regions[0].blocks:
        return None
    if owner != function.regions[0].blocks[0]:
        return None
    return int(ir.BlockArgument(source).arg_number)


#: Getters followed into getters at most (a deeper chain is a store of no load shown).
_GETTER_DEPTH = 8


def _getter_load(
    source: ir.Value, symbol: str, callables: dict[str, ir.Operation], depth: int = 0
) -> tuple[tuple[str, ir.Location], tuple[str, ...]] | None:
    """For a stored value (through :func:`_source`) that a call's result is, where the callee
    (a function of the module, of one block) returns there a load of another global than the
    stored ``symbol`` (or a getter's result of one, in turn) that nothing after it in the
    callee writes (no store of that global, no call, no op with regions): that load, as
    :attr:`Event.loaded` names it, and the ``file:line:col`` of each call it is reached through
    (:attr:`Event.loaded_through`). A getter's result is the global's value at the call,
    whether IREE inlines the getter or keeps it (tensor campaign seed 19101: IREE took a global
    for the one a kept getter's result was stored from)."""
    call = _producer(source)
    if call is None or call.name not in CALLS or depth >= _GETTER_DEPTH:
        return None
    callee = callables.get(callee_name(call))
    if callee is None or not callee.regions or len(callee.regions[0].blocks) != 1:
        return None
    body = list(callee.regions[0].blocks[0].operations)
    number = ir.OpResult(source).result_number
    if not body or body[-1].name not in RETURNS or number >= len(body[-1].operands):
        return None
    returned = _source(body[-1].operands[number])
    load = _producer(returned)
    ops = [op.operation for op in body]
    if load is None or load not in ops:
        return None
    inner: tuple[str, ...] = ()
    if load.name == GLOBAL_LOAD:
        found = (global_name(load), load.location)
    elif (got := _getter_load(returned, symbol, callables, depth + 1)) is not None:
        found, inner = got
    else:
        return None
    if found[0] == symbol:
        return None  # (a store of the global's own value: IREE erases it only as a load, inlined)
    after = ops[ops.index(load) + 1 : -1]
    if any(op.name in CALLS or op.regions or (op.name == GLOBAL_STORE and global_name(op) == found[0]) for op in after):
        return None
    return found, (*inner, _file_line_col(call.location))


#: How :func:`constant_global` names the global IREE outlines a tensor constant into.
CONSTANT_GLOBAL = "constant "
#: How the name of a value of constants (:func:`_of_constants`) starts: a constant whose value
#: the check does not compute.
COMPUTED_CONSTANT = CONSTANT_GLOBAL + "computed by "


def constant_global(value: str) -> str:
    """The name an event gives the immutable global IREE 3.13 makes of a tensor constant
    (``iree-flow-outline-constants``, one per value, before the splice): a store of the
    constant becomes a store of that global's load."""
    return CONSTANT_GLOBAL + value


def _whole_slice(op: ir.Operation) -> bool:
    """A ``tensor.extract_slice`` of all of its source, at the source's type (MLIR folds it)."""
    if op.name != TENSOR_EXTRACT_SLICE or op.results[0].type != op.operands[0].type:
        return False
    return len(op.operands) == 1 and _zero_offsets_unit_strides(op)


def _whole_insert(op: ir.Operation) -> bool:
    """A ``tensor.insert_slice`` of a tensor into one of its type, at offset zero: MLIR folds
    it into the inserted value."""
    if op.name != TENSOR_INSERT_SLICE or op.operands[0].type != op.results[0].type:
        return False
    return len(op.operands) == 2 and _zero_offsets_unit_strides(op)


def _zero_offsets_unit_strides(op: ir.Operation) -> bool:
    offsets = list(ir.DenseI64ArrayAttr(op.attributes["static_offsets"]))
    strides = list(ir.DenseI64ArrayAttr(op.attributes["static_strides"]))
    return all(o == 0 for o in offsets) and all(s == 1 for s in strides)


def _producer(value: ir.Value) -> ir.Operation | None:
    """The op that makes ``value`` (None for a block argument)."""
    owner = value.owner
    return None if isinstance(owner, ir.Block) else owner.operation


def _transitive(
    events: dict[str, list[Event]], direct: dict[str, set[str]], callees: dict[str, set[str]]
) -> dict[str, frozenset[str] | None]:
    """Each function's globals with its callees', to a fixpoint; None for a function that calls
    one the module does not define (it may touch anything)."""
    touches: dict[str, frozenset[str] | None] = {k: frozenset(direct.get(k, ())) for k in events}
    changed = True
    while changed:
        changed = False
        for key in events:
            mine = touches[key]
            if mine is None:
                continue
            grown: set[str] | None = set(mine)
            for callee in callees.get(key, ()):
                theirs = touches.get(callee)
                if callee not in touches or theirs is None:
                    grown = None
                    break
                assert grown is not None
                grown |= theirs
            new = None if grown is None else frozenset(grown)
            if new != mine:
                touches[key] = new
                changed = True
    return touches


def check_global_order(
    before: GlobalEvents, after: ir.Module, not_compared: list[OrderNotCompared] | None = None
) -> list[GlobalOrderHazard]:
    """Every function whose accesses to some global ``after`` (the scheduled module) reorders
    relative to ``before`` (the same module before scheduling). Only an order with a write on
    one side matters (a store, or a call that may store the global): two reads may trade places,
    and so may the stores of a run of one value (:func:`_one_store_per_value`).
    A global some of whose accesses have no place in a sequence (:attr:`Event.ordered`) is
    not compared, and said so in ``not_compared``."""
    scheduled = global_events(after).events
    hazards: list[GlobalOrderHazard] = []
    for key, original in before.events.items():
        now = scheduled.get(key)
        if now is None:
            continue
        was, is_now = _by_global(before, original), _by_global(before, now)
        for name in sorted(before.globals):
            runs = _one_store_per_value(was.get(name, []), is_now.get(name, []), _inlined_chain)
            found = _compare(before, key, name, *runs, THE_SCHEDULE, not_compared, stale_reads=True)
            if not found and any(_in_a_cf_block(e) for e in was.get(name, ())):
                pairs = _paired_by_chain(was.get(name, []), is_now.get(name, []))
                found = _reordered_in_one_block(
                    before, key, name, was.get(name, []), pairs, THE_SCHEDULE, key=_inlined_chain
                )
            hazards += found
    return hazards


def _compare(
    events: GlobalEvents,
    function: str,
    name: str,
    was: list[Event],
    now: list[Event],
    stage: str,
    not_compared: list[OrderNotCompared] | None,
    stale_reads: bool = False,
) -> list[GlobalOrderHazard]:
    """The reorder of global ``name``'s accesses in ``function`` (one hazard at most). The
    accesses that have no place in a sequence (in a ``cf`` arm or loop) are left out of the
    comparison, with a note; those every execution runs, in their order, are compared.
    ``stale_reads``: a read left after a store that is gone is a hazard too (the schedule's
    comparison, of one module with itself; the input's has its own account of what IREE
    removes before the splice, :func:`_removed_across`)."""
    unordered = next((e for e in (*was, *now) if not e.ordered), None)
    if unordered is not None:
        if not_compared is not None and any(may_store(events, e, name) for e in (*was, *now)):
            not_compared.append(OrderNotCompared(function, name, unordered.describe(), stage))
        was, now = [e for e in was if e.ordered], [e for e in now if e.ordered]
    first = _first_reorder(events, was, now, name, stale_reads)
    if first is None:
        return []
    moved, past, stale, at_return = first
    reads = stale.describe() if stale is not None else ""
    return [
        GlobalOrderHazard(
            function, name, moved.describe(), past.describe(), stage, stale_read=reads, at_return=at_return
        )
    ]


def _by_global(events: GlobalEvents, sequence: list[Event]) -> dict[str, list[Event]]:
    """The events of ``sequence`` that touch each global, in order (a call to a function the
    module does not define, or one that may touch anything, touches every global)."""
    out: dict[str, list[Event]] = {}
    for e in sequence:
        if e.kind != "call":
            touched: frozenset[str] | None = frozenset({e.symbol})
        else:
            touched = events.touches.get(e.symbol) if e.symbol in events.touches else None
        for name in events.globals if touched is None else touched:
            out.setdefault(name, []).append(e)
    return out


def may_store(events: GlobalEvents, e: Event, name: str) -> bool:
    """Does ``e`` (an event touching global ``name``) store it?"""
    if e.kind == "store":
        return True
    if e.kind != "call":
        return False
    stored = (events.stores or {}).get(e.symbol)
    return e.symbol not in (events.stores or {}) or stored is None or name in stored


def _key(e: Event) -> tuple[str, str]:
    return (e.kind, e.symbol)


def _same_kind(a: Event, b: Event) -> bool:
    return _key(a) == _key(b)


def _same_access(a: Event, b: Event) -> bool:
    """The same access: same kind and symbol, at the same location (where both have one)."""
    if _key(a) != _key(b):
        return False
    # Locations are uniqued in their context: one object is one location, printed or not.
    return a.loc == b.loc or a.location == b.location or "unknown" in (a.location, b.location)


def _first_reorder(
    events: GlobalEvents, original: list[Event], now: list[Event], name: str, stale_reads: bool = False
) -> tuple[Event, Event, Event | None, bool] | None:
    """None when ``now`` keeps ``original``'s order of every pair with a write in it (events may
    be gone); else an event of ``now``, one it was moved past, and (where the first is a store
    that is gone, not moved) the read it leaves stale. The writes of ``now`` must be a
    subsequence of the original's; every read must sit between the same two writes, and (with
    ``stale_reads``) its last write before it must still be there: a pass may drop a store nothing reads
    (overwritten) or one that stores what the global holds (:attr:`Event.idle`), but a read
    still there after a store that is gone reads what the global held before it (IREE 3.13's
    schedule moving a store past a reload inside a region, then dropping it as overwritten:
    ``tests/regressions/campaign-switch-between-two-globals-reads-the-filled-global.json``)."""
    writes = [i for i, e in enumerate(original) if may_store(events, e, name)]
    matched: list[int] = []  # original index of each matched write of now, in order
    made: set[int] = set()  # positions in now of the writes scheduling made (matched to none)
    at = 0
    for k, e in enumerate(now):
        if not may_store(events, e, name):
            continue
        # A write is the original write at its location, where one is there (a pass may drop a
        # store that writes back what was loaded: the next store of the global is not that one).
        same = _same_access if any(_same_access(original[i], e) for i in writes) else _same_kind
        found = next((i for i in writes if i >= at and same(original[i], e)), None)
        if found is None:
            earlier = [i for i in writes if same(original[i], e)]
            if not earlier:
                made.add(k)
                continue  # a write scheduling made
            return e, original[matched[-1]] if matched else e, None, False
        matched.append(found)
        at = found + 1
    # Each read of now, between its neighbouring writes, must be found between the same writes
    # of the original.
    # A read is the original read at its location (IREE may duplicate a load: both copies are
    # that read).
    # (A write scheduling made bounds nothing: it has no place in the original.)
    w = 0
    for k, e in enumerate(now):
        if may_store(events, e, name):
            w += k not in made
            continue
        low = matched[w - 1] if w > 0 else -1
        high = matched[w] if w < len(matched) else len(original)
        at_places = [i for i in range(low + 1, high) if _same_access(original[i], e)]
        if not at_places:
            if not any(_same_access(o, e) for o in original):
                continue  # a read scheduling made
            past = original[matched[w - 1]] if w > 0 else original[high] if high < len(original) else e
            return e, past, None, False
        gone = [_gone_before(original, low, i, events, name) for i in at_places] if stale_reads else [None]
        if all(g is not None for g in gone):
            store = gone[0]
            assert store is not None
            return store, original[high] if high < len(original) else store, e, False
    gone_last = _last_write_gone(original, writes, matched, events, name) if stale_reads else None
    return (gone_last, original[matched[-1]], None, True) if gone_last is not None else None


def _last_write_gone(
    original: list[Event], writes: list[int], matched: list[int], events: GlobalEvents, name: str
) -> Event | None:
    """The function's last write of the global (``original[writes[-1]]``) where it is a store
    that is gone (not idle) while an earlier write of another value is the last now
    (``matched``): the global holds that one's value when the function returns, which the next
    call loads (review 20: IREE's schedule moves a store below the last, and drops the last)."""
    if not matched or writes[-1] in matched:
        return None
    last, kept = original[writes[-1]], original[matched[-1]]
    if last.kind != "store" or kept.kind != "store" or _idle(original, writes[-1], events, name):
        return None  # (a call kept last: what it stores is not known here)
    if last.value == kept.value or (last.constant and kept.constant):
        return None  # (one value; or two constants, which may hold equal bytes: review 21, r01)
    return last


def _gone_before(original: list[Event], low: int, at: int, events: GlobalEvents, name: str) -> Event | None:
    """The last store of ``original`` between positions ``low`` (the last write still there,
    or -1) and ``at`` (a read still there), which is gone and was not idle: the read's value
    came from it in the program. None when there is none."""
    for i in range(at - 1, low, -1):
        e = original[i]
        if may_store(events, e, name):
            return e if e.kind == "store" and not _idle(original, i, events, name) else None
    return None


def _idle(original: list[Event], k: int, events: GlobalEvents, name: str) -> bool:
    """Is the store ``original[k]`` one a pass may drop as storing what the global holds: a
    store of the global's own load (:attr:`Event.idle`) with no write of the global between
    that load and it? (With one, it puts the loaded value back: IREE's canonicalizer erases it
    all the same, ``EraseUnusedGlobalStoreOp``, and the write between stays.)"""
    store = original[k]
    if not store.idle or store.loaded is None:
        return False
    _, loc = store.loaded
    load = next((i for i in range(k - 1, -1, -1) if original[i].kind == "load" and original[i].loc == loc), None)
    # (A store between of that same load's value leaves the global holding it: review 21, s02.)
    return load is None or not any(
        may_store(events, e, name) and e.loaded != store.loaded for e in original[load + 1 : k]
    )


_FILE_LINE_COL = re.compile(r'"([^"]*)":(\d+):(\d+)')


def _frames(printed: str) -> list[str]:
    """Each ``file:line:col`` of a location as printed, in order (an op's own first, then, for
    a call-site location, the calls it was inlined through)."""
    return [f"{m[1]}:{m[2]}:{m[3]}" for m in _FILE_LINE_COL.finditer(printed)]


# -- the user's input against the module at the splice ---------------------------------------

#: What :class:`GlobalOrderHazard` names as the stages that moved an access before the splice.
BEFORE_THE_SPLICE = "IREE's stages before the splice"


@dataclass(frozen=True)
class InputOrder:
    """The accesses to globals of the user's input, before any of IREE's stages ran:
    :func:`check_input_order` compares the module at the splice with them. ``context`` keeps
    the input's locations alive."""

    events: GlobalEvents
    context: ir.Context


def input_order(module: ir.Module) -> InputOrder:
    """What :func:`check_input_order` needs of the user's input ``module``."""
    events = global_events(module, paths=True)
    for sequence in events.events.values():
        for e in sequence:
            _ = e.location  # (printed now, while the input's context is current)
    return InputOrder(events, module.context)


@dataclass(frozen=True)
class InputFunction:
    """A function of the user's input beside the module at the splice: its events with its
    callees' taken in (:func:`taken_in`), and the splice's events as the input names them
    (:func:`as_the_input_names_them`; None where the splice has no such function)."""

    was: list[Event]
    pairs: list[tuple[Event, Event]] | None
    #: All of the function's events at the splice (IREE's own too); empty where it has none.
    now: list[Event] = dataclasses.field(default_factory=list)

    def kept(self) -> dict[tuple[str, str, str], int]:
        """Each input event the splice still has, with its depth of regions there."""
        return {event_chain(e): len(at.scope) for e, at in self.pairs or ()}


def input_functions(original: InputOrder, spliced: GlobalEvents) -> dict[str, InputFunction]:
    """Every function of the user's input (``original``) paired with the module at the splice
    (``spliced``, its events): what :func:`check_input_order` and the folds' check
    (:mod:`.global_folds`) both read, made once. A function the splice has with no access
    left is paired with none (tensor campaign seed 16101: IREE erased a roll-back, forwarded
    the write before it to the reload, and then folded the global away)."""
    out: dict[str, InputFunction] = {}
    for key, sequence in original.events.events.items():
        was = taken_in(original.events, sequence, (), {key}, [0])
        now = spliced.events.get(key + "$async", spliced.events.get(key))
        if now is None and (key + "$async" in spliced.functions or key in spliced.functions):
            now = []  # (the function is there, with no access left: IREE folded its globals away)
        out[key] = InputFunction(was, None if now is None else as_the_input_names_them(was, now), now or [])
    return out


def check_input_order(
    original: InputOrder,
    spliced: GlobalEvents,
    not_compared: list[OrderNotCompared] | None = None,
    functions: dict[str, InputFunction] | None = None,
) -> list[GlobalOrderHazard]:
    """Every function of the module at the splice (``spliced``, its events) that reorders the
    accesses to a global the user's input (``original``) makes, as :func:`check_global_order`
    compares a schedule with its module. IREE 3.13's ``iree-util-simplify-global-accesses``
    moves loads and stores across ops with regions without looking into them, before the splice
    (README, the schedule check), where the check of the schedule cannot see it.

    IREE's stages inline, materialize and fold before the splice, so the input's side is each
    function's events with every call of a function the input defines followed by that callee's
    own events, reached through the call (recursively; a call of a function on the way is not
    taken in again), and events are matched by their whole location chain, never by kind alone:
    an event at the splice is the input's event of the same kind and global whose own location
    and call sites are the longest start of the chain its (call-site) location names (IREE adds
    frames of its own outside: a public function's wrapped body); a store located at a
    ``util.global`` is the initial value IREE materialized; any other event is IREE's own and
    compared with nothing (an event gone, or one IREE merged, bounds nothing: what it moved is
    not seen). Function ``f`` of the input is ``f$async`` at the splice where IREE made one (its
    coarse-fences ABI)."""
    hazards: list[GlobalOrderHazard] = []
    for key, function in (functions or input_functions(original, spliced)).items():
        if function.pairs is None:
            continue
        was, pairs = function.was, function.pairs
        mapped = [e for e, _ in pairs]
        by_was, by_now = _by_global(original.events, was), _by_global(original.events, mapped)
        kept = function.kept()
        dropped = _removed_across(original.events, key, was, kept, not_compared)
        placed = _placed_once(pairs)
        dead_work = _DeadWork(original.events, key, was, pairs, spliced, function.now)
        for name in sorted(original.events.globals):
            dead = dead_work.of(name)
            found = _compare(
                original.events,
                key,
                name,
                *_one_store_per_value(
                    [e for e in by_was.get(name, []) if event_chain(e) not in dead],
                    [e for e in by_now.get(name, []) if event_chain(e) not in dead],
                ),
                BEFORE_THE_SPLICE,
                not_compared,
            )
            across = _read_moved_across_an_arm(original.events, key, name, by_was.get(name, []), placed)
            within = (
                _reordered_in_one_block(
                    original.events,
                    key,
                    name,
                    by_was.get(name, []),
                    pairs,
                    BEFORE_THE_SPLICE,
                    dead,
                    unread=dead_work.unread,
                )
                if not (found or across) and any(_in_a_cf_block(e) for e in by_was.get(name, ()))
                else []
            )
            hazards += found or across or within or dropped.get(name, [])
    return hazards


class _DeadWork:
    """The accesses of each global of one function (by :func:`event_chain`) whose order shows
    in nothing the program computes, in the input and at the splice alike: a load whose value
    reaches only stores of the global (:attr:`Event.fed`), with those stores, where every path
    from each store in the input meets another store of the global before a read of it or the
    function's end (:class:`~.sequence_paths.SequencePaths`), and the splice has each store
    once, followed by another store before any read (:meth:`_overwritten_at_the_splice`). What
    the load reads then goes only into values nothing reads, so a store moved past it changes
    nothing (tensor campaign seeds 15101 and 15102: IREE moves a store below a while loop, past
    an arm that reloads and stores, and the loop's own store overwrites what the arm stored).
    ``was``: the input's events, callees taken in; ``pairs``: the splice's as the input names
    them; ``at_splice``: all of the splice's (``spliced``: its module's events).

    A store with no other store of its global in the function is overwritten nowhere: most
    candidates (a load, an update of it, its store) end there, before any path is followed.
    The function's paths are laid out at the first candidate that needs them, once. A group
    with an access whose location chain another access of the input shares is none (review 37:
    a traced loop's two steps, two calls of one helper, names over one position): the splice
    names both as one, and the other may be a read."""

    def __init__(
        self,
        events: GlobalEvents,
        function: str,
        was: list[Event],
        pairs: list[tuple[Event, Event]],
        spliced: GlobalEvents,
        at_splice: list[Event],
    ) -> None:
        self.events, self.function, self.was = events, function, was
        self.spliced, self.at_splice = spliced, at_splice
        self.loads: dict[str, list[Event]] = {}
        self.stores: dict[str, list[int]] = {}  # (the input's stores of each global, by index)
        self.chains = collections.Counter(event_chain(e) for e in was)
        self._paths: SequencePaths | None = None
        self._laid = False  # (the paths asked for: None where the sequence has none)
        self._index: dict[tuple[str, str, str], int] | None = None  # (each told-apart access's index)
        self._at: dict[tuple[str, str, str], list[Event]] | None = None  # (the splice's, by input chain)
        self._chains: dict[int, tuple[str, str, str]] = {}
        self._kept: set[tuple[str, str, str]] | None = None  # (the input's accesses the splice has)
        self._pairs = pairs
        if events.indirect or spliced.indirect:
            return
        for j, e in enumerate(was):
            if e.kind == "load" and e.fed and not e.idle:
                self.loads.setdefault(e.symbol, []).append(e)
            elif e.kind == "store":
                self.stores.setdefault(e.symbol, []).append(j)

    def of(self, name: str) -> set[tuple[str, str, str]]:
        """The dead work of global ``name``."""
        dead: set[tuple[str, str, str]] = set()
        for load in self.loads.get(name, ()):
            stores = stores_fed_by(load, self.was, self.stores.get(name, ()))
            if stores is None or len(self.stores[name]) == len(stores):
                continue  # (a store not among the events; or no other store to overwrite them)
            group = {event_chain(load), *(event_chain(self.was[j]) for j in stores)}
            if not self._told_apart(group):
                continue
            if all(self._overwritten_at_the_splice(self.was[j], group) for j in stores) and all(
                self._overwritten_in_the_input(j) for j in stores
            ):
                dead |= group
        return dead

    def _told_apart(self, group: set[tuple[str, str, str]]) -> bool:
        """Is each access of ``group`` the only one of its location chain in the input (the
        splice names accesses by it)?"""
        return all(self.chains[chain] == 1 for chain in group)

    def unread(self, store: Event, other: Event) -> bool:
        """Is the input's store ``store`` overwritten unread on every path
        (:func:`_overwritten_in_the_input`) by a store the splice still has, other than
        ``other``? :func:`_unread_pair` asks it; no where a read may not be an event of the
        paths (:func:`_paths_see_every_read`), or another access shares the store's location
        chain."""
        if not _paths_see_every_read(self.events) or self.chains[event_chain(store)] != 1:
            return False
        if self._index is None:
            self._index = {event_chain(e): i for i, e in enumerate(self.was) if self.chains[event_chain(e)] == 1}
        skip = event_chain(other)
        return self._overwritten_in_the_input(self._index[event_chain(store)], skip)

    def _overwritten_in_the_input(self, j: int, skip: tuple[str, str, str] | None = None) -> bool:
        """:func:`_overwritten_in_the_input` of ``was[j]``, by a store the splice still has
        (other than the access ``skip``)."""
        if not self._laid:
            self._paths, self._laid = SequencePaths.of(self.events, self.function, self.was), True
        if self._kept is None:
            self._kept = {event_chain(e) for e, _ in self._pairs}
        paths, kept = self._paths, self._kept
        return paths is not None and _overwritten_in_the_input(
            self.events, paths, self.was, j, lambda e: event_chain(e) in kept and event_chain(e) != skip
        )

    def _overwritten_at_the_splice(self, store: Event, group: set[tuple[str, str, str]]) -> bool:
        """Does the splice have the input's store ``store`` once, in a block every execution
        runs, and a store of its global after it that every run of it reaches (in its region or
        one around it), with no access of the global that reads it between: a load something
        reads, a call that may touch the global, other than the accesses of ``group`` (the dead
        work's own)? Between them lie the events after it up to that store, and those before it
        in the op it is nested in below the store's region (a loop's next turn)."""
        if self._at is None:
            self._at = {}
            for e, at in self._pairs:
                self._at.setdefault(event_chain(e), []).append(at)
                self._chains[id(at)] = event_chain(e)
        found = self._at.get(event_chain(store), [])
        if len(found) != 1 or not found[0].ordered:
            return False
        mine, at_splice, name = found[0], self.at_splice, store.symbol
        k = next(i for i, e in enumerate(at_splice) if e is mine)

        def reads(e: Event) -> bool:
            return (
                touches(self.spliced, e, name)
                and self._chains.get(id(e)) not in group
                and e.kind != "store"
                and not (e.kind == "load" and e.idle)
            )

        for q in range(k + 1, len(at_splice)):
            w = at_splice[q]
            if reads(w):
                return False
            if w.kind != "store" or w.symbol != name or w.idle or self._chains.get(id(w)) in group:
                continue
            if w.ordered and mine.scope[: len(w.scope)] == w.scope:
                start = k
                if len(mine.scope) > len(w.scope):  # (the op it is nested in, every region of it)
                    while start > 0 and _in_the_op_of(at_splice[start - 1], mine, len(w.scope)):
                        start -= 1
                return not any(reads(e) for e in at_splice[start:k])
        return False


def stores_fed_by(load: Event, sequence: list[Event], candidates: Iterable[int] | None = None) -> list[int] | None:
    """The indices in ``sequence`` of the stores ``load``'s value goes into (:attr:`Event.fed`:
    by location, reached through the same calls), among ``candidates`` (indices; all of the
    sequence by default); None where one of them is not there."""
    found = [
        j
        for j in (range(len(sequence)) if candidates is None else candidates)
        if sequence[j].kind == "store" and sequence[j].via == load.via and any(sequence[j].loc == at for at in load.fed)
    ]
    return found if len(found) == len(load.fed) else None


def _overwritten_in_the_input(
    events: GlobalEvents, paths: SequencePaths, was: list[Event], j: int, stays: Callable[[Event], bool]
) -> bool:
    """Does every path from the store ``was[j]`` meet another store of its global that changes
    it, and that the splice still has (``stays``), before a read of the global (a load
    something reads, a call that may touch it whose callee's events are not taken in) or the
    function's end? A store IREE erased overwrites nothing in what it builds (review 38's c_48:
    a loop's roll-back spelled ``(v ^ 9) ^ 9``, which IREE erases as a store of the global's own
    load)."""
    name = was[j].symbol

    def reads(i: int) -> bool:
        e = was[i]
        if not touches(events, e, name) or e.kind == "store":
            return False
        return not (e.idle if e.kind == "load" else taken_in_after(was, i))

    def overwrites(i: int) -> bool:
        e = was[i]
        return e.kind == "store" and e.symbol == name and not e.idle and i != j and stays(e)

    return not paths.meets(j, reads, overwrites, end=True)


def _in_the_op_of(e: Event, mine: Event, level: int) -> bool:
    """Is ``e`` nested in the op whose region holds ``mine`` at depth ``level`` of its scope
    (any region of that op: a while loop's condition runs between two turns of its body)?"""
    if len(e.scope) <= level or e.scope[:level] != mine.scope[:level]:
        return False
    theirs, ours = e.scope[level], mine.scope[level]
    if isinstance(theirs[0], int) and isinstance(ours[0], int):
        return bool(theirs[3] == ours[3])
    return bool(theirs == ours)


def _placed_once(pairs: list[tuple[Event, Event]]) -> dict[int, int]:
    """Per input event (by identity) that the splice has once, in a block every execution
    runs: its place in the splice's sequence (``pairs``: the splice's events, in order, each
    with the input's event it is)."""
    found: dict[int, list[tuple[int, Event]]] = {}
    for k, (e, now) in enumerate(pairs):
        found.setdefault(id(e), []).append((k, now))
    return {key: at[0][0] for key, at in found.items() if len(at) == 1 and at[0][1].ordered}


def _read_moved_across_an_arm(
    events: GlobalEvents, function: str, name: str, was: list[Event], placed: dict[int, int]
) -> list[GlobalOrderHazard]:
    """A store of global ``name`` (or a call that may store it) in a block not every
    execution runs (a ``cf`` arm: :func:`_compare` leaves it out), and a load of it that every
    execution runs once, in another block of the function's region, which the splice has in
    one ordered sequence the other way round (at most one hazard).

    Where both run, they run in the order of their blocks (:attr:`Event.top`): the load's
    block lies on every path and on no cycle, so it runs after the store's where the store's
    block reaches it, and before it where it reaches the store's. IREE's stages fold a branch
    into straight code where MLIR proves its arms one (a condition it folds, arms of one
    content), and then move the accesses of a global within the block, as in any (review 26:
    a setter called in such an arm, a reload in a loop after it, and IREE placed the reload
    before the store). A load that reads nothing (:attr:`Event.idle`) moves freely.
    ``placed``: where the splice has each input event (:func:`_placed_once`)."""
    writes = [(e, e.top) for e in was if not e.ordered and e.top is not None and may_store(events, e, name)]
    reads = [(e, e.top) for e in was if e.kind == "load" and not e.idle and e.ordered and e.top is not None]
    for write, (w_block, w_reaches) in writes:
        for read, (r_block, r_reaches) in reads:
            if r_block == w_block:
                continue
            write_first, read_first = r_block in w_reaches, w_block in r_reaches
            if write_first == read_first:
                continue  # (no order every execution keeps)
            w, r = placed.get(id(write)), placed.get(id(read))
            if w is not None and r is not None and (w < r) != write_first:
                moved, past = (read, write) if write_first else (write, read)
                return [GlobalOrderHazard(function, name, moved.describe(), past.describe(), BEFORE_THE_SPLICE)]
    return []


def _reordered_in_one_block(
    events: GlobalEvents,
    function: str,
    name: str,
    was: list[Event],
    pairs: list[tuple[Event, Event]],
    stage: str,
    left_out: set[tuple[str, str, str]] | frozenset[tuple[str, str, str]] = frozenset(),
    key: Callable[[Event], tuple[Any, ...]] | None = None,
    unread: Callable[[Event, Event], bool] | None = None,
) -> list[GlobalOrderHazard]:
    """The accesses of global ``name`` in one block of a ``cf`` arm or loop (not
    :attr:`~Event.ordered`: :func:`_compare` leaves them out) that the later module has in one
    block of its own, in another order (at most one hazard).

    Every run of a block runs its ops in order, so two accesses that every run of one block
    runs (:attr:`Event.in_block`) run in that order each time, however the branches around the
    block go; where the later module has both in one of its blocks, each run of that block runs
    them in its order. They are compared as :func:`_compare` compares a function's ordered
    accesses (tensor campaign seed 17101: inside a ``cf`` loop, IREE's stages before the splice
    move a store of @g0's own value below a while loop that stores @g0; IREE's schedule moves a
    store past a reload in a ``cf`` loop's block as in any other). Accesses the later module
    has in different blocks are compared with nothing: the order of two blocks' runs is no
    order here. Two stores that trade places are no hazard where nothing reads either
    (:func:`_unread_pair`, with ``unread``). ``was``: the earlier module's accesses of the
    global; ``pairs``: the later module's, each with the earlier one it is; ``left_out``:
    accesses (by :func:`event_chain`) whose order shows in nothing (:class:`_DeadWork`);
    ``key``: as for :func:`_one_store_per_value`; ``unread``: whether the earlier module's
    store (its first argument) is overwritten unread on every path, by a store other than its
    second argument (None: never taken to be)."""

    def compared(e: Event) -> bool:
        return _in_a_cf_block(e) and event_chain(e) not in left_out

    groups: dict[tuple[int, int | None], list[Event]] = {}
    for e, at in pairs:
        if compared(e) and at.in_block and touches(events, e, name):
            assert e.top is not None
            groups.setdefault((e.top[0], at.top[0] if at.top is not None else None), []).append(e)
    for (block, _), now in groups.items():
        runs = [dataclasses.replace(e, ordered=True) for e in was if compared(e) and e.top and e.top[0] == block]
        in_order = [dataclasses.replace(e, ordered=True) for e in now]
        while (first := _first_reorder(events, *_one_store_per_value(runs, in_order, key), name)) is not None:
            moved, past, _, _ = first
            pair = {event_chain(moved), event_chain(past)}
            if unread is None or not _unread_pair(events, name, moved, past, was, in_order, unread):
                return [GlobalOrderHazard(function, name, moved.describe(), past.describe(), stage)]
            runs = [e for e in runs if event_chain(e) not in pair]
            in_order = [e for e in in_order if event_chain(e) not in pair]
    return []


def _in_a_cf_block(e: Event) -> bool:
    """Is ``e`` an access of a block of a ``cf`` arm or loop that every run of the block runs
    (:func:`_reordered_in_one_block` compares those)?"""
    return not e.ordered and e.in_block and e.top is not None


def _unread_pair(
    events: GlobalEvents,
    name: str,
    moved: Event,
    past: Event,
    was: list[Event],
    now: list[Event],
    unread: Callable[[Event, Event], bool],
) -> bool:
    """May the stores ``moved`` and ``past`` of global ``name`` (``moved`` first in ``was``, the
    earlier module's accesses, and after ``past`` in ``now``, the later module's accesses of one
    block) trade places: is each overwritten unread in the earlier module, on every path, by a
    store other than the two (``unread``) outside their block (no other write of the global in
    it: IREE may move one of those above the two), and does the later module read neither in
    the block: no read between them or after both in ``now``? Then neither value is ever read,
    in either order (review 41's c01: a store IREE moves below a while loop that stores a
    constant, in a ``cf`` arm whose join stores again before any read)."""
    if moved.kind != "store" or past.kind != "store":
        return False
    pair = {event_chain(moved), event_chain(past)}
    chains = [event_chain(e) for e in now]
    by_chain = {event_chain(e): e for e in was}
    if not pair <= set(chains) or not pair <= set(by_chain):
        return False  # (one stands for a run of stores of one value: not these two alone)
    first, then = by_chain[event_chain(moved)], by_chain[event_chain(past)]
    if not (unread(first, then) and unread(then, first)):
        return False
    if _another_write_in_the_block(events, name, first, pair, was):
        return False

    def reads(e: Event) -> bool:
        return touches(events, e, name) and e.kind != "store" and not (e.kind == "load" and e.idle)

    start, end = chains.index(event_chain(past)), chains.index(event_chain(moved))
    if start > end or any(reads(e) for e in now[start + 1 : end]):
        return False
    return not any(reads(e) for e in now[end + 1 :])


def _another_write_in_the_block(
    events: GlobalEvents, name: str, store: Event, pair: set[tuple[str, str, str]], was: list[Event]
) -> bool:
    """Does the block of ``store`` (an access of a ``cf`` block, :attr:`Event.in_block`) write
    global ``name`` other than by the two stores of ``pair``? What overwrites the pair must lie
    outside it: IREE may have moved a write of the block above the later of the two (review
    42's m18: a while loop's condition stores a constant and its body another value; IREE sinks
    a store below the loop, past both)."""
    return any(
        e.top == store.top
        and e.in_block
        and not e.ordered
        and may_store(events, e, name)
        and event_chain(e) not in pair
        for e in was
    )


def _paths_see_every_read(events: GlobalEvents) -> bool:
    """Is every read of a global an event of the paths: no access through an address, no
    indirect call (review 42's m05: a join reloads the global through its address)?"""
    return not events.indirect


def _paired_by_chain(was: list[Event], now: list[Event]) -> list[tuple[Event, Event]]:
    """Each event of ``now`` (a module after a stage) with the one event of ``was`` (the module
    before it) of its kind, global and location, where IREE inlined it (:func:`_inlined_chain`);
    an event with none, or more than one, is left out."""
    by_chain: dict[tuple[Any, ...], Event | None] = {}
    for e in was:
        chain = _inlined_chain(e)
        by_chain[chain] = None if chain in by_chain else e
    return [(found, e) for e in now if (found := by_chain.get(_inlined_chain(e))) is not None]


def _one_store_per_value(
    was: list[Event], now: list[Event], key: Callable[[Event], tuple[Any, ...]] | None = None
) -> tuple[list[Event], list[Event]]:
    """``was`` and ``now`` (one global's events in a function, and the same function's after
    a stage, named as ``was`` names them: the input's and the splice's, or the module's before
    and after scheduling) with each run of stores of one SSA value, reached through the same
    calls, that no other event of the global separates (a load nothing reads does not: it sees
    no value), as its first store: no order among
    them can show (each leaves the global holding that value). Only stores every execution runs
    in their order make a run (a store in a ``cf`` arm may not run, and is compared as it is),
    and a store joins a run only where the run's first store runs whenever it does (in the
    first's region, or one nested in it: a store in an ``scf.if`` arm, or in a loop that may not
    turn, starts a run of its own). A run at the splice is one only where all of its stores are
    of one run of ``was``. ``key`` tells the accesses apart (:func:`event_chain` by default;
    the schedule's comparison adds where IREE inlined each, two copies of one callee's store
    being two stores)."""
    key = key or event_chain
    run_of: dict[tuple[Any, ...], int] = {}
    first: list[Event] = []
    kept_was: list[Event] = []
    for e in was:
        previous = next((p for p in reversed(kept_was) if not (p.kind == "load" and p.idle)), None)
        if (
            _may_run_with(e)
            and previous is not None
            and _may_run_with(previous)
            and (previous.value, previous.via) == (e.value, e.via)
            and e.scope[: len(previous.scope)] == previous.scope
        ):
            run_of[key(e)] = run_of[key(previous)]
            continue
        if e.kind == "store" and e.value:
            run_of[key(e)] = len(first)
            first.append(e)
        kept_was.append(e)
    kept_now: list[Event] = []
    last: int | None = None
    for e in now:
        run = run_of.get(key(e)) if _may_run_with(e) else None
        if run is not None and run == last:
            continue
        kept_now.append(e if run is None else dataclasses.replace(first[run], ordered=e.ordered))
        if not (e.kind == "load" and e.idle):
            last = run
    return kept_was, kept_now


def _inlined_chain(e: Event) -> tuple[Any, ...]:
    """:func:`event_chain`, and where IREE inlined the access: in a module IREE made, two
    inlined copies of one callee's access are two accesses."""
    return (*event_chain(e), e.inlined_at)


def _may_run_with(e: Event) -> bool:
    """May ``e`` join a run of stores of one value: a store every execution runs in its order?"""
    return e.kind == "store" and bool(e.value) and e.ordered


def event_chain(e: Event) -> tuple[str, str, str]:
    """An event of the input by its whole location chain (what :func:`as_the_input_names_them` matches)."""
    return (e.kind, e.symbol, e.location)


def _removed_across(
    events: GlobalEvents,
    function: str,
    was: list[Event],
    kept: dict[tuple[str, str, str], int],
    not_compared: list[OrderNotCompared] | None = None,
) -> dict[str, list[GlobalOrderHazard]]:
    """Per global, an access of it IREE 3.13's ``iree-util-simplify-global-accesses`` removed
    across an access of it inside a region, as the splice shows.

    The pass (read in IREE's sources) works block by block: it pairs each access of a global
    with the next one of the block, in sequences a call it keeps ends, and does not look into
    ops with regions between them. Walking each sequence from its end it erases a load after a
    store or a load (forwarding the earlier value: RAW, RAR) and a store a store follows (WAW),
    and repeats until nothing is erased. Inside a region between the two, a store makes the
    forwarded value stale, a read misses the erased store. The pass is simulated on ``was``
    (the input's events, callees taken in), each block with the loads its program reads (IREE
    deletes the others first); a removal is a hazard where the splice (``kept``: each input
    event it still has, with its depth of regions there) no longer has the removed access and
    still has the region's access, nested deeper than the block (a region IREE folded away
    leaves the access in the block: then the removal was right). Where the region's access is
    gone too, nothing shows the program still depends on the order: ``not_compared`` says so.
    IREE's stages fold, inline and delete before the pass runs; the simulation sees the input,
    so what it names is confirmed at the splice, never inferred
    (``tests/regressions/campaign-presplice-forward-across-a-loop.json``). The ordered accesses
    are one sequence of blocks, as before; a block of a ``cf`` arm or loop is simulated alone,
    with the accesses every run of it runs (:attr:`Event.in_block`)."""
    calls = {chain[2] for chain in kept if chain[0] == "call"}
    live = [e for e in was if e.ordered and not behind_a_kept_call(e, calls)]
    found: dict[str, list[GlobalOrderHazard]] = {}
    for section in (live, *_cf_blocks(was, calls)):
        for scope in dict.fromkeys(e.scope for e in section if e.kind != "call"):
            block = [e for e in section if e.scope[: len(scope)] == scope]
            depth = next((kept[event_chain(e)] for e in block if e.scope == scope and event_chain(e) in kept), None)
            for name, sequences in _sequences(block, scope, kept).items():
                if name not in found:
                    hazard = _simulated(events, function, block, scope, name, sequences, depth, kept, not_compared)
                    if hazard is not None:
                        found[name] = [hazard]
    return found


def _cf_blocks(was: list[Event], calls: set[str]) -> list[list[Event]]:
    """The accesses of each block of a ``cf`` arm or loop that every run of it runs
    (:attr:`Event.in_block`), in its order, each block's apart: :func:`_removed_across`
    simulates IREE's pass on each as on any block (review 41's a02: a store moved below a while
    loop that reads it, then dropped as overwritten). ``calls``: the calls the splice keeps (a
    callee's accesses behind one are not the block's)."""
    blocks: dict[int, list[Event]] = {}
    for e in was:
        if _in_a_cf_block(e) and not behind_a_kept_call(e, calls):
            assert e.top is not None
            blocks.setdefault(e.top[0], []).append(e)
    return list(blocks.values())


def _sequences(
    block: list[Event], scope: tuple[Any, ...], kept: dict[tuple[str, str, str], int]
) -> dict[str, list[list[int]]]:
    """Per global accessed in one block (``block``: its events and those nested in it, in
    order; ``scope``: its own), the sequences the pass pairs its accesses in (their indices in
    ``block``): a call IREE keeps starts new ones, and the idle accesses are left out (IREE's
    cleanup deletes them first)."""
    out: dict[str, list[list[int]]] = {}
    calls = 0  # (kept calls so far)
    for k, e in enumerate(block):
        if e.scope != scope:
            continue
        if e.kind == "call":
            calls += event_chain(e) in kept
            continue
        sequences = out.setdefault(e.symbol, [[]])
        while len(sequences) <= calls:
            sequences.append([])
        if not e.idle:
            sequences[calls].append(k)
    return out


def _simulated(
    events: GlobalEvents,
    function: str,
    block: list[Event],
    scope: tuple[Any, ...],
    name: str,
    sequences: list[list[int]],
    depth: int | None,
    kept: dict[tuple[str, str, str], int],
    not_compared: list[OrderNotCompared] | None,
) -> GlobalOrderHazard | None:
    """The first removal of :func:`_removed_across` in one block (``block``: its events and
    those nested in it, in order; ``scope``: its own) for global ``name``, whose accesses in
    it the pass pairs in ``sequences``; ``depth``: how deep the splice has the block."""
    for ops in sequences:
        removed = True
        while removed:
            removed = False
            i = len(ops) - 1
            while i >= 1:
                before, after = block[ops[i - 1]], block[ops[i]]
                between = block[ops[i - 1] + 1 : ops[i]]
                if after.kind == "load":  # (RAW, RAR: the later load takes the earlier value)
                    gone, partner, hidden_writes = after, before, True
                    del ops[i]
                elif before.kind == "store":  # (WAW: the earlier store is erased)
                    gone, partner, hidden_writes = before, after, False
                    del ops[i - 1]
                else:
                    i -= 1
                    continue
                removed = True
                i -= 1
                if event_chain(gone) in kept:
                    continue  # (IREE did not remove it: something the simulation does not see kept it)
                if not hidden_writes and _only_overwritten_work(events, between, scope, name):
                    continue  # (what the region computes from the global goes only to the global: overwritten)
                across = [
                    w
                    for w in between
                    if w.scope != scope
                    and not (w.kind == "load" and w.idle)
                    and touches(events, w, name)
                    and (may_store(events, w, name) if hidden_writes else w.kind != "store")
                    and not (hidden_writes and stores_the_same(w, partner))
                ]
                shown = next((w for w in across if _still_nested(w, kept, depth, scope)), None)
                if shown is not None:
                    return GlobalOrderHazard(
                        function, name, gone.describe(), partner.describe(), BEFORE_THE_SPLICE, shown.describe()
                    )
                lost = next((w for w in across if event_chain(w) not in kept), None)
                if lost is not None and not_compared is not None:
                    not_compared.append(
                        OrderNotCompared(function, name, gone.describe(), BEFORE_THE_SPLICE, lost.describe())
                    )
    return None


def _only_overwritten_work(events: GlobalEvents, between: list[Event], scope: tuple[Any, ...], name: str) -> bool:
    """Between a store IREE drops and the store that overwrites it, do the regions only store
    global ``name`` and load it into nothing but its own stores (:attr:`Event.feeds_own_stores`;
    no call that may touch it)? Then what they read is overwritten unread: dropping the first
    store changes nothing a later access sees."""
    inside = [w for w in between if w.scope != scope and touches(events, w, name)]
    return all(w.kind == "store" or (w.kind == "load" and w.feeds_own_stores) for w in inside)


def stores_the_same(w: Event, partner: Event) -> bool:
    """Does the region's store ``w`` store what ``partner`` (the store a load is forwarded
    from) stores: one SSA value, reached through the same calls? The forwarded value is then
    the one the region left (the value dominates the region: it is one value at every turn)."""
    return w.kind == partner.kind == "store" and bool(w.value) and w.value == partner.value and w.via == partner.via


def _still_nested(w: Event, kept: dict[tuple[str, str, str], int], depth: int | None, scope: tuple[Any, ...]) -> bool:
    """Is the access ``w`` of a region still at the splice, in a region below its block there:
    deeper than the block's accesses the splice has (``depth``), or, with none of those, as deep
    as in the input (no region around it folded away)?"""
    at = kept.get(event_chain(w))
    if at is None:
        return False
    return at > depth if depth is not None else at >= len(w.scope) > len(scope)


def behind_a_kept_call(e: Event, calls: set[str]) -> bool:
    """Is ``e`` a callee's event taken in through a call the splice still has (``calls``: their
    location chains)?"""
    return any(" at ".join(e.via[i:]) in calls for i in range(len(e.via)))


def touches(events: GlobalEvents, e: Event, name: str) -> bool:
    """Does ``e`` access global ``name``: a load or store of it, or a call that may."""
    if e.kind != "call":
        return e.symbol == name
    touched = events.touches.get(e.symbol) if e.symbol in events.touches else None
    return touched is None or name in touched


#: Events taken into one function at most (a call tree larger than this is left as its calls).
_MAX_TAKEN_IN = 100_000


def taken_in(
    events: GlobalEvents,
    sequence: list[Event],
    via: tuple[str, ...],
    open_: set[str],
    count: list[int],
    ordered: bool = True,
    scope: tuple[Any, ...] = (),
    block: Any = None,
    call: Event | None = None,
    top: tuple[int, frozenset[int]] | None = None,
    in_block: bool = True,
) -> list[Event]:
    """``sequence`` (reached through the calls ``via``) with each call of a function of the
    input followed by its callee's events, reached through that call (ordered only where the
    call is, in the call's scope: IREE inlines a callee's body into the call's block; its entry
    block into the call's block, ``block``, unless IREE keeps the callee out of line). A store
    of the callee's argument that every run of it makes (no region, no ``cf`` arm), where
    ``call`` (the call it is reached through, inlined) gives a load, stores that load
    (:attr:`Event.argument`)."""
    out: list[Event] = []
    for e in sequence:
        here = e
        if via:  # (a callee's op with regions is one per call site: named by the call's chain)
            inner = tuple((via, x) for x in e.scope)
            here = dataclasses.replace(
                e,
                via=via,
                ordered=e.ordered and ordered,
                scope=(*scope, *inner),
                block=_inlined_block(e, via, block),
                top=top,
                in_block=e.ordered and in_block,
            )
            here = _stores_the_operand(here, e, call, block)
            # (Only a store every run of the callee makes, in no region and no cf arm of it: one
            # there may be in an arm that the call's constants rule out once IREE inlines it.)
            if (
                call is not None
                and e.argument is not None
                and e.ordered
                and not e.scope
                and e.argument < len(call.arguments)
            ):
                loaded = call.arguments[e.argument]
                if loaded is not None:
                    # (Idle only where IREE inlines it: a kept setter's store of the load is no
                    # store of the load in IREE's IR, and is never erased.)
                    idle = loaded[0] == e.symbol and block is not None
                    here = dataclasses.replace(here, loaded=loaded, loaded_at=call.via, idle=idle)
        out.append(here)
        count[0] += 1
        callee = events.events.get(e.symbol) if e.kind == "call" else None
        if callee is None or e.symbol in open_ or count[0] > _MAX_TAKEN_IN:
            continue
        open_.add(e.symbol)
        kept_out = e.symbol in events.kept_out
        inlined = None if kept_out else here.block
        out += taken_in(
            events,
            callee,
            (here.own_location, *via),
            open_,
            count,
            here.ordered,
            here.scope,
            inlined,
            here,
            here.top,
            here.in_block,
        )
        open_.discard(e.symbol)
    return out


def _stores_the_operand(here: Event, e: Event, call: Event | None, block: Any) -> Event:
    """``here`` (the callee's event ``e`` taken in through ``call``): where it is a store of the
    callee's argument and IREE inlines the callee into the call's block (``block``), a store of
    the call's operand (review 48's p01: two setters of one value inlined into one block, which
    IREE's fuse of globals reads as one value stored to both)."""
    if call is None or block is None or e.argument is None or e.argument >= len(call.operand_values):
        return here
    return dataclasses.replace(here, value=call.operand_values[e.argument])


def _inlined_block(e: Event, via: tuple[str, ...], block: Any) -> Any:
    """The block of a callee's event ``e`` taken in through the calls ``via``: the call's
    (``block``, None for a callee IREE keeps out of line) for an event of the callee's entry
    block, outside any region (IREE inlines that block into the call's); else its own, named
    by the calls."""
    return block if block is not None and e.block == 1 and not e.scope else (via, e.block)


def as_the_input_names_them(was: list[Event], now: list[Event]) -> list[tuple[Event, Event]]:
    """The events at the splice ``now`` as the input's events ``was`` (those of one function,
    its callees' taken in) they are, each with the event at the splice: :func:`check_input_order`.
    IREE's own are dropped."""
    by_chain = {(e.kind, e.symbol, e.location): e for e in reversed(was)}
    out: list[tuple[Event, Event]] = []
    for e in now:
        frames = _frames(str(e.loc))
        # The outermost frames may be IREE's own (a public function's body is wrapped and
        # inlined back: its ops are located at the function's op too): the longest chain from
        # the op's own location that is one of the input's is the event.
        found = next(
            (
                f
                for n in range(len(frames), 0, -1)
                if (f := by_chain.get((e.kind, e.symbol, " at ".join(frames[:n])))) is not None
            ),
            None,
        )
        if found is not None:
            out.append((found if e.ordered else dataclasses.replace(found, ordered=False), e))
        # else: a store at a util.global's location (the initial value IREE materialized), or
        # any other event IREE made or merged: compared with nothing.
    return out
