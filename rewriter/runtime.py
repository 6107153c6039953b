"""Run compiled modules on the real IREE runtime (``iree.runtime`` 3.13).

Why one context per run: the decode programs keep their KV caches in mutable module globals, so
steps 0, 1, 2, ... must run in order against the *same* module instance; a fresh context per call
would reset the caches to their initial values and silently test the wrong thing.

Allocator statistics in iree-base-runtime 3.13
----------------------------------------------
``HalDevice.allocator`` is a ``HalAllocator`` with

* ``has_statistics`` (bool): whether the runtime was built with allocation statistics (the PyPI
  wheels are);
* ``statistics`` (dict): cumulative counters ``host_bytes_peak``, ``host_bytes_allocated``,
  ``host_bytes_freed``, ``device_bytes_peak``, ``device_bytes_allocated``, ``device_bytes_freed``;
* ``formatted_statistics`` (str): the same as a small table (``HOST_LOCAL: ... peak / ...
  allocated / ... freed / ... live``);
* ``trim()``: releases pooled memory.

Measured pitfall: the counters are not per device. A fresh ``get_device("local-sync",
cache=False)`` starts with the counters of every module loaded before in the process (the counters
appear to live with the driver, which ``iree.runtime`` caches per name via
``get_cached_hal_driver``; there is no uncached variant). There is no reset: ``*_peak`` is a
process-lifetime high-water mark. Hence:

* :func:`allocator_statistics` reports the raw counters plus ``*_live`` (= allocated - freed,
  the current bytes);
* :func:`run_steps_with_statistics` runs in a freshly spawned process by default
  (``isolated=True``), so its ``*_peak`` is exactly the peak of that module's load and calls.
  Its dict also holds ``*_allocated_delta``/``*_freed_delta`` (since before the module was
  loaded), which stay meaningful with ``isolated=False``, where the peak can be an earlier,
  larger run's.
"""

from __future__ import annotations

import gc
import os
import pickle
import subprocess
import sys
import tempfile
from collections.abc import Sequence
from pathlib import Path
from typing import Any

import numpy as np

from .errors import IreeRuntimeError

__all__ = [
    "IreeRuntimeError",
    "LoadedModule",
    "allocator_statistics",
    "run_steps",
    "run_steps_with_statistics",
]


def _first_line(err: BaseException) -> str:
    lines = [line.strip() for line in str(err).splitlines() if line.strip()]
    return lines[0] if lines else type(err).__name__


def allocator_statistics(device: Any) -> dict[str, int] | None:
    """Allocator counters of an ``iree.runtime.HalDevice`` plus derived live bytes.

    Returns ``None`` when the runtime was built without statistics, so callers can tell
    "no data" from "zero bytes".
    """
    allocator = device.allocator
    if not getattr(allocator, "has_statistics", False):
        return None
    stats = {key: int(value) for key, value in dict(allocator.statistics).items()}
    for side in ("host", "device"):
        allocated = stats.get(f"{side}_bytes_allocated")
        freed = stats.get(f"{side}_bytes_freed")
        if allocated is not None and freed is not None:
            stats[f"{side}_bytes_live"] = allocated - freed
    return stats


def _to_host(value: Any) -> np.ndarray:
    """Copy one result to a host numpy array (DeviceArray, buffer view or scalar)."""
    if hasattr(value, "to_host"):
        return np.array(value.to_host(), copy=True)
    return np.array(value, copy=True)


def _marshal(arg: Any) -> Any:
    """Convert one input for the IREE invoker.

    A scalar (``int``, ``bool``, ``np.int64`` and other numpy scalars) is a scalar argument
    (``i64``, ``index``) and must become a Python int: the 3.13 invoker packs an ``np.int64`` as a
    buffer view and the call then fails with "variant at index N is not a value type".
    An array of any rank, 0-d included, is a tensor argument (``tensor<i64>`` for a 0-d one)
    and stays an array: as an int it fails with ``vm/list.c: FAILED_PRECONDITION``.
    """
    if isinstance(arg, (bool, np.bool_)):
        return int(arg)
    if isinstance(arg, (int, np.integer)):
        return int(arg)
    if isinstance(arg, np.ndarray):
        # Not np.ascontiguousarray: it turns a 0-d array into shape (1,).
        return np.require(arg, requirements="C")
    return arg


