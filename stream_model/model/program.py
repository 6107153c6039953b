"""The model of a whole module: functions, their ops and effects, storage bases, index values.

Built once per module from the parsed IR; everything later (facts, proofs, decisions) reads it.
Ops are kept in program order (pre-order over regions) so logs and decisions are deterministic.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from functools import cached_property

from iree.compiler import ir

from ..ir.naming import Names
from ..ir.util import (
    FUNCTION_OPS,
    ModuleLike,
    back_edges,
    defining_op,
    function_name,
    parent_op,
    parent_op_of_block,
    readable_attributes,
    survey,
)
from ..semantics.op_table import OpEffects, callee_name, carries_order, effects_of, is_same_device_copy
from ..semantics.ops import (
    ASYNC_SLICE,
    ASYNC_TRANSFER,
    DIRECT_GLOBAL_ACCESS_OPS,
    GLOBAL_LOAD,
    GLOBAL_STORE,
    TIMEPOINT_AWAIT,
    TIMEPOINT_JOIN,
    UTIL_CALL,
    UTIL_GLOBAL,
    UTIL_INITIALIZER,
)
from ..semantics.region_flow import (
    REGION_FLOW,
    ResultsReady,
    device_holder,
    flow_of,
    is_device_region,
    is_resource,
    outside_captures,
    resource_results,
    yielded,
)
from ..symbolic.ranges import IndexTranslator
from .loader import require_stream_phase
from .storage import GlobalInfo, StorageContext
from .versions import live_version

__all__ = ["FunctionModel", "ModuleModel", "OpInfo", "copied_from", "function_name"]

#: Ordering questions about ops at most this far apart are answered by a local backward search;
#: farther ones by the memoised ancestor sets (which cost a walk of everything upstream once).
LOCAL_SEARCH_OPS = 64


@dataclass(eq=False, slots=True)
class OpInfo:
    op: ir.Operation
    effects: OpEffects
    index: int  # pre-order position within the function
    top_level: bool  # directly in the function's entry block: executes on every call
    in_loop: bool  # nested in a region that may run many times: may execute many times
    has_regions: bool
    block_id: int = 0  # which block holds the op (ops of one block run in one straight line)
    # Region ops of this function around the op that may run their regions many times
    # (scf.for, scf.while, and every region op the model does not know), outermost first.
    loops: tuple[ir.Operation, ...] = ()
    # The ids of the blocks around the op, outermost first, ending with ``block_id``. Every op
    # of a block runs whenever the block runs (structured regions have no early exits), so a
    # fact established by an op holds exactly where its block has run: see ``within``.
    blocks: tuple[int, ...] = ()
    # The last op of its block: the only op that may have successors (MLIR's verifier holds
    # an op with successors to ending its block).
    ends_block: bool = False
    # The op's operands, read once by the walk (each read of an op's operands is a binding
    # call per operand; the effects, the order and the merge facts all need them).
    operands: tuple[ir.Value, ...] = ()
    # The op's name, read once (a binding call and a new string each time: every pass that
    # looks for some kind of op scans them all).
    name: str = ""

    def within(self, block_id: int) -> bool:
        """Is the op nested (at any depth) in the block ``block_id``?"""
        return block_id in self.blocks


@dataclass(eq=False)
class FunctionModel:
    op: ir.Operation
    name: str
    ops: list[OpInfo]
    by_op: dict[ir.Operation, OpInfo]
    _ancestors: dict[int, int] = field(default_factory=dict)  # op index -> bitset of op indices
    _preds: dict[int, list[OpInfo]] = field(default_factory=dict)  # op index -> order predecessors
    _producers: dict[ir.Value, OpInfo] | None = None  # see _order_producers
    # Blocks of its body, or of any region in it, branch back (a loop written with cf
    # branches): a block may run many times, which the model does not describe; slices in the
    # function keep their copy.
    cfg_cycle: bool = False
    # Blocks that are the body of a stream.async.execute or stream.async.concurrent region
    # (scheduled IR): each runs exactly once whenever the block holding its region op runs.
    stream_bodies: frozenset[int] = frozenset()

    @property
    def entry_block_id(self) -> int:
        return 1

    @cached_property
    def arguments(self) -> tuple[ir.Value, ...]:
        """The function's arguments (its entry block's)."""
        return tuple(self.op.regions[0].blocks[0].arguments)

    def runs_with(self, info: OpInfo) -> tuple[int, ...]:
        """The blocks around ``info`` outermost first, up to the innermost one whose every run
        runs ``info`` exactly once: ``info.blocks`` without the execution and concurrent region
        bodies it sits in (such a body runs once whenever the block holding its region op
        runs, and every op of it runs then). Facts established by ``info`` hold there."""
        chain = info.blocks
        while len(chain) > 1 and chain[-1] in self.stream_bodies:
            chain = chain[:-1]
        return chain

    def slices(self) -> list[OpInfo]:
        return [i for i in self.ops if i.name == ASYNC_SLICE]

    def copies(self, single_device: bool) -> list[OpInfo]:
        """Ops that copy a range of a resource into new storage and may become aliases:
        slices, and transfers that are plain same-device copies."""
        return [
            i
            for i in self.ops
            if i.name == ASYNC_SLICE or (i.name == ASYNC_TRANSFER and is_same_device_copy(i.op, single_device))
        ]

    def info(self, op: ir.Operation) -> OpInfo | None:
        return self.by_op.get(op)

    def happens_before(self, a: OpInfo, b: OpInfo) -> bool:
        """``a`` completes before ``b`` starts, by a chain of SSA def-use edges, for the
        instances of ``a`` and ``b`` that run in one execution of their (common) block.

        Both ops must be in the same block, and the chain never passes through an op with
        regions: a region op's results need not depend on everything inside it. In a loop body
        this orders one iteration only; callers decide what that means for other iterations.
        Each edge must carry order (:func:`~stream_model.semantics.op_table.carries_order`): stream async semantics
        guarantee that an op starts only when the resources it uses are ready, and that
        ``stream.async.load`` waits; a chain of such edges is an ordering every schedule
        respects (``iree-stream-schedule-execution`` and ``-concurrency`` partition along it).

        Scheduled IR (execution and concurrent regions): block order inside a region is *not*
        an execution order (a region body is a dataflow graph, and the ops of a concurrent
        region may run at the same time); ordering still comes only from dependences, which
        may now cross region boundaries (:meth:`_stream_preds`). Both ops must then run once
        per run of one common block (:meth:`runs_with`).
        """
        if a.has_regions or b.has_regions or a.index >= b.index:
            return False  # (an op's producers come before it in pre-order)
        if a.block_id != b.block_id and (not self.stream_bodies or self.runs_with(a) != self.runs_with(b)):
            return False
        if b.index not in self._ancestors and b.index - a.index <= LOCAL_SEARCH_OPS:
            return self._reaches(a, b)
        return bool(self._ancestor_bits(b) >> a.index & 1)

    def _reaches(self, a: OpInfo, b: OpInfo) -> bool:
        """Is ``a`` among ``b``'s order predecessors, transitively? A backward search that
        never leaves the ops between them: the usual question (is the write just before a
        slice one of its inputs?) without computing everything ``b`` depends on."""
        seen: set[int] = set()
        stack = [b]
        while stack:
            for p in self._order_preds(stack.pop()):
                if p is a:
                    return True
                if p.index > a.index and p.index not in seen:
                    seen.add(p.index)
                    stack.append(p)
        return False

    def _ancestor_bits(self, info: OpInfo) -> int:
        """Bitset of the op indices ``info`` depends on through order-carrying edges.

        For pairs too far apart for the local search: computed on demand and memoised, each
        op's set built once from its predecessors', so all queries together walk each op's
        operands at most once. Iterative, because a chain can be as long as the function."""
        memo = self._ancestors
        if info.index in memo:
            return memo[info.index]
        stack = [info]
        while stack:
            node = stack[-1]
            if node.index in memo:
                stack.pop()
                continue
            preds = self._order_preds(node)
            missing = [p for p in preds if p.index not in memo]
            if missing:
                stack.extend(missing)
                continue
            bits = 0
            for p in preds:
                bits |= memo[p.index] | (1 << p.index)
            memo[node.index] = bits
            stack.pop()
        return memo[info.index]

    def _order_preds(self, info: OpInfo) -> list[OpInfo]:
        """The ops of ``info``'s block whose results ``info`` uses through an edge that carries
        order (none for ops with regions: their results need not wait for everything inside)."""
        preds = self._preds.get(info.index)
        if preds is None:
            preds = []
            if not info.has_regions:
                if self.stream_bodies:
                    preds = self._stream_preds(info)
                else:
                    producers = self._order_producers()
                    for v in info.operands:
                        d = producers.get(v)
                        if d is not None and d.block_id == info.block_id:
                            preds.append(d)
            self._preds[info.index] = preds
        return preds

    def _stream_preds(self, info: OpInfo) -> list[OpInfo]:
        """Order predecessors in a function with execution regions: what ``info`` waits for.

        * each operand's producer, as in a plain block, looking through region boundaries:
          a block argument of an execution or concurrent region is its captured operand; a
          resource result of a ``stream.async.concurrent`` is its yield operand (the result is
          ready only when the op producing the yielded value has finished);
        * a ``stream.async.execute`` result is not followed: outside its region a result is
          ready only when the execution's timepoint is reached, so order through it comes from
          the timepoint;
        * timepoints: every op inside an execution region waits for its ``await(...)``
          timepoints, and ``stream.timepoint.await`` for its own; a timepoint is reached when
          every op of the execution producing it has finished (``stream.timepoint.join``: all of
          its operands'). Nothing else waits for a timepoint (a call or a store taking one
          returns at once).

        Only predecessors that run once per run of ``info``'s block (the same
        :meth:`runs_with`) count: an op outside an enclosing loop orders every iteration
        differently."""
        unit = self.runs_with(info)
        found: dict[int, OpInfo] = {}
        for v in info.operands:
            for d in self._value_sources(v):
                found[d.index] = d
        waits: list[ir.Value] = []
        if info.op.name == TIMEPOINT_AWAIT:
            waits.append(info.op.opview.await_timepoint)
        holder = parent_op(info.op)
        while is_device_region(holder):
            awaited = REGION_FLOW[holder.name].waits_for(holder)
            if awaited is not None:
                waits.append(awaited)
            holder = parent_op(holder)
        for tp in waits:
            for d in self._timepoint_sources(tp):
                found[d.index] = d
        return [d for _, d in sorted(found.items()) if self.runs_with(d) == unit]

    def _value_sources(self, value: ir.Value) -> list[OpInfo]:
        """The ops whose completion a use of ``value`` waits for (see :meth:`_stream_preds`)."""
        while True:
            value = outside_captures(value)
            producer = defining_op(value)
            if producer is None:
                return []  # a function, loop or branch argument: no order
            flow = flow_of(producer)
            if flow is not None and flow.results_ready is ResultsReady.AT_END and is_resource(value):
                value = yielded(producer)[resource_results(producer).index(value)]
                continue
            info = self.by_op.get(producer)
            if info is None or info.has_regions or not carries_order(value, producer):
                return []
            return [info]

    def _timepoint_sources(self, tp: ir.Value) -> list[OpInfo]:
        """The ops that have finished when timepoint ``tp`` is reached (see
        :meth:`_stream_preds`): every op of the execution region producing it, or of those
        a ``stream.timepoint.join`` joins; nothing for any other timepoint."""
        producer = defining_op(tp)
        if producer is None:
            return []
        if producer.name == TIMEPOINT_JOIN:
            return [d for t in producer.operands for d in self._timepoint_sources(t)]
        flow = flow_of(producer)
        ends = flow.ends_at(producer) if flow is not None else None
        if ends is not None and tp == ends:
            found = []
            for i in self.ops[self.by_op[producer].index + 1 :]:  # pre-order: its ops come next
                if not _nested_in(i.op, producer):
                    break
                if not i.has_regions:
                    found.append(i)
            return found
        return []

    def _order_producers(self) -> dict[ir.Value, OpInfo]:
        """Each result whose uses wait for its producer (:func:`~stream_model.semantics.op_table.carries_order`),
        mapped to that producer; results of ops with regions are left out. Built once from the
        result side, so a value used many times (a constant, a cache) is classified once."""
        if self._producers is None:
            self._producers = {
                r: info
                for info in self.ops
                if not info.has_regions
                for r in info.op.results
                if carries_order(r, info.op)
            }
        return self._producers


class ModuleModel:
    """Functions, globals, storage bases and index expressions of one module."""

    def __init__(self, module: ModuleLike, source: str | None = None, filename: str | None = None) -> None:
        op_names, self._symbol_uses = survey(module)
        require_stream_phase(module, op_names)  # the model describes stream-async IR, nothing earlier or later
        self.module = module
        self.names = Names(module, source, filename)
        self.globals = self._collect_globals()
        self.functions = [self._build_function(op) for op in self._function_ops()]
        self._by_name = {f.name: f for f in self.functions}
        # (Built from the functions' own tables with update and fromkeys, which take each op's
        # hash from there: hashing an op is a binding call.)
        self._function_by_op: dict[ir.Operation, FunctionModel] = {}
        #: Every op of every function, with its record (one lookup where two would be: the
        #: function, then the op in it).
        self._info_by_op: dict[ir.Operation, OpInfo] = {}
        for f in self.functions:
            self._function_by_op[f.op] = f
            self._function_by_op.update(dict.fromkeys(f.by_op, f))
            self._info_by_op.update(f.by_op)
        self._records = _OpRecords({id(i.op): i for f in self.functions for i in f.ops}, self._info_by_op)
        self._versions_at: dict[tuple[ir.Value, ir.Operation], ir.Value | None] = {}
        self._call_sites: dict[str, list[tuple[FunctionModel, OpInfo]]] = {}
        for f in self.functions:
            for info in f.ops:
                if info.name == UTIL_CALL:
                    self._call_sites.setdefault(callee_name(info.op), []).append((f, info))
        self.translator = IndexTranslator(self.names.name)
        #: Resource arguments of every function, with the function's name: storage that comes
        #: from callers.
        self.resource_arguments: tuple[tuple[ir.Value, str], ...] = tuple(
            (arg, f.name)
            for f in self.functions
            for region in f.op.regions
            for block in list(region.blocks)[:1]
            for arg in block.arguments
            if is_resource(arg)
        )
        self.single_device = sum(g.is_device for g in self.globals.values()) <= 1
        #: Is a value one IREE's passes know nothing about (:class:`_OpaqueToIree`)? What IREE
        #: makes of the module after the splice (:mod:`stream_model.postsplice`) asks.
        self.opaque_to_iree: Callable[[ir.Value], bool] = _OpaqueToIree(self._symbol_uses, self._function_by_op)
        #: An op's operands as the walk read them (None for an op of no function).
        self.recorded_operands: Callable[[ir.Operation], tuple[ir.Value, ...] | None] = self._records.operands

    def effects(self) -> list[tuple[ir.Operation, OpEffects]]:
        """Every op's effects as the table describes it (calls: "may do anything")."""
        return [(i.op, i.effects) for f in self.functions for i in f.ops]

    def live_version_at(self, fn: FunctionModel, value: ir.Value, consumer: ir.Operation) -> ir.Value | None:
        """The version of ``value``'s storage live at ``consumer``, an op of ``fn``
        (:func:`~stream_model.model.versions.live_version`). Memoised: the fold-twin check and the
        rewrite's plans ask it of the same pairs, and it is a fact of the IR, which does not
        change while the model is read."""
        key = (value, consumer)
        if key not in self._versions_at:
            self._versions_at[key] = live_version(fn, value, fn.info(consumer))
        return self._versions_at[key]

    @property
    def storage_context(self) -> StorageContext:
        """What a storage map reads of the module besides the ops' effects: its globals, how ops
        are described, which ops may route storage. (Made when asked: it holds the model's
        bound methods, and the model does not keep it.)"""
        return StorageContext(self.globals, self.names.describe, self.routes_storage)

    def routes_storage(self, op: ir.Operation) -> bool:
        """May ``op`` hand storage on through regions or block successors: does it have regions,
        or end its block (only such an op may have successors)? An op of no function (the
        model does not know it): yes. A storage map asks only these ops about their regions and
        successors (each question is a binding call, for every op of the module)."""
        info = self._records.info(op)
        return info is None or info.has_regions or info.ends_block

    def function_of(self, op: ir.Operation) -> FunctionModel:
        """The function whose body holds ``op`` (at any depth), or that is ``op``."""
        fn = self._function_by_op.get(op)
        if fn is None:
            raise KeyError(f"{op.name} is not in a function of the model")
        return fn

    def function(self, name: str) -> FunctionModel | None:
        return self._by_name.get(name)

    def is_internal(self, fn: FunctionModel) -> bool:
        """Private, and every use of its symbol is a ``util.call`` in this module: all its
        callers are visible."""
        return _is_internal(fn, self._symbol_uses)

    def symbol_uses(self, name: str) -> list[ir.Operation]:
        """Ops that mention ``@name`` in an attribute (call sites and anything else)."""
        return list(self._symbol_uses.get(name, ()))

    def call_sites(self, name: str) -> list[tuple[FunctionModel, OpInfo]]:
        """Every ``util.call`` of ``@name``, with the function holding it, in program order."""
        return list(self._call_sites.get(name, ()))

    # -- building --------------------------------------------------------------------------
    def _collect_globals(self) -> dict[str, GlobalInfo]:
        out: dict[str, GlobalInfo] = {}
        printed: dict[ir.Type, str] = {}  # (a module has few global types; printing one is slow)
        for op in self.module.body.operations:
            op = op.operation
            if op.name != UTIL_GLOBAL:
                continue
            attributes = dict(readable_attributes(op))
            name = ir.StringAttr(attributes["sym_name"]).value
            visibility = (
                ir.StringAttr(attributes["sym_visibility"]).value if "sym_visibility" in attributes else "public"
            )
            type_attr = ir.TypeAttr(attributes["type"]).value
            type_text = printed.get(type_attr)
            if type_text is None:
                type_text = printed[type_attr] = str(type_attr)
            init = attributes.get("initial_value")
            initial = init.value % 2**64 if isinstance(init, ir.IntegerAttr) and type_text in ("index", "i64") else None
            out[name] = GlobalInfo(
                name=name,
                private=visibility == "private",
                mutable="is_mutable" in attributes,
                is_resource=type_text.startswith("!stream.resource"),
                initial=initial,
                address_taken=any(
                    use.name not in DIRECT_GLOBAL_ACCESS_OPS or _global_symbol(use) != name
                    for use in self._symbol_uses.get(name, ())
                ),
                is_device="!hal.device" in type_text,
            )
        return out

    def _function_ops(self) -> Iterator[ir.Operation]:
        for op in self.module.body.operations:
            op = op.operation
            if op.name in FUNCTION_OPS and len(op.regions) and op.regions[0].blocks:
                yield op

    def _build_function(self, fn: ir.Operation) -> FunctionModel:
        name = function_name(fn)
        entry = fn.regions[0].blocks[0]
        walk = _Walk()
        for i, block in enumerate(fn.regions[0].blocks):
            walk.visit(block, i == 0 and block == entry, (), ())
        ops = walk.ops
        return FunctionModel(
            fn,
            name,
            ops,
            {i.op: i for i in ops},
            cfg_cycle=any(
                _has_cfg_cycle(region) for op in (fn, *(i.op for i in ops if i.has_regions)) for region in op.regions
            ),
            stream_bodies=frozenset(walk.stream_bodies),
        )


