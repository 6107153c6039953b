"""What the rewrite costs at compile time: hook time against the whole compile, and z3 queries.

Why a fresh process per layer count: the analysis memoises proofs (``stream_model.symbolic.proofs``) and
sympy caches expressions, and the first call imports lazily loaded modules. A second compile in
the same process would look cheaper than any real ``slice-elision compile`` invocation. Each
worker therefore starts clean, compiles a 2-layer module once as a warm-up (imports only; the
proof memo is cleared afterwards), then runs ``repeats`` interleaved pairs of (stock compile,
compile with the rewrite) and clears the proof memo before every rewrite compile.

The hook's share is ``CompileResult.hook_s / CompileResult.total_s`` of the *same* compile:
``hook_s`` is analysis + rewrite + verification, ``total_s`` the five phases (flow,
stream-before, hook, stream-after, hal/vm), each measured with ``perf_counter``. The compile with
the rewrite also runs the schedule check, as ``slice-elision compile`` does
(:class:`rewriter.guard.schedule_guard.ScheduleGuard`); ``check_s`` is what the guard adds (copying the
module at the splice and checking the schedule; IREE's own stages are not counted), and the
*tool share* is ``(hook_s + check_s) / total_s``.

z3 query times are measured from the outside, without editing the analysis: during the
benchmark the name ``prove_disjoint`` in :mod:`stream_model.rule.slice_query` (the only caller) is
replaced by a wrapper that times each call and notes whether the proof memo answered it. The
decode programs' slices turn out to need no query at all (every write to a sliced cache is
ordered before the slice through SSA def-use edges), so the distribution is also measured on
the project's IR-specification cases (``tests/ir/*.mlir``), which exist to exercise the proofs.
"""

from __future__ import annotations

import json
import math
import os
import signal
import statistics
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path

__all__ = ["Z3Recorder", "measure_layers", "measure_command_line", "measure_growth", "measure_corpus", "distribution"]

REPO_ROOT = Path(__file__).resolve().parent.parent
IR_CASES = REPO_ROOT / "tests" / "ir"


@dataclass
class Z3Query:
    seconds: float
    verdict: str
    memo_hit: bool


@dataclass
class Z3Recorder:
    """Times every ``prove_disjoint`` call made by the safety analysis while installed."""

    queries: list[Z3Query] = field(default_factory=list)

    @contextmanager
    def installed(self) -> Iterator[Z3Recorder]:
        import stream_model.rule.slice_query as slice_query
        import stream_model.symbolic.proofs as proofs

        original = slice_query.prove_disjoint

        def timed(*args, **kwargs):  # noqa: ANN002, ANN003 - same signature as the original
            hits = proofs.cache_info()["prove_disjoint"].hits
            t0 = time.perf_counter()
            proof = original(*args, **kwargs)
            elapsed = time.perf_counter() - t0
            hit = proofs.cache_info()["prove_disjoint"].hits > hits
            self.queries.append(Z3Query(elapsed, str(proof.verdict), hit))
            return proof

        slice_query.prove_disjoint = timed
        try:
            yield self
        finally:
            slice_query.prove_disjoint = original

    def take(self) -> list[Z3Query]:
        out, self.queries = self.queries, []
        return out


def distribution(queries: Sequence[Z3Query]) -> dict:
    """Count, total and percentiles (ms) of the solved (non-memoised) queries, plus memo hits."""
    solved = sorted(q.seconds * 1e3 for q in queries if not q.memo_hit)
    out: dict = {
        "queries": len(queries),
        "memo_hits": sum(q.memo_hit for q in queries),
        "solved": len(solved),
        "total_ms": sum(q.seconds for q in queries) * 1e3,
        "verdicts": {v: sum(q.verdict == v for q in queries) for v in sorted({q.verdict for q in queries})},
    }
    if solved:

        def pct(p: float) -> float:
            return solved[min(len(solved) - 1, int(round(p / 100 * (len(solved) - 1))))]

        out.update(
            {
                "min_ms": solved[0],
                "p50_ms": pct(50),
                "p90_ms": pct(90),
                "p99_ms": pct(99),
                "max_ms": solved[-1],
                "mean_ms": statistics.fmean(solved),
            }
        )
    return out


# --------------------------------------------------------------------------------------------
# Worker: compile seed modules of L layers (runs in a fresh process)
# --------------------------------------------------------------------------------------------


def _emit(event: dict) -> None:
    """One JSON line per event, flushed: a worker cut off by its time limit keeps what it did."""
    print(json.dumps(event), flush=True)


