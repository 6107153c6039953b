"""What the command line writes: every output or none, each checked before any work, and a
flag that does not apply to a command is refused rather than ignored.

A failure is one ``slice-elision: error: cannot write PATH: REASON`` line (the operating
system's reason, in lower case) and a non-zero exit; nothing is written, not even to standard
output, and an earlier file at an output path is left as it was.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import tempfile
from pathlib import Path

import pytest

from benchmarks.ir_cases import case_module, cases

SCRIPT = str(Path(sys.executable).parent / "slice-elision")
REPO = Path(__file__).resolve().parents[2]
CPU_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]
SEED_CASE = next(c for c in cases() if c[0] == "alias/same_ssa_value")[2]


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def assert_one_error_line(proc: subprocess.CompletedProcess[str], message: str) -> None:
    assert proc.returncode != 0
    assert proc.stderr.strip().splitlines() == [f"slice-elision: error: {message}"], proc.stderr
    assert proc.stdout == ""


@pytest.fixture
def seed_file(tmp_path: Path) -> Path:
    p = tmp_path / "seed.mlir"
    p.write_text(case_module(SEED_CASE))
    return p


def _unwritable_dir() -> str:
    """A directory this process cannot create files in, even as root (``/sys``)."""
    try:
        fd, name = tempfile.mkstemp(dir="/sys")
    except OSError:
        return "/sys"
    os.close(fd)
    os.unlink(name)
    pytest.skip("/sys is writable here")


# -- rewrite -----------------------------------------------------------------------------------


def test_rewrite_to_an_output_that_cannot_be_created_writes_neither_output_nor_log(
    seed_file: Path, tmp_path: Path
) -> None:
    log = tmp_path / "log.jsonl"
    proc = run_cli("rewrite", str(seed_file), "-o", "/proc/out.mlir", "--log", str(log))
    assert_one_error_line(proc, "cannot write /proc/out.mlir: no such file or directory")
    assert not log.exists()
    assert sorted(p.name for p in tmp_path.iterdir()) == ["seed.mlir"]


def test_rewrite_to_standard_output_with_a_log_that_cannot_be_created_prints_nothing(
    seed_file: Path, tmp_path: Path
) -> None:
    proc = run_cli("rewrite", str(seed_file), "-o", "-", "--log", "/proc/l")
    assert_one_error_line(proc, "cannot write /proc/l: no such file or directory")


def test_a_permission_error_is_one_line_that_says_so(seed_file: Path, tmp_path: Path) -> None:
    where = _unwritable_dir()
    out = tmp_path / "out.mlir"
    proc = run_cli("rewrite", str(seed_file), "-o", str(out), "--log", f"{where}/log.jsonl")
    assert_one_error_line(proc, f"cannot write {where}/log.jsonl: permission denied")
    assert not out.exists()


def test_rewrite_leaves_an_earlier_output_alone_when_its_log_cannot_be_written(seed_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    out.write_text("earlier result")
    proc = run_cli("rewrite", str(seed_file), "-o", str(out), "--log", "/proc/l.jsonl")
    assert_one_error_line(proc, "cannot write /proc/l.jsonl: no such file or directory")
    assert out.read_text() == "earlier result"


def test_rewrite_writes_the_output_and_the_log_together(seed_file: Path, tmp_path: Path) -> None:
    out, log = tmp_path / "out.mlir", tmp_path / "log.jsonl"
    proc = run_cli("rewrite", str(seed_file), "-o", str(out), "--log", str(log))
    assert proc.returncode == 0, proc.stderr
    assert "stream.async.slice" not in out.read_text()
    assert [json.loads(line)["decision"] for line in log.read_text().splitlines()] == ["alias"]
    assert sorted(p.name for p in tmp_path.iterdir()) == ["log.jsonl", "out.mlir", "seed.mlir"]


# -- compile -----------------------------------------------------------------------------------


@pytest.mark.e2e
def test_compile_with_a_log_that_cannot_be_created_leaves_no_vmfb(tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    proc = run_cli("compile", str(REPO / "examples" / "decode_step.mlir"), "-o", str(out), "--log", "/proc/l.jsonl")
    assert_one_error_line(proc, "cannot write /proc/l.jsonl: no such file or directory")
    assert list(tmp_path.iterdir()) == []


@pytest.mark.e2e
def test_compile_to_an_output_that_cannot_be_created_is_one_line(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    proc = run_cli("compile", str(REPO / "examples" / "decode_step.mlir"), "-o", "/proc/o.vmfb", "--log", str(log))
    assert_one_error_line(proc, "cannot write /proc/o.vmfb: no such file or directory")
    assert list(tmp_path.iterdir()) == []


# -- explain -----------------------------------------------------------------------------------


def test_explain_log_writes_the_same_json_lines_as_rewrite(seed_file: Path, tmp_path: Path) -> None:
    explained, rewritten = tmp_path / "explain.jsonl", tmp_path / "rewrite.jsonl"
    proc = run_cli("explain", str(seed_file), "--log", str(explained))
    assert proc.returncode == 0, proc.stderr
    assert "decision: ALIAS" in proc.stdout
    assert run_cli("rewrite", str(seed_file), "-o", str(tmp_path / "out.mlir"), "--log", str(rewritten)).returncode == 0
    assert explained.read_text() and explained.read_text() == rewritten.read_text()


def test_explain_with_a_log_that_cannot_be_created_prints_nothing(seed_file: Path) -> None:
    proc = run_cli("explain", str(seed_file), "--log", "/proc/l.jsonl")
    assert_one_error_line(proc, "cannot write /proc/l.jsonl: no such file or directory")


@pytest.mark.parametrize("flag", [["-o", "out.mlir"], ["--output=out.mlir"]])
def test_explain_refuses_an_output_flag(seed_file: Path, tmp_path: Path, flag: list[str]) -> None:
    proc = run_cli("explain", str(seed_file), *flag, cwd=tmp_path)
    assert proc.returncode == 2
    assert proc.stderr.startswith("slice-elision: error: explain writes no module"), proc.stderr
    assert len(proc.stderr.strip().splitlines()) == 1
    assert sorted(p.name for p in tmp_path.iterdir()) == ["seed.mlir"]


def test_explain_refuses_iree_flags_it_would_not_use(seed_file: Path) -> None:
    """Stream-async input is explained as it is: IREE does not run, so its flags do nothing."""
    proc = run_cli("explain", str(seed_file), "--iree-stream-resource-index-bits=32")
    assert proc.returncode == 2
    assert proc.stderr.strip().splitlines() == [
        f"slice-elision: error: {seed_file} is stream-async IR, explained as it is: IREE does not run, "
        "so these flags would do nothing: --iree-stream-resource-index-bits=32"
    ]


def test_a_compile_iree_fails_after_a_repair_says_the_module_was_repaired() -> None:
    """IREE 3.13 can fail on a module the tool repaired where plain iree-compile builds the
    unrepaired one (review 13, ``m3``: a repair copy through a host barrier): the error says so."""
    from rewriter.cli.commands import _after_repairs
    from rewriter.errors import ScheduleHazardError
    from rewriter.guard.schedule_guard import ScheduleGuard
    from rewriter.pipeline.common import CompileError
    from rewriter.repair.shared_globals import Diagnostic
    from rewriter.rewrite.elide import RewriteReport

    repaired = Diagnostic("warning", "shared-globals", "gave @g1 its own copy", ["g0", "g1"], fixed=True)
    failure = CompileError("hal/vm phase: error: 'vm.cond_fail' op status is 0", "details")
    said = _after_repairs(failure, [RewriteReport(diagnostics=[repaired])], ScheduleGuard(), lambda: True)
    assert str(said).startswith("hal/vm phase: error: 'vm.cond_fail' op status is 0; IREE failed on the module")
    assert "(gave @g1 its own copy)" in str(said) and said.details == "details"
    assert str(said).endswith("which plain iree-compile compiles unrepaired")
    assert _after_repairs(failure, [RewriteReport()], ScheduleGuard(), lambda: True) is failure
    refusal = ScheduleHazardError("the compile refuses", [])
    assert _after_repairs(refusal, [RewriteReport(diagnostics=[repaired])], ScheduleGuard(), lambda: True) is refusal
    # Where plain iree-compile fails too, the failure is not the repair's: nothing is added.
    assert _after_repairs(failure, [RewriteReport(diagnostics=[repaired])], ScheduleGuard(), lambda: False) is failure


# -- what a path names is respected, as a shell redirection would -----------------------------


def test_an_output_to_a_device_is_written_into_not_replaced(seed_file: Path) -> None:
    """Run as root, replacing /dev/null by a regular file would break the machine."""
    proc = run_cli("rewrite", str(seed_file), "-o", os.devnull)
    assert proc.returncode == 0, proc.stderr
    assert Path(os.devnull).is_char_device()


def test_an_output_through_a_symbolic_link_replaces_its_target_and_keeps_the_link(
    seed_file: Path, tmp_path: Path
) -> None:
    target, link = tmp_path / "target.mlir", tmp_path / "link.mlir"
    target.write_text("earlier")
    target.chmod(0o600)
    link.symlink_to(target.name)
    assert run_cli("rewrite", str(seed_file), "-o", str(link)).returncode == 0
    assert link.is_symlink() and "stream.async" in target.read_text()
    assert target.stat().st_mode & 0o777 == 0o600  # (an existing file keeps its permissions)


def test_two_outputs_to_one_file_are_refused_before_any_work(seed_file: Path, tmp_path: Path) -> None:
    same = tmp_path / "same.txt"
    assert_one_error_line(
        run_cli("rewrite", str(seed_file), "-o", str(same), "--log", str(same)),
        f"cannot write {same}: another output of this command goes there too",
    )
    assert not same.exists()


def test_an_output_over_the_input_is_refused(seed_file: Path) -> None:
    before = seed_file.read_bytes()
    assert_one_error_line(
        run_cli("rewrite", str(seed_file), "-o", str(seed_file)), f"cannot write {seed_file}: it is the input"
    )
    assert seed_file.read_bytes() == before


def test_two_outputs_to_standard_output_are_refused(seed_file: Path) -> None:
    assert_one_error_line(
        run_cli("rewrite", str(seed_file), "-o", "-", "--log", "-"), "cannot write two outputs to standard output (-)"
    )


@pytest.mark.parametrize("command", ["explain", "check"])
def test_a_log_to_the_standard_output_a_command_prints_to_is_refused(seed_file: Path, command: str) -> None:
    proc = run_cli(command, str(seed_file), "--log", "-")
    assert proc.returncode == 2 and "--log - would mix the log into it" in proc.stderr


def test_compile_to_standard_output_writes_the_vmfb_there(tmp_path: Path) -> None:
    """As iree-compile -o - does (it used to write a file named '-')."""
    src = REPO / "tests" / "data" / "flow_decode_step_loop.mlir"
    to_file = tmp_path / "p.vmfb"
    assert run_cli("compile", str(src), "-o", str(to_file), *CPU_FLAGS).returncode == 0
    proc = subprocess.run([SCRIPT, "compile", str(src), "-o", "-", *CPU_FLAGS], capture_output=True, cwd=tmp_path)
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout == to_file.read_bytes() and not (tmp_path / "-").exists()


def test_a_hard_link_to_another_output_is_one_file(seed_file: Path, tmp_path: Path) -> None:
    first, second = tmp_path / "h1", tmp_path / "h2"
    first.write_text("earlier")
    os.link(first, second)
    assert_one_error_line(
        run_cli("rewrite", str(seed_file), "-o", str(first), "--log", str(second)),
        f"cannot write {second}: another output of this command goes there too",
    )


def test_a_symbolic_link_loop_is_refused_not_replaced(seed_file: Path, tmp_path: Path) -> None:
    a, b = tmp_path / "loopa", tmp_path / "loopb"
    a.symlink_to(b.name)
    b.symlink_to(a.name)
    assert_one_error_line(
        run_cli("rewrite", str(seed_file), "-o", str(a)), f"cannot write {a}: too many levels of symbolic links"
    )
    assert a.is_symlink()


def test_a_trailing_slash_names_a_directory(seed_file: Path, tmp_path: Path) -> None:
    assert_one_error_line(
        run_cli("rewrite", str(seed_file), "-o", f"{tmp_path}/new/"), f"cannot write {tmp_path}/new/: not a directory"
    )
    assert not (tmp_path / "new").exists()


def test_an_output_that_fails_at_the_commit_leaves_the_others_unwritten(seed_file: Path, tmp_path: Path) -> None:
    """Writing into a device can fail (/dev/full: no space); it is written before any file is
    renamed into place."""
    out = tmp_path / "first.mlir"
    proc = run_cli("rewrite", str(seed_file), "-o", str(out), "--log", "/dev/full")
    assert proc.returncode == 1 and "cannot write /dev/full: no space left on device" in proc.stderr
    assert not out.exists()


def test_a_terminated_compile_leaves_no_process_or_directory_behind(tmp_path: Path) -> None:
    """SIGTERM ends the command through its cleanups: the prefetched flow phase runs in a
    session of its own, which the signal does not reach."""
    import signal
    import time

    scratch = tmp_path / "tmp"
    scratch.mkdir()
    src = REPO / "tests" / "data" / "flow_decode_step_loop.mlir"
    proc = subprocess.Popen(
        [SCRIPT, "compile", str(src), "-o", str(tmp_path / "p.vmfb"), *CPU_FLAGS],
        env={**os.environ, "TMPDIR": str(scratch)},
        stderr=subprocess.PIPE,
    )
    time.sleep(0.3)
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=60) != 0
    time.sleep(2)  # (an orphaned iree-compile would still be writing into its directory)
    assert list(scratch.iterdir()) == []
