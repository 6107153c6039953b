"""Specification of the compile driver (rewriter.pipeline) and the runtime runner (rewriter.runtime).

Each test states one behaviour. Compiled artifacts are shared through module-scoped fixtures so
the whole file stays well under two minutes on a 2-core machine.
"""

from __future__ import annotations

import gc
import subprocess
import weakref
from pathlib import Path

import numpy as np
import pytest
from iree.compiler import ir

from benchmarks.programs import FORMS, DecodeShape, decode_program
from rewriter.guard.schedule_guard import ScheduleGuard
from rewriter.pipeline import (
    DEFAULT_CPU_FLAGS,
    SPLICE_BEFORE,
    CompileError,
    CompileResult,
    compile_file,
    ir_after_pass,
    stream_ir_at_splice,
)
from rewriter.pipeline.collector import leave
from rewriter.pipeline.common import tool
from rewriter.runtime import IreeRuntimeError, run_steps, run_steps_with_statistics

REPO = Path(__file__).resolve().parents[2]
DECODE_EXAMPLE = REPO / "examples" / "decode_step.mlir"
FLAGS = list(DEFAULT_CPU_FLAGS)


def plain_iree_compile(src: Path, out: Path, flags: list[str]) -> bytes:
    """The reference: the packaged iree-compile, run the ordinary way."""
    subprocess.run([tool("iree-compile"), *flags, str(src), "-o", str(out)], check=True, capture_output=True)
    return out.read_bytes()


def walk_ops(module) -> list[str]:
    """An identity hook body: visit every op, change nothing."""
    names: list[str] = []

    def visit(op):
        names.append(op.name)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return names


def assert_one_line(err: BaseException) -> None:
    text = str(err)
    assert text and "\n" not in text and "Traceback" not in text


@pytest.fixture(scope="module")
def workdir(tmp_path_factory) -> Path:
    return tmp_path_factory.mktemp("pipeline")


@pytest.fixture(scope="module")
def programs(workdir) -> dict[str, Path]:
    paths = {}
    for form in FORMS:
        path = workdir / f"{form}.mlir"
        path.write_text(decode_program(form, DecodeShape()))
        paths[form] = path
    return paths


@pytest.fixture(scope="module")
def references(workdir, programs) -> dict[str, bytes]:
    return {form: plain_iree_compile(src, workdir / f"{form}.ref.vmfb", FLAGS) for form, src in programs.items()}


@pytest.fixture(scope="module")
def seed_with_walking_hook(workdir, programs):
    """One compile of the seed form with a hook that only records the op names it walks."""
    seen: list[str] = []
    out = workdir / "seed.walked.vmfb"
    result = compile_file(programs["seed"], out, FLAGS, hook=lambda m: seen.extend(walk_ops(m)))
    return result, seen


@pytest.fixture(scope="module")
def decode_vmfb(workdir) -> Path:
    out = workdir / "decode_step.vmfb"
    compile_file(DECODE_EXAMPLE, out, FLAGS)
    return out


def decode_inputs(steps: int) -> list[list[np.ndarray | int]]:
    x = (np.random.default_rng(7).standard_normal((8, 64)) * 0.1).astype(np.float32)
    return [[x, step] for step in range(steps)]


# ------------------------------------------------------------------------------------------
# Faithfulness
# ------------------------------------------------------------------------------------------


@pytest.mark.e2e
@pytest.mark.parametrize("form", FORMS)
def test_without_hook_output_is_byte_identical_to_plain_iree_compile(workdir, programs, references, form):
    out = workdir / f"{form}.nohook.vmfb"
    compile_file(programs[form], out, FLAGS)
    assert out.read_bytes() == references[form]


@pytest.mark.e2e
def test_identity_hook_that_walks_the_module_keeps_output_byte_identical(seed_with_walking_hook, references):
    result, seen = seed_with_walking_hook
    assert seen, "the hook was not called"
    assert result.output_path.read_bytes() == references["seed"]


