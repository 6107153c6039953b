"""The tensor-level campaign loop: hypothesis draws programs, the oracle judges each, the first
failure stops the loop and is reduced and saved.

Rounds: each round is one ``@given`` run of :data:`PER_ROUND` examples under seed ``seed +
round`` (no example database, so a run is reproducible from its seed), until the time or
program budget is spent. A failure (a verdict of the pipeline under test's
:attr:`.pipeline.Pipeline.failures`) is reduced in two stages, both
keeping a change only while the program gets the *same verdict* (so reduction does not slide
into another bug): hypothesis's shrinking of the choices (at most ``shrink_seconds``; after
that, attempts not already judged pass, and hypothesis settles on the smallest failing example
so far), then :mod:`.reduce`'s greedy cuts of the description. The reduced program is saved
under the findings directory (its MLIR, calls, every build's answers, and the commands that
made each build).

Stock faults (stock wrong, failing, or not building, where the tool is right or refuses) are
not failures; they are counted by signature (:attr:`.oracle.Judgement.signature`) so that the
summary says how many *distinct* faults the programs met, and with a budget for it
(:func:`reduce_faults`) each signature's first program is reduced and saved as a reproducer,
and counted under the reduced program's signature.
"""

from __future__ import annotations

import collections
import json
import resource
import time
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.errors import HypothesisException

from .answer import show
from .features import features
from .oracle import Judgement, Oracle, call_specs, tool_class
from .pipeline import STOCK, TOOL, Pipeline
from .program import Program, encode, name_of_function, size
from .reduce import reduce_program
from .render import render, render_calls
from .strategies import programs

#: Examples per round (one seed each).
PER_ROUND = 20
#: Where failures are saved by default: ``tensor-campaign-findings`` in the directory the
#: campaign runs in (``python -m tests.campaign.tensor`` saves in the checkout's
#: ``tests/campaign/tensor/findings/``).
FINDINGS = Path("tensor-campaign-findings")


class _Failed(Exception):
    """Raised inside the ``@given`` body so that hypothesis shrinks the failing program."""


def _fail(verdict: str) -> None:
    """Raise :class:`_Failed` from one place: hypothesis takes a failure raised from another line
    for another bug (and a replay that raises elsewhere for a flaky test)."""
    raise _Failed(verdict)


def _cpu_seconds() -> float:
    own, children = resource.getrusage(resource.RUSAGE_SELF), resource.getrusage(resource.RUSAGE_CHILDREN)
    return own.ru_utime + own.ru_stime + children.ru_utime + children.ru_stime


