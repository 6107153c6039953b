"""Every compile checks IREE's schedule, and repairs it or refuses.

IREE 3.13's scheduling can place a read after an in-place write of the value it reads, or leave
them unordered, and its canonicalizer can turn ``update X <- slice(X)`` into a copy whose
source and target overlap (the campaign's G1 and G2, ``tests/upstream_faults/``). Plain
``iree-compile`` ships such a program. A :class:`ScheduleGuard` sits in the compile right
before ``iree-stream-schedule-allocation``, the last point where the IR is still stream-async:

1. it runs the rest of the async phase (scheduling and the cleanups after it) on the module at
   the splice, keeping a copy of that module;
2. it checks an exact copy of the scheduled module the compile continues with
   (:func:`stream_model.schedule.check.check_schedule`). The driver runs the check while the
   stream phase's last passes run on that module, and starts HAL/VM only once it passed
   (:meth:`ScheduleGuard.start`, :meth:`ScheduleGuard.check_now`, :meth:`ScheduleGuard.settle`);
3. on a hazard it finds the in-place write at the splice (below), makes that write go to a
   fresh copy of what it writes (a dispatch of the private copy executable,
   :mod:`.copy_dispatch`, which IREE can neither fold, rematerialise nor merge: no read of the
   old value can see the write whatever order IREE picks; a loop IREE would free the init of
   starts from a copy of it instead), schedules the repaired module
   again and checks again; after :attr:`ScheduleGuard.max_rounds` rounds, or when a hazard
   cannot be traced to an in-place write at the splice, it refuses (:class:`ScheduleHazardError`).
   When the compile has a hook (the rewrite), the repair is made on the module as it was
   before the hook, and the hook runs again on it: a repair changes which storage a value is,
   and an alias the rewrite made of the unrepaired program may rely on that (a subview of a
   global's live version that, repaired, would point into a buffer IREE frees).

**From the scheduled op back to the splice.** The check names ops of the scheduled module. To
find the op of the splice module it came from, a copy of the splice module (before the hook,
when there is one; the hook then runs on it) whose every op carries its position in a location
tag (``fused<"slice-elision-op-N">``) is scheduled by the same stages. Locations do not change what any pass does (CSE and the folders ignore them), and
the tagged result must print, without locations, exactly as the checked module does; only then
is the tag of the op at the same position trusted. A module without hazards is never tagged
and never changed: ``--no-elide`` stays byte-identical to ``iree-compile``.
"""

from __future__ import annotations

import importlib
import mmap
import os
import re
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from iree.compiler import ir

from stream_model.ir.util import load_dialect_modules, nested_ops
from stream_model.semantics.abi import GivenOver, given_over_arguments

from ..errors import RepairUndone, ScheduleHazardError
from ..pipeline.c_api import clone_module
from ..pipeline.collector import no_collector_pauses
from ..pipeline.common import CompileError, NotAnalysed, new_context
from ..pipeline.passes import AsyncStages, PassContext
from .input_folds import fold_as_mlir_does

if TYPE_CHECKING:
    # The check's modules are imported where they run, and beside IREE's flow phase
    # (:meth:`ScheduleGuard.prepare`): a compile does not wait for them before IREE starts.
    from stream_model.schedule.check import ScheduleCheck, ScheduleReport
    from stream_model.schedule.global_folds import GlobalFoldHazard
    from stream_model.schedule.global_order import GlobalEvents, GlobalOrderHazard, InputOrder, OrderNotCompared
    from stream_model.schedule.unawaited import UnawaitedUse

    from ..repair.diagnostics import Diagnostic
    from ..repair.global_fusion import GlobalTags, Undone
    from ..repair.reloads import GlobalRepair
    from .passes import Repair

#: What :meth:`ScheduleGuard.prepare` imports beside IREE's flow phase: the check, and the passes
#: that forward reloads and repair a schedule.
_CHECK_MODULES = (
    "stream_model.schedule.check",
    "stream_model.schedule.global_folds",
    "stream_model.schedule.global_order",
    "rewriter.repair.reloads",
    "rewriter.guard.passes",
)

__all__ = ["GuardReport", "ScheduleGuard", "ScheduleHazardError", "clone_module"]

#: How many times the guard repairs and schedules again before it refuses.
MAX_ROUNDS = 4
_TAG = "slice-elision-op-"
_TAG_PATTERN = re.compile(r'"' + _TAG + r'(\d+)"')


#: Changes a scheduled module in place (tests use it to stand for a faulty scheduler).
Mutation = Callable[[ir.Module], None]


