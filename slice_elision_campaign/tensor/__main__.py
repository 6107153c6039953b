"""``slice-elision-campaign`` (``python -m slice_elision_campaign.tensor``, in a checkout also
``python -m tests.campaign.tensor``): the tensor-level campaign.

Judges generated programs with the pipeline under test beside plain ``iree-compile``, until the
time or program budget; prints one line per program judged and, at the end, the summary:
programs, verdicts, programs per core-hour, distinct stock faults by class, and the failures of
the pipeline under test (reduced, saved in the findings directory). Exit status 1 when a failure
was found, 2 when the pipeline under test cannot build a trivial program, or builds one the IREE
runtime the campaign runs builds on (the packaged ``iree-base-runtime``) cannot load.

The pipeline under test: ``--pipeline tool`` (``slice-elision compile``, the default), ``stock``
(plain ``iree-compile``: a control), ``flags`` (``iree-compile`` with the flags given with
``--iree-flags=...`` or after ``--``, or another binary: ``--iree-compile PATH``), or ``passes``
(``--pass-pipeline`` run by ``iree-opt`` between ``--compile-to=PHASE`` and
``--compile-from=PHASE``)::

    slice-elision-campaign --seconds 300 --seed 1 --pipeline flags -- --iree-opt-const-eval=false
    slice-elision-campaign --pipeline passes --phase flow \\
        --pass-pipeline 'builtin.module(util.func(canonicalize))'
"""

from __future__ import annotations

import argparse
import shlex
import sys
import tempfile
import time
from pathlib import Path

from .campaign import FINDINGS, PER_ROUND, reduce_faults, run_campaign
from .oracle import scratch_oracle
from .pipeline import KINDS, PHASES, Pipeline, make_pipeline
from .runner import run_build

#: What a pipeline must build, and the runtime load, before a campaign starts: a typo in a flag,
#: or another IREE's module this runtime cannot load, is not a finding (a wrong answer is: the
#: campaign judges it).
SMOKE = """util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
  %a = util.global.load @g : tensor<4xi32>
  %c1 = arith.constant 1 : index
  %u = tensor.insert_slice %row into %a[%c1] [1] [1] : tensor<1xi32> into tensor<4xi32>
  util.global.store %u, @g : tensor<4xi32>
  util.return %u : tensor<4xi32>
}
"""


def parser(prog: str, findings_dir: Path = FINDINGS) -> argparse.ArgumentParser:
    p = argparse.ArgumentParser(
        prog=prog,
        description=__doc__.split("\n\n")[1].replace("\n", " ").replace("``", ""),
        epilog="iree-compile flags may also follow '--': they go to the pipeline under test.",
    )
    p.add_argument("--seconds", type=float, default=600.0, help="time budget for judging programs (default 600)")
    p.add_argument("--seed", type=int, default=None, help="first round's seed (default: from the clock)")
    p.add_argument("--programs", type=int, default=None, help="stop after this many programs")
    p.add_argument("--per-round", type=int, default=PER_ROUND, help="programs per hypothesis run (one seed each)")
    p.add_argument("--no-shrink", action="store_true", help="reduce a failure greedily only")
    p.add_argument("--no-save", action="store_true", help="do not save failures")
    p.add_argument(
        "--reduce-faults",
        type=float,
        default=0.0,
        metavar="SECONDS",
        help="after judging, reduce the stock faults met (most met first) for up to SECONDS, count them by "
        "their reduced programs and save each as a reproducer (default 0: counted as drawn)",
    )
    p.add_argument("--findings-dir", type=Path, default=None, help=f"where failures are saved (default {findings_dir})")
    p.add_argument(
        "--keep-going",
        action="store_true",
        help="go on after a failure (each class of failure is reduced and saved once)",
    )
    p.add_argument("--quiet", action="store_true", help="only print the summary")
    g = p.add_argument_group("the pipeline under test (the reference is plain iree-compile and the interpreter)")
    g.add_argument(
        "--pipeline",
        choices=KINDS,
        default="tool",
        help="tool: slice-elision compile (default); stock: plain iree-compile; flags: iree-compile with "
        "--iree-flags; passes: --pass-pipeline through iree-opt",
    )
    g.add_argument(
        "--iree-flags",
        action="append",
        default=[],
        metavar="FLAGS",
        help="iree-compile flags, shell-quoted, after the default CPU target's (write --iree-flags='--x=1 --y'); "
        "with tool, passed to slice-elision compile",
    )
    g.add_argument("--pass-pipeline", default="", metavar="PIPELINE", help="a textual pass pipeline (passes)")
    g.add_argument(
        "--phase",
        choices=PHASES,
        default="flow",
        metavar="PHASE",
        help="passes: the phase after which the pass pipeline runs (--compile-to=PHASE, then --compile-from=PHASE; "
        f"default flow; one of {', '.join(PHASES)})",
    )
    g.add_argument("--iree-compile", default="", metavar="PATH", help="another iree-compile (flags, passes)")
    g.add_argument("--iree-opt", default="", metavar="PATH", help="another iree-opt (passes)")
    return p


