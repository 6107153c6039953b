"""Does IREE's schedule keep the program's order? The schedule check.

Stream-async IR has value semantics: a resource value never changes, except that an in-place op
(a tied result: ``stream.async.update/copy/fill/store/collective``, a dispatch's tied operand)
*consumes* the value it writes and produces the next *version* of the same storage. So every
other read of a version must be over before the op that consumes it starts, or read bytes it
does not write. IREE's copy-on-write stages keep that true at the splice: an in-place op is
the last use of what it writes, or its operand is a fresh clone. Scheduling
(``iree-stream-schedule-execution``, ``-concurrency``) and the cleanups after it must keep it
true in the order the scheduled IR guarantees (:mod:`stream_model.schedule.order`). IREE 3.13 does not
always (faults G1 and G2, ``tests/upstream_faults/``); this module checks, per function
of scheduled IR right before ``iree-stream-schedule-allocation``:

* **read before the write**: for every version ``v``, every op ``W`` that writes ``v`` in place
  and every other op ``R`` that reads ``v`` (through captures, region results, awaits, casts,
  subviews): ``R`` completes before ``W`` starts in every execution the schedule allows, or
  z3 proves the bytes ``R`` reads disjoint from those ``W`` writes (64-bit machine arithmetic,
  facts in scope for both, :mod:`stream_model.model.facts`). Otherwise: ``read-after-write`` when the schedule
  runs ``W`` first (the read sees the write: G1), ``unordered`` when nothing orders them, or
  ``unknown`` (a range the model does not know, a solver that gave up): never safe;
* **one consumer per version**: two in-place writes of one version (that are not alternatives
  of one branch) are a hazard: whichever runs second writes storage the other's result is;
* **no copy onto itself**: a copy-like op (``stream.async.copy/update/collective``, lowered to a
  HAL copy) whose source is the version it writes must read bytes disjoint from those it
  writes (G2: the HAL rejects overlapping copies, and a copy over itself reads what it writes);
* **immutable globals stay so**: no in-place write of a version loaded from an immutable global
  (every later invocation loads its buffer as it was);
* **one consumer per version in a loop too**: no in-place write, in a loop, of a version the
  function made before the loop (a region op that may run its body again, a ``cf`` cycle that
  does not make the version again): every iteration would start from the bytes the one before
  wrote (IREE 3.13 clones an ``arith.constant`` a loop body inserts into once, before the loop);
* **one value per buffer among a region's results**: an execution or concurrent region yields
  no two values of one buffer it made (a value and a version an in-place write made of it, or a
  view of it). IREE 3.13's ``iree-stream-schedule-allocation`` gives one of them a buffer of its
  own that nothing writes, so it reads zeros (``tests/data/schedule_region_yields_two_versions.mlir``,
  ``tests/regressions/campaign-schedule-repair-yields-a-value-and-its-filled-version.json``). A
  buffer the region captures, and its later versions, are allocated right, and so is one value
  yielded twice (measured on IREE 3.13);
* **no loop's result freed as its init**: a loop that may turn no time returns an init as its
  result (:func:`..semantics.region_flow.results_as_inits`). IREE 3.13's reference counting
  (``iree-stream-automatic-reference-counting``) hands the init over to the result and frees the
  result after its last use: where the init is a buffer the function's device work made (through
  in-place writes, and loops' and branches' values), and a use of it, or of another value of its
  allocation, runs after every use of the result (later in the loop's block, after the ops
  holding the loop, on an outer loop's next turn), that use reads a freed buffer (local-task:
  "transient buffer has not been committed"; tensor campaign seed 13102, review 32). A private
  function's argument is its callers' buffer: named where a caller uses the value it passed
  after the call. A global's buffer or an import handed to such a loop is freed alike: not
  claimed (a later read of a global's measured right on the local HAL);
* **one binding per written buffer**: a dispatch given one version through two bindings, whose
  kernel writes through one of them (:mod:`stream_model.semantics.bindings`), must touch
  disjoint bytes through the two: nothing orders the kernel's loads of one binding before its
  stores to the other (IREE's pre-splice stages tie a result to one binding of a value and
  write through another; the kernel then zeroes its output before it reads its input).

A dispatch writes in place what its tied operands are (the async IR's word), and also, where
its kernel says so, every other binding of a version that it writes: the bytes at stake for
the reads of other ops are those of every binding the kernel may write. A tied binding its
kernel (in the module) opens read-only is no write of its bytes: the dispatch writes the version
through its other bindings only (IREE ties an update fused into its dispatch to the binding the
kernel reads). An untied binding the
kernel declares it writes makes its version written in place too; one whose access is only
assumed because the kernel is not in the module is taken at the IR's word there (read only),
and so are two tied bindings of one version of such a dispatch; the first is still checked
against the dispatch's other bindings. A binding of a kernel in the module that the model cannot
read (passed to another op, opened as a type it does not know) may be read and written.

A call writes in place what its callee writes in place of what it is given: the buffer a
global holds at the call that the callee loads (:mod:`.global_contents`), and the value it passes
as an argument whose buffer the callee, or a function it calls, writes in place (settled to a
fixpoint over the call graph; the bytes unknown; the report names the callee's write, which a
repair gives a copy). IREE's copy elision lets a callee write an argument every caller passes
the last use of, and its stages before the splice do not always keep that true: the second
``iree-stream-elide-async-copies`` decides every clone of one pass from one analysis, and can
drop both a caller's clone for the call and the clone that a read after the call uses
(``tests/regressions/campaign-callee-writes-an-argument-the-caller-reads-after.json``). A
function the module does not define is taken to write none of its arguments.

A version is followed through captures, region results, awaits, casts, subviews (with their
offsets), the arms of ``scf.if``/``index_switch``/``execute_region`` (recording the arm, so that
a read and a write that need different arms of one branch never pair) and acyclic ``cf`` merges.
A value handed into a loop (an ``scf.for``/``while`` iteration argument, a ``cf`` cycle) starts
a version of its own, because one iteration's instance cannot be told from the next; the hand-
over itself counts as a read of unknown bytes whose end is unknown, so a value handed to a loop
and also written in place is reported, not assumed safe. A value the body uses from above is one
version for every iteration: written in place in the body, it is ``consumed-in-a-loop``. The
loop's first turn is handed the init's own buffer, though: a write, in the body (an op's, a
call's, an inner loop's), of an iteration argument that may hold an init's buffer on some turn
is a write of the init, paired with the init's reads like any other (at the body's bytes where
the argument holds the buffer at its start on every turn that hands it, else at unknown bytes;
a read inside the loop meets the writes of the turns before its own). The hazard names the
loop, which a repair starts from a fresh copy of the init.

What the check reads is the IR alone: storage identity beyond one version chain (two loads of a
global, function arguments that may be one buffer), work of other invocations and anything
after ``iree-stream-schedule-allocation`` are outside it. An op the model does not know reads
every byte it is given: unordered with an in-place write of them, it is reported ``unknown``.
"""

from __future__ import annotations

import bisect
import enum
import itertools
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field, fields
from typing import TYPE_CHECKING, Any

from iree.compiler import ir

from ..ir.naming import Names
from ..ir.util import (
    FUNCTION_OPS,
    c_address,
    child_ops,
    defining_op,
    nested_ops,
    parent_op,
    parent_op_of_block,
    user_op,
    visibility,
)
from ..semantics.abi import GivenOver, given_over_arguments, imports_callers_buffer
from ..semantics.bindings import BindingAccess, DispatchBinding, Kernels, dispatch_bindings
from ..semantics.op_table import (
    CARRYING_LOOPS,
    CHOICE_OPS,
    COPY_LIKE_OPS,
    HOST_VALUE_PREFIXES,
    IDENTITY_OPS,
    IN_PLACE_OPS,
    KNOWN_RESOURCE_OPS,
    SAME_STORAGE_OPS,
    TIED_OPERAND_OPS,
    Access,
    Bound,
    Kind,
    OpEffects,
    Plus,
    callee_name,
    chosen_operands,
    effects_with_async_calls,
    global_name,
    in_place_operands,
    in_place_positions,
    tied_operand_of,
)
from ..semantics.ops import (
    ASYNC_BARRIER,
    ASYNC_DISPATCH,
    CALLS,
    GLOBAL_LOAD,
    GLOBAL_STORE,
    RESOURCE_SUBVIEW,
    RETURNS,
    TENSOR_EXPORT,
    TENSOR_IMPORT,
    TIMEPOINT_AWAIT,
    UTIL_GLOBAL,
)
from ..semantics.region_flow import (
    branch_operands,
    captured,
    constant_int,
    device_holder,
    entering_values,
    exit_flow,
    flow_of,
    invariant_result,
    is_branch,
    is_device_region,
    is_device_terminator,
    is_host_terminator,
    is_region_terminator,
    is_resource,
    is_timepoint,
    region_index,
    resource_results,
    results_as_inits,
    runs_again,
    tied_operands,
    yielded,
)
from .global_contents import CallSummary, Consumption, GlobalContents, Origin, Summaries
from .global_folds import GlobalFoldHazard
from .global_order import GlobalOrderHazard, OrderNotCompared
from .order import Callees, ScheduleOrder
from .unawaited import UnawaitedUse, unawaited_uses

if TYPE_CHECKING:
    from ..model.facts import FactStore
    from ..model.program import ModuleModel
    from ..symbolic.proofs import ByteRange, Fact

# (The model, its facts and the proofs, with sympy and z3 beneath them, are imported where a pair's
# ranges are first compared or named: a schedule with no pair to check never needs them.)

# (in_place_positions, tied_operand_of: the op table's, re-exported for the repairs that import them from here.)
__all__ = [
    "ScheduleCheck",
    "ScheduleReport",
    "ScheduleVerdict",
    "check_schedule",
    "in_place_operands",
    "in_place_positions",
    "inits_used_after",
    "tied_operand_of",
]

DEFAULT_TIMEOUT_MS = 2000

#: How the detail of an ``immutable-written`` hazard of a call's result starts.
_RETURNED = "the call may return"
_CARRIED = "the loop may carry"

#: The start of a ``freed-as-a-loop-result`` hazard's detail where every turn of the loop hands
#: the init on (through an identity op: IREE's reference counting takes its result for a buffer
#: of its own), not only a run of no turn.
_EVERY_TURN = "(every turn) "

#: Ops that hand a buffer to the function's caller, who reads it after the call returned.
_HANDED_OUT = frozenset({TENSOR_EXPORT, *RETURNS})

#: The detail of a ``consumed-in-a-loop`` hazard: the loop is a region op, or a ``cf`` cycle.
_REGION_LOOP = "made before the loop"
_CF_LOOP = "made before the cf loop"

#: Ops whose result may be a global's buffer as an earlier value of its block holds it.
_GLOBAL_VALUES = frozenset({GLOBAL_LOAD, *CALLS})


class ScheduleVerdict(enum.StrEnum):
    """What one (read, in-place write) pair, or one copy, came to."""

    ORDERED = "ordered-before"  # the read completes before the write starts
    DISJOINT = "disjoint"  # z3: the bytes read and the bytes written share nothing
    READ_AFTER_WRITE = "read-after-write"  # the schedule runs the write first
    UNORDERED = "unordered"  # nothing in the schedule orders them
    CONSUMED_TWICE = "consumed-twice"  # two in-place writes of one version
    COPY_OVERLAP = "copy-overlap"  # a copy's source and target ranges overlap
    IMMUTABLE_WRITTEN = "immutable-written"  # an immutable global's buffer written in place
    CALLERS_BUFFER_WRITTEN = "callers-buffer-written"  # an imported argument not given over, written in place
    BINDINGS_OVERLAP = "bindings-overlap"  # a kernel writes bytes it reads through another binding
    TWO_VERSIONS_YIELDED = "two-versions-yielded"  # a region yields two values of one buffer it made
    CONSUMED_IN_A_LOOP = "consumed-in-a-loop"  # a version made before a loop, written in place in it
    STORE_ERASED = "store-erased"  # a store IREE erases as one of the global's own load, after another store
    FREED_AS_A_LOOP_RESULT = "freed-as-a-loop-result"  # a loop of no turn: its result, the init, freed while used
    UNKNOWN = "unknown"  # a range the model does not know, or z3 gave up

    @property
    def safe(self) -> bool:
        return self in (ScheduleVerdict.ORDERED, ScheduleVerdict.DISJOINT)


_STATE_FIELDS = frozenset({"read_op", "write_op", "write_unmodelled", "write_init"})


@dataclass
class ScheduleCheck:
    """One pair checked: a read (or the source of a copy, or a second in-place write) of a
    version and an in-place write of it, and why the schedule keeps them apart (or not)."""

    function: str
    read: str  # the reading op, described
    read_location: str
    write: str  # the writing op, described
    write_location: str
    storage: str  # the version's storage, named
    read_range: list[str] | None
    write_range: list[str] | None
    verdict: ScheduleVerdict
    facts_used: list[str] = field(default_factory=list)
    counterexample: dict[str, int] | None = None
    detail: str = ""
    #: For two bindings of one dispatch: (the binding read, the binding written), the kernel's
    #: numbers.
    bindings: list[int] | None = None
    read_op: Any = field(default=None, repr=False, compare=False)
    write_op: Any = field(default=None, repr=False, compare=False)
    #: The write is an op the check does not model (counted as writing what it is handed). Kept
    #: as a flag, not read from ``write_op`` when a line is made: :meth:`line` reads no IR.
    write_unmodelled: bool = field(default=False, repr=False, compare=False)
    #: Where ``write_op`` is a loop that writes an init's buffer through its body: which of the
    #: loop's resource operands the init is (what a repair gives the loop a fresh copy of; counted
    #: among resources, as scheduling adds a timepoint beside each).
    write_init: int | None = field(default=None, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.verdict = ScheduleVerdict(self.verdict)

    @property
    def hazard(self) -> bool:
        return not self.verdict.safe

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "schedule-check", "check": "schedule", "hazard": self.hazard}
        out.update({f.name: getattr(self, f.name) for f in fields(self) if f.name not in _STATE_FIELDS})
        return out

    def line(self) -> str:
        """One line for a person: both ops with their locations and the bytes at stake."""
        rr = _range_text(self.read_range)
        wr = _range_text(self.write_range)
        cex = (
            " (e.g. " + ", ".join(f"{k}={v}" for k, v in self.counterexample.items()) + ")"
            if self.counterexample
            else ""
        )
        if self.verdict is ScheduleVerdict.COPY_OVERLAP:
            return (
                f"{self.write} ({self.write_location}) in @{self.function} copies bytes {rr} of {self.storage} "
                f"onto {wr} of it: the ranges overlap{cex}"
            )
        if self.bindings is not None:
            return self._bindings_line(rr, wr, cex)
        if self.verdict is ScheduleVerdict.CALLERS_BUFFER_WRITTEN:
            return (
                f"{self.write} ({self.write_location}) in @{self.function}{self._how_written()} bytes {wr} of "
                f"{self.storage} in place, a buffer the caller passed and still holds (IREE #16168): the caller's copy changes; donate "
                "the argument (iree.abi.output) where the update in place is wanted"
            )
        if self.verdict is ScheduleVerdict.IMMUTABLE_WRITTEN:
            if self.detail.startswith((_RETURNED, _CARRIED)):
                return (
                    f"{self.write} ({self.write_location}) in @{self.function}{self._how_written()} bytes {wr} of "
                    f"{self.storage} in place: {self.detail}"
                )
            return (
                f"{self.write} ({self.write_location}) in @{self.function}{self._how_written()} bytes {wr} of "
                f"immutable global {self.storage} in place: every later load of it reads the write"
            )
        if self.verdict is ScheduleVerdict.TWO_VERSIONS_YIELDED:
            if self.detail == "in place":
                what = (
                    f"{self.storage} and, as another result, the version {self.write} ({self.write_location}) "
                    "writes in place from it"
                )
            else:
                what = (
                    f"two values of {self.storage}'s buffer, one of them {self.write} ({self.write_location}), a view"
                )
            return (
                f"{self.read} ({self.read_location}) in @{self.function} yields {what}: IREE's allocation gives "
                "one of them a buffer of its own that nothing writes"
            )
        if self.verdict is ScheduleVerdict.CONSUMED_IN_A_LOOP:
            loop = f"{self.read} ({self.read_location})"
            if self.detail == _CF_LOOP:
                loop = "the cf loop through " + loop
            return (
                f"{self.write} ({self.write_location}) in @{self.function}{self._how_written()} bytes {wr} of "
                f"{self.storage} in place in every iteration of {loop}, a version made before the loop: each iteration after the "
                "first starts from the bytes the one before wrote"
            )
        if self.verdict is ScheduleVerdict.STORE_ERASED:
            written = (
                f"{self.write} ({self.write_location}) in @{self.function} writes {self.storage}'s loaded buffer in place, and "
                if self.write_op is not None or self.write != self.detail
                else f"in @{self.function}, "
            )
            return (
                f"{written}{self.detail} stores that buffer back to {self.storage}: IREE's allocation makes it a store "
                f"of the global's own load, which its canonicalizer erases (EraseUnusedGlobalStoreOp), though "
                f"{self.read} ({self.read_location}) stored another buffer to {self.storage} since that load: "
                f"{self.storage} keeps that one"
            )
        if self.verdict is ScheduleVerdict.FREED_AS_A_LOOP_RESULT:
            returns, when = "may turn no time, and then its result is", self.detail
            if when.startswith(_EVERY_TURN):
                returns, when = "hands it on through every turn, so its result is", when[len(_EVERY_TURN) :]
            used = (
                f"hands {self.storage} to the caller, who reads it after the call"
                if self.read.split(" ", 1)[0] in _HANDED_OUT
                else f"uses {self.storage} after that"
            )
            return (
                f"{self.write} ({self.write_location}) in @{self.function} {returns} "
                f"{self.storage} itself: IREE's reference counting frees that result {when}, though "
                f"{self.read} ({self.read_location}) {used} (its buffer is gone)"
            )
        if self.verdict is ScheduleVerdict.CONSUMED_TWICE:
            return (
                f"{self.read} ({self.read_location}) and {self.write} ({self.write_location}) in @{self.function} "
                f"both write {self.storage} in place (bytes {rr} and {wr}): one version consumed twice"
            )
        relation = {
            ScheduleVerdict.ORDERED: "before",
            ScheduleVerdict.DISJOINT: "disjoint from the bytes",
            ScheduleVerdict.READ_AFTER_WRITE: "after",
            ScheduleVerdict.UNORDERED: "unordered with",
        }.get(self.verdict, "not provably before")
        tail = f"{cex}" if self.verdict is not ScheduleVerdict.UNKNOWN else f": {self.detail}"
        return (
            f"{self.read} ({self.read_location}) in @{self.function} reads bytes {rr} of {self.storage} "
            f"{relation} {self.write} ({self.write_location}){self._how_written()} {wr} of it in place{tail}"
        )

    def _how_written(self) -> str:
        """How the line says the write writes: an op the check does not model is only counted
        as writing what it is handed, and the line must not claim more."""
        return ", an op the check does not model, may write" if self.write_unmodelled else " writes"

    def _bindings_line(self, rr: str, wr: str, cex: str) -> str:
        i, j = self.bindings or (0, 0)
        head = (
            f"{self.write} ({self.write_location}) in @{self.function} is given {self.storage} through "
            f"binding {i} (bytes {rr}) and binding {j} (bytes {wr}), and its kernel writes through binding {j}"
        )
        if self.verdict is ScheduleVerdict.BINDINGS_OVERLAP:
            return f"{head}: the ranges overlap, and nothing orders the kernel's accesses of the two{cex}"
        if self.verdict is ScheduleVerdict.DISJOINT:
            return f"{head}: the ranges are disjoint"
        return f"{head}: the ranges may overlap: {self.detail}"