@dataclass
class GuardReport:
    """What the guard did in one compile: the check of IREE's own schedule, the repairs, and
    the check of the schedule the compile continued with (the same report when nothing was
    repaired)."""

    first: ScheduleReport
    final: ScheduleReport
    repairs: list[Repair] = field(default_factory=list)
    rounds: int = 0
    #: Accesses to globals made as IREE's pre-splice stages would, before anything else ran
    #: (:meth:`ScheduleGuard.forward_reloads`: loads after a store, stores stored over).
    forwarded: list[GlobalRepair] = field(default_factory=list)
    #: The globals declared public to keep them out of IREE's global fusion: the module stores
    #: them in a region (:func:`~..repair.global_fusion.keep_out_of_fusion`).
    kept_out_of_fusion: list[str] = field(default_factory=list)
    #: Globals sharing one buffer the guard gave copies of their own before keeping them apart,
    #: where the hook does not (``--no-elide``; :meth:`ScheduleGuard._keep_apart_if_due`).
    separated: list[Diagnostic] = field(default_factory=list)
    #: What the guard added to the compile: copying the module, the checks, tracing and
    #: repairing. IREE's stages are not counted (those that schedule the module run in every
    #: compile; a repair schedules it again, which is IREE's time too).
    seconds: float = 0.0
    #: Why the user's input was not compared with the module at the splice (IREE's stages
    #: before the splice ran on it, but it does not parse alone); None when it was, or when
    #: the module entered at the splice.
    input_not_compared: str | None = None
    #: The part of :attr:`seconds` spent before the compile went on (forwarding reloads at the
    #: splice, :meth:`ScheduleGuard.forward_reloads`; copying the module before and after
    #: scheduling, :meth:`ScheduleGuard.start`): the rest runs beside the stream phase's last
    #: passes.
    start_seconds: float = 0.0

    @property
    def hazards(self) -> list[ScheduleCheck]:
        """The hazards IREE's schedule had (before any repair)."""
        return self.first.hazards

    def log_records(self) -> list[dict[str, Any]]:
        """JSON Lines records: every pair checked in IREE's schedule, then the repairs, then
        (after a repair) every pair checked in the repaired schedule, marked ``"repaired"``."""
        out = [r.to_json() for r in self.forwarded]
        out += [d.to_json() for d in self.separated]
        if self.kept_out_of_fusion:
            out.append(kept_out_of_fusion_record(self.kept_out_of_fusion))
        if self.input_not_compared is not None:
            out.append(input_order_record(self.input_not_compared))
        out += [r | {"schedule": "iree"} for r in self.first.log_records()]
        out += [r.to_json() for r in self.repairs]
        if self.repairs:
            out += [r | {"schedule": "repaired"} for r in self.final.log_records()]
        return out


