"""What each op does to resources: one table, read by the rest of the model.

Every op that touches a ``!stream.resource`` value is described by an :class:`OpEffects`:
which resource operands it *reads* and *writes*, over which byte range, which results are *tied*
(the result is the operand's storage, updated in place), which results are *fresh* storage,
which share the operand's storage without writing it (casts), and which values *escape* the
function (exported, stored to a global, passed to a call) so that code we cannot see may read or
write them at any time.

The table is data (:data:`OP_TABLE`, one :class:`OpSpec` per op, naming accessors of the
generated op classes; for an op an alias folds into, which operands the fold rewrites,
:class:`FoldSpec`) plus a few functions for ops whose operand lists are variadic (dispatch,
call, return, region ops and their terminators, whose flow is :mod:`stream_model.semantics.region_flow`).
``tests/unit/test_op_table.py`` checks every entry against IREE 3.13's generated classes. An op
that uses or produces a resource and is not in the table is *unknown*: its resource operands are
treated as read and written over an unknown range and as escaping, and every slice whose
storage it can reach keeps its copy. Semantics follow ``Dialect/Stream/IR/StreamOps.td`` of
IREE 3.13.

How to teach the model an op
----------------------------

Teaching the model an op makes the copies around it decidable; teaching it wrong makes the rule
unsound. Read the op's ODS definition, its folders and its canonicalization patterns in IREE
3.13 first; then, in order:

1. **Name it.** If a module outside ``semantics/`` asks for the op by name, add a constant to
   :mod:`.ops` (no other module may write the name: ``tests/unit/test_layers.py``).
2. **Say what it does to resources**, in exactly one place:

   * a fixed operand list: an :class:`OpSpec` in :data:`OP_TABLE` (accesses by the generated
     op class's accessors, ``tied_to``, ``alias_of``, ``fresh_result``, ``external_result``,
     ``escapes``); ``operands`` in ODS order and a :class:`FoldSpec` if an alias may be folded
     into it (the rewrite then reads the source directly, at shifted offsets);
   * a variadic op (operand segments, ``tied_operands``): a function in :data:`VARIADIC`;
   * an op with regions or successors: an entry of
     :data:`~stream_model.semantics.region_flow.REGION_FLOW` (or ``BRANCH_OPS``), never here
     (``tests/unit/test_region_flow.py`` fails on a region op named anywhere else).

3. **Say what the schedule check reads of it without effects**, if it writes in place or
   hands its storage on: ``TARGET_FIRST_OPS`` or ``TIED_OPERAND_OPS`` (which operand it
   writes), ``COPY_LIKE_OPS`` (IREE lowers it to a HAL copy), ``SAME_STORAGE_OPS``,
   ``IDENTITY_OPS`` (an op outside ``KNOWN_RESOURCE_OPS`` given a resource is taken to read
   and write every byte of it).
4. **Say what IREE does to it after the splice**: :data:`MERGEABLE_PRODUCERS` if CSE merges two
   equal ones (check it on IREE: ``tests/e2e/test_merged_producers_on_iree.py``),
   :func:`prefers_clone_to_consumers`, and its folds and splats in
   :mod:`stream_model.semantics.canonical` (read by :mod:`stream_model.postsplice.merges`).
5. **Check the entry against IREE**: a snippet in ``CASES`` of ``tests/unit/test_op_table.py``
   (an entry without one fails). It checks that every accessor the entry names exists on IREE
   3.13's generated op class (``iree.compiler.dialects.stream``), that ``operands`` is the ODS
   order, and that the op on the snippet reads, writes, ties, aliases and frees what the entry
   says.
6. **Cases of the rule**: ``// -----`` chunks in ``tests/ir/*.mlir`` where a slice beside the op
   is aliased and one where it is kept (``DECISION`` and ``LOG`` lines), and an end-to-end run
   on IREE's runtime if the op reaches the device (``tests/e2e``).
7. **The campaign shape**: an op kind in ``tests/campaign/program.py``, rendered by
   ``render.py``, computed by the numpy interpreter ``interp.py`` and drawn by
   ``strategies.py`` (``KINDS``), so that generated programs put the op between slices and their
   reads and the stock and rewritten builds are compared bit for bit on the runtime.
8. **The mutation**: a weakening of the new entry (a write dropped, a tie forgotten, a merge
   missed) in ``tests/campaign/test_mutations.py`` (``test_schedule_mutations.py`` for what the
   schedule check reads) that the campaign must catch: a rule the campaign cannot tell from its
   weakening is not tested.
9. **The snapshot**: ``tools/decision_snapshot.py`` changes where the op appears; read the
   changed decisions, then take the new snapshot as the baseline.
"""

from __future__ import annotations

from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from enum import Enum
from typing import TypeAlias

from iree.compiler import ir

from ..ir.util import (
    DISPATCH_OPERAND_SEGMENTS,
    FUNCTION_OPS,
    defining_op,
    dispatch_group_starts,
    dispatch_operand_index,
    operand_segments,
    parent_op,
)
from .ops import (
    ARITH_CONSTANT,
    ARITH_SELECT,
    ASYNC_CALL,
    ASYNC_CAST,
    ASYNC_COLLECTIVE,
    ASYNC_COPY,
    ASYNC_DISPATCH,
    ASYNC_FILL,
    ASYNC_SLICE,
    ASYNC_STORE,
    ASYNC_UPDATE,
    GLOBAL_LOAD,
    GLOBAL_STORE,
    OPTIMIZATION_BARRIER,
    RESOURCE_SUBVIEW,
    TENSOR_CONSTANT,
    TENSOR_EMPTY,
    TENSOR_IMPORT,
    TENSOR_SPLAT,
    TIMEPOINT_AWAIT,
    TIMEPOINT_BARRIER,
    UTIL_CALL,
    UTIL_RETURN,
)
from .region_flow import (
    BRANCH_OPS,
    EXECUTION_REGION,
    HOST_TERMINATORS,
    REGION_FLOW,
    REGION_TERMINATORS,
    Runs,
    captured,
    constant_condition,
    constant_int,
    device_holder,
    flow_of,
    is_device_region,
    region_ties,
    resource_results,
    yielded,
)
from .region_flow import branch_operands as branch_operands
from .region_flow import is_resource as is_resource
from .region_flow import tied_operands as tied_operands


