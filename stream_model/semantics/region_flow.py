"""How values flow through region ops and branches: one declaration, read by the whole model.

The model follows a resource into and out of a region only through the ops declared here (the
ops' ``RegionBranchOpInterface``/``BranchOpInterface`` in MLIR terms). For each region op, a
:class:`RegionFlow` says

* how often its regions run per execution of the op (:class:`Runs`), and whether they are
  alternatives (at most one of them runs);
* where an operand of the op goes (:meth:`RegionFlow.entry`: an ``scf.for`` init becomes its
  iteration argument and its result, a captured operand ``%x as %arg`` its block argument) and
  where an operand of a terminator of its regions goes (:meth:`RegionFlow.exit`: a yield becomes
  the op's result, and in a loop body the next iteration's argument); which regions hand their
  terminator's operands to the next iteration (``back_edges``);
* the pairs of values that are one storage (:meth:`RegionFlow.storage_edges`: init, iteration
  argument, yield and result; capture and block argument; a tied result and its capture);
* how its results are ordered after its body (:class:`ResultsReady`), and, for the execution
  and concurrent regions of scheduled IR, that their body is device work ordered by
  dependences only (``device_body``), whether it runs its items one after the other
  (``serial_body``), and which timepoints it waits for and produces;
* whether the rule follows an alias through it (``alias_followed``: an alias entering any other
  region op keeps its copy).

Any other op with regions is unknown (closed world): its regions may run any number of times,
its block arguments come from storage the model does not follow, and a resource yielded to it
escapes. Branches (``cf.br``, ``cf.cond_br``, ``cf.switch``) hand their operands to their successors'
arguments (:func:`branch_operands`); a block reached by any other branch has arguments of
unknown provenance. Semantics follow the ops' definitions in MLIR's SCF dialect and IREE 3.13's
``StreamOps.td``.
"""

from __future__ import annotations

import contextlib
import enum
import functools
import threading
from collections.abc import Callable, Iterator
from dataclasses import dataclass
from typing import TypeGuard

from iree.compiler import ir

from ..ir.util import c_address, defined_inside
from .ops import (
    ARITH_ADDI,
    ARITH_ANDI,
    ARITH_CMPI,
    ARITH_CONSTANT,
    ARITH_EXTSI,
    ARITH_EXTUI,
    ARITH_INDEX_CAST,
    ARITH_INDEX_CASTUI,
    ARITH_MAXSI,
    ARITH_MAXUI,
    ARITH_MINSI,
    ARITH_MINUI,
    ARITH_MULI,
    ARITH_ORI,
    ARITH_SELECT,
    ARITH_SUBI,
    ARITH_TRUNCI,
    ARITH_XORI,
    ASYNC_LOAD,
    TIMEPOINT_AWAIT,
    TIMEPOINT_BARRIER,
    TIMEPOINT_JOIN,
)

#: A pair of values that are one storage.
Edge = tuple[ir.Value, ir.Value]


def is_resource(value: ir.Value) -> bool:
    t = value.type
    if isinstance(t, _BUILTIN_SCALARS):
        return False  # (most operands are indices: no hash or compare of the type for them)
    return _is_resource_type(t)


def is_timepoint(value: ir.Value) -> bool:
    """Is ``value`` a ``!stream.timepoint`` (scheduled IR's handle on the end of device work)?"""
    t = value.type
    return not isinstance(t, _BUILTIN_SCALARS) and _is_timepoint_type(t)


@functools.lru_cache(maxsize=1024)
def _is_timepoint_type(t: ir.Type) -> bool:
    return str(t) == "!stream.timepoint"


#: Builtin types the bindings hand back as their own classes: never a ``!stream.resource``.
_BUILTIN_SCALARS = (ir.IndexType, ir.IntegerType, ir.FloatType)


@functools.lru_cache(maxsize=1024)
def _is_resource_type(t: ir.Type) -> bool:
    """Printing a type is slow and a module has few distinct types: memoise per type."""
    return str(t).startswith("!stream.resource")


def tied_operands(op: ir.OpView) -> list[int | None]:
    """Per result, the index into the op's tied-operand list, or None (from ``tied_operands``)."""
    n = len(op.results)
    if "tied_operands" not in op.attributes:
        return [None] * n
    raw = [ir.IntegerAttr(a).value for a in ir.ArrayAttr(op.attributes["tied_operands"])]
    return [None if i < 0 else i for i in raw] + [None] * (n - len(raw))


class Runs(enum.Enum):
    """How often a region op runs each of its regions per execution of the op."""

    ONCE = "once"
    AT_MOST_ONCE = "at most once"
    REPEATS = "repeats"


class ResultsReady(enum.Enum):
    """When a use of a region op's result may start, relative to the op's body."""

    #: The model takes no order from the result (host region ops: an op with regions is never
    #: an ordering edge, its results need not depend on everything inside it).
    UNORDERED = "unordered"
    #: When the op has ended, which is after every op of its body: in particular after the op
    #: producing the value its terminator yields (``stream.async.concurrent``).
    AT_END = "at end"
    #: Only once the op's result timepoint is reached (``stream.async.execute``: outside its
    #: region, a result is ready at the timepoint, and the host does not wait for it).
    AT_TIMEPOINT = "at timepoint"


def terminator(block: ir.Block) -> ir.Operation:
    """The last op of ``block``."""
    return list(block.operations)[-1].operation


def _results(op: ir.Operation) -> list[ir.Value]:
    return list(op.results)


def _resource_results(op: ir.Operation) -> list[ir.Value]:
    return [r for r in op.results if is_resource(r)]


# -- scf.for ----------------------------------------------------------------------------------


def _first_init(op: ir.Operation) -> int:
    """The position of ``scf.for``'s first init value in its operand list (after lb, ub, step)."""
    return len(op.operands) - len(op.opview.initArgs)


