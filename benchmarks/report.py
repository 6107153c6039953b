"""Reports of a benchmark run: ``results.json`` (raw), ``results.md`` (tables), PNG plots.

Everything here reads only the results dictionary (the content of ``results.json``), so the
Markdown and the plots can be regenerated from a saved run (``python -m benchmarks
--report-only``) and can never show a number that is not in the raw file.
"""

from __future__ import annotations

import datetime as _dt
import json
import os
import platform
import statistics
import subprocess
from collections.abc import Sequence
from importlib import metadata
from pathlib import Path
from typing import Any

from .config import VARIANTS

PACKAGES = ("iree-base-compiler", "iree-base-runtime", "z3-solver", "sympy", "numpy", "matplotlib")

#: Threshold for "analysis time grows no worse than linearly": the fitted exponent k of
#: hook_s ~ layers^k between the two largest modules. 1.0 is linear; 0.1 allows for timing noise.
LINEAR_EXPONENT_LIMIT = 1.1
SLOPE_TOLERANCE = 0.10
SHARE_LIMIT = 0.05


def _vs_stock(runs: list[dict]) -> float:
    """How much longer the rewrite compile took than the stock compile beside it (median of
    the interleaved pairs)."""
    return statistics.median(r["total_s"] / r["stock_total_s"] - 1 for r in runs)


# --------------------------------------------------------------------------------------------
# Environment
# --------------------------------------------------------------------------------------------


def _lscpu() -> dict[str, str]:
    try:
        text = subprocess.run(["lscpu"], capture_output=True, text=True, check=True).stdout
    except (OSError, subprocess.CalledProcessError):
        return {}
    out: dict[str, str] = {}
    for line in text.splitlines():
        key, _, value = line.partition(":")
        out.setdefault(key.strip(), value.strip())
    return out


def _git_commit() -> str | None:
    try:
        return (
            subprocess.run(
                ["git", "rev-parse", "--short", "HEAD"],
                capture_output=True,
                text=True,
                check=True,
                cwd=Path(__file__).resolve().parent,
            ).stdout.strip()
            or None
        )
    except (OSError, subprocess.CalledProcessError):
        return None


def _uncommitted_sources() -> list[str]:
    """Uncommitted changes to the code under test (read-only ``git status``).

    Several engineers edit the tree at once; a result measured on uncommitted analysis code
    must say so, or it will be attributed to the commit it names.
    """
    try:
        text = subprocess.run(
            ["git", "status", "--porcelain", "--", "rewriter", "stream_model", "dfx"],
            capture_output=True,
            text=True,
            check=True,
            cwd=Path(__file__).resolve().parent.parent,
        ).stdout
    except (OSError, subprocess.CalledProcessError):
        return []
    return [line[3:] for line in text.splitlines() if line.strip()]


def environment() -> dict[str, Any]:
    """Machine, versions and date: the context without which the numbers mean little."""
    cpu = _lscpu()
    versions: dict[str, str | None] = {}
    for name in PACKAGES:
        try:
            versions[name] = metadata.version(name)
        except metadata.PackageNotFoundError:
            versions[name] = None
    try:
        from iree.compiler import version as compiler_version  # type: ignore[attr-defined]

        versions["iree-compiler-revision"] = getattr(compiler_version, "REVISIONS", {}).get("IREE")
    except ImportError:
        pass
    return {
        "date": _dt.datetime.now(_dt.UTC).strftime("%Y-%m-%d %H:%M UTC"),
        "machine": {
            "model": cpu.get("Model name", platform.processor() or "unknown"),
            "cpus": os.cpu_count(),
            "threads_per_core": cpu.get("Thread(s) per core"),
            "hypervisor": cpu.get("Hypervisor vendor"),
            "arch": platform.machine(),
        },
        "python": platform.python_version(),
        "versions": versions,
        "git_commit": _git_commit(),
        "uncommitted_sources": _uncommitted_sources(),
    }


# --------------------------------------------------------------------------------------------
# Targets
# --------------------------------------------------------------------------------------------


def _contexts(results: dict) -> list[str]:
    return [str(n) for n in results["profile"]["contexts"]]