@dataclass(frozen=True, eq=False, slots=True)
class Plus:
    """A bound ``base + delta`` (scalar loads and stores access ``[offset, offset + width)``)."""

    base: ir.Value
    delta: int


# A range bound is an IR index value, a literal integer, ``Plus``, or ``None`` for "unknown".
Bound: TypeAlias = "ir.Value | int | Plus | None"


class Kind(Enum):
    READ = "read"
    WRITE = "write"


@dataclass(frozen=True, eq=False, slots=True)
class Access:
    """One byte-range access of ``value`` by an op: ``[start, end)`` in the value's addressing.

    ``start``/``end`` of ``None`` mean the range is unknown (the whole resource, or worse).
    ``size`` is the resource's size as the op states it, for the in-bounds facts.
    ``length`` is the byte count the op really moves when it has its own operand for it
    (a copy's ``length``, an update's ``update_size``, a fill's ``target_length``, a slice's
    result size, a dispatch operand's ``for`` length): IREE lowers the op with it, and the
    verifiers do not check it against ``end - start``. The range is ``[start, end)`` only
    where the two provably agree; elsewhere it is unknown (see ``facts.access_range``).
    """

    value: ir.Value
    kind: Kind
    start: Bound
    end: Bound
    size: ir.Value | None = None
    length: Bound = None
    #: Why the range is unknown, said where the access is made (empty when the range is known).
    why: str = ""

    @property
    def range_known(self) -> bool:
        return self.start is not None and self.end is not None


@dataclass(eq=False, slots=True)
class OpEffects:
    """Everything the model needs to know about one op's resource behaviour."""

    accesses: list[Access] = field(default_factory=list)
    tied: list[tuple[ir.Value, ir.Value]] = field(default_factory=list)  # (result, operand)
    aliases: list[tuple[ir.Value, ir.Value]] = field(default_factory=list)  # same storage, no write
    fresh: list[ir.Value] = field(default_factory=list)  # results in new storage
    external: list[ir.Value] = field(default_factory=list)  # results of unknown provenance
    escapes: list[ir.Value] = field(default_factory=list)  # operands code we cannot see may touch
    global_load: tuple[ir.Value, str] | None = None  # (result, global symbol)
    global_store: tuple[ir.Value, str] | None = None  # (stored value, global symbol)
    # Operands whose storage becomes a global's by what the op does (a call whose callee
    # stores its argument to the global): (operand position, global symbol). A position, not
    # the value: one value may be passed twice, to be stored to two globals.
    joins_globals: list[tuple[int, str]] = field(default_factory=list)
    # Results that may be a global's buffer by what the op does (a call whose callee returns a
    # load of the global): (result, global symbol). Such a result is also ``external``.
    holds_globals: list[tuple[ir.Value, str]] = field(default_factory=list)
    unknown: bool = False  # the op is not in the table but touches resources
    # Globals whose storage the op may write besides its accesses (calls); None: any global and
    # any external storage.
    writes_globals: frozenset[str] | None = frozenset()
    # Operands the op may still be reading after its results are ready (calls whose callee
    # reads an argument off the path to its results): results do not order later writes.
    late_reads: list[ir.Value] = field(default_factory=list)


# --------------------------------------------------------------------------------------------
# Table-driven ops: each access names accessors of the generated op view.


@dataclass(frozen=True)
class AccessSpec:
    """``operand`` read or written over ``[start, end)``; names are op-view accessors.

    ``start`` may be ``0``; ``end`` may be the name of a size accessor (the whole operand) or
    ``("+", offset_accessor, byte_width_of_result_or_value)`` for scalar loads/stores.
    """

    operand: str
    kind: Kind
    start: str | int
    end: str | tuple[str, str, str]
    size: str
    length: str | None = None  # the accessor of the byte count the op moves, if it has one


@dataclass(frozen=True)
class FoldSpec:
    """How a consumer reading an alias through operand ``source`` is folded (:mod:`stream_model.postsplice.folds`):
    it names the alias's source instead, the ``shifted`` operands get the alias's offset added,
    and ``size`` (if any) becomes the source's size. ``in_place``: those operands are rewritten
    in the op; otherwise the op is replaced (an update of the whole alias becomes a copy of the
    source's bytes). ``unless_also``: no fold when ``source`` is that operand too."""

    source: str
    size: str | None
    shifted: tuple[str, ...]
    in_place: bool = True
    unless_also: str | None = None


@dataclass(frozen=True)
class OpSpec:
    accesses: tuple[AccessSpec, ...] = ()
    tied_to: str | None = None  # result 0 is tied to this operand
    alias_of: str | None = None  # result 0 shares this operand's storage (no write)
    fresh_result: bool = False
    external_result: bool = False
    escapes: tuple[str, ...] = ()
    #: The op's operands in ODS order (IREE 3.13; fixed-arity ops), where a fold needs their
    #: positions: ``operands[i]`` is the accessor of ``op.operands[i]``.
    operands: tuple[str, ...] = ()
    fold: FoldSpec | None = None
    #: ``operands`` by accessor: where each is in the op's operand list.
    positions: dict[str, int] = field(init=False, repr=False, compare=False)
    #: Which of ``operands`` are resources (ODS types them: the accessed, tied and aliased
    #: operands are ``AnyStreamResource``, the offsets, ends and sizes ``Index``).
    resources: tuple[bool, ...] = field(init=False, repr=False, compare=False)

    def __post_init__(self) -> None:
        object.__setattr__(self, "positions", {name: i for i, name in enumerate(self.operands)})
        named = {a.operand for a in self.accesses} | {self.tied_to, self.alias_of} | set(self.escapes)
        object.__setattr__(self, "resources", tuple(name in named for name in self.operands))

    def position(self, accessor: str) -> int:
        """Where the operand ``accessor`` names is in the op's operand list."""
        return self.positions[accessor]


R, W = Kind.READ, Kind.WRITE