def _range_text(r: list[str] | None) -> str:
    return f"[{r[0]}, {r[1]})" if r else "(unknown range)"


@dataclass
class ScheduleReport:
    """Every pair the check examined (the log), and the time it took."""

    checks: list[ScheduleCheck] = field(default_factory=list)
    seconds: float = 0.0
    functions: int = 0
    #: Accesses to a global the schedule reordered (:mod:`.global_order`), or IREE's stages
    #: before the splice reordered or folded away (:mod:`.global_folds`; filled in by whoever
    #: has the module from before scheduling): each a hazard.
    order_hazards: list[GlobalOrderHazard | GlobalFoldHazard] = field(default_factory=list)
    #: Globals whose accesses in a function have no single order, so were not compared
    #: (:mod:`.global_order`): said, never taken as safe in silence.
    order_not_compared: list[OrderNotCompared] = field(default_factory=list)
    #: Host ops IREE hands a loop's carried resource before it is ready (:mod:`.unawaited`):
    #: each a hazard.
    unawaited: list[UnawaitedUse] = field(default_factory=list)

    @property
    def hazards(self) -> list[ScheduleCheck]:
        return [c for c in self.checks if c.hazard]

    def log_records(self) -> list[dict[str, Any]]:
        return (
            [c.to_json() for c in self.checks]
            + [h.to_json() for h in self.order_hazards]
            + [n.to_json() for n in self.order_not_compared]
            + [u.to_json() for u in self.unawaited]
        )


# --------------------------------------------------------------------------------------------
# Versions and accesses
# --------------------------------------------------------------------------------------------


#: An alternative taken: (an ``scf.if``/``index_switch``/``execute_region``, its region index).
Branch = tuple[ir.Operation, int]


@dataclass(frozen=True, eq=False, slots=True)
class _Use:
    """One access of a version by an op: ``access`` is in the accessed value's addressing,
    which is the version's plus ``offsets`` (subviews)."""

    op: ir.Operation
    access: Access | None  # None: the op may touch any byte of the storage
    offsets: tuple[ir.Value, ...]
    #: The value is handed to a loop (or around a cf cycle), whose reads the check does not
    #: follow: when they end is unknown.
    opaque: bool = False
    #: The alternatives the version passes through to get here: a read of it through one arm
    #: of an ``scf.if`` and a write in another arm never meet.
    paths: frozenset[Branch] = frozenset()
    #: For a call that writes the version in place through its callee (a global the callee
    #: loads, or the argument the call passes it as): the callee's in-place write (what a
    #: report names, and what a repair makes write a fresh copy).
    via: ir.Operation | None = None
    #: The value the op accesses (of the version, or linked to it through a global's loads).
    value: ir.Value | None = None
    #: For a loop that writes its init's storage in place through its body (``op`` is the
    #: body's write): the loop and the operand position of that init (what a report names,
    #: and what a repair gives the loop a fresh copy of).
    carried: tuple[ir.Operation, int] | None = None


#: Ops whose use of a version only hands it on (their result is that storage).
_HANDING_ON_OPS = SAME_STORAGE_OPS | IDENTITY_OPS | CHOICE_OPS | {ASYNC_BARRIER, RESOURCE_SUBVIEW}


class _Versions:
    """Which values are one version of one storage (same bytes, same addressing up to a
    subview offset): captures and their block arguments, region results and what they yield,
    awaited and cast values, subviews. Read from the IR on demand, both ways: back to a
    version's root (:meth:`of`), and forward to every value of the version (:meth:`values`)."""

    def __init__(self, contents: Callable[[], GlobalContents]) -> None:
        #: Which loads of a global are one version (built on the first question).
        self._contents = contents
        self._memo: dict[ir.Value, list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]]] = {}
        # (keyed by :func:`c_address`: these are execution regions, which the bindings hash slowly)
        self._regions: dict[int, tuple[list[ir.Value], list[ir.Value], list[ir.Value]]] = {}
        self._positions_memo: dict[tuple[int, int], dict[ir.Value, list[int]]] = {}
        self._tied_memo: dict[int, list[int | None]] = {}

    def tied(self, op: ir.Operation) -> list[int | None]:
        """Per result of a region op, the index of the operand it is tied to, or None; read
        once (an execution region of a large module ties thousands)."""
        key = c_address(op)
        found = self._tied_memo.get(key)
        if found is None:
            found = self._tied_memo[key] = tied_operands(op.opview)
        return found

    def region(self, op: ir.Operation) -> tuple[list[ir.Value], list[ir.Value], list[ir.Value]]:
        """(captured operands, resource results, yielded values) of an execution or concurrent
        region, read once."""
        key = c_address(op)
        found = self._regions.get(key)
        if found is None:
            found = (captured(op), resource_results(op), yielded(op))
            self._regions[key] = found
        return found

    def result_position(self, op: ir.Operation, value: ir.Value) -> int | None:
        """Where ``value`` is among a region's resource results (None: not one of them)."""
        k = self._positions(op, 1).get(value)
        return k[0] if k else None

    def _positions(self, op: ir.Operation, which: int) -> dict[ir.Value, list[int]]:
        """Per value, its positions among a region's captured operands (``which`` 0), resource
        results (1) or yielded values (2), read once."""
        key = (c_address(op), which)
        found = self._positions_memo.get(key)
        if found is None:
            found = {}
            for k, v in enumerate(self.region(op)[which]):
                found.setdefault(v, []).append(k)
            self._positions_memo[key] = found
        return found

    def _links(self, value: ir.Value) -> list[tuple[ir.Value, ir.Value | None]]:
        """The values ``value`` may be the same version as (each with a subview offset): one
        for a capture, a region result, an await, a cast, a subview; one per alternative for
        the result of an ``scf.if``/``index_switch``/``execute_region``; the initial and the
        yielded value for a loop's iteration argument and result; one per predecessor for the
        argument of a ``cf`` block; for a global's load (or a call's result that is one), the
        earlier value of its block the global holds (:mod:`.global_contents`); both values a
        select chooses from. None for a root."""
        if not is_resource(value):
            return []
        producer = defining_op(value)
        if producer is None:
            return self._block_argument_links(value)
        name = producer.name
        if name in _GLOBAL_VALUES:
            return [(earlier, None) for earlier in self._contents().earlier(value)]
        if is_device_region(producer):
            out = self.region(producer)[2]
            k = self._positions(producer, 1).get(value)
            return [(out[k[0]], None)] if k and k[0] < len(out) else []
        if name == TIMEPOINT_AWAIT:
            awaited = _awaited(producer, value)
            return [(awaited, None)] if awaited is not None else []
        if name in SAME_STORAGE_OPS or name == ASYNC_BARRIER:
            return [(producer.operands[0], None)]
        if name in IDENTITY_OPS:
            return [(producer.operands[ir.OpResult(value).result_number], None)]
        if name in CHOICE_OPS:
            return [(v, None) for v in chosen_operands(producer)]
        if name == RESOURCE_SUBVIEW:
            view = producer.opview
            return [(view.source, view.source_offset)]
        k = ir.OpResult(value).result_number
        flow = flow_of(producer)
        if flow is not None and flow.at_most_once:  # (host region ops: device ones are above)
            return [(t.operands[k], None) for _, t in _yields(producer) if k < len(t.operands)]
        return []  # a loop's result starts a version of its own (module docstring)

    def links_of(self, value: ir.Value) -> list[tuple[ir.Value, ir.Value | None]]:
        """:meth:`_links`, for a walk back that needs each step."""
        return self._links(value)

    def _branch_of_link(self, value: ir.Value, linked: ir.Value) -> Branch | None:
        """The alternative taken when ``value`` (an ``scf.if``/``index_switch`` result) is
        ``linked`` (one of its yielded values)."""
        producer = defining_op(value)
        if producer is None or not _alternatives(producer):
            return None
        k = ir.OpResult(value).result_number
        return next(
            ((producer, r) for r, t in _yields(producer) if k < len(t.operands) and t.operands[k] == linked), None
        )

    def _block_argument_links(self, value: ir.Value) -> list[tuple[ir.Value, ir.Value | None]]:
        block = value.owner
        holder = parent_op_of_block(block)
        if holder is None:
            return []
        k = ir.BlockArgument(value).arg_number
        if is_device_region(holder):
            operands = self.region(holder)[0]
            return [(operands[k], None)] if k < len(operands) else []
        flow = flow_of(holder)
        if holder.name not in FUNCTION_OPS and not (flow is not None and flow.multi_block):
            return []  # a loop's iteration argument starts a version of its own
        if _in_cycle(block):
            return []  # so does the argument of a block a cf loop comes back to
        out: list[tuple[ir.Value, ir.Value | None]] = []
        for pred in block.predecessors:
            terminator = _terminator(pred)
            forwarded = branch_operands(terminator)
            if forwarded is None:
                continue
            for successor, operands in zip(terminator.successors, forwarded):
                if successor == block and k < len(operands):
                    out.append((operands[k], None))
        return out

    def roots(self, value: ir.Value) -> list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]]:
        """The first values of the versions ``value`` may be (several through the arms of
        branches), each with the subview offsets from it to ``value`` and the arms taken."""
        memo = self._memo.get(value)
        if memo is None:
            memo = self._memo[value] = self._walk_back(value, self._links, self._own_buffer_too)
        return memo

    def roots_in_function(self, value: ir.Value) -> list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]]:
        """:meth:`roots`, not followed back through a load of a global (or a call's result):
        the values ``value`` is made from by this function's own ops and edges. A load is a
        root here: each run of it reads what the global holds then, which is the business of
        :mod:`.global_contents`, not of the value's place in the function."""

        def own_links(current: ir.Value) -> list[tuple[ir.Value, ir.Value | None]]:
            producer = defining_op(current)
            return [] if producer is not None and producer.name in _GLOBAL_VALUES else self._links(current)

        return self._walk_back(value, own_links, lambda current: False)

    def _walk_back(
        self,
        value: ir.Value,
        links_of: Callable[[ir.Value], list[tuple[ir.Value, ir.Value | None]]],
        a_root_too: Callable[[ir.Value], bool],
    ) -> list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]]:
        """The values with no link back (``links_of``) that ``value`` is reached from, and
        those ``a_root_too`` names on the way, each with the subview offsets from it to
        ``value`` and the arms taken."""
        out: list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]] = []
        seen: set[ir.Value] = {value}
        todo: list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]] = [(value, (), frozenset())]
        while todo:
            current, offsets, paths = todo.pop()
            links = links_of(current)
            if not links or a_root_too(current):
                if not any(r == current for r, _, _ in out):
                    out.append((current, offsets, paths))
            for nxt, offset in links:
                if nxt not in seen:
                    seen.add(nxt)
                    branch = self._branch_of_link(current, nxt)
                    step = (offset,) if offset is not None else ()
                    todo.append((nxt, step + offsets, paths | {branch} if branch is not None else paths))
        return out

    def _own_buffer_too(self, value: ir.Value) -> bool:
        """Is ``value`` a load of a global (or a call's result) that may be one of the values
        it links to, or a buffer none of them names (:mod:`.global_contents`, *open*)? It is
        then a version of its own as well."""
        held = self._contents().links(value) if defining_op(value) is not None else None
        return held is not None and held.open

    def offsets_to(self, value: ir.Value, root: ir.Value) -> tuple[tuple[ir.Value, ...], frozenset[Branch]]:
        """The subview offsets from ``root`` to ``value`` (one of its :meth:`roots`) and the
        arms of branches taken on the way."""
        return next(((o, b) for r, o, b in self.roots(value) if r == root), ((), frozenset()))

    def uses(self, root: ir.Value) -> list[tuple[ir.Operation, ir.Value, tuple[ir.Value, ...], frozenset[Branch]]]:
        """Every use of the version ``root`` starts: (the using op, the value it uses, the subview
        offsets from ``root`` to it, the arms of branches taken on the way), following the
        version through the ops that keep it (the uses by those are not listed). A call whose
        callee may load a global while it holds the version uses it too, though the value is
        not among its operands (:meth:`.GlobalContents.readers`)."""
        out: list[tuple[ir.Operation, ir.Value, tuple[ir.Value, ...], frozenset[Branch]]] = []
        todo: list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]] = [(root, (), frozenset())]
        seen: set[ir.Value] = {root}
        while todo:
            value, offsets, paths = todo.pop()
            for use in value.uses:
                user = use.owner
                user = getattr(user, "operation", user)
                branch = _yield_branch(user)
                for nxt, offset in self._forward(user, value, use.operand_number):
                    if nxt not in seen:
                        seen.add(nxt)
                        todo.append(
                            (
                                nxt,
                                offsets + ((offset,) if offset is not None else ()),
                                paths | {branch} if branch is not None else paths,
                            )
                        )
                if not self._keeps_version(user, use.operand_number):
                    out.append((user, value, offsets, paths))
            contents = self._contents()
            for nxt in contents.later(value):  # a later load of the global holding it
                if nxt not in seen:
                    seen.add(nxt)
                    todo.append((nxt, offsets, paths))
            out += [(call, value, offsets, paths) for call in contents.readers(value)]
        return out

    def _keeps_version(self, user: ir.Operation, operand_number: int) -> bool:
        """Is this use only a hand-over of the version (a capture, a yield to a region result,
        an await, a cast, a subview), not an access?"""
        name = user.name
        if name in _HANDING_ON_OPS:
            return True
        if is_device_region(user):
            return True
        if _hands_over(user):
            return not _into_loop(user)
        if is_device_terminator(user):
            return is_device_region(parent_op_of_block(user.block))
        return False

    def _forward(
        self, user: ir.Operation, value: ir.Value, operand_number: int
    ) -> list[tuple[ir.Value, ir.Value | None]]:
        """The values ``user`` makes that are ``value``'s version (with a subview offset)."""
        name = user.name
        if is_device_region(user):
            args = user.regions[0].blocks[0].arguments
            return [(args[k], None) for k in self._positions(user, 0).get(value, ()) if k < len(args)]
        if is_device_terminator(user):
            holder = device_holder(user.block)
            if holder is None:
                return []
            results = self.region(holder)[1]
            return [(results[k], None) for k in self._positions(holder, 2).get(value, ()) if k < len(results)]
        if name == TIMEPOINT_AWAIT:
            operands = list(user.opview.resource_operands)
            return [(user.results[k], None) for k, v in enumerate(operands) if v == value]
        if name in SAME_STORAGE_OPS or name == ASYNC_BARRIER:
            return [(user.results[0], None)] if len(user.results) and user.operands[0] == value else []
        if name in IDENTITY_OPS:
            return [(user.results[k], None) for k, v in enumerate(user.operands) if v == value]
        if name in CHOICE_OPS:
            return [(user.results[0], None)] if any(v == value for v in chosen_operands(user)) else []
        if _hands_over(user) and not _into_loop(user):
            return [(v, None) for v in _handed_to(user, value)]
        if name == RESOURCE_SUBVIEW:
            view = user.opview
            return [(user.results[0], view.source_offset)] if view.source == value else []
        return []