class ScheduleGuard:
    """Checks the schedule of one compile (see the module docstring). One guard per compile;
    :attr:`report` holds what it found and did.

    ``repair=False`` refuses on the first hazard. ``check=False`` only runs the stages (and
    ``mutation``): a build with IREE's schedule as it is, for comparisons. ``source`` and
    ``filename`` name values and locations in reports as the user wrote them.
    ``shared_globals_repaired``: the hook repairs globals that share one buffer (the rewrite's
    shared-globals repair, :class:`~rewriter.rewrite.passes.ElideSlices` rewriting). Then the
    globals a module stores in a region are kept out of IREE's global fusion
    (:mod:`~..repair.global_fusion`) from the start of the stream phase. Without it, only those
    of a module one of the tool's repairs changed, from the splice, once the guard has given
    globals sharing one buffer copies of their own: two globals IREE would fuse may hold one
    buffer, which each then writes in place once they are kept apart (review 53's p06: one
    constant stored to both; stock failed on the runtime, and the build kept apart without the
    repair was silently wrong). Any other module is built as IREE builds it.
    """

    def __init__(
        self,
        *,
        repair: bool = True,
        check: bool = True,
        max_rounds: int = MAX_ROUNDS,
        mutation: Mutation | None = None,
        source: str | None = None,
        filename: str | None = None,
        user_input: str | bytes | os.PathLike[str] | None = None,
        shared_globals_repaired: bool | None = None,
    ) -> None:
        self.repair = repair
        #: None: not said (:func:`rewriter.api.compile_file` says it from its hook); taken as no.
        self.shared_globals_repaired = shared_globals_repaired
        self.check = check
        self.max_rounds = max_rounds
        self.mutation = mutation
        self.source = source
        self.filename = filename
        self.report: GuardReport | None = None
        self.forwarded: list[GlobalRepair] = []
        self._stage_seconds = 0.0
        self._seconds = 0.0
        self._forward_seconds = 0.0  # (forward_reloads: on the compile's path, before the hook)
        self._check_seconds = 0.0  # (check_now, when the driver ran it apart from settle)
        self._pending: _Pending | None = None
        #: The globals the module the compile goes on with stores in a region (verified by
        #: :meth:`verify_finished`), and whether one of the tool's repairs changed the module.
        self._stored_in_regions: frozenset[str] = frozenset()
        self._repaired = False
        #: Those declared public in any module the compile went on with (the report's), and
        #: those :meth:`keep_apart` declared public before the splice (:meth:`at_splice`).
        self.kept_out_of_fusion: list[str] = []
        #: The shared globals the guard itself separated in the module the compile goes on with
        #: (:attr:`GuardReport.separated`).
        self.separated: list[Diagnostic] = []
        self._public_before_splice: list[str] = []
        self._globals_before_splice: list[str] = []
        self._made_schedule_repairs = False
        #: What the stream phase's async part had fused of those globals (:meth:`_fused_in`).
        self._fused_when_scheduled: list[Undone] = []
        #: The tags in the globals' locations while the module compiled carries them
        #: (:func:`~..repair.global_fusion.tag_globals`); None until a module is tagged.
        self._tags: GlobalTags | None = None
        #: The module at the splice the compile continued from after a repair (the hook's
        #: output, when there is a hook), as text; None when nothing was repaired.
        self.repaired_text: str | None = None
        #: The user's input (a path, or module text or bytes) when IREE's stages before the
        #: splice ran on it: :meth:`settle` compares its accesses to globals with the module at
        #: the splice (:func:`check_input_order`). Read only then, with the first check.
        self.user_input = user_input
        #: Why the input was not compared (it does not parse alone: an input dialect the
        #: bindings do not hold); None when it was, or when there is none.
        self.input_not_compared: str | None = None
        #: The arguments each function's callers give over (``consume``, ``hal.tensor.alias``),
        #: read by the driver from the module IREE's flow phase leaves, before IREE's stream
        #: stages drop what says so (:func:`stream_model.semantics.abi.given_over_arguments`);
        #: else read from the module at the splice.
        self.given_over: GivenOver = {}

    def forget(self) -> None:
        """Drop what was found: the module built is not the one checked (the compile fell
        back to plain iree-compile's build)."""
        self.report, self.forwarded = None, []

    def forward_reloads(self, module: ir.Module, regions: bool = False) -> None:
        """At the splice, before the hook: the accesses to globals IREE 3.13 misreads there are
        made as IREE's own pre-splice stages would make them (:mod:`.reloads`: a load after a
        store takes the stored value, a store stored over is dropped; the check cannot see
        those faults afterwards). Without repairs, or where a load cannot take the value, the
        compile refuses instead. ``regions``: ``module`` is splice-level input, where a load
        after an op with regions that may store the global is refused too."""
        started = time.perf_counter()
        try:
            self._forward_reloads(module, regions)
        finally:
            self._forward_seconds = time.perf_counter() - started

    def _forward_reloads(self, module: ir.Module, regions: bool) -> None:
        from ..repair.reloads import may_misread_globals
        from .passes import ForwardReloads

        if not self.check or not may_misread_globals(module):
            return
        with no_collector_pauses():
            forward = ForwardReloads(repair=self.repair, regions=regions)
            self.forwarded = forward.apply(module, PassContext(self.source, self.filename))

    def start(
        self,
        module: ir.Module,
        stages: AsyncStages,
        can_reschedule: bool = True,
        *,
        before_hook: ir.Module | None = None,
        hook: Callable[[ir.Module], None] | None = None,
    ) -> ir.Module:
        """Run ``stages`` (the rest of the async phase) on ``module`` and keep copies of the
        module before and after for :meth:`settle` to check; return the scheduled module for
        the compile to go on with. ``can_reschedule``: ``module`` is at the splice (before
        scheduling), so a repaired copy can be scheduled again. When a ``hook`` (the rewrite)
        made ``module`` from ``before_hook``, repairs are made on ``before_hook`` and the hook
        runs again on the repaired copy: the rewrite's proofs hold for the program that is
        compiled (a repair can change what storage a value is, which an alias the rewrite made
        may rely on).

        Why two halves: the check only reads, so the compile can run the stream phase's last
        passes while it runs (the driver does), and start HAL/VM once :meth:`check_now` found
        nothing to repair; the check is then off the compile's critical path. Until then the
        schedule counts as unchecked."""
        started = time.perf_counter()
        self._stage_seconds = self._check_seconds = 0.0
        self._pending = None
        self._note_stored_in_regions(module)
        keep = self.check and self.repair and can_reschedule
        base: ir.Module | None = None
        if hook is not None and before_hook is not None:
            base = before_hook
        elif keep:
            base = clone_module(module)
        unscheduled = clone_module(module) if self.check else None
        scheduled = self._schedule(module, stages)
        self._note_fused_when_scheduled(scheduled)
        if unscheduled is not None:
            self._pending = _Pending(unscheduled, clone_module(scheduled), base, keep, stages, hook)
        self._seconds = time.perf_counter() - started - self._stage_seconds
        return scheduled

    def prepare(self) -> None:
        """Load what the check reads a schedule with: the Python modules of the dialects whose
        ops it views (MLIR's bindings import one the first time an op of it is viewed, about
        30 ms in all), and the check's own modules (:data:`_CHECK_MODULES`, about 20 ms). The
        driver calls it while IREE's flow phase and the stream phase's first stages run, beside
        them."""
        load_dialect_modules()
        for name in _CHECK_MODULES:
            importlib.import_module(name)

    def check_now(self) -> bool:
        """Check the schedule :meth:`start` made (once): whether it has a hazard for
        :meth:`settle` to repair or refuse. Raises when IREE reordered the accesses to a global
        (no repair is known). Apart from :meth:`settle` so that the driver can know it before
        HAL/VM starts, and start none that a repair would discard."""
        pending = self._pending
        if pending is None:
            return False
        if pending.report is None:
            started = time.perf_counter()
            try:
                pending.report = self._first_check(pending)
            finally:
                self._check_seconds = time.perf_counter() - started
        return bool(pending.report.hazards or pending.report.unawaited)

    def settle(self) -> ir.Module | None:
        """Check the schedule :meth:`start` made (:meth:`check_now`), and repair or refuse it.
        None when it has no hazard (the compile goes on with what :meth:`start` returned); else
        the repaired, scheduled module to go on with instead. Raises when the compile refuses."""
        self.check_now()
        pending, self._pending = self._pending, None
        if pending is None or pending.report is None:
            return None
        started = time.perf_counter()
        self._stage_seconds = 0.0
        try:
            return self._settle(pending, pending.report)
        finally:
            if self.report is not None:
                before = self._forward_seconds + self._seconds
                checked = self._check_seconds + time.perf_counter() - started - self._stage_seconds
                self.report.seconds = before + checked
                self.report.start_seconds = before

    def _first_check(self, pending: _Pending) -> ScheduleReport:
        """The check of the schedule :meth:`start` made; its report becomes :attr:`report`."""
        if not self.given_over:
            self.given_over = given_over_arguments(pending.unscheduled)
        order_before = _global_events(pending.unscheduled)
        report = self._checked(pending.scheduled, order_before)
        report.order_hazards[:0] = self._reordered_before_the_splice(order_before, report.order_not_compared)
        guard = self.report = GuardReport(
            first=report,
            final=report,
            forwarded=self.forwarded,
            kept_out_of_fusion=self.kept_out_of_fusion,
            separated=self.separated,
        )
        guard.input_not_compared = self.input_not_compared
        if report.order_hazards:
            # No repair is known for this class: the compile refuses rather than ship it.
            raise ScheduleHazardError(reorder_refusal(report.order_hazards), [])
        return report

    def _settle(self, pending: _Pending, report: ScheduleReport) -> ir.Module | None:
        guard = self.report
        assert guard is not None  # (set by the first check)
        if not report.hazards and not report.unawaited:
            return None
        scheduled, order_before = pending.scheduled, None
        if report.hazards:
            scheduled, order_before = self._repair_pairs(pending, report)
        if not guard.final.unawaited:
            return scheduled
        if order_before is None:
            assert pending.unscheduled is not None
            order_before = _global_events(pending.unscheduled)
        return self._await_carried(scheduled, order_before)

    def _repair_pairs(self, pending: _Pending, report: ScheduleReport) -> tuple[ir.Module, GlobalEvents]:
        """Repair the pairs the check showed, at the splice, until the schedule has none: the
        scheduled module to go on with, and the accesses to globals it was scheduled from."""
        scheduled = pending.scheduled
        base, hook, stages = pending.base, pending.hook, pending.stages
        guard = self.report
        assert guard is not None
        while True:
            if not pending.keep or base is None or guard.rounds >= self.max_rounds:
                raise self._unrepairable(report.hazards, "")
            from .passes import RepairSchedule

            targets = self._trace_to_splice(base, scheduled, report.hazards, stages, hook, apart=guard.rounds > 0)
            repaired = clone_module(base)
            repair = RepairSchedule(targets)
            made = repair.apply(repaired, PassContext(self.source, self.filename))
            if not made:
                raise self._unrepairable(report.hazards, "no in-place write at the splice to repair")
            guard.repairs += made
            guard.rounds += 1
            base = repaired
            compiled = clone_module(repaired)
            if hook is not None:
                hook(compiled)
            self._made_schedule_repairs = True
            self._note_stored_in_regions(compiled)
            self.repaired_text = str(compiled)
            order_before = _global_events(compiled)
            scheduled = self._schedule_repaired(compiled, stages)
            self._note_fused_when_scheduled(scheduled)
            report = guard.final = self._checked(scheduled, order_before)
            if report.order_hazards:
                raise ScheduleHazardError(reorder_refusal(report.order_hazards), [])
            if not report.hazards:
                return scheduled, order_before

    def _await_carried(self, scheduled: ir.Module, order_before: GlobalEvents) -> ir.Module:
        """``scheduled`` (the guard's own copy) with an await of each loop's carried resource
        IREE hands a host op unawaited, right before the op (:mod:`stream_model.schedule.unawaited`),
        checked again; refused where no timepoint the value is ready at is found."""
        from .passes import AwaitCarriedValues

        guard = self.report
        assert guard is not None
        uses = guard.final.unawaited
        if any(u.timepoint is None for u in uses):
            raise ScheduleHazardError(unawaited_refusal(uses), [])
        guard.repairs += AwaitCarriedValues(uses).apply(scheduled, PassContext(self.source, self.filename))
        report = guard.final = self._checked(scheduled, order_before)
        if report.unawaited:
            raise ScheduleHazardError(unawaited_refusal(report.unawaited), [])
        if report.order_hazards:
            raise ScheduleHazardError(reorder_refusal(report.order_hazards), [])
        if report.hazards:
            raise self._unrepairable(report.hazards, "")
        return scheduled

    def _reordered_before_the_splice(
        self, at_splice: GlobalEvents, not_compared: list[OrderNotCompared]
    ) -> list[GlobalOrderHazard | GlobalFoldHazard]:
        """How IREE's stages before the splice reordered or folded away the accesses to globals
        of the user's input (:attr:`user_input`), compared with ``at_splice`` (the events of the
        module at the splice: :func:`input_hazards`); nothing without an input, or with one that
        does not parse alone (why goes to :attr:`input_not_compared`). Globals whose accesses
        have no single order go to ``not_compared``."""
        if self.user_input is None:
            return []
        with no_collector_pauses():
            found = input_hazards(self.user_input, at_splice, not_compared)
        if isinstance(found, str):
            self.input_not_compared = found
            return []
        return found

    def _checked(self, scheduled: ir.Module, order_before: GlobalEvents) -> ScheduleReport:
        """The check of ``scheduled``: its hazards, and how it reorders the accesses to globals
        that ``order_before`` (the module before scheduling) makes."""
        from stream_model.schedule.check import check_schedule
        from stream_model.schedule.global_order import check_global_order

        with no_collector_pauses():
            report = check_schedule(scheduled, self.source, self.filename, given_over=self.given_over)
            report.order_hazards = [*check_global_order(order_before, scheduled, report.order_not_compared)]
        return report

    def _schedule(self, module: ir.Module, stages: AsyncStages, *, apart: bool = False) -> ir.Module:
        """``apart``: ``module`` is one the guard built (:class:`AsyncStages`)."""
        started = time.perf_counter()
        scheduled = stages(module, apart=apart)
        self._stage_seconds += time.perf_counter() - started
        if self.mutation is not None:
            with scheduled.context:
                self.mutation(scheduled)
        return scheduled

    def keep_apart(self, module: ir.Module) -> None:
        """At the start of the stream phase (``module``: what IREE's flow phase made): where the
        hook repairs shared globals, declare every global the module stores in a region public,
        so that none of IREE's fuses of globals reads it for another before the splice either
        (two globals of equal initial values, each updated in an arm of its own, are fused
        there: review 53's p19; stock also fails to compile two zero-initialised ones, "operand
        does not dominate this use", and builds them kept apart: p03). :meth:`at_splice` gives
        them back their visibility."""
        from ..repair.global_fusion import global_names, keep_out_of_fusion, stored_in_regions

        if not (self.check and self.shared_globals_repaired):
            return
        names = stored_in_regions(module)
        if not names:
            return  # (every compile: a walk of the functions' op names, and nothing more)
        self._globals_before_splice = global_names(module)
        self._public_before_splice = keep_out_of_fusion(module, names)
        self._note_kept(self._public_before_splice)

    def at_splice(self, module: ir.Module) -> None:
        """At the splice, before anything reads the module: the globals :meth:`keep_apart`
        declared public are private again, and those IREE made for them since (review 55: @k's
        size global stayed public), so that the hook and the checks read the module as the user
        wrote it; :meth:`start` keeps them out of fusion again after the hook."""
        from ..repair.global_fusion import make_private

        if self._public_before_splice:
            make_private(module, self._public_before_splice, self._globals_before_splice)

    def _note_stored_in_regions(self, module: ir.Module) -> None:
        """Note the globals ``module`` (at the splice, as the compile goes on with it, the
        rewrite done) stores in a region, for :meth:`verify_finished`, keep them out of IREE's
        global fusion where that is due (:meth:`_keep_apart_if_due`), and tag the globals'
        locations (:mod:`~..repair.global_fusion`)."""
        from ..repair.global_fusion import GlobalTags, repaired, tag_globals

        self._repaired = repaired(module)
        self._stored_in_regions, declared = self._keep_apart_if_due(module, self._repaired, self.separated)
        self._note_kept(declared or [])
        if self._stored_in_regions:
            if self._tags is None:
                self._tags = GlobalTags()
            tag_globals(module, self._tags)

    def _note_kept(self, declared: list[str]) -> None:
        """Add the globals ``declared`` public to :attr:`kept_out_of_fusion` (each once)."""
        self.kept_out_of_fusion += [name for name in declared if name not in self.kept_out_of_fusion]

    def _keep_apart_if_due(
        self, module: ir.Module, was_repaired: bool, separated: list[Diagnostic] | None = None
    ) -> tuple[frozenset[str], list[str] | None]:
        """The globals ``module`` stores in a region that the compile verifies, and those it
        declared public to keep them out of IREE's global fusion: where the hook repairs shared
        globals (:attr:`shared_globals_repaired`), or where one of the tool's repairs changed the
        module (``was_repaired``: :func:`~..repair.global_fusion.repaired`), every global stored
        in a region, kept out (none when neither: the module is built as IREE builds it). Two
        globals kept apart may share a buffer, which each then writes in place (review 53's
        p06), so where the hook does not repair shared globals (``--no-elide``) the guard does
        it first (:func:`~..repair.shared_globals.separate_globals`), noting what it did in
        ``separated``. Every module the stream phase runs on from the splice gets this, the
        traced copies of :meth:`_trace_to_splice` too: their schedules must be the same."""
        from ..repair.global_fusion import keep_out_of_fusion, stored_in_regions

        if not (self.shared_globals_repaired or was_repaired):
            return frozenset(), None
        names = stored_in_regions(module)
        if not names:
            return names, None
        if not self.shared_globals_repaired:
            from ..repair.shared_globals import separate_globals

            found = separate_globals(module, self.source, self.filename)
            if separated is not None:
                separated[:] = found
        return names, keep_out_of_fusion(module, names)

    def _note_fused_when_scheduled(self, scheduled: ir.Module) -> None:
        """:meth:`_fused_in` the module the stream phase's async part made, for
        :meth:`verify_finished` (the compile goes on with it and changes it)."""
        self._fused_when_scheduled = self._fused_in(scheduled)

    def _fused_in(self, module: ir.Module) -> list[Undone]:
        """The globals stored in a region of the module that IREE fused with another by the
        point of the stream phase ``module`` is at (:func:`~..repair.global_fusion.undone_in_regions`).
        Read at the end of the async part too: a timepoint global fused there may be folded
        into a constant later, and its fuse is then seen nowhere (review 47's p19: the arm's
        copy was then dropped with the store of its timepoint)."""
        if not self._stored_in_regions or self._tags is None:
            return []
        from ..repair.global_fusion import undone_in_regions

        return undone_in_regions(module, self._stored_in_regions, self._tags)

    def verify_finished(self, finished: ir.Module) -> None:
        """No global the module stores in a region was fused with another through the stream
        phase (:func:`~..repair.global_fusion.undone_in_regions`): such a fuse reads none of its
        stores there, and IREE may then erase a store, bind a buffer with another global's size
        or offset, hand one global's buffer to the other's loads, or lose a store in a region.
        Kept out of fusion, none is expected: one is refused, as one that undoes a repair is
        where the globals were left to the fusion (:meth:`repair_failed`). ``finished``: the
        module at the end of the stream phase, repaired or not."""
        undone = list(dict.fromkeys([*self._fused_when_scheduled, *self._fused_in(finished)]))
        if self._tags is not None:
            from ..repair.global_fusion import untag_globals

            untag_globals(finished, self._tags)
        if not undone:
            return
        first = min(undone, key=lambda u: not u.how.startswith("fused the buffer"))  # (says the most)
        fused = f"iree-util-fuse-globals {first.how}, and @{first.name} is stored in a region, a store the pass does not read"
        if not self._repaired:
            raise RepairUndone(f"IREE's stream phase fused a global kept out of fusion: {fused}", schedule=False)
        made_by = "the schedule repair" if self._made_schedule_repairs else "a shared-globals or reload repair"
        raise RepairUndone(
            f"IREE's stream phase may have undone {made_by}: in the module the repair changed, {fused}",
            schedule=self._made_schedule_repairs,
        )

    def repair_failed(self, error: CompileError) -> CompileError:
        """What a failure of IREE on the repaired module (``error``: its stages, HAL or VM)
        means, where IREE builds the module as it was (IREE 3.13's IPO on a forwarding
        callee's copy: "operation's operand is unlinked"): the repair is no repair, and the
        hazards it was for are as :meth:`_unrepairable` says: a refusal when one is shown,
        else the build plain iree-compile makes, saying so."""
        if isinstance(error, ScheduleHazardError) or self.report is None:
            return error
        if isinstance(error, RepairUndone) and not error.schedule:
            return error  # (the repair of a hazard the rewrite or the reloads' check showed)
        if not self.report.first.hazards:
            unawaited = self.report.first.unawaited
            if not unawaited:
                return error
            return ScheduleHazardError(
                f"{unawaited_refusal(unawaited)} (IREE fails on the repaired module: {error})", []
            )
        why = str(error) if isinstance(error, RepairUndone) else f"IREE fails on the repaired module ({error})"
        return self._unrepairable(self.report.first.hazards, why)

    def _schedule_repaired(self, repaired: ir.Module, stages: AsyncStages) -> ir.Module:
        """:meth:`_schedule` of a repaired module; IREE failing on it: :meth:`repair_failed`."""
        try:
            return self._schedule(repaired, stages, apart=True)
        except CompileError as err:
            raise self.repair_failed(err) from err

    def _unrepairable(self, hazards: list[ScheduleCheck], why: str) -> CompileError:
        """Hazards left that no repair removes (``hazards``: the last round's). What plain
        iree-compile builds is the module as IREE scheduled it, so the first round's hazards
        decide: a refusal when one of them is shown (both ops, the bytes, why they conflict),
        naming the shown ones; when the check could only not decide them (a range it does not
        know), the compile builds what plain iree-compile builds and says so
        (:class:`~rewriter.pipeline.common.NotAnalysed`: never less than iree-compile, never
        the tool's own rewrite on a schedule it could not check), naming the last round's."""
        from stream_model.schedule.check import ScheduleVerdict

        first = self.report.first.hazards if self.report is not None else hazards
        if any(h.verdict is not ScheduleVerdict.UNKNOWN for h in first):
            shown: list[ScheduleCheck] = []
            for h in [*hazards, *first]:
                if h.verdict is not ScheduleVerdict.UNKNOWN and not any(h is s for s in shown):
                    shown.append(h)
            return self._refusal(shown, why)
        more = f" (and {len(hazards) - 1} more)" if len(hazards) > 1 else ""
        reason = f"; {why}" if why else ""
        return NotAnalysed(
            f"the schedule check cannot decide a pair IREE's schedule makes{reason}: {hazards[0].line()}{more}"
        )

    def _refusal(self, hazards: list[ScheduleCheck], why: str) -> ScheduleHazardError:
        first = hazards[0].line()
        more = f" (and {len(hazards) - 1} more)" if len(hazards) > 1 else ""
        reason = f"; {why}" if why else ""
        return ScheduleHazardError(
            f"IREE's schedule has a hazard the compile cannot repair{reason}: {first}{more}", hazards
        )

    def _trace_to_splice(
        self,
        base: ir.Module,
        scheduled: ir.Module,
        hazards: list[ScheduleCheck],
        stages: AsyncStages,
        hook: Callable[[ir.Module], None] | None,
        *,
        apart: bool,
    ) -> dict[int, ScheduleCheck]:
        """Per position (pre-order) of an op in ``base``: the hazard whose in-place write it
        became. Schedules a location-tagged copy of ``base`` (through the hook, when there is
        one; module docstring); ``apart`` as ``scheduled`` was (``base`` is a repair)."""
        tagged = clone_module(base)
        with tagged.context:
            for i, op in enumerate(nested_ops(tagged.operation)):
                op.location = ir.Location.fused([op.location], metadata=ir.StringAttr.get(f"{_TAG}{i}"))
        if hook is not None:
            hook(tagged)
        from ..repair.global_fusion import repaired

        self._keep_apart_if_due(tagged, repaired(tagged))
        tagged_scheduled = self._schedule(tagged, stages, apart=apart)
        with scheduled.context:
            if str(tagged_scheduled) != str(scheduled):
                raise self._unrepairable(
                    hazards, "tagging the module changed IREE's schedule, so its ops cannot be traced"
                )
        position = {op: k for k, op in enumerate(nested_ops(scheduled.operation))}
        twins = list(nested_ops(tagged_scheduled.operation))
        targets: dict[int, ScheduleCheck] = {}
        for hazard in hazards:
            k = position.get(hazard.write_op)
            if k is None:
                continue
            for tag in _TAG_PATTERN.findall(str(twins[k].location)):
                targets.setdefault(int(tag), hazard)
        return targets