def _layers_worker(layers: int, repeats: int) -> None:
    import stream_model.symbolic.proofs as proofs
    from rewriter.guard.schedule_guard import ScheduleGuard
    from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_file

    from .programs import DecodeShape
    from .variants import elision_hook, write_program

    recorder = Z3Recorder()
    with tempfile.TemporaryDirectory(prefix="bench-analysis-") as tmp_name, recorder.installed():
        tmp = Path(tmp_name)
        warm = write_program("seed", DecodeShape(layers=2), tmp)
        compile_file(warm, tmp / "warm.vmfb", DEFAULT_CPU_FLAGS, elision_hook([]))
        recorder.take()
        proofs.clear_cache()
        src = write_program("seed", DecodeShape(layers=layers), tmp)
        _emit({"event": "source", "source_bytes": src.stat().st_size})
        for _ in range(repeats):
            stock = compile_file(src, tmp / "stock.vmfb", DEFAULT_CPU_FLAGS)
            _emit({"event": "stock", "total_s": stock.total_s, "phases_s": stock.phase_times()})
            proofs.clear_cache()
            reports: list = []
            inner = elision_hook(reports)

            def hook(module, inner=inner) -> None:  # noqa: ANN001 - marks when the analysis starts
                _emit({"event": "hook-start", "wall": time.time()})
                inner(module)

            guard = ScheduleGuard(shared_globals_repaired=True)  # (as `slice-elision compile`)
            hooked = compile_file(src, tmp / "elided.vmfb", DEFAULT_CPU_FLAGS, hook, guard=guard)
            queries = recorder.take()
            check = guard.report
            check_s = check.seconds if check is not None else 0.0
            # What the compile waited for: the hook, the guard's work before the compile went on
            # (reloads forwarded at the splice, the copies around scheduling), and the part of the
            # check that outlasted the stream phase's passes (the rest ran beside them).
            waited_s = hooked.hook_s + (check.start_seconds if check is not None else 0.0) + hooked.check_waited_s
            _emit(
                {
                    "event": "run",
                    "stock_total_s": stock.total_s,
                    "stock_phases_s": stock.phase_times(),
                    "total_s": hooked.total_s,
                    "phases_s": hooked.phase_times(),
                    "hook_s": hooked.hook_s,
                    "analysis_s": sum(r.analysis_seconds for r in reports),
                    "hook_share": hooked.hook_s / hooked.total_s,
                    # The schedule check (every compile runs it): what the guard adds, and the
                    # share of the analysis (the hook) and the check together.
                    "check_s": check_s,
                    "check_pairs": len(check.final.checks) if check is not None else 0,
                    "check_hazards": len(check.hazards) if check is not None else 0,
                    "tool_share": (hooked.hook_s + check_s) / hooked.total_s,
                    "check_waited_s": hooked.check_waited_s,
                    "waited_s": waited_s,
                    "wall_share": waited_s / hooked.total_s,
                    "aliased": sum(r.aliased for r in reports),
                    "kept": sum(r.kept for r in reports),
                    "z3": distribution(queries),
                    "z3_queries_s": [q.seconds for q in queries],
                }
            )


def _corpus_worker(repeats: int) -> dict:
    """Run the analysis (no rewrite) on every IR-specification case, proof memo cleared each time."""
    from iree.compiler import ir

    import stream_model.symbolic.proofs as proofs
    from rewriter.rewrite.elide import elide_slices
    from stream_model import parse_module

    if not IR_CASES.is_dir():
        return {"available": False, "reason": f"{IR_CASES} not found"}
    from .ir_cases import cases as ir_cases
    from .ir_cases import wrap

    cases = [(name, wrap(chunk)) for name, _, chunk in ir_cases()]
    recorder = Z3Recorder()
    per_case: dict[str, int] = {}
    all_queries: list[Z3Query] = []
    failures: list[str] = []
    with recorder.installed():
        for _ in range(repeats):
            for name, text in cases:
                proofs.clear_cache()
                try:
                    loaded = parse_module(text, name)
                    with loaded.context, ir.Location.unknown(loaded.context):
                        elide_slices(loaded.module, apply=False)
                except Exception as err:  # noqa: BLE001 - some cases are meant to be refused
                    failures.append(f"{name}: {type(err).__name__}")
                queries = recorder.take()
                per_case[name] = len(queries)
                all_queries.extend(queries)
    return {
        "available": True,
        "cases": len(cases),
        "repeats": repeats,
        "cases_with_queries": sum(1 for v in per_case.values() if v),
        "refused_cases": sorted(set(failures)),
        "z3": distribution(all_queries),
        "z3_queries_s": [q.seconds for q in all_queries],
    }