# --------------------------------------------------------------------------------------------
# The check
# --------------------------------------------------------------------------------------------


def check_schedule(
    module: ir.Module,
    source: str | None = None,
    filename: str | None = None,
    timeout_ms: int = DEFAULT_TIMEOUT_MS,
    given_over: GivenOver | None = None,
) -> ScheduleReport:
    """Check every function of ``module`` (scheduled stream-async IR) as the module docstring
    says; the module is only read. ``source``/``filename`` name values and locations as the
    user wrote them. ``given_over``: the arguments each function's callers gave over, read
    before IREE's stages dropped the ``consume`` of their imports
    (:func:`..semantics.abi.given_over_arguments`); without it, those the module still says."""
    started = time.perf_counter()
    report = ScheduleReport()
    context = _Context(module, source, filename, timeout_ms, given_over or given_over_arguments(module))
    loops: list[ir.Operation] = []
    for fn in child_ops(module.operation):
        if fn.name not in FUNCTION_OPS or not fn.regions or not list(fn.regions[0].blocks):
            continue
        report.functions += 1
        check = context.function_check(fn)
        report.checks.extend(check.run())
        loops += check.loops
    report.unawaited = unawaited_uses(loops, lambda: context.names)
    report.seconds = time.perf_counter() - started
    return report


def prove_disjoint(*args: Any, **kwargs: Any) -> Any:
    """:func:`stream_model.symbolic.proofs.prove_disjoint`, imported on first use (with z3 and
    sympy beneath it); the check's one way to a proof."""
    from ..symbolic.proofs import prove_disjoint as prove

    return prove(*args, **kwargs)


class _Context:
    """What every function's check shares: the module, and (built only when a range must be
    compared or a pair named) the model whose translator and facts the proofs use."""

    def __init__(
        self,
        module: ir.Module,
        source: str | None,
        filename: str | None,
        timeout_ms: int,
        given_over: GivenOver | None = None,
    ) -> None:
        self.module = module
        self.given_over: GivenOver = given_over or {}
        self.source = source
        self.filename = filename
        self.timeout_ms = timeout_ms
        self.callees = Callees(module)
        #: Resource globals that are not mutable: their buffer is never written.
        globals_ = [o for o in child_ops(module.operation) if o.name == UTIL_GLOBAL]
        self.immutable_globals = frozenset(
            str(ir.StringAttr(op.attributes["sym_name"]).value) for op in globals_ if "is_mutable" not in op.attributes
        )
        #: Mutable globals: two loads of one may be one version (:mod:`.global_contents`).
        self.mutable_globals = frozenset(
            str(ir.StringAttr(op.attributes["sym_name"]).value) for op in globals_ if "is_mutable" in op.attributes
        )
        #: What each function does to globals as its callers see it (:mod:`.global_contents`).
        self.summaries = Summaries(self.callees, self.mutable_globals, self._summarize)
        self._entry_writes: dict[str, dict[str, list[ir.Operation]]] = {}
        #: Per function, per argument position, the in-place writes of the buffer passed there
        #: (:meth:`argument_writes`): settled for the whole module on the first question.
        self._argument_writes: dict[str, dict[int, list[ir.Operation]]] | None = None
        self._checks: dict[ir.Operation, _FunctionCheck] = {}
        self._model: ModuleModel | None = None
        self._names: Names | None = None
        self._store: FactStore | None = None
        self._kernels: Kernels | None = None

    def entry_writes(self, callee: str) -> dict[str, list[ir.Operation]]:
        """Per global, the in-place writes a call of ``callee`` makes into the buffer the global
        holds at the call (:meth:`_FunctionCheck.entry_writes`); none for a function the module
        does not define (it is never given a global's buffer but as an argument, which the
        call's own effects cover), and none while a recursive call is settled."""
        if callee in self._entry_writes:
            return self._entry_writes[callee]
        self._entry_writes[callee] = {}
        fn = self.callees.get(callee)
        if fn is not None:
            self._entry_writes[callee] = self.function_check(fn).entry_writes()
        return self._entry_writes[callee]

    def argument_writes(self, callee: str) -> dict[int, list[ir.Operation]]:
        """Per argument position of ``callee``, the in-place writes a call of it makes, itself or
        through its own calls, into the buffer passed there (:meth:`_FunctionCheck.argument_writes`);
        none for a function the module does not define. Settled for every function of the module
        at once, to a fixpoint over the call graph (recursive calls included), on the first
        question; while it is being settled, what is known so far."""
        if self._argument_writes is None:
            self._argument_writes = {}
            self._settle_argument_writes(self._argument_writes)
        return self._argument_writes.get(callee, {})

    def _settle_argument_writes(self, state: dict[str, dict[int, list[ir.Operation]]]) -> None:
        """Fill ``state`` (what :meth:`argument_writes` answers meanwhile): every function's
        writes of its arguments, from its own in-place writes and those of the calls it passes
        them to, again until nothing grows. Each round only adds (a callee writing more makes
        its callers write more), and there are finitely many writes: it ends."""
        functions = [(ir.StringAttr(fn.attributes["sym_name"]).value, fn) for fn in self.callees.defined()]
        changed = True
        while changed:
            changed = False
            for name, fn in functions:
                found = self.function_check(fn).argument_writes()
                before = state.get(name, {})
                if {k: set(v) for k, v in found.items()} != {k: set(v) for k, v in before.items()}:
                    state[name] = found
                    changed = True

    def _summarize(self, fn: ir.Operation, results: int) -> CallSummary:
        return self.function_check(fn).call_summary(results)

    def function_check(self, fn: ir.Operation) -> _FunctionCheck:
        """The check of one function, made once (a callee's is asked what it writes)."""
        found = self._checks.get(fn)
        if found is None:
            found = self._checks[fn] = _FunctionCheck(self, fn)
        return found

    @property
    def kernels(self) -> Kernels:
        """What each dispatch's kernel does through its bindings (read on the first question)."""
        if self._kernels is None:
            self._kernels = Kernels(self.module)
        return self._kernels

    @property
    def model(self) -> ModuleModel:
        if self._model is None:
            from ..model.program import ModuleModel

            self._model = ModuleModel(self.module, self.source, self.filename)
        return self._model

    @property
    def store(self) -> FactStore:
        if self._store is None:
            from ..model.facts import FactStore

            self._store = FactStore(self.model, self.timeout_ms)
        return self._store

    @property
    def names(self) -> Names:
        """The module's names (the model's, where it was built: a pair with no ranges to
        compare needs no model, and building one imports sympy, a second of a small compile)."""
        if self._model is not None:
            return self._model.names
        if self._names is None:
            self._names = Names(self.module, self.source, self.filename)
        return self._names


