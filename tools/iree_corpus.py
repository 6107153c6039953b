"""Build and run programs nobody here wrote with plain iree-compile and with slice-elision.

    python tools/iree_corpus.py PATH... [--out TABLE.md] [--json RESULTS.json] [--jobs N]

``PATH`` is an IREE checkout (its ``tests/e2e`` and ``samples`` are taken) or any folder of
``.mlir`` files. Each file is compiled by ``iree-compile`` and by ``slice-elision compile`` with
the same llvm-cpu flags (and, with ``--no-elide-identity``, by ``slice-elision compile
--no-elide`` as well, which must be byte-identical to iree-compile wherever no repair is
reported). Both builds run in a fresh process each, copied in and mmap'd (as a deployment
loads a module: its constants read-only, so a write into one faults), with a ``check`` module written in Python
(``iree.runtime.PyModuleInterface``: ``iree-run-module`` silently skips the ``check.*`` imports
IREE's e2e tests make), every function without arguments called twice in one context, so that a
program that changes its own constants or globals shows it on the second call.

Per file the table says whether each tool built it, what the tool reported (repairs of IREE's
schedule, "nothing was checked"), and how the runs compare:

* ``same``: equal outputs and equal check results, both calls;
* ``stock wrong``: the tool's build passes every check and answers the same twice, plain
  iree-compile's does not (a check fails, or the second call differs from the first);
* ``differ``: anything else where the two disagree: a finding against the tool.

The corpus stays where it is: nothing is copied into this repository.
"""

from __future__ import annotations

import argparse
import concurrent.futures
import hashlib
import json
import os
import shutil
import signal
import subprocess
import sys
import tempfile
from collections import Counter
from dataclasses import asdict, dataclass, field
from pathlib import Path

REPO = Path(__file__).resolve().parents[1]
FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]
#: Folders of an IREE checkout whose programs the corpus holds.
IREE_FOLDERS = ("tests/e2e", "samples")
#: Programs for other devices (nothing here runs them) or not programs at all.
SKIPPED_PARTS = ("vulkan", "rocm", "cuda", "hip", "metal", "webgpu", "spirv", "transform_spec", "_spec.")


@dataclass
class Build:
    ok: bool
    error: str = ""
    repairs: int = 0  # "repaired IREE's schedule" / "repaired an access to a global" warnings
    unchecked: str = ""  # the tool's "nothing was elided or checked" reason


@dataclass
class Outcome:
    file: str
    stock: Build
    tool: Build
    identical_without_elision: bool | None = None  # None: not compared (or a repair was reported)
    run: str = ""  # same | stock wrong | differ | not run (why)
    detail: str = ""
    functions: list[str] = field(default_factory=list)


def corpus_files(paths: list[Path]) -> list[Path]:
    """The ``.mlir`` files of ``paths`` (an IREE checkout: its e2e tests and samples)."""
    roots: list[Path] = []
    for path in paths:
        if (path / IREE_FOLDERS[0]).is_dir():
            roots += [path / folder for folder in IREE_FOLDERS]
        else:
            roots.append(path)
    files = sorted({f for root in roots for f in root.rglob("*.mlir")})
    return [f for f in files if not any(part in str(f).lower() for part in SKIPPED_PARTS)]


def _tool(name: str) -> str:
    return str(Path(sys.executable).parent / name)


def _first_error(text: str) -> str:
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    errors = [line for line in lines if "error" in line]
    return ((errors or lines or ["(no output)"])[0])[:200]


def _build(argv: list[str], timeout: float) -> Build:
    try:
        done = subprocess.run(argv, capture_output=True, text=True, errors="replace", timeout=timeout)
    except subprocess.TimeoutExpired:
        return Build(False, f"did not finish in {timeout:.0f} s")
    err = done.stderr
    build = Build(done.returncode == 0, "" if done.returncode == 0 else _first_error(err))
    build.repairs = sum("warning: repaired" in line for line in err.splitlines())
    unchecked = [line for line in err.splitlines() if "nothing was elided or checked" in line]
    build.unchecked = unchecked[0].split("checked: ", 1)[-1][:200] if unchecked else ""
    return build


