"""Run a compiled batch on the IREE runtime in a fresh process of its own.

Why a process per run: ``local-sync`` executes dispatches in the calling process, on host
memory. A miscompiled module -- exactly what the campaign hunts -- can write outside its buffers
and corrupt the heap (measured: ``free(): invalid next size``, which killed a whole campaign).
In a child process a crash becomes a finding attributed to the module that caused it, and no
later run inherits a damaged heap. The child imports only numpy and ``iree.runtime`` (a few
tenths of a second).
"""

from __future__ import annotations

import os
import pickle
import signal
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

REPO = Path(__file__).resolve().parents[2]


class RunCrashed(Exception):
    """The child died (signal, abort) or timed out; the message says how, in one line."""


def run_isolated(
    path: Path,
    functions: Sequence[str],
    steps: Sequence[int],
    timeout_s: float = 300.0,
    arguments: Sequence[Sequence[tuple[int, int]]] = (),
    imports: Sequence[Sequence[tuple[int, int]]] = (),
    inputs: Sequence[Sequence[tuple[int, int, bool]]] = (),
) -> list:
    """Per function, per step: the list of results (numpy arrays) or a ``"runtime error: ..."``
    line, exactly as the calls returned them; steps are the outer loop (globals persist).
    ``arguments[k]``: function ``k``'s arguments after ``step``, each ``c0 + c1 * step``.
    ``imports[k]``: function ``k``'s buffer-view arguments after those, ``(size, iota base)``
    each: at its first call the host passes such arrays; at every later call it passes back
    the last ``len(imports[k])`` results of the call before *as they are* -- the buffer objects
    the module returned, not copies (:class:`.program.Import`: they are globals' buffers).
    ``inputs[k]``: function ``k``'s buffer-view arguments after the imports, ``(size, iota
    base, given over)`` each (:class:`.program.Input`): a fresh device array at every call; the
    arrays the caller keeps are read back after the call and follow its results."""
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), env.get("PYTHONPATH", "")) if p)
    with tempfile.TemporaryDirectory(prefix="campaign-run-") as tmp:
        request, reply = Path(tmp) / "request.pkl", Path(tmp) / "reply.pkl"
        request.write_bytes(
            pickle.dumps(
                (
                    str(path),
                    list(functions),
                    list(steps),
                    [list(a) for a in arguments],
                    [list(i) for i in imports],
                    [list(i) for i in inputs],
                )
            )
        )
        try:
            proc = subprocess.run(
                [sys.executable, "-m", "tests.campaign.runner", str(request), str(reply)],
                capture_output=True,
                text=True,
                errors="replace",
                env=env,
                timeout=timeout_s,
            )
        except subprocess.TimeoutExpired:
            raise RunCrashed(f"the runtime process did not finish in {timeout_s:.0f} s") from None
        if proc.returncode != 0 or not reply.is_file():
            how = (
                f"signal {signal.Signals(-proc.returncode).name}"
                if proc.returncode < 0
                else f"exit status {proc.returncode}"
            )
            last = [line for line in proc.stderr.splitlines() if line.strip()]
            raise RunCrashed(f"the runtime process died ({how}): {last[-1] if last else 'no output'}")
        status, value = pickle.loads(reply.read_bytes())
    if status == "load-error":
        raise LoadError(value)
    return value


class LoadError(Exception):
    """The module could not be loaded (its initializer failed)."""


def _child(request: str, reply: str) -> int:
    from rewriter.runtime import IreeRuntimeError, LoadedModule

    path, functions, steps, arguments, imports, inputs = pickle.loads(Path(request).read_bytes())
    results: list[list[Any]] = [[] for _ in functions]
    try:
        module = LoadedModule(path)
    except IreeRuntimeError as err:
        Path(reply).write_bytes(pickle.dumps(("load-error", str(err).replace(f"cannot load {path}: ", ""))))
        return 0
    passed: dict[int, list[Any]] = {}  # function -> the buffers its last call returned to pass back
    with module:
        for step in steps:
            for k, fn in enumerate(functions):
                try:
                    extra = [c0 + c1 * step for c0, c1 in (arguments[k] if k < len(arguments) else ())]
                    views = imports[k] if k < len(imports) else ()
                    given = inputs[k] if k < len(inputs) else ()
                    if not views and not given:
                        results[k].append(module.call(fn, [step, *extra]))
                        continue
                    # (After a call that failed, fresh arrays again: the outputs differ already.)
                    back = passed.pop(k, None) or [_first_array(n, base) for n, base in views]
                    held = [_device_array(module, n, base) for n, base, _ in given]
                    got = module.call_on_device(fn, [step, *extra, *back, *held])
                    if views:
                        passed[k] = got[len(got) - len(views) :]
                    kept = [a for a, (_, _, over) in zip(held, given) if not over]
                    results[k].append([_host_copy(r) for r in got + kept])
                except IreeRuntimeError as err:
                    results[k].append(f"runtime error: {err}")
    Path(reply).write_bytes(pickle.dumps(("ok", results)))
    return 0


def _first_array(n: int, base: int) -> Any:
    from tests.campaign.executables import iota

    return iota(n, base)


def _device_array(module: Any, n: int, base: int) -> Any:
    """A fresh iota on the module's device: the caller's array, which it can read back."""
    from iree import runtime as rt

    return rt.asdevicearray(module.device, _first_array(n, base))


def _host_copy(value: Any) -> Any:
    import numpy as np

    return np.array(value.to_host() if hasattr(value, "to_host") else value, copy=True)


if __name__ == "__main__":
    sys.exit(_child(*sys.argv[1:3]))