class _FunctionCheck:
    def __init__(self, context: _Context, fn: ir.Operation) -> None:
        self.context = context
        self.fn = fn
        self.name = ir.StringAttr(fn.attributes["sym_name"]).value if "sym_name" in fn.attributes else fn.name
        self._order: ScheduleOrder | None = None
        self._contents: GlobalContents | None = None
        self.versions = _Versions(self.contents)
        self._storage_memo: dict[ir.Value, frozenset[ir.Value]] = {}
        #: Execution and concurrent regions, in program order (:meth:`collect`).
        self.device_regions: list[ir.Operation] = []
        #: The host loops carrying values (:mod:`.unawaited`), found by the same walk.
        self.loops: list[ir.Operation] = []
        self._effects_memo: dict[ir.Operation, OpEffects] = {}
        self._writes_found: tuple[dict[ir.Value, list[tuple[ir.Operation, ir.Value]]], set[ir.Operation]] | None = None
        #: The function's calls of a function by name (:meth:`_in_place_writes`' walk).
        self._calls: list[ir.Operation] = []
        self._consumed: GlobalContents | None = None
        self._bindings_memo: dict[ir.Operation, list[DispatchBinding]] = {}
        self.readers: dict[ir.Value, list[_Use]] = {}
        self.writers: dict[ir.Value, list[_Use]] = {}
        #: The function's loads and stores of globals and its calls, by their position in the
        #: walk of :meth:`_in_place_writes`, and its stores in order (that walk fills them).
        self._positions_in_walk: dict[ir.Operation, int] = {}
        self._global_stores: list[ir.Operation] = []

    @property
    def order(self) -> ScheduleOrder:
        """The schedule's order (built on the first question: most functions never ask)."""
        if self._order is None:
            self._order = ScheduleOrder(self.fn, self.context.callees)
        return self._order

    def contents(self) -> GlobalContents:
        """Which loads of a global are one version (read on the first question)."""
        if self._contents is None:
            context = self.context
            self._contents = GlobalContents(self.fn, context.summaries)
        return self._contents

    def _before(self, a: ir.Operation, b: ir.Operation) -> bool:
        ia, ib = self.order.info(a), self.order.info(b)
        return ia is not None and ib is not None and self.order.completes_before(ia, ib)

    # -- collecting ---------------------------------------------------------------------------
    def collect(self) -> None:
        """In-place writes first (one walk, looking at op names and ties only), then the uses
        of the versions they write. Effects (ranges) are computed only where a pair exists: a
        version whose only use is its one in-place write (a cache updated in place, the usual
        case) costs a walk of its uses and nothing else. A call whose callee writes in place
        the buffer a global holds at the call writes every value the global may hold there
        (bytes unknown), named by the callee's write (:meth:`entry_writes`); so does a call
        whose callee writes in place the buffer passed as an argument, the value it passes
        there (:meth:`argument_writes`)."""
        found, regions = self._in_place_writes()
        candidates = dict(found)
        call_writers = self._call_writers()
        for root, uses in self._loop_writes(candidates, regions, call_writers).items():
            call_writers.setdefault(root, []).extend(uses)
        for root in call_writers:
            candidates.setdefault(root, [])
        self._collect_pairs(candidates, regions, call_writers)

    def _call_writers(self) -> dict[ir.Value, list[_Use]]:
        """Per version's root, the calls that write it in place through their callee (bytes
        unknown, each named by the callee's write): a call whose callee writes the buffer a
        global holds at the call writes every value the global may hold there; one whose callee
        writes an argument in place writes the value it passes there."""
        call_writers: dict[ir.Value, list[_Use]] = {}
        contents = self.contents() if self.context.mutable_globals else None
        for call, symbol, ops in self._call_writes():
            assert contents is not None
            for value in contents.at_call(call, symbol).values:
                for root, offsets, paths in self.versions.roots(value):
                    call_writers.setdefault(root, []).append(
                        _Use(call, None, offsets, paths=paths, via=ops[0], value=value)
                    )
        for call, operand, ops in self._argument_writes_of_calls():
            for root, offsets, paths in self.versions.roots(operand):
                call_writers.setdefault(root, []).append(
                    _Use(call, None, offsets, paths=paths, via=ops[0], value=operand)
                )
        return call_writers

    def _writes_through_loops(self) -> list[tuple[ir.Value, list[ir.Operation]]]:
        """(version's root, the writes that make them) for every loop's writes of the buffer
        of an init (:meth:`_loop_writes`): the body's ops, or the callee's write of a call."""
        candidates, regions = self._in_place_writes()
        if not self.loops:
            return []
        found = self._loop_writes(candidates, regions, self._call_writers())
        return [(root, [u.via if u.via is not None else u.op for u in uses]) for root, uses in found.items()]

    def entry_writes(self) -> dict[str, list[ir.Operation]]:
        """Per mutable global, the in-place writes that a call of this function makes, itself
        or through its own calls, into the buffer the global holds when it is called."""
        candidates, _ = self._in_place_writes()
        mutable = self.context.mutable_globals
        if not mutable:
            return {}
        contents = self.contents()
        out: dict[str, list[ir.Operation]] = {}
        for root, writes in candidates.items():
            symbols = contents.entry_globals(root)
            for symbol in mutable if symbols is None else symbols:
                found = out.setdefault(symbol, [])
                found += [op for op, _ in writes if op not in found]
        for call, symbol, ops in self._call_writes():
            if contents.at_call(call, symbol).entry:
                found = out.setdefault(symbol, [])
                found += [op for op in ops if op not in found]
        for _, operand, ops in self._argument_writes_of_calls():
            for root, _, _ in self.versions.roots(operand):
                symbols = contents.entry_globals(root)
                for symbol in mutable if symbols is None else symbols:
                    found = out.setdefault(symbol, [])
                    found += [op for op in ops if op not in found]
        for root, ops in self._writes_through_loops():
            symbols = contents.entry_globals(root)
            for symbol in mutable if symbols is None else symbols:
                found = out.setdefault(symbol, [])
                found += [op for op in ops if op not in found]
        return out

    def argument_writes(self) -> dict[int, list[ir.Operation]]:
        """Per argument position of the function, the in-place writes that a call of it makes,
        itself or through its own calls, into the buffer passed there: those of every version
        whose root is the argument (through captures, awaits, subviews, and a global it is
        stored to and loaded from again). The caller's value is that buffer: IREE's copy
        elision makes a callee write its argument in place where it takes every caller to pass
        the last use of the value, and its stages before the splice do not always keep that
        true (``iree-stream-elide-async-copies`` can elide, in one pass, both the caller's clone
        for the call and the clone of a read after it). As known so far while the module's
        writes are settled (:meth:`_Context.argument_writes`)."""
        candidates, _ = self._in_place_writes()
        entry = self.fn.regions[0].blocks[0]
        out: dict[int, list[ir.Operation]] = {}

        def add(root: ir.Value, ops: list[ir.Operation]) -> None:
            if defining_op(root) is not None or root.owner != entry:
                return
            found = out.setdefault(ir.BlockArgument(root).arg_number, [])
            found += [op for op in ops if op not in found]

        for root, writes in candidates.items():
            add(root, [op for op, _ in writes])
        for _, operand, ops in self._argument_writes_of_calls():
            for root, _, _ in self.versions.roots(operand):
                add(root, ops)
        for root, ops in self._writes_through_loops():
            add(root, ops)
        return out

    def _argument_writes_of_calls(self) -> list[tuple[ir.Operation, ir.Value, list[ir.Operation]]]:
        """(call, operand, the callee's writes) for every resource a call passes as an argument
        its callee writes in place (:meth:`_Context.argument_writes`); an operand the call ties
        to a result is its own in-place write already (:meth:`_in_place_writes`)."""
        self._in_place_writes()
        out = []
        for call in self._calls:
            operands = list(call.operands)
            tied = set(in_place_positions(call))
            for k, ops in sorted(self.context.argument_writes(callee_name(call)).items()):
                if ops and k < len(operands) and k not in tied and is_resource(operands[k]):
                    out.append((call, operands[k], ops))
        return out

    def call_summary(self, results: int) -> CallSummary:
        """What a call of this function does to globals, as its caller sees it: what each of
        its ``results`` may be, what each global it may store holds when it returns, and the
        globals it may load (:class:`.CallSummary`)."""
        contents = self.contents()
        returns = [_terminator(b) for b in self.fn.regions[0].blocks]
        returns = [t for t in returns if t.name in RETURNS]
        origins: list[Origin] = []
        for k in range(results):
            found = Origin()
            for r in returns:
                found = found.join(self._origin(r.operands[k]) if k < len(r.operands) else _ANYTHING)
            origins.append(found)
        stored = contents.stored()
        stores = None
        if stored is not None:
            stores = {}
            for symbol, held in stored.items():
                origin = Origin(other=held.other)
                for value in held.values:
                    origin = origin.join(self._origin(value))
                stores[symbol] = (origin, held.entry)
        name = ir.StringAttr(self.fn.attributes["sym_name"]).value if "sym_name" in self.fn.attributes else ""
        return CallSummary(tuple(origins), stores, self._entry_reads(name))

    def _entry_reads(self, name: str) -> frozenset[str] | None:
        """The globals whose buffer, as the function is called, it may read the bytes of:
        through a load of it (or a getter's result) that an op reads, or a call that does."""
        loads = self.context.summaries.loads_of(name)
        if loads is not None and not loads:
            return frozenset()
        contents = self.contents()
        out: set[str] = set()
        for value in contents.entry_loads():
            symbols = contents.entry_globals(value)
            if symbols is None:
                return None
            if symbols <= out:
                continue
            if any(self._reads_bytes(user, used) for user, used, _, _ in self.versions.uses(value)):
                out |= symbols
        for call in contents.calls():
            if "callee" not in call.attributes:
                return None
            theirs = self.context.summaries.of(callee_name(call), len(call.results)).reads
            if theirs is None:
                return None
            out |= {g for g in theirs if contents.at_call(call, g).entry}
        return frozenset(out)

    def _reads_bytes(self, user: ir.Operation, value: ir.Value) -> bool:
        """Does ``user`` read bytes of ``value`` (not only hand it back, store it or pass it on
        to a call, which reads it only as its own summary says)?"""
        if user.name in RETURNS or user.name == GLOBAL_STORE:
            return False
        if not any(v == value for v in user.operands):
            return True  # (a call whose callee loads the global: its summary said so)
        fx = self._effects(user)
        return fx.unknown or any(a.value == value and a.kind is Kind.READ for a in fx.accesses)

    def _origin(self, value: ir.Value) -> Origin:
        """What ``value`` may be as a caller sees it (:class:`.Origin`): through its versions'
        roots, an argument of the entry block, the buffer a global held at the call, fresh
        storage, or a later version of some storage (which the caller does not name)."""
        contents = self.contents()
        entry = self.fn.regions[0].blocks[0]
        found = Origin()
        for root, _, _ in self.versions.roots(value):
            producer = defining_op(root)
            held = contents.links(root) if producer is not None else None
            if producer is None:
                block = root.owner
                is_entry = block == entry
                found = found.join(
                    Origin(arguments=frozenset({ir.BlockArgument(root).arg_number})) if is_entry else _ANYTHING
                )
            elif held is not None:
                found = found.join(Origin(contents.entry_globals(root), frozenset(), held.other))
            elif (
                tied_operand_of(producer, root) is not None
                or root in self._effects(producer).fresh
                or producer.name in _GLOBAL_VALUES  # (a call's fresh result, an immutable global's buffer)
            ):
                found = found.join(Origin(other=True, immutable=frozenset(self._immutable_held(root))))
            else:
                found = found.join(_ANYTHING)
        return found

    def _call_writes(self) -> list[tuple[ir.Operation, str, list[ir.Operation]]]:
        """(call, global, the callee's writes) for every call whose callee writes in place the
        buffer the global holds at the call."""
        if not self.context.mutable_globals:
            return []
        out = []
        for call in self.contents().calls():
            if "callee" not in call.attributes:
                continue
            for symbol, ops in self.context.entry_writes(callee_name(call)).items():
                if ops:
                    out.append((call, symbol, ops))
        return out

    def _in_place_writes(
        self,
    ) -> tuple[dict[ir.Value, list[tuple[ir.Operation, ir.Value]]], set[ir.Operation]]:
        """Per version's root, the in-place writes of it (op, operand), and the execution
        regions among them that write a capture whole; one walk, kept."""
        if self._writes_found is not None:
            return self._writes_found
        candidates: dict[ir.Value, list[tuple[ir.Operation, ir.Value]]] = {}

        def written(op: ir.Operation, operand: ir.Value) -> None:
            for root, _, _ in self.versions.roots(operand):
                candidates.setdefault(root, []).append((op, operand))

        regions: set[ir.Operation] = set()
        for position, op in enumerate(_walk(self.fn)):
            name = op.name
            if name in (GLOBAL_LOAD, GLOBAL_STORE):
                self._positions_in_walk[op] = position
                if name == GLOBAL_STORE:
                    self._global_stores.append(op)
            if name in CALLS and "callee" in op.attributes:
                self._positions_in_walk[op] = position
                self._calls.append(op)
            if name in CARRYING_LOOPS:
                self.loops.append(op)
            if is_device_region(op):
                self.device_regions.append(op)
                if "tied_operands" in op.attributes:
                    for operand in self._region_writes(op):
                        regions.add(op)
                        written(op, operand)
            elif name in IN_PLACE_OPS or ("tied_operands" in op.attributes and name in TIED_OPERAND_OPS):
                for operand in in_place_operands(op):
                    written(op, operand)
            if name == ASYNC_DISPATCH:
                for operand in self._kernel_writes(op):
                    written(op, operand)
            elif _unmodelled(op):
                # An op the model does not know may write what it is given (unknown bytes).
                for operand in op.operands:
                    if is_resource(operand):
                        written(op, operand)
        self._writes_found = (candidates, regions)
        return self._writes_found

    def _collect_pairs(
        self,
        candidates: dict[ir.Value, list[tuple[ir.Operation, ir.Value]]],
        regions: set[ir.Operation],
        call_writers: dict[ir.Value, list[_Use]],
    ) -> None:
        """The writers and readers of every version written in place (:meth:`collect`)."""
        for root, writes in candidates.items():
            uses = self.versions.uses(root)
            load = defining_op(root)
            lone = len(writes) == 1 and len(uses) == 1 and uses[0][0] == writes[0][0]
            kept = bool(self._immutable_held(root)) or (load is not None and self._callers_buffer(load))
            if lone and not kept and root not in call_writers:
                continue  # its in-place write is the version's only use: no pair
            self.writers.setdefault(root, []).extend(call_writers.get(root, []))
            self.writers[root] += self._writes_of(root, writes, regions)
            seen: set[tuple[ir.Operation, ir.Value]] = set()
            for user, value, offsets, paths in uses:
                if (user, value) in seen:
                    continue  # an op using the value twice (a copy onto itself) reads it once
                seen.add((user, value))
                if _hands_over(user):  # into a loop or around a cf cycle (not followed)
                    self.readers.setdefault(root, []).append(
                        _Use(user, None, offsets, opaque=True, paths=paths, value=value)
                    )
                    continue
                if not any(v == value for v in user.operands):  # a call whose callee loads it
                    self.readers.setdefault(root, []).append(_Use(user, None, offsets, paths=paths, value=value))
                    continue
                for acc in self._effects(user).accesses:
                    if acc.kind is Kind.READ and acc.value == value:
                        self.readers.setdefault(root, []).append(
                            _Use(user, acc if acc.range_known else None, offsets, paths=paths, value=value)
                        )

    def _effects(self, op: ir.Operation) -> OpEffects:
        """The op's effects, computed once per op (a writer is often its version's reader)."""
        fx = self._effects_memo.get(op)
        if fx is None:
            fx = self._effects_memo[op] = effects_with_async_calls(op)
        return fx

    def _bindings(self, op: ir.Operation) -> list[DispatchBinding]:
        """A dispatch's bindings and what its kernel does through them, read once per op."""
        found = self._bindings_memo.get(op)
        if found is None:
            found = self._bindings_memo[op] = dispatch_bindings(op, self.context.kernels)
        return found

    def _tied_binding_only_read(self, op: ir.Operation, operand: ir.Value) -> bool:
        """Does the kernel of dispatch ``op``, in the module, open every binding of ``operand``
        that a result is tied to read-only? Then it writes no byte through them: what it writes
        of the version is what it writes through its other bindings (IREE's pre-splice stages
        tie the result of an update fused into its dispatch to the binding the kernel reads)."""
        tied = set(in_place_positions(op))
        found = [b for b in self._bindings(op) if b.position in tied and b.value == operand]
        return bool(found) and all(not b.why and BindingAccess.WRITE not in b.access for b in found)

    def _kernel_writes(self, op: ir.Operation) -> list[ir.Value]:
        """Operands a dispatch's kernel says it writes (a subspan it opens for writing) that no
        result is tied to: writes of storage the async IR says it only reads. A binding of a kernel
        in the module that the model cannot read (passed to another op, opened as a type it does
        not know) may be written; one of a kernel not in the module is taken at the IR's word
        (module docstring)."""
        tied = {op.operands[p] for p in in_place_positions(op)}
        out: list[ir.Value] = []
        for b in self._bindings(op):
            known_kernel = not b.why or b.kernel_found
            if BindingAccess.WRITE in b.access and known_kernel and b.value not in tied and b.value not in out:
                out.append(b.value)
        return out

    # -- a loop writing its init in place ------------------------------------------------------
    # A value handed into a loop starts a version of its own (module docstring), but the first
    # turn is handed the init's own buffer: an in-place write of the iteration argument writes
    # the init's bytes. IREE's scheduling can move a read of the init after the loop (stream
    # campaign seed 23002: a slice of a global's load ran after the loop that scaled the global
    # in place), so every read of the init is paired with the body's writes of what the init
    # became, as with any other in-place write.

    def _loop_writes(
        self,
        candidates: dict[ir.Value, list[tuple[ir.Operation, ir.Value]]],
        regions: set[ir.Operation],
        call_writers: dict[ir.Value, list[_Use]],
    ) -> dict[ir.Value, list[_Use]]:
        """Per version's root, the in-place writes a loop handed it as an init makes of its
        buffer: those of its body (ops, calls, inner loops) of every version of an iteration
        argument that may hold the init's buffer (:meth:`_inits_held`). Each is the body's op,
        which orders it (a read of the init completes before it, or not), with the loop and the
        init it writes (:attr:`_Use.carried`). Its bytes are the body's, shifted as the init
        is, where the argument holds the init's buffer at its start on every turn it holds it
        at all; else unknown."""
        out: dict[ir.Value, list[_Use]] = {}
        for loop in reversed(self.loops):  # (inner loops first: their writes are the outer body's)
            held = self._inits_held(loop)
            if not held:
                continue
            inside = [r for r in dict.fromkeys([*candidates, *call_writers, *out]) if _inside(r, loop)]
            back = {version: self._back_to_storage(version, loop) for version in inside}
            for argument, inits in held.items():
                writes: list[tuple[_Use, bool]] = []
                for version in inside:
                    steps = [c for r, _, c in back[version] if r == argument]
                    if not steps:
                        continue
                    uses = self._writes_of(version, candidates.get(version, []), regions)
                    uses += call_writers.get(version, []) + out.get(version, [])
                    writes += [(u, all(steps)) for u in uses]
                for k, clean in inits.items():
                    init = loop.operands[k]
                    for root, offsets, paths in self.versions.roots(init):
                        for w, at_start in writes:
                            known = clean and at_start and w.access is not None
                            out.setdefault(root, []).append(
                                _Use(
                                    w.op,
                                    w.access if known else None,
                                    offsets + w.offsets if known else offsets,
                                    paths=paths,
                                    via=w.via,
                                    value=init,
                                    carried=(loop, k),
                                )
                            )
        return out

    def _inits_held(self, loop: ir.Operation) -> dict[ir.Value, dict[int, bool]]:
        """Per resource argument of ``loop``'s region blocks, the inits (operand positions)
        whose buffer it may hold on some turn, each with whether it holds it at its start on
        every edge that hands it (no subview between): handed the init itself, or a version
        the loop made in place from an argument that holds it so. Settled over the loop's
        edges (:func:`..semantics.region_flow.entering_values`): a turn that hands an argument
        back, or a while loop's condition handing its ``before`` arguments to ``after``."""
        blocks = [region.blocks[0] for region in loop.regions if len(region.blocks)]
        inits = {k: v for k, v in enumerate(loop.operands) if is_resource(v)}
        if not inits:
            return {}
        init_roots = {k: self.versions.roots(v) for k, v in inits.items()}
        edges = [(block, entering_values(block)) for block in blocks]
        held: dict[ir.Value, dict[int, bool]] = {}
        if any(e is None for _, e in edges):
            # A loop whose edges the model does not know: any argument may hold any init.
            return {a: dict.fromkeys(inits, False) for b in blocks for a in b.arguments if is_resource(a)}
        changed = True
        while changed:
            changed = False
            for block, entering in edges:
                assert entering is not None
                for values in entering:
                    for argument, value in zip(block.arguments, values):
                        if value is None or not is_resource(argument):
                            continue
                        found = held.setdefault(argument, {})
                        for k, clean in self._holds(value, loop, inits, init_roots, held).items():
                            was = found.get(k)
                            now = clean if was is None else was and clean
                            if was != now:
                                found[k] = now
                                changed = True
        return {a: ks for a, ks in held.items() if ks}

    def _holds(
        self,
        value: ir.Value,
        loop: ir.Operation,
        inits: dict[int, ir.Value],
        init_roots: dict[int, list[tuple[ir.Value, tuple[ir.Value, ...], frozenset[Branch]]]],
        held: dict[ir.Value, dict[int, bool]],
    ) -> dict[int, bool]:
        """The inits whose buffer ``value``, handed along one of ``loop``'s edges, may be
        (:meth:`_inits_held`), each with whether at its start."""
        out: dict[int, bool] = {}

        def add(k: int, clean: bool) -> None:
            out[k] = clean and out.get(k, True)

        for k, init in inits.items():
            if value == init:
                add(k, True)
        for root, offsets, clean in self._back_to_storage(value, loop):
            for k, c in held.get(root, {}).items():
                add(k, clean and c)
            for k, roots in init_roots.items():
                for r, o, _ in roots:
                    if r == root and value != inits[k]:
                        add(k, clean and o == offsets)
        return out

    def _back_to_storage(
        self, value: ir.Value, loop: ir.Operation
    ) -> list[tuple[ir.Value, tuple[ir.Value, ...], bool]]:
        """The versions ``value``'s buffer was first made as, back through versions and the
        in-place writes ``loop`` makes (:meth:`_storages`, inside one loop): each with the
        subview offsets to its last step, and whether no subview lies between."""
        out: list[tuple[ir.Value, tuple[ir.Value, ...], bool]] = []
        seen: set[tuple[ir.Value, bool]] = set()
        todo: list[tuple[ir.Value, bool]] = [(value, True)]
        while todo:
            current, clean = todo.pop()
            for root, offsets, _ in self.versions.roots(current):
                c = clean and not offsets
                if (root, c) in seen:
                    continue
                seen.add((root, c))
                producer = defining_op(root)
                if producer is None or is_device_region(producer) or not _inside(root, loop):
                    out.append((root, offsets, c))
                    continue
                operand = tied_operand_of(producer, root)
                if operand is not None:
                    todo.append((operand, c))
                elif producer.name in CARRYING_LOOPS:
                    # An inner loop's result: its init's buffer, or what a turn hands back.
                    todo += [(v, c) for v in _handed_to_region_value(producer, root)]
                else:
                    out.append((root, offsets, c))
        return out

    def _writes_of(
        self, root: ir.Value, writes: list[tuple[ir.Operation, ir.Value]], regions: set[ir.Operation]
    ) -> list[_Use]:
        """The accesses of the in-place writes ``writes`` of the version ``root``: each op's
        write of the operand (its bytes where known; an execution region writing a capture
        whole: any byte), and the bindings of the version its kernel writes besides."""
        out: list[_Use] = []
        for op, operand in writes:
            offsets, paths = self.versions.offsets_to(operand, root)
            access = None
            if op not in regions:
                if op.name == ASYNC_DISPATCH and self._tied_binding_only_read(op, operand):
                    continue  # the kernel writes the version through other bindings only: below
                fx = self._effects(op)
                write = next((a for a in fx.accesses if a.value == operand and a.kind is Kind.WRITE), None)
                if write is None and op.name == ASYNC_DISPATCH:
                    continue  # a kernel's write through an untied binding: its bytes are below
                access = write if write is not None and write.range_known else None
            out.append(_Use(op, access, offsets, paths=paths, value=operand))
        return out + self._binding_writes(root, writes)

    def _binding_writes(self, root: ir.Value, writes: list[tuple[ir.Operation, ir.Value]]) -> list[_Use]:
        """The bytes a dispatch writing ``root`` writes besides its tied operand's: every other
        binding of the version its kernel may write (the in-place write is there too)."""
        out: list[_Use] = []
        done: set[ir.Operation] = set()
        for op, _ in writes:
            if op.name != ASYNC_DISPATCH or op in done:
                continue
            done.add(op)
            tied = set(in_place_positions(op))
            reads = [a for a in self._effects(op).accesses if a.kind is Kind.READ]
            for b in self._bindings(op):
                if b.position in tied or BindingAccess.WRITE not in b.access:
                    continue
                for r, offsets, paths in self.versions.roots(b.value):
                    if r == root:
                        access = reads[b.binding] if reads[b.binding].range_known else None
                        out.append(_Use(op, access, offsets, paths=paths))
        return out

    def _region_writes(self, op: ir.Operation) -> list[ir.Value]:
        """Captures an execution or concurrent region writes as a whole: those a tied result
        is tied to while the region yields a value of other storage (not the capture, not made
        in place from it, not a subview of it). IREE's allocation then places the yielded
        value in the captured buffer, at a time the IR does not say."""
        operands, _, yielded = self.versions.region(op)
        out = []
        for k, t in enumerate(tied_operands(op.opview)[: len(yielded)]):
            if t is None or t >= len(operands):
                continue
            if not self._storages(yielded[k]) <= self._storages(operands[t]):
                out.append(operands[t])
        return out

    def _storages(self, value: ir.Value) -> frozenset[ir.Value]:
        """The first versions of the storage ``value`` may be: back through versions and
        in-place ops (each version's, once: a region's results are asked about in turn, and the
        chains of in-place writes behind them are long and shared)."""
        out: set[ir.Value] = set()
        for root, _, _ in self.versions.roots(value):
            out |= self._storages_of_version(root)
        return frozenset(out)

    def _storages_of_version(self, start: ir.Value) -> frozenset[ir.Value]:
        """:meth:`_storages` of a version's root, memoised; iterative (a chain of in-place writes
        may be longer than Python's stack is deep). A version met again on its own way back
        adds nothing."""
        memo = self._storage_memo
        stack: list[ir.Value] = [start]
        expanding: set[ir.Value] = set()  # (on the way back from ``start`` now)
        while stack:
            root = stack[-1]
            if root in memo:
                stack.pop()
                continue
            producer = defining_op(root)
            operand = None
            if producer is not None and not is_device_region(producer):
                operand = tied_operand_of(producer, root)
            if operand is None:
                memo[root] = frozenset({root})
                stack.pop()
                continue
            earlier = [r for r, _, _ in self.versions.roots(operand)]
            pending = [r for r in earlier if r not in memo and r not in expanding]
            if pending and root not in expanding:
                expanding.add(root)
                stack.extend(pending)
                continue
            memo[root] = frozenset().union(*(memo.get(r, frozenset()) for r in earlier))
            expanding.discard(root)
            stack.pop()
        return memo[start]

    # -- checking -----------------------------------------------------------------------------
    def run(self) -> list[ScheduleCheck]:
        self.collect()
        out: list[ScheduleCheck] = []
        for root, writes in self.writers.items():
            out += self._not_ours(root, writes)
            reads = self.readers.get(root, [])
            for k, w in enumerate(writes):
                for r in reads:
                    if r.op == w.op:
                        if w.op.name in COPY_LIKE_OPS:
                            out.append(self._copy_onto_itself(root, r, w))
                        continue
                    if w.carried is not None and r.op == w.carried[0]:
                        continue  # (the hand-over to the loop that makes the write)
                    if _exclusive(r.op, w.op) or _apart(r, w) or not self._read_meets(root, r, w.op):
                        continue
                    out.append(self._read_and_write(root, r, w))
                for other in writes[k + 1 :]:
                    if other.op == w.op or _exclusive(other.op, w.op) or _apart(other, w):
                        continue
                    if _one_loop(other, w):
                        continue  # (writes of one body's chain of versions: the body's own pairs)
                    if not self._writes_after(root, w.op, other) and not self._writes_after(root, other.op, w):
                        continue
                    out.append(self._second_writer(root, other, w))
        out.extend(self._binding_pairs())
        out.extend(self._two_versions_yielded())
        out.extend(self._consumed_in_loops())
        out.extend(self._stores_erased())
        out.extend(self._inits_freed_as_results())
        return out

    # -- a loop's result freed while its init lives on ----------------------------------------
    # IREE's reference counting (``iree-stream-automatic-reference-counting``, after the check)
    # hands a loop's init over to the loop's result ("ownership transfers to the loop result"),
    # and frees the result after its last use, right after the loop when nothing uses it. A
    # loop that turns no time returns the init itself: its buffer is then freed, and a later
    # use of the init fails (local-task: "transient buffer has not been committed"; tensor
    # campaign seed 13102). It tracks lifetimes only through a loop that carries a timepoint.

    def _inits_freed_as_results(self) -> list[ScheduleCheck]:
        """Every loop (:func:`..semantics.region_flow.results_as_inits`) that may return an init
        as a result, where the init's buffers are ones the function's own device work made
        (:meth:`_device_buffers`), the result stays in the loop's block, and a use of them, or of
        another value of their execution region's allocation (:meth:`_region_mates`), runs after
        every use of the result (:func:`_levels_after`): the hazard names the first such use."""
        out: list[ScheduleCheck] = []
        for op in _walk(self.fn):
            inits = _results_as_inits(op)
            if not inits or not any(is_timepoint(r) for r in op.results):
                continue
            for k, (n, every_turn) in inits.items():
                result, init = op.results[k], op.operands[n]
                if is_resource(result) and is_resource(init):
                    out += self._freed_init(op, result, init, every_turn=every_turn)
        return out

    def _freed_init(
        self, loop: ir.Operation, result: ir.Value, init: ir.Value, every_turn: bool = False
    ) -> list[ScheduleCheck]:
        roots = [root for root, _, _ in self.versions.roots_in_function(init)]
        buffers = self._buffers_of(roots, set())
        arguments = [] if buffers else self._private_arguments(roots)
        if not buffers and not arguments:
            return []  # (a global's buffer, an import, a call's result: not the function's to free)
        block = loop.block
        at = _positions(block)
        freed_after, last_user = at[c_address(loop)], None
        for user, value, _, _ in self.versions.uses(result):
            anchor = _anchor_in(user, block)
            if anchor is None or self._leaves(user, value):
                return []  # (used elsewhere, or kept: not freed in this block)
            if at[c_address(anchor)] > freed_after:
                freed_after, last_user = at[c_address(anchor)], user
        if not buffers:
            return self._argument_freed(loop, arguments, last_user)
        # The init's buffer: its versions from the roots on (the init itself among them: a
        # loop's block argument, an in-place write's result), and every other result of the
        # execution region that made it, of its lifetime: IREE allocates those together, and
        # freeing one frees them all (review 32: a dispatch's two results, a value and its
        # slice's copy, freed with the loop's result).
        held = [(v, None) for v in dict.fromkeys([*buffers, *roots, init])]
        twins = _results_holding(loop, result, init)
        held += [(twin, init) for twin in twins]
        held += [(mate, buffers[0]) for mate in self._region_mates(buffers, init.type)]
        levels = _levels_after(loop, freed_after, buffers)
        later = []
        for value, mate_of in held:
            for user, _, _, _ in self.versions.uses(value):
                order = _runs_after(user, levels)
                if order is None and user.name in _HANDED_OUT:
                    # Handed to the caller, who reads it after the function returned, wherever
                    # the hand-over stands (a09 of the twenty-fourth session: an export of the
                    # init before the loop's result is last used).
                    order = (len(levels), 0)
                if order is not None:
                    later.append((order, user, value, mate_of))
        if not later:
            return []
        _, user, value, mate_of = min(later, key=lambda t: t[0])
        when = (_EVERY_TURN if every_turn else "") + self._freed_when(last_user)
        if mate_of is not None:
            how = "another result of the loop that is it too" if value in twins else "made in one allocation with it"
            when += f", and with it {self.context.names.name(value)}, {how}"
            value = mate_of
        r, w = _Use(user, None, ()), _Use(loop, None, ())
        return [self._pair(value, r, w, ScheduleVerdict.FREED_AS_A_LOOP_RESULT, when)]

    def _freed_when(self, last_user: ir.Operation | None) -> str:
        """When IREE frees a loop's result: after ``last_user``, its last use, or right after the
        loop where nothing uses it."""
        if last_user is None:
            return "right after the loop (nothing uses it)"
        names = self.context.names
        return f"after its last use, {names.describe(last_user)} ({names.location(last_user)})"

    def _private_arguments(self, roots: list[ir.Value]) -> list[int]:
        """The argument numbers ``roots`` are, where every one is an argument of this function's
        entry block and the function is private (its callers are the module's calls)."""
        entry = self.fn.regions[0].blocks[0]
        if not roots or visibility(self.fn) != "private":
            return []
        found: list[int] = []
        for root in roots:
            if defining_op(root) is not None or ir.BlockArgument(root).owner != entry:
                return []
            found.append(ir.BlockArgument(root).arg_number)
        return found

    def _argument_freed(
        self, loop: ir.Operation, arguments: list[int], last_user: ir.Operation | None
    ) -> list[ScheduleCheck]:
        """The hazard of a loop whose init is the caller's buffer (``arguments``): a caller that
        uses the value it passed there after the call reads what the callee freed."""
        for caller in self.context.callees.defined():
            for call in _walk(caller):
                if call.name not in CALLS or callee_name(call) != self.name:
                    continue
                theirs = self.context.function_check(caller)
                for k in arguments:
                    if k >= len(call.operands):
                        continue
                    levels = _levels_after(call, -1, [call.operands[k]])
                    later = [
                        (order, user)
                        for user, _, _, _ in theirs.versions.uses(call.operands[k])
                        if (order := _runs_after(user, levels)) is not None
                    ]
                    if later:
                        _, user = min(later, key=lambda t: t[0])
                        when = self._freed_when(last_user) + (
                            f", the buffer {self.context.names.describe(call)} in @{theirs.name} passes as argument {k}"
                        )
                        r, w = _Use(user, None, ()), _Use(loop, None, ())
                        return [self._pair(call.operands[k], r, w, ScheduleVerdict.FREED_AS_A_LOOP_RESULT, when)]
        return []

    def _region_mates(self, roots: list[ir.Value], lifetime: ir.Type) -> list[ir.Value]:
        """The results of the outermost execution regions that made ``roots``, of the init's
        resource type (``lifetime``), other than those the roots reach."""
        regions: list[ir.Operation] = []
        for root in roots:
            producer = defining_op(root)
            region = producer if is_device_region(producer) else None
            holder = device_holder(producer.block) if producer is not None else None
            while holder is not None:
                region, holder = holder, device_holder(holder.block)
            if region is not None and not any(r == region for r in regions):
                regions.append(region)
        reached = {c_address(u) for root in roots for u, _, _, _ in self.versions.uses(root)}
        return [
            result
            for region in regions
            for result in region.results
            if result.type == lifetime and not any(c_address(u) in reached for u, _, _, _ in self.versions.uses(result))
        ]

    def _device_buffers(self, root: ir.Value, seen: set[ir.Value]) -> list[ir.Value] | None:
        """The buffers ``root`` may be, where each is one the function's device work made (an
        op of an execution region, or the region itself: not one it captured); None where one
        may be another (a global's, an import, a call's result). An in-place write's result is
        the buffer it writes; a loop's argument or result, or a branch's result, each value the
        op may hand it (its inits, its arms' and turns' yields)."""
        if root in seen:
            return []  # (a cycle through a loop: the other values decide)
        seen.add(root)
        producer = defining_op(root)
        holder = producer if producer is not None else parent_op_of_block(ir.BlockArgument(root).owner)
        flow = flow_of(holder) if holder is not None else None
        if flow is not None and not flow.device_body:
            handed = _handed_to_region_value(holder, root)
            return self._buffers_of([r for v in handed for r, _, _ in self.versions.roots_in_function(v)], seen)
        if producer is None:
            return None
        operand = tied_operand_of(producer, root)
        if operand is not None:
            return self._buffers_of([r for r, _, _ in self.versions.roots_in_function(operand)], seen)
        return [root] if is_device_region(producer) or device_holder(producer.block) is not None else None

    def _buffers_of(self, roots: list[ir.Value], seen: set[ir.Value]) -> list[ir.Value] | None:
        """:meth:`_device_buffers` of every one of ``roots`` (None where one is not the
        function's, or there is none)."""
        out: list[ir.Value] = []
        for root in roots:
            found = self._device_buffers(root, seen)
            if found is None:
                return None
            out += found
        return out if roots else None

    def _leaves(self, user: ir.Operation, value: ir.Value) -> bool:
        """Does ``user`` keep ``value`` beyond the block: return it, export it, store it, pass
        it to a call, a region or a branch, or do what the model does not know with it?"""
        if user.name in RETURNS or user.name in CALLS or user.name == GLOBAL_STORE or _hands_over(user):
            return True
        fx = self._effects(user)
        return fx.unknown or value in fx.escapes

    # -- a store IREE erases after allocation ---------------------------------------------------
    # IREE's allocation gives an execution region's tied result the buffer of the operand it is
    # tied to: a store of a global's loaded buffer, written in place and stored back, becomes a
    # store of the load's own result, and ``util.global.store``'s canonicalizer then erases it
    # (``EraseUnusedGlobalStoreOp``) without asking whether the global was stored anything
    # since the load. Where it was (IREE's copy-on-write stores a clone of the load first, when
    # the load may be written through a select), the global keeps the clone, and the write is
    # lost for the next load (stream seed 9091:
    # ``tests/regressions/campaign-scaled-reload-stored-back-erased-after-a-clone-is-stored.json``).
    # Both happen after the check, which sees the module before allocation: it reads the form.

    def _stores_erased(self) -> list[ScheduleCheck]:
        """Every store of a global whose value IREE's allocation makes the global's own load,
        loaded in the store's block, with a write of that global between the load and it: a
        store of another buffer (in the block, or nested in an op of it: an arm, a loop body),
        or a call whose callee stores the global. The hazard names the in-place write that made
        the stored version (a repair gives it a fresh copy, so the store stores a buffer of its
        own), or none when the load is stored back unwritten."""
        self._in_place_writes()
        if len(self._global_stores) < 2 and not (self._global_stores and self._calls):
            return []
        position = self._positions_in_walk
        # (The writes that may store a global: its own stores, and calls; each in walk order.)
        writes: dict[str | None, _InWalk] = {None: _InWalk(self._calls, position)}
        for symbol, stores in itertools.groupby(
            sorted(self._global_stores, key=lambda op: (global_name(op), position[op])), key=global_name
        ):
            writes[symbol] = _InWalk(list(stores), position)
        out: list[ScheduleCheck] = []
        for store in self._global_stores:
            symbol = global_name(store)
            if not is_resource(store.operands[0]):
                continue
            load = _allocated_as_load(self.versions, store.operands[0], symbol)
            if load is None or load.block != store.block:
                continue
            between = sorted(
                (*writes[symbol].between(load, store), *writes[None].between(load, store)), key=lambda op: position[op]
            )
            other = next((w for w in reversed(between) if self._stores_another_buffer(w, symbol, load)), None)
            if other is None:
                continue
            names = self.context.names
            write = _stored_write(self.versions, store.operands[0])
            stored = f"{names.describe(store)} ({names.location(store)})"
            out.append(
                ScheduleCheck(
                    function=self.name,
                    read=names.describe(other),
                    read_location=names.location(other),
                    write=names.describe(write) if write is not None else stored,
                    write_location=names.location(write) if write is not None else names.location(store),
                    storage=_storage_name(names, load.results[0]),
                    read_range=None,
                    write_range=None,
                    verdict=ScheduleVerdict.STORE_ERASED,
                    detail=stored,
                    read_op=other,
                    write_op=write,
                )
            )
        return out

    def _stores_another_buffer(self, op: ir.Operation, symbol: str, load: ir.Operation) -> bool:
        """Does ``op`` store global ``symbol`` a buffer that is not ``load``'s: a store of it
        (a value allocation does not make that load), or a call whose callee stores it (one
        the module does not define, which may store anything, is not counted: not shown)?"""
        if op.name == GLOBAL_STORE:
            return global_name(op) == symbol and not _is(
                _allocated_as_load(self.versions, op.operands[0], symbol), load
            )
        if "callee" not in op.attributes:
            return False
        stores = self.context.summaries.of(callee_name(op), len(op.results)).stores
        return stores is not None and symbol in stores

    def _not_ours(self, root: ir.Value, writes: list[_Use]) -> list[ScheduleCheck]:
        """Every in-place write of a buffer the function may not write at all: an immutable
        global's (a later invocation loads it as it was), or one its caller passed and keeps."""
        load = defining_op(root)
        held = self._immutable_held(root)
        if load is None and held:
            load = parent_op_of_block(root.owner)  # (a loop's argument: the loop hands it over)
        if load is None:
            return []
        if held:
            verdict = ScheduleVerdict.IMMUTABLE_WRITTEN
            why = "the global is immutable: a later invocation loads its buffer as it was"
            if isinstance(root, ir.BlockArgument):
                why = f"{_CARRIED} immutable global @{held[0]}'s buffer, which every later load of it reads"
            elif not self._immutable(load):
                why = f"{_RETURNED} immutable global @{held[0]}'s buffer, which every later load of it reads"
        elif self._callers_buffer(load):
            verdict = ScheduleVerdict.CALLERS_BUFFER_WRITTEN
            why = "the argument is not given over (no consume): the caller holds its buffer"
        else:
            return []
        return [self._pair(root, _Use(load, None, ()), w, verdict, why) for w in writes]

    # -- a version made before a loop, written in place in it ----------------------------------
    # A value handed into a loop as an iteration argument starts a version per iteration; a
    # value the body uses from above is one version for every iteration. An in-place write of it
    # in the body consumes it in the first iteration, and every later iteration starts from the
    # bytes the one before wrote, where value semantics starts each from the version as it was
    # made. IREE 3.13 makes this form itself: LICM hoists a constant out of a loop whose body
    # inserts into it, and its copy-on-write clones the constant once, before the loop
    # (``tests/data/global_reloads/constant_written_in_a_loop.mlir``). The pairs above never see
    # it: the write is the version's only use.

    def _consumed_in_loops(self) -> list[ScheduleCheck]:
        """Every in-place write (an op's, or a call's whose callee writes the argument it is
        passed) of a version made outside a loop that holds the write: a region op that may run
        its body more than once (:func:`..semantics.region_flow.runs_again`), or a ``cf`` cycle
        that comes back to the write without making the version again. Followed back within
        the function only (:meth:`_Versions.roots_in_function`): a load of a global in the
        loop is made again in every iteration. An op the model does not know is left to the
        pairs (its writes are a guess; a lone one is never reported there either)."""
        candidates, regions = self._in_place_writes()
        writes: list[tuple[ir.Operation, ir.Value, ir.Operation | None]] = []
        seen: set[tuple[ir.Operation, ir.Value]] = set()
        for found in candidates.values():
            for op, operand in found:
                if (op, operand) not in seen:
                    seen.add((op, operand))
                    writes.append((op, operand, None))
        for call, operand, ops in self._argument_writes_of_calls():
            if (call, operand) not in seen:
                seen.add((call, operand))
                writes.append((call, operand, ops[0]))
        out: list[ScheduleCheck] = []
        for op, operand, via in writes:
            if not _in_a_loop(op):
                continue  # (the usual case: one walk up the op's blocks)
            if op not in regions and via is None and not self._writes_in_place(op, operand):
                continue
            for root, offsets, paths in self.versions.roots_in_function(operand):
                loop = _runs_again_around(op, root)
                if loop is None:
                    continue
                holder, known, cf = loop
                access = None
                if op not in regions and via is None:
                    fx = self._effects(op)
                    write = next((a for a in fx.accesses if a.value == operand and a.kind is Kind.WRITE), None)
                    access = write if write is not None and write.range_known else None
                w = _Use(op, access, offsets, paths=paths, via=via, value=operand)
                r = _Use(holder, None, ())
                if known:
                    why = _CF_LOOP if cf else _REGION_LOOP
                    out.append(self._pair(root, r, w, ScheduleVerdict.CONSUMED_IN_A_LOOP, why))
                else:
                    why = f"{holder.name}, an op the model does not know, holds it and may run its region again"
                    out.append(self._pair(root, r, w, ScheduleVerdict.UNKNOWN, why))
        return out

    def _writes_in_place(self, op: ir.Operation, operand: ir.Value) -> bool:
        """Does ``op`` (not a region, not a call through its callee) write ``operand`` in
        place, as far as the model knows? Not an op it does not know; not a dispatch whose
        kernel opens every binding of the value read-only (it writes through others)."""
        if self._effects(op).unknown:
            return False
        if op.name == ASYNC_DISPATCH:
            found = [b for b in self._bindings(op) if b.value == operand]
            if found and all(not b.why and BindingAccess.WRITE not in b.access for b in found):
                return False
        return True

    # -- accesses through a global's loads: do they meet on one path? -------------------------
    # An access reached from a version only through loads of a global that may hold it
    # (:mod:`.global_contents`) meets it only on the paths where the global holds it. The
    # data-flow joins paths, so a loop that writes the version in place and stores it, and a
    # reload after the loop, look alike with a reload that reads a version written behind it:
    # the second pass (:meth:`_consumption`) tells them apart, by which in-place writes ran
    # before each load on a path where the global still held the value.

    def _read_meets(self, root: ir.Value, use: _Use, write: ir.Operation) -> bool:
        """May ``use`` (a read) meet ``write`` (an in-place write of ``root``) on one path:
        read what the write changed (the write ran before the load, and the global held the
        value still), or be read before it (the load may run before the write)?"""
        direct, hops = self._link_hops(use.value, root)
        if direct:
            return True
        consumed = self._consumption()
        for held, load in hops:
            producer = defining_op(load)
            if (held, write) in consumed.consumed_at(load) or producer is None or _may_follow(producer, write):
                return True
        return False

    def _writes_after(self, root: ir.Value, first: ir.Operation, second: _Use) -> bool:
        """May ``second`` (an in-place write) write ``root``'s version after ``first`` wrote it
        in place, on one path: directly, or through a load at which the global still held
        what ``first`` wrote, or through a load made before ``first`` ran?"""
        direct, hops = self._link_hops(second.value, root)
        if direct:
            return _may_follow(first, second.op)
        consumed = self._consumption()
        for held, load in hops:
            producer = defining_op(load)
            if (held, first) in consumed.consumed_at(load) or producer is None:
                return True
            if _may_follow(producer, first) and _may_follow(first, second.op):
                return True
        return False

    def _link_hops(self, value: ir.Value | None, root: ir.Value) -> tuple[bool, frozenset[tuple[ir.Value, ir.Value]]]:
        """Back from ``value`` to the version ``root``: is there a way that crosses no link of
        a global's loads (True for an access whose value is not recorded), and the (value the
        global held, load) links crossed on the others."""
        if value is None:
            return True, frozenset()
        direct = False
        hops: set[tuple[ir.Value, ir.Value]] = set()
        seen: set[tuple[ir.Value, bool]] = {(value, False)}
        todo: list[tuple[ir.Value, bool]] = [(value, False)]
        while todo:
            current, crossed = todo.pop()
            if current == root:
                direct = direct or not crossed
            producer = defining_op(current)
            linked = producer is not None and producer.name in _GLOBAL_VALUES
            for nxt, _ in self.versions.links_of(current):
                if linked:
                    hops.add((nxt, current))
                step = (nxt, crossed or linked)
                if step not in seen:
                    seen.add(step)
                    todo.append(step)
        return direct, frozenset(hops)

    def _consumption(self) -> GlobalContents:
        """The second pass of the global data-flow (:class:`.Consumption`), made on the first
        question: which in-place writes each load may have been preceded by, on its paths."""
        if self._consumed is None:
            writes_by_op: dict[ir.Operation, set[ir.Value]] = {}
            candidates, _ = self._in_place_writes()
            for root, found in candidates.items():
                for op, _ in found:
                    writes_by_op.setdefault(op, set()).add(root)
            for call, operand, _ in self._argument_writes_of_calls():
                writes_by_op.setdefault(call, set()).update(r for r, _, _ in self.versions.roots(operand))
            calls: dict[ir.Operation, set[str]] = {}
            for call, symbol, _ in self._call_writes():
                calls.setdefault(call, set()).add(symbol)

            def writes(op: ir.Operation) -> tuple[frozenset[ir.Value], frozenset[str] | None]:
                return frozenset(writes_by_op.get(op, ())), frozenset(calls.get(op, ()))

            def buffers(value: ir.Value) -> frozenset[ir.Value]:
                return frozenset(r for r, _, _ in self.versions.roots(value)) | {value}

            self._consumed = GlobalContents(self.fn, self.context.summaries, Consumption(writes, buffers))
        return self._consumed

    def _two_versions_yielded(self) -> list[ScheduleCheck]:
        """Every execution or concurrent region that yields, as two results, two values of one
        buffer it made (a value and the version an in-place write made of it, or a view of it):
        module docstring, IREE's allocation fault. A buffer the region captures is allocated
        right, and so is one value yielded twice."""
        out: list[ScheduleCheck] = []
        for op in self.device_regions:
            _, _, yielded = self.versions.region(op)
            values = list(dict.fromkeys(v for v in yielded if is_resource(v)))
            if len(values) < 2 or not self._may_share_a_buffer(values):
                continue
            by_storage: dict[ir.Value, list[ir.Value]] = {}
            for value in values:
                for storage in self._storages(value):
                    if _made_in(storage, op):
                        by_storage.setdefault(storage, []).append(value)
            for storage, values in by_storage.items():
                if len(values) > 1:
                    out += self._yielded_together(op, storage, values)
        once: dict[ir.Operation, ScheduleCheck] = {}  # (a region re-yielding a nested one's: one write)
        for check in out:
            once.setdefault(check.write_op, check)
        return list(once.values())

    def _may_share_a_buffer(self, values: list[ir.Value]) -> bool:
        """May two of ``values`` be one buffer? Only if two are one version (a view), or one is
        a version an in-place write made (a cheap test before :meth:`_storages`' walk back)."""
        roots = [root for v in values for root, _, _ in self.versions.roots(v)]
        if len(set(roots)) < len(roots):
            return True
        for root in roots:
            producer = defining_op(root)
            if producer is not None and not is_device_region(producer) and tied_operand_of(producer, root) is not None:
                return True
        return False

    def _yielded_together(self, region: ir.Operation, storage: ir.Value, values: list[ir.Value]) -> list[ScheduleCheck]:
        """The hazards of ``region`` yielding ``values``, all of buffer ``storage``: each in-place
        write that makes one of them from another's version (what a repair gives a copy), and,
        where two of them are not made one from the other in place, the op that makes the second
        (a view, nothing to repair; or another in-place write of their buffer)."""
        consumed = {v: self._consumed_on_the_way(v) for v in values}
        found: dict[ir.Operation, ir.Value] = {}
        apart: list[ir.Value] = []  # the second of each pair not made one from the other in place
        for i, a in enumerate(values):
            for b in values[i + 1 :]:
                made = [self._consumer(consumed[later], earlier) for earlier, later in ((a, b), (b, a))]
                for write, version in (m for m in made if m is not None):
                    found.setdefault(write, version)
                if made == [None, None]:
                    apart.append(b if b != storage else a)
        read = _Use(region, None, ())
        out = [
            self._pair(version, read, _Use(write, None, ()), ScheduleVerdict.TWO_VERSIONS_YIELDED, "in place")
            for write, version in found.items()
        ]
        for second in dict.fromkeys(apart):
            maker = defining_op(second)
            assert maker is not None  # (a value made in the region other than its storage's root)
            if maker in found:
                continue
            how = "in place" if tied_operand_of(maker, second) is not None else "a view"
            out.append(self._pair(storage, read, _Use(maker, None, ()), ScheduleVerdict.TWO_VERSIONS_YIELDED, how))
        return out

    def _consumer(
        self, consumed: dict[ir.Value, ir.Operation], earlier: ir.Value
    ) -> tuple[ir.Operation, ir.Value] | None:
        """(the in-place op, the version) where ``consumed`` (:meth:`_consumed_on_the_way` of a
        later value) holds the version ``earlier`` is."""
        return next(((consumed[r], r) for r, _, _ in self.versions.roots(earlier) if r in consumed), None)

    def _consumed_on_the_way(self, value: ir.Value) -> dict[ir.Value, ir.Operation]:
        """Each version ``value`` was made from in place, back to its storage, with the in-place op
        that consumed it on the way (one walk per value: a region may yield many versions)."""
        out: dict[ir.Value, ir.Operation] = {}
        seen: set[ir.Value] = set()
        todo = [value]
        while todo:
            for root, _, _ in self.versions.roots(todo.pop()):
                if root in seen:
                    continue
                seen.add(root)
                producer = defining_op(root)
                operand = None if producer is None or is_device_region(producer) else tied_operand_of(producer, root)
                if operand is None:
                    continue
                for earlier, _, _ in self.versions.roots(operand):
                    out.setdefault(earlier, producer)
                todo.append(operand)
        return out

    def _binding_pairs(self) -> list[ScheduleCheck]:
        """Every dispatch given one version through two bindings, through one of which its kernel
        may write: the bytes of the two must be disjoint (module docstring). The kernels are read
        only for dispatches given one version twice."""
        out: list[ScheduleCheck] = []
        for op in _walk(self.fn):
            if op.name != ASYNC_DISPATCH:
                continue
            values = [v for v in list(op.opview.resource_operands) if is_resource(v)]
            by_root: dict[ir.Value, list[tuple[int, tuple[ir.Value, ...], frozenset[Branch]]]] = {}
            for k, v in enumerate(values):
                for root, offsets, paths in self.versions.roots(v):
                    by_root.setdefault(root, []).append((k, offsets, paths))
            shared = {root: uses for root, uses in by_root.items() if len(uses) > 1}
            if not shared:
                continue
            bindings = self._bindings(op)
            reads = [a for a in self._effects(op).accesses if a.kind is Kind.READ]
            tied = set(in_place_positions(op))
            for root, uses in shared.items():
                for first, second in itertools.combinations(uses, 2):
                    # The written one second (each pair once: a fresh pair per step, never the
                    # loop's own names, or a third binding of the value loses its pair with the first).
                    read, written = (
                        (first, second) if BindingAccess.WRITE in bindings[second[0]].access else (second, first)
                    )
                    (i, off_i, paths_i), (j, off_j, paths_j) = read, written
                    if BindingAccess.WRITE not in bindings[j].access or not bindings[i].access:
                        continue  # nothing written, or a binding the kernel never touches
                    if _taken_at_the_irs_word(bindings[i], bindings[j], tied):
                        continue
                    r = _Use(op, reads[i] if reads[i].range_known else None, off_i, paths=paths_i)
                    w = _Use(op, reads[j] if reads[j].range_known else None, off_j, paths=paths_j)
                    out.append(self._two_bindings(root, r, w, bindings[i], bindings[j]))
        return out

    def _two_bindings(
        self, root: ir.Value, r: _Use, w: _Use, read: DispatchBinding, written: DispatchBinding
    ) -> ScheduleCheck:
        rr, wr = self._range(r), self._range(w)
        assumed = "; ".join(
            f"binding {b.binding}: {b.why}, so it may be read and written" for b in (read, written) if b.why
        )
        if rr is None or wr is None:
            check = self._pair(root, r, w, ScheduleVerdict.UNKNOWN, self._why_unknown(r, w))
        else:
            check = self._prove(root, r, w, rr, wr)
            if check.verdict is ScheduleVerdict.UNORDERED:
                check.verdict = ScheduleVerdict.BINDINGS_OVERLAP
        check.bindings = [read.binding, written.binding]
        check.detail = f"{check.detail} ({assumed})" if assumed else check.detail
        return check

    def _callers_buffer(self, op: ir.Operation) -> bool:
        """Is ``op`` an import of a buffer the caller keeps (:mod:`..semantics.abi`)? The
        function may read it, never write it in place."""
        return imports_callers_buffer(op, self.name, self.context.given_over)

    def _immutable_returned(self, root: ir.Value) -> list[str]:
        """The immutable globals whose buffer ``root``, a call's result, may be: what the
        callee's summary says the result may be (tensor seed 22101: a never-inlined callee
        returning an immutable global's load from one arm of an ``scf.if``, filled in place by
        its caller). A callee the module does not define may return any buffer it can reach:
        not shown."""
        call = defining_op(root)
        if (
            call is None
            or call.name not in CALLS
            or "callee" not in call.attributes
            or not self.context.immutable_globals
        ):
            return []
        summary = self.context.summaries.of(callee_name(call), len(call.results))
        k = ir.OpResult(root).result_number
        return sorted(summary.results[k].immutable) if k < len(summary.results) else []

    def _immutable_held(self, root: ir.Value, seen: frozenset[ir.Value] = frozenset()) -> list[str]:
        """The immutable globals whose buffer ``root`` may be: its load's, a call's result's
        (:meth:`_immutable_returned`), or, for a loop's region argument, what any edge into its
        block hands it (a call's result carried into a loop and written there on the first turn:
        review 57's b04, b13)."""
        load = defining_op(root)
        if load is not None and self._immutable(load):
            return [global_name(load)]
        if load is not None:
            return self._immutable_returned(root)
        edges = entering_values(root.owner) if root not in seen else None
        if not edges or not self.context.immutable_globals:
            return []
        found: set[str] = set()
        n = ir.BlockArgument(root).arg_number
        for edge in edges:
            entering = edge[n] if n < len(edge) else None
            if entering is None:
                continue
            for earlier, _, _ in self.versions.roots(entering):
                found.update(self._immutable_held(earlier, seen | {root}))
        return sorted(found)

    def _immutable(self, op: ir.Operation) -> bool:
        """Is ``op`` a load of an immutable global (its buffer must never change)?"""
        if op.name != GLOBAL_LOAD:
            return False
        name = global_name(op)
        return "is_immutable" in op.attributes or name in self.context.immutable_globals

    def _second_writer(self, root: ir.Value, a: _Use, b: _Use) -> ScheduleCheck:
        """Two ops that may write one version: two in-place writes consume it twice; when one
        is an op the model does not know, whether it writes at all is unknown."""
        unknown = [u.op.name for u in (a, b) if self._effects(u.op).unknown]
        if unknown:
            return self._pair(
                root, a, b, ScheduleVerdict.UNKNOWN, f"{unknown[0]}, an op the model does not know, may write it too"
            )
        return self._pair(root, a, b, ScheduleVerdict.CONSUMED_TWICE, "")

    def _read_and_write(self, root: ir.Value, r: _Use, w: _Use) -> ScheduleCheck:
        if r.opaque:
            return self._pair(
                root,
                r,
                w,
                ScheduleVerdict.UNKNOWN,
                "the value is handed to a loop, whose reads the check does not follow",
            )
        again = w.carried is not None and _inside_op(r.op, w.carried[0])
        if not again and self._before(r.op, w.op):
            # (A read of the init inside the loop that writes it meets the write of every turn
            # before its own: the order within one turn proves nothing.)
            return self._pair(root, r, w, ScheduleVerdict.ORDERED, "the read completes before the write starts")
        rr, wr = self._range(r), self._range(w)
        if rr is None or wr is None:
            return self._pair(
                root, r, w, ScheduleVerdict.UNKNOWN, "the schedule does not order them, and " + self._why_unknown(r, w)
            )
        check = self._prove(root, r, w, rr, wr)
        if check.verdict is ScheduleVerdict.UNORDERED and self._before(w.op, r.op):
            check.verdict = ScheduleVerdict.READ_AFTER_WRITE
            check.detail = "the schedule runs the write before the read: " + check.detail
        return check

    def _copy_onto_itself(self, root: ir.Value, r: _Use, w: _Use) -> ScheduleCheck:
        rr, wr = self._range(r), self._range(w)
        if rr is None or wr is None:
            return self._pair(
                root, r, w, ScheduleVerdict.UNKNOWN, "a copy within one storage: " + self._why_unknown(r, w)
            )
        check = self._prove(root, r, w, rr, wr)
        if check.verdict is ScheduleVerdict.UNORDERED:
            check.verdict = ScheduleVerdict.COPY_OVERLAP
        return check

    def _prove(self, root: ir.Value, r: _Use, w: _Use, rr: ByteRange, wr: ByteRange) -> ScheduleCheck:
        from ..symbolic.index_arith import pretty
        from ..symbolic.proofs import ProofVerdict, relevant_facts

        facts = self._facts(r.op, w.op)
        proof = prove_disjoint(rr, wr, relevant_facts(facts, rr, wr), self.context.timeout_ms)
        if proof.verdict is ProofVerdict.DISJOINT:
            check = self._pair(root, r, w, ScheduleVerdict.DISJOINT, proof.detail)
            check.facts_used = list(proof.facts_used)
        elif proof.verdict is ProofVerdict.MAY_OVERLAP:
            check = self._pair(root, r, w, ScheduleVerdict.UNORDERED, proof.detail)
            check.counterexample = proof.counterexample
        else:
            check = self._pair(root, r, w, ScheduleVerdict.UNKNOWN, proof.detail)
        check.read_range = [pretty(rr.start), pretty(rr.end)]
        check.write_range = [pretty(wr.start), pretty(wr.end)]
        return check

    # -- ranges and facts ------------------------------------------------------------------------
    def _range(self, use: _Use) -> ByteRange | None:
        if use.access is None:
            return None
        store = self.context.store
        rng = store.access_range(use.access)
        if rng is None:
            return None
        import sympy

        from ..symbolic.proofs import ByteRange

        shift: sympy.Expr = sympy.Integer(0)
        for offset in use.offsets:
            shift = shift + store.expr(offset)
        return ByteRange(rng.start + shift, rng.end + shift)

    def _facts(self, a: ir.Operation, b: ir.Operation) -> list[Fact]:
        model = self.context.model
        fn = model.function_of(self.fn)
        ia, ib = fn.info(a), fn.info(b)
        if ia is None or ib is None:
            return []
        return self.context.store.facts_for(fn, ia, ib)

    def _why_unknown(self, r: _Use, w: _Use) -> str:
        for use, what in ((r, "read"), (w, "write")):
            if use.access is None:
                if effects_with_async_calls(use.op).unknown:
                    return f"the {what} is by an op the model does not know"
                return f"the model does not know which bytes the {what} touches"
            if self.context.store.access_range(use.access) is None:
                return f"the bytes the {what} touches (its length operand) are not provably end - start"
        return "a range is unknown"

    # -- records -----------------------------------------------------------------------------
    def _pair(self, root: ir.Value, r: _Use, w: _Use, verdict: ScheduleVerdict, detail: str) -> ScheduleCheck:
        names = self.context.names
        write = names.describe(w.op)
        if w.via is not None:
            write = f"{names.describe(w.via)} ({names.location(w.via)}), called through {write}"
        write_op, location, init = w.via if w.via is not None else w.op, names.location(w.op), None
        if w.carried is not None:
            loop, position = w.carried
            init = sum(is_resource(v) for v in list(loop.operands)[:position])
            write = f"{write} ({location}) in the body of {names.describe(loop)}"
            location = names.location(loop)
        check = ScheduleCheck(
            function=self.name,
            read=names.describe(r.op),
            read_location=names.location(r.op),
            write=write,
            write_location=location,
            storage=_storage_name(names, root),
            read_range=None,
            write_range=None,
            verdict=verdict,
            detail=detail,
            read_op=r.op,
            write_op=write_op if w.carried is None else w.carried[0],
            write_unmodelled=_unmodelled(write_op),
            write_init=init,
        )
        if verdict in (ScheduleVerdict.ORDERED, ScheduleVerdict.CONSUMED_TWICE) or r.access is None or w.access is None:
            check.read_range, check.write_range = self._printed_range(r), self._printed_range(w)
        return check

    def _printed_range(self, use: _Use) -> list[str] | None:
        """``use``'s bytes as a record prints them, None where unknown. A range of constants
        (the common case: a dispatch's whole operand) is read without the model, whose
        symbolic values import sympy: most of the check's cost on a compile with nothing to
        prove."""
        if use.access is None:
            return None
        constant = _constant_range(use.access, use.offsets)
        if constant is not None:
            return [str(constant[0]), str(constant[1])]
        from ..symbolic.index_arith import pretty

        rng = self._range(use)
        return None if rng is None else [pretty(rng.start), pretty(rng.end)]