def _for_edges(op: ir.Operation) -> list[Edge]:
    view = op.opview
    inits = list(view.initArgs)
    iter_args = list(view.inner_iter_args)
    yielded = list(terminator(op.regions[0].blocks[0]).operands)
    return [
        (result, v)
        for i, result in enumerate(op.results)
        for v in (inits[i], iter_args[i], yielded[i])
        if is_resource(result)
    ]


def _for_entry(op: ir.Operation, n: int) -> list[ir.Value] | None:
    k = n - _first_init(op)
    if k < 0:
        return None  # a bound or the step
    return [list(op.opview.inner_iter_args)[k], op.results[k]]


def _for_exit(op: ir.Operation, region: int, n: int) -> list[ir.Value] | None:
    return [op.results[n], list(op.opview.inner_iter_args)[n]]


# -- scf.while --------------------------------------------------------------------------------


def _while_edges(op: ir.Operation) -> list[Edge]:
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    inits = list(op.opview.inits)
    condition = list(terminator(before).opview.args)
    again = list(terminator(after).operands)
    edges: list[Edge] = []
    for i, arg in enumerate(before.arguments):
        if is_resource(arg):
            edges += [(arg, inits[i]), (arg, again[i])]
    for i, result in enumerate(op.results):
        if is_resource(result):
            edges += [(result, condition[i]), (result, list(after.arguments)[i])]
    return edges


def entering_values(block: ir.Block) -> list[list[ir.Value | None]] | None:
    """Per edge into ``block``, a region block of an ``scf.for`` or ``scf.while``: the values
    its arguments take there, in the arguments' order (None: a for loop's induction variable,
    which no edge hands over). A for loop's body is entered from the loop's inits and from its
    own yield; a while loop's ``before`` region from the inits and the ``after`` region's
    yield, its ``after`` region from the condition's arguments. None for any other block."""
    op = block.owner
    if op is None:
        return None
    if op.name == "scf.for":
        return [[None, *op.opview.initArgs], [None, *terminator(block).operands]]
    if op.name == "scf.while":
        before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
        if block == before:
            return [list(op.opview.inits), list(terminator(after).operands)]
        if block == after:
            return [list(terminator(before).opview.args)]
    return None


def result_as_argument(result: ir.Value) -> tuple[ir.BlockArgument, int] | None:
    """For a result of an ``scf.for`` or ``scf.while``: the region argument that holds, in the
    last turn, the value the result takes (a for loop's iteration argument, a while loop's
    ``after`` argument: both are handed the same values as the results), and the difference of
    the argument's position from the result's (a for loop's body starts with its induction
    variable). None for any other value."""
    if isinstance(result, ir.BlockArgument):
        return None
    op = result.owner
    if op.name == "scf.for":
        return op.regions[0].blocks[0].arguments[result.result_number + 1], 1
    if op.name == "scf.while":
        return op.regions[1].blocks[0].arguments[result.result_number], 0
    return None


def _while_entry(op: ir.Operation, n: int) -> list[ir.Value] | None:
    return [list(op.regions[0].blocks[0].arguments)[n]]


def _for_never_run(op: ir.Operation) -> frozenset[int]:
    """The body of an ``scf.for`` whose bounds give it no iteration (:func:`static_trip_count`)."""
    loop = counted_loop(op)
    return frozenset({0}) if loop is not None and static_trip_count(loop) == 0 else frozenset()


def _while_never_run(op: ir.Operation) -> frozenset[int]:
    """The ``after`` region of an ``scf.while`` whose condition is a constant false: the
    ``before`` region runs once and the loop ends."""
    condition = terminator(op.regions[0].blocks[0])
    return frozenset({1}) if constant_condition(condition.operands[0]) == 0 else frozenset()


def _while_enters_its_body(op: ir.Operation) -> bool:
    """Does an ``scf.while`` run its ``after`` region on its first turn: is its condition, read
    with the ``before`` region's arguments as the constants they enter with, a constant true
    (the campaign's counted form, ``i < 2`` from ``i = 0``)?"""
    before = op.regions[0].blocks[0]
    inits = list(op.opview.inits)

    def entering(value: ir.Value) -> int | None:
        if isinstance(value.owner, ir.Block) and value.owner == before:
            return constant_int(inits[ir.BlockArgument(value).arg_number])
        return None

    return constant_condition(terminator(before).operands[0], entering) == 1


def _while_exit(op: ir.Operation, region: int, n: int) -> list[ir.Value] | None:
    if region == 0:  # scf.condition: its first operand is the condition, its args go on
        condition = terminator(op.regions[0].blocks[0])
        k = n - (len(condition.operands) - len(condition.opview.args))
        if k < 0:
            return None
        return [op.results[k], list(op.regions[1].blocks[0].arguments)[k]]
    return [list(op.regions[0].blocks[0].arguments)[n]]


def _for_results_as_inits(op: ir.Operation) -> list[tuple[int, int]]:
    """Every (result, init operand) of an ``scf.for`` whose bounds may give it no iteration
    (they are not constants giving one or more): its results are then its inits."""
    loop = counted_loop(op)
    trips = static_trip_count(loop) if loop is not None else None
    if trips is not None and trips > 0:
        return []
    first = _first_init(op)
    return [(k, first + k) for k in range(len(op.results))]


def _while_results_as_inits(op: ir.Operation) -> list[tuple[int, int]]:
    """Every (result, init operand) of an ``scf.while`` whose condition hands on a ``before``
    argument unchanged as that result: when the first condition is false, the result is the
    init (a while loop's operands are its inits). Not where the condition is a constant true
    (the loop only ends from inside: it never returns)."""
    before = op.regions[0].blocks[0]
    condition = terminator(before)
    if constant_condition(condition.operands[0]) not in (None, 0):
        return []
    arguments = list(before.arguments)
    return [(k, j) for k, arg in enumerate(condition.opview.args) for j, b in enumerate(arguments) if arg == b]