def pipeline_from(args: argparse.Namespace, extra: list[str]) -> Pipeline:
    flags = tuple(w for f in args.iree_flags for w in shlex.split(f)) + tuple(extra)
    return make_pipeline(args.pipeline, flags, args.pass_pipeline, args.phase, args.iree_compile, args.iree_opt)


def smoke(pipeline: Pipeline) -> str:
    """Why ``pipeline`` cannot build :data:`SMOKE` or the runtime cannot load its build; empty
    when it can."""
    with tempfile.TemporaryDirectory(prefix="tensor-campaign-smoke-") as tmp:
        source, vmfb = Path(tmp) / "smoke.mlir", Path(tmp) / "smoke.vmfb"
        source.write_text(SMOKE)
        made = pipeline.build(source, vmfb)
        if made.status != "built":
            return f"does not build a trivial program: {made.status}: {made.said}"
        ran = run_build(vmfb, [("f", [("row", 7)])])
    unloaded = [
        f"{mode}: {answer}" for mode, answer in ran.items() if isinstance(answer, str) and answer.startswith("load")
    ]
    return f"builds a module this IREE runtime cannot load: {unloaded[0]}" if unloaded else ""


def main(argv: list[str] | None = None, prog: str = "slice-elision-campaign", findings_dir: Path = FINDINGS) -> int:
    argv = sys.argv[1:] if argv is None else list(argv)
    extra = argv[argv.index("--") + 1 :] if "--" in argv else []
    argv = argv[: argv.index("--")] if "--" in argv else argv
    p = parser(prog, findings_dir)
    args = p.parse_args(argv)
    try:
        pipeline = pipeline_from(args, extra)
    except ValueError as err:
        p.error(str(err))
    seed = args.seed if args.seed is not None else int(time.time()) % 1_000_000_000
    under = "" if pipeline.is_tool else f", pipeline under test: {pipeline.describe()}"
    print(f"tensor campaign: seed {seed}, {args.seconds:.0f} s{under}", flush=True)
    if not pipeline.is_tool and (why := smoke(pipeline)):
        print(f"{prog}: error: the pipeline under test {why}", file=sys.stderr)
        return 2
    oracle, tmp = scratch_oracle(pipeline)
    with tmp:
        result = run_campaign(
            oracle,
            seed_value=seed,
            seconds=args.seconds,
            max_programs=args.programs,
            per_round=args.per_round,
            shrink=not args.no_shrink,
            save=not args.no_save,
            findings_dir=args.findings_dir or findings_dir,
            keep_going=args.keep_going,
            log=(lambda line: None) if args.quiet else (lambda line: print(line, flush=True)),
        )
        reproducers = reduce_faults(
            oracle,
            result.stats,
            args.reduce_faults,
            save=not args.no_save,
            findings_dir=args.findings_dir or findings_dir,
            log=(lambda line: None) if args.quiet else (lambda line: print(line, flush=True)),
        )
    print()
    print(result.stats.summary(seed))
    for path in reproducers:
        print(f"stock fault reduced, saved as {path}")
    who = "tool" if pipeline.is_tool else "pipeline under test"
    if not result.findings:
        print(f"{who} failures: none")
    for f in result.findings:
        print(f"\n{who} failure {f.verdict}" + (f", saved as {f.saved}" if f.saved else "") + f":\n{f.report()}")
    return 1 if result.findings else 0


if __name__ == "__main__":
    sys.exit(main(prog="python -m slice_elision_campaign.tensor"))