class LoadedModule:
    """One ``.vmfb`` loaded once into one runtime context on its own device.

    Globals persist across :meth:`call` s. Allocator counters are per driver and process-wide;
    :meth:`run_statistics` separates this module's allocations from earlier ones.
    """

    def __init__(self, vmfb_path: str | os.PathLike[str], driver: str = "local-sync") -> None:
        import iree.runtime as rt

        path = Path(vmfb_path)
        if not path.is_file():
            raise IreeRuntimeError(f"module file not found: {path}")
        try:
            # A device of our own (not the process-wide cached one), so that nothing else queues
            # work on it; its allocator counters are still shared per driver (module docstring).
            self.config = rt.Config(device=rt.get_device(driver, cache=False))
        except Exception as err:  # noqa: BLE001 - unknown driver, no device, ...
            raise IreeRuntimeError(
                f"cannot create IREE device for driver {driver!r}: {_first_line(err)}", str(err)
            ) from err
        # Counters before the load, so that a run's allocations can be told apart in-process.
        self._baseline = allocator_statistics(self.config.device)
        try:
            # mmap: no copy of large modules; compile_file renames outputs into place, so a
            # mapped file is never rewritten underneath us.
            self.vm_module = rt.VmModule.mmap(self.config.vm_instance, str(path))
            self.context = rt.SystemContext(config=self.config)
            self.context.add_vm_module(self.vm_module)
        except Exception as err:  # noqa: BLE001
            raise IreeRuntimeError(f"cannot load {path}: {_first_line(err)}", str(err)) from err
        self.path = path
        self.driver = driver
        self._bound = self.context.modules[self.vm_module.name]

    @property
    def device(self) -> Any:
        return self.config.device

    @property
    def function_names(self) -> list[str]:
        return [name for name in self.vm_module.function_names if not name.startswith("__")]

    def call(self, function: str, args: Sequence[Any]) -> list[np.ndarray]:
        """Call ``function`` with ``args``; every result is copied to a host numpy array."""
        return [_to_host(r) for r in self.call_on_device(function, args)]

    def call_on_device(self, function: str, args: Sequence[Any]) -> list[Any]:
        """Call ``function`` with ``args``; the results as the runtime returns them (device
        arrays wrapping the module's buffers), so that a caller can pass a buffer the module
        exported back to it as it is, as a host application holding a view would."""
        try:
            fn = self._bound[function]
        except (KeyError, AttributeError) as err:
            raise IreeRuntimeError(
                f"function {function!r} not found in module {self.vm_module.name!r}; "
                f"available: {', '.join(self.function_names) or '(none)'}"
            ) from err
        try:
            result = fn(*[_marshal(a) for a in args])
        except Exception as err:  # noqa: BLE001 - IREE raises RuntimeError/ValueError/IndexError
            raise IreeRuntimeError(f"{function}: {_first_line(err)}", str(err)) from err
        if result is None:
            return []
        return list(result) if isinstance(result, (tuple, list)) else [result]

    def allocator_statistics(self) -> dict[str, int] | None:
        """Cumulative allocator counters of this module's device (see module docstring)."""
        return allocator_statistics(self.device)

    def run_statistics(self) -> dict[str, int] | None:
        """Counters now, plus ``*_allocated_delta``/``*_freed_delta`` since before the load."""
        now = self.allocator_statistics()
        if now is None or self._baseline is None:
            return now
        for side in ("host", "device"):
            for what in ("allocated", "freed"):
                key = f"{side}_bytes_{what}"
                now[f"{key}_delta"] = now[key] - self._baseline.get(key, 0)
        return now

    def formatted_statistics(self) -> str | None:
        allocator = self.device.allocator
        return allocator.formatted_statistics if getattr(allocator, "has_statistics", False) else None

    def close(self) -> None:
        """Release the module's buffers now.

        ``iree.runtime``'s SystemContext and its BoundModules reference each other, so without a
        collection the module's globals (the whole KV cache) stay allocated until the next GC and
        show up as live bytes of later runs.
        """
        for name in ("_bound", "context", "vm_module"):
            self.__dict__.pop(name, None)
        gc.collect()

    def __enter__(self) -> LoadedModule:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()