#: What a loop's folds compare values by: the value itself, or what the caller knows it to be
#: (the schedule check's folds MLIR makes first: an identity op, a branch on a constant, another
#: loop's folded result).
Same = Callable[[ir.Value], ir.Value]


def _itself(value: ir.Value) -> ir.Value:
    return value


def _for_invariant(op: ir.Operation, block: ir.Block, n: int, same: Same = _itself) -> ir.Value | None:
    """The init an ``scf.for`` iteration argument always holds: the body yields it unchanged,
    or yields the init itself, as they are or through the folds ``same`` knows (MLIR's
    ``ForOpIterArgsFolder`` replaces the argument by its init)."""
    if n == 0:
        return None  # (the induction variable; the iteration arguments follow it)
    init = list(op.opview.initArgs)[n - 1]
    yielded = terminator(block).operands[n - 1]
    if yielded == block.arguments[n] or yielded == init:
        return init
    with _asking(op, "argument", n) as first:
        if not first:
            return None  # (asked again while deciding it: not known to be the init)
        folded = same(yielded)
        return init if folded == block.arguments[n] or folded == same(init) else None


def _for_invariant_result(op: ir.Operation, k: int, same: Same = _itself) -> ir.Value | None:
    """The value an ``scf.for``'s result ``k`` always is: its init where the loop never turns
    (its constant bounds give it none: MLIR's ``SimplifyTrivialLoops`` replaces every result by
    its init) or where every turn hands the init on (:func:`_for_invariant`); a value of outside
    the loop that the body yields, where the bounds give the loop at least one turn."""
    if _for_never_run(op):
        return list(op.opview.initArgs)[k]
    body = op.regions[0].blocks[0]
    init = _for_invariant(op, body, k + 1, same)
    if init is not None:
        return init
    loop = counted_loop(op)
    trips = static_trip_count(loop) if loop is not None else None
    if trips is None or trips < 1:
        return None
    with _asking(op, "result", k) as first:
        yielded = same(terminator(body).operands[k]) if first else None
    return yielded if yielded is not None and not defined_inside(yielded, op) else None


def _while_invariant_result(op: ir.Operation, k: int, same: Same = _itself) -> ir.Value | None:
    """The value an ``scf.while``'s result ``k`` always is: the condition hands it on from a
    ``before`` argument that always holds its init (:func:`_while_invariant`), or from one that
    holds its init on the only run of the ``before`` region (the condition a constant false),
    or hands on a value of outside the loop (MLIR's ``RemoveLoopInvariantArgsFromBeforeBlock``,
    then ``RemoveLoopInvariantValueYielded``)."""
    before = op.regions[0].blocks[0]
    condition = terminator(before)
    handed = list(condition.opview.args)[k]
    i = next((i for i, a in enumerate(before.arguments) if a == handed), None)
    if i is not None:
        if constant_condition(condition.operands[0]) == 0:
            return list(op.opview.inits)[i]  # (the before region runs once, on the inits)
        return _while_invariant(op, before, i, same)
    with _asking(op, "result", k) as first:
        folded = same(handed) if first else None
    return folded if folded is not None and not defined_inside(folded, op) else None


def _while_invariant(op: ir.Operation, block: ir.Block, n: int, same: Same = _itself) -> ir.Value | None:
    """The init an ``scf.while`` argument always holds: a ``before`` argument the condition
    hands on to the ``after`` argument that the ``after`` region yields back unchanged, or one
    the ``after`` region yields its init for (as they are, or through the folds ``same``
    knows: MLIR's ``RemoveLoopInvariantArgsFromBeforeBlock`` replaces it by its init); an
    ``after`` argument the condition hands on from such a ``before`` argument."""
    before, after = op.regions[0].blocks[0], op.regions[1].blocks[0]
    inits = list(op.opview.inits)
    condition = list(terminator(before).opview.args)
    again = list(terminator(after).operands)

    def folded(value: ir.Value, i: int) -> ir.Value | None:
        with _asking(op, "yielded back", i) as first:
            return same(value) if first else None

    def before_invariant(i: int) -> ir.Value | None:
        arg, back = before.arguments[i], again[i]
        if back == inits[i] or any(c == arg and back == after.arguments[j] for j, c in enumerate(condition)):
            return inits[i]
        back_folded = folded(back, i)
        if back_folded is None:
            return None
        handed_on = any(c == arg and back_folded == after.arguments[j] for j, c in enumerate(condition))
        return inits[i] if handed_on or back_folded == same(inits[i]) else None

    if block == before:
        return before_invariant(n)
    source = condition[n]
    i = next((i for i, a in enumerate(before.arguments) if a == source), None)
    return before_invariant(i) if i is not None else None


_ASKED = threading.local()


@contextlib.contextmanager
def _asking(op: ir.Operation, *question: str | int) -> Iterator[bool]:
    """While a loop's fold (``question``: of which argument or result) is being decided:
    whether this is the first ask (a fold that comes back to the same question, through
    ``same``, is not known)."""
    if not hasattr(_ASKED, "questions"):
        _ASKED.questions = set()
    asked: set[tuple[object, ...]] = _ASKED.questions
    key = (c_address(op), *question)
    if key in asked:
        yield False
        return
    asked.add(key)
    try:
        yield True
    finally:
        asked.discard(key)


# -- scf.if, scf.index_switch, scf.execute_region ------------------------------------------------


def _yield_edges(op: ir.Operation) -> list[Edge]:
    edges: list[Edge] = []
    for region in op.regions:
        if not region.blocks:
            continue
        yielded = list(terminator(region.blocks[0]).operands)
        edges += [(result, yielded[i]) for i, result in enumerate(op.results) if is_resource(result)]
    return edges