@dataclass
class _Walk:
    """A function's ops in pre-order, each with where it sits (:class:`OpInfo`). (A walk object
    rather than a recursive closure: a closure that calls itself is a reference cycle, and the
    whole op table would wait for the cyclic collector instead of going with the model.)"""

    ops: list[OpInfo] = field(default_factory=list)
    blocks: int = 0
    stream_bodies: set[int] = field(default_factory=set)

    def visit(self, block: ir.Block, top: bool, loops: tuple[ir.Operation, ...], outer: tuple[int, ...]) -> None:
        self.blocks += 1
        block_id = self.blocks
        chain = outer + (block_id,)
        if device_holder(block) is not None:
            self.stream_bodies.add(block_id)
        operations = block.operations
        last = len(operations) - 1
        for position, op in enumerate(operations):
            op = op.operation
            regions = op.regions
            operands = tuple(op.operands)
            info = OpInfo(
                op,
                effects_of(op, operands),
                len(self.ops),
                top,
                bool(loops),
                len(regions) > 0,
                block_id,
                loops,
                chain,
                position == last,
                operands,
                op.name,
            )
            self.ops.append(info)
            if not info.has_regions:
                continue
            inner_loops = loops if _runs_at_most_once(op) else loops + (op,)
            for region in regions:
                for inner in region.blocks:
                    self.visit(inner, False, inner_loops, chain)