def evaluate_targets(results: dict) -> list[dict[str, str]]:
    """The issue's targets, each with what was measured and ``met`` / ``not met`` / ``n/a``."""
    out: list[dict[str, str]] = []
    ctx = _contexts(results)
    lo, hi = str(results["step_time"]["slope"]["from"]), str(results["step_time"]["slope"]["to"])

    copies = results["copies"]
    elided = [copies["seed-elided"]["per_step"][n]["prefix"] for n in ctx]
    stock_hi = copies["seed-stock"]["per_step"][ctx[-1]]["prefix"]
    out.append(
        {
            "target": "seed form: copy bytes/step from slices are 0 with the rewrite at every context",
            "measured": f"seed-elided {', '.join(f'{n}: {b:,}' for n, b in zip(ctx, elided))} B "
            f"(seed-stock at {ctx[-1]}: {stock_hi:,} B)",
            "status": "met" if all(b == 0 for b in elided) else "not met",
        }
    )
    call = [copies["call-elided"]["per_step"][n]["prefix"] for n in ctx]
    out.append(
        {
            "target": "call form (informational, no target): copy bytes/step with the rewrite",
            "measured": f"call-elided keeps {copies['call-elided']['prefix_copies']} of "
            f"{copies['call-stock']['prefix_copies']} prefix copies, "
            f"{call[-1]:,} B at {ctx[-1]} (call-stock {copies['call-stock']['per_step'][ctx[-1]]['prefix']:,} B)",
            "status": "info",
        }
    )

    ratio = results["step_time"]["slope"]["ratios"].get("seed-elided/fused-stock")
    if ratio is None:
        out.append(
            {
                "target": f"step-time slope {lo}->{hi} within 10% of fused",
                "measured": "fused slope <= 0",
                "status": "n/a",
            }
        )
    else:
        out.append(
            {
                "target": f"seed form: step-time slope ({lo}->{hi}) within {SLOPE_TOLERANCE:.0%} of the fused reference",
                "measured": f"slope seed-elided / fused-stock = {ratio['median']:.3f} (median of per-round ratios; "
                f"range {ratio['min']:.2f}-{ratio['max']:.2f}"
                + (f"; ratio of median slopes {ratio['of_medians']:.3f}" if "of_medians" in ratio else "")
                + ")",
                "status": "met" if abs(ratio["median"] - 1) <= SLOPE_TOLERANCE else "not met",
            }
        )

    mem = results["memory"]
    if all(mem[v][n].get("available") for v in ("seed-elided", "fused-stock") for n in (lo, hi)):

        def growth(v: str, key: str) -> int:
            return mem[v][hi][key] - mem[v][lo][key]

        g = {
            v: (growth(v, "step_alloc_bytes"), growth(v, "peak_bytes"))
            for v in ("seed-elided", "fused-stock", "seed-stock")
        }
        out.append(
            {
                "target": f"seed form: device memory growth ({lo}->{hi}) equal to the fused reference",
                "measured": "growth of per-step allocation / peak: "
                + "; ".join(f"{v} {fmt_bytes(a)} / {fmt_bytes(p)}" for v, (a, p) in g.items()),
                "status": "met" if g["seed-elided"] == g["fused-stock"] else "not met",
            }
        )
    else:
        out.append(
            {"target": "device memory growth equal to fused", "measured": "no allocator statistics", "status": "n/a"}
        )

    layers = results["analysis_cost"]["layers"]
    biggest = max(layers, key=int)
    big = layers[biggest]
    target = f"analysis under {SHARE_LIMIT:.0%} of compile time at 256 layers"
    if big.get("runs"):
        share = big["median"]["hook_share"]
        out.append(
            {
                "target": target,
                "measured": f"{biggest} layers: hook {big['median']['hook_s']:.2f} s of "
                f"{big['median']['total_s']:.2f} s = {share:.1%}",
                "status": ("met" if share < SHARE_LIMIT else "not met")
                if biggest == "256"
                else "n/a (256 not measured)",
            }
        )
    else:
        stock = big.get("median", {}).get("stock_total_s")
        at_least = big.get("hook_at_least_s")
        out.append(
            {
                "target": target,
                "measured": f"{biggest} layers: the compile with the rewrite did not finish within the "
                f"{big['limit_s']:.0f} s limit"
                + (f" (analysis still running after {at_least:.0f} s" if at_least is not None else "")
                + (
                    f"; the stock compile takes {stock:.1f} s)"
                    if stock and at_least is not None
                    else ")"
                    if at_least is not None
                    else ""
                ),
                "status": "not met" if biggest == "256" else "n/a (256 not measured)",
            }
        )
    if big.get("runs") and "tool_share" in big["median"]:
        md = big["median"]
        # The check runs beside the stream phase's last passes: what the compile waits for is the
        # hook, the guard's copies and any part of the check that outlasts them (``wall_share``).
        waited = (
            f"; the compile waits {md['waited_s']:.2f} s for them = {md['wall_share']:.1%} (the check runs "
            f"beside the stream phase's last passes, {md['check_waited_s'] * 1e3:.0f} ms of it outlasting them)"
            if "wall_share" in md
            else ""
        )
        share = md.get("wall_share", md["tool_share"])
        out.append(
            {
                "target": f"analysis plus the schedule check under {SHARE_LIMIT:.0%} of compile time at 256 layers",
                "measured": f"{biggest} layers: hook {md['hook_s']:.2f} s + check {md['check_s']:.3f} s of "
                f"{md['total_s']:.2f} s = {md['tool_share']:.1%} of the work{waited}",
                "status": ("met" if share < SHARE_LIMIT else "not met")
                if biggest == "256"
                else "n/a (256 not measured)",
            }
        )
    gi = results["analysis_cost"].get("growth_interleaved")
    g = results["analysis_cost"].get("growth")
    if gi:
        out.append(_interleaved_growth_target(gi, g))
    elif g:
        k = g["exponent"]
        measured = (
            f"{g['from_layers']}->{g['to_layers']} layers (x{g['layers_ratio']:.0f}): hook time "
            f"x{g['hook_ratio']:.1f}, exponent {k:.2f}"
        )
        worst = k
        if "exponent_at_least" in g:
            measured += (
                f"; {g['exponent_at_least_from_layers']}->{g['cut_layers']} layers: exponent at least "
                f"{g['exponent_at_least']:.2f} ({g['cut_layers']} layers cut after "
                f"{g['cut_hook_at_least_s']:.0f} s of analysis)"
            )
            worst = max(k, g["exponent_at_least"])
        out.append(
            {
                "target": "analysis time grows no worse than linearly in the module size",
                "measured": measured + f" (limit {LINEAR_EXPONENT_LIMIT}; 1.0 is linear)",
                "status": "met" if worst <= LINEAR_EXPONENT_LIMIT else "not met",
            }
        )
    out += _compile_cost_targets(results.get("compile_cost"))
    return out