@dataclass
class Stats:
    """What the programs judged in the generation phase found."""

    programs: int = 0
    verdicts: collections.Counter = field(default_factory=collections.Counter)
    stock: collections.Counter = field(default_factory=collections.Counter)
    shapes: collections.Counter = field(default_factory=collections.Counter)
    #: Per stock fault's signature: how many programs met it, the first of them, and what the
    #: pipeline under test did with them (its verdicts).
    faults: collections.Counter = field(default_factory=collections.Counter)
    examples: dict[tuple, Program] = field(default_factory=dict)
    tool: dict[tuple, collections.Counter] = field(default_factory=dict)
    #: Per signature reduced (:func:`reduce_faults`): the signature of its reduced program.
    reduced: dict[tuple, tuple] = field(default_factory=dict)
    seen: set[str] = field(default_factory=set)
    started: float = field(default_factory=time.monotonic)
    cpu: float = field(default_factory=_cpu_seconds)
    #: Wall and CPU seconds spent shrinking and reducing failures (not judging new programs).
    aside: list[float] = field(default_factory=lambda: [0.0, 0.0])
    pipeline: Pipeline = TOOL

    def add(self, p: Program, j: Judgement) -> bool:
        """Count ``p`` (once: hypothesis may draw a program twice); whether it was new."""
        key = render(p) + render_calls(p)
        if key in self.seen:
            return False
        self.seen.add(key)
        self.programs += 1
        self.verdicts[j.verdict] += 1
        self.stock[j.stock_class] += 1
        self.shapes.update(features(p))
        if j.stock_fault:
            self.faults[j.signature] += 1
            self.examples.setdefault(j.signature, p)
            self.tool.setdefault(j.signature, collections.Counter())[j.verdict] += 1
        return True

    def distinct_faults(self) -> collections.Counter:
        """Programs per distinct stock fault: a signature reduced counts under its reduced
        program's signature (several drawn signatures may reduce to one fault)."""
        out: collections.Counter = collections.Counter()
        for sig, n in self.faults.items():
            out[self.reduced.get(sig, sig)] += n
        return out

    def summary(self, seed_value: int) -> str:
        """The summary (with the pipeline under test's commands, where it is not the tool)."""
        who = "tool" if self.pipeline.is_tool else "under test"
        wall = time.monotonic() - self.started - self.aside[0]
        cpu = max(_cpu_seconds() - self.cpu - self.aside[1], 1e-9)
        lines = [
            f"tensor campaign: seed {seed_value}, {self.programs} programs in {wall:.0f} s of judging "
            f"(and {self.aside[0]:.0f} s reducing failures) "
            f"({self.programs * 3600 / cpu:.0f} per core-hour, {cpu / max(self.programs, 1):.1f} core-s each; "
            f"{self.programs * 3600 / max(wall, 1e-9):.0f} per hour)",
            *([] if self.pipeline.is_tool else [f"pipeline under test: {self.pipeline.describe()}"]),
            "verdicts: " + ", ".join(f"{k} {n}" for k, n in self.verdicts.most_common()),
            "plain iree-compile: " + ", ".join(f"{k} {n}" for k, n in self.stock.most_common()),
        ]
        distinct = self.distinct_faults()
        reduced = f"; {len(self.reduced)} of the {len(self.faults)} signatures drawn reduced" if self.reduced else ""
        lines.append(f"distinct stock faults: {len(distinct)} (programs: {sum(distinct.values())}{reduced})")
        for sig, n in distinct.most_common():
            cls, detail, hazards = sig
            cls += f" ({detail})" if detail else ""
            met = collections.Counter()
            for drawn in (d for d in self.faults if self.reduced.get(d, d) == sig):
                met.update(self.tool[drawn])
            verdicts = ", ".join(f"{v} {k}" for v, k in met.most_common())
            lines.append(f"  {n:4d}  stock {cls}: {', '.join(hazards) or 'no known shape'} ({who} {verdicts})")
        lines.append("shapes drawn: " + ", ".join(f"{k} {n}" for k, n in sorted(self.shapes.items())))
        return "\n".join(lines)


@dataclass
class Finding:
    """A failure, reduced: its verdict, program, judgement and where it was saved."""

    verdict: str
    program: Program
    judgement: Judgement
    saved: Path | None = None

    def report(self) -> str:
        return report(self.program, self.judgement, self.saved.name if self.saved else "program.mlir")


def report(p: Program, j: Judgement, source: str = "program.mlir") -> str:
    """The program's calls, every build's answers and the commands that made them (of
    ``source``), as a person reads them."""
    names = [name_of_function(k) for k, _ in p.calls()]
    lines = [f"verdict: {j.verdict} (plain iree-compile: {j.stock_class})", f"calls: {render_calls(p)}"]
    lines.append(f"expected: {show(j.expected, names)}")
    if j.evidence:
        lines.append(f"stock wrong on other arguments: {j.evidence}")
    under = j.pipeline.label
    vmfb = Path(source).stem
    lines.append(f"stock: {STOCK.describe(source, vmfb + '.stock.vmfb')}")
    lines.append(f"{under}: {j.pipeline.describe(source, vmfb + '.vmfb')}")
    for who, build in (("stock", j.stock), (under, j.ours)):
        if build.status != "built":
            lines.append(f"{who}: {build.status}: {build.said}")
            continue
        for mode, answer in build.answers.items():
            lines.append(f"{who} {mode}: {show(answer, names)}")
        others = [a for k, a in enumerate(build.also) if a not in build.answers.values() and a not in build.also[:k]]
        for answer in others:
            lines.append(f"{who} in another run: {show(answer, names)}")
        if build.said:
            lines.append(f"{who} said: {build.said}")
    return "\n".join(lines)


