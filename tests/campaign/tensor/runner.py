"""Run a build's call sequence on the IREE runtime, in a fresh process of its own.

Why a process: a build that writes into a constant mapped read-only can fault (``SIGSEGV``
with the module mmap'd), and a miscompiled module can write outside its buffers; in a child the
crash is the build's answer and no later run inherits a damaged heap. The child imports only
numpy and ``iree.runtime``.

Why four runs per build: each *mode* (``local-sync`` and ``local-task``, the module copied into
memory or mmap'd from its file) is a fresh context running the whole sequence. ``local-task``
runs a function's work concurrently, so an unordered read and write can show there and not on
``local-sync``; an mmap'd module's constants are read-only pages, so a write into one faults
there and not on a copy. One child runs the four in turn; when it dies, each mode it did not
finish runs again in a child of its own, so a crash is the answer of the mode it happened in.
"""

from __future__ import annotations

import json
import signal
import subprocess
import sys
import tempfile
from pathlib import Path
from typing import Any

from .answer import Answer, error_line

REPO = Path(__file__).resolve().parents[3]
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
    answers: dict[str, Answer] = {}
    todo = list(MODES)
    answers.update(_child(vmfb, calls, todo, timeout_s))
    for mode in [m for m in todo if _key(m) not in answers]:
        answers.update(_child(vmfb, calls, [mode], timeout_s))
    return {_key(m): answers[_key(m)] for m in MODES}


def _key(mode: tuple[str, str]) -> str:
    return f"{mode[0]}/{mode[1]}"


def _child(vmfb: Path, calls: list[CallSpec], modes: list[tuple[str, str]], timeout_s: float) -> dict[str, Answer]:
    """The answers of the modes one child finished; a lone mode whose child died answers how."""
    with tempfile.TemporaryDirectory(prefix="tensor-run-") as tmp:
        request, reply = Path(tmp) / "request.json", Path(tmp) / "reply.json"
        request.write_text(json.dumps({"vmfb": str(vmfb), "calls": calls, "modes": modes}))
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "tests.campaign.tensor.runner", str(request), str(reply)],
                capture_output=True,
                text=True,
                errors="replace",
                cwd=REPO,
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
        done: dict[str, Answer] = json.loads(reply.read_text()) if reply.is_file() else {}
    if how and len(modes) == 1 and _key(modes[0]) not in done:
        done[_key(modes[0])] = how
    return done


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
    except RuntimeError as err:
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
    done: dict[str, Answer] = {}
    for driver, how in spec["modes"]:
        done[f"{driver}/{how}"] = _run_mode(spec["vmfb"], [(n, a) for n, a in spec["calls"]], driver, how)
        Path(reply).write_text(json.dumps(done))  # (each mode as it ends: a crash keeps the others)
    return 0


if __name__ == "__main__":
    sys.exit(main(*sys.argv[1:3]))
