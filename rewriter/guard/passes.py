"""The guard's changes to a module, as passes (:mod:`rewriter.pipeline.passes`).

:class:`ForwardReloads` runs at the splice, before the rewrite: the accesses to globals IREE
3.13 misreads there are made as IREE's own stages before the splice would make them
(:mod:`..repair.reloads`). :class:`RepairSchedule` runs on a copy of the module at the splice
when the check found a hazard in IREE's schedule: each in-place write the hazard traces to
writes a fresh copy of its target instead (a dispatch of the private copy executable,
:mod:`..repair.copy_dispatch`, which IREE can neither fold, rematerialise nor merge), a loop whose
result IREE would free as its init, or whose body writes an init's buffer in place, starts from a
fresh copy of it, and a global store the copy
reaches stores it through a barrier (:mod:`..repair.own_size`).
"""

from __future__ import annotations

from dataclasses import dataclass, field, replace
from typing import Any

from iree.compiler import ir

from stream_model.ir.naming import Names
from stream_model.ir.util import dispatch_operand_index, nested_ops
from stream_model.schedule.check import ScheduleCheck, ScheduleVerdict, in_place_positions, inits_used_after
from stream_model.schedule.unawaited import UnawaitedUse
from stream_model.semantics import ops
from stream_model.semantics.bindings import BindingAccess, Kernels, dispatch_bindings
from stream_model.semantics.op_table import CARRYING_LOOPS, effects_of
from stream_model.semantics.region_flow import is_resource

from ..errors import CompileError, ScheduleHazardError
from ..pipeline.passes import PassContext
from ..pipeline.runner import verify_errors
from ..repair.copy_dispatch import CopyDispatches, barrier, stated_size
from ..repair.own_size import store_with_own_size
from ..repair.reloads import GlobalRepair, find_misread_globals, repair_globals

__all__ = ["AwaitCarriedValues", "ForwardReloads", "Repair", "RepairSchedule"]


@dataclass
class ForwardReloads:
    """A load of a global after a store takes the stored value, and a store stored over is
    dropped, where IREE 3.13 would misread the global at the splice. Where a load cannot take
    the value, or ``repair`` is off, the compile refuses (:class:`ScheduleHazardError`): the
    check cannot see those faults afterwards. ``regions``: the module is splice-level input,
    where a load after an op with regions that may store the global is refused too. The report:
    each access made (or found, without ``repair``)."""

    repair: bool = True
    regions: bool = False
    name: str = field(default="forward-reloads", init=False)

    def apply(self, module: ir.Module, ctx: PassContext) -> list[GlobalRepair]:
        names = Names(module, ctx.source, ctx.filename)
        if self.repair:
            found = repair_globals(module, names, self.regions)
        else:
            found = find_misread_globals(module, names, self.regions)
        stuck = [r for r in found if r.why or not self.repair]
        if stuck:
            raise ScheduleHazardError(f"{stuck[0].refusal}: {stuck[0].hazard_line()}", [])
        return found


@dataclass
class RepairSchedule:
    """Each op of the module at the splice the check's hazards trace to (``targets``: op index
    in :func:`~stream_model.ir.util.nested_ops` order, and the hazard) writes a fresh copy of
    what it writes in place. The report: each write repaired (empty: nothing to repair). The
    repaired module verifies, or the compile stops: the rewrite takes it as verified next."""

    targets: dict[int, ScheduleCheck]
    name: str = field(default="repair-schedule", init=False)

    def apply(self, module: ir.Module, ctx: PassContext) -> list[Repair]:
        repairs = _repair(module, self.targets)
        if repairs:
            _verify_repair(module)
        return repairs


@dataclass
class AwaitCarriedValues:
    """Each loop's carried resource IREE hands a host op unawaited (``uses``, found on the
    scheduled module: :mod:`stream_model.schedule.unawaited`) is awaited right before the op,
    on the timepoint it is ready at: the op then takes it ready, as IREE makes every other
    host op take a resource. Made on the scheduled module, which the compile goes
    on with (IREE has nothing to schedule again). The report: each use awaited."""

    uses: list[UnawaitedUse]
    name: str = field(default="await-carried-values", init=False)

    def apply(self, module: ir.Module, ctx: PassContext) -> list[Repair]:
        from iree.compiler.dialects import stream  # (imported when an await is built)

        repairs: list[Repair] = []
        for use in self.uses:
            assert use.timepoint is not None  # (the guard refuses a use without one)
            value = use.user.operands[use.operand]
            with use.user.location, ir.InsertionPoint(use.user):
                size = stream.ResourceSizeOp(value).result
                awaited = stream.TimepointAwaitOp([value.type], [value], [size], use.timepoint).results[0]
            use.user.operands[use.operand] = awaited
            repairs.append(Repair(use.record["user"], use.record["location"], use.line, None, AWAITED, use.function))
        _verify_repair(module)
        return repairs