@pytest.mark.e2e
def test_hook_installed_as_python_pass_gives_the_same_output_as_split_pipeline(workdir, programs, references):
    out = workdir / "seed.passmode.vmfb"
    calls = []
    result = compile_file(
        programs["seed"], out, FLAGS, hook=lambda m: calls.append(len(walk_ops(m))), splice_mode="pass"
    )
    assert result.splice_mode == "pass" and calls
    assert out.read_bytes() == references["seed"]


@pytest.mark.e2e
@pytest.mark.parametrize(
    "extra",
    [
        # A process-global cl::opt read by stream passes: must run the stream phase in iree-opt.
        ["--iree-stream-resource-index-bits=32"],
        # Driver options IREE turns into stream pipeline options (separate-value form included).
        ["--iree-scheduling-optimize-bindings=false", "--iree-scheduling-initialization-mode", "async"],
    ],
    ids=["stream-cl-opt", "scheduling-options"],
)
def test_stream_phase_flags_reach_the_stream_passes(workdir, programs, references, extra):
    flags = FLAGS + extra
    reference = plain_iree_compile(programs["seed"], workdir / "seed.flags.ref.vmfb", flags)
    assert reference != references["seed"], "the flag should change the output, else this test proves nothing"
    out = workdir / "seed.flags.vmfb"
    compile_file(programs["seed"], out, flags)
    assert out.read_bytes() == reference


# ------------------------------------------------------------------------------------------
# The splice point
# ------------------------------------------------------------------------------------------


@pytest.mark.e2e
def test_hook_sees_async_stream_ir_with_slices_before_scheduling(seed_with_walking_hook):
    _, seen = seed_with_walking_hook
    assert "stream.async.slice" in seen
    assert "stream.async.execute" not in seen, f"the hook must run before {SPLICE_BEFORE}"


@pytest.mark.e2e
def test_compile_result_reports_every_phase(seed_with_walking_hook):
    result, _ = seed_with_walking_hook
    assert isinstance(result, CompileResult)
    times = result.phase_times()
    assert list(times) == ["flow", "stream-before", "hook", "stream-after", "hal/vm"]
    assert all(t >= 0 for t in times.values())
    assert result.total_s == pytest.approx(sum(times.values()))
    assert result.stream_runner == "in-process"


@pytest.mark.e2e
def test_dump_hooked_ir_writes_the_module_after_the_hook(workdir, programs):
    dump = workdir / "hooked.mlir"
    compile_file(programs["seed"], workdir / "dumped.vmfb", FLAGS, dump_hooked_ir=str(dump))
    text = dump.read_text()
    assert "stream.async.slice" in text and "stream.cmd.execute" not in text


@pytest.mark.e2e
def test_stream_ir_at_splice_shows_slices_only_for_the_slice_forms(programs):
    assert "stream.async.slice" in stream_ir_at_splice(programs["seed"], FLAGS)
    assert "stream.async.slice" not in stream_ir_at_splice(programs["fused"], FLAGS)


@pytest.mark.e2e
def test_ir_after_schedule_allocation_shows_the_copies_of_the_seed_form(programs):
    seed = ir_after_pass(programs["seed"], FLAGS, "iree-stream-schedule-allocation")
    fused = ir_after_pass(programs["fused"], FLAGS, "iree-stream-schedule-allocation")
    assert seed.count("stream.cmd.copy") > fused.count("stream.cmd.copy")


def test_ir_after_unknown_pass_is_a_value_error(programs):
    with pytest.raises(ValueError, match="iree-stream-no-such-pass"):
        ir_after_pass(programs["seed"], FLAGS, "iree-stream-no-such-pass")


# ------------------------------------------------------------------------------------------
# Errors: one line, nothing left behind
# ------------------------------------------------------------------------------------------


def assert_nothing_written(directory: Path) -> None:
    assert list(directory.iterdir()) == [], f"left behind: {sorted(p.name for p in directory.iterdir())}"


