"""What ``slice-elision compile`` costs over ``iree-compile``: whole processes, paired.

Each program is compiled by ``iree-compile`` and by the tool (and by the tool with
``--no-elide``) with the same llvm-cpu flags, each a fresh process, alternating which runs first,
``rounds`` times. Per pair the tool's cpu time (user + system of the process and its children),
wall time and peak memory (the largest resident set of the process or a child) are divided by
``iree-compile``'s; the table gives the median of those ratios. The machine is noisy: only ratios
of runs made side by side are quoted.

``python -m benchmarks.compile_cost [--rounds N] [--layers L] [--corpus DIR ...]``; ``make
bench`` runs it as a section. ``--corpus`` adds the ``.mlir`` files under DIR (IREE's e2e tests,
say) as one row, the median over the files of each file's median ratio.
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
FLAGS = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)

#: A user's small program where there is nothing to alias and nothing to check.
SMALL = """\
func.func @main(%a: tensor<64xf32>, %b: tensor<64xf32>) -> tensor<64xf32> {
  %e = tensor.empty() : tensor<64xf32>
  %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>,
                                        affine_map<(d0) -> (d0)>],
                       iterator_types = ["parallel"]}
      ins(%a, %b : tensor<64xf32>, tensor<64xf32>) outs(%e : tensor<64xf32>) {
  ^bb0(%x: f32, %y: f32, %o: f32):
    %s = arith.addf %x, %y : f32
    linalg.yield %s : f32
  } -> tensor<64xf32>
  return %r : tensor<64xf32>
}
"""


@dataclass(frozen=True)
class Run:
    """One process: cpu seconds (user + system, children included), wall seconds, peak KiB."""

    cpu: float
    wall: float
    peak_kib: int


def _user_environment() -> dict[str, str]:
    """The environment a user's compile runs in: Python caches the bytecode of its imports
    (a test or CI environment may turn that off, and the tool's start would pay for compiling
    its own source on every run)."""
    env = dict(os.environ)
    env.pop("PYTHONDONTWRITEBYTECODE", None)
    return env


#: Run by a small Python of its own (``python -S -c``): fork, exec ``argv``, wait; print the exit
#: status, cpu, wall and peak. Why not wait for ``argv`` here: Linux counts a process's resident
#: set before its exec in its peak, and a child forked from this process (hundreds of MiB once
#: ``make bench`` ran its other sections) starts with this process's pages: every peak read the
#: same. A child forked from the small Python starts with its few MiB.
_MEASURE = """
import json, os, sys, time
started = time.perf_counter()
pid = os.fork()
if pid == 0:
    try:
        os.dup2(os.open(os.devnull, os.O_WRONLY), 1)
        os.execvp(sys.argv[1], sys.argv[1:])
    finally:
        os._exit(127)
