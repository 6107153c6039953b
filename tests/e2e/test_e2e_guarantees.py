"""Each ordering guarantee the analysis relies on, shown on a program that compiles and runs.

1. *Data dependence orders a write before the slice that reads its result* (the seed form:
   update, then slice of the updated cache): covered by ``test_e2e_decode``.
2. *Data dependence orders a write after the reads whose results it consumes*: the overlapping
   update below consumes the attention output, so IREE must run it after attention read the
   aliased prefix.
3. *A call's resource results exist only after the callee's reads of its arguments*: the
   per-layer-call decode form passes aliased slices into a non-inlined callee whose copies of
   its arguments are elided as well.
4. *Invocations are ordered*: every test runs many steps against one module instance, and the
   next step's writes never reach a previous step's reads.
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
DATA = Path(__file__).resolve().parents[1] / "data"


def _compile_both(src: Path, tmp: Path) -> tuple[Path, Path, RewriteReport]:
    reports: list[RewriteReport] = []
    stock, elided = tmp / "stock.vmfb", tmp / "elided.vmfb"
    compile_file(src, stock, DEFAULT_CPU_FLAGS)
    compile_file(src, elided, DEFAULT_CPU_FLAGS, lambda m: reports.append(elide_slices(m)))
    return stock, elided, reports[0]


def _same(a: list, b: list) -> bool:
    return all(u.tobytes() == v.tobytes() for x, y in zip(a, b) for u, v in zip(x, y))


def test_overlapping_write_ordered_after_the_read_runs_bit_identical(tmp_path: Path) -> None:
    stock, elided, report = _compile_both(DATA / "update_after_read.mlir", tmp_path)
    (decision,) = report.decisions
    assert decision.decision == "alias"
    assert sorted(c.verdict for c in decision.checks) == ["ordered-after", "ordered-before"]
    rng = np.random.default_rng(3)
    inputs = [[rng.standard_normal((8, 16)).astype(np.float32), s] for s in range(12)]
    assert _same(run_steps(stock, "step", inputs), run_steps(elided, "step", inputs))


def test_per_layer_call_decode_runs_bit_identical_without_slice_copies(tmp_path: Path) -> None:
    src = tmp_path / "call.mlir"
    src.write_text(decode_program("call"))
    stock, elided, report = _compile_both(src, tmp_path)
    kinds = sorted((d.kind, d.decision) for d in report.decisions)
    assert kinds == [("slice", "alias")] * 4 + [("transfer", "alias")] * 2
    rng = np.random.default_rng(5)
    inputs = [[rng.standard_normal((8, 64)).astype(np.float32), s] for s in range(10)]
    assert _same(run_steps(stock, "step", inputs), run_steps(elided, "step", inputs))

    row = DecodeShape().row_bytes
    before = copy_commands(ir_after_pass(src, DEFAULT_CPU_FLAGS, "iree-stream-schedule-allocation"), "step")
    after = copy_commands(
        ir_after_pass(src, DEFAULT_CPU_FLAGS, "iree-stream-schedule-allocation", lambda m: elide_slices(m)), "step"
    )
    # Per step: 4 slices in @step and 2 argument transfers in each of the 2 calls, each
    # (step + 1) rows, plus 4 constant row copies (2 cache writes, 2 hidden-state transfers).
    assert (len(before), copy_bytes_per_step(before, "arg1", 2000)) == (12, 8 * 2001 * row + 4 * row)
    assert (len(after), copy_bytes_per_step(after, "arg1", 2000)) == (4, 4 * row)


def test_decode_loop_slice_inside_scf_for_runs_bit_identical(tmp_path: Path) -> None:
    """5. *Iterations are ordered through loop-carried values*: the slice of iteration i depends
    on the cache yielded by iteration i - 1, so every earlier row write precedes it; later
    row writes are disjoint because the trip count is bounded."""
    stock, elided, report = _compile_both(DATA / "decode_loop.mlir", tmp_path)
    slices = [d for d in report.decisions if d.kind == "slice"]
    assert [d.decision for d in slices] == ["alias"]
    assert [c.verdict for c in slices[0].checks] == ["ordered-before", "ordered-before", "disjoint"]
    rng = np.random.default_rng(9)
    inputs = [[(rng.standard_normal((8, 16)) * 0.1).astype(np.float32), n] for n in (20, 30, 5)]
    assert _same(run_steps(stock, "run", inputs), run_steps(elided, "run", inputs))