def _growth_worker(sizes: list[int], rounds: int) -> None:
    """Time the rewrite alone on modules of several sizes, the sizes interleaved in each round.

    Why not compare the compile workers' hook times: each size runs in its own process minutes
    apart, and this machine's speed drifts by a third over minutes (other jobs share it), which
    is as large as the effect measured. Here every round times every size back to back, so
    the growth is a median of per-round ratios, like the step-time ratios. The modules are the
    ones a hook sees (the IR at the splice point, :func:`rewriter.pipeline.stream_ir_at_splice`),
    parsed afresh for every timing; the time is that of :func:`rewriter.rewrite.elide.elide_slices`
    with the rewrite applied, as in the hook.
    """
    from iree.compiler import ir

    import stream_model.symbolic.proofs as proofs
    from rewriter.pipeline import DEFAULT_CPU_FLAGS, stream_ir_at_splice
    from rewriter.rewrite.elide import elide_slices

    from .programs import DecodeShape
    from .variants import write_program

    with tempfile.TemporaryDirectory(prefix="bench-growth-") as tmp_name:
        tmp = Path(tmp_name)
        texts = {
            n: stream_ir_at_splice(write_program("seed", DecodeShape(layers=n), tmp), DEFAULT_CPU_FLAGS) for n in sizes
        }

    def once(n: int) -> float:
        with ir.Context() as context, ir.Location.unknown(context):
            module = ir.Module.parse(texts[n])
            proofs.clear_cache()
            started = time.perf_counter()
            elide_slices(module)
            return time.perf_counter() - started

    for n in sizes:  # warm-up: imports, sympy's caches
        once(n)
    for r in range(rounds):
        order = sizes[r % len(sizes) :] + sizes[: r % len(sizes)]
        _emit({"event": "round", "seconds": {str(n): once(n) for n in order}})


# --------------------------------------------------------------------------------------------
# Driver side
# --------------------------------------------------------------------------------------------


def _worker_command(args: Sequence[str]) -> tuple[list[str], dict[str, str]]:
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO_ROOT), env.get("PYTHONPATH", "")) if p)
    return [sys.executable, "-m", "benchmarks.analysis_cost", *args], env


def _run_worker(args: Sequence[str]) -> dict:
    cmd, env = _worker_command(args)
    proc = subprocess.run(cmd, capture_output=True, text=True, env=env)
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"analysis-cost worker {' '.join(args)} failed: {tail}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def _events_of_worker(args: Sequence[str], limit_s: float | None, what: str) -> tuple[list[dict], bool]:
    """Run a worker that emits one JSON event per line; past ``limit_s`` it is killed (its
    process group, so no ``iree-compile`` is left behind). Returns the events it emitted and
    whether it was cut off."""
    cmd, env = _worker_command(args)
    proc = subprocess.Popen(
        cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE, text=True, env=env, start_new_session=True
    )
    timed_out = False
    try:
        out, err = proc.communicate(timeout=limit_s)
    except subprocess.TimeoutExpired:
        timed_out = True
        os.killpg(proc.pid, signal.SIGKILL)
        out, err = proc.communicate()
    if proc.returncode != 0 and not timed_out:
        tail = (err.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"{what} failed: {tail}")
    return [json.loads(line) for line in out.splitlines() if line.startswith("{")], timed_out


def measure_layers(layers: int, repeats: int, limit_s: float | None = None) -> dict:
    """Compile cost with and without the rewrite for a seed module of ``layers`` layers.

    ``limit_s`` bounds the worker's wall time (the whole benchmark has a time budget). A worker
    that runs past it is killed (its process group, so no ``iree-compile`` is left behind) and
    the result says ``timed_out``, with what finished before and, if the analysis was running,
    for how long at least (``hook_at_least_s``).
    """
    started = time.time()
    events, timed_out = _events_of_worker(
        ["layers", str(layers), str(repeats)], limit_s, f"analysis-cost worker for {layers} layers"
    )
    killed_at = time.time()
    runs = [e for e in events if e["event"] == "run"]
    stock = [e["total_s"] for e in events if e["event"] == "stock"]
    result: dict = {
        "layers": layers,
        "repeats": repeats,
        "limit_s": limit_s,
        "timed_out": timed_out,
        "wall_s": killed_at - started,
        "source_bytes": next((e["source_bytes"] for e in events if e["event"] == "source"), None),
        "stock_totals_s": stock,
        "runs": runs,
    }
    if timed_out:
        hook_starts = [e["wall"] for e in events if e["event"] == "hook-start"]
        if len(hook_starts) > len(runs):  # cut off inside the analysis
            result["hook_at_least_s"] = killed_at - hook_starts[-1]
    if runs:
        result["median"] = {
            key: statistics.median(r[key] for r in runs)
            for key in (
                "stock_total_s",
                "total_s",
                "hook_s",
                "analysis_s",
                "hook_share",
                "check_s",
                "tool_share",
                "check_waited_s",
                "waited_s",
                "wall_share",
            )
        }
    elif stock:
        result["median"] = {"stock_total_s": statistics.median(stock)}
    return result


