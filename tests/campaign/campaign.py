"""The campaign loop: hypothesis draws batches, the oracle judges them, failures shrink.

Profiles:

* **default** (``make test``): a fixed seed and a fixed number of batches, so every run checks
  the same 100+ programs (and, with the compile cache warm, costs little);
* **long** (``make fuzz``): rounds of fresh seeds until a time budget is spent; prints a summary.
  It draws :data:`.strategies.LONG_KINDS` and ``LONG_RATES`` (the default's kinds plus, rarer,
  the focused profiles' own), so that every shape the summary names is drawn.

A failure (:class:`.oracle.Miscompile`) is reduced over the program *description*, never
over text, in two stages:

1. hypothesis shrinks the failing batch: it replays the choices that built it with parts
   removed or simplified -- a program slot shrinks to "no program", op lists get shorter,
   ranges constant, sizes smaller -- and keeps a change whenever the batch still fails. Each
   attempt is judged one program per module with a memo, so dropping a program costs nothing
   and changing one recompiles only that one. After ``shrink_seconds`` it settles;
2. :mod:`.reduce` then minimises each failing program greedily (drop ops, globals, step
   dependence, ``assume``), keeping a change when the program alone still fails the same way.

The minimal program is saved as a regression case (:func:`.oracle.save_regression`, replayed
by ``tests/e2e/test_regressions.py``) and reported with its slice decisions. Generation stops at the
time budget; reducing a failure found before it does not.
"""

from __future__ import annotations

import json
import time
from collections.abc import Callable
from dataclasses import dataclass, field, replace
from pathlib import Path

from hypothesis import HealthCheck, Phase, given, seed, settings
from hypothesis.database import ExampleDatabase

from .oracle import FAILING, REGRESSIONS_DIR, GeneratorBug, Miscompile, Oracle, Stats, failure_report, save_regression
from .reduce import failure_kind, reduce_program
from .strategies import FOCUSED_KINDS, FOCUSED_RATES, KINDS, batches

#: Deterministic profile of ``make test``: seed, batches, programs per batch.
DEFAULT_SEED = 20261282
DEFAULT_BATCHES = 11
BATCH_SIZE = 16
#: Batches per round (one seed per round) of :func:`run_campaign`.
PER_ROUND = 3
#: The focused profiles (``--campaign-profile=<family>``): first seed and batches.
FOCUSED_PROFILES: dict[str, tuple[int, int]] = {
    "loops": (1, 6),
    "calls": (2, 4),
    "regions": (3, 4),
    "offsets": (4, 6),
    "iterations": (5, 4),
    "inputs": (6, 4),
}
#: What ``--campaign-profile=soundness`` surveys: (family, seed, batches).
SOUNDNESS_FAMILIES: list[tuple[str, int, int]] = [("default", DEFAULT_SEED, DEFAULT_BATCHES)] + [
    (name, seed_value, n) for name, (seed_value, n) in FOCUSED_PROFILES.items()
]


def reduce_failure(oracle: Oracle, program, detail: str):
    """:func:`.reduce.reduce_program` with "fails the same way, judged alone" as the test."""
    kind = failure_kind(detail)

    def still_fails(candidate) -> bool:
        (outcome,) = oracle.judge_per_program([candidate]).outcomes
        return outcome.status in FAILING and failure_kind(outcome.detail) == kind

    return reduce_program(program, still_fails)


def _fails_per_program(oracle: Oracle, batch: list) -> bool:
    try:
        oracle.run_per_program(batch)
    except Miscompile:
        return True
    return False


@dataclass
class Finding:
    """One shrunk failure: the message, the minimal batch, where it was saved."""

    kind: str  # "miscompile" | "generator"
    message: str
    batch: list
    saved: Path | None = None


@dataclass
class CampaignResult:
    stats: Stats = field(default_factory=Stats)
    findings: list[Finding] = field(default_factory=list)
    rounds: int = 0