def copied_from(info: OpInfo) -> ir.Value:
    """The value a copy candidate (:meth:`FunctionModel.copies`) copies from: a slice's or a
    transfer's first operand (ODS), as the walk read it."""
    return info.operands[0]


def _is_internal(fn: FunctionModel, uses: dict[str, list[ir.Operation]]) -> bool:
    if "sym_visibility" not in fn.op.attributes:
        return False
    if ir.StringAttr(fn.op.attributes["sym_visibility"]).value != "private":
        return False
    return all(op.name == UTIL_CALL for op in uses.get(fn.name, ()))


@dataclass(frozen=True)
class _OpRecords:
    """The walk's record of an op of the model's functions (None for any other op), looked up
    first by the identity of the binding object the walk read the op as: the passes over the
    model's own op lists (storage maps, merge facts) hand those very objects back, and an int is
    hashed for nothing. Other paths to an op (its uses, its parent) may make another object for
    it: those are looked up by the op."""

    by_id: dict[int, OpInfo]
    by_op: dict[ir.Operation, OpInfo]

    def info(self, op: ir.Operation) -> OpInfo | None:
        return self.by_id.get(id(op)) or self.by_op.get(op)

    def operands(self, op: ir.Operation) -> tuple[ir.Value, ...] | None:
        """``op``'s operands as the walk read them."""
        info = self.info(op)
        return info.operands if info is not None else None


