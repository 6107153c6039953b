"""``slice-elision-campaign --seconds N --seed S`` (``python -m slice_elision_campaign.tensor``,
in a checkout also ``python -m tests.campaign.tensor``): the tensor-level campaign.

Prints one line per program judged and, at the end, the summary: programs, verdicts, programs
per core-hour, distinct stock faults by class, and the tool's failures (reduced, saved in the
findings directory). Exit status 1 when a failure was found.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from .campaign import FINDINGS, PER_ROUND, run_campaign
from .oracle import scratch_oracle


def main(argv: list[str] | None = None, prog: str = "slice-elision-campaign", findings_dir: Path = FINDINGS) -> int:
    p = argparse.ArgumentParser(prog=prog, description="The tensor-level campaign.")
    p.add_argument("--seconds", type=float, default=600.0, help="time budget for judging programs (default 600)")
    p.add_argument("--seed", type=int, default=None, help="first round's seed (default: from the clock)")
    p.add_argument("--programs", type=int, default=None, help="stop after this many programs")
    p.add_argument("--per-round", type=int, default=PER_ROUND, help="programs per hypothesis run (one seed each)")
    p.add_argument("--no-shrink", action="store_true", help="reduce a failure greedily only")
    p.add_argument("--no-save", action="store_true", help="do not save failures")
    p.add_argument(
        "--findings-dir", type=Path, default=findings_dir, help=f"where failures are saved (default {findings_dir})"
    )
    p.add_argument(
        "--keep-going",
        action="store_true",
        help="go on after a failure (each class of failure is reduced and saved once)",
    )
    p.add_argument("--quiet", action="store_true", help="only print the summary")
    args = p.parse_args(argv)
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000_000
    print(f"tensor campaign: seed {seed}, {args.seconds:.0f} s", flush=True)
    oracle, tmp = scratch_oracle()
    with tmp:
        result = run_campaign(
            oracle,
            seed_value=seed,
            seconds=args.seconds,
            max_programs=args.programs,
            per_round=args.per_round,
            shrink=not args.no_shrink,
            save=not args.no_save,
            findings_dir=args.findings_dir,
            keep_going=args.keep_going,
            log=(lambda line: None) if args.quiet else (lambda line: print(line, flush=True)),
        )
    print()
    print(result.stats.summary(seed))
    if not result.findings:
        print("tool failures: none")
    for f in result.findings:
        print(f"\ntool failure {f.verdict}" + (f", saved as {f.saved}" if f.saved else "") + f":\n{f.report()}")
    return 1 if result.findings else 0


if __name__ == "__main__":
    sys.exit(main(prog="python -m slice_elision_campaign.tensor"))