def _run(vmfb: Path, timeout: float, mmap: bool = False) -> dict:
    """The child's report of one build (:func:`run_module`), or why there is none."""
    try:
        done = subprocess.run(
            [sys.executable, __file__, "--run-mmap" if mmap else "--run", str(vmfb)],
            capture_output=True,
            text=True,
            errors="replace",
            timeout=timeout,
        )
    except subprocess.TimeoutExpired:
        return {"error": f"did not finish in {timeout:.0f} s"}
    lines = [line for line in done.stdout.splitlines() if line.startswith("{")]
    if done.returncode < 0:
        return {"error": f"crashed ({signal.Signals(-done.returncode).name})"}
    if done.returncode != 0 or not lines:
        return {"error": f"exit status {done.returncode}: {_first_error(done.stderr)}"}
    return json.loads(lines[-1])


def _right(report: dict) -> bool:
    """Every check passed and each function answered the same twice."""
    return "error" not in report and all(not c[0]["failures"] and c[0] == c[1] for c in report["calls"].values())


def judge(stock: dict, tool: dict) -> tuple[str, str]:
    """(``same`` | ``stock wrong`` | ``differ`` | ``not run``, a detail) of two builds' runs."""
    if "error" in stock and stock.get("error") == tool.get("error"):
        return "not run", stock["error"]
    if "error" in stock or "error" in tool:
        if _right(tool):
            return "stock wrong", f"stock: {stock['error']}"
        return "differ", f"stock: {stock.get('error', 'ran')}; tool: {tool.get('error', 'ran')}"
    if stock["calls"] == tool["calls"]:
        return "same", ""
    differing = sorted(f for f in stock["calls"] if stock["calls"][f] != tool["calls"].get(f))
    if _right(tool) and not _right(stock):
        return "stock wrong", ", ".join(differing)
    return "differ", ", ".join(differing)


def judge_both(copied: tuple[str, str], mapped: tuple[str, str]) -> tuple[str, str]:
    """The two loads' verdicts as one: what the worse says, and where."""
    order = ("differ", "stock wrong", "same", "not run")
    (run, detail), where = min((copied, "copied in"), (mapped, "mmap'd"), key=lambda v: order.index(v[0][0]))
    return run, f"{detail} ({where})" if detail and run != "not run" else detail


def one(path: Path, workdir: Path, timeout: float, identity: bool) -> Outcome:
    """Both builds of ``path``, run and compared (its builds removed afterwards)."""
    tmp = Path(tempfile.mkdtemp(dir=workdir))
    try:
        return _both_ways(path, tmp, timeout, identity)
    finally:
        shutil.rmtree(tmp, ignore_errors=True)


def _both_ways(path: Path, tmp: Path, timeout: float, identity: bool) -> Outcome:
    stock_out, tool_out, plain_out = tmp / "stock.vmfb", tmp / "tool.vmfb", tmp / "no-elide.vmfb"
    stock = _build([_tool("iree-compile"), *FLAGS, str(path), "-o", str(stock_out)], timeout)
    tool = _build([_tool("slice-elision"), "compile", str(path), *FLAGS, "-o", str(tool_out)], timeout)
    outcome = Outcome(str(path), stock, tool)
    if identity and stock.ok:
        plain = _build(
            [_tool("slice-elision"), "compile", "--no-elide", str(path), *FLAGS, "-o", str(plain_out)], timeout
        )
        if plain.ok and not plain.repairs:
            outcome.identical_without_elision = plain_out.read_bytes() == stock_out.read_bytes()
    if not (stock.ok and tool.ok):
        outcome.run = "not run (a build failed)"
        return outcome
    stock_run, tool_run = _run(stock_out, timeout), _run(tool_out, timeout)
    mapped = judge(_run(stock_out, timeout, mmap=True), _run(tool_out, timeout, mmap=True))
    outcome.run, outcome.detail = judge_both(judge(stock_run, tool_run), mapped)
    outcome.functions = sorted(tool_run.get("calls", {}))
    return outcome