@dataclass(frozen=True)
class _OpaqueToIree:
    """Is a value one IREE's passes know nothing about: an entry-block argument of a function
    that callers outside the module may call, or a load of a global some function (not an
    initializer) stores? (Read from the model's tables only.)"""

    symbol_uses: dict[str, list[ir.Operation]]
    function_by_op: dict[ir.Operation, FunctionModel]

    def __call__(self, value: ir.Value) -> bool:
        owner = value.owner
        if isinstance(owner, ir.Block):
            holder = parent_op_of_block(owner)
            fn = self.function_by_op.get(holder) if holder is not None else None
            return fn is not None and owner == fn.op.regions[0].blocks[0] and not _is_internal(fn, self.symbol_uses)
        op = getattr(owner, "operation", owner)
        if op.name != GLOBAL_LOAD:
            return False
        stores = [u for u in self.symbol_uses.get(_global_symbol(op) or "", ()) if u.name == GLOBAL_STORE]
        return any(
            fn is not None and fn.op.name != UTIL_INITIALIZER for fn in (self.function_by_op.get(u) for u in stores)
        )


def _runs_at_most_once(op: ir.Operation) -> bool:
    """Does ``op`` run each of its regions at most once per execution (a known region op that
    does not repeat)? Any other op with regions counts as a loop."""
    flow = flow_of(op)
    return flow is not None and flow.at_most_once


def _has_cfg_cycle(region: ir.Region) -> bool:
    """Does any block of ``region`` reach itself through branch successors?"""
    return bool(back_edges(list(region.blocks)))


def _nested_in(op: ir.Operation, ancestor: ir.Operation) -> bool:
    """Is ``op`` inside ``ancestor``'s regions (at any depth)?"""
    holder = parent_op(op)
    while holder is not None:
        if holder == ancestor:
            return True
        holder = parent_op(holder)
    return False


def _global_symbol(op: ir.Operation) -> str | None:
    if op.name == UTIL_GLOBAL:
        return str(ir.StringAttr(op.attributes["sym_name"]).value)
    return ir.FlatSymbolRefAttr(op.attributes["global"]).value if "global" in op.attributes else None
