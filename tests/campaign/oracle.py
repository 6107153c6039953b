"""The oracle: compile a batch with and without the rewrite, run both, compare with numpy.

For one batch of programs:

1. each program enters as a real one does (:mod:`.entry`): rendered as IREE's flow-to-stream
   conversion leaves it and run through IREE's own pre-splice stream stages; the programs
   those stages reject (IREE 3.13 limits) enter at the splice, in a module of their own;
2. the module must parse and verify (a generator bug otherwise); the analysis runs on it
   (``elide_slices``); every ``alias`` decision must carry a proof -- each write check
   ``ordered-before``/``ordered-after``/``ordered-around-calls``/``disjoint``, and each
   ``disjoint`` one the ranges it compared and the z3 verdict -- every ``keep`` a reason, and
   the rewritten module must verify;
3. the module is compiled twice with :func:`rewriter.pipeline.compile_stream_async` from the
   splice, each in a helper process: stock (``hook=None``, IREE's schedule as it is) and the
   tool's build (``hook=elide_slices`` and the schedule guard, as ``slice-elision compile``
   builds: IREE's schedule checked and repaired); the hook's output must be byte-for-byte the
   rewrite computed in step 2 (determinism);
4. both run on the IREE runtime (``local-sync``), each in a fresh process (:mod:`.runner`), for
   every step of :data:`.program.STEPS`, one runtime instance each, so globals persist;
5. per program, against the interpreter (:mod:`.interp`), :meth:`Oracle._verdict`:

   * the rewritten build agrees: **ok**, judged (if stock does not, that is an upstream fault,
     recorded under ``tests/upstream_faults/`` with plain ``iree-compile``'s verdict);
   * it differs, and IREE's scheduling placed a read after an in-place write of the same value
     in the rewritten build (:func:`.entry.moved_reads`, exact): in the tool's build, a
     **miscompile** (the schedule check should have caught it); after scheduling (no guard), an
     **upstream fault** (G1);
   * it differs exactly as stock does, bit for bit: an upstream fault; judged (the rewrite
     changed nothing) when the **hardened reference** -- the same program with every in-place
     write made to a fresh ``@copy`` dispatch -- agrees with the interpreter;
   * otherwise a **miscompile** -- the failure this campaign hunts -- unless it matches a known
     open issue (:mod:`.known`);
   * an alias without a proof: a **proof** failure, whatever the runtime says.

   Where the tool's build **refused** (IREE's schedule has a hazard the guard shows and cannot
   repair), the build a user gets without the tool runs alone: the refusal is judged when it
   computes something else (wrong values, a failed run); where it is right on these steps, or
   does not compile, unjudged (the check refuses what it shows, not what bites).

A compile or load failure, or a crash, of a whole module is pinned on a program by judging the
batch again one program per module. Compiles are cached by the printed module (content hash,
flags, IREE version), so a batch whose rewrite aliases nothing costs one compile, and re-runs of
a fixed-seed profile cost none.
"""

from __future__ import annotations

import collections
import concurrent.futures
import concurrent.futures.process
import functools
import hashlib
import json
import os
import re
import shutil
import tempfile
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path
from typing import Any

import numpy as np
from iree.compiler import ir

from rewriter.errors import NotAnalysed
from rewriter.guard.schedule_guard import (
    Mutation,
    ScheduleGuard,
    ScheduleHazardError,
    input_hazards,
    reorder_refusal,
)
from rewriter.pipeline import (
    DEFAULT_CPU_FLAGS,
    CompileError,
    compile_scheduled,
    compile_stream_async,
    schedule_module,
    set_multithreading,
)
from rewriter.pipeline.common import new_context
from rewriter.repair.reloads import repair_globals
from rewriter.rewrite.elide import RewriteReport, elide_slices
from stream_model import Verdict
from stream_model.ir.naming import Names
from stream_model.schedule.global_order import global_events

from .audit import audit
from .classify import suspected_classes
from .entry import Entry, EntryRejected, entry_of, moved_reads, normalize
from .interp import interpret
from .known import known_issue
from .program import SHAPES, STEPS, InvalidProgram, Program, check
from .render import RenderedModule, render_module
from .runner import LoadError, RunCrashed, run_isolated

#: How a decision kept because its proof's claim did not hold starts (``claims.keep_unproven``).
UNPROVEN_KEEP = "internal check: a claim of the proof does not hold"
#: The shape whose stock fault the rewrite repairs (:meth:`.program.Program.shapes`).
SHARED_GLOBALS = "globals sharing a buffer (twins, one value or equal producers stored to two)"

REPO = Path(__file__).resolve().parents[2]
FAULTS_DIR = REPO / "tests" / "upstream_faults"
REGRESSIONS_DIR = REPO / "tests" / "regressions"
FLAGS: tuple[str, ...] = tuple(DEFAULT_CPU_FLAGS)
#: A compile that takes longer is a hang (a finding on the module, not the end of the campaign);
#: one compile of a 16-program batch takes a few seconds.
COMPILE_TIMEOUT_S = 180.0
#: Keep at most this many recorded programs per upstream-fault signature.
FAULT_EXAMPLES_PER_SIGNATURE = int(__import__("os").environ.get("CAMPAIGN_FAULT_EXAMPLES", "3"))


def _single_threaded_compiles() -> None:
    """Compile single-threaded in this helper process: on this project's 2-core machines IREE
    3.13 was seen deadlocking in MLIR's thread pool (no CPU, no end), twice in a few thousand
    generated modules (see :func:`rewriter.pipeline.set_multithreading`)."""
    set_multithreading(False)


def _compile_in_worker(
    text: str, out: str, mode: str, scheduled: bool = False, mutation: Mutation | None = None
) -> tuple[str, str | None, GuardInfo | None]:
    """Helper-process entry. ``mode``: ``stock`` (no hook, IREE's schedule as it is), ``hook``
    (the tool's build: ``elide_slices`` as the hook, the schedule guard; returns the hooked
    module's text too) or ``plain`` (the tool's build of already rewritten text).
    ``scheduled``: ``text`` is scheduled IR, compiled from after schedule-concurrency (no guard:
    that campaign judges the rule on scheduled IR, which the tool's own compile never sees).
    ``mutation`` (tests) changes every build's schedule, standing for a faulty IREE scheduler.
    Returns the output, the hooked text, and what the guard found and did."""
    _single_threaded_compiles()
    hooked: list[str] = []

    def hook(module: ir.Module) -> None:
        elide_slices(module)
        hooked.append(str(module))

    compile = compile_scheduled if scheduled else compile_stream_async
    guard = None
    if mode != "stock" and not scheduled:
        guard = ScheduleGuard(mutation=mutation, shared_globals_repaired=mode == "hook")
    elif mutation is not None:
        guard = ScheduleGuard(check=False, mutation=mutation)
    try:
        compile(text, out, FLAGS, hook if mode == "hook" else None, guard=guard)
    except ScheduleHazardError as err:
        return out, (hooked[0] if hooked else None), GuardInfo.refusal(str(err), err.hazards)
    except NotAnalysed as why:
        # What the tool's compile does then (compile_file): plain iree-compile's build, saying why.
        compile(text, out, FLAGS, None, guard=None)
        return out, (hooked[0] if hooked else None), GuardInfo(unchecked=str(why))
    info = GuardInfo.of(guard) if guard is not None and guard.check else None
    return out, (hooked[0] if hooked else None), info