def _constant_range(access: Access, offsets: tuple[ir.Value, ...]) -> tuple[int, int] | None:
    """``[start, end)`` of ``access`` shifted by ``offsets`` where every one of them is an
    ``arith.constant`` and the bytes moved are ``end - start``: what the model's symbolic
    range (:meth:`FactStore.access_range`) is then. None: ask the model."""
    start, end = _constant_bound(access.start), _constant_bound(access.end)
    shifts = [constant_int(offset) for offset in offsets]
    if start is None or end is None or None in shifts:
        return None
    if access.length is not None:
        length = _constant_bound(access.length)
        if length is None or (end - start - length) % 2**64 != 0:
            return None
    shift = sum(s for s in shifts if s is not None)
    return start + shift, end + shift


def _constant_bound(bound: Bound) -> int | None:
    """A range bound's value where it is a number or a constant (plus a number)."""
    if isinstance(bound, int):
        return bound
    if isinstance(bound, Plus):
        base = constant_int(bound.base)
        return None if base is None else base + bound.delta
    return None if bound is None else constant_int(bound)


def _unmodelled(op: ir.Operation) -> bool:
    """Is ``op`` one the check does not model (closed world: counted as writing in place every
    resource it is handed, bytes unknown)? An op of a host-value dialect is modelled only
    while it is given no resource."""
    name = op.name
    if name in KNOWN_RESOURCE_OPS or name in CHOICE_OPS:
        return False
    if name.startswith(HOST_VALUE_PREFIXES):
        return any(is_resource(v) for v in op.operands)
    return True