OP_TABLE: dict[str, OpSpec] = {
    # A slice is a copy of [offset, end) of its source into new storage: the op we elide.
    "stream.async.slice": OpSpec(
        (AccessSpec("source", R, "source_offset", "source_end", "source_size", "result_size"),),
        fresh_result=True,
        operands=("source", "source_size", "source_offset", "source_end", "result_size"),
        fold=FoldSpec("source", "source_size", ("source_offset", "source_end")),
    ),
    "stream.async.update": OpSpec(
        (
            AccessSpec("update", R, 0, "update_size", "update_size"),
            AccessSpec("target", W, "target_offset", "target_end", "target_size", "update_size"),
        ),
        tied_to="target",
        operands=("target", "target_size", "target_offset", "target_end", "update", "update_size"),
        fold=FoldSpec("update", None, ("update_size",), in_place=False, unless_also="target"),
    ),
    "stream.async.copy": OpSpec(
        (
            AccessSpec("source", R, "source_offset", "source_end", "source_size", "length"),
            AccessSpec("target", W, "target_offset", "target_end", "target_size", "length"),
        ),
        tied_to="target",
        operands=(
            "target",
            "target_size",
            "target_offset",
            "target_end",
            "source",
            "source_size",
            "source_offset",
            "source_end",
            "length",
        ),
        fold=FoldSpec("source", "source_size", ("source_offset", "source_end")),
    ),
    "stream.async.fill": OpSpec(
        (AccessSpec("target", W, "target_offset", "target_end", "target_size", "target_length"),), tied_to="target"
    ),
    "stream.async.collective": OpSpec(
        (
            AccessSpec("source", R, "source_offset", "source_end", "source_size", "source_length"),
            AccessSpec("target", W, "target_offset", "target_end", "target_size", "target_length"),
        ),
        tied_to="target",
    ),
    "stream.async.store": OpSpec(
        (AccessSpec("target", W, "target_offset", ("+", "target_offset", "value"), "target_size"),),
        tied_to="target",
    ),
    "stream.async.load": OpSpec(
        (AccessSpec("source", R, "source_offset", ("+", "source_offset", "result"), "source_size"),),
        operands=("source", "source_size", "source_offset"),
        fold=FoldSpec("source", "source_size", ("source_offset",)),
    ),
    "stream.async.splat": OpSpec(fresh_result=True),
    "stream.async.alloca": OpSpec(fresh_result=True),
    # A constant's contents in new storage (IREE may merge two equal ones: MERGEABLE_PRODUCERS).
    "stream.async.constant": OpSpec(fresh_result=True),
    # A cast changes lifetime/affinity, not storage: its result is the same bytes.
    "stream.async.cast": OpSpec(alias_of="source"),
    "stream.async.barrier": OpSpec(alias_of="source"),
    "stream.tensor.import": OpSpec(external_result=True),
    # An exported resource is visible to the caller, who may read or write it at any time.
    "stream.tensor.export": OpSpec((AccessSpec("source", R, 0, "source_size", "source_size"),), escapes=("source",)),
}

#: Producers of fresh storage that IREE 3.13 may merge after the splice: ``Pure`` ops whose two
#: instances with equal attributes and operands CSE makes one value, one buffer (checked on IREE,
#: see :mod:`stream_model.postsplice.merges`). ``stream.tensor.import`` is ``Pure`` too: two imports of
#: one buffer view are one value. ``stream.async.splat``, ``stream.async.alloca`` and
#: ``stream.async.clone`` are not ``Pure`` and are never merged (a clone IREE rematerialises
#: shares its source's storage in the table already, :func:`_clone`), except a splat of a
#: 64-bit pattern (:func:`is_mergeable_producer`). Results that IREE's canonicalizer folds into
#: another value after the splice (a whole slice, a whole update) are
#: :func:`stream_model.postsplice.merges.folded_pairs`.
MERGEABLE_PRODUCERS = frozenset(
    {
        "stream.async.dispatch",
        "stream.async.slice",
        "stream.async.transfer",
        "stream.async.constant",
        "stream.tensor.import",
    }
)


def is_mergeable_producer(op: ir.Operation) -> bool:
    """May IREE merge ``op`` with an equal op after the splice? The ops of
    :data:`MERGEABLE_PRODUCERS`, and a splat or fill of a 64-bit pattern: no device fills one
    natively, so ``iree-stream-materialize-builtins`` (after the splice) makes it a
    ``__builtin_splat_i64``/``__builtin_fill_i64`` dispatch, which CSE merges like any other
    (checked on IREE 3.13)."""
    if op.name in MERGEABLE_PRODUCERS:
        return True
    return op.name in ("stream.async.splat", "stream.async.fill") and _byte_width(op.opview.value) in (8, None)


#: Async ops whose ``preferCloneToConsumers`` is always true in IREE 3.13 (StreamOps.cpp): a
#: clone of their result is rewritten into the op itself again (``PropagateClonableOps``, the
#: clone's canonicalization, which scheduling and every cleanup after the splice run).
_ALWAYS_RECOMPUTED = frozenset({"stream.async.splat", "stream.async.alloca", "stream.async.clone"})


def prefers_clone_to_consumers(op: ir.Operation) -> bool:
    """IREE 3.13's ``StreamableOpInterface::preferCloneToConsumers`` for the async ops: a clone
    of the result is made by running the op again. True for splats, allocas and clones, and for
    a dispatch that consumes no resource ("effectively a slow splat", ``AsyncDispatchOp``)."""
    if op.name == "stream.async.dispatch":
        return not any(is_resource(v) for v in op.operands)
    return op.name in _ALWAYS_RECOMPUTED


def is_resource_free_producer(op: ir.Operation) -> bool:
    """An async producer CSE may merge with an equal op (:func:`is_mergeable_producer`) that
    reads no resource: its operands are all scalars, so an equal op may sit anywhere its
    scalars are visible, inside a nested execution or concurrent region too (a resource
    operand inside such a region is the region's own block argument, never the value from
    above, so producers that read resources are never equal across the boundary)."""
    return (
        op.name.startswith("stream.async.")
        and is_mergeable_producer(op)
        and not any(is_resource(v) for v in op.operands)
    )


def is_clone_for_iree(op: ir.Operation) -> bool:
    """A ``stream.async.clone``, or a transfer IREE's canonicalizer makes one (within one
    affinity, no staging memory: ``SameAffinityTransferToClone``, as :func:`_transfer` says)."""
    if op.name == "stream.async.clone":
        return True
    if op.name != "stream.async.transfer":
        return False
    view = op.opview
    staging = any("<staging>" in str(v.type) for v in (view.source, view.result))
    return not staging and str(view.source_affinity) == str(view.target_affinity)