#: :attr:`Repair.verdict` of an await :class:`AwaitCarriedValues` added.
AWAITED = "unawaited-carried-value"
#: What the op a repair changed does now, per :attr:`Repair.kind`.
_HOW = {
    "await-carried-value": "waits for what it is given",
    "init-to-fresh-copy": "starts from a fresh copy of what it is given",
    "write-to-fresh-copy": "writes a fresh copy of its target",
}


@dataclass
class Repair:
    """One change the guard made to IREE's schedule, and the hazard that asked for it: an
    in-place write made to a fresh copy, a loop made to start from one, or an op made to
    wait for a loop's carried value."""

    write: str  # the op at the splice, described
    location: str
    hazard: str  # the hazard's one-line description
    #: A dispatch whose result was tied to a binding its kernel does not write: the binding its
    #: result is tied to now (the one its kernel writes, given the copy), else None.
    retied_to: int | None = None
    #: The hazard's verdict (``ScheduleVerdict`` value) and function.
    verdict: str = ""
    function: str = ""
    #: The loop was given a fresh copy of an init its body writes in place.
    init_written: bool = False

    @property
    def of_an_init(self) -> bool:
        """Is it a loop's init the repair copied (``freed-as-a-loop-result``, or an init the
        loop's body writes in place), not a write's target?"""
        return self.init_written or self.verdict == ScheduleVerdict.FREED_AS_A_LOOP_RESULT

    @property
    def kind(self) -> str:
        """The repair's kind, as the log names it (:data:`_HOW` says it in words)."""
        if self.verdict == AWAITED:
            return "await-carried-value"
        return "init-to-fresh-copy" if self.of_an_init else "write-to-fresh-copy"

    def line(self) -> str:
        retied = (
            f", its result now tied to binding {self.retied_to}, the one its kernel writes"
            if self.retied_to is not None
            else ""
        )
        return f"{self.write} ({self.location}) now {_HOW[self.kind]}{retied} ({self.hazard})"

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-repair",
            "repair": self.kind,
            "write": self.write,
            "location": self.location,
            "hazard": self.hazard,
            "retied_to": self.retied_to,
        }


@dataclass(frozen=True)
class _CopyPlan:
    """Where a repair's copy of an in-place write's target goes: the operand positions it
    replaces, and for a dispatch whose kernel writes the value through another binding than the
    tied one, the result's new tie (an index into ``resource_operands``) and binding number."""

    positions: list[int]
    retie: tuple[int, int, int] | None = None  # (old operand index, new operand index, binding)


def _copy_plan(op: ir.Operation, operand: ir.Value, position: int, kernels: Kernels) -> _CopyPlan:
    """The copy of ``operand`` replaces ``position``; in a dispatch given the value through
    several bindings, it replaces exactly the one its kernel writes, and the result is tied to
    that one: the other bindings keep reading the value, so no binding reads bytes the kernel
    writes through another (IREE's pre-splice stages tie a result to one binding of a value and
    write through another). Where the kernel writes through none of them, or through several
    (one copy cannot be two results), every binding of the value gets the copy: the check
    afterwards reports what that leaves."""
    if op.name != ops.ASYNC_DISPATCH:
        return _CopyPlan([position])
    same = [b for b in dispatch_bindings(op, kernels) if b.value == operand]
    written = [b for b in same if BindingAccess.WRITE in b.access]
    if len(written) != 1:
        return _CopyPlan([b.position for b in same] or [position])
    (target,) = written
    tied = position - dispatch_operand_index(op, "resource_operands", 0)
    retie = None if target.operand == tied else (tied, target.operand, target.binding)
    return _CopyPlan([target.position], retie)


def _retie(op: ir.Operation, old: int, new: int) -> None:
    """Tie the dispatch's results tied to resource operand ``old`` to ``new`` instead (the
    attribute keeps its element type: IREE stores ties as ``index``)."""
    tied = [ir.IntegerAttr(a) for a in ir.ArrayAttr(op.attributes["tied_operands"])]
    op.attributes["tied_operands"] = ir.ArrayAttr.get(
        [ir.IntegerAttr.get(t.type, new) if t.value == old else t for t in tied]
    )