#: What a value the check cannot trace may be, as a caller sees it: anything.
_ANYTHING = Origin(None, None, True)


def _taken_at_the_irs_word(a: DispatchBinding, b: DispatchBinding, tied: set[int]) -> bool:
    """Two bindings of one version, both tied to results, of a dispatch whose kernel is not in
    the module: the async IR's word is all there is, and it says the dispatch writes each in
    place (IREE's ``emplace-allocations`` puts a multi-result dispatch's results into ranges of
    one buffer this way), as two tied operands of any other op. A pair with an untied binding
    is checked: the unseen kernel may write through it too."""
    return not a.kernel_found and not b.kernel_found and a.position in tied and b.position in tied


def _hands_over(op: ir.Operation) -> bool:
    """Does ``op`` hand a value to another region or block without touching its bytes: a host
    region op, a host region's terminator, a ``cf`` branch? (Device regions: captures and
    yields, above.)"""
    flow = flow_of(op)
    return (flow is not None and not flow.device_body) or is_host_terminator(op) or is_branch(op)


def _terminator(block: ir.Block) -> ir.Operation:
    return list(block.operations)[-1].operation


def _yields(op: ir.Operation) -> list[tuple[int, ir.Operation]]:
    """The region terminators of every block of ``op``'s regions, with the region's index."""
    out = []
    for r, region in enumerate(op.regions):
        for block in region.blocks:
            ops = list(block.operations)
            if ops and is_region_terminator(ops[-1].operation):
                out.append((r, ops[-1].operation))
    return out


