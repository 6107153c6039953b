"""``python -m benchmarks``: compile, measure and report the slice-elision benchmarks.

Sections, in the order they run (each one's wall time is recorded in ``results.json``):

1. **compile** the decode-step variants (seed/call/fused x stock/elided), check that the rewrite
   leaves the fused form byte-identical and that stock and elided modules compute bit-identical
   outputs over the first decode steps;
2. **copies**: ``stream.cmd.copy`` commands in the IR after ``iree-stream-schedule-allocation``
   and their bytes per step at each context (:mod:`benchmarks.copies`);
3. **memory**: allocator statistics per variant and context, one fresh process each
   (:mod:`benchmarks.memory`);
4. **step time**: interleaved rounds, medians and side-by-side ratios (:mod:`benchmarks.timing`);
5. **analysis cost**: hook time against the whole compile for seed modules of 2/32/256 layers,
   and the z3 query-time distribution (:mod:`benchmarks.analysis_cost`).

The heavy sections run one after the other, never concurrently, because they would disturb
each other's timings on a 2-core machine. ``--quick`` is a smoke run (about a minute or two).
"""

from __future__ import annotations

import argparse
import json
import math
import statistics
import sys
import tempfile
import time
from collections.abc import Callable, Sequence
from pathlib import Path

from rewriter.pipeline import DEFAULT_CPU_FLAGS, ir_after_pass

from .analysis_cost import measure_command_line, measure_corpus, measure_growth, measure_layers
from .config import FULL, PROFILES, VARIANTS, Profile
from .copies import step_copies
from .memory import memory_table
from .report import environment, evaluate_targets, write_json, write_markdown, write_plots
from .timing import check_outputs, per_round_ratio, slope, time_variants
from .variants import Variant, compile_variants, identical_modules

BENCH_DIR = Path(__file__).resolve().parent
ALLOCATION_PASS = "iree-stream-schedule-allocation"

#: Side-by-side ratios reported for step time: (numerator, denominator).
RATIOS: tuple[tuple[str, str], ...] = (
    ("seed-elided", "seed-stock"),
    ("call-elided", "call-stock"),
    ("seed-elided", "fused-stock"),
    ("call-elided", "fused-stock"),
    ("seed-stock", "fused-stock"),
)


def _log(message: str) -> None:
    print(message, flush=True)


def _summary(values: Sequence[float]) -> dict[str, float]:
    return {"median": statistics.median(values), "min": min(values), "max": max(values)}


def slope_contexts(contexts: Sequence[int]) -> tuple[int, int]:
    """The slope is taken 256 -> 4000 when both are measured, else over the widest span."""
    lo = 256 if 256 in contexts and max(contexts) > 256 else min(contexts)
    return lo, max(contexts)


# --------------------------------------------------------------------------------------------
# Sections
# --------------------------------------------------------------------------------------------


def section_compile(profile: Profile, workdir: Path) -> tuple[dict[str, Variant], dict]:
    variants = compile_variants(workdir / "modules", profile.shape)
    shape_hw = (profile.shape.heads, profile.shape.head_dim)
    checks = {
        "fused_elided_equals_fused_stock": identical_modules(variants["fused-elided"], variants["fused-stock"]),
        "call_elided_equals_call_stock": identical_modules(variants["call-elided"], variants["call-stock"]),
        "seed_elided_equals_seed_stock": identical_modules(variants["seed-elided"], variants["seed-stock"]),
        "seed_outputs": check_outputs(
            variants["seed-stock"].vmfb, variants["seed-elided"].vmfb, profile.correctness_steps, shape_hw
        ),
        "call_outputs": check_outputs(
            variants["call-stock"].vmfb, variants["call-elided"].vmfb, profile.correctness_steps, shape_hw
        ),
    }
    return variants, checks


def section_copies(variants: dict[str, Variant], contexts: Sequence[int]) -> dict:
    out: dict = {}
    for name in (*VARIANTS, "fused-elided"):
        v = variants[name]
        text = ir_after_pass(v.source, DEFAULT_CPU_FLAGS, ALLOCATION_PASS, v.hook)
        copies = step_copies(text)
        out[name] = {
            "symbol": copies.symbol,
            "commands": [c.to_json() for c in copies.copies],
            "prefix_copies": copies.prefix_count,
            "per_step": copies.table(list(contexts)),
        }
    return out


def section_memory(variants: dict[str, Variant], profile: Profile) -> dict:
    return memory_table(
        {name: variants[name].vmfb for name in VARIANTS},
        profile.contexts,
        profile.memory_calls,
        profile.shape.heads,
        profile.shape.head_dim,
    )