def _no_entry(op: ir.Operation, n: int) -> list[ir.Value] | None:
    return None  # a condition or a case index: no value enters the regions


def _yield_exit(op: ir.Operation, region: int, n: int) -> list[ir.Value] | None:
    return [op.results[n]] if n < len(op.results) else []


def _if_chosen(op: ir.Operation) -> int | None:
    """The arm a constant condition runs: ``then`` (region 0) for true, ``else`` for false."""
    condition = constant_condition(op.operands[0])
    return None if condition is None else (0 if condition != 0 else 1)


def _switch_chosen(op: ir.Operation) -> int | None:
    """The region a constant index runs: its case's (regions 1...), else the default (0)."""
    index = constant_int(op.operands[0])
    if index is None:
        return None
    cases = list(ir.DenseI64ArrayAttr(op.attributes["cases"]))
    return cases.index(index) + 1 if index in cases else 0


# -- stream.async.execute, stream.async.concurrent --------------------------------------------


def captured(op: ir.Operation) -> list[ir.Value]:
    """The captured operands of an execution or concurrent region (``%x as %arg``), in the
    order of its body's block arguments."""
    return list(op.opview.resource_operands)


def yielded(op: ir.Operation) -> list[ir.Value]:
    """The resources an execution or concurrent region's body yields, in the order of the op's
    resource results."""
    last = terminator(op.regions[0].blocks[0])
    return list(last.opview.resource_operands) if last.name in DEVICE_TERMINATORS else []


def region_ties(op: ir.Operation) -> list[tuple[int, int]]:
    """(resource result index, captured operand index) of each tied result of an execution or
    concurrent region: the result is the captured operand's storage, updated in place."""
    n = len(_resource_results(op))
    return [(k, t) for k, t in enumerate(tied_operands(op.opview)[:n]) if t is not None]


def _device_edges(op: ir.Operation) -> list[Edge]:
    operands = captured(op)
    args = list(op.regions[0].blocks[0].arguments)
    if len(args) != len(operands):
        raise ValueError(f"{op.name}: {len(args)} block arguments for {len(operands)} captured operands")
    out = yielded(op)
    results = _resource_results(op)
    if len(out) != len(results):
        raise ValueError(f"{op.name}: {len(out)} yielded resources for {len(results)} results")
    edges = [(arg, v) for arg, v in zip(args, operands) if is_resource(arg)]
    edges += list(zip(results, out))
    edges += [(results[k], operands[t]) for k, t in region_ties(op)]
    return edges


def _device_entry(op: ir.Operation, n: int) -> list[ir.Value] | None:
    if n >= len(captured(op)):
        return None  # a size or a timepoint: not a use of the storage
    return [list(op.regions[0].blocks[0].arguments)[n]]


def _device_exit(op: ir.Operation, region: int, n: int) -> list[ir.Value] | None:
    if n >= len(yielded(op)):
        return None  # a size
    return [_resource_results(op)[n]]


@dataclass(frozen=True)
class CountedLoop:
    """A counted loop's parts (``scf.for``), named."""

    op: ir.Operation
    lower: ir.Value
    upper: ir.Value
    step: ir.Value
    body: ir.Block
    iv: ir.Value
    inits: list[ir.Value]
    iter_args: list[ir.Value]
    unsigned: bool  # iterations are ordered by unsigned comparison

    @property
    def yielded(self) -> list[ir.Value]:
        """The values the body yields to the next iteration, one per iteration argument."""
        return list(terminator(self.body).operands)


def counted_loop(op: ir.Operation | None) -> CountedLoop | None:
    """``op``'s parts when it is a counted loop the model knows; None otherwise."""
    flow = flow_of(op)
    if op is None or flow is None or not flow.counted:
        return None
    view = op.opview
    return CountedLoop(
        op,
        view.lowerBound,
        view.upperBound,
        view.step,
        op.regions[0].blocks[0],
        view.induction_variable,
        list(view.initArgs),
        list(view.inner_iter_args),
        "unsignedCmp" in op.attributes,
    )