#: Issue 37's limits on the tool's cost over ``iree-compile`` (medians of paired ratios).
NOTHING_TO_DO_LIMIT = 1.10
SEED_CPU_LIMIT = 1.05
SEED_PEAK_LIMIT = 1.10
NO_ELIDE_LIMIT = 1.03


def _compile_cost_targets(cost: dict | None) -> list[dict[str, str]]:
    """Issue 37's targets, from the compile-cost table: a program with nothing to do within
    1.10x in cpu and wall, the seed form within 1.05x cpu and 1.10x peak memory, ``--no-elide``
    within 1.03x (cpu and wall) on every row."""
    if not cost:
        return []
    rows: dict[str, dict] = cost["rows"]
    out: list[dict[str, str]] = []

    def target(text: str, measured: list[str], ok: bool) -> None:
        out.append({"target": text, "measured": "; ".join(measured), "status": "met" if ok else "not met"})

    idle = {name: row for name, row in rows.items() if "nothing to" in name}
    target(
        f"nothing to do: the tool's cpu and wall within {NOTHING_TO_DO_LIMIT:.2f}x iree-compile's",
        [f"{name}: cpu {r['tool']['cpu']:.2f}x, wall {r['tool']['wall']:.2f}x" for name, r in idle.items()],
        bool(idle) and all(max(r["tool"]["cpu"], r["tool"]["wall"]) <= NOTHING_TO_DO_LIMIT for r in idle.values()),
    )
    seed = {name: row for name, row in rows.items() if name.startswith("seed form")}
    target(
        f"seed form: cpu within {SEED_CPU_LIMIT:.2f}x, peak memory within {SEED_PEAK_LIMIT:.2f}x",
        [f"{name}: cpu {r['tool']['cpu']:.2f}x, peak {r['tool']['peak']:.2f}x" for name, r in seed.items()],
        bool(seed)
        and all(r["tool"]["cpu"] <= SEED_CPU_LIMIT and r["tool"]["peak"] <= SEED_PEAK_LIMIT for r in seed.values()),
    )
    target(
        f"--no-elide: cpu and wall within {NO_ELIDE_LIMIT:.2f}x on every program",
        [f"{name}: cpu {r['no-elide']['cpu']:.2f}x, wall {r['no-elide']['wall']:.2f}x" for name, r in rows.items()],
        all(max(r["no-elide"]["cpu"], r["no-elide"]["wall"]) <= NO_ELIDE_LIMIT for r in rows.values()),
    )
    return out


def _interleaved_growth_target(gi: dict, g: dict | None) -> dict:
    """The linear-growth target from the interleaved rounds (the compile workers' sizes run
    minutes apart, so their ratio carries the machine's drift; shown alongside)."""
    target = "analysis time grows no worse than linearly in the module size"
    if "exponent" not in gi:
        return {
            "target": target,
            "status": "not met",
            "measured": f"the interleaved rounds did not finish within the {gi['limit_s']:.0f} s limit "
            f"({gi['rounds_done']} of {gi['rounds']} rounds)",
        }
    lo, hi = gi["ratio_range"]
    measured = (
        f"{gi['from_layers']}->{gi['to_layers']} layers (x{gi['layers_ratio']:.0f}): rewrite time "
        f"x{gi['ratio']:.1f}, exponent {gi['exponent']:.2f} (median of {gi['rounds_done']} interleaved "
        f"rounds, ratio range x{lo:.1f}-x{hi:.1f})"
    )
    if g:
        measured += f"; hook times of the separate compiles: x{g['hook_ratio']:.1f}, exponent {g['exponent']:.2f}"
    return {
        "target": target,
        "measured": measured + f" (limit {LINEAR_EXPONENT_LIMIT}; 1.0 is linear)",
        "status": "met" if gi["exponent"] <= LINEAR_EXPONENT_LIMIT and not gi["timed_out"] else "not met",
    }