@pytest.fixture
def outdir(tmp_path) -> Path:
    path = tmp_path / "out"
    path.mkdir()
    return path


def test_hook_that_raises_aborts_with_compile_error_and_no_output(programs, outdir):
    def hook(module):
        raise ValueError("refusing to rewrite\nsecond line")

    with pytest.raises(CompileError, match="refusing to rewrite") as info:
        compile_file(programs["seed"], outdir / "x.vmfb", FLAGS, hook=hook)
    assert_one_line(info.value)
    assert_nothing_written(outdir)


class _AnalysisState:
    """Stands for what an analysis leaves behind (:func:`rewriter.pipeline.collector.leave`)."""


def test_what_the_hook_leaves_is_freed_and_the_collector_on_again_when_the_compile_returns(programs, outdir):
    left: list[weakref.ref] = []

    def hook(module):
        state = _AnalysisState()
        left.append(weakref.ref(state))
        leave(state)  # (kept while the stream phase runs: freed once HAL/VM does)

    compile_file(programs["seed"], outdir / "x.vmfb", FLAGS, hook=hook, guard=ScheduleGuard())
    assert left and left[0]() is None
    assert gc.isenabled()


def test_a_hook_that_raises_leaves_the_collector_on(programs, outdir):
    def hook(module):
        leave(_AnalysisState())
        raise ValueError("refusing to rewrite")

    with pytest.raises(CompileError):
        compile_file(programs["seed"], outdir / "x.vmfb", FLAGS, hook=hook)
    assert gc.isenabled()


def test_hook_that_breaks_the_ir_is_reported_as_invalid_ir(programs, outdir):
    def hook(module):
        for op in module.body.operations:
            if op.name in ("util.func", "func.func") and op.regions[0].blocks:
                list(op.regions[0].blocks[0].operations)[-1].erase()  # drop the terminator
                return

    with pytest.raises(CompileError, match="invalid IR") as info:
        compile_file(programs["seed"], outdir / "x.vmfb", FLAGS, hook=hook)
    assert_one_line(info.value)
    assert_nothing_written(outdir)


def test_unparseable_input_is_a_compile_error_with_its_location(tmp_path, outdir):
    bad = tmp_path / "bad.mlir"
    bad.write_text("func.func @f( {\n")
    with pytest.raises(CompileError, match=r"bad\.mlir:1:\d+: error:") as info:
        compile_file(bad, outdir / "x.vmfb", FLAGS)
    assert_one_line(info.value)
    assert_nothing_written(outdir)


def test_missing_input_is_a_compile_error(tmp_path, outdir):
    with pytest.raises(CompileError, match="missing.mlir: no such file") as info:
        compile_file(tmp_path / "missing.mlir", outdir / "x.vmfb", FLAGS)
    assert_one_line(info.value)
    assert_nothing_written(outdir)


def test_output_path_that_is_a_directory_is_refused_before_compiling(outdir):
    with pytest.raises(CompileError, match=f"cannot write {outdir}: it is a directory") as info:
        compile_file(DECODE_EXAMPLE, outdir, FLAGS)
    assert_one_line(info.value)
    assert_nothing_written(outdir)


def test_flag_iree_rejects_is_a_compile_error_with_iree_message(programs, outdir):
    with pytest.raises(CompileError, match="--iree-no-such-flag") as info:
        compile_file(programs["seed"], outdir / "x.vmfb", FLAGS + ["--iree-no-such-flag"])
    assert_one_line(info.value)
    assert_nothing_written(outdir)


def test_phase_control_flags_are_refused(programs, outdir):
    with pytest.raises(CompileError, match="--compile-to"):
        compile_file(programs["seed"], outdir / "x.vmfb", FLAGS + ["--compile-to=hal"])
    assert_nothing_written(outdir)