# -- the child: one build, every function twice, with a check module ---------------------------


def run_module(vmfb: str, mmap: bool = False) -> dict:
    """Per exported function without arguments, its two calls: check failures and a digest of
    each output. ``mmap``: the module mapped from its file, as a deployment loads it (its
    constants read-only: a write into one faults) rather than copied in."""
    import numpy as np
    from iree import runtime as rt

    config = rt.Config("local-sync")
    failures: list[str] = []

    def host(view: object) -> np.ndarray:
        return np.asarray(rt.DeviceArray(config.device, view.deref(rt.HalBufferView)).to_host())  # type: ignore[attr-defined]

    class Check:
        def __init__(self, iface: object) -> None:
            self.iface = iface

        def expect_true(self, value: int) -> None:
            if not value:
                failures.append("expect_true")

        def expect_false(self, value: int) -> None:
            if value:
                failures.append("expect_false")

        def expect_all_true(self, device: object, view: object) -> None:
            if not np.all(host(view)):
                failures.append("expect_all_true")

        def expect_eq(self, device: object, lhs: object, rhs: object) -> None:
            a, b = host(lhs), host(rhs)
            if a.shape != b.shape or a.tobytes() != b.tobytes():
                failures.append(f"expect_eq: {a.ravel()[:6].tolist()} != {b.ravel()[:6].tolist()}")

        def expect_almost_eq(self, device: object, lhs: object, rhs: object, atol: float, rtol: float) -> None:
            a, b = host(lhs), host(rhs)
            if a.shape != b.shape or not np.allclose(a, b, atol=atol, rtol=rtol):
                failures.append("expect_almost_eq")

    iface = rt.PyModuleInterface("check", Check)
    for name, signature in (
        ("expect_true", "0i_v"),
        ("expect_false", "0i_v"),
        ("expect_all_true", "0rr_v"),
        ("expect_eq", "0rrr_v"),
        ("expect_almost_eq", "0rrrff_v"),
    ):
        iface.export(name, signature, getattr(Check, name))
    context = rt.SystemContext(config=config)
    context.add_vm_module(iface.create())
    if mmap:
        module = rt.VmModule.mmap(context.instance, vmfb)
    else:
        module = rt.VmModule.copy_buffer(context.instance, Path(vmfb).read_bytes())
    try:
        context.add_vm_module(module)
    except (RuntimeError, ValueError) as err:  # (a module it imports is not here: a custom module, a plugin)
        return {
            "error": f"cannot load: {str(err).split(';')[-2].strip() if ';' in str(err) else _first_error(str(err))}"
        }
    functions = context.modules[module.name]
    calls: dict[str, list[dict]] = {}
    for name in module.function_names:
        if name.startswith("__"):
            continue
        calls[name] = []
        for _ in range(2):
            failures.clear()
            try:
                result = functions[name]()
            except (RuntimeError, ValueError, TypeError) as err:
                calls[name].append({"failures": [], "error": _first_error(str(err))[:120]})
                continue
            results = result if isinstance(result, (tuple, list)) else ([] if result is None else [result])
            digests = [
                hashlib.sha256(np.asarray(r.to_host() if hasattr(r, "to_host") else r).tobytes()).hexdigest()[:16]
                for r in results
            ]
            calls[name].append({"failures": list(failures), "outputs": digests})
    return {"calls": calls}


# -- the table ---------------------------------------------------------------------------------