# --------------------------------------------------------------------------------------------
# Formatting
# --------------------------------------------------------------------------------------------


def fmt_bytes(n: float) -> str:
    if n == 0:
        return "0"
    sign, n = ("-" if n < 0 else ""), abs(n)
    if n < 1024:
        return f"{sign}{n:.0f} B"
    if n < 1024**2:
        return f"{sign}{n / 1024:.1f} KiB"
    return f"{sign}{n / 1024**2:.2f} MiB"


def fmt_ms(seconds: float) -> str:
    ms = seconds * 1e3
    return f"{ms:.3f}" if ms < 1 else f"{ms:.2f}" if ms < 100 else f"{ms:.0f}"


def _table(header: Sequence[str], rows: Sequence[Sequence[Any]]) -> str:
    lines = ["| " + " | ".join(header) + " |", "|" + "|".join("---" for _ in header) + "|"]
    lines += ["| " + " | ".join(str(c) for c in row) + " |" for row in rows]
    return "\n".join(lines)


def headline_table(results: dict) -> str:
    """The README table: seed form, stock vs rewrite vs fused, per context."""
    ctx = _contexts(results)
    st = results["step_time"]
    med, ratios = st["median_s"], st["ratios"]
    copies, mem = results["copies"], results["memory"]
    rows = []
    for n in ctx:
        rows.append(
            [
                n,
                f"{fmt_bytes(copies['seed-stock']['per_step'][n]['prefix'])} → "
                f"{fmt_bytes(copies['seed-elided']['per_step'][n]['prefix'])}",
                fmt_ms(med["seed-stock"][n]),
                fmt_ms(med["seed-elided"][n]),
                fmt_ms(med["fused-stock"][n]),
                f"{ratios['seed-elided/seed-stock'][n]['median']:.2f}",
                f"{ratios['seed-elided/fused-stock'][n]['median']:.2f}",
                " / ".join(
                    fmt_bytes(mem[v][n].get("step_alloc_bytes", 0))
                    for v in ("seed-stock", "seed-elided", "fused-stock")
                ),
            ]
        )
    return _table(
        [
            "context",
            "slice copy bytes/step (stock → elided)",
            "stock ms",
            "elided ms",
            "fused ms",
            "elided/stock",
            "elided/fused",
            "device bytes allocated/step (stock / elided / fused)",
        ],
        rows,
    )


def write_json(results: dict, path: Path) -> None:
    path.write_text(json.dumps(results, indent=1) + "\n")


def write_markdown(results: dict, path: Path) -> None:
    path.write_text(render_markdown(results))