# Ops that take a resource operand only to ask about it, never touching its bytes.
IGNORED_OPS = frozenset({"stream.resource.size"})
#: The host loops: IREE 3.13's ``iree-stream-propagate-timepoints`` carries a timepoint beside
#: each resource their regions carry, and awaits it in none of the region's ops but
#: :data:`AWAITING_USERS`.
CARRYING_LOOPS = frozenset(
    name for name, flow in REGION_FLOW.items() if flow.runs is Runs.REPEATS and not flow.device_body
)
#: The ops whose resource operands that pass gives the timepoint it has for them (its
#: ``expandTimepoints``: execution regions, awaits, calls, returns, branches, stores, loops,
#: and their terminators), or that never touch the resource's bytes (its size). Any other op
#: given a loop's carried resource takes it unawaited.
AWAITING_USERS = frozenset(
    {
        EXECUTION_REGION,
        TIMEPOINT_AWAIT,
        TIMEPOINT_BARRIER,
        UTIL_CALL,
        UTIL_RETURN,
        GLOBAL_STORE,
        *IGNORED_OPS,
        *BRANCH_OPS,
        *HOST_TERMINATORS,
        *(name for name, flow in REGION_FLOW.items() if not flow.device_body),
    }
)


def awaited_by_a_host_op(value: ir.Value) -> bool:
    """Does IREE 3.13 make a host op that takes ``value`` (a resource at the splice, such as a
    ``util.optimization_barrier``) wait until it is ready? Not for a resource a loop's region
    carries (:data:`CARRYING_LOOPS`): ``iree-stream-propagate-timepoints`` pairs it with the
    timepoint the loop carries beside it and leaves the wait to the users it expands
    (:data:`AWAITING_USERS`); any other op reads the resource while the work making it may
    still run (read in PropagateTimepoints.cpp; a repair's copy through a barrier of an inner
    loop's init read it unmade: "transient buffer has not been committed", one run in fifty
    under load). Every other value is awaited: a block argument of a function's body at the
    block's start, a region op's result right after the op, an execution region's result by
    the await scheduling puts before its host uses."""
    if not isinstance(value, ir.BlockArgument):
        return True
    parent = value.owner.owner
    return parent is None or parent.name not in CARRYING_LOOPS


#: Host ops whose resource result IREE 3.13's ``iree-stream-propagate-timepoints`` takes to be
#: ready when the op returns (its ``consumeTimepoint`` finds no timepoint for it): an import of
#: the caller's buffer, and a barrier (on a value the host waited for; one on a loop's carried
#: value is :mod:`stream_model.schedule.unawaited`'s to repair). And a global's load used as it
#: is: the pass gives every load of a resource global an await of the global's timepoint and
#: hands every use the await's result (``expandGlobalLoadOp``, ``replaceAllUsesExcept``), so a
#: use of the load itself remains only where canonicalization folded that await away, its
#: timepoint immediate (an immutable global's, which only an initializer stores: tensor
#: campaign seed 22101, a false refusal of a barrier on a constant a loop carries).
READY_WHEN_MADE = frozenset({TENSOR_IMPORT, OPTIMIZATION_BARRIER, GLOBAL_LOAD})


def ready_at(value: ir.Value) -> ir.Value | None | bool:
    """The timepoint IREE 3.13's ``iree-stream-propagate-timepoints`` takes ``value`` (a
    resource in scheduled host code) to be ready at (its ``consumeTimepoint``): an await's
    timepoint for its result, an execution region's for its results. True where the value is
    ready when made (:data:`READY_WHEN_MADE`, or a function's argument: the pass awaits it at
    the function's start). None for any other value: a loop's region argument or a region op's
    or a call's result (the pass carries a timepoint beside each, which canonicalization may
    merge or drop: review 44's q07 took an inner loop's result for ready, and awaited another
    value's timepoint), a host synchronization (``sync``), an op the table does not know."""
    if isinstance(value, ir.BlockArgument):
        parent = value.owner.owner
        return True if parent is None or parent.name in FUNCTION_OPS else None
    op = value.owner
    if op.name == TIMEPOINT_AWAIT:
        return None if "sync" in op.attributes else op.opview.await_timepoint
    if op.name == EXECUTION_REGION:
        return op.opview.result_timepoint
    return True if op.name in READY_WHEN_MADE else None


def _byte_width(value: ir.Value) -> int | None:
    """Width in bytes of a scalar stored or loaded by stream.async.store/load; None (an
    unknown range) for a width that is not whole bytes (``i1``, ``i4``: how many bytes IREE
    touches for those is not something the model claims)."""
    t = value.type
    try:
        bits = ir.IntegerType(t).width if isinstance(t, ir.IntegerType) else ir.FloatType(t).width
    except Exception:  # noqa: BLE001 - a type we do not know the width of: unknown range
        return None
    return bits // 8 if bits > 0 and bits % 8 == 0 else None


def _from_spec(op: ir.Operation, spec: OpSpec, operands: Sequence[ir.Value] | None) -> OpEffects:
    """The effects ``spec`` gives ``op``. ``operands`` (all of ``op``'s, when the caller has
    read them): an accessor the spec places in the operand list is read from there, each
    generated accessor being a binding call of its own (and the op view another)."""
    at = spec.positions if operands is not None and len(operands) == len(spec.operands) else {}
    view: ir.OpView | None = None

    def read(accessor: str) -> ir.Value:
        nonlocal view
        i = at.get(accessor)
        if i is not None:
            return operands[i]  # type: ignore[index]  # (at is empty without operands)
        if view is None:
            view = op.opview
        return getattr(view, accessor)

    fx = OpEffects()
    for a in spec.accesses:
        value = read(a.operand)
        start: Bound = a.start if isinstance(a.start, int) else read(a.start)
        if isinstance(a.end, tuple):
            _, base, scalar = a.end
            width = _byte_width(read(scalar))
            end: Bound = None if width is None else Plus(read(base), width)
            if width is None:
                start = None
        else:
            end = read(a.end)
        length = read(a.length) if a.length is not None else None
        why = BYTES_NOT_KNOWN if start is None or end is None else ""
        fx.accesses.append(Access(value, a.kind, start, end, read(a.size), length, why=why))
    result = op.results[0] if len(op.results) else None
    if spec.tied_to is not None:
        fx.tied.append((result, read(spec.tied_to)))
    if spec.alias_of is not None:
        fx.aliases.append((result, read(spec.alias_of)))
    if spec.fresh_result:
        fx.fresh.append(result)
    if spec.external_result:
        fx.external.append(result)
    fx.escapes.extend(read(name) for name in spec.escapes)
    return fx


