"""IREE's stream phase split at the splice point, public: a compile the caller drives with
``run_to_splice``/``run_from_splice``/``write_for_iree`` (or its own ``PassManager`` with
``stream_pipelines``) gives what ``compile_file`` gives, without the driver's private parts."""

from __future__ import annotations

import subprocess
from pathlib import Path

import pytest
from iree.compiler import ir, passmanager

from rewriter import (
    DEFAULT_CPU_FLAGS,
    RewriteReport,
    compile_file,
    elide_slices,
    run_from_splice,
    run_to_splice,
    stream_pipelines,
    write_for_iree,
)
from rewriter.pipeline import SPLICE_BEFORE
from rewriter.pipeline.common import new_context, tool

pytestmark = pytest.mark.e2e
REPO = Path(__file__).resolve().parents[2]
EXAMPLE = REPO / "examples" / "decode_step.mlir"
FLAGS = list(DEFAULT_CPU_FLAGS)


def _flow(tmp_path: Path) -> bytes:
    out = tmp_path / "flow.mlirbc"
    subprocess.run(
        [tool("iree-compile"), *FLAGS, "--compile-to=flow", "--emit-mlir-bytecode", str(EXAMPLE), "-o", str(out)],
        check=True,
    )
    return out.read_bytes()


def _from_stream(stream: Path, out: Path) -> bytes:
    subprocess.run([tool("iree-compile"), *FLAGS, "--compile-from=stream", str(stream), "-o", str(out)], check=True)
    return out.read_bytes()


def test_a_compile_the_caller_drives_gives_compile_file_s_output(tmp_path: Path) -> None:
    module = run_to_splice(ir.Module.parse(_flow(tmp_path), new_context()), FLAGS)
    report = elide_slices(module)
    module = run_from_splice(module, FLAGS)
    write_for_iree(module, tmp_path / "stream.mlir")
    mine = _from_stream(tmp_path / "stream.mlir", tmp_path / "mine.vmfb")

    reports: list[RewriteReport] = []
    compile_file(EXAMPLE, tmp_path / "ref.vmfb", FLAGS, hook=lambda m: reports.append(elide_slices(m)))
    assert report.aliased == reports[0].aliased == 4
    assert mine == (tmp_path / "ref.vmfb").read_bytes()


def test_the_pass_pipelines_run_in_the_callers_own_pass_manager(tmp_path: Path) -> None:
    pipelines = stream_pipelines(FLAGS)
    assert pipelines.global_cl_flags == ()
    assert SPLICE_BEFORE in pipelines.after and SPLICE_BEFORE not in pipelines.before
    context = new_context()
    module = ir.Module.parse(_flow(tmp_path), context)
    with context:
        passmanager.PassManager.parse(pipelines.before).run(module.operation)
        elide_slices(module)
        passmanager.PassManager.parse(pipelines.after).run(module.operation)
    write_for_iree(module, tmp_path / "stream.mlir")
    mine = _from_stream(tmp_path / "stream.mlir", tmp_path / "mine.vmfb")
    compile_file(EXAMPLE, tmp_path / "ref.vmfb", FLAGS, hook=lambda m: elide_slices(m))
    assert mine == (tmp_path / "ref.vmfb").read_bytes()


def test_flags_that_need_iree_opt_are_named_in_the_pipelines() -> None:
    assert stream_pipelines([*FLAGS, "--iree-stream-resource-index-bits=32"]).global_cl_flags == (
        "--iree-stream-resource-index-bits=32",
    )


def test_each_half_refuses_a_module_at_the_other_phase(tmp_path: Path) -> None:
    from rewriter import WrongPhaseError

    flow = ir.Module.parse(_flow(tmp_path), new_context())
    with pytest.raises(WrongPhaseError, match="run_from_splice takes the module at the splice point"):
        run_from_splice(flow, FLAGS)
    at_splice = run_to_splice(flow, FLAGS)
    with pytest.raises(WrongPhaseError, match="run_to_splice takes the flow-level module"):
        run_to_splice(at_splice, FLAGS)