def render_markdown(results: dict) -> str:
    meta, prof = results["meta"], results["profile"]
    ctx = _contexts(results)
    st = results["step_time"]
    v = meta["versions"]
    shape = prof["shape"]
    parts: list[str] = []
    parts.append("# Slice-elision benchmarks\n")
    parts.append(
        f"Generated by `python -m benchmarks` (profile `{prof['name']}`) on {meta['date']}"
        f"{' at commit ' + meta['git_commit'] if meta.get('git_commit') else ''}; "
        f"whole run {results['runtime_s']['total']:.0f} s. Raw numbers: `results.json`.\n"
    )
    if meta.get("uncommitted_sources"):
        parts.append(
            "Measured with uncommitted changes to the code under test: "
            + ", ".join(f"`{p}`" for p in meta["uncommitted_sources"])
            + ".\n"
        )
    m = meta["machine"]
    parts.append(
        _table(
            ["", ""],
            [
                [
                    "machine",
                    f"{m['model']}, {m['cpus']} cores ({m['arch']}{', ' + m['hypervisor'] + ' VM' if m.get('hypervisor') else ''})",
                ],
                ["python", meta["python"]],
                *[[name, ver or "not installed"] for name, ver in v.items()],
                [
                    "program",
                    f"decode step, {shape['layers']} layers, {shape['heads']} heads x {shape['head_dim']}, "
                    f"capacity {shape['capacity']}, {shape['dtype']} (K and V cache per layer)",
                ],
                [
                    "runtime",
                    f"IREE `{st['driver']}` driver (single thread), llvm-cpu, `--iree-llvmcpu-target-cpu=host`",
                ],
            ],
        )
    )
    parts.append("")

    parts.append("## Headline (seed form)\n")
    parts.append(headline_table(results))
    parts.append(
        "\nStep times are medians over rounds; ratios are medians of per-round ratios (variants timed side "
        "by side in the same round).\n\n![step time](step_time.png)\n\n![memory](memory.png)\n"
    )

    parts.append("## Targets\n")
    parts.append(
        _table(
            ["target", "measured", "status"],
            [[t["target"], t["measured"], f"**{t['status']}**"] for t in results["targets"]],
        )
    )
    parts.append("")

    # Variants and checks
    parts.append("## Variants\n")
    rows = []
    for name, s in results["variants"].items():
        rows.append(
            [
                name,
                s["form"],
                "yes" if s["rewrite"] else "no",
                f"{s['aliased']} / {s['kept']}" if s["rewrite"] else "-",
                f"{s['compile_s']['total']:.2f}",
                f"{s['compile_s']['hook'] * 1e3:.1f}" if s["rewrite"] else "-",
                f"{s['vmfb_bytes']:,}",
                s["vmfb_sha256"][:12],
            ]
        )
    parts.append(
        _table(
            ["variant", "form", "rewrite", "slices aliased / kept", "compile s", "hook ms", ".vmfb bytes", "sha256"],
            rows,
        )
    )
    c = results["checks"]
    parts.append(
        f"\n- fused-elided byte-identical to fused-stock: **{'yes' if c['fused_elided_equals_fused_stock'] else 'NO'}**"
        f" (the fused form has no `stream.async.slice`, so the rewrite must change nothing)\n"
        f"- call-elided byte-identical to call-stock: {'yes' if c['call_elided_equals_call_stock'] else 'no'}\n"
        f"- seed-stock vs seed-elided outputs over steps 0..{c['seed_outputs']['steps'] - 1}: "
        f"{'bit-identical' if c['seed_outputs']['bit_identical'] else 'DIFFERENT'}; call form: "
        f"{'bit-identical' if c['call_outputs']['bit_identical'] else 'DIFFERENT'}\n"
    )

    # Copies
    parts.append("## Copy commands per step\n")
    parts.append(
        "`stream.cmd.copy` ops in the IR after `iree-stream-schedule-allocation`, including those inside "
        "callees reached from `@step` (callee arguments substituted by the call-site values), lengths "
        "evaluated at the step. *Prefix* copies are those whose length depends on the step (the slices "
        "and their transfers); the others are the fixed 2 KiB row writes.\n"
    )
    rows = []
    for name in (*VARIANTS, "fused-elided"):
        cp = results["copies"][name]
        lengths = sorted({x["length"] for x in cp["commands"] if x["prefix"]})
        rows.append(
            [
                name,
                f"{cp['prefix_copies']} / {len(cp['commands'])}",
                ", ".join(f"`{n}`" for n in lengths) or "-",
                *[fmt_bytes(cp["per_step"][n]["prefix"]) for n in ctx],
            ]
        )
    parts.append(
        _table(["variant", "prefix / all copies", "prefix lengths (bytes)", *[f"prefix bytes @{n}" for n in ctx]], rows)
    )
    parts.append("")

    # Memory
    parts.append("## Device memory\n")
    parts.append(
        "From the IREE 3.13 runtime's allocator statistics (`HalAllocator.statistics`: cumulative "
        "`device_bytes_allocated`/`freed` and the high-water mark `device_bytes_peak`, per driver and "
        "process, no reset), one fresh process per variant and context. *allocated/step*: device bytes "
        "allocated by one `step` call (difference between call 1 and call k, over k-1), all freed by the "
        "end of the call: the stream transients plus the 2 KiB argument upload and 2 KiB result. "
        "*peak above resident*: `device_bytes_peak` minus the bytes live after loading (the caches, "
        "resident in every variant).\n"
    )
    rows = []
    for name in VARIANTS:
        mm = results["memory"][name]
        if not mm[ctx[0]].get("available"):
            rows.append([name, "statistics not available", *["" for _ in ctx]])
            continue
        rows.append(
            [
                name,
                fmt_bytes(mm[ctx[0]]["resident_bytes"]),
                *[
                    f"{fmt_bytes(mm[n]['step_alloc_bytes'])} / {fmt_bytes(mm[n]['peak_above_resident_bytes'])}"
                    for n in ctx
                ],
            ]
        )
    parts.append(_table(["variant", "resident", *[f"allocated/step / peak above resident @{n}" for n in ctx]], rows))
    parts.append("")

    # Step time
    parts.append("## Step time\n")
    parts.append(
        f"{prof['rounds']} interleaved rounds (context order shuffled and variant order rotated per round; "
        "within a round the variants of one context run back to back); "
        f"each sample is the median of consecutive `step(x, N)` calls (~{prof['sample_target_s'] * 1e3:.0f} ms "
        "per sample, at least "
        + str(prof["min_calls"])
        + " calls), called directly at step N on a freshly loaded module: the step reads rows [0, N] "
        "and writes row N, so its work depends only on N, not on what the rows hold (outputs are not "
        "those of a real decode; correctness is checked separately above). Median of the samples, ms:\n"
    )
    rows = [[name, *[fmt_ms(st["median_s"][name][n]) for n in ctx]] for name in VARIANTS]
    parts.append(_table(["variant", *[f"@{n}" for n in ctx]], rows))
    parts.append("\nSide-by-side ratios (median of per-round ratios, [min-max] over rounds):\n")
    rows = [
        [key, *[f"{r[n]['median']:.3f} [{r[n]['min']:.2f}-{r[n]['max']:.2f}]" for n in ctx]]
        for key, r in st["ratios"].items()
    ]
    parts.append(_table(["ratio", *[f"@{n}" for n in ctx]], rows))
    sl = st["slope"]
    parts.append(f"\nSlope {sl['from']} → {sl['to']} (µs per context token, median over rounds):\n")
    parts.append(_table(["variant", "µs/token"], [[k, f"{x * 1e6:.3f}"] for k, x in sl["median_s_per_token"].items()]))
    parts.append("")
    parts.append(
        _table(
            ["slope ratio", "median of per-round ratios", "min-max over rounds", "ratio of median slopes"],
            [
                [
                    k,
                    f"{r['median']:.3f}",
                    f"{r['min']:.3f}-{r['max']:.3f}",
                    f"{r['of_medians']:.3f}" if "of_medians" in r else "-",
                ]
                for k, r in sl["ratios"].items()
            ],
        )
    )
    load = st.get("load_average_1min")
    if load:
        parts.append(
            f"\n1-minute load average before / after the timing section: {load['before']:.2f} / "
            f"{load['after']:.2f} (the machine has {meta['machine']['cpus']} cores and is shared; "
            "interleaving is what keeps the ratios meaningful under that load)."
        )
    parts.append("")

    # Analysis cost
    ac = results["analysis_cost"]
    parts.append("## Analysis cost\n")
    parts.append(
        "Seed-form modules compiled in a fresh process per size (after a 2-layer warm-up compile; proof "
        "memo cleared before each rewrite compile), stock and rewrite compiles interleaved. *hook* is "
        "`CompileResult.hook_s` (analysis + rewrite + verify) of the rewrite compile; *share* = hook / "
        "that compile's total. That compile runs the schedule check too, as `slice-elision compile` does: "
        "*check* is what the guard adds (copying the module at the splice, checking IREE's schedule; IREE's "
        "own stages not counted), *hook + check share* = (hook + check) / total. The check runs while HAL/VM "
        "compiles (the output is written only once it passed): *on the compile's path* is what the compile "
        "waits for, (hook + the guard's work before the compile goes on, reloads forwarded and its copies, + any check time that outlasts HAL/VM) / total; *vs stock* is "
        "the rewrite compile's total over the stock compile's, median of the interleaved pairs (the rewrite "
        "also makes IREE's later phases cheaper). Medians over the repeats that finished; each size has a wall-time limit "
        f"of {results['profile'].get('analysis_limit_s', 0):.0f} s (a worker past it is stopped and reported "
        "as such, so the whole run stays within its budget).\n"
    )
    rows = []
    for L, data in sorted(ac["layers"].items(), key=lambda kv: int(kv[0])):
        if not data.get("runs"):
            stock = data.get("median", {}).get("stock_total_s")
            at_least = data.get("hook_at_least_s")
            rows.append(
                [
                    L,
                    f"0 of {data['repeats']}",
                    "-",
                    f"{stock:.2f}" if stock else "-",
                    f"> {data['limit_s']:.0f} s limit",
                    f"> {at_least * 1e3:.0f}" if at_least else "?",
                    "-",
                    f"> {at_least / int(L) * 1e3:.0f}" if at_least else "?",
                    "-",
                    "-",
                    "-",
                    "-",
                ]
            )
            continue
        md, r0 = data["median"], data["runs"][0]
        rows.append(
            [
                L,
                f"{len(data['runs'])} of {data['repeats']}",
                f"{r0['aliased']} / {r0['kept']}",
                f"{md['stock_total_s']:.2f}",
                f"{md['total_s']:.2f}",
                f"{md['hook_s'] * 1e3:.0f}",
                f"{md['analysis_s'] * 1e3:.0f}",
                f"{md['hook_s'] / int(L) * 1e3:.1f}",
                f"{md['hook_share']:.1%}",
                f"{md['check_s'] * 1e3:.0f}" if "check_s" in md else "-",
                f"{md['tool_share']:.1%}" if "tool_share" in md else "-",
                f"{md['wall_share']:.1%}" if "wall_share" in md else "-",
                f"{_vs_stock(data['runs']):+.1%}" if "wall_share" in md else "-",
                r0["z3"]["queries"],
            ]
        )
    parts.append(
        _table(
            [
                "layers",
                "repeats done",
                "aliased / kept",
                "stock compile s",
                "rewrite compile s",
                "hook ms",
                "analysis ms",
                "hook ms/layer",
                "share",
                "check ms",
                "hook + check share",
                "on the compile's path",
                "vs stock",
                "z3 queries",
            ],
            rows,
        )
    )
    cl = ac.get("command_line") or {}
    if cl:
        parts.append(
            "\nAs a user times them: `iree-compile` and `slice-elision compile` (rewrite and schedule check) "
            "run as commands, each a fresh process with the same flags, alternating; this counts the tool's "
            "own start (Python and its imports, which run while IREE's flow phase does: `rewriter/prefetch.py`).\n"
        )
        parts.append(
            _table(
                ["layers", "pairs", "iree-compile s", "slice-elision compile s", "ratio"],
                [
                    [
                        L,
                        str(d["repeats"]),
                        f"{d['median']['iree_compile_s']:.2f}",
                        f"{d['median']['slice_elision_s']:.2f}",
                        f"{d['median']['ratio']:.3f}",
                    ]
                    for L, d in sorted(cl.items(), key=lambda kv: int(kv[0]))
                ],
            )
        )
    g = ac.get("growth")
    if g:
        steps = ", ".join(
            f"{x['from_layers']}→{x['to_layers']}: x{x['hook_ratio']:.1f} (k={x['exponent']:.2f})" for x in g["steps"]
        )
        parts.append(f"\nHook time growth, t ~ layers^k: {steps}.")
        if "exponent_at_least" in g:
            parts.append(
                f"{g['cut_layers']} layers was stopped after {g['cut_hook_at_least_s']:.0f} s of analysis, "
                f"so k({g['exponent_at_least_from_layers']}→{g['cut_layers']}) ≥ {g['exponent_at_least']:.2f}."
            )
    gi = ac.get("growth_interleaved")
    if gi and gi.get("rounds_done"):
        parts.append(
            "\nGrowth measured side by side: the rewrite alone (`elide_slices`, applied) on each size's module "
            "at the splice point, parsed afresh each time, every size once per round in rotating order "
            f"({gi['rounds_done']} rounds after a warm-up; one process). Medians, ms:\n"
        )
        sizes = [str(n) for n in gi["sizes"]]
        parts.append(
            _table(
                ["layers", *sizes],
                [
                    ["rewrite ms", *(f"{gi['median_s'][n] * 1e3:.1f}" for n in sizes)],
                    ["ms/layer", *(f"{gi['median_s'][n] / int(n) * 1e3:.2f}" for n in sizes)],
                ],
            )
        )
        if "exponent" in gi:
            lo, hi = gi["ratio_range"]
            parts.append(
                f"\n{gi['from_layers']}→{gi['to_layers']} layers: median per-round ratio x{gi['ratio']:.2f} "
                f"(range x{lo:.2f}-x{hi:.2f}), k = {gi['exponent']:.2f}."
            )
    parts.append("")
    corpus = ac.get("ir_cases_z3", {})
    parts.append("### z3 query times\n")
    decode_queries = sum(r["z3"]["queries"] for d in ac["layers"].values() for r in d.get("runs", []))
    parts.append(
        "Measured by wrapping `stream_model.rule.slice_query.prove_disjoint` from the outside during the run "
        "(the analysis modules are not edited). "
        + (
            "The decode modules issue **no** z3 query: every write to a sliced cache is shown harmless by "
            "SSA ordering (the `flow.tensor.update` is ordered before the slice) before a solver is needed. "
            if decode_queries == 0
            else f"The decode modules issued {decode_queries} queries in all (per-size counts in the table above). "
        )
        + "The distribution below is over the project's IR-specification cases (`tests/ir/*.mlir`), "
        "analysed with the proof memo cleared before each case; *solved* queries only (memo hits excluded).\n"
    )
    if corpus.get("available"):
        z = corpus["z3"]
        parts.append(
            _table(
                [
                    "cases (with queries)",
                    "repeats",
                    "queries",
                    "verdicts",
                    "min ms",
                    "p50 ms",
                    "p90 ms",
                    "p99 ms",
                    "max ms",
                    "total ms",
                ],
                [
                    [
                        f"{corpus['cases']} ({corpus['cases_with_queries']})",
                        corpus["repeats"],
                        z["queries"],
                        ", ".join(f"{k} {n}" for k, n in z["verdicts"].items()),
                        *[f"{z.get(k, float('nan')):.1f}" for k in ("min_ms", "p50_ms", "p90_ms", "p99_ms", "max_ms")],
                        f"{z['total_ms']:.0f}",
                    ]
                ],
            )
        )
    else:
        parts.append(f"IR cases not available: {corpus.get('reason', 'not measured')}")
    parts.append("")

    parts.append("## Run time\n")
    parts.append(_table(["section", "s"], [[k, f"{x:.1f}"] for k, x in results["runtime_s"].items()]))
    parts.append("")
    plots = results.get("plots")
    if isinstance(plots, dict) and plots.get("skipped"):
        parts.append(f"Plots skipped: {plots['skipped']}\n")
    if results.get("compile_cost"):
        cost = results["compile_cost"]
        parts.append("## What a compile costs over iree-compile\n")
        parts.append(
            f"Whole processes, each program built by `iree-compile`, by `slice-elision compile` and by "
            f"`slice-elision compile --no-elide`, alternating, {cost['rounds']} rounds; the median of the "
            "per-pair ratios (cpu: user + system, children included; peak: largest resident set). "
            "`python -m benchmarks.compile_cost`.\n"
        )
        parts.append(cost["table"] + "\n")
    return "\n".join(parts)