def run_campaign(
    oracle: Oracle,
    *,
    seed_value: int = DEFAULT_SEED,
    max_batches: int | None = None,
    seconds: float | None = None,
    batch_size: int = BATCH_SIZE,
    per_round: int = PER_ROUND,
    shrink: bool = True,
    save_regressions: bool = True,
    regressions_dir: Path = REGRESSIONS_DIR,
    stop_at_first: bool = False,
    shrink_seconds: float = 150.0,
    log: Callable[[str], None] = lambda line: None,
    kinds: tuple[str, ...] = KINDS,
    rates: dict[str, int] | None = None,
    database: ExampleDatabase | None = None,
    max_rounds: int | None = None,
) -> CampaignResult:
    """Run batches until ``max_batches`` were judged, ``seconds`` have passed or ``max_rounds``
    rounds ran (whichever first).

        ``database``: hypothesis's example database the rounds save their failing batches in and
        replay first (a directory several workers share: any worker's find is replayed by all,
        :mod:`.distributed`); None keeps nothing.

        Rounds of ``per_round`` batches each use seed ``seed_value + round``; within a round a failure
        stops generation and is shrunk (unless ``shrink`` is false): by hypothesis for at most
        ``shrink_seconds`` (after that every attempt it has not seen fail passes, so it settles on
        the smallest failing batch so far), then each failing program by :mod:`.reduce`.
    """
    if max_batches is None and seconds is None and max_rounds is None:
        raise ValueError("give max_batches, seconds or max_rounds")
    result = CampaignResult()
    started = time.monotonic()

    def out_of_budget() -> bool:
        if max_batches is not None and result.stats.batches >= max_batches:
            return True
        return seconds is not None and time.monotonic() - started >= seconds

    phases = [Phase.generate, Phase.shrink] if shrink else [Phase.generate]
    if database is not None:
        phases.insert(0, Phase.reuse)
    while not out_of_budget() and (max_rounds is None or result.rounds < max_rounds):
        # Once a batch fails, hypothesis shrinks it; every later call is a shrink attempt and is
        # judged one program per module (memoized), unless the failure needs the whole module.
        failing: dict = {"seen": False, "per_program": True, "since": 0.0, "batches": set()}

        @seed(seed_value + result.rounds)
        @settings(
            max_examples=per_round,
            database=database,
            deadline=None,
            phases=phases,
            suppress_health_check=list(HealthCheck),
            report_multiple_bugs=False,
            print_blob=False,
        )
        @given(batches(size=batch_size, kinds=kinds, rates=rates))
        def one_batch(batch: list) -> None:
            if not batch:
                return
            if failing["seen"]:
                key = json.dumps([p.to_json() for p in batch], sort_keys=True)
                if key not in failing["batches"] and time.monotonic() - failing["since"] > shrink_seconds:
                    return  # shrinking budget spent: only batches already seen failing fail
                try:
                    judge(batch)
                except (Miscompile, GeneratorBug):
                    failing["batches"].add(key)
                    raise
                return
            if out_of_budget():
                return  # budget spent: let the round finish without work
            judged = oracle.judge(batch)
            if any(o.status in FAILING for o in judged.outcomes):
                # Count what the failing batch covered (shapes, slices); its failures are
                # reported once shrunk.
                judged.stats.failures = []
                result.stats.add(judged.stats)
                # Re-raise from the same call as every shrink attempt will make, outside any
                # handler: hypothesis compares failures by where (and from what) they arise.
                failing["seen"] = True
                failing["since"] = time.monotonic()
                failing["batches"].add(json.dumps([p.to_json() for p in batch], sort_keys=True))
                log(f"batch {result.stats.batches + 1} failed; confirming one program per module, then shrinking")
                failing["per_program"] = _fails_per_program(oracle, batch)
                judge(batch)
                raise AssertionError("a failing batch passed when judged again (nondeterminism?)")
            result.stats.add(judged.stats)
            log(
                f"batch {result.stats.batches}: {judged.stats.programs} programs, "
                f"{judged.stats.slices} slices, {judged.stats.aliased} aliased, "
                f"{sum(judged.stats.upstream_faults.values())} upstream faults ({judged.stats.seconds:.1f} s)"
            )

        def judge(batch: list) -> None:
            (oracle.run_per_program if failing["per_program"] else oracle.run)(batch)

        result.rounds += 1
        try:
            one_batch()
        except Miscompile as err:
            log(f"hypothesis shrank the failure to {len(err.batch)} program(s); reducing each failing program")
            for o in err.failures or []:
                program = reduce_failure(oracle, err.batch[o.index], o.detail) if shrink else err.batch[o.index]
                (final,) = oracle.judge_per_program([program]).outcomes
                if final.status not in FAILING:
                    # Alone the program passes: the failure needs the other programs of its
                    # module. Report it as the module showed it, never as an "ok".
                    program = err.batch[o.index]
                    final = replace(
                        o, index=0, detail=f"{o.detail} (in a module of {len(err.batch)} programs; alone it passes)"
                    )
                finding = Finding("miscompile", failure_report([program], [final]), [program])
                if save_regressions:
                    finding.saved = save_regression(
                        program,
                        f"{final.status}: {final.detail}",
                        f"campaign seed {seed_value + result.rounds - 1}",
                        regressions_dir,
                        entry=oracle.regression_entry,
                    )
                result.findings.append(finding)
                result.stats.failures.append(f"{final.status}: {final.detail[:160]}")
                log(f"FAILURE:\n{finding.message}" + (f"\nsaved as {finding.saved}" if finding.saved else ""))
        except GeneratorBug as err:
            result.findings.append(Finding("generator", str(err), []))
            result.stats.failures.append(f"generator: {err}")
            log(f"GENERATOR BUG: {err}")
        if result.findings and stop_at_first:
            break
    return result