@dataclass
class _Pending:
    """What :meth:`ScheduleGuard.settle` checks and repairs from: copies of the module before
    and after scheduling (the compile goes on with, and changes, the originals), the module
    repairs are made on, whether it may be repaired, the stages and the hook."""

    unscheduled: ir.Module
    scheduled: ir.Module
    base: ir.Module | None
    keep: bool
    stages: AsyncStages
    hook: Callable[[ir.Module], None] | None
    #: The first check's report (:meth:`ScheduleGuard.check_now`), once it ran.
    report: ScheduleReport | None = None


def unawaited_refusal(uses: Sequence[UnawaitedUse]) -> str:
    """Why a compile refuses a host op IREE hands a loop's carried resource unawaited, where no
    await can be added (no timepoint the value is ready at is found)."""
    more = f" (and {len(uses) - 1} more)" if len(uses) > 1 else ""
    return f"IREE hands a host op a value before it is ready: {uses[0].line}{more}"


def reorder_refusal(hazards: Sequence[GlobalOrderHazard | GlobalFoldHazard]) -> str:
    """Why a compile refuses when IREE reordered the accesses to a global, or folded one away
    (no repair is known)."""
    return f"{hazards[0].headline}: {hazards[0].line()}"


def input_order_not_compared(why: str) -> str:
    """What a person is told when the input's accesses to globals were not compared with the
    module at the splice (``why``: :func:`read_input_order`'s reason)."""
    return (
        f"the order of the input's accesses to globals was not compared with IREE's before the splice ({why}): "
        "a reorder IREE makes there is not seen"
    )


