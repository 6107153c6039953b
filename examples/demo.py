"""``make demo``: the decode step, compiled with and without slice elision, run on IREE.

1. compiles ``examples/decode_step.mlir`` (2 layers, K and V caches, the seed's
   ``flow.tensor.update`` then ``flow.tensor.slice``) with stock IREE 3.13 and with the rewrite;
2. runs a few dozen decode steps of both on the IREE runtime with the same inputs and checks
   that every output is bit-identical;
3. prints the decisions, the copy commands left after allocation, and the copy bytes per step.
"""

from __future__ import annotations

import argparse
import sys
import tempfile
import time
from pathlib import Path

import numpy as np

from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_file, ir_after_pass
from rewriter.report.explain import human
from rewriter.rewrite.elide import RewriteReport, elide_slices
from rewriter.runtime import run_steps

# benchmarks/ is part of the checkout, not of the installed package: this script runs from it.
sys.path.insert(0, str(Path(__file__).resolve().parents[1]))
from benchmarks.measure import copy_bytes_per_step, copy_commands, describe  # noqa: E402

EXAMPLE = Path(__file__).resolve().parent / "decode_step.mlir"
STEP_SYMBOL = "arg1"  # the step argument of @step, as it appears in stream IR


def main(argv: list[str] | None = None) -> int:
    p = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    p.add_argument("--steps", type=int, default=32)
    p.add_argument("--input", default=str(EXAMPLE))
    args = p.parse_args(argv)
    flags = list(DEFAULT_CPU_FLAGS)
    reports: list[RewriteReport] = []

    def hook(module) -> None:
        reports.append(elide_slices(module))

    print(f"== compiling {args.input} with stock IREE 3.13 and with slice elision")
    with tempfile.TemporaryDirectory() as tmp:
        stock, elided = Path(tmp, "stock.vmfb"), Path(tmp, "elided.vmfb")
        t0 = time.perf_counter()
        compile_file(args.input, stock, flags)
        t1 = time.perf_counter()
        result = compile_file(args.input, elided, flags, hook)
        t2 = time.perf_counter()
        report = reports[0]
        print(
            f"   stock compile {t1 - t0:.2f} s, with rewrite {t2 - t1:.2f} s "
            f"(analysis + rewrite {result.hook_s * 1000:.0f} ms)"
        )

        print("\n== decisions (slice-elision explain)")
        print(_indent(human(report.decisions)))

        print(f"== running {args.steps} decode steps of both on the IREE runtime (local-sync)")
        rng = np.random.default_rng(0)
        inputs = [[rng.standard_normal((8, 64)).astype(np.float32), step] for step in range(args.steps)]
        a = run_steps(stock, "step", inputs)
        b = run_steps(elided, "step", inputs)
        same = all(np.array_equal(x[0], y[0]) and x[0].tobytes() == y[0].tobytes() for x, y in zip(a, b))
        print(f"   outputs bit-identical over {args.steps} steps: {'YES' if same else 'NO'}")

    print("\n== copy commands after iree-stream-schedule-allocation (bytes, symbolic in the step)")
    before = copy_commands(ir_after_pass(args.input, flags, "iree-stream-schedule-allocation"), "step")
    after = copy_commands(ir_after_pass(args.input, flags, "iree-stream-schedule-allocation", hook), "step")
    print(f"   stock:   {len(before)} copies: {', '.join(describe(before))}")
    print(f"   elided:  {len(after)} copies: {', '.join(describe(after)) or '-'}")
    print(f"\n   {'step':>6} {'stock bytes':>14} {'elided bytes':>14} {'saved':>14}")
    for step in (16, 256, 1024, 2000, 4000):
        x, y = copy_bytes_per_step(before, STEP_SYMBOL, step), copy_bytes_per_step(after, STEP_SYMBOL, step)
        print(f"   {step:>6} {x:>14,} {y:>14,} {x - y:>14,}")
    print(
        f"\n   {report.aliased} slice(s) aliased, {report.kept} kept; "
        f"analysis of the module took {report.analysis_seconds * 1000:.0f} ms"
    )
    return 0 if same else 1


def _indent(text: str) -> str:
    return "\n".join("   " + line if line else line for line in text.splitlines())


if __name__ == "__main__":
    sys.exit(main())
