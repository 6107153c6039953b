"""IREE's flow phase started before the command line imports the analysis (:mod:`rewriter.pipeline.prefetch`).

The driver may only use a run that is exactly the one it would start (tool, flags, input), and
a run nobody takes must not outlive the command."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rewriter.pipeline import DEFAULT_CPU_FLAGS, prefetch
from rewriter.pipeline.common import tool

SEED = Path(__file__).resolve().parents[1] / "data" / "flow_decode_step_loop.mlir"
FLAGS = list(DEFAULT_CPU_FLAGS)


@pytest.fixture(autouse=True)
def _nothing_left_running():
    yield
    prefetch.discard()


def test_the_command_line_imports_no_analysis_before_it_starts_the_flow_phase() -> None:
    probe = "import sys, rewriter.cli.entry; print(sorted(m for m in ('sympy', 'iree.compiler', 'stream_model') if m in sys.modules))"
    out = subprocess.run([sys.executable, "-c", probe], capture_output=True, text=True, check=True).stdout
    assert out.strip() == "[]"


def test_the_run_started_for_a_command_is_taken_by_that_command() -> None:
    prefetch.start(FLAGS, str(SEED))
    run = prefetch.take(prefetch.flow_command(tool("iree-compile"), FLAGS, str(SEED)))
    assert run is not None
    try:
        status, _ = run.wait()
        assert status == 0 and run.output.read_bytes().startswith(b"ML\xefR")
    finally:
        run.stop()
    assert not run.workdir.exists()


def test_a_run_for_other_flags_is_stopped_and_not_taken() -> None:
    prefetch.start(FLAGS, str(SEED))
    started = prefetch._running
    assert started is not None
    assert prefetch.take(prefetch.flow_command(tool("iree-compile"), FLAGS[:2], str(SEED))) is None
    assert started.proc.returncode is not None and not started.workdir.exists()
    assert prefetch.take(prefetch.flow_command(tool("iree-compile"), FLAGS, str(SEED))) is None  # (taken once)


def test_a_run_nobody_takes_is_stopped_and_removed() -> None:
    prefetch.start(FLAGS, str(SEED))
    started = prefetch._running
    assert started is not None
    prefetch.discard()
    assert started.proc.returncode is not None and not started.workdir.exists()


def test_nothing_is_started_for_a_missing_input(tmp_path: Path) -> None:
    prefetch.start(FLAGS, str(tmp_path / "missing.mlir"))
    assert prefetch._running is None


def test_a_run_of_an_input_changed_since_it_started_is_not_taken(tmp_path: Path) -> None:
    """The driver checks the input's bytes when it takes a run over (a location it cannot read
    back aborts the process): a run that may have read other bytes is compiled again."""
    src = tmp_path / "in.mlir"
    src.write_bytes(SEED.read_bytes())
    prefetch.start(FLAGS, str(src))
    src.write_bytes(SEED.read_bytes() + b"\n")
    assert prefetch.take(prefetch.flow_command(tool("iree-compile"), FLAGS, str(src))) is None