def kept_out_of_fusion_note(names: Sequence[str]) -> str:
    """What the compile says of the globals it declared public (:attr:`GuardReport.kept_out_of_fusion`)."""
    them = "them" if len(names) > 1 else "it"
    return (
        f"kept {', '.join('@' + n for n in names)} out of iree-util-fuse-globals (declared public): the module "
        f"stores {them} in a region, and the pass reads no store there"
    )


def kept_out_of_fusion_record(names: Sequence[str]) -> dict[str, Any]:
    """The log's record of the same."""
    return {"type": "schedule-repair", "repair": "kept-out-of-fusion", "globals": list(names)}


def input_order_record(why: str) -> dict[str, Any]:
    """The log's record of the same (JSON Lines, beside the schedule check's pairs)."""
    return {"type": "schedule-check", "check": "input-order", "compared": False, "why": why}


def input_hazards(
    user_input: str | bytes | os.PathLike[str], at_splice: GlobalEvents, not_compared: list[OrderNotCompared]
) -> list[GlobalOrderHazard | GlobalFoldHazard] | str:
    """How IREE's stages before the splice reordered (:func:`check_input_order`) or folded
    (:func:`check_input_folds`) the user's input's accesses to globals, against ``at_splice``
    (the events of the module at the splice); or why they were not compared. Globals whose
    accesses have no single order go to ``not_compared``. An input that names no global has
    no access to compare, and is not parsed again (:func:`_names_no_global`)."""
    from stream_model.schedule.global_folds import check_input_folds
    from stream_model.schedule.global_order import check_input_order, input_functions

    if _names_no_global(user_input):
        return []
    original = read_input_order(user_input)
    if isinstance(original, str):
        return original
    functions = input_functions(original, at_splice)
    return [
        *check_input_order(original, at_splice, not_compared, functions),
        *check_input_folds(original, at_splice, functions),
    ]


