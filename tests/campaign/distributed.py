"""The campaign's rounds on several workers: a local process pool, or a Dask cluster.

A round (one seed, :data:`.campaign.PER_ROUND` batches drawn from it by hypothesis, judged by
an oracle of its own) depends on nothing but its seed and the program under test, so rounds are
the unit a scheduler hands out: a run is reproducible from its first seed, whoever judged which
round. The default is a process pool on this machine; given a scheduler's address, the same
rounds run on a Dask ``distributed`` cluster. Dask rather than Ray: a round is a plain Python
function of picklable values whose result comes back once (no actors, no shared object store
to manage), Dask's ``LocalCluster`` starts in a test in seconds, and its workers are ordinary
processes of the same interpreter and virtual environment, which the oracle needs (it compiles
with the IREE wheel installed there).

The oracle compiles in child processes of its own (a crash of IREE is a finding, not the end of
the run), so a Dask worker must be allowed children: start workers with
``distributed.worker.daemon: False`` (:func:`local_cluster` does).

Failing batches are shared through hypothesis's example database: given a directory every
worker can reach, each round saves what failed there and replays what any round saved before
it generates anything new.
"""

from __future__ import annotations

import concurrent.futures
import multiprocessing
import tempfile
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from hypothesis.database import DirectoryBasedExampleDatabase

from .campaign import BATCH_SIZE, PER_ROUND, run_campaign
from .oracle import REGRESSIONS_DIR, Oracle, Stats, VmfbCache
from .strategies import LONG_KINDS, LONG_RATES

__all__ = ["Round", "RoundOutcome", "local_cluster", "merged", "run_round", "run_rounds"]


@dataclass(frozen=True)
class Round:
    """One unit of work: the batches hypothesis draws from ``seed`` (``batches`` examples; the
    first it tries is the smallest, an empty batch, which is not judged)."""

    seed: int
    batches: int = PER_ROUND
    batch_size: int = BATCH_SIZE
    shrink: bool = True
    save: bool = True
    regressions_dir: str = str(REGRESSIONS_DIR)
    #: hypothesis's example database (a directory every worker reaches), or None.
    database: str | None = None


@dataclass
class RoundOutcome:
    """What a round judged: its stats and its findings (each the message the campaign prints)."""

    seed: int
    stats: Stats
    findings: list[str] = field(default_factory=list)
    worker: str = ""


def run_round(job: Round) -> RoundOutcome:
    """Judge one round in this process (a pool's or a Dask worker's), with an oracle of its own."""
    database = DirectoryBasedExampleDatabase(job.database) if job.database else None
    with tempfile.TemporaryDirectory(prefix="campaign-round-") as tmp:
        with Oracle(Path(tmp), VmfbCache(Path(tmp) / "cache", max_entries=64)) as oracle:
            result = run_campaign(
                oracle,
                seed_value=job.seed,
                max_rounds=1,
                per_round=job.batches,
                batch_size=job.batch_size,
                shrink=job.shrink,
                save_regressions=job.save,
                regressions_dir=Path(job.regressions_dir),
                kinds=LONG_KINDS,
                rates=LONG_RATES,
                database=database,
            )
    worker = multiprocessing.current_process().name
    return RoundOutcome(job.seed, result.stats, [f.message for f in result.findings], worker)


def run_rounds(
    first_seed: int,
    *,
    rounds: int | None = None,
    seconds: float | None = None,
    scheduler: str | None = None,
    workers: int = 2,
    template: Round | None = None,
    on_outcome: Callable[[RoundOutcome], None] = lambda outcome: None,
) -> list[RoundOutcome]:
    """Rounds of seeds ``first_seed``, ``first_seed + 1``, ... on ``workers`` local processes, or
    on the Dask cluster at ``scheduler``: ``rounds`` of them, or as many as start within
    ``seconds`` (each worker kept busy until then). ``template`` holds every round's settings but
    the seed. Outcomes come back in the order of their seeds."""
    if rounds is None and seconds is None:
        raise ValueError("give rounds or seconds")
    template = template or Round(first_seed)
    started = time.monotonic()
    seeds = _seeds(first_seed, rounds)

    def more() -> Round | None:
        if seconds is not None and time.monotonic() - started >= seconds:
            return None
        nxt = next(seeds, None)
        return None if nxt is None else _with_seed(template, nxt)

    if scheduler is None:
        context = multiprocessing.get_context("spawn")
        with concurrent.futures.ProcessPoolExecutor(workers, mp_context=context) as pool:
            outcomes = _drain(pool.submit, concurrent.futures.as_completed, more, workers, on_outcome)
    else:
        from distributed import Client, as_completed

        with Client(scheduler) as client:
            slots = max(workers, sum(client.nthreads().values()))
            outcomes = _drain(lambda fn, job: client.submit(fn, job, pure=False), as_completed, more, slots, on_outcome)
    return sorted(outcomes, key=lambda o: o.seed)


def _drain(
    submit: Callable[..., Any],
    as_completed: Callable[[Any], Iterator[Any]],
    more: Callable[[], Round | None],
    slots: int,
    on_outcome: Callable[[RoundOutcome], None],
) -> list[RoundOutcome]:
    """Keep ``slots`` rounds in flight until ``more`` has none; every outcome, as it comes."""
    outcomes: list[RoundOutcome] = []
    pending = set()
    while len(pending) < slots and (job := more()) is not None:
        pending.add(submit(run_round, job))
    while pending:
        done = next(iter(as_completed(list(pending))))
        pending.discard(done)
        outcome = done.result()
        outcomes.append(outcome)
        on_outcome(outcome)
        if (job := more()) is not None:
            pending.add(submit(run_round, job))
    return outcomes


def _seeds(first: int, rounds: int | None) -> Iterator[int]:
    k = 0
    while rounds is None or k < rounds:
        yield first + k
        k += 1


def _with_seed(template: Round, seed: int) -> Round:
    return Round(
        seed,
        template.batches,
        template.batch_size,
        template.shrink,
        template.save,
        template.regressions_dir,
        template.database,
    )


def local_cluster(workers: int = 2) -> Any:
    """A Dask ``LocalCluster`` of ``workers`` single-threaded processes allowed children (the
    oracle's compile processes): what the test of the distributed path starts."""
    import dask
    from distributed import LocalCluster

    with dask.config.set({"distributed.worker.daemon": False}):
        return LocalCluster(n_workers=workers, threads_per_worker=1, processes=True, dashboard_address=None)


def merged(outcomes: list[RoundOutcome]) -> Stats:
    """One summary of several rounds' stats."""
    total = Stats()
    for o in outcomes:
        total.add(o.stats)
    return total