def summary(outcomes: list[Outcome]) -> list[str]:
    stock_builds = sum(o.stock.ok for o in outcomes)
    tool_builds = sum(o.tool.ok for o in outcomes)
    less = [o for o in outcomes if o.stock.ok and not o.tool.ok]
    runs = Counter(o.run.split(" (")[0] for o in outcomes)
    identity = [o for o in outcomes if o.identical_without_elision is not None]
    lines = [
        f"programs: {len(outcomes)}; plain iree-compile builds {stock_builds}, slice-elision builds {tool_builds}",
        f"built by iree-compile but not by slice-elision: {len(less)}"
        + "".join(f"\n  {o.file}: {o.tool.error}" for o in less),
        "runs: " + ", ".join(f"{name} {n}" for name, n in sorted(runs.items())),
        f"builds with a repair of IREE's schedule: {sum(o.tool.repairs > 0 for o in outcomes)}; "
        f"built without a check (the tool cannot read them): {sum(bool(o.tool.unchecked) for o in outcomes)}",
    ]
    if identity:
        lines.append(
            f"--no-elide byte-identical to iree-compile where no repair is reported: "
            f"{sum(bool(o.identical_without_elision) for o in identity)} of {len(identity)}"
        )
    return lines


def table(outcomes: list[Outcome], root: Path | None) -> str:
    def name(o: Outcome) -> str:
        return str(Path(o.file).relative_to(root)) if root and Path(o.file).is_relative_to(root) else o.file

    def build(b: Build) -> str:
        return "yes" if b.ok else f"no: {b.error}"

    rows = ["| program | iree-compile | slice-elision | repairs | runs |", "|---|---|---|---|---|"]
    for o in outcomes:
        tool = build(o.tool) + (f" (unchecked: {o.tool.unchecked})" if o.tool.unchecked else "")
        run = o.run + (f": {o.detail}" if o.detail else "")
        rows.append(f"| {name(o)} | {build(o.stock)} | {tool} | {o.tool.repairs or ''} | {run} |".replace("\n", " "))
    return "\n".join(rows) + "\n"


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0], allow_abbrev=False)
    parser.add_argument("paths", nargs="*", type=Path)
    parser.add_argument("--out", type=Path, help="write the table (markdown) here")
    parser.add_argument("--json", type=Path, help="write every outcome here")
    parser.add_argument("--jobs", type=int, default=1)
    parser.add_argument("--timeout", type=float, default=300.0, help="per build and per run (s)")
    parser.add_argument("--no-elide-identity", action="store_true", help="also compare --no-elide with iree-compile")
    parser.add_argument("--filter", default="", help="only files whose path contains this")
    parser.add_argument("--run", help=argparse.SUPPRESS)  # (the child)
    parser.add_argument("--run-mmap", help=argparse.SUPPRESS)
    args = parser.parse_args(argv)
    if args.run or args.run_mmap:
        print(json.dumps(run_module(args.run or args.run_mmap, mmap=bool(args.run_mmap))), flush=True)
        os._exit(0)  # (no teardown: the bindings report the check module's callbacks as leaks)
    if not args.paths:
        parser.error("give an IREE checkout or folders of .mlir files")
    files = [f for f in corpus_files(args.paths) if args.filter in str(f)]
    root = args.paths[0] if len(args.paths) == 1 else None
    with tempfile.TemporaryDirectory(prefix="iree-corpus-") as work:
        with concurrent.futures.ThreadPoolExecutor(max(1, args.jobs)) as pool:
            futures = [pool.submit(one, f, Path(work), args.timeout, args.no_elide_identity) for f in files]
            outcomes = []
            for future in futures:
                outcome = future.result()
                outcomes.append(outcome)
                print(f"{outcome.file}: {outcome.run or 'built'}", file=sys.stderr, flush=True)
    if args.out:
        args.out.write_text(table(outcomes, root))
    if args.json:
        args.json.write_text(json.dumps([asdict(o) for o in outcomes], indent=1))
    print("\n".join(summary(outcomes)))
    return 1 if any(o.run.startswith("differ") or (o.stock.ok and not o.tool.ok) for o in outcomes) else 0


if __name__ == "__main__":
    sys.exit(main())