def section_step_time(variants: dict[str, Variant], profile: Profile) -> dict:
    result = time_variants({name: variants[name].vmfb for name in VARIANTS}, profile)
    contexts = list(profile.contexts)
    medians = {name: {str(n): statistics.median(s[n]) for n in contexts} for name, s in result.samples.items()}
    ratios = {
        f"{a}/{b}": {str(n): _summary(per_round_ratio(result.samples[a][n], result.samples[b][n])) for n in contexts}
        for a, b in RATIOS
    }
    lo, hi = slope_contexts(contexts)
    slopes = {name: slope(s, lo, hi) for name, s in result.samples.items()}
    slope_ratios = {
        f"{a}/{b}": _summary(per_round_ratio(slopes[a], slopes[b])) for a, b in RATIOS if all(x > 0 for x in slopes[b])
    }
    # Second estimate, less sensitive to one bad sample: slopes of the medians, then their ratio.
    median_slope = {
        name: (statistics.median(s[hi]) - statistics.median(s[lo])) / (hi - lo) for name, s in result.samples.items()
    }
    for a, b in RATIOS:
        if f"{a}/{b}" in slope_ratios and median_slope[b] > 0:
            slope_ratios[f"{a}/{b}"]["of_medians"] = median_slope[a] / median_slope[b]
    return {
        "driver": "local-sync",
        "samples_s": {name: {str(n): s[n] for n in contexts} for name, s in result.samples.items()},
        "calls_per_sample": {name: {str(n): c for n, c in calls.items()} for name, calls in result.calls.items()},
        "median_s": medians,
        "ratios": ratios,
        "slope": {
            "from": lo,
            "to": hi,
            "median_s_per_token": {name: statistics.median(v) for name, v in slopes.items()},
            "of_medians_s_per_token": median_slope,
            "per_round_s_per_token": slopes,
            "ratios": slope_ratios,
        },
        "round_orders": result.orders,
        "wall_s": result.wall_s,
        "load_average_1min": {"before": result.load_average[0], "after": result.load_average[1]},
    }


def section_analysis(profile: Profile) -> dict:
    layers: dict[str, dict] = {}
    for n in profile.analysis_layers:
        _log(
            f"   {n} layers x {profile.repeats_for(n)} (stock, rewrite) compile pairs "
            f"(limit {profile.analysis_limit_s:.0f} s) ..."
        )
        layers[str(n)] = measure_layers(n, profile.repeats_for(n), profile.analysis_limit_s)
        if layers[str(n)]["timed_out"]:
            _log(f"   {n} layers: stopped at the {profile.analysis_limit_s:.0f} s limit")
    out: dict = {"layers": layers, "growth": growth(layers)}
    if len(profile.growth_layers) >= 2:
        _log(
            f"   rewrite time of {', '.join(map(str, profile.growth_layers))} layers, interleaved, "
            f"x {profile.growth_rounds} rounds ..."
        )
        out["growth_interleaved"] = measure_growth(
            profile.growth_layers, profile.growth_rounds, profile.analysis_limit_s
        )
    out["command_line"] = {}
    for n in profile.analysis_layers:
        if n < 32:
            continue  # (the sizes whose share the cost target is about)
        _log(f"   {n} layers: iree-compile and slice-elision compile as commands, x {profile.repeats_for(n)} ...")
        out["command_line"][str(n)] = measure_command_line(n, max(3, profile.repeats_for(n)))
    _log(f"   z3 query times on the IR-specification cases x {profile.z3_corpus_repeats} ...")
    out["ir_cases_z3"] = measure_corpus(profile.z3_corpus_repeats)
    return out


def section_compile_cost(profile: Profile) -> dict:
    """The tool against ``iree-compile`` as whole processes (:mod:`benchmarks.compile_cost`)."""
    from .compile_cost import run as run_cost
    from .compile_cost import table

    rows = run_cost(profile.cost_rounds, profile.cost_layers)
    return {"rounds": profile.cost_rounds, "rows": rows, "table": table(rows)}