def save_finding(f: Finding, root: Path = FINDINGS) -> Path:
    """``<root>/<verdict>-<n>.mlir`` (``<pipeline>-<verdict>-<n>`` where the pipeline under test
    is not the tool; with the report as a comment) and ``.json`` (the description, the calls,
    the answers, the commands)."""
    root.mkdir(parents=True, exist_ok=True)
    j = f.judgement
    stem = f.verdict if j.pipeline.is_tool else f"{j.pipeline.name}-{f.verdict}"
    n = len(list(root.glob(f"{stem}-*.mlir"))) + 1
    base = root / f"{stem}-{n}"
    comment = "\n".join("// " + line for line in report(f.program, j, base.with_suffix(".mlir").name).splitlines())
    base.with_suffix(".mlir").write_text(comment + "\n" + render(f.program))
    source = base.with_suffix(".mlir").name
    data = {
        "verdict": f.verdict,
        "calls": call_specs(f.program),
        "expected": j.expected,
        "stock": {"status": j.stock.status, "said": j.stock.said, "answers": j.stock.answers, "also": j.stock.also},
        "tool": {"status": j.ours.status, "said": j.ours.said, "answers": j.ours.answers, "also": j.ours.also},
        "commands": {
            "stock": STOCK.describe(source, f"{base.name}.stock.vmfb"),
            "under_test": j.pipeline.describe(source, f"{base.name}.vmfb"),
        },
        "pipeline": {"name": j.pipeline.name, "kind": j.pipeline.kind, "flags": list(j.pipeline.flags)}
        | ({"passes": j.pipeline.passes, "phase": j.pipeline.phase} if j.pipeline.passes else {}),
        "program": encode(f.program),
    }
    base.with_suffix(".json").write_text(json.dumps(data, indent=1) + "\n")
    return base.with_suffix(".mlir")


@dataclass
class CampaignResult:
    stats: Stats
    seed: int
    rounds: int = 0
    findings: list[Finding] = field(default_factory=list)


def run_campaign(
    oracle: Oracle,
    *,
    seed_value: int,
    seconds: float | None = None,
    max_programs: int | None = None,
    per_round: int = PER_ROUND,
    shrink: bool = True,
    shrink_seconds: float = 180.0,
    reduce_seconds: float = 300.0,
    save: bool = True,
    findings_dir: Path = FINDINGS,
    keep_going: bool = False,
    failures: tuple[str, ...] | None = None,
    log: Callable[[str], None] = lambda line: None,
) -> CampaignResult:
    """Judge programs until ``seconds`` of judging (shrinking and reducing a failure are not
    counted) or ``max_programs`` (whichever first) or the first failure, which is reduced (and
    saved, with ``save``). With ``keep_going`` the loop goes on after a failure, and reduces
    only failures of a class (:func:`failure_class`) not met before (the others are counted).
    ``failures``: the verdicts that count as failures here (default: the pipeline under test's,
    :attr:`.pipeline.Pipeline.failures`; ``both-wrong`` is a finding about the check's reach,
    not a miscompile of the tool's: a test may leave it to the summary)."""
    failures = oracle.pipeline.failures if failures is None else failures
    result = CampaignResult(Stats(pipeline=oracle.pipeline), seed_value)
    known: set[tuple[str, str]] = set()
    start, reducing = time.monotonic(), [0.0]

    def spent() -> bool:
        over_time = seconds is not None and time.monotonic() - start - reducing[0] >= seconds
        return over_time or (max_programs is not None and result.stats.programs >= max_programs)

    while not spent():
        failed = _round(
            oracle, result, seed_value + result.rounds, per_round, shrink, shrink_seconds, spent, known, failures, log
        )
        result.rounds += 1
        if failed is None:
            continue
        p, j, found_at, cpu_at = failed
        known.add(failure_class(j))
        result.findings.append(_reduced(oracle, p, j, reduce_seconds, log))
        if save:
            result.findings[-1].saved = save_finding(result.findings[-1], findings_dir)
        reducing[0] += time.monotonic() - found_at
        result.stats.aside[0] += time.monotonic() - found_at
        result.stats.aside[1] += _cpu_seconds() - cpu_at
        if not keep_going:
            break
    return result


