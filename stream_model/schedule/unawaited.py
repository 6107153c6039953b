"""Host ops IREE hands a loop's carried resource before it is ready.

IREE 3.13's ``iree-stream-propagate-timepoints`` carries a timepoint beside every resource a
loop's region carries (``scf.for``, ``scf.while``) and leaves the wait for it to the users it
expands (:data:`~stream_model.semantics.op_table.AWAITING_USERS`). Any other op given the
region's argument, a ``util.optimization_barrier`` most often (a user's, or the one
``util.unfoldable_constant`` becomes), takes it unawaited: what the op passes on looks ready,
and the next execution region reads it while the last turn's work may still write it. A
barrier on an ``scf.for``'s carried tensor summed 50 times gave 1 + 2, 7 or 14 on local-task
in 39 runs of 40 (``tests/data/global_reloads/barrier_on_a_loops_carried_value.mlir``).

Each such use is shown with the timepoint the value is ready at, found from what enters the
loop's block (:func:`_carried_timepoint`), which the repair awaits right before the op
(:mod:`rewriter.guard.passes`). Read on the scheduled module, after the pass ran.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass

from iree.compiler import ir

from ..ir.naming import Names
from ..ir.util import defined_inside, function_name, function_of_value, parent_op_of_block
from ..semantics.op_table import AWAITING_USERS, awaited_by_a_host_op, ready_at
from ..semantics.region_flow import entering_values, is_resource, is_timepoint, result_as_argument

__all__ = ["UnawaitedUse", "unawaited_uses"]


@dataclass(frozen=True, eq=False)
class UnawaitedUse:
    """``user`` takes its operand ``operand``, a resource a loop's region carries, unawaited;
    ``timepoint``: the one the value is ready at (None where none is found:
    :func:`_carried_timepoint`). ``line`` and ``record`` say so with the user's names."""

    user: ir.Operation
    operand: int
    timepoint: ir.Value | None
    function: str
    line: str
    record: dict[str, str]

    def to_json(self) -> dict[str, str]:
        return self.record


def unawaited_uses(loops: Iterable[ir.Operation], names: Callable[[], Names]) -> list[UnawaitedUse]:
    """Every use of a resource one of ``loops`` (host loops, in the module's order) carries,
    by an op IREE does not make wait for it. ``names``: the module's names, asked for only
    where there is a use to say (making them numbers every value of the module)."""
    found: list[UnawaitedUse] = []
    for loop in loops:
        for region in loop.regions:
            for block in region.blocks:
                for value in block.arguments:
                    if not is_resource(value) or awaited_by_a_host_op(value):
                        continue
                    users = [use for use in value.uses if use.owner.name not in AWAITING_USERS]
                    if not users:
                        continue
                    timepoint = _carried_timepoint(value)
                    if timepoint is True:
                        continue  # (ready on every edge into the block: nothing to wait for)
                    for use in users:
                        found.append(_use(use.owner.operation, use.operand_number, value, timepoint, names()))
    return found


def _use(user: ir.Operation, operand: int, value: ir.Value, timepoint: ir.Value | None, names: Names) -> UnawaitedUse:
    function = function_name(function_of_value(value))
    loop = value.owner.owner
    what, where = names.describe(user), names.location(user)
    carried, loop_where = names.name(value), names.location(loop)
    line = (
        f"{what} ({where}) in @{function} takes {carried}, the value {loop.name} ({loop_where}) carries, "
        "before it is ready: IREE 3.13 makes no host op but its execution regions, calls, returns, branches "
        "and stores wait for a loop's carried resource"
    )
    record = {
        "type": "schedule-check",
        "check": "unawaited",
        "function": function,
        "user": what,
        "location": where,
        "value": carried,
        "loop": f"{loop.name} ({loop_where})",
    }
    return UnawaitedUse(user, operand, timepoint, function, line, record)


def _carried_timepoint(value: ir.Value) -> ir.Value | None | bool:
    """The timepoint ``value`` (a loop's region argument) is ready at, found from what enters
    its block (the timepoint the pass put beside it may be gone: canonicalization merges the
    equal timepoints of two values made by one execution region, and drops one that enters
    the same every turn). A timepoint argument of the block that takes, on every edge into it,
    the timepoint the value entering there is ready at; else, where every edge hands the value
    itself on or a value ready at one timepoint made before the loop, that timepoint; True
    where every edge hands it on or a value ready when made (tensor seed 22101: a constant's
    load carried through a barrier). None where none is found: the compile refuses (module
    docstring)."""
    return _carried(value, {})


def _carried(value: ir.Value, assumed: dict[ir.Value, ir.Value | None | bool]) -> ir.Value | None | bool:
    """:func:`_carried_timepoint` where the arguments of ``assumed`` are taken to be ready at
    what it maps them to. Each timepoint argument of the block is tried in turn, taking
    ``value`` to be ready at it where ``value`` comes back around a loop (an outer loop's value
    handed into an inner loop and back): the edges then show by induction over the turns that
    it is (the first turn from the inits, each next one from what the last turn yields)."""
    if value in assumed:
        return assumed[value]
    assert isinstance(value, ir.BlockArgument)
    block, m = value.owner, value.arg_number
    edges = entering_values(block)
    if edges is None:
        return None
    for candidate in [a for a in block.arguments if is_timepoint(a)]:
        trial = {**assumed, value: candidate}
        wanted = [_entering_ready(edge[m], value, trial) for edge in edges]
        t = candidate.arg_number
        if all(
            w is True or (w is None and edge[m] == value and edge[t] == candidate) or (w is not None and edge[t] == w)
            for w, edge in zip(wanted, edges, strict=True)
        ):
            return candidate
    trial = {**assumed, value: None}
    wanted = [_entering_ready(edge[m], value, trial) for edge in edges]
    if any(w is None and edge[m] != value for w, edge in zip(wanted, edges, strict=True)):
        return None
    if any(w is True for w in wanted) and all(w is True or w is None for w in wanted):
        return True
    made = {w for w in wanted if isinstance(w, ir.Value)}
    if len(made) == 1:
        (timepoint,) = made
        if not defined_inside(timepoint, parent_op_of_block(block)):
            return timepoint
    return None


def _entering_ready(
    entering: ir.Value | None, value: ir.Value, assumed: dict[ir.Value, ir.Value | None | bool]
) -> ir.Value | None | bool:
    """What a value entering ``value``'s block is ready at (None: the value itself, handed on,
    or unknown)."""
    if entering is None or entering == value:
        return None
    found = ready_at(entering)
    if found is None and isinstance(entering, ir.BlockArgument) and not awaited_by_a_host_op(entering):
        return _carried(entering, assumed)  # (another loop region's argument: what it is ready at)
    if found is None and (held := result_as_argument(entering)) is not None:
        return _result_ready_at(entering, *held, assumed)
    return found


def _result_ready_at(
    result: ir.Value, argument: ir.BlockArgument, shift: int, assumed: dict[ir.Value, ir.Value | None | bool]
) -> ir.Value | None | bool:
    """What a loop's ``result`` is ready at: the loop's result beside it that the timepoint
    its region ``argument`` (holding the result's value, ``shift`` positions on) is ready at
    becomes; or that timepoint, where it is made outside the loop; True where the argument is
    ready on every edge."""
    found = _carried(argument, assumed)
    if found is None or found is True:
        return found
    if isinstance(found, ir.BlockArgument) and found.owner == argument.owner:
        return result.owner.results[found.arg_number - shift]
    return None if defined_inside(found, result.owner.operation) else found