# --------------------------------------------------------------------------------------------
# Variadic ops.


def resource_flags(op: ir.Operation, operands: Sequence[ir.Value]) -> tuple[bool, ...]:
    """Which of ``op``'s operands (``operands``: all of them, in order) are resources. Of a
    dispatch only ``resource_operands`` is looked at: its other operand groups are ``Index``
    in ODS, which the verifier holds them to, and the type test is a binding call per operand
    (a dispatch has a dozen, nearly all indices); of an op the table lists the operands of,
    none is tested (the table says which are resources, as ODS does)."""
    spec = OP_TABLE.get(op.name)
    if spec is not None and spec.operands and len(operands) == len(spec.operands):
        return spec.resources
    if op.name != "stream.async.dispatch":
        return tuple(is_resource(v) for v in operands)
    starts = dispatch_group_starts(op)
    start, end = starts["resource_operands"], starts["resource_operand_sizes"]
    return (False,) * start + tuple(is_resource(v) for v in operands[start:end]) + (False,) * (len(operands) - end)


def _dispatch(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """Dispatch reads each resource operand over its ``[offset to end]`` and writes the operands
    its results are tied to; untied results are fresh storage. Dispatches cannot write untied
    operands (the async form has no other way to produce a write)."""
    fx = OpEffects()
    segment = operand_segments(op, DISPATCH_OPERAND_SEGMENTS, operands)
    operands = segment["resource_operands"]
    # Offsets, ends and sizes are listed for the resource operands only, in order.
    positions = [i for i, v in enumerate(operands) if is_resource(v)]
    offsets, ends, sizes, lengths = (
        segment["resource_operand_offsets"],
        segment["resource_operand_ends"],
        segment["resource_operand_sizes"],
        segment["resource_operand_lengths"],
    )
    tied_operand_ids = set()
    for result_index, operand_index in enumerate(tied_operands(op)):
        result = op.results[result_index]
        if operand_index is None:
            if is_resource(result):
                fx.fresh.append(result)
            continue
        tied_operand_ids.add(operand_index)
        fx.tied.append((result, operands[operand_index]))
    for k, operand_index in enumerate(positions):
        value = operands[operand_index]
        fx.accesses.append(Access(value, R, offsets[k], ends[k], sizes[k], lengths[k]))
        if operand_index in tied_operand_ids:
            fx.accesses.append(Access(value, W, offsets[k], ends[k], sizes[k], lengths[k]))
    return fx


def _call(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """A call before (or without) its callee's summary: the callee may read and write any
    resource it is given, any global and any external storage, and its results may alias
    anything. :mod:`stream_model.interproc.calls` replaces this with the callee's summary when it has one."""
    fx = OpEffects(writes_globals=None)
    for v in operands:
        if is_resource(v):
            fx.accesses.append(Access(v, R, None, None, why=CALL_MAY_WRITE))
            fx.accesses.append(Access(v, W, None, None, why=CALL_MAY_WRITE))
            fx.escapes.append(v)
            fx.late_reads.append(v)
    fx.external.extend(r for r in op.results if is_resource(r))
    return fx


def callee_name(op: ir.Operation) -> str:
    """The symbol a ``util.call`` calls."""
    return str(ir.FlatSymbolRefAttr(op.attributes["callee"]).value)


def global_name(op: ir.Operation) -> str:
    """The global a ``util.global.load``/``store`` accesses."""
    return str(ir.FlatSymbolRefAttr(op.attributes["global"]).value)


def _return(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """Returned resources reach the caller, which may touch them at any time."""
    return OpEffects(escapes=[v for v in operands if is_resource(v)])


def _global_access(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """A resource global's load (its result is the global's buffer) or store (the stored
    value becomes the global's buffer); index globals carry no storage."""
    fx = OpEffects()
    store = op.name == "util.global.store"
    value = operands[0] if store else op.results[0]
    if is_resource(value):
        entry = (value, str(ir.FlatSymbolRefAttr(op.attributes["global"]).value))
        if store:
            fx.global_store = entry
        else:
            fx.global_load = entry
    return fx


def _region_op(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """A known region op: no effects of its own (its region edges are storage edges), except
    an execution or concurrent region's tied result that yields a value not made in place from
    its capture (:func:`_device_region_op`)."""
    if is_device_region(op):
        return _device_region_op(op)
    return OpEffects()


#: Why an access's range is unknown, said where the access is made.
UNKNOWN_OP = "an op the model does not know"
CALL_MAY_WRITE = "a call whose callee may write this storage"
BYTES_NOT_KNOWN = "the model does not know which bytes it writes"
#: Why a tied result of an execution or concurrent region writes its capture.
YIELDED_INTO_CAPTURE = (
    "a result tied to this storage yields a value not made in place from it, which IREE writes into it"
)


def _device_region_op(op: ir.Operation) -> OpEffects:
    """A tied result of an execution or concurrent region is the captured operand's storage.
    When the region yields a value that is not that capture, written in place (a dispatch's
    fresh result, another capture, a slice), IREE's allocation puts the yielded value into the
    captured buffer: the region op writes the whole capture, at an order the model does not
    know."""
    fx = OpEffects()
    region = op
    operands = captured(region)
    args = list(region.regions[0].blocks[0].arguments)
    out = yielded(region)
    for k, tied in region_ties(region):
        if tied >= len(operands):
            continue
        if k >= len(out) or not _made_in_place_from(out[k], args[tied] if tied < len(args) else None):
            fx.accesses.append(Access(operands[tied], W, None, None, why=YIELDED_INTO_CAPTURE))
    return fx


def _made_in_place_from(value: ir.Value, origin: ir.Value | None) -> bool:
    """Is ``value`` the storage ``origin`` holds: ``origin`` itself, or the end of a chain of
    in-place ops (tied results) that starts at it? Nested execution and concurrent regions are
    followed through what they yield and what they capture."""
    for _ in range(10_000):
        if origin is None:
            return False
        if value == origin:
            return True
        owner = value.owner
        if isinstance(owner, ir.Block):
            parent = device_holder(owner)
            if parent is None:
                return False
            value = captured(parent)[ir.BlockArgument(value).arg_number]
            continue
        producer = owner.operation if hasattr(owner, "operation") else owner
        if is_device_region(producer):
            results = resource_results(producer)
            k = next((i for i, r in enumerate(results) if r == value), None)
            out = yielded(producer)
            if k is None or k >= len(out):
                return False
            value = out[k]
            continue
        operand = next((o for r, o in effects_of(producer).tied if r == value), None)
        if operand is None:
            return False
        value = operand
    return False


def _branch(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """A ``cf`` branch touches no bytes: its operands become the successor's block arguments
    (storage edges, see :mod:`stream_model.model.storage`)."""
    return OpEffects()


def _terminator(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """A region terminator: a storage edge to a known parent; to any other parent, every
    resource it yields escapes (the model does not follow it)."""
    if flow_of(parent_op(op)) is not None:
        return OpEffects()
    return OpEffects(escapes=[v for v in operands if is_resource(v)])


def _clone(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """A clone copies its source into new storage, but only as long as IREE keeps it: after
    the splice, a clone of a rematerialisable value (a splat, a dispatch result) is rewritten
    into a second identical producer, which CSE may merge with the first, so the "copy" ends
    up sharing the source's buffer. Only a clone of a value
    loaded from a global is trusted to be fresh; every other clone shares its source's storage
    for the model."""
    view = op.opview
    fx = OpEffects(accesses=[Access(view.source, R, 0, view.source_size, view.source_size)])
    producer = defining_op(view.source)
    if isinstance(producer, ir.Operation) and producer.name == "util.global.load":
        fx.fresh.append(view.result)
    else:
        fx.aliases.append((view.result, view.source))
    return fx


def _transfer(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """A transfer between two affinities moves its source into new storage. A transfer within
    one affinity (both spelled the same, or both left out) that involves no staging memory is
    a clone for IREE: its canonicalizer rewrites it into one (``SameAffinityTransferToClone``),
    and the clone then shares its source's storage as :func:`_clone` says. A transfer of a
    transfer back to the first one's source type folds into that source."""
    view = op.opview
    staging = any("<staging>" in str(v.type) for v in (view.source, view.result))
    # IREE compares the two attributes: both left out counts as the same, one left out does not.
    same = str(view.source_affinity) == str(view.target_affinity)
    if staging or not same:
        return OpEffects(accesses=[Access(view.source, R, 0, view.source_size, view.source_size)], fresh=[view.result])
    fx = _clone(op, operands)
    producer = defining_op(view.source)
    if isinstance(producer, ir.Operation) and producer.name == "stream.async.transfer":
        fx.aliases.append((view.result, producer.opview.source))
    return fx


def _timepoint_await(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """``stream.timepoint.await %tp => %r...``: each result is its operand's storage, ready
    once ``%tp`` is reached (no bytes touched)."""
    awaited = list(op.opview.resource_operands)
    return OpEffects(aliases=[(r, v) for r, v in zip(op.results, awaited) if is_resource(r)])


def _timepoint_barrier(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """``stream.timepoint.barrier %r => %r', %tp``: the resource result is its operand's
    storage (no bytes touched)."""
    return OpEffects(aliases=[(op.results[0], op.opview.resource)])


def _optimization_barrier(op: ir.Operation, operands: Sequence[ir.Value]) -> OpEffects:
    """``util.optimization_barrier %r``: each result is its operand (IREE folds nothing through
    it; no bytes touched). The shared-globals repair puts one before its copy, so that IREE's
    scheduler cannot put the copy in the execution region, and the allocation, of the original."""
    return OpEffects(aliases=[(r, v) for r, v in zip(op.results, operands) if is_resource(r)])


#: Ops whose effects depend on more than a fixed table row, each by a function of the op and
#: its operands (read once by the caller: reading them is a binding call per operand).
VARIADIC: dict[str, Callable[[ir.Operation, Sequence[ir.Value]], OpEffects]] = {
    "stream.timepoint.await": _timepoint_await,
    "stream.timepoint.barrier": _timepoint_barrier,
    "stream.async.clone": _clone,
    "stream.async.transfer": _transfer,
    "stream.async.dispatch": _dispatch,
    "util.call": _call,
    "util.return": _return,
    "util.optimization_barrier": _optimization_barrier,
    "util.global.load": _global_access,
    "util.global.store": _global_access,
    **{name: _region_op for name in REGION_FLOW},
    **{name: _terminator for name in REGION_TERMINATORS},
    **{name: _branch for name in BRANCH_OPS},
}


def effects_of(op: ir.Operation, operands: Sequence[ir.Value] | None = None) -> OpEffects:
    """The resource effects of one op (an :class:`OpEffects`, ``unknown`` if not modelled).
    ``operands``: all of ``op``'s, when the caller has read them already (the model's walk
    does, once per op: reading them again is a binding call per operand)."""
    name = op.name
    if name in OP_TABLE:
        return _from_spec(op, OP_TABLE[name], operands)
    operands = tuple(op.operands) if operands is None else operands
    if name in VARIADIC:
        return VARIADIC[name](op, operands)
    touched = [v for v in operands if is_resource(v)]
    produced = [r for r in op.results if is_resource(r)]
    if (name in IGNORED_OPS and not produced) or (not touched and not produced):
        return OpEffects()
    fx = OpEffects(unknown=True, writes_globals=None)
    for v in touched:
        fx.accesses.append(Access(v, R, None, None, why=UNKNOWN_OP))
        fx.accesses.append(Access(v, W, None, None, why=UNKNOWN_OP))
        fx.escapes.append(v)
        fx.late_reads.append(v)
    fx.external.extend(produced)
    return fx


# Host ops whose results are computed from their operands alone: an SSA chain through them
# carries the ordering of whatever produced their operands. Other ops with host results (calls,
# exports, unknown ops) may return before the device work behind their operands is done.
# ``stream.resource.size`` is not one: it reads the size the IR already knows, IREE folds it to
# that size operand before scheduling, so it waits for nothing.
ORDER_PRESERVING_HOST_OPS = ("arith.", "affine.", "index.", "util.assume.int", "util.align", "stream.async.load")


def carries_order(value: ir.Value, producer: ir.Operation) -> bool:
    """Does a use of ``value`` start only after ``producer``'s work is complete?

    A resource is ready only when the op producing it has finished (stream async semantics),
    and ``stream.async.load`` waits for its source. Host values of other ops promise nothing.
    """
    return is_resource(value) or producer.name.startswith(ORDER_PRESERVING_HOST_OPS)


def is_same_device_copy(op: ir.Operation, single_device: bool) -> bool:
    """A ``stream.async.transfer`` that only copies: same type, same (only) device.

    Such a transfer is a whole-resource slice; IREE inserts them at function boundaries. A
    transfer between devices or lifetimes really moves data and is never a candidate.
    """
    if op.name != "stream.async.transfer" or not single_device:
        return False
    view = op.opview
    if view.source.type != view.result.type:
        return False
    src_aff, dst_aff = view.source_affinity, view.target_affinity
    return src_aff is None or dst_aff is None or str(src_aff) == str(dst_aff)


# --------------------------------------------------------------------------------------------
# In place, as the op's form says: what the schedule check and the repairs read of an op
# without computing its effects.

#: In-place ops IREE lowers to a HAL copy: their source must not overlap their target.
COPY_LIKE_OPS = frozenset({ASYNC_COPY, ASYNC_UPDATE, ASYNC_COLLECTIVE})
#: Ops of the table that write an operand in place, and async calls (dispatches and regions
#: write what their ``tied_operands`` say).
IN_PLACE_OPS = frozenset(name for name, spec in OP_TABLE.items() if spec.tied_to is not None) | {ASYNC_CALL}
#: Ops whose resource results are their operands' storage (same bytes, same addressing).
SAME_STORAGE_OPS = frozenset({TIMEPOINT_AWAIT, TIMEPOINT_BARRIER, ASYNC_CAST})
#: Ops whose result ``k`` is their operand ``k``, untouched (IREE's identity with respect to
#: optimizations).
IDENTITY_OPS = frozenset({OPTIMIZATION_BARRIER})
#: Host ops whose result is one of their operands, chosen at run time, untouched: IREE's
#: canonicalizer turns an ``scf.if`` whose arms only yield values of the enclosing block into an
#: ``arith.select`` of them, of resources too (stream seed 7074). Its result is either buffer.
CHOICE_OPS = frozenset({ARITH_SELECT})
#: Ops whose ``tied_operands`` make them write operands in place.
TIED_OPERAND_OPS = frozenset({ASYNC_DISPATCH, ASYNC_CALL, UTIL_CALL})
#: In-place ops of the table whose first operand is the target (IREE 3.13's ODS order).
TARGET_FIRST_OPS = frozenset({ASYNC_UPDATE, ASYNC_COPY, ASYNC_FILL, ASYNC_STORE})
#: Ops the model knows what they do to resources (the op table, its variadic ops, the ops that
#: only ask about a resource, same-storage and identity ops, subviews, async calls); any other
#: op given a resource may read and write every byte of it.
KNOWN_RESOURCE_OPS = frozenset(
    {*OP_TABLE, *VARIADIC, *IGNORED_OPS, *SAME_STORAGE_OPS, *IDENTITY_OPS, RESOURCE_SUBVIEW, ASYNC_CALL}
)
#: Dialects (and ops) of ops on host values: given no resource, they touch none. One given a
#: resource is not on host values (``arith.select`` of two buffers: :data:`CHOICE_OPS`).
HOST_VALUE_PREFIXES = ("arith.", "index.", "affine.", "math.", "hal.", "util.assume", "util.align")
#: Ops whose (untied) result is storage of its own wherever in IREE's pipeline it is made: the
#: table's fresh producers but a slice (IREE folds a whole slice into its source, and the
#: rewrite may make any slice a subview of it), a dispatch, and the tensor-phase ops those are
#: converted from. A chain of in-place writes that starts at one writes no global.
FRESH_STORAGE_OPS = frozenset(
    {
        *(name for name, spec in OP_TABLE.items() if spec.fresh_result and name != ASYNC_SLICE),
        ASYNC_DISPATCH,
        TENSOR_CONSTANT,
        TENSOR_EMPTY,
        TENSOR_SPLAT,
    }
)


def effects_with_async_calls(op: ir.Operation) -> OpEffects:
    """The op table's effects, and ``stream.async.call``'s (a call of an external async
    function), which the table does not describe: like a dispatch, it reads each resource
    operand over its ``[offset to end for length]`` and writes the tied ones in place."""
    if op.name != ASYNC_CALL:
        return effects_of(op)
    view = op.opview
    fx = OpEffects()
    operands = list(view.resource_operands)
    positions = [i for i, v in enumerate(operands) if is_resource(v)]
    offsets, ends = list(view.resource_operand_offsets), list(view.resource_operand_ends)
    sizes, lengths = list(view.resource_operand_sizes), list(view.resource_operand_lengths)
    tied: set[int] = set()
    for k, t in enumerate(tied_operands(view)):
        if t is not None and t < len(operands):
            tied.add(t)
            fx.tied.append((op.results[k], operands[t]))
        elif is_resource(op.results[k]):
            fx.fresh.append(op.results[k])
    for k, i in enumerate(positions):
        value = operands[i]
        fx.accesses.append(Access(value, Kind.READ, offsets[k], ends[k], sizes[k], lengths[k]))
        if i in tied:
            fx.accesses.append(Access(value, Kind.WRITE, offsets[k], ends[k], sizes[k], lengths[k]))
    return fx


def in_place_positions(op: ir.Operation) -> list[int]:
    """The positions in ``op.operands`` of the operands ``op`` writes in place (read from the
    op's form: the target of an in-place op of the table, which IREE 3.13 puts first; a
    dispatch's, async call's or ``util.call``'s ``tied_operands``)."""
    if op.name in TARGET_FIRST_OPS or op.name == ASYNC_COLLECTIVE:
        return [0]
    if op.name not in TIED_OPERAND_OPS or "tied_operands" not in op.attributes:
        return []
    start = dispatch_operand_index(op, "resource_operands", 0) if op.name == ASYNC_DISPATCH else 0
    tied = [ir.IntegerAttr(a).value for a in ir.ArrayAttr(op.attributes["tied_operands"])]
    count = len(op.operands)
    return [start + t for t in tied if t >= 0 and start + t < count and is_resource(op.operands[start + t])]


def chosen_operands(op: ir.Operation) -> list[ir.Value]:
    """The operands a :data:`CHOICE_OPS` op's result may be (``arith.select``: the true and the
    false value; not the condition)."""
    return list(op.operands)[1:3]


#: Integer ``arith`` ops that fault on some operands (a zero divisor; the signed division of
#: the least integer by -1): computed from bytes a program never meant them to see, they may
#: crash it.
FAULTING_ARITH = frozenset(
    {
        "arith.divsi",
        "arith.divui",
        "arith.ceildivsi",
        "arith.ceildivui",
        "arith.floordivsi",
        "arith.remsi",
        "arith.remui",
    }
)
#: ``tensor`` ops that compute their result from their operands' contents alone, reading no
#: element at a position the contents choose (a gather or a scatter would).
_TENSOR_VALUE_OPS = frozenset(
    {
        "tensor.empty",
        "tensor.cast",
        "tensor.extract",
        "tensor.extract_slice",
        "tensor.insert",
        "tensor.insert_slice",
        "tensor.from_elements",
        "tensor.splat",
        "tensor.expand_shape",
        "tensor.collapse_shape",
    }
)


def computes_for_any_bytes(op: ir.Operation) -> bool:
    """Does ``op`` compute its results for whatever bytes its tensor operands hold, never
    faulting on them: an ``arith`` op that does not divide integers (:data:`FAULTING_ARITH`), a
    ``math`` op, a ``tensor`` op that reads no element at a position its contents choose, or a
    ``linalg`` op whose body holds only such scalar ops (no ``tensor.extract`` of a position
    made of an element: review 37's gather crashed on the bytes IREE's reorder gave it)? What
    such ops compute from a stale load is wrong but harmless where nothing reads it."""
    name = op.name
    if name.startswith("arith."):
        return name not in FAULTING_ARITH
    if name.startswith("math."):
        return True
    if name.startswith("tensor."):
        return name in _TENSOR_VALUE_OPS
    if name.startswith("linalg."):
        return all(
            _scalar_body_op(inner) for region in op.regions for block in region.blocks for inner in block.operations
        )
    return False


def _scalar_body_op(op: ir.OpView) -> bool:
    """An op of a ``linalg`` body that computes for any operands: scalar ``arith`` (no integer
    division) and ``math``, the iteration's index, the yield."""
    name = op.operation.name
    if op.operation.regions:
        return False
    if name.startswith("arith."):
        return name not in FAULTING_ARITH
    return name.startswith("math.") or name in ("linalg.yield", "linalg.index")


#: Integer ``arith`` ops MLIR folds to one operand where the other is a constant identity: the
#: identity, and whether it may stand on either side (``x + 0``, ``0 + x``; ``x - 0``, ``x * 1``).
IDENTITY_FOLDS: dict[str, tuple[int, bool]] = {
    "arith.addi": (0, True),
    "arith.subi": (0, False),
    "arith.muli": (1, True),
    "arith.ori": (0, True),
    "arith.xori": (0, True),
    "arith.divsi": (1, False),
    "arith.divui": (1, False),
    "arith.shli": (0, False),
    "arith.shrsi": (0, False),
    "arith.shrui": (0, False),
    "arith.andi": (-1, True),  # (all ones: an i1 ``true``, read as -1)
}
#: Integer ``arith`` ops MLIR folds to their operand where both operands are one value
#: (``x & x``, ``max(x, x)``: review 36).
IDEMPOTENT_OPS = frozenset({"arith.andi", "arith.ori", "arith.maxsi", "arith.maxui", "arith.minsi", "arith.minui"})


def identity_fold(op: ir.Operation) -> ir.Value | None:
    """The operand an op of :data:`IDENTITY_FOLDS` folds to, where the other is its identity
    (a scalar, or a tensor splat of it), or an op of :data:`IDEMPOTENT_OPS` of one value twice;
    None for any other op (review 35: ``old + 0`` stored is a store of the global's own load,
    which IREE erases)."""
    if len(op.operands) != 2:
        return None
    lhs, rhs = op.operands
    if op.name in IDEMPOTENT_OPS and lhs == rhs:
        return lhs
    fold = IDENTITY_FOLDS.get(op.name)
    if fold is None:
        return None
    identity, either = fold
    if _constant_splat(rhs) == identity:
        return lhs
    return rhs if either and _constant_splat(lhs) == identity else None


def _constant_splat(value: ir.Value) -> int | None:
    """The integer an ``arith.constant`` holds (:func:`~.region_flow.constant_int`), or every
    element of its splat tensor holds."""
    scalar = constant_int(value)
    if scalar is not None:
        return scalar
    owner = value.owner
    op = None if isinstance(owner, ir.Block) else getattr(owner, "operation", owner)
    if op is None or op.name != ARITH_CONSTANT or "value" not in op.attributes:
        return None
    try:
        dense = ir.DenseIntElementsAttr(op.attributes["value"])
    except (ValueError, TypeError):  # (a float, a resource blob, anything but dense integers)
        return None
    return int(ir.IntegerAttr(dense.get_splat_value()).value) if dense.is_splat else None


def constant_choice(op: ir.Operation) -> ir.Value | None:
    """The operand a :data:`CHOICE_OPS` op is where its condition is a scalar constant (MLIR
    folds it to that operand); None for any other op or condition."""
    if op.name not in CHOICE_OPS:
        return None
    condition = constant_condition(op.operands[0])
    return None if condition is None else op.operands[1 if condition != 0 else 2]


def in_place_operands(op: ir.Operation) -> list[ir.Value]:
    """The operands ``op`` writes in place (:func:`in_place_positions`), each once."""
    out: list[ir.Value] = []
    for k in in_place_positions(op):
        if not any(v == op.operands[k] for v in out):
            out.append(op.operands[k])
    return out


def tied_operand_of(op: ir.Operation, result: ir.Value) -> ir.Value | None:
    """The operand ``op`` writes in place to make ``result``, read from the op's form alone
    (no effects computed): the target of a table op, a dispatch's or call's tied operand."""
    if op.name in TARGET_FIRST_OPS:
        return op.operands[0] if len(op.results) and op.results[0] == result else None
    if op.name in (ASYNC_DISPATCH, ASYNC_CALL) and "tied_operands" in op.attributes:
        k = ir.OpResult(result).result_number
        tied = tied_operands(op.opview)
        if k < len(tied) and tied[k] is not None:
            return list(op.opview.resource_operands)[tied[k]]
        return None
    if op.name == ASYNC_COLLECTIVE:
        return op.operands[0]
    return None
