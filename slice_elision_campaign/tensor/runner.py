"""Run a build's call sequence on the IREE runtime, in a fresh process of its own.

Why a process: a build that writes into a constant mapped read-only can fault (``SIGSEGV``
with the module mmap'd), and a miscompiled module can write outside its buffers; in a child the
crash is the build's answer and no later run inherits a damaged heap. The child imports only
numpy and ``iree.runtime``.

Why four runs per build: each *mode* (``local-sync`` and ``local-task``, the module copied into
memory or mmap'd from its file) is a fresh context running the whole sequence. ``local-task``
runs a function's work concurrently, so an unordered read and write can show there and not on
``local-sync``; an mmap'd module's constants are read-only pages, so a write into one faults
there and not on a copy. One child runs the four in turn, for every build of a program; when
it dies, each run it did not finish runs again in a child of its own, so a crash is the answer
of the run it happened in.
"""

from __future__ import annotations

import json
import os
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .answer import Answer, error_line

#: The directory the campaign was imported from (the checkout, or site-packages): the Python
#: children it starts import from there, whatever directory they run in.
ROOT = Path(__file__).resolve().parents[len(__package__.split("."))]
#: (driver, how the module is loaded): every build runs in each.
MODES: tuple[tuple[str, str], ...] = (
    ("local-sync", "copy"),
    ("local-sync", "mmap"),
    ("local-task", "copy"),
    ("local-task", "mmap"),
)
#: One call: (function name, [(parameter kind, value), ...]).
CallSpec = tuple[str, list[tuple[str, int]]]


def run_build(vmfb: Path, calls: list[CallSpec], timeout_s: float = 60.0) -> dict[str, Answer]:
    """Per mode (``"local-sync/copy"`` ...): the answer of ``calls`` in a fresh context."""
    return run_builds([vmfb], calls, timeout_s)[0]


def run_builds(vmfbs: list[Path], calls: list[CallSpec], timeout_s: float = 60.0) -> list[dict[str, Answer]]:
    """:func:`run_build` of each build, all in one child while none crashes (a child costs more
    than the four runs it makes)."""
    jobs = [(str(v), m) for v in vmfbs for m in MODES]
    done = _child(jobs, calls, timeout_s * len(vmfbs))
    for job in [j for j in jobs if _key(*j) not in done]:
        done.update(_child([job], calls, timeout_s))
    return [{mode_name(m): done[_key(str(v), m)][1] for m in MODES} for v in vmfbs]


def mode_name(mode: tuple[str, str]) -> str:
    return f"{mode[0]}/{mode[1]}"


def _key(vmfb: str, mode: tuple[str, str]) -> str:
    return f"{vmfb}|{mode_name(mode)}"


def _child(jobs: list[tuple[str, tuple[str, str]]], calls: list[CallSpec], timeout_s: float) -> dict[str, list]:
    """The answers of the jobs one child finished (key -> [mode, answer]); a lone job whose
    child died answers how."""
    with tempfile.TemporaryDirectory(prefix="tensor-run-") as tmp:
        request, reply = Path(tmp) / "request.json", Path(tmp) / "reply.json"
        request.write_text(json.dumps({"jobs": jobs, "calls": calls}))
        try:
            proc = subprocess.run(
                python_module(f"{__package__}.runner", str(request), str(reply)),
                capture_output=True,
                text=True,
                errors="replace",
                env=child_env(),
                timeout=timeout_s,
            )
            how = ""
            if proc.returncode < 0:
                how = f"crash: {signal.Signals(-proc.returncode).name}"
            elif proc.returncode != 0:
                last = [line for line in proc.stderr.splitlines() if line.strip()]
                how = f"crash: exit status {proc.returncode}: {last[-1] if last else ''}"
        except subprocess.TimeoutExpired:
            how = f"crash: no answer in {timeout_s:.0f} s"
        done: dict[str, list] = json.loads(reply.read_text()) if reply.is_file() else {}
    if how and len(jobs) == 1 and _key(*jobs[0]) not in done:
        done[_key(*jobs[0])] = [list(jobs[0][1]), how]
    return done


def python_module(module: str, *args: str) -> list[str]:
    """``python -P -m module args``: the directory it runs in is not put on its path (``-P``), so
    that it imports what :func:`child_env` names first."""
    return [sys.executable, "-P", "-m", module, *args]


def child_env() -> dict[str, str]:
    """This environment with :data:`ROOT` first on ``PYTHONPATH``."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(ROOT), env.get("PYTHONPATH", "")) if p)
    return env


def _argument(kind: str, value: int) -> Any:
    import numpy as np

    return np.array([value], dtype=np.int32) if kind == "row" else int(value)


def _results(result: Any) -> list[list[int]]:
    import numpy as np

    if result is None:
        return []
    values = result if isinstance(result, (list, tuple)) else [result]
    return [[int(x) for x in np.asarray(v.to_host() if hasattr(v, "to_host") else v).ravel()] for v in values]


def _run_mode(vmfb: str, calls: list[CallSpec], driver: str, how: str) -> Answer:
    from iree import runtime as rt

    config = rt.Config(driver)
    context = rt.SystemContext(config=config)
    try:
        if how == "mmap":
            module = rt.VmModule.mmap(context.instance, vmfb)
        else:
            module = rt.VmModule.copy_buffer(context.instance, Path(vmfb).read_bytes())
        context.add_vm_module(module)
    except (RuntimeError, ValueError) as err:  # (a file that is no module: ValueError)
        return "load: " + error_line(str(err))
    functions = context.modules[module.name]
    answer: list[Any] = []
    for name, args in calls:
        try:
            answer.append(_results(functions[name](*[_argument(k, v) for k, v in args])))
        except RuntimeError as err:
            answer.append(error_line(str(err)))
            break
    return answer


def main(request: str, reply: str) -> int:
    spec = json.loads(Path(request).read_text())
    calls = [(n, a) for n, a in spec["calls"]]
    done: dict[str, list] = {}
    for vmfb, (driver, how) in spec["jobs"]:
        done[_key(vmfb, (driver, how))] = [[driver, how], _run_mode(vmfb, calls, driver, how)]
        Path(reply).write_text(json.dumps(done))  # (each run as it ends: a crash keeps the others)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