def static_trip_count(loop: CountedLoop) -> int | None:
    """How many iterations ``loop`` runs, where its bounds and step are constants (None where
    one is not, or the step is not positive: ``scf.for`` leaves that undefined). The bounds are
    64-bit machine values, compared signed unless the loop says ``unsignedCmp``; a loop whose
    bounds are one value runs none, whatever they are."""
    if loop.lower == loop.upper:
        return 0  # (one value for both bounds: no iteration, whatever the step; MLIR erases it)
    bounds = [constant_int(v) for v in (loop.lower, loop.upper, loop.step)]
    if any(b is None for b in bounds):
        return None
    lower, upper, step = (b for b in bounds if b is not None)
    if loop.unsigned:
        lower, upper, step = (b % 2**64 for b in (lower, upper, step))
    if step <= 0:
        return None
    return max(0, -(-(upper - lower) // step))


def constant_int(value: ir.Value) -> int | None:
    """The integer MLIR's folds make ``value`` (of an integer or index type) before IREE's folds
    of globals read its function: an ``arith.constant``, or one of arith's integer ops of such
    that MLIR folds (:data:`_INTEGER_FOLDS`, selects, compares: review 36's bounds and
    conditions spelled ``0 + 1``, ``true & false``, ``index_cast`` of constants), read as a
    signed integer of its width (an i1 ``true`` is -1, as MLIR's bindings read it); None for
    anything else."""
    return _folded(value, _FOLD_DEPTH, None)


def constant_condition(value: ir.Value, arguments: Callable[[ir.Value], int | None] | None = None) -> int | None:
    """1 or 0: the condition MLIR's folds make a constant before IREE's folds of globals read
    the function (:func:`constant_int`; review 35: a branch on ``0 == 1``); None for any other
    value. ``arguments``: what a block argument is where something knows (a loop's first turn
    knows the constants it enters with); None: nothing."""
    found = _folded(value, _FOLD_DEPTH, arguments)
    return None if found is None else int(found != 0)


#: How deep :func:`constant_int` follows an integer expression's operands.
_FOLD_DEPTH = 16


def _folded(value: ir.Value, depth: int, arguments: Callable[[ir.Value], int | None] | None) -> int | None:
    width = _integer_width(value.type)
    owner = value.owner
    if width is None or depth < 0:
        return None
    if isinstance(owner, ir.Block):
        found = arguments(value) if arguments is not None else None
        return None if found is None else _signed(found, width)
    op = getattr(owner, "operation", owner)
    if op.name == ARITH_CONSTANT:
        if "value" not in op.attributes:
            return None
        try:
            return _signed(int(ir.IntegerAttr(op.attributes["value"]).value), width)
        except (ValueError, TypeError):  # (a float or a dense constant)
            return None
    if op.name not in _INTEGER_FOLDS and op.name not in (ARITH_SELECT, ARITH_CMPI):
        return None
    operands = [_folded(v, depth - 1, arguments) for v in op.operands]
    if op.name == ARITH_SELECT:  # (the condition alone decides which)
        return None if operands[0] is None else operands[1 if operands[0] != 0 else 2]
    if None in operands:
        return None
    known = [v for v in operands if v is not None]
    if op.name == ARITH_CMPI:
        predicate = int(ir.IntegerAttr(op.attributes["predicate"]).value)
        return _signed(int(_compared(predicate, known[0], known[1], _bit_width(op.operands[0].type))), 1)
    widths = [_integer_width(v.type) or 64 for v in op.operands]
    return _signed(_INTEGER_FOLDS[op.name](known, widths), width)


def _integer_width(kind: ir.Type) -> int | None:
    """The bits of an integer or ``index`` type (64, what IREE's hosts hold an index in); None
    for any other type (a float, a tensor)."""
    if isinstance(kind, ir.IndexType):
        return 64
    try:
        return int(ir.IntegerType(kind).width)
    except ValueError:
        return None


def _signed(bits: int, width: int) -> int:
    """``bits`` wrapped to ``width`` bits, read as a signed integer (arith's integers wrap)."""
    size = 1 << width
    bits %= size
    return bits - size if bits >= size // 2 else bits


def _unsigned(value: int, width: int) -> int:
    return value % (1 << width)


#: What arith's integer ops MLIR folds make of their operands' values (signed integers of the
#: operands' widths, ``w``); the result is wrapped to the result's width. A sign-extending
#: cast keeps the signed value, a zero-extending one the unsigned bits, a truncation wraps.
_INTEGER_FOLDS: dict[str, Callable[[list[int], list[int]], int]] = {
    ARITH_ADDI: lambda v, w: v[0] + v[1],
    ARITH_SUBI: lambda v, w: v[0] - v[1],
    ARITH_MULI: lambda v, w: v[0] * v[1],
    ARITH_ANDI: lambda v, w: _unsigned(v[0], w[0]) & _unsigned(v[1], w[1]),
    ARITH_ORI: lambda v, w: _unsigned(v[0], w[0]) | _unsigned(v[1], w[1]),
    ARITH_XORI: lambda v, w: _unsigned(v[0], w[0]) ^ _unsigned(v[1], w[1]),
    ARITH_MAXSI: lambda v, w: max(v[0], v[1]),
    ARITH_MINSI: lambda v, w: min(v[0], v[1]),
    ARITH_MAXUI: lambda v, w: max(_unsigned(v[0], w[0]), _unsigned(v[1], w[1])),
    ARITH_MINUI: lambda v, w: min(_unsigned(v[0], w[0]), _unsigned(v[1], w[1])),
    ARITH_INDEX_CAST: lambda v, w: v[0],
    ARITH_EXTSI: lambda v, w: v[0],
    ARITH_TRUNCI: lambda v, w: v[0],
    ARITH_INDEX_CASTUI: lambda v, w: _unsigned(v[0], w[0]),
    ARITH_EXTUI: lambda v, w: _unsigned(v[0], w[0]),
}


def _compared(predicate: int, a: int, b: int, width: int) -> bool:
    """``arith.cmpi``'s predicate (its enum's number: eq, ne, slt, sle, sgt, sge, ult, ule, ugt,
    uge) of ``a`` and ``b``, integers of ``width`` bits."""
    size = 1 << width
    ua, ub = a % size, b % size
    sa, sb = (ua - size if ua >= size // 2 else ua), (ub - size if ub >= size // 2 else ub)
    return [sa == sb, sa != sb, sa < sb, sa <= sb, sa > sb, sa >= sb, ua < ub, ua <= ub, ua > ub, ua >= ub][predicate]


def results_as_inits(op: ir.Operation) -> list[tuple[int, int]]:
    """The (result, operand) pairs of a loop the table knows where a run of no turn returns the
    operand itself (:attr:`RegionFlow.results_as_inits`); none for any other op."""
    flow = flow_of(op)
    return flow.results_as_inits(op) if flow is not None and flow.results_as_inits is not None else []


def never_run(op: ir.Operation) -> frozenset[int]:
    """The regions of ``op`` that no execution runs: the arms a branch's constant selector does
    not choose, the body of a counted loop whose bounds give it no iteration (constants, or one
    value for both), and the ``after`` region of a while loop whose condition is a constant
    false. None for any other op, and for an op the table does not know (closed world)."""
    flow = flow_of(op)
    if flow is not None and flow.never_runs is not None:
        return flow.never_runs(op)
    if flow is None or flow.chosen is None:
        return frozenset()
    chosen = flow.chosen(op)
    return frozenset() if chosen is None else frozenset(range(len(op.regions))) - {chosen}


def folded_result(value: ir.Value) -> ir.Value | None:
    """What a result of a branch with a constant selector is (MLIR folds the branch into the
    region it chooses): that region's yield of it. None for any other value, and where the
    region yields nothing (a region without a block)."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    op = owner.operation
    flow = flow_of(op)
    chosen = flow.chosen(op) if flow is not None and flow.chosen is not None else None
    if chosen is None or not op.regions[chosen].blocks:
        return None
    return terminator(op.regions[chosen].blocks[0]).operands[ir.OpResult(value).result_number]


def invariant_argument(value: ir.Value, same: Same = _itself) -> ir.Value | None:
    """What a loop's carried argument is where every turn hands it on unchanged: the value it
    enters with (MLIR's canonicalizers replace the argument by it, before IREE's folds of
    globals read the program). None for any other value, and for an op the table does not
    know (closed world)."""
    block = value.owner
    if not isinstance(block, ir.Block):
        return None
    op = holder_of(block)
    flow = flow_of(op)
    if op is None or flow is None or flow.invariant is None:
        return None
    return flow.invariant(op, block, ir.BlockArgument(value).arg_number, same)


def invariant_result(value: ir.Value, same: Same = _itself) -> ir.Value | None:
    """What a loop's result is where MLIR folds it into another value before IREE's folds of
    globals read the program: the value the loop enters with (it never turns, or every turn
    hands that value on), or a value of outside the loop that every run ends with (the table's
    :attr:`RegionFlow.invariant_result`); ``same`` compares values through the folds the
    caller knows. None for any other value, and for an op the table does not know (closed
    world)."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    op = owner.operation
    flow = flow_of(op)
    if flow is None or flow.invariant_result is None:
        return None
    return flow.invariant_result(op, ir.OpResult(value).result_number, same)


def runs_again(op: ir.Operation) -> bool | None:
    """May ``op`` run one of its regions more than once in one execution of the op (so that a
    value made before it is met by a second run of its body)? False for the ops whose regions
    run at most once, and for a counted loop whose constant bounds give it at most one
    iteration; True for the other loops; None for an op with regions the model does not know
    (closed world: it may; a function is no region op here, its caller stops there). An op
    without regions runs none."""
    if not op.regions:
        return False
    flow = flow_of(op)
    if flow is None:
        return None
    if flow.at_most_once:
        return False
    loop = counted_loop(op)
    trips = static_trip_count(loop) if loop is not None else None
    return trips is None or trips > 1


# -- the table --------------------------------------------------------------------------------


@dataclass(frozen=True)
class RegionFlow:
    """What one region op does with the values that enter and leave its regions."""

    runs: Runs
    #: The same-storage pairs of one op, in a fixed order.
    storage_edges: Callable[[ir.Operation], list[Edge]]
    #: ``entry(op, n)``: the values operand ``n`` of the op becomes (None: it enters nothing).
    entry: Callable[[ir.Operation, int], list[ir.Value] | None]
    #: ``exit(op, region, n)``: the values operand ``n`` of the terminator of region ``region``
    #: becomes (None: it is handed on nowhere).
    exit: Callable[[ir.Operation, int, int], list[ir.Value] | None]
    #: Regions whose terminator hands its operands to the next iteration.
    back_edges: frozenset[int] = frozenset()
    #: At most one of the regions runs (the arms of a branch).
    alternatives: bool = False
    #: The region every execution of the op runs first, at least once, before any other (a
    #: while loop's condition; the one region of an ``scf.execute_region``): what it does is
    #: done whenever the op runs, before anything else of the op.
    runs_first: int | None = None
    #: For alternatives: the region the op runs where its selector is a constant (None where it
    #: is not). MLIR's canonicalizers fold the op into that region, so the others never run.
    chosen: Callable[[ir.Operation], int | None] | None = None
    #: A counted loop (lower bound, upper bound, step, induction variable: ``scf.for``).
    counted: bool = False
    #: Where a loop's own operands say a region never runs (its bounds, its condition):
    #: ``never_runs(op)``, those regions (a branch's are the ones :attr:`chosen` does not choose).
    never_runs: Callable[[ir.Operation], frozenset[int]] | None = None
    #: For loops: ``invariant(op, block, n, same)``, the value argument ``n`` of the region block
    #: ``block`` always holds, where every turn hands it on unchanged (compared through
    #: ``same``; None where it may not).
    invariant: Callable[[ir.Operation, ir.Block, int, Same], ir.Value | None] | None = None
    #: For loops: ``invariant_result(op, k, same)``, the value result ``k`` always is, where
    #: MLIR folds the result into an init or a value of outside the loop (None where it may not).
    invariant_result: Callable[[ir.Operation, int, Same], ir.Value | None] | None = None
    #: For a loop that runs a region first (:attr:`runs_first`): ``enters_body(op)``, does its
    #: first turn go on into its other region (its condition holds on the values it enters
    #: with)? None, or False: it may end there.
    enters_body: Callable[[ir.Operation], bool] | None = None
    #: For loops: ``results_as_inits(op)``, the (result, operand) pairs where a run of the op
    #: that turns no time returns the operand itself as the result (its buffer, not a copy).
    results_as_inits: Callable[[ir.Operation], list[tuple[int, int]]] | None = None
    #: A region's blocks may branch to each other (``cf``) before its terminator.
    multi_block: bool = False
    #: The rule follows an alias into the op and out of it (any other region op keeps it).
    alias_followed: bool = False
    results_ready: ResultsReady = ResultsReady.UNORDERED
    #: The body is device work of scheduled IR (an execution or concurrent region): it runs
    #: once per run of the block holding the op, and its ops are ordered by their dependences
    #: (and ties), never by block order; captures, yields and ties are its storage edges.
    device_body: bool = False
    #: The body's items run one after the other (an execution region; a concurrent region's
    #: items may run at the same time).
    serial_body: bool = False
    #: The host submits the op and goes on without waiting for it to end.
    submitted: bool = False
    #: Accessors of the timepoint the op waits for before its body starts, and of the one it
    #: produces when its body has ended.
    await_timepoint: str | None = None
    result_timepoint: str | None = None

    def waits_for(self, op: ir.Operation) -> ir.Value | None:
        return getattr(op.opview, self.await_timepoint) if self.await_timepoint else None

    def ends_at(self, op: ir.Operation) -> ir.Value | None:
        return getattr(op.opview, self.result_timepoint) if self.result_timepoint else None

    @property
    def at_most_once(self) -> bool:
        return self.runs is not Runs.REPEATS


_SCF_BRANCH = dict(storage_edges=_yield_edges, entry=_no_entry, exit=_yield_exit)
_DEVICE = dict(runs=Runs.ONCE, storage_edges=_device_edges, entry=_device_entry, exit=_device_exit, device_body=True)

#: The execution region (scheduled IR), named for those who build or recognise one by its results.
EXECUTION_REGION = "stream.async.execute"

#: The region ops the model knows.
REGION_FLOW: dict[str, RegionFlow] = {
    "scf.for": RegionFlow(
        Runs.REPEATS,
        _for_edges,
        _for_entry,
        _for_exit,
        back_edges=frozenset({0}),
        counted=True,
        alias_followed=True,
        invariant=_for_invariant,
        invariant_result=_for_invariant_result,
        never_runs=_for_never_run,
        results_as_inits=_for_results_as_inits,
    ),
    "scf.while": RegionFlow(
        Runs.REPEATS,
        _while_edges,
        _while_entry,
        _while_exit,
        back_edges=frozenset({1}),
        runs_first=0,
        enters_body=_while_enters_its_body,
        invariant=_while_invariant,
        invariant_result=_while_invariant_result,
        never_runs=_while_never_run,
        results_as_inits=_while_results_as_inits,
    ),
    "scf.if": RegionFlow(
        Runs.AT_MOST_ONCE,
        alternatives=True,
        chosen=_if_chosen,
        alias_followed=True,
        **_SCF_BRANCH,  # type: ignore[arg-type]
    ),
    "scf.index_switch": RegionFlow(Runs.AT_MOST_ONCE, alternatives=True, chosen=_switch_chosen, **_SCF_BRANCH),  # type: ignore[arg-type]
    "scf.execute_region": RegionFlow(Runs.ONCE, multi_block=True, runs_first=0, **_SCF_BRANCH),  # type: ignore[arg-type]
    # Scheduled IR (after iree-stream-schedule-execution/-concurrency): an execution region
    # runs its body once per execution of the op, and so does a concurrent region nested in
    # it. A capture by an execution region, or a yield out of one, is not followed by the rule:
    # the alias would leave its execution region, where reads are ordered by timepoints.
    EXECUTION_REGION: RegionFlow(
        serial_body=True,
        submitted=True,
        results_ready=ResultsReady.AT_TIMEPOINT,
        await_timepoint="await_timepoint",
        result_timepoint="result_timepoint",
        **_DEVICE,  # type: ignore[arg-type]
    ),
    "stream.async.concurrent": RegionFlow(results_ready=ResultsReady.AT_END, alias_followed=True, **_DEVICE),  # type: ignore[arg-type]
}

#: Terminators that hand values to their parent region op: of host regions, and of the
#: device bodies of execution and concurrent regions.
HOST_TERMINATORS = frozenset({"scf.yield", "scf.condition"})
DEVICE_TERMINATORS = frozenset({"stream.yield"})
REGION_TERMINATORS = HOST_TERMINATORS | DEVICE_TERMINATORS
#: The region ops whose body is device work of scheduled IR.
DEVICE_REGION_OPS = frozenset(name for name, flow in REGION_FLOW.items() if flow.device_body)
#: Branches whose successor operands the model follows (:func:`branch_operands`).
BRANCH_OPS = frozenset({"cf.br", "cf.cond_br", "cf.switch"})
#: Ops that produce a timepoint reached when the ops they stand for end: execution regions,
#: joins and barriers.
TIMEPOINT_OPS = frozenset(
    {*(name for name, flow in REGION_FLOW.items() if flow.result_timepoint), TIMEPOINT_JOIN, TIMEPOINT_BARRIER}
)
#: Host ops whose end the host waits for before it runs the next op, besides ops that touch
#: no resource (arith, index, util.global on host values...).
SYNCHRONOUS_HOST_OPS = frozenset({TIMEPOINT_AWAIT, ASYNC_LOAD})


def flow_of(op: ir.Operation | None) -> RegionFlow | None:
    """The flow of a known region op; None for any other op (or None)."""
    return None if op is None else REGION_FLOW.get(op.name)


def is_region_terminator(op: ir.Operation) -> bool:
    return op.name in REGION_TERMINATORS


def is_host_terminator(op: ir.Operation) -> bool:
    return op.name in HOST_TERMINATORS


def is_device_terminator(op: ir.Operation) -> bool:
    return op.name in DEVICE_TERMINATORS


def is_branch(op: ir.Operation) -> bool:
    return op.name in BRANCH_OPS


def holder_of(block: ir.Block) -> ir.Operation | None:
    """The op whose region holds ``block``."""
    owner = block.owner
    return getattr(owner, "operation", owner) if owner is not None else None


def device_holder(block: ir.Block) -> ir.Operation | None:
    """The execution or concurrent region op whose body ``block`` is, if it is one."""
    holder = holder_of(block)
    return holder if holder is not None and holder.name in DEVICE_REGION_OPS else None


def captured_by(value: ir.Value) -> tuple[ir.Operation, ir.Value] | None:
    """For a block argument of an execution or concurrent region (``%x as %arg``): the region
    op and the captured value ``%x`` (the same storage). None for any other value."""
    block = value.owner
    if not isinstance(block, ir.Block):
        return None
    holder = device_holder(block)
    if holder is None:
        return None
    index = ir.BlockArgument(value).arg_number
    captures = captured(holder)
    return (holder, captures[index]) if index < len(captures) else None


def outside_captures(value: ir.Value) -> ir.Value:
    """``value`` as seen from outside the execution and concurrent regions it is captured
    into: a block argument of such a region stands for the value the region captures
    (:func:`captured_by`), at any depth. Any other value is itself."""
    while True:
        capture = captured_by(value)
        if capture is None:
            return value
        value = capture[1]


def yielded_as(value: ir.Value) -> tuple[ir.Operation, ir.Value] | None:
    """For a resource result of an execution or concurrent region: the region op and the value
    its body yields as that result. None for any other value."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    region = getattr(owner, "operation", owner)
    if not is_device_region(region):
        return None
    results, inner = resource_results(region), yielded(region)
    k = next((n for n, r in enumerate(results) if r == value), None)
    return (region, inner[k]) if k is not None and k < len(inner) else None


def is_device_region(op: ir.Operation | None) -> TypeGuard[ir.Operation]:
    """Is ``op`` an execution or concurrent region op of scheduled IR?"""
    return op is not None and op.name in DEVICE_REGION_OPS


def region_index(holder: ir.Operation, block: ir.Block) -> int | None:
    """Which region of ``holder`` holds ``block``."""
    return next((i for i, region in enumerate(holder.regions) if any(b == block for b in region.blocks)), None)


def exit_flow(term: ir.Operation, n: int) -> list[ir.Value] | None:
    """Where operand ``n`` of a region terminator goes in its known parent (None: nowhere the
    model follows)."""
    holder = holder_of(term.block)
    flow = flow_of(holder)
    if flow is None or holder is None:
        return None
    region = region_index(holder, term.block)
    return None if region is None else flow.exit(holder, region, n)


def is_back_edge(term: ir.Operation) -> bool:
    """Does the region terminator ``term`` hand its operands to the next iteration of its
    parent loop?"""
    holder = holder_of(term.block)
    flow = flow_of(holder)
    if flow is None or holder is None:
        return False
    return region_index(holder, term.block) in flow.back_edges


def branch_operands(op: ir.Operation) -> list[list[ir.Value]] | None:
    """Per successor, the operands a ``cf`` branch passes to its block arguments (None for
    any other op: the model does not know where its operands go)."""
    if op.name == "cf.br":
        return [list(op.opview.destOperands)]
    if op.name == "cf.cond_br":
        view = op.opview
        return [list(view.trueDestOperands), list(view.falseDestOperands)]
    if op.name == "cf.switch":  # (successors: the default, then each case in order)
        view = op.opview
        flat, out = list(view.caseOperands), [list(view.defaultOperands)]
        for n in ir.DenseI32ArrayAttr(op.attributes["case_operand_segments"]):
            out.append(flat[:n])
            flat = flat[n:]
        return out
    return None


def branch_arguments(op: ir.Operation, operand: int) -> list[ir.Value] | None:
    """The block argument a ``cf`` branch's operand ``operand`` becomes in its successor (a
    one-element list); None for a branch's condition or flag, and for any other op."""
    lists = branch_operands(op)
    if lists is None:
        return None
    at = operand - (0 if op.name == "cf.br" else 1)  # (a cond_br's condition, a switch's flag first)
    for successor, passed in zip(op.successors, lists):
        if 0 <= at < len(passed):
            return [list(successor.arguments)[at]]
        at -= len(passed)
    return None


def taken_successors(block: ir.Block) -> list[ir.Block]:
    """The successors ``block``'s terminator may branch to: for a ``cf.cond_br`` or
    ``cf.switch`` on a constant, the one it takes (MLIR's canonicalizers fold the branch to it
    before IREE's folds of globals read the function, and no execution takes another); every
    successor otherwise, as ``block.successors`` lists them."""
    successors = list(block.successors)
    if not successors:
        return successors
    last = terminator(block)
    taken = _constant_successor(last) if last.name in BRANCH_OPS else None
    return successors if taken is None else [successors[taken]]


def _constant_successor(op: ir.Operation) -> int | None:
    """Which successor a branch on a constant takes (None: not a branch on a constant)."""
    if op.name == "cf.cond_br":
        condition = constant_condition(op.operands[0])
        return None if condition is None else (0 if condition != 0 else 1)
    if op.name == "cf.switch":  # (successors: the default, then each case in order)
        flag = constant_int(op.operands[0])
        if flag is None:
            return None
        # (Compared as bits of the flag's width: the bindings read an i1 ``true`` as -1 and its
        # case ``1`` as 1, an i8 200 as -56; a width whose cases they cannot read is taken for
        # no constant branch.)
        try:
            mask = (1 << _bit_width(op.operands[0].type)) - 1
            values = ir.DenseIntElementsAttr(op.attributes["case_values"]) if "case_values" in op.attributes else []
            cases = [int(v) & mask for v in values]
        except (TypeError, ValueError):
            return None
        return cases.index(flag & mask) + 1 if flag & mask in cases else 0
    return None


def _bit_width(kind: ir.Type) -> int:
    """The bits of an integer type (an ``index``, or any other: 64, what IREE's hosts hold an
    index in)."""
    return _integer_width(kind) or 64


def tied_results(op: ir.Operation, n: int) -> list[ir.Value]:
    """The resource results of an execution or concurrent region tied to its captured operand
    ``n`` (they are that storage, updated in place)."""
    results = _resource_results(op)
    return [results[k] for k, tied in enumerate(tied_operands(op.opview)) if tied == n]


def resource_results(op: ir.Operation) -> list[ir.Value]:
    return _resource_results(op)