_, status, usage = os.wait4(pid, 0)
wall = time.perf_counter() - started
print(json.dumps([os.waitstatus_to_exitcode(status), usage.ru_utime + usage.ru_stime, wall, usage.ru_maxrss]))
"""


def run_process(argv: Sequence[str]) -> Run:
    """Run ``argv`` to completion; its cost. A failure raises (a cost of a failed compile means nothing)."""
    done = subprocess.run(
        [sys.executable, "-S", "-c", _MEASURE, *argv], capture_output=True, env=_user_environment(), check=False
    )
    stderr = done.stderr.decode(errors="replace")
    try:
        status, cpu, wall, peak = json.loads(done.stdout)
    except ValueError:
        raise RuntimeError(f"measuring {argv[0]} failed: {stderr.strip()[:300]}") from None
    if status != 0:
        raise RuntimeError(f"{argv[0]} failed ({status}): {stderr.strip()[:300]}")
    # (ru_maxrss of wait4: the process's own peak; a child it waited for is counted in its usage.)
    return Run(cpu, wall, peak)


def _tool() -> str:
    return str(Path(sys.executable).parent / "slice-elision")


def _iree_compile() -> str:
    return str(Path(sys.executable).parent / "iree-compile")


def commands(src: Path, tmp: Path) -> dict[str, list[str]]:
    """The three builds of ``src``: stock, the tool, the tool with ``--no-elide``."""
    return {
        "iree-compile": [_iree_compile(), *FLAGS, str(src), "-o", str(tmp / "stock.vmfb")],
        "tool": [_tool(), "compile", str(src), "-o", str(tmp / "tool.vmfb"), *FLAGS],
        "no-elide": [_tool(), "compile", "--no-elide", str(src), "-o", str(tmp / "plain.vmfb"), *FLAGS],
    }


def measure(src: Path, rounds: int) -> dict[str, dict[str, float]]:
    """Per build of the tool, the median over ``rounds`` of its cpu, wall and peak-memory ratio
    to ``iree-compile``'s run beside it; and ``iree-compile``'s own medians."""
    with tempfile.TemporaryDirectory(prefix="bench-cost-") as tmp_name:
        argv = commands(src, Path(tmp_name))
        names = list(argv)
        runs: dict[str, list[Run]] = {n: [] for n in names}
        run_process(argv["tool"])  # (a first run warms the file cache for every build alike)
        for r in range(rounds):
            for name in names[r % len(names) :] + names[: r % len(names)]:
                runs[name].append(run_process(argv[name]))
    stock = runs["iree-compile"]
    out = {
        "iree-compile": {
            "cpu_s": statistics.median(r.cpu for r in stock),
            "wall_s": statistics.median(r.wall for r in stock),
            "peak_mib": statistics.median(r.peak_kib for r in stock) / 1024,
        }
    }
    for name in names[1:]:
        mine = runs[name]
        out[name] = {
            "cpu": statistics.median(m.cpu / s.cpu for m, s in zip(mine, stock, strict=True)),
            "wall": statistics.median(m.wall / s.wall for m, s in zip(mine, stock, strict=True)),
            "peak": statistics.median(m.peak_kib / s.peak_kib for m, s in zip(mine, stock, strict=True)),
        }
    return out


def programs(tmp: Path, layers: int) -> dict[str, Path]:
    """The programs of the table: a small user program, two real exports, the seed form."""
    sys.path.insert(0, str(ROOT))
    from benchmarks.programs import DecodeShape
    from benchmarks.variants import write_program

    small = tmp / "small.mlir"
    small.write_text(SMALL)
    exports = ROOT / "tests" / "data" / "exports"
    return {
        "small program (nothing to do)": small,
        "JAX export, cache donated (nothing to repair)": exports / "jax_decode_step_donated.mlir",
        "ONNX export (IREE writes the caller's cache: repaired)": exports / "onnx_static_cache_step.mlir",
        f"seed form, {layers} layers (every slice aliased)": write_program("seed", DecodeShape(layers=layers), tmp),
    }


def corpus_row(dirs: Sequence[Path], rounds: int) -> dict[str, dict[str, float]] | None:
    """The median over the files under ``dirs`` that iree-compile builds of each one's ratios."""
    rows = []
    for path in sorted(p for d in dirs for p in d.rglob("*.mlir")):
        try:
            rows.append(measure(path, rounds))
        except RuntimeError:
            continue  # (a file neither builds, or a test of errors: not a cost)
    if not rows:
        return None
    out: dict[str, dict[str, float]] = {"files": {"count": len(rows)}}
    for name in ("tool", "no-elide"):
        out[name] = {k: statistics.median(r[name][k] for r in rows) for k in ("cpu", "wall", "peak")}
    out["iree-compile"] = {k: statistics.median(r["iree-compile"][k] for r in rows) for k in rows[0]["iree-compile"]}
    return out


def table(results: dict[str, dict[str, dict[str, float]]]) -> str:
    """The markdown table: per program, the tool's and ``--no-elide``'s ratios to iree-compile."""
    lines = [
        "| program | iree-compile cpu / wall / peak | tool cpu | tool wall | tool peak | --no-elide cpu | --no-elide wall |",
        "|---|---|---|---|---|---|---|",
    ]
    for name, row in results.items():
        stock = row["iree-compile"]
        tool, plain = row["tool"], row["no-elide"]
        lines.append(
            f"| {name} | {stock['cpu_s']:.2f} s / {stock['wall_s']:.2f} s / {stock['peak_mib']:.0f} MiB "
            f"| {tool['cpu']:.2f}x | {tool['wall']:.2f}x | {tool['peak']:.2f}x "
            f"| {plain['cpu']:.2f}x | {plain['wall']:.2f}x |"
        )
    return "\n".join(lines)


def run(rounds: int = 5, layers: int = 256, corpus: Sequence[Path] = ()) -> dict[str, dict[str, dict[str, float]]]:
    """Every row of the table."""
    results: dict[str, dict[str, dict[str, float]]] = {}
    with tempfile.TemporaryDirectory(prefix="bench-cost-programs-") as tmp:
        for name, src in programs(Path(tmp), layers).items():
            print(f"   {name} ...", file=sys.stderr, flush=True)
            results[name] = measure(src, rounds)
    if corpus:
        row = corpus_row(corpus, max(1, rounds // 2))
        if row is not None:
            results[f"corpus sample ({int(row.pop('files')['count'])} files)"] = row
    return results


def main(argv: Sequence[str] | None = None) -> int:
    parser = argparse.ArgumentParser(prog="python -m benchmarks.compile_cost", description=__doc__.splitlines()[0])
    parser.add_argument("--rounds", type=int, default=5, help="pairs per program (default 5)")
    parser.add_argument("--layers", type=int, default=256, help="layers of the seed form (default 256)")
    parser.add_argument("--corpus", type=Path, nargs="*", default=[], help="folders of .mlir files to add as one row")
    args = parser.parse_args(argv)
    print(table(run(args.rounds, args.layers, args.corpus)))
    return 0


if __name__ == "__main__":
    sys.exit(main())
