"""End to end on the decode step: the real IREE compiler, the real runtime, with and without.

A rewrite counts as correct when the compiled program computes bit-identical results with and
without it, over several steps of one runtime instance (the caches persist between calls).
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from benchmarks.measure import copy_bytes_per_step, copy_commands
from benchmarks.programs import DecodeShape, decode_program
from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_file, ir_after_pass
from rewriter.rewrite.elide import RewriteReport, elide_slices
from rewriter.runtime import run_steps

pytestmark = pytest.mark.e2e
EXAMPLE = Path(__file__).resolve().parents[2] / "examples" / "decode_step.mlir"
STEPS = 12


def _hook(reports: list[RewriteReport]):
    return lambda module: reports.append(elide_slices(module))


def _inputs(steps: int, shape: DecodeShape = DecodeShape()) -> list[list]:  # noqa: B008 - frozen
    rng = np.random.default_rng(1234)
    return [[rng.standard_normal((shape.heads, shape.head_dim)).astype(np.float32), s] for s in range(steps)]


def _compile_both(src: Path, tmp: Path) -> tuple[Path, Path, RewriteReport]:
    reports: list[RewriteReport] = []
    stock, elided = tmp / "stock.vmfb", tmp / "elided.vmfb"
    compile_file(src, stock, DEFAULT_CPU_FLAGS)
    compile_file(src, elided, DEFAULT_CPU_FLAGS, _hook(reports))
    return stock, elided, reports[0]


def _assert_bit_identical(a: list[list[np.ndarray]], b: list[list[np.ndarray]]) -> None:
    assert len(a) == len(b)
    for step, (x, y) in enumerate(zip(a, b)):
        for u, v in zip(x, y):
            assert u.tobytes() == v.tobytes(), f"step {step} differs"


def test_shipped_example_is_the_generated_seed_program() -> None:
    assert EXAMPLE.read_text() == decode_program("seed")


def test_seed_decode_aliases_all_four_slices_and_runs_bit_identical(tmp_path: Path) -> None:
    stock, elided, report = _compile_both(EXAMPLE, tmp_path)
    assert (report.aliased, report.kept) == (4, 0)
    _assert_bit_identical(run_steps(stock, "step", _inputs(STEPS)), run_steps(elided, "step", _inputs(STEPS)))


def test_seed_decode_copies_left_are_constant_row_writes(tmp_path: Path) -> None:
    reports: list[RewriteReport] = []
    after = copy_commands(
        ir_after_pass(EXAMPLE, DEFAULT_CPU_FLAGS, "iree-stream-schedule-allocation", _hook(reports)), "step"
    )
    before = copy_commands(ir_after_pass(EXAMPLE, DEFAULT_CPU_FLAGS, "iree-stream-schedule-allocation"), "step")
    row = DecodeShape().row_bytes
    assert copy_bytes_per_step(before, "arg1", 2000) == 2 * row + 4 * 2001 * row
    assert copy_bytes_per_step(after, "arg1", 2000) == 2 * row
    assert all(not c.length.free_symbols for c in after)


def test_f16_three_layer_decode_runs_bit_identical(tmp_path: Path) -> None:
    shape = DecodeShape(layers=3, heads=4, head_dim=32, capacity=256, dtype="f16")
    src = tmp_path / "decode_f16.mlir"
    src.write_text(decode_program("seed", shape))
    stock, elided, report = _compile_both(src, tmp_path)
    assert report.aliased == 6
    rng = np.random.default_rng(7)
    inputs = [[rng.standard_normal((4, 32)).astype(np.float16), s] for s in range(8)]
    _assert_bit_identical(run_steps(stock, "step", inputs), run_steps(elided, "step", inputs))
