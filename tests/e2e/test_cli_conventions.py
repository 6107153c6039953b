"""What an iree-compile or iree-opt user types works as they expect (issue 35): ``-`` is
standard input for every command, ``rewrite`` prints to standard output without ``-o``, a flag is
never abbreviated (unknown flags go to IREE), IREE's own warnings reach the user, and every
command has one default target, the local CPU."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rewriter.pipeline import DEFAULT_CPU_FLAGS
from rewriter.pipeline.common import tool

pytestmark = pytest.mark.e2e
SCRIPT = str(Path(sys.executable).parent / "slice-elision")
DATA = Path(__file__).resolve().parents[1] / "data"
SEED = (Path(__file__).resolve().parents[2] / "examples" / "decode_step.mlir").read_text()
SCHEDULED = DATA / "seed_repro_scheduled.mlir"


def run(*args: str, stdin: str | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], input=stdin, capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize(
    ("command", "said"),
    [
        (["explain", "-"], "4 aliased, 0 kept"),
        (["check", "-"], "schedule check: 0 hazard(s)"),
        (["compile", "-", "-o", "OUT"], "4 slice(s) aliased, 0 kept"),
    ],
)
def test_a_dash_reads_the_program_from_standard_input(command: list[str], said: str, tmp_path: Path) -> None:
    proc = run(*[str(tmp_path / "out.vmfb") if a == "OUT" else a for a in command], stdin=SEED)
    assert proc.returncode == 0, proc.stderr
    assert said in proc.stdout + proc.stderr


def test_rewrite_reads_standard_input_and_prints_to_standard_output_without_o() -> None:
    proc = run("rewrite", "-", stdin=SCHEDULED.read_text())
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.startswith("#") and "stream.resource.subview" in proc.stdout


def test_an_error_in_standard_input_is_located_in_dash() -> None:
    proc = run("check", "-", stdin="garbage\n")
    assert proc.returncode == 1 and proc.stderr.startswith("slice-elision: error: -:1:1: ")


@pytest.mark.parametrize(
    ("command", "flag", "meant"), [("compile", "--no-elid", "--no-elide"), ("check", "--lo=x", "--log")]
)
def test_an_abbreviated_flag_is_refused_not_handed_to_iree(command: str, flag: str, meant: str) -> None:
    proc = (
        run(command, str(SCHEDULED), flag, "-o", "unused.vmfb")
        if command == "compile"
        else run(command, str(SCHEDULED), flag)
    )
    assert proc.returncode == 2
    assert proc.stderr == f"slice-elision: error: unrecognized argument {flag} (flags are not abbreviated: {meant}?)\n"


def test_irees_warnings_reach_the_user_as_iree_compile_prints_them(tmp_path: Path) -> None:
    src = DATA / "drop_in" / "module_with_its_own_target.mlir"
    mine = run("compile", str(src), "-o", str(tmp_path / "tool.vmfb"))
    stock = subprocess.run(
        [tool("iree-compile"), *DEFAULT_CPU_FLAGS, str(src), "-o", str(tmp_path / "stock.vmfb")],
        capture_output=True,
        text=True,
        timeout=600,
    )
    warning = "warning: while creating CPU target"
    assert mine.returncode == 0 and stock.stderr.count(warning) == mine.stderr.count(warning) == 1
    assert (tmp_path / "tool.vmfb").read_bytes() == (tmp_path / "stock.vmfb").read_bytes()


def test_compile_without_flags_targets_the_local_cpu_as_every_command_does(tmp_path: Path) -> None:
    """The one default, stated in every command's help (plain iree-compile fails without a
    target: "no HAL devices defined in the module")."""
    out = tmp_path / "out.vmfb"
    assert run("compile", "-", "-o", str(out), stdin=SEED).returncode == 0
    for command in ("compile", "explain", "check"):
        assert " ".join(DEFAULT_CPU_FLAGS) in " ".join(run(command, "--help").stdout.split())


@pytest.mark.parametrize("command", ["rewrite", "explain"])
def test_a_latin_1_byte_in_a_comment_is_read_as_iree_opt_reads_it(command: str, tmp_path: Path) -> None:
    src = tmp_path / "latin.mlir"
    src.write_bytes(b"// caf\xe9: a comment in Latin-1\n" + SCHEDULED.read_bytes())
    proc = run(command, str(src))
    assert proc.returncode == 0, proc.stderr
    assert "3 aliased" in proc.stdout + proc.stderr or "stream.resource.subview" in proc.stdout


def test_a_byte_that_is_not_utf8_in_the_ir_itself_is_refused(tmp_path: Path) -> None:
    src = tmp_path / "latin.mlir"
    src.write_bytes(b'util.global private @g = "caf\xe9" : !util.buffer\n')
    proc = run("explain", str(src))
    assert proc.returncode == 1 and "not a text file" in proc.stderr


def test_compile_to_a_phase_before_the_splice_is_iree_compiles_output(tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "examples" / "decode_step.mlir"
    mine, stock = tmp_path / "mine.mlir", tmp_path / "stock.mlir"
    assert run("compile", str(src), "--compile-to=flow", "-o", str(mine)).returncode == 0
    subprocess.run(
        [tool("iree-compile"), str(src), *DEFAULT_CPU_FLAGS, "--compile-to=flow", "-o", str(stock)], check=True
    )
    assert mine.read_bytes() == stock.read_bytes()


def test_compile_to_splice_writes_what_rewrite_and_explain_take(tmp_path: Path) -> None:
    """The way from a user's own program to ``rewrite``'s input: the module as the compile's
    hook sees it, with the program's locations; rewrite and explain decide what compile does."""
    src = Path(__file__).resolve().parents[2] / "examples" / "decode_step.mlir"
    splice = tmp_path / "splice.mlir"
    compiled = run("compile", str(src), "-o", str(tmp_path / "out.vmfb"))
    assert run("compile", str(src), "--compile-to=splice", "-o", str(splice)).returncode == 0
    assert 'loc("' in splice.read_text() and "decode_step.mlir" in splice.read_text()
    explained = run("explain", str(splice))
    rewritten = run("rewrite", str(splice), "-o", str(tmp_path / "rewritten.mlir"))
    assert "4 aliased, 0 kept" in explained.stdout
    assert "4 slice(s) aliased, 0 kept" in rewritten.stderr and "4 slice(s) aliased, 0 kept" in compiled.stderr


