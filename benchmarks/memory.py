"""Device memory of one decode step, from the IREE runtime's allocator statistics.

What IREE 3.13's Python runtime exposes (see :mod:`rewriter.runtime`): cumulative per-driver
counters ``device_bytes_allocated``, ``device_bytes_freed`` and a high-water mark
``device_bytes_peak``, with no reset and shared by every device of the driver in the process.
So every measurement here runs in a *fresh process* that loads exactly one module and calls
``step`` at exactly one context; there the counters mean:

* ``resident_bytes``: bytes live right after loading the module: the module's globals (the
  K/V caches, ``2 * layers * capacity * row_bytes``) and constants;
* ``step_alloc_bytes``: device bytes allocated by one ``step`` call, measured as the
  difference of ``device_bytes_allocated`` between call 1 and call ``k``, divided by ``k-1``
  (call 1 is left out so that one-off lazy allocations cannot count). All of it is freed by
  the end of the call (``live`` returns to ``resident``). It is the stream *transients* (the
  scheduler's transient slab, which holds the copied prefixes in stock IREE and the attention
  scores in every variant) plus two 2 KiB buffers at the ABI boundary: the uploaded ``x``
  argument and the result;
* ``peak_bytes``: ``device_bytes_peak`` after the calls: resident plus the most that was live
  at once during a step; ``peak_above_resident_bytes`` is that minus ``resident_bytes``.

Timing a step at context ``N`` needs no filled cache (the step only reads rows ``[0, N]``;
rows below ``N`` keep their initial values), and memory does not depend on the values at all,
so each worker calls ``step(x, N)`` directly on a freshly loaded module.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
from collections.abc import Sequence
from pathlib import Path

import numpy as np

__all__ = ["measure_memory", "memory_table"]


def _worker(vmfb: str, step: int, calls: int, heads: int, head_dim: int) -> dict:
    """Runs in the fresh process: load, call ``calls`` times at ``step``, read the counters."""
    from rewriter.runtime import LoadedModule

    x = np.random.default_rng(0).standard_normal((heads, head_dim)).astype(np.float32)
    with LoadedModule(vmfb) as module:
        loaded = module.allocator_statistics()
        if loaded is None:
            return {"available": False}
        after: list[dict] = []
        for _ in range(calls):
            module.call("step", [x, step])
            after.append(module.allocator_statistics() or {})
    first, last = after[0], after[-1]
    per_call = (
        (last["device_bytes_allocated"] - first["device_bytes_allocated"]) / (calls - 1)
        if calls > 1
        else first["device_bytes_allocated"] - loaded["device_bytes_allocated"]
    )
    return {
        "available": True,
        "resident_bytes": loaded["device_bytes_live"],
        "step_alloc_bytes": int(round(per_call)),
        "first_call_alloc_bytes": first["device_bytes_allocated"] - loaded["device_bytes_allocated"],
        "live_after_bytes": last["device_bytes_live"],
        "peak_bytes": last["device_bytes_peak"],
        "peak_above_resident_bytes": last["device_bytes_peak"] - loaded["device_bytes_live"],
        "host_bytes_peak": last.get("host_bytes_peak", 0),
    }


def measure_memory(vmfb: Path, step: int, calls: int, heads: int = 8, head_dim: int = 64) -> dict:
    """One measurement in a fresh interpreter (the counters are process-wide; see above)."""
    package_root = str(Path(__file__).resolve().parent.parent)
    env = dict(os.environ)
    env["PYTHONPATH"] = os.pathsep.join(p for p in (package_root, env.get("PYTHONPATH", "")) if p)
    proc = subprocess.run(
        [sys.executable, "-m", "benchmarks.memory", str(vmfb), str(step), str(calls), str(heads), str(head_dim)],
        capture_output=True,
        text=True,
        env=env,
    )
    if proc.returncode != 0:
        tail = (proc.stderr.strip().splitlines() or ["no output"])[-1]
        raise RuntimeError(f"memory worker failed for {vmfb.name} at step {step}: {tail}")
    return json.loads(proc.stdout.strip().splitlines()[-1])


def memory_table(
    vmfbs: dict[str, Path], contexts: Sequence[int], calls: int, heads: int = 8, head_dim: int = 64
) -> dict[str, dict[str, dict]]:
    """variant -> context (str) -> measurement. Deterministic numbers, so no rounds."""
    return {
        name: {str(n): measure_memory(path, n, calls, heads, head_dim) for n in contexts}
        for name, path in vmfbs.items()
    }


if __name__ == "__main__":
    vmfb_arg, step_arg, calls_arg, heads_arg, dim_arg = sys.argv[1:6]
    print(json.dumps(_worker(vmfb_arg, int(step_arg), int(calls_arg), int(heads_arg), int(dim_arg))))
