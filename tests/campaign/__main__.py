"""``python -m tests.campaign --seconds N``: the long soundness campaign (``make fuzz``).

Prints one line per judged batch and, at the end, the summary: programs run, slices seen,
aliased, kept by reason, failures (shrunk, saved under tests/regressions/) and upstream faults
(recorded under tests/upstream_faults/). Exit status 1 when a failure was found.
"""

from __future__ import annotations

import argparse
import os
import sys
import tempfile
import time
from pathlib import Path

from .campaign import BATCH_SIZE, run_campaign
from .oracle import REGRESSIONS_DIR, Oracle, VmfbCache
from .strategies import LONG_KINDS, LONG_RATES


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(prog="python -m tests.campaign", description=__doc__.split("\n\n")[0])
    p.add_argument("--seconds", type=float, default=600.0, help="time budget for generating batches (default 600)")
    p.add_argument("--seed", type=int, default=None, help="first round's seed (default: from the clock)")
    p.add_argument("--batch-size", type=int, default=BATCH_SIZE, help="programs per compiled module")
    p.add_argument("--no-shrink", action="store_true", help="report failures unshrunk (faster)")
    p.add_argument("--no-save", action="store_true", help="do not save failures as regression cases")
    p.add_argument(
        "--regressions-dir",
        type=Path,
        default=REGRESSIONS_DIR,
        help="where failures are saved (default tests/regressions)",
    )
    p.add_argument(
        "--strict",
        action="store_true",
        help="mask no known open failure (tests/campaign/known.py): report them as failures",
    )
    p.add_argument("--quiet", action="store_true", help="only print the summary")
    p.add_argument(
        "--scheduler",
        help="a Dask scheduler's address (tcp://host:8786): run the rounds on that cluster (tests.campaign.distributed)",
    )
    p.add_argument("--workers", type=int, default=1, help="run rounds on this many local processes (default 1)")
    p.add_argument("--database", type=Path, help="hypothesis's example database, a directory every worker reaches")
    args = p.parse_args(argv)
    if args.strict:
        os.environ["SLICE_ELISION_CAMPAIGN_STRICT"] = "1"
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000_000
    print(f"campaign: seed {seed}, {args.seconds:.0f} s, {args.batch_size} programs per module", flush=True)
    if args.scheduler or args.workers > 1:
        return _on_workers(args, seed)
    with tempfile.TemporaryDirectory(prefix="campaign-") as tmp:
        # No shared compile cache: every program of a long run is new; the cache would only grow.
        with Oracle(Path(tmp), VmfbCache(Path(tmp) / "cache", max_entries=64)) as oracle:
            result = run_campaign(
                oracle,
                seed_value=seed,
                seconds=args.seconds,
                batch_size=args.batch_size,
                shrink=not args.no_shrink,
                save_regressions=not args.no_save,
                regressions_dir=args.regressions_dir,
                kinds=LONG_KINDS,
                rates=LONG_RATES,
                log=(lambda line: None) if args.quiet else (lambda line: print(line, flush=True)),
            )
    print()
    print(result.stats.summary())
    for f in result.findings:
        print(f"\n{f.kind} finding" + (f", saved as {f.saved}" if f.saved else "") + f":\n{f.message}")
    return 1 if result.findings else 0


def _on_workers(args: argparse.Namespace, seed: int) -> int:
    """The same campaign, its rounds (one seed each) on local workers or a Dask cluster."""
    from .distributed import Round, merged, run_rounds

    template = Round(
        seed,
        batch_size=args.batch_size,
        shrink=not args.no_shrink,
        save=not args.no_save,
        regressions_dir=str(args.regressions_dir),
        database=str(args.database) if args.database else None,
    )

    def report(outcome) -> None:  # type: ignore[no-untyped-def]
        if not args.quiet:
            print(f"round {outcome.seed} ({outcome.worker}): {outcome.stats.programs} programs", flush=True)

    outcomes = run_rounds(
        seed, seconds=args.seconds, scheduler=args.scheduler, workers=args.workers, template=template, on_outcome=report
    )
    print()
    print(merged(outcomes).summary())
    findings = [(o.seed, m) for o in outcomes for m in o.findings]
    for round_seed, message in findings:
        print(f"\nfinding (round {round_seed}):\n{message}")
    return 1 if findings else 0


if __name__ == "__main__":
    sys.exit(main())