@pytest.mark.parametrize(
    ("phase", "holds"), [("stream", "stream.cmd.execute"), ("hal", "hal.executable"), ("vm", "vm.module")]
)
def test_compile_to_a_phase_after_the_splice_writes_it_with_the_rewrite(phase: str, holds: str, tmp_path: Path) -> None:
    src = Path(__file__).resolve().parents[2] / "examples" / "decode_step.mlir"
    out = tmp_path / f"{phase}.mlir"
    proc = run("compile", str(src), f"--compile-to={phase}", "-o", str(out))
    assert proc.returncode == 0 and "4 slice(s) aliased" in proc.stderr
    assert holds in out.read_text()


def test_compile_to_an_unknown_phase_is_an_error(tmp_path: Path) -> None:
    proc = run("compile", str(SCHEDULED), "--compile-to=nowhere", "-o", str(tmp_path / "x"))
    assert proc.returncode == 1 and "--compile-to=nowhere: not a phase (start, input" in proc.stderr


@pytest.mark.parametrize(
    ("content", "said"),
    [
        (None, "{src}: no such file"),
        (b"garbage here\n", "{src}:1:1: error: custom op 'garbage' is unknown"),
        (b"\x00\xff\xfe binary", "{src}: not a text file (expected MLIR assembly or bytecode)"),
    ],
    ids=["missing", "parse-error", "binary"],
)
@pytest.mark.parametrize("command", ["rewrite", "explain", "check", "compile"])
def test_every_command_words_an_input_error_alike(
    command: str, content: bytes | None, said: str, tmp_path: Path
) -> None:
    src = tmp_path / "in.mlir"
    if content is not None:
        src.write_bytes(content)
    extra = ["-o", str(tmp_path / "out")] if command in ("rewrite", "compile") else []
    proc = run(command, str(src), *extra)
    assert proc.returncode == 1
    assert proc.stderr.splitlines()[-1].startswith("slice-elision: error: " + said.format(src=src)), proc.stderr


def test_an_op_of_a_dialect_nothing_registers_is_read_and_keeps_every_copy_it_may_touch() -> None:
    proc = run("explain", str(DATA / "drop_in" / "unregistered_op_given_the_cache.mlir"))
    assert proc.returncode == 0, proc.stderr
    decisions = [line for line in proc.stdout.splitlines() if "decision:" in line]
    assert len(decisions) == 3 and all("KEEP: foo.scribble may write" in d for d in decisions)