def growth(layers: dict[str, dict]) -> dict | None:
    """How hook time grows with the module: t ~ L^k between measured sizes.

    ``steps`` has k between consecutive completed sizes; the headline is the span from the
    smallest size >= 32 (the 2-layer module is dominated by fixed costs) to the largest completed
    one. When the largest size ran out of time, ``exponent_at_least`` bounds k from below using
    how long its analysis had run when it was stopped.
    """
    done = sorted((int(L), d["median"]["hook_s"]) for L, d in layers.items() if d.get("runs"))
    if len(done) < 2:
        return None

    def k(a: tuple[int, float], b: tuple[int, float]) -> float:
        return math.log(b[1] / a[1]) / math.log(b[0] / a[0])

    base = next((p for p in done if p[0] >= 32 and p != done[-1]), done[0])
    out: dict = {
        "steps": [
            {"from_layers": a[0], "to_layers": b[0], "hook_ratio": b[1] / a[1], "exponent": k(a, b)}
            for a, b in zip(done, done[1:])
        ],
        "from_layers": base[0],
        "to_layers": done[-1][0],
        "layers_ratio": done[-1][0] / base[0],
        "hook_ratio": done[-1][1] / base[1],
        "exponent": k(base, done[-1]),
    }
    cut = [(int(L), d) for L, d in layers.items() if d.get("timed_out") and not d.get("runs")]
    if cut:
        L, d = max(cut)
        if "hook_at_least_s" in d and L > done[-1][0]:
            out["cut_layers"] = L
            out["cut_hook_at_least_s"] = d["hook_at_least_s"]
            out["exponent_at_least"] = k(done[-1], (L, d["hook_at_least_s"]))
            out["exponent_at_least_from_layers"] = done[-1][0]
    return out


# --------------------------------------------------------------------------------------------
# Driver
# --------------------------------------------------------------------------------------------


def run(profile: Profile, out_dir: Path, *, plots: bool = True, workdir: Path | None = None) -> dict:
    """Run every section of ``profile`` and write the reports into ``out_dir``; returns the results."""
    started = time.perf_counter()
    timings: dict[str, float] = {}
    results: dict = {"meta": environment(), "profile": profile.to_json()}

    def timed(name: str, fn: Callable[[], object]) -> object:
        _log(f"== {name}")
        t0 = time.perf_counter()
        value = fn()
        timings[name] = time.perf_counter() - t0
        _log(f"   ({timings[name]:.1f} s)")
        return value

    with tempfile.TemporaryDirectory(prefix="slice-elision-bench-") as tmp_name:
        work = workdir or Path(tmp_name)
        variants, checks = timed("compile", lambda: section_compile(profile, work))  # type: ignore[misc]
        results["variants"] = {name: v.summary() for name, v in variants.items()}
        results["checks"] = checks
        results["copies"] = timed("copies", lambda: section_copies(variants, profile.contexts))
        results["memory"] = timed("memory", lambda: section_memory(variants, profile))
        results["step_time"] = timed("step time", lambda: section_step_time(variants, profile))
        results["analysis_cost"] = timed("analysis cost", lambda: section_analysis(profile))
        if profile.cost_rounds:
            results["compile_cost"] = timed("compile cost", lambda: section_compile_cost(profile))
    timings["total"] = time.perf_counter() - started
    results["runtime_s"] = timings
    results["targets"] = evaluate_targets(results)

    out_dir.mkdir(parents=True, exist_ok=True)
    write_json(results, out_dir / "results.json")
    if plots:
        results["plots"] = write_plots(results, out_dir)
        write_json(results, out_dir / "results.json")
    write_markdown(results, out_dir / "results.md")
    return results


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks", description=__doc__.splitlines()[0])
    parser.add_argument("--quick", action="store_true", help="smoke run: fewer rounds/contexts, 2 and 32 layers")
    parser.add_argument("--profile", choices=sorted(PROFILES), help="named profile (overrides --quick)")
    parser.add_argument(
        "--out",
        type=Path,
        default=None,
        help="output directory (default: benchmarks/ for the full profile, build/bench-PROFILE/ "
        "otherwise, so a smoke run never overwrites the committed results)",
    )
    parser.add_argument("--no-plots", action="store_true", help="skip the PNG plots")
    parser.add_argument(
        "--report-only", action="store_true", help="rewrite results.md and the plots from an existing results.json"
    )
    args = parser.parse_args(argv)
    profile = PROFILES[args.profile] if args.profile else (PROFILES["quick"] if args.quick else FULL)
    out = args.out or (BENCH_DIR if profile is FULL else BENCH_DIR.parent / "build" / f"bench-{profile.name}")

    if args.report_only:
        results = json.loads((out / "results.json").read_text())
        results["targets"] = evaluate_targets(results)
        if not args.no_plots:
            results["plots"] = write_plots(results, out)
        write_json(results, out / "results.json")
        write_markdown(results, out / "results.md")
        _log(f"rewrote {out / 'results.md'}")
        return 0

    _log(f"slice-elision benchmarks, profile {profile.name!r} -> {out}")
    results = run(profile, out, plots=not args.no_plots)
    _log("")
    for target in results["targets"]:
        _log(f"   [{target['status']:>7}] {target['target']}: {target['measured']}")
    _log(f"\nwrote {out / 'results.md'}, {out / 'results.json'} in {results['runtime_s']['total']:.0f} s")
    return 0


if __name__ == "__main__":
    sys.exit(main())