def _yield_branch(user: ir.Operation) -> Branch | None:
    """For a terminator of an arm of a branch (``scf.if``/``index_switch``): that arm."""
    if not is_region_terminator(user):
        return None
    holder = parent_op_of_block(user.block)
    if holder is None or not _alternatives(holder):
        return None
    r = region_index(holder, user.block)
    return (holder, r) if r is not None else None


def _arms(op: ir.Operation) -> set[Branch]:
    """The arms of ``scf.if``/``index_switch`` ops that ``op`` lies in."""
    return {(holder, r) for holder, r, _ in _block_chain(op) if _alternatives(holder)}


def _apart(a: _Use, b: _Use) -> bool:
    """Do the two accesses need different arms of one branch (their own places, and the arms
    their version went through)? Then they never both happen."""
    arms_a = a.paths | _arms(a.op)
    arms_b = b.paths | _arms(b.op)
    return any(ha == hb and ra != rb for ha, ra in arms_a for hb, rb in arms_b)


def _into_loop(user: ir.Operation) -> bool:
    """Does ``user`` hand values into or around a loop (an ``scf.for``/``while`` operand, a
    loop body's or condition's terminator, a branch inside a cf cycle)? Such values start
    versions of their own: the instances of one iteration and the next are not told apart."""
    flow = flow_of(user)
    if flow is not None:
        return not flow.at_most_once
    if is_branch(user):
        return any(_in_cycle(b) for b in user.successors)
    if is_host_terminator(user):
        holder = flow_of(parent_op_of_block(user.block))
        return holder is not None and not holder.at_most_once
    return False


def _in_a_loop(op: ir.Operation) -> bool:
    """Is ``op`` nested in a region op that may run its region again, or in a block of a
    ``cf`` cycle (at any depth up to its function)? Where not, no value it uses is met by a
    second run of it."""
    for holder, block in _enclosing(op.block):
        if _in_cycle(block):
            return True
        if holder.name in FUNCTION_OPS:
            return False
        if runs_again(holder) is not False:
            return True
    return False


def _runs_again_around(op: ir.Operation, root: ir.Value) -> tuple[ir.Operation, bool, bool] | None:
    """The innermost loop that may run ``op`` again without making ``root`` (a value ``op``
    uses) again: a region op that holds ``op`` but not ``root``'s definition and may run its
    region more than once, or a ``cf`` cycle through ``op``'s block (at some depth) that comes
    back to it without passing the block that makes ``root``. The op to name it by (the region
    op, or the cycle's branch out of ``op``'s block), whether the model knows the loop repeats
    (False: an op with regions it does not know), and whether it is a ``cf`` cycle. None where
    every run of ``op`` follows a new ``root``."""
    owner = root.owner
    root_block = owner if isinstance(owner, ir.Block) else getattr(owner, "operation", owner).block
    # Per region (its holder and index) holding root's definition, the block of it that does.
    made_in: dict[tuple[ir.Operation, int], ir.Block] = {}
    for holder, block in _enclosing(root_block):
        index = region_index(holder, block)
        if index is not None:
            made_in[(holder, index)] = block
    for holder, block in _enclosing(op.block):
        index = region_index(holder, block)
        there = made_in.get((holder, index)) if index is not None else None
        if there is not None:
            # The region that makes root: a cf cycle back to the block without passing root's.
            if block != there and _returns_avoiding(block, there):
                return _terminator(block), True, True
            return None
        if _in_cycle(block):
            return _terminator(block), True, True
        if holder.name in FUNCTION_OPS:
            return None
        repeats = runs_again(holder)
        if repeats is not False:
            return holder, repeats is True, False
    return None


def _returns_avoiding(block: ir.Block, avoid: ir.Block) -> bool:
    """Does ``block`` reach itself through branch successors without passing ``avoid``?"""
    seen: set[ir.Block] = set()
    todo = list(block.successors)
    while todo:
        b = todo.pop()
        if b == block:
            return True
        if b != avoid and b not in seen:
            seen.add(b)
            todo.extend(b.successors)
    return False


