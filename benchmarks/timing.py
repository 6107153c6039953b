"""Step time of every variant at every context, measured side by side in interleaved rounds.

Why interleaved: the machine is a noisy 2-core VM. Timing all of variant A, then all of B,
turns a background burst into a fake difference between A and B. Here every round times every
(variant, context) once, in an order that changes from round to round, so drift hits all
variants alike; ratios are taken *within* a round and then summarised by their median.

What one sample is: the median wall time of ``calls`` consecutive ``step(x, N)`` calls (each
timed on its own with ``perf_counter``), after ``warmup_calls`` untimed ones. ``calls`` is
chosen once per (variant, context) so a sample lasts about ``sample_target_s``. Samples are
kept short (tens of milliseconds) and rounds many: within a round the variants of one context
run back to back, so the samples of a per-round ratio are close in time and see the same load.

Why calling ``step(x, N)`` directly is valid: the program reads rows ``[0, N]`` of each cache
and writes row ``N``; the work does not depend on the values, only on ``N``. Rows below ``N``
hold the caches' initial values (or whatever earlier timed calls wrote), which is fine for
timing but means the outputs are not those of a real decode; correctness is checked separately
(:func:`check_outputs`, steps ``0, 1, ...`` in order).

Runtime: ``local-sync`` (single-threaded, inline execution), one device per module, ``x``
uploaded to the device once so the call measures the step rather than the argument upload.
The Python call overhead (a few tens of microseconds) is in every sample of every variant;
slopes between two contexts cancel it.
"""

from __future__ import annotations

import os
import random
import statistics
import time
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np

from .config import Profile

__all__ = ["TimedModule", "time_variants", "check_outputs", "slope"]


class TimedModule:
    """A module loaded once for timing: the bound ``step`` and ``x`` already on its device."""

    def __init__(self, vmfb: Path, x: np.ndarray, driver: str = "local-sync") -> None:
        import iree.runtime as rt

        self.config = rt.Config(device=rt.get_device(driver, cache=False))
        self.vm_module = rt.VmModule.mmap(self.config.vm_instance, str(vmfb))
        self.context = rt.SystemContext(config=self.config)
        self.context.add_vm_module(self.vm_module)
        self.step: Callable[..., Any] = self.context.modules[self.vm_module.name]["step"]
        self.x = rt.asdevicearray(self.config.device, x)

    def call_times(self, step: int, calls: int, warmup: int) -> list[float]:
        fn, x = self.step, self.x
        for _ in range(warmup):
            fn(x, step)
        out = []
        for _ in range(calls):
            t0 = time.perf_counter()
            fn(x, step)
            out.append(time.perf_counter() - t0)
        return out


@dataclass
class TimingResult:
    #: variant -> context -> per-round sample (seconds), in round order
    samples: dict[str, dict[int, list[float]]]
    calls: dict[str, dict[int, int]]
    orders: list[list[str]]  # the (variant@context) order of each round, for the record
    wall_s: float
    #: 1-minute load average before and after: how busy the shared machine was meanwhile
    load_average: tuple[float, float]


def time_variants(vmfbs: dict[str, Path], profile: Profile, seed: int = 0) -> TimingResult:
    """Interleaved rounds over ``vmfbs`` x ``profile.contexts``; see the module docstring."""
    started = time.perf_counter()
    load_before = os.getloadavg()[0]
    shape = profile.shape
    x = np.random.default_rng(seed).standard_normal((shape.heads, shape.head_dim)).astype(np.float32)
    modules = {name: TimedModule(path, x) for name, path in vmfbs.items()}
    contexts = list(profile.contexts)

    calls: dict[str, dict[int, int]] = {name: {} for name in modules}
    for name, module in modules.items():  # calibration: a few calls to size each sample
        for n in contexts:
            probe = statistics.median(module.call_times(n, 3, 1))
            want = int(profile.sample_target_s / max(probe, 1e-7))
            calls[name][n] = max(profile.min_calls, min(profile.max_calls, want))

    rng = random.Random(seed)
    names = list(modules)
    samples: dict[str, dict[int, list[float]]] = {name: {n: [] for n in contexts} for name in names}
    orders: list[list[str]] = []
    for r in range(profile.rounds):
        ctx_order = contexts[:]
        rng.shuffle(ctx_order)
        order: list[str] = []
        for i, n in enumerate(ctx_order):
            rot = (r + i) % len(names)  # rotate which variant goes first
            for name in names[rot:] + names[:rot]:
                times = modules[name].call_times(n, calls[name][n], profile.warmup_calls)
                samples[name][n].append(statistics.median(times))
                order.append(f"{name}@{n}")
        orders.append(order)
    return TimingResult(samples, calls, orders, time.perf_counter() - started, (load_before, os.getloadavg()[0]))


def slope(samples: dict[int, list[float]], lo: int, hi: int) -> list[float]:
    """Per-round slope (seconds per context token) between contexts ``lo`` and ``hi``."""
    return [(b - a) / (hi - lo) for a, b in zip(samples[lo], samples[hi])]


def per_round_ratio(a: Sequence[float], b: Sequence[float]) -> list[float]:
    """Ratios of samples taken in the same round (side by side)."""
    return [x / y for x, y in zip(a, b) if y > 0]


def check_outputs(a: Path, b: Path, steps: int, shape_hw: tuple[int, int], seed: int = 0) -> dict:
    """Run steps ``0..steps-1`` in order on both modules; compare every output bit for bit.

    A benchmark of a miscompiled module would be meaningless, so the run records this next to
    the numbers. Uses :func:`rewriter.runtime.run_steps` (one context per module, caches persist).
    """
    from rewriter.runtime import run_steps

    rng = np.random.default_rng(seed)
    inputs = [[rng.standard_normal(shape_hw).astype(np.float32), s] for s in range(steps)]
    out_a = run_steps(a, "step", inputs)
    out_b = run_steps(b, "step", inputs)
    same = all(x[0].tobytes() == y[0].tobytes() for x, y in zip(out_a, out_b))
    finite = all(np.isfinite(x[0]).all() for x in out_a)
    return {"steps": steps, "bit_identical": bool(same), "finite": bool(finite)}
