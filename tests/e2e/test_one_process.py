"""``compile`` in one process: IREE's phases through its embedding API, no process started and
no module handed over as text; a crash of IREE there still reported as one."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rewriter.cli.entry import main
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from rewriter.pipeline.common import tool

REPO = Path(__file__).resolve().parents[2]
DECODE = REPO / "examples" / "decode_step.mlir"
FLAGS = list(DEFAULT_CPU_FLAGS)

_CRASHING = """
import ctypes, sys
import rewriter.cli.commands as commands
commands.{command}_command = lambda *args: ctypes.string_at(0)  # (a fault in native code)
from rewriter.cli import main
sys.argv = ["slice-elision", *sys.argv[1:]]
sys.exit(main())
"""


def _stock(src: Path, out: Path) -> bytes:
    subprocess.run([tool("iree-compile"), *FLAGS, str(src), "-o", str(out)], check=True)
    return out.read_bytes()


def test_compile_starts_no_process_and_builds_what_iree_compile_builds(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    out = tmp_path / "tool.vmfb"

    def no_process(*args: object, **kwargs: object) -> None:
        raise AssertionError(f"a process was started: {args[0] if args else kwargs}")

    with monkeypatch.context() as patched:
        patched.setattr(subprocess.Popen, "__init__", no_process)
        assert main(["compile", "--no-elide", str(DECODE), "-o", str(out), *FLAGS]) in (0, None)
    assert out.read_bytes() == _stock(DECODE, tmp_path / "stock.vmfb")


def test_a_flag_the_session_does_not_take_goes_to_the_packaged_tools(tmp_path: Path) -> None:
    out = tmp_path / "tool.vmfb"
    flags = [*FLAGS, "--iree-stream-resource-index-bits=32"]
    assert main(["compile", "--no-elide", str(DECODE), "-o", str(out), *flags]) in (0, None)
    stock = tmp_path / "stock.vmfb"
    subprocess.run([tool("iree-compile"), *flags, str(DECODE), "-o", str(stock)], check=True)
    assert out.read_bytes() == stock.read_bytes()


def test_a_crash_in_the_tools_compile_is_said_in_one_line_and_iree_compiles_build_is_used(tmp_path: Path) -> None:
    out = tmp_path / "tool.vmfb"
    proc = subprocess.run(
        [sys.executable, "-c", _CRASHING.format(command="compile"), "compile", str(DECODE), "-o", str(out)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 0, proc.stderr
    assert proc.stderr.strip().splitlines() == [
        "slice-elision: warning: nothing was elided or checked: IREE crashed (SIGSEGV) in the tool's compile; "
        "built as plain iree-compile builds it"
    ]
    assert out.read_bytes() == _stock(DECODE, tmp_path / "stock.vmfb")
    assert [p.name for p in tmp_path.iterdir() if p.name.endswith(".part")] == []


def test_a_crash_in_the_check_is_an_error_in_one_line() -> None:
    proc = subprocess.run(
        [sys.executable, "-c", _CRASHING.format(command="check"), "check", str(DECODE)],
        capture_output=True,
        text=True,
        cwd=REPO,
    )
    assert proc.returncode == 1
    assert proc.stderr.strip().splitlines() == [
        "slice-elision: error: IREE crashed (SIGSEGV) in the tool's check; please report it"
    ]