@dataclass(frozen=True)
class GuardInfo:
    """What the schedule guard found in one tool build (picklable, and cached with the build):
    per hazard of IREE's schedule, its function and line; the repairs; the repaired module at
    the splice (what was compiled) when there were any; the refusal, when the tool refused."""

    hazards: tuple[tuple[str, str], ...] = ()
    repairs: tuple[str, ...] = ()
    repaired_text: str | None = None
    refused: str | None = None
    #: Why the tool built what plain iree-compile builds instead (``NotAnalysed``: a pair the
    #: check cannot decide, left so by a repair IREE fails on).
    unchecked: str | None = None

    @staticmethod
    def of(guard: ScheduleGuard) -> GuardInfo:
        report = guard.report
        if report is None:
            return GuardInfo()
        return GuardInfo(
            tuple((h.function, h.line()) for h in report.hazards),
            tuple(r.line() for r in report.repairs),
            guard.repaired_text,
        )

    @staticmethod
    def refusal(message: str, hazards: list) -> GuardInfo:
        return GuardInfo(tuple((h.function, h.line()) for h in hazards), (), None, message)

    def functions(self) -> set[str]:
        return {f for f, _ in self.hazards}

    def to_json(self) -> dict[str, Any]:
        return {
            "hazards": [list(h) for h in self.hazards],
            "repairs": list(self.repairs),
            "repaired_text": self.repaired_text,
            "refused": self.refused,
            "unchecked": self.unchecked,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> GuardInfo:
        return GuardInfo(
            tuple((f, line) for f, line in data["hazards"]),
            tuple(data["repairs"]),
            data["repaired_text"],
            data["refused"],
            data.get("unchecked"),
        )


class GeneratorBug(AssertionError):
    """A generated program is invalid: it breaks the description's rules or its module does not
    parse and verify. (Stock IREE failing on a valid program is an upstream fault instead.)"""


class Miscompile(AssertionError):
    """The rewritten program disagrees with the interpreter while stock IREE agrees, or an
    alias decision lacks a proof. Carries the batch for saving as a regression."""

    def __init__(self, message: str, batch: list[Program], failures: list[ProgramOutcome]) -> None:
        super().__init__(message)
        self.batch = batch
        self.failures = failures


# -- results ----------------------------------------------------------------------------------


@dataclass
class ProgramOutcome:
    index: int
    status: str  # "ok" | "miscompile" | "proof" | "upstream-fault" | "unsound" | "known" | "refused"
    detail: str = ""
    decisions: list = field(default_factory=list)
    #: IREE builds the program wrong even hardened (every in-place write to a fresh copy): its
    #: fault lies past the schedule, and may reach memory that other programs of its module own.
    past_the_schedule: bool = False


@dataclass
class Stats:
    """What a campaign covered; :meth:`summary` is what ``make fuzz`` prints."""

    batches: int = 0
    programs: int = 0
    slices: int = 0
    aliased: int = 0
    transfers: int = 0  # same-device transfers the rule also decides (not counted as slices)
    kept: collections.Counter = field(default_factory=collections.Counter)
    verdicts: collections.Counter = field(default_factory=collections.Counter)
    failures: list[str] = field(default_factory=list)
    upstream_faults: collections.Counter = field(default_factory=collections.Counter)
    known: collections.Counter = field(default_factory=collections.Counter)
    compiles: int = 0
    cache_hits: int = 0
    seconds: float = 0.0
    analysis_seconds: float = 0.0
    #: Programs per shape (:meth:`.program.Program.shapes`) among the judged ones.
    shapes: collections.Counter = field(default_factory=collections.Counter)
    #: Programs whose rewrite was judged at run time (:meth:`Oracle._verdict`), and refused
    #: programs whose stock build computes something else (:attr:`refused_right`).
    judged: int = 0
    #: Programs that entered through IREE's pre-splice stages (the others at the splice).
    entered_from_flow: int = 0
    #: Slices and aliases of the programs as generated (audited against their traces).
    audited_slices: int = 0
    audited_aliases: int = 0
    #: Failing programs per suspected class (:mod:`.classify`; a program may match several).
    classes: collections.Counter = field(default_factory=collections.Counter)
    #: Programs whose globals IREE makes share a buffer (twins, one value stored to two), whose
    #: rewritten build must be right (the rewrite repairs the sharing), and those where it is
    #: while stock IREE's is not.
    sharing: int = 0
    sharing_repaired: int = 0
    #: Programs whose stock build disagrees with the interpreter while the tool's build (the
    #: rewrite and the schedule guard, as ``slice-elision compile`` builds) agrees.
    stock_wrong_tool_right: int = 0
    #: Programs whose schedule in the tool's build had a hazard (IREE's schedule, before any
    #: repair), the ones the guard repaired, and the ones the tool refused.
    schedule_hazards: int = 0
    schedule_repaired: int = 0
    schedule_refused: int = 0
    #: Programs the tool built as plain iree-compile does, saying why (a pair the check cannot
    #: decide, whose repair IREE fails on).
    schedule_unchecked: int = 0
    #: Refused programs whose stock build computes something else (wrong values, a failed run): judged.
    refused_right: int = 0

    def add(self, other: Stats) -> None:
        self.shapes.update(other.shapes)
        self.classes.update(other.classes)
        for name in (
            "batches",
            "programs",
            "slices",
            "aliased",
            "transfers",
            "compiles",
            "cache_hits",
            "judged",
            "entered_from_flow",
            "audited_slices",
            "audited_aliases",
            "sharing",
            "sharing_repaired",
            "stock_wrong_tool_right",
            "schedule_hazards",
            "schedule_repaired",
            "schedule_refused",
            "schedule_unchecked",
            "refused_right",
        ):
            setattr(self, name, getattr(self, name) + getattr(other, name))
        self.seconds += other.seconds
        self.analysis_seconds += other.analysis_seconds
        self.kept.update(other.kept)
        self.verdicts.update(other.verdicts)
        self.upstream_faults.update(other.upstream_faults)
        self.known.update(other.known)
        self.failures.extend(other.failures)

    def summary(self) -> str:
        lines = [
            f"programs run: {self.programs} (in {self.batches} modules, {self.compiles} compiles, "
            f"{self.cache_hits} cache hits, {self.seconds:.0f} s)",
            f"slices at the hook: {self.slices}; aliased: {self.aliased}; kept: {sum(self.kept.values())}"
            + (f" (and {self.transfers} transfers decided)" if self.transfers else ""),
            f"slices as generated (rule decided and audited, no build): {self.audited_slices}; "
            f"aliased: {self.audited_aliases}",
        ]
        for reason, n in self.kept.most_common():
            lines.append(f"  kept {n:6d}  {reason}")
        if self.programs:
            lines.append(
                f"programs entered through IREE's pre-splice stages: {self.entered_from_flow} of {self.programs}; "
                "the others at the splice (IREE 3.13's stages reject them: tests/campaign/entry.py)"
            )
            lines.append(
                f"programs judged at run time (the rewritten build agrees with the interpreter, or fails "
                f"exactly as stock where the hardened reference is right, or the tool refused and stock's "
                f"build computes something else: {self.refused_right}): {self.judged} of {self.programs} "
                f"({100 * self.judged / self.programs:.1f}%); every alias of every program is also audited "
                "(tests/campaign/audit.py)"
            )
        if self.sharing:
            lines.append(
                f"programs with globals IREE makes share a buffer: {self.sharing}; stock IREE wrong and the "
                f"rewritten build right (repaired): {self.sharing_repaired}"
            )
        lines.append("shapes drawn (programs containing each):")
        for shape in SHAPES:
            lines.append(f"  {self.shapes.get(shape, 0):6d}  {shape}")
        if self.verdicts:
            lines.append(
                "write checks of aliased slices: " + ", ".join(f"{v} {n}" for v, n in sorted(self.verdicts.items()))
            )
        lines.append(f"failures: {len(self.failures)}")
        if self.classes:
            lines.append(
                "  by suspected class (tests/campaign/classify.py): "
                + ", ".join(f"{c} {n}" for c, n in sorted(self.classes.items()))
            )
        lines.extend(f"  {f}" for f in self.failures)
        lines.append(f"known open failures (tests/campaign/known.py, masked): {sum(self.known.values())}")
        for issue, n in self.known.most_common():
            lines.append(f"  {n:6d}  {issue}")
        lines.append(
            f"programs where stock IREE is wrong and the tool's build is right: {self.stock_wrong_tool_right}; "
            f"IREE's schedule of the tool's build had a hazard in {self.schedule_hazards} "
            f"(repaired in {self.schedule_repaired}, refused in {self.schedule_refused}: stock's build computes "
            f"something else in {self.refused_right} of those; built as plain iree-compile, unchecked, in "
            f"{self.schedule_unchecked})"
        )
        lines.append(
            f"upstream faults (programs where stock IREE disagrees with the interpreter): "
            f"{sum(self.upstream_faults.values())}"
        )
        for sig, n in self.upstream_faults.most_common():
            lines.append(f"  {n:6d}  {sig}")
        return "\n".join(lines)


_REASON_CLASSES: tuple[tuple[str, str], ...] = (
    (r"may overlap the slice", "a write may overlap the slice while the alias is live"),
    (r"could not prove .* disjoint", "solver could not decide (unknown/timeout)"),
    (r"written in place by", "the slice is written in place (tied use)"),
    (r"may be written by util\.call|is passed to @.*summary", "the slice is passed to a call that may write it"),
    (r"escapes through", "the slice escapes (export/return/global store)"),
    (r"is aliased by stream\.async\.clone", "the slice is read by a clone (IREE may fold clones: treated as an alias)"),
    (r"util\.call needs the alias as a value", "the slice is passed to a call (needs a subview over freeable storage)"),
    (r"the source comes from argument", "the source is an argument whose callers may write it during the call"),
    (r"comes from outside this function", "the source's storage comes from outside the function"),
    (r"a call that may write", "a call may write the source's storage"),
    (r"shared with external buffers", "external storage at unknown offsets"),
    (r"an op the model does not know", "an unknown op"),
    (r"loop", "loops"),
    (r"iteration", "fixed-point iteration cap"),
    (r"its range is unknown", "a write with an unknown range"),
    (r"may write the slice's bytes", "a write the model cannot place"),
)


def reason_class(reason: str) -> str:
    """A short class for a keep reason (the reasons themselves name values and ranges)."""
    for pattern, label in _REASON_CLASSES:
        if re.search(pattern, reason):
            return label
    return re.sub(r"%[\w#.$-]+|\d+", "_", reason)[:80]


def proof_problems(report: RewriteReport) -> list[str]:
    """Alias decisions without a proof (the rule: every write check is safe, and a disjoint
    check names the ranges it compared and carries the solver's verdict text)."""
    problems = [f"unproven claim: {p}" for p in report.unproven_claims]
    for d in report.decisions:
        if d.decision != "alias":
            if not d.reason:
                problems.append(f"{d.function} {d.result}: keep without a reason")
            elif d.reason.startswith(UNPROVEN_KEEP) and not report.unproven_claims:
                # An alias whose claim the final state did not hold, kept by the rewriter (the
                # report of one program carries only its decisions).
                problems.append(f"unproven claim: {d.function} {d.result}: {d.reason}")
            continue
        for c in d.checks:
            if not Verdict(c.verdict).safe:
                problems.append(f"{d.function} {d.result}: alias with a {c.verdict} write check ({c.op})")
            elif c.verdict is Verdict.DISJOINT and (c.range is None or "disjoint" not in c.detail):
                problems.append(f"{d.function} {d.result}: disjoint check of {c.op} without a z3 verdict")
    return problems


# -- compile cache ----------------------------------------------------------------------------


def _iree_version() -> str:
    try:
        from importlib.metadata import version

        return version("iree-base-compiler")
    except Exception:  # noqa: BLE001
        return "unknown"


@functools.cache
def _tool_version() -> str:
    """A hash of the tool's sources (``dfx``, ``stream_model``, ``rewriter``)."""
    h = hashlib.sha256()
    for package in ("dfx", "stream_model", "rewriter"):
        for path in sorted((REPO / package).rglob("*.py")):
            h.update(str(path.relative_to(REPO)).encode())
            h.update(path.read_bytes())
    return h.hexdigest()[:16]


class VmfbCache:
    """Compiled modules by content hash of the IR that enters the after-splice pipeline.

    Safe to share between runs: the key covers the module text, the flags and the IREE version,
    which together determine the output (the compile is byte-for-byte deterministic)."""

    def __init__(self, directory: Path | None, max_entries: int = 600) -> None:
        self.directory = directory
        self.max_entries = max_entries
        if directory is not None:
            directory.mkdir(parents=True, exist_ok=True)

    @staticmethod
    def key(printed_module: str) -> str:
        h = hashlib.sha256()
        for part in (printed_module, "\0".join(FLAGS), _iree_version()):
            h.update(part.encode())
            h.update(b"\1")
        return h.hexdigest()[:32]

    def get(self, key: str) -> Path | None:
        if self.directory is None:
            return None
        path = self.directory / f"{key}.vmfb"
        if path.is_file():
            os.utime(path)
            return path
        return None

    def put(self, key: str, built: Path) -> Path:
        if self.directory is None:
            return built
        target = self.directory / f"{key}.vmfb"
        tmp = self.directory / f".{key}.{os.getpid()}.part"
        shutil.copyfile(built, tmp)
        os.replace(tmp, target)
        self._trim()
        return target

    def get_info(self, key: str) -> GuardInfo | None:
        """What the schedule guard found in the tool's build cached under ``key`` (None: not
        recorded, so the build must be made again)."""
        if self.directory is None:
            return None
        path = self.directory / f"{key}.guard.json"
        if not path.is_file():
            return None
        data = json.loads(path.read_text())
        return GuardInfo.from_json(data) if data is not None else None

    def put_info(self, key: str, info: GuardInfo | None) -> None:
        if self.directory is None:
            return
        target = self.directory / f"{key}.guard.json"
        tmp = self.directory / f".{key}.{os.getpid()}.guard.part"
        tmp.write_text(json.dumps(info.to_json() if info is not None else None))
        os.replace(tmp, target)

    def _trim(self) -> None:
        files = sorted(self.directory.glob("*.vmfb"), key=lambda p: p.stat().st_mtime)  # type: ignore[union-attr]
        for old in files[: max(0, len(files) - self.max_entries)]:
            old.unlink(missing_ok=True)
            old.with_name(old.stem + ".guard.json").unlink(missing_ok=True)


def default_cache_dir() -> Path:
    """Under ``.pytest_cache`` (git-ignored, removed by ``make clean``)."""
    return REPO / ".pytest_cache" / "d" / "campaign-vmfb"


# -- running ----------------------------------------------------------------------------------


Outputs = list[list[list[np.ndarray] | str]]  # per program, per step: arrays or an error line


def _run_modules(
    paths: dict[str, Path], rendered: RenderedModule, report: RewriteReport | None = None
) -> dict[str, Outputs]:
    """Run the stock and rewritten modules (each in a fresh process, concurrently; see
    :mod:`.runner`). A module that fails to load or crashes the runtime process fails as a
    whole, like a compile: :class:`_CompileFailure` (with ``report``'s decisions and
    diagnostics, which the audit reads), so the batch is re-judged one program per module and
    the crash is pinned on one program."""
    roles = ["stock"] if paths["rewritten"] == paths["stock"] else ["stock", "rewritten"]

    def one(role: str) -> Outputs:
        try:
            return run_isolated(
                paths[role],
                rendered.functions,
                STEPS,
                arguments=rendered.arguments,
                imports=rendered.imports,
                inputs=rendered.inputs,
            )
        except LoadError as err:
            failure = _CompileFailure(role, f"the {role} module fails to load: {err}")
        except RunCrashed as err:
            failure = _CompileFailure(role, f"the {role} module crashed the runtime: {err}")
        if report is not None:
            failure.decisions, failure.diagnostics = report.decisions, report.diagnostics
        raise failure

    with concurrent.futures.ThreadPoolExecutor(len(roles)) as pool:
        futures = {role: pool.submit(one, role) for role in roles}
        done = {}
        first_failure = None
        for role in roles:
            try:
                done[role] = futures[role].result()
            except _CompileFailure as err:
                first_failure = first_failure or err
    if first_failure is not None:
        raise first_failure
    done.setdefault("rewritten", done["stock"])
    return done


def _first_difference(got: list[list[np.ndarray] | str], want: list[list[np.ndarray]]) -> str | None:
    return _difference(got, want)[0]


def _difference(got: list[list[np.ndarray] | str], want: list[list[np.ndarray]]) -> tuple[str | None, int | None, int]:
    """(the first difference in words, the index of the differing result when it is one, the
    position of the differing call in :data:`STEPS`)."""
    for i, (g, w) in enumerate(zip(got, want)):
        step = STEPS[i]
        if isinstance(g, str):
            return f"step {step}: {g}", None, i
        if len(g) != len(w):
            return f"step {step}: {len(g)} results, expected {len(w)}", None, i
        for j, (a, b) in enumerate(zip(g, w)):
            a = np.asarray(a).reshape(-1)
            if a.dtype != b.dtype or a.shape != b.shape or a.tobytes() != b.tobytes():
                return f"step {step}: result {j} is {a.tolist()}, expected {b.tolist()}", j, i
    return None, None, len(got)


#: Signature of a build in which IREE scheduled a read after an in-place write of the value it
#: reads (:func:`.entry.moved_reads`; audit class G1).
G1_SIGNATURE = "iree-stream-schedule-concurrency places a read after an in-place write of the value it reads (G1)"


@dataclass(frozen=True)
class _Run:
    """One program's two builds against the interpreter."""

    k: int
    program: Program
    mine: list
    stock_diff: str | None
    new_diff: str | None
    #: The rewritten build's outputs are, bit for bit, the stock build's (for a program whose
    #: globals IREE makes share a buffer: the sharing-free reference's stock build's).
    same_as_stock: bool
    #: Such a program: its sharing-free reference builds right (IREE's only fault on it is the
    #: sharing the rewrite repairs), or fails to build (nothing can be told from its builds).
    separated_right: bool = False
    separated_fails: bool = False
    #: The rewritten build is the tool's: the schedule guard checked (and repaired) it.
    guarded: bool = False
    #: The rewritten build changed an array its caller keeps (:meth:`.program.Program.kept_inputs`).
    kept_input_written: bool = False


def _belongs(function: str, k: int) -> bool:
    """Is ``function`` program ``k``'s (its public function or one of its callees)?"""
    return function == f"p{k}" or function.startswith(f"p{k}_")


def _moved_reads(module_text: str, scheduled: bool) -> dict[str, list[str]]:
    try:
        return moved_reads(module_text, scheduled)
    except ir.MLIRError as err:  # it compiled, so the scheduling passes ran on it: not expected
        return {"(scheduling)": [f"the scheduling passes fail: {err}"]}


def _moved_in(found: dict[str, list[str]], k: int) -> list[str]:
    return [m for function, moved in found.items() if _belongs(function, k) for m in moved]


#: The signature of :func:`_beside_a_fault_past_the_schedule`'s verdict.
BESIDE_A_FAULT_PAST_THE_SCHEDULE = (
    "stock IREE computes different values than the interpreter, only beside a program IREE builds wrong even hardened"
)


def _beside_a_fault_past_the_schedule(
    outcomes: list[ProgramOutcome],
    wrong_at_run_time: dict[int, tuple[list, list, list]],
    alone_fails: Callable[[int], bool],
    stats: Stats,
) -> list[ProgramOutcome]:
    """A module's outcomes, where a program is wrong only because another program of the module
    hits an IREE fault that reaches memory it does not own: unjudged, not a miscompile.

    Why: the references that excuse IREE's faults are built per program (the hardened one
    alone), so they cannot show a fault that crosses programs. Seen in the long campaign
    (seed 796242464): a program storing an in-place filled reload of its global in a loop,
    which IREE 3.13 builds wrong even hardened, left another program's immutable global
    scaled by its own in-place write, in stock and the tool's build alike.

    The excuse is narrow, so that no fault of the tool hides in it. Every one of these holds
    for the program (position ``i`` of ``outcomes``): its only failure is a wrong value at run
    time (``wrong_at_run_time[i]``: no unproven alias, nothing the audit found); the first wrong
    result is stock's, bit for bit (the tool's build is wrong exactly where and as stock is);
    another program of the module is built wrong even hardened (``past_the_schedule``); and
    judged alone, in a module of its own (``alone_fails``), the program passes."""
    faulty = [o.index for o in outcomes if o.past_the_schedule]
    out = list(outcomes)
    for i, o in enumerate(outcomes):
        others = [k for k in faulty if k != o.index]
        if o.status != "miscompile" or i not in wrong_at_run_time or not others:
            continue
        if not _wrong_as_stock(*wrong_at_run_time[i]) or alone_fails(i):
            continue
        stats.upstream_faults[BESIDE_A_FAULT_PAST_THE_SCHEDULE] += 1
        out[i] = replace(
            o,
            status="upstream-fault",
            detail=f"{o.detail} (as stock, and only beside p{others[0]}, which IREE builds wrong even hardened: "
            "alone it is right; unjudged)",
        )
    return out


def _wrong_as_stock(stock: list, rewritten: list, want: list) -> bool:
    """Is the rewritten build's first wrong result stock's too, bit for bit?"""
    _, result, position = _difference(rewritten, want)
    if position >= len(stock):
        return False
    mine, theirs = rewritten[position], stock[position]
    if result is None or isinstance(mine, str) or isinstance(theirs, str) or result >= len(theirs):
        return _same_outputs([mine], [theirs])
    return _same_outputs([[mine[result]]], [[theirs[result]]])


def _same_outputs(a: list, b: list) -> bool:
    """Bit-for-bit equal outputs of two builds (errors compare as their text)."""
    if len(a) != len(b):
        return False
    for x, y in zip(a, b):
        if isinstance(x, str) or isinstance(y, str):
            if x != y:
                return False
            continue
        if len(x) != len(y):
            return False
        for u, v in zip(x, y):
            u, v = np.asarray(u), np.asarray(v)
            if u.dtype != v.dtype or u.shape != v.shape or u.tobytes() != v.tobytes():
                return False
    return True


def _signature(difference: str) -> str:
    """Upstream-fault signature: the error text without numbers, or 'wrong values'."""
    if "runtime error" in difference:
        text = difference.split("runtime error:", 1)[1]
        text = re.sub(r"^\s*p\d+:\s*", "", text)
        text = re.sub(r"\[ ?\d+\].*$", "", text)
        return "runtime error: " + _normalize(text)
    return "stock IREE computes different values than the interpreter"


def _parse_verified(text: str) -> tuple[ir.Context, ir.Module]:
    ctx = new_context()
    try:
        module = ir.Module.parse(text, ctx)
    except ir.MLIRError as err:
        raise GeneratorBug(f"generated module does not parse: {err}") from None
    if not module.operation.verify():
        raise GeneratorBug("generated module does not verify")
    return ctx, module


class _CompileFailure(Exception):
    """A whole-module compile failed (``role``: ``stock`` or ``rewritten``)."""

    def __init__(self, role: str, message: str, refused: GuardInfo | None = None) -> None:
        super().__init__(message)
        self.role = role
        self.message = message
        self.decisions: list = []
        self.diagnostics: list = []  # the repairs' (``RewriteReport.diagnostics``), with the decisions
        #: The tool's build refused: IREE's schedule has a hazard the guard could not repair.
        self.refused = refused


def _repair_copies(report: RewriteReport) -> list[dict[str, str]]:
    """The in-place writes the shared-globals repair made write a copy (what the audit models)."""
    return [c for d in report.diagnostics for c in d.copies]


def _repair_stores(report: RewriteReport) -> list[dict[str, str]]:
    """The stores the shared-globals repair made store a copy (what the audit models too)."""
    return [s for d in report.diagnostics for s in d.stores]


def _normalize(text: str) -> str:
    text = re.sub(r"\d+", "N", text)
    return re.sub(r'"-":N:N|fused\[[^]]*\]|loc\([^)]*\)', "", text).strip()[:140]


@dataclass
class BatchResult:
    rendered: RenderedModule | None
    report: RewriteReport
    outcomes: list[ProgramOutcome]
    stats: Stats


class Oracle:
    """Runs batches; holds the compile cache, the work directory, the helper processes and the
    fault-recording settings. Use as a context manager (or call :meth:`close`).

    ``rewrite_in_worker=False`` is for tests that weaken the rule in this process on purpose
    (monkeypatching, which a helper process would not see): see :meth:`_compile_both`.
    ``at_splice=True`` makes every program enter at the splice, as generated (hand-written
    splice-level programs whose slices IREE's pre-splice stages would fold away).

    ``scheduled=True`` moves the hook after scheduling: each module is scheduled first
    (``iree-stream-schedule-execution`` and ``-concurrency``, in this process), the rewrite runs
    on the scheduled IR (execution and concurrent regions, timepoints) and both builds continue
    from there (:func:`rewriter.pipeline.compile_scheduled`).
    """

    def __init__(
        self,
        workdir: Path,
        cache: VmfbCache | None = None,
        record_faults: bool = True,
        faults_dir: Path = FAULTS_DIR,
        rewrite_in_worker: bool = True,
        at_splice: bool = False,
        scheduled: bool = False,
        schedule_mutation: Mutation | None = None,
        in_process: bool = False,
    ) -> None:
        # This process runs IREE's pre-splice and scheduling stages on many small modules too
        # (entry.normalize, schedule_module): single-threaded, as the helpers compile. A
        # scheduled campaign hung here in MLIR's thread pool (llvm::StdThreadPool::wait, no CPU).
        _single_threaded_compiles()
        self.scheduled = scheduled
        self.schedule_mutation = schedule_mutation
        self.in_process = in_process
        self.workdir = Path(workdir)
        self.workdir.mkdir(parents=True, exist_ok=True)
        self.cache = cache or VmfbCache(None)
        self.record_faults = record_faults
        self.faults_dir = faults_dir
        self.rewrite_in_worker = rewrite_in_worker
        self.at_splice = at_splice
        self._count = 0
        self._pools: dict[str, concurrent.futures.ProcessPoolExecutor] = {}
        self._memo: dict[str, tuple[ProgramOutcome, Stats, list]] = {}
        self._entries: dict[str, Entry] = {}

    # -- judging ---------------------------------------------------------------------------
    def run(self, batch: list[Program]) -> BatchResult:
        """Judge a batch as one module; raises :class:`Miscompile` on a failure.

        When a whole-module compile fails or crashes, the batch is judged again one program
        per module (:meth:`run_per_program`), which says which program is to blame: a stock
        compile failure is that program's upstream fault, a rewritten one its failure."""
        return _raise_on_failure(batch, self.judge(batch))

    def judge(self, batch: list[Program]) -> BatchResult:
        """Like :meth:`run`, but failures are only reported in the outcomes (never raised).

        A module that fails as a whole is split in halves, recursively, down to the program to
        blame (judged alone, as in :meth:`judge_per_program`): one bad program costs about
        2 log2(n) smaller compiles instead of n."""
        started = time.perf_counter()
        try:
            return self._judge(batch, 0)
        except _CompileFailure:
            result = self._judge_halves(batch, 0)
        result.stats.batches = 1
        result.stats.seconds = time.perf_counter() - started
        return result

    def _judge_halves(self, programs: list[Program], first: int) -> BatchResult:
        if len(programs) == 1:
            outcome, one, mine = self._judge_alone(programs[0])
            return BatchResult(
                None,
                RewriteReport(decisions=list(mine)),
                [ProgramOutcome(first, outcome.status, outcome.detail, outcome.decisions)],
                one,
            )
        mid = len(programs) // 2
        parts = []
        for lo, hi in ((0, mid), (mid, len(programs))):
            try:
                parts.append(self._judge(programs[lo:hi], first + lo))
            except _CompileFailure:
                parts.append(self._judge_halves(programs[lo:hi], first + lo))
        stats = Stats()
        for part in parts:
            stats.add(part.stats)
        return BatchResult(
            None,
            RewriteReport(decisions=[d for part in parts for d in part.report.decisions]),
            [o for part in parts for o in part.outcomes],
            stats,
        )

    def run_per_program(self, batch: list[Program]) -> BatchResult:
        """Judge each program alone, in a module of its own, memoized per program; raises
        :class:`Miscompile` on a failure.

        This is how failures shrink fast: hypothesis's attempts mostly drop or change one
        program, and every unchanged program is a memo hit (no compile). A program alone is
        rendered as ``@p0`` whatever its batch position, so that dropping an earlier program
        does not change it (only the initial contents of its globals depend on the position)."""
        return _raise_on_failure(batch, self.judge_per_program(batch))

    def judge_per_program(self, batch: list[Program]) -> BatchResult:
        started = time.perf_counter()
        stats = Stats(batches=1)
        outcomes: list[ProgramOutcome] = []
        decisions: list = []
        for k, program in enumerate(batch):
            outcome, one, mine = self._judge_alone(program)
            outcomes.append(ProgramOutcome(k, outcome.status, outcome.detail, outcome.decisions))
            decisions.extend(mine)
            stats.add(one)
        stats.batches = 1
        stats.seconds = time.perf_counter() - started
        return BatchResult(None, RewriteReport(decisions=decisions), outcomes, stats)

    def _judge_alone(self, program: Program) -> tuple[ProgramOutcome, Stats, list]:
        key = program.dumps()
        if key not in self._memo:
            try:
                judged = self._judge([program], 0)
                self._memo[key] = (judged.outcomes[0], judged.stats, judged.report.decisions)
            except _CompileFailure as err:
                one = Stats(batches=1, programs=1)
                one.shapes.update(program.shapes())
                generated = RewriteReport(decisions=err.decisions, diagnostics=err.diagnostics)
                unsound = []
                if self.entry(program).kind == "flow":
                    try:
                        generated = self._generated_report([program], (0,))
                    except _CompileFailure as failed:  # the rule fails on the program as generated
                        unsound = [failed.message]
                unsound = unsound or audit(
                    program,
                    0,
                    generated.decisions,
                    scheduled=self.scheduled,
                    copies=_repair_copies(generated),
                    stores=_repair_stores(generated),
                )
                if err.role == "stock":
                    sig = "stock build fails: " + _normalize(err.message)
                    self._stock_fault(one, program, 0, sig, err.message, None, self.entry(program).kind == "flow")
                    outcome = ProgramOutcome(0, "upstream-fault", err.message, err.decisions)
                    if unsound:  # the audit does not need a build
                        outcome = ProgramOutcome(
                            0, "unsound", "; ".join(unsound[:3]) + f" (runtime: {err.message})", err.decisions
                        )
                        classes = suspected_classes(program, 0, err.decisions, outcome.detail)
                        one.classes.update(classes)
                        one.failures.append(f"unsound [{', '.join(classes)}]: {outcome.detail}")
                elif err.refused is not None:
                    # The tool refuses with the hazard named: what it promises when it cannot
                    # repair IREE's schedule (never a wrong build). Judged when stock's build
                    # computes something else: the refusal kept the user from a wrong answer.
                    one.schedule_hazards += 1
                    one.schedule_refused += 1
                    stock = self._stock_of_refused(program, one)
                    detail = err.message
                    if stock is not None:
                        one.judged += 1
                        one.refused_right += 1
                        detail += f" (stock's build computes something else: {stock})"
                    outcome = ProgramOutcome(0, "refused", detail, err.decisions)
                else:
                    issue = known_issue(program, err.message, err.decisions)
                    if issue is not None:
                        outcome = ProgramOutcome(0, "known", f"{issue.id}: {err.message}", err.decisions)
                        one.known[issue.id] += 1
                    else:
                        outcome = ProgramOutcome(0, "miscompile", err.message, err.decisions)
                        one.failures.append(f"miscompile: {err.message}")
                self._memo[key] = (outcome, one, err.decisions)
            if len(self._memo) > 4096:
                self._memo.pop(next(iter(self._memo)))
        return self._memo[key]

    def _stock_of_refused(self, program: Program, stats: Stats) -> str | None:
        """How the build a user gets without the tool, of ``program`` that the tool refused,
        computes something else: its first difference from the interpreter, or its failure at
        run time (recorded as an upstream fault); None where it is right on these steps (the
        hazard the check showed did not bite here) or does not compile (the user gets no build
        either way, and a compile that hangs or crashes may be this machine's): the refusal then
        stays unjudged. That build is plain ``iree-compile`` from flow where the program enters
        there (a refusal is weighed against what the user would have had), else the stock build
        from the splice."""
        if self.entry(program).kind == "flow":
            got, compiled = _plain_iree_compile(program, 0, self.workdir)
            if not compiled:
                return None
            printed = None
        else:
            rendered = render_module([program], numbers=(0,))
            try:
                ctx, module = self._splice_module(rendered, False)
                with ctx:
                    printed = str(module)
                path, _ = self._build(["stock"], printed, printed, printed, stats)["stock"]
            except _CompileFailure:
                return None
            try:
                got = _run_modules({"stock": path, "rewritten": path}, rendered)["stock"][0]
            except _CompileFailure as err:  # (it fails to load, or crashes the runtime)
                got = err.message
        if isinstance(got, str):
            difference, sig = got, "stock build fails: " + _normalize(got)
        else:
            difference = _first_difference(got, interpret(program, 0))
            if difference is None:
                return None
            moved = _moved_in(_moved_reads(printed, self.scheduled), 0) if printed is not None else []
            sig = G1_SIGNATURE if moved else _signature(difference)
        self._stock_fault(stats, program, 0, sig, difference, None, printed is None)
        return difference

    def entry(self, program: Program) -> Entry:
        """Where ``program`` enters IREE (:mod:`.entry`), memoized."""
        if self.at_splice:
            return Entry("splice", "the oracle enters every program at the splice")
        key = program.dumps()
        if key not in self._entries:
            self._entries[key] = entry_of(render_module([program], unrefined=True).text)
        return self._entries[key]

    def _judge(self, programs: list[Program], first: int) -> BatchResult:
        """Judge programs ``first, first + 1, ...``: one module per entry (:mod:`.entry`)."""
        for p in programs:
            try:
                check(p)
            except InvalidProgram as err:
                raise GeneratorBug(f"invalid program: {err}") from None
        groups: dict[str, list[tuple[int, Program]]] = {}
        for k, program in enumerate(programs, start=first):
            groups.setdefault(self.entry(program).kind, []).append((k, program))
        parts = [self._judge_group(pairs, kind == "flow") for kind, pairs in sorted(groups.items())]
        if len(parts) == 1:
            return parts[0]
        stats = Stats()
        for part in parts:
            stats.add(part.stats)
        stats.batches = 1
        outcomes = sorted((o for part in parts for o in part.outcomes), key=lambda o: o.index)
        decisions = [d for part in parts for d in part.report.decisions]
        return BatchResult(None, RewriteReport(decisions=decisions), outcomes, stats)

    def _splice_module(self, rendered: RenderedModule, from_flow: bool) -> tuple[ir.Context, ir.Module]:
        """The module as the hook sees it: rendered, parsed, verified, and (entering from flow)
        through IREE's pre-splice stages."""
        ctx, module = _parse_verified(rendered.text)
        if from_flow:
            try:
                with ctx:
                    normalize(module)
            except EntryRejected as err:
                raise _CompileFailure("stock", f"IREE's pre-splice stages reject the module: {err}") from None
        if self.scheduled:
            try:
                module = schedule_module(module, FLAGS)
            except CompileError as err:
                raise _CompileFailure("stock", f"scheduling fails: {err}") from err
        return ctx, module

    def _judge_group(self, pairs: list[tuple[int, Program]], from_flow: bool) -> BatchResult:
        """Render, enter, analyse, compile both ways, run, compare (module docstring)."""
        started = time.perf_counter()
        programs = [p for _, p in pairs]
        numbers = tuple(k for k, _ in pairs)
        stats = Stats(batches=1, programs=len(programs))
        rendered = render_module(programs, unrefined=from_flow, numbers=numbers)
        ctx, module = self._splice_module(rendered, from_flow)
        if from_flow and not self.scheduled:
            self._refused_before_the_splice(rendered.text, ctx, module)
        with ctx:
            stock_printed = str(module)
        t0 = time.perf_counter()
        self._as_the_guard_sees_it(module, rendered.text)
        # The source text only names values in the decisions (%v<id>, see .audit): ops that
        # IREE's pre-splice stages keep keep their location in it.
        try:
            report = elide_slices(module, source=rendered.text)
        except Exception as err:  # noqa: BLE001 - the rewrite failing is a finding, not a crash
            first_line = (str(err).strip().splitlines() or [""])[0]
            raise _CompileFailure("rewritten", f"the rewrite fails: {type(err).__name__}: {first_line}") from err
        stats.analysis_seconds = time.perf_counter() - t0
        with ctx:
            rewritten_printed = str(module)
        if not module.operation.verify():  # elide_slices refuses to produce this; belt and braces
            raise _CompileFailure("rewritten", "the rewritten module does not verify")

        try:
            paths, guarded = self._compile_both(stock_printed, stock_printed, rewritten_printed, stats)
        except _CompileFailure as err:
            err.decisions, err.diagnostics = report.decisions, report.diagnostics
            raise
        ran = _run_modules(paths, rendered, report)
        stock, rewritten = ran["stock"], ran["rewritten"]
        scheduled = {
            "stock": _moved_reads(stock_printed, self.scheduled),
            # The tool's build compiled the repaired module when the guard repaired it.
            "rewritten": _moved_reads(
                guarded.repaired_text if guarded is not None and guarded.repaired_text else rewritten_printed,
                self.scheduled,
            ),
        }
        generated = self._generated_report(programs, numbers) if from_flow else report

        outcomes = []
        # Programs whose only failure is a wrong value at run time: (stock, rewritten, wanted).
        wrong_at_run_time: dict[int, tuple[list, list, list]] = {}
        for i, (k, program) in enumerate(pairs):
            want = interpret(program, k)
            mine = [d for d in report.decisions if _belongs(d.function, k)]
            stats.shapes.update(program.shapes())
            stats.entered_from_flow += from_flow
            stock_diff = _first_difference(stock[i], want)
            new_diff, new_result, _ = _difference(rewritten[i], want)
            kept_from = len(want[0]) - len(program.kept_inputs()) if want else 0
            if guarded is not None and any(_belongs(f, k) for f in guarded.functions()):
                stats.schedule_hazards += 1
                stats.schedule_repaired += bool(guarded.repairs)
            stats.schedule_unchecked += guarded is not None and guarded.unchecked is not None
            same_as_stock, separated_right, separated_fails = _same_outputs(rewritten[i], stock[i]), False, False
            if new_diff is not None and SHARED_GLOBALS in program.shapes():
                # Stock shares the globals, the rewrite does not: compare with a build that
                # does not either (the sharing-free reference).
                separated = self._separated(program, k, from_flow)
                separated_fails = separated is None
                same_as_stock = separated is not None and _same_outputs(rewritten[i], separated)
                separated_right = separated is not None and _first_difference(separated, want) is None
            outcome = self._verdict(
                _Run(
                    k,
                    program,
                    mine,
                    stock_diff,
                    new_diff,
                    same_as_stock,
                    separated_right,
                    separated_fails,
                    guarded=not self.scheduled,
                    kept_input_written=new_result is not None and new_result >= kept_from,
                ),
                {role: _moved_in(found, k) for role, found in scheduled.items()},
                from_flow,
                stats,
            )
            # Analysis-level soundness (module docstring of .audit): runtime-independent, so it
            # judges programs whose builds IREE gets wrong too. It reads the program's own trace,
            # so it audits the rule's decisions on the program as generated (at the splice):
            # IREE's pre-splice stages change storage (fold writes into splats, add clones).
            audited = [d for d in generated.decisions if _belongs(d.function, k)]
            stats.audited_slices += sum(1 for d in audited if getattr(d, "kind", "slice") == "slice")
            stats.audited_aliases += sum(1 for d in audited if d.decision == "alias")
            unsound = audit(
                program,
                k,
                audited,
                scheduled=self.scheduled,
                copies=_repair_copies(generated),
                stores=_repair_stores(generated),
            ) + [f"(as generated) {p}" for p in proof_problems(RewriteReport(decisions=audited))]
            if outcome.status == "miscompile" and not unsound and not proof_problems(RewriteReport(decisions=mine)):
                wrong_at_run_time[i] = (stock[i], rewritten[i], want)
            if unsound and outcome.status not in FAILING:
                runtime = f" (runtime: {outcome.status}{': ' + outcome.detail if outcome.detail else ''})"
                outcome = ProgramOutcome(k, "unsound", "; ".join(unsound[:3]) + runtime, mine)
            elif unsound:
                outcome.detail += f" (and: {'; '.join(unsound[:4])})"
            outcomes.append(outcome)
            for d in mine:
                if getattr(d, "kind", "slice") != "slice":
                    stats.transfers += 1
                    continue
                stats.slices += 1
                if d.decision == "alias":
                    stats.aliased += 1
                    stats.verdicts.update(c.verdict for c in d.checks)
                else:
                    stats.kept[reason_class(d.reason)] += 1
        outcomes = _beside_a_fault_past_the_schedule(
            outcomes,
            wrong_at_run_time,
            lambda i: self._judge_alone(programs[i])[0].status in FAILING,
            stats,
        )
        stats.seconds = time.perf_counter() - started
        for o, program in zip(outcomes, programs):
            if o.status in FAILING:
                classes = suspected_classes(program, o.index, o.decisions, o.detail)
                stats.classes.update(classes)
                stats.failures.append(f"p{o.index}: {o.status} [{', '.join(classes)}]: {o.detail}")
        return BatchResult(rendered, report, outcomes, stats)

    def _generated_report(self, programs: list[Program], numbers: tuple[int, ...]) -> RewriteReport:
        """The rule's decisions (and the repairs' diagnostics) on the programs as generated,
        entering at the splice (what the alias audit checks against the programs' traces); no
        compile."""
        rendered = render_module(programs, numbers=numbers)
        try:
            ctx, module = self._splice_module(rendered, from_flow=False)
        except _CompileFailure:  # IREE cannot schedule the program as generated: nothing to audit
            return RewriteReport()
        try:
            return elide_slices(module, source=rendered.text)
        except Exception as err:  # noqa: BLE001 - the rewrite failing is a finding, not a crash
            first_line = (str(err).strip().splitlines() or [""])[0]
            raise _CompileFailure("rewritten", f"the rewrite fails: {type(err).__name__}: {first_line}") from err

    def _verdict(self, run: _Run, moved: dict[str, list[str]], from_flow: bool, stats: Stats) -> ProgramOutcome:
        """One program's outcome from its two builds (module docstring, step 5).

        Judged when the rewritten build agrees with the interpreter. When it does not, but it
        fails exactly as stock does (bit for bit), or IREE's scheduling moved a read after an
        in-place write in it (:func:`.entry.moved_reads`), the hardened reference decides: its
        stock build right means the fault is IREE's, and the rewrite is then judged on the
        hardened program (its rewritten build must be right too, else a miscompile). Unjudged:
        the hardened reference's stock build is wrong as well."""
        k, mine = run.k, run.mine
        proof = proof_problems(RewriteReport(decisions=mine))
        shares = SHARED_GLOBALS in run.program.shapes()
        stats.sharing += shares
        if run.stock_diff is not None:
            self._note_stock_fault(run, moved["stock"], from_flow, stats)
            stats.stock_wrong_tool_right += run.new_diff is None
        if run.new_diff is None:
            stats.judged += 1
            stats.sharing_repaired += shares and run.stock_diff is not None
            return ProgramOutcome(k, "proof", "; ".join(proof), mine) if proof else ProgramOutcome(k, "ok", "", mine)
        if proof:  # an unproven alias and wrong bits: nothing excuses that
            return ProgramOutcome(k, "miscompile", f"{run.new_diff} (and: {'; '.join(proof)})", mine)
        if run.guarded and moved["rewritten"]:
            # The tool's build is checked: a read IREE moved after an in-place write of what it
            # reads is the schedule check's to catch, not an excuse.
            return ProgramOutcome(
                k,
                "miscompile",
                f"{run.new_diff} (the schedule check let through: {'; '.join(moved['rewritten'][:2])})",
                mine,
            )
        if shares and run.separated_fails:
            return ProgramOutcome(
                k,
                "upstream-fault",
                f"{run.new_diff} (its globals share a buffer, and IREE cannot build the program without the sharing: "
                "unjudged)",
                mine,
            )
        if shares and not moved["rewritten"] and run.separated_right:
            # The rewrite repairs globals IREE makes share a buffer: when the program without
            # the sharing (the sharing-free reference) builds right, the rewritten build must be
            # right too; being wrong as stock is excuses nothing (the hardened reference would
            # not show it: its in-place writes go to fresh copies, which breaks the sharing).
            return ProgramOutcome(
                k,
                "miscompile",
                f"{run.new_diff} (its globals share a buffer, the sharing-free reference is right, and the "
                "rewrite did not repair it)",
                mine,
            )
        if run.guarded and run.kept_input_written:
            # The caller's array changed: an in-place write into its buffer (iree-org/iree#16168),
            # which the schedule check reports and repairs. Never excused as IREE's.
            return ProgramOutcome(
                k,
                "miscompile",
                f"{run.new_diff} (the caller's input, written in place: the check let it through)",
                mine,
            )
        if moved["rewritten"] or run.same_as_stock:
            # IREE's fault, if the hardened reference says so: its stock build is right. The
            # rewrite is then judged on it: its rewritten build must be right too.
            why = (
                f"G1 in the rewritten build: {'; '.join(moved['rewritten'][:2])}" if moved["rewritten"] else "as stock"
            )
            stock_ref, rewritten_ref = self._hardened(run.program, k, from_flow)
            if stock_ref is None and rewritten_ref is not None:
                return ProgramOutcome(
                    k, "miscompile", f"hardened reference: {rewritten_ref} ({why}: {run.new_diff})", mine
                )
            if moved["rewritten"]:
                sig = G1_SIGNATURE + " (in the rewritten build)"
                self._stock_fault(stats, run.program, k, sig, run.stock_diff or "agrees", run.new_diff, from_flow)
            if stock_ref is None:
                stats.judged += 1
                return ProgramOutcome(
                    k, "upstream-fault", f"{run.new_diff} ({why}; the hardened reference is right)", mine
                )
            return ProgramOutcome(
                k, "upstream-fault", f"{run.new_diff} ({why}; hardened reference: {stock_ref})", mine, True
            )
        if run.guarded and run.stock_diff is not None:
            # Stock is wrong too, differently. If IREE gets even the hardened program wrong, the
            # fault lies beyond the schedule (the check reads the IR up to allocation only).
            stock_ref, _ = self._hardened(run.program, k, from_flow)
            if stock_ref is not None:
                return ProgramOutcome(
                    k,
                    "upstream-fault",
                    f"{run.new_diff} (stock: {run.stock_diff}; hardened reference: {stock_ref}; "
                    "an IREE fault the schedule check does not cover)",
                    mine,
                    True,
                )
        issue = known_issue(run.program, run.new_diff, mine)
        if issue is not None:
            stats.known[issue.id] += 1
            return ProgramOutcome(k, "known", f"{issue.id}: {run.new_diff}", mine)
        return ProgramOutcome(k, "miscompile", run.new_diff, mine)

    def _note_stock_fault(self, run: _Run, moved: list[str], from_flow: bool, stats: Stats) -> None:
        sig = G1_SIGNATURE if moved else _signature(run.stock_diff or "")
        self._stock_fault(stats, run.program, run.k, sig, run.stock_diff or "", run.new_diff, from_flow)

    def _separated(self, program: Program, k: int, from_flow: bool) -> list | None:
        """The outputs of the stock build of ``program``'s sharing-free reference
        (:func:`.render.render_module` ``separated``): what IREE computes for it without the
        shared-globals fault the rewrite repairs. None if it fails to build or run."""
        rendered = render_module([program], unrefined=from_flow, numbers=(k,), separated=True)
        try:
            ctx, module = self._splice_module(rendered, from_flow)
            with ctx:
                printed = str(module)
            paths, _ = self._compile_both(printed, printed, printed, Stats())
            return _run_modules(paths, rendered)["stock"][0]
        except _CompileFailure:
            return None

    @staticmethod
    def _refused_before_the_splice(text: str, ctx: ir.Context, module: ir.Module) -> None:
        """The tool's compile compares the user's input with the module at the splice and
        refuses where IREE's stages before it reordered the accesses to a global or folded one
        away (:func:`rewriter.guard.schedule_guard.input_hazards`, as
        :meth:`~rewriter.guard.schedule_guard.ScheduleGuard.settle` calls it). Here the input is the rendered
        text and the module is at the splice with its locations (the builds below compile its
        printed text, which has none: the comparison is made here, as the compile makes it)."""
        with ctx:
            hazards = input_hazards(text, global_events(module), [])
        if hazards and not isinstance(hazards, str):
            message = reorder_refusal(hazards)
            raise _CompileFailure("rewritten", f"the tool refuses: {message}", refused=GuardInfo.refusal(message, []))

    def _as_the_guard_sees_it(self, module: ir.Module, text: str) -> None:
        """The analysis run sees what the hook of the tool's build sees: at the splice, the
        schedule guard first makes the accesses to globals IREE 3.13 misreads as IREE's pre-splice
        stages would (:mod:`rewriter.repair.reloads`). After scheduling there is no guard."""
        if not self.scheduled:
            repair_globals(module, Names(module, text), regions=self.at_splice)

    def _hardened(self, program: Program, k: int, from_flow: bool) -> tuple[str | None, str | None]:
        """How the hardened reference of ``program`` (:func:`.render.render_module`
        ``hardened``: every in-place write goes to a fresh copy, so no scheduling can move a read
        past it) differs from the interpreter, built stock and rewritten: ``(stock, rewritten)``,
        None where it agrees."""
        shares = SHARED_GLOBALS in program.shapes()
        rendered = render_module([program], unrefined=from_flow, hardened=True, numbers=(k,), separated=shares)
        try:
            ctx, module = self._splice_module(rendered, from_flow)
            with ctx:
                printed = str(module)
                self._as_the_guard_sees_it(module, rendered.text)
                elide_slices(module)
                rewritten_printed = str(module)
            paths, _ = self._compile_both(printed, printed, rewritten_printed, Stats())
            ran = _run_modules(paths, rendered)
        except _CompileFailure as err:
            return err.message, err.message
        want = interpret(program, k)
        return _first_difference(ran["stock"][0], want), _first_difference(ran["rewritten"][0], want)

    def _compile_both(
        self, text: str, stock_printed: str, rewritten_printed: str, stats: Stats
    ) -> tuple[dict[str, Path], GuardInfo | None]:
        """Stock and the tool's ``.vmfb`` (cached), each compiled in a helper process of its
        own, and what the schedule guard found and did in the tool's build.

        The tool's build is what ``slice-elision compile`` makes: the rewrite and the schedule
        guard (:mod:`rewriter.guard.schedule_guard`; not in the scheduled campaign, which judges the
        rule on scheduled IR). When the rewrite changed nothing it is compiled alone first: if
        IREE's schedule had no hazard the guard changed nothing and it is the stock build too
        (byte-identical, as ``--no-elide`` is); only otherwise is stock compiled as well.

        Processes because IREE's pass pipeline can crash the process (segfaults on some
        rewritten modules were measured): a crash must become a finding, not end the campaign.
        With ``rewrite_in_worker`` the rewritten compile runs ``elide_slices`` as the hook of
        :func:`compile_stream_async` in the helper and its output must equal this process'
        rewrite byte for byte; otherwise (a rule patched in this process, as the mutation tests
        do) the helper compiles this process' rewritten text without a hook.
        Raises :class:`_CompileFailure` naming the compile that failed."""
        guarded = not self.scheduled
        same = rewritten_printed == stock_printed
        first = ["rewritten"] if same and guarded else ["stock"] if same else ["stock", "rewritten"]
        try:
            built = self._build(first, text, stock_printed, rewritten_printed, stats)
        except _CompileFailure as err:
            if not (same and guarded) or err.refused is not None:
                raise
            # The tool's build of an unchanged module failed where the guard had not run yet
            # (IREE's own stages): stock decides whose failure it is.
            self._build(["stock"], text, stock_printed, rewritten_printed, stats)
            raise
        if same and guarded:
            info = built["rewritten"][1]
            if info is not None and (info.hazards or info.refused):
                built.update(self._build(["stock"], text, stock_printed, rewritten_printed, stats))
            else:
                built["stock"] = built["rewritten"]
        paths = {role: path for role, (path, _) in built.items()}
        paths.setdefault("rewritten", paths["stock"])
        return paths, built.get("rewritten", (None, None))[1]

    def _key(self, role: str, printed: str) -> str:
        prefix = "// compiled from after scheduling\n" if self.scheduled else ""
        if self.schedule_mutation is not None:
            prefix += f"// schedule mutation {getattr(self.schedule_mutation, '__name__', 'anonymous')}\n"
        if role == "rewritten" and not self.scheduled:
            # The guard repairs the module after the hook: its build depends on the tool's
            # code, not only on the printed module (a cached build made by an older guard would
            # be judged as the new one's).
            prefix += f"// the tool's build: rewrite and schedule guard, tool {_tool_version()}\n"
        return VmfbCache.key(prefix + printed)

    def _build(
        self, roles: list[str], text: str, stock_printed: str, rewritten_printed: str, stats: Stats
    ) -> dict[str, tuple[Path, GuardInfo | None]]:
        """Compile ``roles`` (cache first), concurrently; see :meth:`_compile_both`."""
        printed_of = {"stock": stock_printed, "rewritten": rewritten_printed}
        jobs: dict[str, tuple[str, str]] = {}
        done: dict[str, tuple[Path, GuardInfo | None]] = {}
        for role in roles:
            key = self._key(role, printed_of[role])
            hit = self.cache.get(key)
            info = self.cache.get_info(key) if hit is not None and role == "rewritten" else None
            if hit is not None and (role == "stock" or self.scheduled or info is not None):
                stats.cache_hits += 1
                done[role] = (hit, info)
            else:
                jobs[role] = (key, printed_of[role])
        futures = {}
        for role, (key, printed) in jobs.items():
            self._count += 1
            out = str(self.workdir / f"m{os.getpid()}_{self._count}_{key[:8]}.vmfb")
            if role == "stock":
                args = (text, out, "stock")
            elif self.rewrite_in_worker:
                args = (text, out, "hook")
            else:
                args = (printed, out, "plain")
            futures[role] = self._submit(role, *args, self.scheduled, self.schedule_mutation)
        failure: _CompileFailure | None = None
        for role, future in futures.items():
            key, printed = jobs[role]
            try:
                built, hooked, info = future.result(timeout=COMPILE_TIMEOUT_S)
            except concurrent.futures.TimeoutError:
                self._kill_pool(role)
                failure = failure or _CompileFailure(
                    role, f"the {role} compile did not finish in {COMPILE_TIMEOUT_S:.0f} s (the compiler hung)"
                )
                continue
            except concurrent.futures.process.BrokenProcessPool:
                self._pools.pop(role, None)
                failure = failure or _CompileFailure(role, f"the {role} compile crashed the compiler process")
                continue
            except CompileError as err:
                failure = failure or _CompileFailure(role, f"the {role} module fails to compile: {err}")
                continue
            if hooked is not None and hooked != rewritten_printed:
                failure = failure or _CompileFailure(
                    role, "the rewrite is not deterministic: the hook's module differs from the analysis run"
                )
                continue
            if info is not None and info.refused:
                failure = failure or _CompileFailure(role, f"the tool refuses: {info.refused}", refused=info)
                continue
            stats.compiles += 1
            path = self.cache.put(key, Path(built))
            if role == "rewritten":
                self.cache.put_info(key, info)
            if path != Path(built):
                Path(built).unlink(missing_ok=True)
            done[role] = (path, info)
        if failure is not None:
            raise failure
        return done

    def _submit(self, role: str, *args: Any) -> concurrent.futures.Future:
        """Run :func:`_compile_in_worker` in ``role``'s helper process (or, with ``in_process``,
        here: tests that patch the check in this process)."""
        if not self.in_process:
            return self._pool(role).submit(_compile_in_worker, *args)
        future: concurrent.futures.Future = concurrent.futures.Future()
        try:
            future.set_result(_compile_in_worker(*args))
        except Exception as err:  # noqa: BLE001 - handed over as the helper's would be
            future.set_exception(err)
        return future

    def _pool(self, role: str) -> concurrent.futures.ProcessPoolExecutor:
        if role not in self._pools:
            import multiprocessing

            self._pools[role] = concurrent.futures.ProcessPoolExecutor(
                1, mp_context=multiprocessing.get_context("spawn")
            )
        return self._pools[role]

    def _kill_pool(self, role: str) -> None:
        """Kill a helper whose compile hangs (IREE 3.13 was seen deadlocking in its thread pool
        while verifying a module: no CPU, no end); the next compile starts a fresh one."""
        pool = self._pools.pop(role, None)
        if pool is None:
            return
        for process in list(getattr(pool, "_processes", {}).values()):
            process.kill()
        pool.shutdown(wait=False, cancel_futures=True)

    def close(self) -> None:
        """Stop the helper processes."""
        for pool in self._pools.values():
            pool.shutdown(wait=True, cancel_futures=True)
        self._pools.clear()

    @property
    def regression_entry(self) -> str:
        """Where a program found by this oracle is replayed (``save_regression``'s ``entry``):
        ``flow`` or ``splice``, and ``scheduled``/``scheduled-splice`` with the hook after
        scheduling."""
        where = "splice" if self.at_splice else "flow"
        return f"scheduled-{where}".replace("-flow", "") if self.scheduled else where

    def __enter__(self) -> Oracle:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- upstream faults -----------------------------------------------------------------------
    def _stock_fault(
        self,
        stats: Stats,
        program: Program,
        k: int,
        signature: str,
        stock_diff: str,
        new_diff: str | None,
        from_flow: bool,
    ) -> None:
        """Count a stock fault under its signature, and record it under :attr:`faults_dir`
        (with plain ``iree-compile``'s verdict) when this oracle records faults."""
        stats.upstream_faults[signature] += 1
        if not self.record_faults:
            return
        directory = self.faults_dir / fault_folder(signature)
        if directory.is_dir() and len(list(directory.glob("*.json"))) >= FAULT_EXAMPLES_PER_SIGNATURE:
            return
        plain = plain_iree_compile_verdict(program, k, self.workdir)
        record_upstream_fault(program, k, signature, stock_diff, new_diff, directory, entry=from_flow, plain=plain)


def fault_folder(signature: str) -> str:
    """The folder of one signature: readable, and unique (signatures can share a long prefix,
    e.g. two stream-phase errors, and must not share a folder's example cap)."""
    slug = re.sub(r"[^a-z0-9]+", "-", signature.lower()).strip("-")[:52].rstrip("-")
    return f"{slug}-{hashlib.sha256(signature.encode()).hexdigest()[:6]}"


def record_upstream_fault(
    program: Program,
    k: int,
    signature: str,
    stock_diff: str,
    new_diff: str | None,
    directory: Path,
    name: str | None = None,
    note: str = "",
    entry: bool = True,
    plain: str = "",
) -> Path:
    """Write one upstream-fault record: the program, where stock IREE differs, the verdict of
    plain ``iree-compile --compile-from=flow`` on it (:func:`plain_iree_compile_verdict`), and the
    module text as the campaign compiled it (``entry``: from flow, through IREE's pre-splice
    stages; else at the splice)."""
    digest = hashlib.sha256(f"{k}:{program.dumps()}".encode()).hexdigest()[:12]
    target = directory / f"{name or digest}.json"
    if target.exists():
        return target
    directory.mkdir(parents=True, exist_ok=True)
    record = {
        "signature": signature,
        "note": note,
        "position": k,
        "stock_vs_interpreter": stock_diff,
        "rewritten_vs_interpreter": new_diff or "agrees",
        "plain_iree_compile": plain,
        "entry": "flow" if entry else "splice",
        "program": program.to_json(),
        "description": program.describe().splitlines(),
        "mlir": render_module([program], first=k, unrefined=entry).text.splitlines(),
    }
    fd, tmp = tempfile.mkstemp(dir=directory, prefix=".fault.")
    with os.fdopen(fd, "w") as f:
        json.dump(record, f, indent=1)
        f.write("\n")
    os.replace(tmp, target)
    return target


def plain_iree_compile_verdict(program: Program, k: int, workdir: Path) -> str:
    """What plain ``iree-compile --compile-from=flow`` (IREE's whole stream pipeline, on the
    program as its flow-to-stream conversion would leave it) computes for ``program``: whether
    a fault is IREE's own or only shows where the campaign enters."""
    got, _ = _plain_iree_compile(program, k, workdir)
    if isinstance(got, str):
        return got
    diff = _first_difference(got, interpret(program, k))
    return (
        "plain iree-compile agrees with the interpreter" if diff is None else f"plain iree-compile is wrong too: {diff}"
    )


def _plain_iree_compile(program: Program, k: int, workdir: Path) -> tuple[list | str, bool]:
    """Plain ``iree-compile --compile-from=flow``'s build of ``program`` (as numbered ``k``),
    run on every step: its outputs, or why there are none (its compile or run failure); and
    whether it compiled."""
    import subprocess

    from rewriter.pipeline.common import tool

    rendered = render_module([program], first=k, unrefined=True)
    with tempfile.TemporaryDirectory(dir=workdir) as tmp:
        src, out = Path(tmp) / "p.mlir", Path(tmp) / "p.vmfb"
        src.write_text(rendered.text)
        argv = [tool("iree-compile"), "--compile-from=flow", *FLAGS, str(src), "-o", str(out)]
        try:
            done = subprocess.run(argv, capture_output=True, text=True, timeout=COMPILE_TIMEOUT_S)
        except subprocess.TimeoutExpired:
            return f"plain iree-compile did not finish in {COMPILE_TIMEOUT_S:.0f} s", False
        if done.returncode != 0:
            error = next((line for line in done.stderr.splitlines() if "error" in line), done.stderr.strip()[:200])
            # (without the temporary folder: one fault, one signature)
            return "plain iree-compile fails: " + _normalize(error.replace(str(src), src.name)), False
        try:
            got = run_isolated(
                out,
                rendered.functions,
                STEPS,
                arguments=rendered.arguments,
                imports=rendered.imports,
                inputs=rendered.inputs,
            )[0]
        except (LoadError, RunCrashed) as err:
            return f"plain iree-compile's module fails to run: {err}", True
    return got, True


def _raise_on_failure(batch: list[Program], result: BatchResult) -> BatchResult:
    bad = [o for o in result.outcomes if o.status in FAILING]
    if bad:
        raise Miscompile(failure_report(batch, bad), batch, bad)
    return result


#: Outcome statuses that fail a campaign (``known`` and ``upstream-fault`` do not). ``unsound``:
#: an alias the audit (:mod:`.audit`) shows wrong on some execution, whatever the runtime said.
FAILING = ("miscompile", "proof", "unsound")


def failure_report(batch: list[Program], bad: list[ProgramOutcome]) -> str:
    """What a developer needs: the program, its slice decisions, the first wrong result."""
    parts = []
    for o in bad:
        lines = [f"program p{o.index}: {o.status}: {o.detail}", batch[o.index].describe()]
        for d in o.decisions:
            lines.append(f"  slice {d.result} in @{d.function}: {d.decision.upper()}: {d.reason}")
            for c in d.checks:
                lines.append(f"    write {c.op} {c.range}: {c.verdict}")
        parts.append("\n".join(lines))
    return "\n\n".join(parts)


def save_regression(
    program: Program,
    failure: str,
    found_by: str,
    directory: Path = REGRESSIONS_DIR,
    name: str | None = None,
    rule: str = "",
    entry: str = "flow",
) -> Path:
    """Save one (shrunk) failing program as a regression case, replayed alone (as ``@p0``) by
    ``tests/e2e/test_regressions.py`` where it was found (``entry``: :attr:`Oracle.regression_entry`). Status ``open`` until the rule is fixed (see that file)."""
    directory.mkdir(parents=True, exist_ok=True)
    digest = hashlib.sha256(program.dumps().encode()).hexdigest()[:12]
    target = directory / f"campaign-{name or digest}.json"
    record: dict[str, Any] = {
        "status": "open",
        "found_by": found_by,
        "entry": entry,
        "failure": failure,
        "rule": rule or "(to be filled in when the failure is analysed)",
        "program": program.to_json(),
        "description": program.describe().splitlines(),
        "mlir": render_module([program]).text.splitlines(),
    }
    target.write_text(json.dumps(record, indent=1) + "\n")
    return target