def _names_no_global(user_input: str | bytes | os.PathLike[str]) -> bool:
    """Is the word ``global`` nowhere in the input (text or bytecode)? Every op that declares
    or accesses a global, in each dialect IREE takes, is named with it (``util.global*``,
    ``ml_program.global*``), so such an input has no access to a global, and parsing it again
    in a context of its own (most of what the check costs a small compile) finds none. A file
    that cannot be read is parsed, to say why."""
    if not isinstance(user_input, os.PathLike):
        return b"global" not in (user_input.encode() if isinstance(user_input, str) else user_input)
    try:
        with open(user_input, "rb") as f, mmap.mmap(f.fileno(), 0, access=mmap.ACCESS_READ) as data:
            return data.find(b"global") < 0
    except (OSError, ValueError):  # (an empty file cannot be mapped: parsing says what it is)
        return False


def read_input_order(user_input: str | bytes | os.PathLike[str]) -> InputOrder | str:
    """The accesses to globals of the user's input (a path, or module text or bytes), parsed
    alone in a context of its own; else why it cannot be read (a frontend's dialect the
    bindings do not hold: the comparison is then not made, and the report says so)."""
    from stream_model.schedule.global_order import input_order

    module = _parsed_input(user_input)
    if isinstance(module, str):
        return module
    with module.context:
        if fold_as_mlir_does(module) is not None:
            module = _parsed_input(user_input)  # (left as it is: read as the user wrote it)
            if isinstance(module, str):
                return module
    with module.context:
        return input_order(module)


def _parsed_input(user_input: str | bytes | os.PathLike[str]) -> ir.Module | str:
    """The user's input parsed alone, in a context of its own; else why it cannot be."""
    try:
        if isinstance(user_input, os.PathLike):
            # (Named as iree-compile names it, so that the locations IREE's stages keep match.)
            return ir.Module.parseFile(str(user_input), new_context())
        return ir.Module.parse(user_input, new_context())
    except ir.MLIRError as err:
        found = [d.message for d in err.error_diagnostics] or [type(err).__name__]
        return f"the input does not parse alone: {found[0]}"
    except OSError as err:
        return f"the input cannot be read: {err.strerror or err}"
    except (TypeError, UnicodeError):  # (a path the bindings cannot take: not UTF-8)
        return "the input's path cannot be handed to the MLIR bindings"


def _global_events(module: ir.Module) -> GlobalEvents:
    from stream_model.schedule.global_order import global_events

    with no_collector_pauses():
        return global_events(module)