# --------------------------------------------------------------------------------------------
# Plots
# --------------------------------------------------------------------------------------------

_STYLE = {
    "seed-stock": dict(color="tab:red", marker="o", linestyle="-"),
    "seed-elided": dict(color="tab:green", marker="s", linestyle="-"),
    "call-stock": dict(color="tab:orange", marker="^", linestyle="--"),
    "call-elided": dict(color="tab:purple", marker="v", linestyle=":"),
    "fused-stock": dict(color="black", marker="x", linestyle="--"),
}


def write_plots(results: dict, out_dir: Path) -> dict:
    """``step_time.png`` and ``memory.png``; skipped (with the reason) without matplotlib."""
    try:
        import matplotlib

        matplotlib.use("Agg")
        import matplotlib.pyplot as plt
    except ImportError:
        return {"skipped": "matplotlib is not installed (pip install '.[bench]')"}

    ctx = _contexts(results)
    xs = [int(n) for n in ctx]
    st = results["step_time"]

    fig, (ax1, ax2) = plt.subplots(1, 2, figsize=(12, 4.5))
    for name in VARIANTS:
        samples = st["samples_s"][name]
        med = [st["median_s"][name][n] * 1e3 for n in ctx]
        lo = [med[i] - min(samples[n]) * 1e3 for i, n in enumerate(ctx)]
        hi = [max(samples[n]) * 1e3 - med[i] for i, n in enumerate(ctx)]
        ax1.errorbar(xs, med, yerr=[lo, hi], label=name, capsize=3, **_STYLE[name])
        if name != "fused-stock":
            key = f"{name}/fused-stock"
            ratio = (
                [st["ratios"][key][n]["median"] for n in ctx]
                if key in st["ratios"]
                else [st["median_s"][name][n] / st["median_s"]["fused-stock"][n] for n in ctx]
            )
            ax2.plot(xs, ratio, label=name, **_STYLE[name])
    ax1.set(
        xlabel="context (step)",
        ylabel="step time, ms (median; bars: min-max over rounds)",
        title="Decode step time",
        xscale="log",
        yscale="log",
    )
    ax2.axhline(1.0, color="black", linewidth=0.8)
    ax2.set(
        xlabel="context (step)",
        ylabel="step time / fused-stock (same round)",
        title="Relative to the fused reference",
        xscale="log",
    )
    for ax in (ax1, ax2):
        ax.grid(True, which="both", alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(_subtitle(results), fontsize=8)
    fig.tight_layout()
    fig.savefig(out_dir / "step_time.png", dpi=110)
    plt.close(fig)

    mem, copies = results["memory"], results["copies"]
    fig, axes = plt.subplots(1, 3, figsize=(15, 4.5))
    mib = 1024**2
    for name in VARIANTS:
        if mem[name][ctx[0]].get("available"):
            axes[0].plot(xs, [mem[name][n]["step_alloc_bytes"] / mib for n in ctx], label=name, **_STYLE[name])
            axes[1].plot(xs, [mem[name][n]["peak_above_resident_bytes"] / mib for n in ctx], label=name, **_STYLE[name])
        axes[2].plot(xs, [copies[name]["per_step"][n]["prefix"] / mib for n in ctx], label=name, **_STYLE[name])
    # Log scales: the elided and fused variants sit at kilobytes, stock at tens of megabytes.
    axes[0].set(title="Device bytes allocated per step", ylabel="MiB (transients + 4 KiB ABI buffers)", yscale="log")
    axes[1].set(title="Peak device memory above resident caches", ylabel="MiB", yscale="log")
    axes[2].set(title="Prefix copy bytes per step (IR after allocation)", ylabel="MiB (0 drawn at 0)")
    axes[2].set_yscale("symlog", linthresh=1e-3)
    for ax in axes:
        ax.set(xlabel="context (step)", xscale="log")
        ax.grid(True, alpha=0.3)
        ax.legend(fontsize=8)
    fig.suptitle(_subtitle(results), fontsize=8)
    fig.tight_layout()
    fig.savefig(out_dir / "memory.png", dpi=110)
    plt.close(fig)
    return {"files": ["step_time.png", "memory.png"]}


def _subtitle(results: dict) -> str:
    meta, shape = results["meta"], results["profile"]["shape"]
    v = meta["versions"]
    return (
        f"{shape['layers']} layers, {shape['heads']}x{shape['head_dim']} {shape['dtype']}, capacity "
        f"{shape['capacity']}; IREE {v.get('iree-base-compiler')} local-sync; {meta['machine']['model']}, "
        f"{meta['machine']['cpus']} cores; {meta['date']}"
    )