def _run_in_process(
    vmfb_path: str, function: str, inputs: Sequence[Sequence[Any]], driver: str
) -> tuple[list[list[np.ndarray]], dict[str, int] | None]:
    """Load once, call in order, then read the counters (see :meth:`LoadedModule.run_statistics`)."""
    with LoadedModule(vmfb_path, driver) as module:
        outputs: list[list[np.ndarray]] = []
        for index, args in enumerate(inputs):
            try:
                outputs.append(module.call(function, args))
            except IreeRuntimeError as err:
                raise IreeRuntimeError(f"call {index}: {err}", err.details) from err
        return outputs, module.run_statistics()


def run_steps_with_statistics(
    vmfb_path: str | os.PathLike[str],
    function: str,
    inputs: Sequence[Sequence[np.ndarray | int]],
    driver: str = "local-sync",
    *,
    isolated: bool = True,
) -> tuple[list[list[np.ndarray]], dict[str, int] | None]:
    """Like :func:`run_steps`, also returning allocator statistics after the last call.

    ``isolated=True`` (default) runs everything in a freshly spawned Python process, because the
    runtime's counters are process-wide per driver and their peak cannot be reset; only then is
    ``device_bytes_peak`` the peak of *this* module. Costs about a second of process start-up.
    The statistics are ``None`` if the runtime was built without them.
    """
    path = str(Path(vmfb_path))
    args = [[_marshal(a) for a in call] for call in inputs]
    if not isolated:
        return _run_in_process(path, function, args, driver)
    return _run_isolated(path, function, args, driver)


def _run_isolated(
    path: str, function: str, args: list[list[Any]], driver: str
) -> tuple[list[list[np.ndarray]], dict[str, int] | None]:
    """Run :func:`_run_in_process` in a fresh interpreter (``python -m rewriter.runtime``).

    A plain subprocess rather than ``multiprocessing``: spawn re-imports the caller's
    ``__main__``, which breaks for stdin/REPL scripts and re-runs unguarded scripts.
    Requests and replies travel as pickle files, so stray output on stdout cannot corrupt them.
    """
    package_root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH", "")) if p)
    with tempfile.TemporaryDirectory(prefix="slice-elision-run-") as tmp:
        request, reply = Path(tmp) / "request.pkl", Path(tmp) / "reply.pkl"
        request.write_bytes(pickle.dumps((path, function, args, driver)))
        proc = subprocess.run(
            [sys.executable, "-m", "rewriter.runtime", str(request), str(reply)],
            capture_output=True,
            text=True,
            errors="replace",
            env=env,
        )
        if proc.returncode != 0 or not reply.is_file():
            lines = [line for line in proc.stderr.splitlines() if line.strip()]
            raise IreeRuntimeError(
                f"isolated runtime process failed (status {proc.returncode}): {lines[-1] if lines else 'no output'}",
                proc.stderr,
            )
        status, value = pickle.loads(reply.read_bytes())
    if status == "error":
        raise IreeRuntimeError(*value)
    return value  # type: ignore[no-any-return]  # what the worker process pickled


def _worker_main(argv: Sequence[str]) -> int:
    """Entry of the isolated process: read a request pickle, write ``(status, value)``."""
    request, reply = argv
    path, function, args, driver = pickle.loads(Path(request).read_bytes())
    try:
        result: tuple[str, Any] = ("ok", _run_in_process(path, function, args, driver))
    except IreeRuntimeError as err:
        result = ("error", (str(err), err.details))
    Path(reply).write_bytes(pickle.dumps(result))
    return 0


def run_steps(
    vmfb_path: str | os.PathLike[str],
    function: str,
    inputs: Sequence[Sequence[np.ndarray | int]],
    driver: str = "local-sync",
) -> list[list[np.ndarray]]:
    """Load ``vmfb_path`` once and call ``function`` once per entry of ``inputs``, in order.

    All calls share one runtime context, so module globals (the KV caches) persist between calls.
    Scalar arguments (``i64``, ``index``) are Python ints or numpy integer scalars; tensor
    arguments are numpy arrays, 0-d ones (``tensor<i64>``) included. Returns, per call, the list of
    results as host numpy arrays (copies, safe to keep after the module is gone).
    Raises :class:`IreeRuntimeError` with a one-line message.
    """
    return _run_in_process(str(Path(vmfb_path)), function, inputs, driver)[0]


if __name__ == "__main__":  # the isolated worker of run_steps_with_statistics
    sys.exit(_worker_main(sys.argv[1:]))