def reduce_faults(
    oracle: Oracle,
    stats: Stats,
    seconds: float,
    save: bool = True,
    findings_dir: Path = FINDINGS,
    log: Callable[[str], None] = lambda line: None,
) -> list[Path]:
    """Reduce each stock fault's first program (the most met first, within ``seconds`` in all)
    while plain iree-compile's build stays wrong in the same way (its class and error, built
    alone: :meth:`.oracle.Oracle.stock_signature`), and count it under the reduced program's
    signature: the hazard features a drawn program holds beside its fault go, so that programs
    meeting one IREE fault in different company count as one fault (:meth:`Stats.distinct_faults`).
    Saves each new reduced fault as an upstream-ready reproducer (``stock-<class>-<n>.mlir``:
    the program, plain iree-compile's command, expected and got); the paths saved."""
    deadline = time.monotonic() + seconds
    saved: list[Path] = []
    met: set[tuple] = set(stats.reduced.values())
    for sig, _ in stats.faults.most_common():
        left = deadline - time.monotonic()
        if left <= 0:
            break
        if sig in stats.reduced:
            continue
        started, cpu = time.monotonic(), _cpu_seconds()
        stock = sig[:2]
        log(f"stock {sig[0]}: reducing (size {size(stats.examples[sig])})")
        p = reduce_program(
            stats.examples[sig],
            lambda c, stock=stock: oracle.stock_signature(c)[:2] == stock,
            min(left, seconds / 4),
            log,
        )
        j = oracle.judge(p)
        stats.reduced[sig] = j.signature if j.signature[:2] == stock else sig
        if save and stats.reduced[sig] not in met:
            saved.append(save_finding(Finding(f"stock-{sig[0]}", p, j), findings_dir))
        met.add(stats.reduced[sig])
        stats.aside[0] += time.monotonic() - started
        stats.aside[1] += _cpu_seconds() - cpu
    return saved


def failure_class(j: Judgement) -> tuple[str, str]:
    """What a reduction keeps and a long run reduces once: the verdict, and for a refusal what
    the tool refused."""
    return (j.verdict, tool_class(j.ours) if j.verdict == "false-refusal" else "")


def _reduced(oracle: Oracle, p: Program, j: Judgement, seconds: float, log: Callable[[str], None]) -> Finding:
    """The failure, reduced greedily while its verdict holds."""
    log(f"{j.verdict}: reducing (size {size(p)})")
    cls = failure_class(j)
    p = reduce_program(p, lambda c: failure_class(oracle.judge(c)) == cls, seconds, log)
    return Finding(j.verdict, p, oracle.judge(p))


def _round(
    oracle: Oracle,
    result: CampaignResult,
    round_seed: int,
    per_round: int,
    shrink: bool,
    shrink_seconds: float,
    spent: Callable[[], bool],
    known: set[tuple[str, str]],
    failures: tuple[str, ...],
    log: Callable[[str], None],
) -> tuple[Program, Judgement, float, float] | None:
    """One ``@given`` run; the smallest failing program hypothesis settled on, and when the
    first was found (wall and CPU seconds), or None."""
    state: dict[str, tuple[Program, Judgement] | float] = {}
    phases = (Phase.generate, Phase.shrink) if shrink else (Phase.generate,)

    @seed(round_seed)
    @settings(
        max_examples=per_round,
        database=None,
        deadline=None,
        phases=phases,
        report_multiple_bugs=False,
        suppress_health_check=list(HealthCheck),
    )
    @given(programs())
    def check(p: Program) -> None:
        first = state.get("first")
        if first is None:
            if spent():
                return
            j = oracle.judge(p)
            if result.stats.add(p, j):
                log(f"{result.stats.programs:5d} {j.verdict:14s} stock {j.stock_class:8s} size {size(p)}")
            if j.verdict in failures and failure_class(j) not in known:
                state["first"] = state["best"] = (p, j)
                state["until"] = time.monotonic() + shrink_seconds
                state["cpu"] = _cpu_seconds()
                _fail(j.verdict)
            return
        assert isinstance(first, tuple)
        if time.monotonic() >= state["until"] and oracle.key(p) not in oracle.memo:  # type: ignore[operator]
            return
        j = oracle.judge(p)
        if failure_class(j) == failure_class(first[1]):
            best = state["best"]
            assert isinstance(best, tuple)
            if size(p) <= size(best[0]):
                state["best"] = (p, j)
            _fail(j.verdict)

    try:
        check()
    except (_Failed, HypothesisException, ExceptionGroup):
        pass  # (the smallest failing program is ``best``, whatever hypothesis made of its replay)
    best = state.get("best")
    if not isinstance(best, tuple):
        return None
    return (*best, state["until"] - shrink_seconds, state["cpu"])  # type: ignore[operator,return-value]