def _verify_repair(module: ir.Module) -> None:
    """A repaired module verifies, or the compile stops here: the rewrite runs on it next, and
    takes it, as every module a compile hands a hook, as verified (``elide_slices(verified=True)``)."""
    errors = verify_errors(module)
    if errors is not None:
        raise CompileError("internal error: the schedule repair made IR that does not verify: " + errors[0])


def _repair(module: ir.Module, targets: dict[int, ScheduleCheck]) -> list[Repair]:
    """Make each target op of ``module`` that writes in place write a fresh copy instead: the
    operand it writes becomes a copy of it, made right before the op. A copy or update from the
    same value still reads the old one (that is the repair of an overlapping copy); a dispatch
    given the value through several bindings gets the copy in the one its kernel writes, its
    result tied to it (:func:`_copy_plan`). A loop whose result IREE would free as its init
    (``freed-as-a-loop-result``) starts from a fresh copy of that init (:func:`_init_copied`).
    Each global store a copy may reach stores it through a barrier, so that IREE 3.13 gives it
    a size global of its own (:func:`~..repair.own_size.store_with_own_size`); with the repairs,
    the globals stored a copy in a region, where a barrier does not do that."""
    ops = list(nested_ops(module.operation))
    names = Names(module)
    kernels = Kernels(module)
    repairs: list[Repair] = []
    fresh: list[ir.Value] = []
    with module.context:
        copies = CopyDispatches(module)
        for index, hazard in sorted(targets.items()):
            op = ops[index]
            fx = effects_of(op)
            made, retied = False, None
            if hazard.verdict is ScheduleVerdict.FREED_AS_A_LOOP_RESULT:
                for position in inits_used_after(op):
                    fresh.append(_init_copied(copies, op, position))
                repairs.append(_repair_record(names, op, hazard, None))
                continue
            if hazard.write_init is not None:
                # A loop whose body writes the buffer of an init in place starts from a copy of
                # it (the init is counted among the loop's resource operands, which scheduling
                # keeps in order; the check afterwards says whether it was the one).
                resources = [k for k, v in enumerate(op.operands) if is_resource(v)]
                if op.name in CARRYING_LOOPS and hazard.write_init < len(resources):
                    fresh.append(_init_copied(copies, op, resources[hazard.write_init]))
                    repairs.append(replace(_repair_record(names, op, hazard, None), init_written=True))
                continue
            for position in in_place_positions(op):
                operand = op.operands[position]
                size = next((a.size for a in fx.accesses if a.value == operand and a.size is not None), None)
                if size is None:
                    continue
                plan = _copy_plan(op, operand, position, kernels)
                # The op is inside an execution region here (the guard runs on scheduled IR):
                # a plain dispatch in that region is the copy.
                copy = copies.copy_before(op, operand, size, scheduled=False)
                fresh.append(copy)
                for p in plan.positions:
                    op.operands[p] = copy
                if plan.retie is not None:
                    _retie(op, plan.retie[0], plan.retie[1])
                    retied = plan.retie[2]
                made = True
            if made:
                repairs.append(_repair_record(names, op, hazard, retied))
        store_with_own_size(module, fresh)
    return repairs


def _repair_record(names: Names, op: ir.Operation, hazard: ScheduleCheck, retied: int | None) -> Repair:
    return Repair(names.describe(op), names.location(op), hazard.line(), retied, str(hazard.verdict), hazard.function)


def _init_copied(copies: CopyDispatches, loop: ir.Operation, position: int) -> ir.Value:
    """The loop's init at ``position`` replaced by a fresh copy of it, made right before the
    loop: a run of no turn then returns the copy, which IREE's reference counting may free.
    The copy reads the init through a barrier (a host op), so that it does not join the
    execution region making the init: IREE would give both one allocation, which freeing the
    copy frees as a whole (measured: the build fails as before)."""
    from iree.compiler.dialects import stream

    init = loop.operands[position]
    with loop.location, ir.InsertionPoint(loop):
        size = stated_size(init)
        if size is None:
            size = stream.ResourceSizeOp(init).result
        source = barrier(init)
    copy = copies.copy_before(loop, source, size, scheduled=False)
    loop.operands[position] = copy
    return copy
