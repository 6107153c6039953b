"""One shape for everything the tool does to a module: a pass with a name and ``apply``.

After xDSL's ``ModulePass``: a pass is a name and ``apply(module, ctx) -> report``. It changes
the module in place (or leaves it, and says why in its report) and raises to stop the compile.
The hook at the splice is a list of passes run in order (:class:`SplicePasses`); the schedule
check's repair runs as one too. The room of each pass says what it is: the rewrite
(:class:`rewriter.rewrite.passes.ElideSlices`), the guard's repairs
(:class:`rewriter.guard.passes.ForwardReloads`, :class:`rewriter.guard.passes.RepairSchedule`).

Adding a pass: a class in the room it belongs to with ``name`` (kebab-case, as IREE names its
passes) and ``apply``; its report a dataclass; then put it in the list where it runs (the
splice list a command builds, or the guard's). Nothing in this room knows any pass.
"""

from __future__ import annotations

import os
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass, field
from typing import Protocol

from iree.compiler import ir

from stream_model.semantics.abi import GivenOver

from ..errors import CompileError

__all__ = ["AsyncStages", "Guard", "ModulePass", "PassContext", "PassRun", "SplicePasses", "run_passes"]


@dataclass(frozen=True)
class PassContext:
    """What a pass is given besides the module: the user's input text and its path, so that
    reports name values and locations as the user wrote them (None when not known)."""

    source: str | None = None
    filename: str | None = None


class ModulePass(Protocol):
    """A change to a module: ``name`` for logs and errors, ``apply`` to run it."""

    @property
    def name(self) -> str: ...

    def apply(self, module: ir.Module, ctx: PassContext) -> object:
        """Change ``module`` in place; return what was done (the pass's report)."""
        ...


@dataclass(frozen=True)
class PassRun:
    """One pass's run: its name, its report and how long it took."""

    name: str
    report: object
    seconds: float


def run_passes(passes: Sequence[ModulePass], module: ir.Module, ctx: PassContext) -> list[PassRun]:
    """Run ``passes`` on ``module`` in order; each pass's report, in that order."""
    runs = []
    for p in passes:
        started = time.perf_counter()
        report = p.apply(module, ctx)
        runs.append(PassRun(p.name, report, time.perf_counter() - started))
    return runs


@dataclass
class SplicePasses:
    """The hook at the splice: ``passes`` in order. A compile may run the hook again (the
    schedule check's repair makes a new module at the splice, and the passes run on it):
    :attr:`runs` holds the last run's reports, those of the module that was built."""

    passes: Sequence[ModulePass]
    ctx: PassContext = PassContext()
    runs: list[PassRun] = field(default_factory=list)

    def __call__(self, module: ir.Module) -> None:
        self.runs = []  # (a run that raises leaves no reports of a module not built)
        self.runs = run_passes(self.passes, module, self.ctx)

    def report_of(self, name: str) -> object | None:
        """The last run's report of the pass ``name`` (None when it did not run)."""
        return next((run.report for run in self.runs if run.name == name), None)


class AsyncStages(Protocol):
    """Runs the rest of the async phase on a module and returns the module to continue with.
    ``apart``: in a process of its own (``iree-opt``), for a module the guard built (a
    repair). IREE's passes are not proven to handle what a repair makes, and IREE 3.13 was
    seen crashing on one: its IPO leaves an operand dangling and the verifier, printing the
    op, reads freed memory. In a process of its own, that crash is an error of the repaired
    module (:meth:`Guard.repair_failed`), not the end of the compile."""

    def __call__(self, module: ir.Module, *, apart: bool = False) -> ir.Module: ...


class Guard(Protocol):
    """The schedule check as the compile drives it (:class:`rewriter.guard.ScheduleGuard`):
    told the user's input and the arguments given over, it forwards the reloads IREE misreads
    at the splice, then runs the rest of the async phase (:meth:`start`) and checks, and
    repairs, its schedule while the compile goes on (:meth:`settle`)."""

    user_input: str | bytes | os.PathLike[str] | None
    given_over: GivenOver

    def forward_reloads(self, module: ir.Module, regions: bool = False) -> None: ...

    def start(
        self,
        module: ir.Module,
        stages: AsyncStages,
        can_reschedule: bool = True,
        *,
        before_hook: ir.Module | None = None,
        hook: Callable[[ir.Module], None] | None = None,
    ) -> ir.Module: ...

    def prepare(self) -> None:
        """Load what the check needs; called beside IREE's flow phase."""
        ...

    def check_now(self) -> bool:
        """Check the schedule :meth:`start` made: whether :meth:`settle` has a hazard to repair
        or refuse."""
        ...

    def settle(self) -> ir.Module | None: ...

    def repair_failed(self, error: CompileError) -> CompileError:
        """The error to raise where IREE fails on the module :meth:`settle` repaired."""
        ...

    def keep_apart(self, module: ir.Module) -> None:
        """At the start of the stream phase (the module IREE's flow phase made): keep the
        globals it stores in a region out of IREE's global fusion, where that is due."""
        ...

    def at_splice(self, module: ir.Module) -> None:
        """At the splice, before anything reads the module: the globals :meth:`keep_apart` kept
        out of fusion are given back their visibility, for the hook and the checks to read the
        module as the user wrote it (:meth:`start` keeps them out again after the hook)."""
        ...

    def verify_finished(self, finished: ir.Module) -> None:
        """Raise a :class:`~rewriter.errors.CompileError` where the stream phase undid what a
        repair relies on (``finished``: the module at the end of the stream phase, repaired by
        :meth:`settle` or not); :meth:`repair_failed` says what that means."""
        ...

    def forget(self) -> None:
        """Drop what was found: the module built is not the one checked."""
        ...