def profile_batches(
    seed_value: int = DEFAULT_SEED,
    n_batches: int = DEFAULT_BATCHES,
    family: str = "default",
    batch_size: int = BATCH_SIZE,
) -> list[list]:
    """The batches :func:`run_campaign` draws for a profile while nothing fails (rounds of
    :data:`PER_ROUND` with seeds ``seed_value + round``): what the profile covers, without
    compiling (the shape-count test)."""
    out: list[list] = []
    round_ = 0
    while len(out) < n_batches:

        @seed(seed_value + round_)
        @settings(
            max_examples=PER_ROUND,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(batches(size=batch_size, kinds=FOCUSED_KINDS.get(family, KINDS), rates=FOCUSED_RATES.get(family)))
        def draw(batch: list) -> None:
            if batch and len(out) < n_batches:
                out.append(batch)

        draw()
        round_ += 1
    return out


def sample_batch(seed_value: int, size: int = BATCH_SIZE, family: str = "default") -> list:
    """A fixed generated batch (the largest of a few drawn with ``seed_value``), for tests that
    need generated programs without a campaign loop (the mutation tests)."""
    drawn: list[list] = []

    @seed(seed_value)
    @settings(
        max_examples=4, database=None, deadline=None, phases=[Phase.generate], suppress_health_check=list(HealthCheck)
    )
    @given(batches(size=size, kinds=FOCUSED_KINDS.get(family, KINDS), rates=FOCUSED_RATES.get(family)))
    def draw(batch: list) -> None:
        drawn.append(batch)

    draw()
    return max(drawn, key=len)


@dataclass
class Detection:
    """When a survey first saw a failure of one suspected class."""

    cls: str
    profile: str
    programs: int  # programs judged by the survey up to and including the detecting batch
    seconds: float  # survey time up to the end of that batch
    status: str
    example: str  # the first failing program's description and detail
    count: int = 0


@dataclass
class SurveyResult:
    stats: Stats = field(default_factory=Stats)
    detections: dict[str, Detection] = field(default_factory=dict)
    failing: list = field(default_factory=list)  # (profile, program, outcome)

    def table(self) -> str:
        from .classify import CLASSES

        lines = ["class    found  first by  programs  seconds  count  what"]
        for cid in list(CLASSES) + sorted(set(self.detections) - set(CLASSES)):
            d = self.detections.get(cid)
            what = CLASSES.get(cid, "(no known class)")
            if d is None:
                lines.append(f"{cid:8s} no     -         -         -        0      {what}")
            else:
                lines.append(
                    f"{cid:8s} yes    {d.profile:9s} {d.programs:<9d} {d.seconds:<8.0f} {d.count:<6d} {what}"
                    f" ({d.status})"
                )
        return "\n".join(lines)


def survey(
    oracle: Oracle,
    families: list[tuple[str, int, int]],
    batch_size: int = BATCH_SIZE,
    log: Callable[[str], None] = lambda line: None,
) -> SurveyResult:
    """Judge fixed-seed batches of each ``(family, seed, batches)`` without
    stopping or shrinking at failures, and record, per suspected class (:mod:`.classify`), when
    it was first seen (programs and seconds into the survey) and how often. This is how the
    campaign shows that its shapes *reach* each known class of wrong alias: the ``soundness``
    profile runs it and fails while any class is still found."""
    from .classify import suspected_classes

    result = SurveyResult()
    started = time.monotonic()
    for name, seed_value, n_batches in families:
        kinds, rates = FOCUSED_KINDS.get(name, KINDS), FOCUSED_RATES.get(name)
        drawn: list[list] = []

        @seed(seed_value)
        @settings(
            max_examples=n_batches,
            database=None,
            deadline=None,
            phases=[Phase.generate],
            suppress_health_check=list(HealthCheck),
        )
        @given(batches(size=batch_size, kinds=kinds, rates=rates))
        def draw(batch: list) -> None:
            if batch:
                drawn.append(batch)

        draw()
        for batch in drawn:
            judged = oracle.judge(batch)
            result.stats.add(judged.stats)
            elapsed = time.monotonic() - started
            for o in judged.outcomes:
                if o.status not in FAILING:
                    continue
                program = batch[o.index] if o.index < len(batch) else batch[-1]
                result.failing.append((name, program, o))
                for cid in suspected_classes(program, o.index, o.decisions, o.detail):
                    d = result.detections.get(cid)
                    if d is None:
                        d = result.detections[cid] = Detection(
                            cid,
                            name,
                            result.stats.programs,
                            elapsed,
                            o.status,
                            f"{program.describe()}\n{o.status}: {o.detail}",
                        )
                    d.count += 1
            log(
                f"{name}: {judged.stats.programs} programs, {sum(o.status in FAILING for o in judged.outcomes)} failing "
                f"({elapsed:.0f} s)"
            )
    result.stats.seconds = time.monotonic() - started
    return result