def test_failed_compile_keeps_an_earlier_output_untouched(programs, outdir):
    previous = outdir / "x.vmfb"
    previous.write_bytes(b"earlier result")

    def hook(module):
        raise RuntimeError("no")

    with pytest.raises(CompileError):
        compile_file(programs["seed"], previous, FLAGS, hook=hook)
    assert previous.read_bytes() == b"earlier result"
    assert [p.name for p in outdir.iterdir()] == ["x.vmfb"]


# ------------------------------------------------------------------------------------------
# Runtime
# ------------------------------------------------------------------------------------------


@pytest.mark.e2e
def test_run_steps_gives_finite_outputs_that_depend_on_the_persistent_cache(decode_vmfb):
    outputs = run_steps(decode_vmfb, "step", decode_inputs(5))
    assert len(outputs) == 5
    for (out,) in outputs:
        assert out.shape == (8, 64) and out.dtype == np.float32
        assert np.isfinite(out).all() and np.abs(out).max() < 100
    # Same x every step: only the growing cache (a global) makes the outputs differ.
    assert not np.array_equal(outputs[0][0], outputs[1][0])


@pytest.mark.e2e
def test_run_steps_is_deterministic_across_runs(decode_vmfb):
    first = run_steps(decode_vmfb, "step", decode_inputs(5))
    second = run_steps(decode_vmfb, "step", [[x, np.int64(i)] for x, i in decode_inputs(5)])
    assert all(np.array_equal(a[0], b[0]) for a, b in zip(first, second))


@pytest.mark.e2e
def test_run_statistics_report_peak_device_bytes_of_the_caches(decode_vmfb):
    _, stats = run_steps_with_statistics(decode_vmfb, "step", decode_inputs(2))
    assert stats is not None
    caches = DecodeShape().caches * DecodeShape().capacity * DecodeShape().row_bytes
    assert stats["device_bytes_peak"] >= caches
    assert stats["device_bytes_live"] >= caches


@pytest.mark.e2e
def test_runtime_errors_are_one_line(decode_vmfb, tmp_path):
    with pytest.raises(IreeRuntimeError, match="'nope' not found") as info:
        run_steps(decode_vmfb, "nope", decode_inputs(1))
    assert_one_line(info.value)
    with pytest.raises(IreeRuntimeError, match="not found"):
        run_steps(tmp_path / "missing.vmfb", "step", decode_inputs(1))


ZERO_D_ARGUMENT = """\
func.func @add(%a: tensor<i64>, %b: i64, %v: tensor<2xi64>) -> (tensor<i64>, tensor<2xi64>) {
  %x = tensor.extract %a[] : tensor<i64>
  %y = arith.addi %x, %b : i64
  %t = tensor.from_elements %y : tensor<i64>
  %e = tensor.empty() : tensor<2xi64>
  %w = linalg.generic {indexing_maps = [affine_map<(i) -> (i)>, affine_map<(i) -> (i)>], iterator_types = ["parallel"]}
      ins(%v : tensor<2xi64>) outs(%e : tensor<2xi64>) {
    ^bb0(%in: i64, %unused: i64):
      %r = arith.addi %in, %y : i64
      linalg.yield %r : i64
  } -> tensor<2xi64>
  return %t, %w : tensor<i64>, tensor<2xi64>
}
"""


@pytest.mark.e2e
def test_run_steps_passes_0d_arrays_as_0d_tensors_and_numpy_scalars_as_scalars(tmp_path):
    src, out = tmp_path / "zero_d.mlir", tmp_path / "zero_d.vmfb"
    src.write_text(ZERO_D_ARGUMENT)
    plain_iree_compile(src, out, FLAGS)
    vector = np.array([10, 20], dtype=np.int64)
    outputs = run_steps(
        out,
        "add",
        [[np.array(3, dtype=np.int64), 4, vector], [np.array(5, dtype=np.int64), np.int64(1), vector[::-1]]],
    )
    (t0, w0), (t1, w1) = outputs
    assert t0.shape == () and int(t0) == 7 and w0.tolist() == [17, 27]
    assert int(t1) == 6 and w1.tolist() == [26, 16]  # a non-contiguous view is passed by value