def measure_command_line(layers: int, repeats: int) -> dict:
    """What a user timing the two commands sees: the wall time of ``iree-compile`` and of
    ``slice-elision compile`` (rewrite, schedule check) on the seed module of ``layers`` layers,
    each a fresh process with the same flags, alternating, ``repeats`` pairs. Unlike
    :func:`measure_layers` this counts the tool's own start (Python, its imports) and everything
    a compile does outside its phases; the outputs are checked to exist, not compared."""
    from rewriter.pipeline import DEFAULT_CPU_FLAGS
    from rewriter.pipeline.common import tool

    from .programs import DecodeShape
    from .variants import write_program

    cli = str(Path(sys.executable).parent / "slice-elision")
    pairs: list[dict[str, float]] = []
    with tempfile.TemporaryDirectory(prefix="bench-cli-") as tmp_name:
        tmp = Path(tmp_name)
        src = write_program("seed", DecodeShape(layers=layers), tmp)
        commands = {
            "iree_compile_s": [tool("iree-compile"), *DEFAULT_CPU_FLAGS, str(src), "-o", str(tmp / "stock.vmfb")],
            "slice_elision_s": [cli, "compile", str(src), "-o", str(tmp / "tool.vmfb"), *DEFAULT_CPU_FLAGS],
        }
        for r in range(repeats):
            pair: dict[str, float] = {}
            for key in list(commands)[r % 2 :] + list(commands)[: r % 2]:  # (alternating which goes first)
                started = time.perf_counter()
                subprocess.run(commands[key], check=True, capture_output=True)
                pair[key] = time.perf_counter() - started
            pairs.append(pair)
            if not (tmp / "stock.vmfb").exists() or not (tmp / "tool.vmfb").exists():
                raise RuntimeError("a command-line compile wrote no output")
    return {
        "layers": layers,
        "repeats": repeats,
        "pairs": pairs,
        "median": {
            "iree_compile_s": statistics.median(p["iree_compile_s"] for p in pairs),
            "slice_elision_s": statistics.median(p["slice_elision_s"] for p in pairs),
            "ratio": statistics.median(p["slice_elision_s"] / p["iree_compile_s"] for p in pairs),
        },
    }


def measure_growth(sizes: Sequence[int], rounds: int, limit_s: float | None = None) -> dict:
    """How the rewrite's time grows with the module: ``t ~ layers^k`` from the smallest to the
    largest of ``sizes``, as the median over rounds of the per-round ratio (see
    :func:`_growth_worker`). A worker past ``limit_s`` is stopped; the rounds it finished count."""
    sizes = sorted(sizes)
    events, timed_out = _events_of_worker(["growth", str(rounds), *map(str, sizes)], limit_s, "growth worker")
    rounds_done = [e["seconds"] for e in events if e["event"] == "round"]
    result: dict = {
        "sizes": sizes,
        "rounds": rounds,
        "rounds_done": len(rounds_done),
        "timed_out": timed_out,
        "limit_s": limit_s,
        "seconds": rounds_done,
    }
    if not rounds_done or len(sizes) < 2:
        return result
    lo, hi = str(sizes[0]), str(sizes[-1])
    ratios = sorted(r[hi] / r[lo] for r in rounds_done)
    ratio = statistics.median(ratios)
    result.update(
        {
            "from_layers": sizes[0],
            "to_layers": sizes[-1],
            "layers_ratio": sizes[-1] / sizes[0],
            "median_s": {str(n): statistics.median(r[str(n)] for r in rounds_done) for n in sizes},
            "ratio": ratio,
            "ratio_range": [ratios[0], ratios[-1]],
            "exponent": math.log(ratio) / math.log(sizes[-1] / sizes[0]),
        }
    )
    return result


def measure_corpus(repeats: int) -> dict:
    """z3 query-time distribution over the IR-specification cases."""
    return _run_worker(["corpus", str(repeats)])


if __name__ == "__main__":
    mode = sys.argv[1]
    if mode == "layers":
        _layers_worker(int(sys.argv[2]), int(sys.argv[3]))
    elif mode == "growth":
        _growth_worker([int(n) for n in sys.argv[3:]], int(sys.argv[2]))
    elif mode == "corpus":
        print(json.dumps(_corpus_worker(int(sys.argv[2]))))
    else:
        raise SystemExit(f"unknown mode {mode!r}")