def _in_cycle(block: ir.Block) -> bool:
    """Does ``block`` reach itself through branch successors?"""
    seen: set[ir.Block] = set()
    todo = list(block.successors)
    while todo:
        b = todo.pop()
        if b == block:
            return True
        if b not in seen:
            seen.add(b)
            todo.extend(b.successors)
    return False


def _handed_to(user: ir.Operation, value: ir.Value) -> list[ir.Value]:
    """The values a loop, a branch or a region terminator ``user`` makes ``value`` into."""
    positions = [k for k, v in enumerate(user.operands) if v == value]
    out: list[ir.Value] = []
    if is_branch(user):
        forwarded = branch_operands(user) or []
        for successor, operands in zip(user.successors, forwarded):
            out += [successor.arguments[k] for k, v in enumerate(operands) if v == value]
        return out
    flow = flow_of(user)
    for k in positions:
        flowed = flow.entry(user, k) if flow is not None else exit_flow(user, k)
        out += flowed or []
    return out


def _walk(root: ir.Operation) -> Iterator[ir.Operation]:
    return nested_ops(root)


def _results_handed_on(loop: ir.Operation) -> list[tuple[int, int]]:
    """The (result, init operand) pairs of a loop whose every turn hands the init on, through
    identity ops (``util.optimization_barrier``: review 59's a11): the result is the init's
    buffer whatever the trip count. MLIR's canonicalizers fold a result handed on as it is into
    its init, but not one handed on through a barrier, whose result IREE's reference counting
    takes for a buffer of its own."""
    if loop.name not in CARRYING_LOOPS:
        return []
    out = []
    operands = list(loop.operands)
    for k, result in enumerate(loop.results):
        if not is_resource(result):
            continue
        init = invariant_result(result, _through_identities)
        positions = [] if init is None else [n for n, v in enumerate(operands) if v == init]
        if not positions:
            continue
        own = len(operands) - len(loop.results) + k  # (an scf.for's init of result k)
        out.append((k, own if own in positions else positions[0]))
    return out


def _results_as_inits(loop: ir.Operation) -> dict[int, tuple[int, bool]]:
    """Per result of ``loop`` that may be one of its inits' buffer: the init's operand position,
    and whether it is on every turn (:func:`_results_handed_on`) or on a run of no turn
    (:func:`..semantics.region_flow.results_as_inits`)."""
    out = {k: (n, False) for k, n in results_as_inits(loop)}
    out.update({k: (n, True) for k, n in _results_handed_on(loop)})
    return out


def _results_holding(loop: ir.Operation, result: ir.Value, init: ir.Value) -> list[ir.Value]:
    """The loop's other results that may be ``init``'s buffer when ``result`` is (a run of no turn,
    or every turn handing it on): the same value handed to the loop twice (review 60's p03: a
    second result, returned, carries the buffer the first, freed, is)."""
    operands = list(loop.operands)
    return [
        loop.results[k]
        for k, (n, _) in _results_as_inits(loop).items()
        if loop.results[k] != result and operands[n] == init and is_resource(loop.results[k])
    ]


def _through_identities(value: ir.Value) -> ir.Value:
    """``value`` back through identity ops (:data:`IDENTITY_OPS`) to what they were given."""
    while True:
        producer = defining_op(value)
        if producer is None or producer.name not in IDENTITY_OPS:
            return value
        value = producer.operands[ir.OpResult(value).result_number]


def _one_loop(a: _Use, b: _Use) -> bool:
    """Are ``a`` and ``b`` writes one loop makes of its init through its body?"""
    return a.carried is not None and b.carried is not None and a.carried[0] == b.carried[0]


def _inside_op(op: ir.Operation, region: ir.Operation) -> bool:
    """Is ``op`` nested in ``region``?"""
    while True:
        parent = op.parent
        if parent is None:
            return False
        op = parent.operation
        if op == region:
            return True


def _inside(value: ir.Value, region: ir.Operation) -> bool:
    """Is ``value`` made inside ``region``: by an op nested in it, or as an argument of a block
    of it or of an op nested in it?"""
    op = defining_op(value)
    if op is not None:
        return _inside_op(op, region)
    holder = parent_op_of_block(value.owner)
    return holder is not None and (holder == region or _inside_op(holder, region))


def _made_in(value: ir.Value, region: ir.Operation) -> bool:
    """Is ``value`` made by an op nested in ``region`` (not a capture, not a result of the
    region itself, not from outside)?"""
    op = defining_op(value)
    return op is not None and _inside_op(op, region)


class _InWalk:
    """Ops in walk order, for the question which of them lie between two others."""

    def __init__(self, ops: list[ir.Operation], position: dict[ir.Operation, int]) -> None:
        self.position = position
        self.ops = sorted(ops, key=lambda op: position[op])
        self.at = [position[op] for op in self.ops]

    def between(self, first: ir.Operation, last: ir.Operation) -> list[ir.Operation]:
        """The ops strictly between ``first`` and ``last`` in the walk."""
        low = bisect.bisect_right(self.at, self.position[first])
        return self.ops[low : bisect.bisect_left(self.at, self.position[last])]


def inits_used_after(loop: ir.Operation) -> list[int]:
    """The operand positions of ``loop``'s resource inits that a run of no turn returns as its
    results (:func:`..semantics.region_flow.results_as_inits`), or every turn hands on
    (:func:`_results_as_inits`), and that an op after the loop in
    its block uses (every such init where none is used directly there): what a repair of a ``freed-as-a-loop-result`` hazard gives a fresh copy."""
    block = loop.block
    at = _positions(block)
    here = at[c_address(loop)]

    def used_after(value: ir.Value) -> bool:
        for use in value.uses:
            anchor = _anchor_in(user_op(use), block)
            if anchor is not None and at[c_address(anchor)] > here:
                return True
        return False

    returned = _results_as_inits(loop).values()
    inits = list(dict.fromkeys(n for n, _ in returned if is_resource(loop.operands[n])))
    return [n for n in inits if used_after(loop.operands[n])] or inits


def _handed_to_region_value(holder: ir.Operation, value: ir.Value) -> list[ir.Value]:
    """The values a host region op may hand its result or block argument ``value``: the op's
    operands and its regions' terminators' operands one storage with it (the region-flow
    table's edges, followed through the op's other results and block arguments)."""
    flow = flow_of(holder)
    assert flow is not None
    edges = flow.storage_edges(holder)
    own = {*holder.results, *(a for region in holder.regions for block in region.blocks for a in block.arguments)}
    component, todo = {value}, [value]
    while todo:
        current = todo.pop()
        for a, b in edges:
            for x, y in ((a, b), (b, a)):
                if x == current and y not in component:
                    component.add(y)
                    if y in own:
                        todo.append(y)
    return [v for v in component if v not in own]


@dataclass
class _Level:
    """One block around a loop (the loop's own first): its ops' positions, the position of the
    op holding the loop (the loop itself in its own block), the position after which an op runs
    after the loop's result is freed, and whether every op of it but the holder runs after a
    free too (an outer loop's next turn, the buffer made before that loop)."""

    block: ir.Block
    positions: dict[int, int]
    chain: int
    after: int
    again: bool = False


def _levels_after(loop: ir.Operation, freed_after: int, buffers: list[ir.Value]) -> list[_Level]:
    """The loop's block (ops after ``freed_after`` run after the free) and each block around it
    up to the function's body (ops after the op holding the loop). An outer loop runs its body
    again: where the buffers were made before it, the whole of each level inside it runs after
    a free on its next turn."""
    out: list[_Level] = []
    op, after = loop, freed_after
    while True:
        block = op.block
        positions = _positions(block)
        chain = positions[c_address(op)]
        out.append(_Level(block, positions, chain, max(after, chain)))
        holder = parent_op_of_block(block)
        if holder is None or holder.name in FUNCTION_OPS:
            return out
        if runs_again(holder) is not False and not any(_nested_in_op(b, holder) for b in buffers):
            for level in out:
                level.again = True
        op, after = holder, -1


def _nested_in_op(value: ir.Value, holder: ir.Operation) -> bool:
    """Is ``value`` made inside ``holder`` (by an op nested in it, or as a block argument)?"""
    op = defining_op(value)
    block = op.block if op is not None else ir.BlockArgument(value).owner
    for outer, _ in _enclosing(block):
        if outer == holder:
            return True
    return False


def _runs_after(user: ir.Operation, levels: list[_Level]) -> tuple[int, int] | None:
    """Where ``user`` runs after the free (its level, innermost first, and its position there),
    or None: in the loop, before it, in another arm of a branch around it, or outside the
    blocks followed."""
    for depth, level in enumerate(levels):
        anchor = _anchor_in(user, level.block)
        if anchor is not None:
            position = level.positions[c_address(anchor)]
            if position > level.after or (level.again and position != level.chain):
                return depth, position
            return None
    return None


def _positions(block: ir.Block) -> dict[int, int]:
    """Each op of ``block`` (by :func:`~..ir.util.c_address`) to its position in the block."""
    return {c_address(o.operation): i for i, o in enumerate(block.operations)}


def _anchor_in(op: ir.Operation, block: ir.Block) -> ir.Operation | None:
    """The op of ``block`` that is ``op`` or holds it; None where ``op`` is not in ``block``."""
    current: ir.Operation | None = op
    while current is not None:
        if current.block == block:
            return current
        if current.name in FUNCTION_OPS:
            return None
        current = parent_op(current)
    return None


def _is(a: ir.Operation | None, b: ir.Operation) -> bool:
    """``a`` is the op ``b`` (the bindings' ``==`` on an op takes no None)."""
    return a is not None and a == b


def _allocated_as_load(versions: _Versions, value: ir.Value, symbol: str) -> ir.Operation | None:
    """The load of global ``symbol`` whose result ``value`` becomes at IREE's allocation: back
    through awaits and execution regions' tied results (each the buffer of the operand it is
    tied to); None where the way back meets anything else (a fresh result, a select, a
    barrier, a block argument: after allocation the value is not the load's)."""
    while True:
        resource = _past_awaits(value)
        producer = defining_op(resource) if resource is not None else None
        if producer is None:
            return None
        if producer.name == GLOBAL_LOAD:
            return producer if global_name(producer) == symbol else None
        if not is_device_region(producer):
            return None
        operands, _, _ = versions.region(producer)
        k = versions.result_position(producer, resource)
        tied = versions.tied(producer)
        t = tied[k] if k is not None and k < len(tied) else None
        if t is None or t >= len(operands):
            return None
        value = operands[t]


def _awaited(await_op: ir.Operation, value: ir.Value) -> ir.Value | None:
    """The resource a ``stream.timepoint.await`` result ``value`` passes on (None: none)."""
    k = ir.OpResult(value).result_number
    resources = ir.DenseI32ArrayAttr(await_op.attributes["operandSegmentSizes"])[0]  # (they come first)
    return await_op.operands[k] if k < resources else None


def _past_awaits(value: ir.Value) -> ir.Value | None:
    """``value``, back through ``stream.timepoint.await`` results to the resource awaited (None:
    an await that passes on none)."""
    producer = defining_op(value)
    while producer is not None and producer.name == TIMEPOINT_AWAIT:
        awaited = _awaited(producer, value)
        if awaited is None:
            return None
        value, producer = awaited, defining_op(awaited)
    return value


def _stored_write(versions: _Versions, value: ir.Value) -> ir.Operation | None:
    """The in-place write that made the version ``value`` stores (:func:`_allocated_as_load`'s
    way back, into what each region yields); None when the way back meets no such write."""
    while True:
        resource = _past_awaits(value)
        producer = defining_op(resource) if resource is not None else None
        if producer is None:
            return None
        if not is_device_region(producer):
            return producer if tied_operand_of(producer, resource) is not None else None
        _, results, inner = versions.region(producer)
        k = next((i for i, r in enumerate(results) if r == resource), None)
        if k is None or k >= len(inner):
            return None
        value = inner[k]


def _storage_name(names: Names, root: ir.Value) -> str:
    producer = defining_op(root)
    if producer is None:
        return names.name(root)
    if producer.name == GLOBAL_LOAD:
        return "@" + global_name(producer)
    if producer.name == TENSOR_IMPORT:
        return f"{names.name(producer.operands[0])} (the argument imported at {names.location(producer)})"
    return f"{names.name(root)} (made by {producer.name} at {names.location(producer)})"


def _alternatives(op: ir.Operation | None) -> bool:
    """Are ``op``'s regions alternatives (at most one of them runs)?"""
    flow = flow_of(op)
    return flow is not None and flow.alternatives


def _exclusive(a: ir.Operation, b: ir.Operation) -> bool:
    """Can ``a`` and ``b`` never both run in one execution of the function? They lie in
    different alternatives of one ``scf.if``/``index_switch``, or in blocks of one region
    (``cf`` branches) of which neither reaches the other."""
    chain_a = _block_chain(a)
    chain_b = _block_chain(b)
    for holder_b, region_b, block_b in chain_b:
        for holder_a, region_a, block_a in chain_a:
            if holder_a != holder_b:
                continue
            if region_a != region_b:
                return _alternatives(holder_a)
            if block_a == block_b:
                return False
            blocks = list(holder_a.regions[region_a].blocks) if holder_a is not None else []
            return not _reaches(blocks, block_a, block_b) and not _reaches(blocks, block_b, block_a)
    return False


def _may_follow(a: ir.Operation, b: ir.Operation) -> bool:
    """May ``b`` run after ``a`` in one execution of their function (program order)? Where
    they part: later in one block, a block ``a``'s reaches, another region of a region op that
    repeats; or anywhere inside a loop (or ``cf`` cycle) that holds them both."""
    chain_a = _anchored_chain(a)
    chain_b = _anchored_chain(b)
    for (holder_a, r_a, k_a, at_a), (holder_b, r_b, k_b, at_b) in zip(chain_a, chain_b):
        if holder_a != holder_b:
            return True  # (not one function: nothing is known)
        flow = flow_of(holder_a)
        repeats = holder_a.name not in FUNCTION_OPS and (flow is None or not flow.at_most_once)
        blocks = list(holder_a.regions[r_a].blocks)
        if repeats or _in_cycle(blocks[k_a]):
            return True
        if r_a != r_b:
            return False  # (arms of a branch, or regions that run once each: as they are ordered)
        if k_a != k_b:
            return _reaches(blocks, k_a, k_b)
        if at_a != at_b:
            ops = [o.operation for o in blocks[k_a].operations]
            return ops.index(at_b) > ops.index(at_a)
    return True  # (one holds the other: its region runs after the op starts)


def _anchored_chain(op: ir.Operation) -> list[tuple[ir.Operation, int, int, ir.Operation]]:
    """:func:`_block_chain`, outermost first, each with the op of that block that holds ``op``."""
    out: list[tuple[ir.Operation, int, int, ir.Operation]] = []
    current = op
    for holder, r, k in _block_chain(op):
        out.append((holder, r, k, current))
        current = holder
    return out[::-1]


def _block_chain(op: ir.Operation) -> list[tuple[ir.Operation, int, int]]:
    """(op holding a region, index of the region, index of the block in it) for every block
    around ``op``, innermost first, up to the function's body (held by the function op)."""
    out: list[tuple[ir.Operation, int, int]] = []
    for holder, block in _enclosing(op.block):
        for r, region in enumerate(holder.regions):
            blocks = list(region.blocks)
            k = next((i for i, b in enumerate(blocks) if b == block), None)
            if k is not None:
                out.append((holder, r, k))
                break
    return out


def _enclosing(block: ir.Block) -> Iterator[tuple[ir.Operation, ir.Block]]:
    """``block`` and each block around it, innermost first, with the op holding it, out to the
    function's body (held by the function op)."""
    while True:
        holder = parent_op_of_block(block)
        if holder is None:
            return
        yield holder, block
        if holder.name in FUNCTION_OPS:
            return
        block = holder.block


def _reaches(blocks: list[ir.Block], start: int, goal: int) -> bool:
    """Does block ``start`` reach block ``goal`` through branch successors?"""
    seen = {start}
    todo = [start]
    while todo:
        n = todo.pop()
        for succ in blocks[n].successors:
            k = next(i for i, b in enumerate(blocks) if b == succ)
            if k == goal:
                return True
            if k not in seen:
                seen.add(k)
                todo.append(k)
    return False
