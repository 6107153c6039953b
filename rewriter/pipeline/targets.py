"""The default target flags, in a module of their own: the command line reads them before it
imports IREE's bindings or the analysis, so this module imports nothing heavy."""

from __future__ import annotations

#: Flags for the local CPU target used throughout the project (tests, demo, benchmarks).
DEFAULT_CPU_FLAGS: tuple[str, ...] = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)
