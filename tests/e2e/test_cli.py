"""The ``slice-elision`` command line: outputs, the log, and bad input.

Bad input always means: one ``slice-elision: error:`` line, a non-zero exit, no traceback, and
no output file.
"""

from __future__ import annotations

import json
import os
import resource
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.ir_cases import cases, wrap
from rewriter.cli.entry import main
from rewriter.pipeline import DEFAULT_CPU_FLAGS

SCRIPT = str(Path(sys.executable).parent / "slice-elision")
CPU_FLAGS = list(DEFAULT_CPU_FLAGS)
SEED_CASE = next(c for c in cases() if c[0] == "alias/same_ssa_value")[2]
KEEP_CASE = next(c for c in cases() if c[0] == "keep/two_layers_unbounded_step")[2]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=300)


def assert_clean_error(proc: subprocess.CompletedProcess[str], *fragments: str) -> None:
    assert proc.returncode != 0
    lines = proc.stderr.strip().splitlines()
    assert len(lines) == 1, proc.stderr
    assert lines[0].startswith("slice-elision: error: "), proc.stderr
    assert "Traceback" not in proc.stderr
    for f in fragments:
        assert f in lines[0], lines[0]


@pytest.fixture
def seed_file(tmp_path: Path) -> Path:
    p = tmp_path / "seed.mlir"
    p.write_text(wrap(SEED_CASE))
    return p


def test_rewrite_writes_module_and_jsonl_log(seed_file: Path, tmp_path: Path) -> None:
    out, log = tmp_path / "out.mlir", tmp_path / "log.jsonl"
    assert main(["rewrite", str(seed_file), "-o", str(out), "--log", str(log)]) == 0
    rewritten = out.read_text()
    assert "stream.async.slice" not in rewritten
    assert "stream.async.dispatch @ex::@read(%cache[%c0 to" in rewritten
    (record,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert record["function"] == "same_ssa_value"
    assert record["decision"] == "alias"
    assert record["range"] == ["0", "8192*step"]
    assert record["slice"].startswith("%s = stream.async.slice")
    assert record["checks"][0]["range"] == ["8192*step", "8192*step + 8192"]
    assert record["checks"][0]["verdict"] == "disjoint"
    assert {"reason", "facts_used", "counterexample", "location"} <= record.keys()


def test_keep_decision_logs_counterexample(tmp_path: Path) -> None:
    src, out, log = tmp_path / "in.mlir", tmp_path / "out.mlir", tmp_path / "log.jsonl"
    src.write_text(wrap(KEEP_CASE))
    assert main(["rewrite", str(src), "-o", str(out), "--log", str(log)]) == 0
    (record,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert record["decision"] == "keep"
    assert record["counterexample"] == {"step": 4096}
    assert "stream.async.slice" in out.read_text()


def test_same_input_gives_byte_identical_output_and_log(seed_file: Path, tmp_path: Path) -> None:
    runs = []
    for i in range(2):
        out, log = tmp_path / f"out{i}.mlir", tmp_path / f"log{i}.jsonl"
        proc = run_cli("rewrite", str(seed_file), "-o", str(out), "--log", str(log))
        assert proc.returncode == 0, proc.stderr
        runs.append((out.read_bytes(), log.read_bytes()))
    assert runs[0] == runs[1]


def test_explain_prints_one_block_per_slice(seed_file: Path) -> None:
    proc = run_cli("explain", str(seed_file))
    assert proc.returncode == 0, proc.stderr
    assert proc.stdout.count("\nslice ") + proc.stdout.startswith("slice ") == 1
    assert "decision: ALIAS" in proc.stdout


def test_missing_file(tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    assert_clean_error(run_cli("rewrite", str(tmp_path / "nope.mlir"), "-o", str(out)), "no such file")
    assert not out.exists()


def test_unparseable_mlir(tmp_path: Path) -> None:
    src, out = tmp_path / "bad.mlir", tmp_path / "out.mlir"
    src.write_text("util.func @f( {\n")
    assert_clean_error(run_cli("rewrite", str(src), "-o", str(out)), f"{src}:1:", ": error: ")
    assert not out.exists()


def test_random_bytes(tmp_path: Path) -> None:
    src, out = tmp_path / "noise.mlir", tmp_path / "out.mlir"
    src.write_bytes(os.urandom(512) + b"\xff\xfe")
    assert_clean_error(run_cli("rewrite", str(src), "-o", str(out)))
    assert not out.exists()


@pytest.mark.parametrize("command", ["rewrite", "explain", "compile", "check"])
def test_a_path_that_is_not_utf8_is_a_plain_error(seed_file: Path, tmp_path: Path, command: str) -> None:
    """IREE names the input in every location, and the MLIR bindings abort the process when
    they read back a file name that is not UTF-8: said up front, not a crash."""
    src = Path(os.fsdecode(bytes(tmp_path) + b"/seed\xff.mlir"))
    src.write_bytes(seed_file.read_bytes())
    out = tmp_path / "out"
    args = [command, str(src)] + (["-o", str(out)] if command in ("rewrite", "compile") else [])
    assert_clean_error(run_cli(*args), "the path is not UTF-8", "rename the file")
    assert not out.exists()


@pytest.mark.parametrize("command", ["rewrite", "explain", "compile", "check"])
def test_an_error_about_a_path_with_a_line_break_names_it_escaped_and_says_why(tmp_path: Path, command: str) -> None:
    """The one error line used to end at the break: ``error: /tmp/a``, the reason lost."""
    folder = tmp_path / "a\nb"
    folder.mkdir()
    out = tmp_path / "out"
    args = [command, str(folder / "missing.mlir")] + (["-o", str(out)] if command in ("rewrite", "compile") else [])
    shown = str(folder / "missing.mlir").replace("\n", "\\n")
    assert_clean_error(run_cli(*args), shown)
    reason = run_cli(*args).stderr.strip().split(shown, 1)
    assert "not found" in reason[0] + reason[1] or "no such file" in reason[1], reason
    assert not out.exists()


@pytest.mark.parametrize("command", ["rewrite", "explain", "compile", "check"])
def test_a_location_naming_a_file_that_is_not_utf8_is_a_plain_error(
    seed_file: Path, tmp_path: Path, command: str
) -> None:
    text = seed_file.read_text()
    at = text.index("stream.async.slice")
    end = text.index("\n", at)
    src, out = tmp_path / "odd.mlir", tmp_path / "out"
    src.write_text(text[:end] + ' loc("p\\FF.mlir":1:2)' + text[end:])
    args = [command, str(src)] + (["-o", str(out)] if command in ("rewrite", "compile") else [])
    assert_clean_error(run_cli(*args), "a location names b'p\\xff.mlir', which is not UTF-8")
    assert not out.exists()


@pytest.mark.parametrize("command", ["compile", "check"])
def test_a_module_past_the_stream_phase_is_refused_not_run_out_of_memory(tmp_path: Path, command: str) -> None:
    """What ``iree-compile --dump-compilation-phases-to`` writes as ``stream.mlir`` (allocated
    stream IR): IREE's pipeline from the start runs out of memory on it, plain iree-compile
    alike (it took 18 GB before the refusal). Later phases have no stream phase left either
    ("0 hazards" and "0 slices" were said of them, unchecked). Refused up front, with the way
    to compile them. (HAL and VM IR, which plain iree-compile builds, are built: ``test_drop_in.py``.)"""
    phase = "stream"
    flow = Path(__file__).resolve().parents[1] / "data" / "flow_decode_step_loop.mlir"
    src, out = tmp_path / f"{phase}.mlir", tmp_path / "out.vmfb"
    subprocess.run(
        [str(Path(SCRIPT).parent / "iree-compile"), *CPU_FLAGS, f"--compile-to={phase}", str(flow), "-o", str(src)],
        check=True,
        timeout=300,
    )
    args = [command, str(src), *CPU_FLAGS] + (["-o", str(out)] if command == "compile" else [])
    proc = subprocess.run(
        [SCRIPT, *args],
        capture_output=True,
        text=True,
        timeout=300,
        preexec_fn=lambda: resource.setrlimit(resource.RLIMIT_AS, (8 << 30, 8 << 30)),
    )
    assert_clean_error(proc, "the input is past IREE's stream phase", "iree-compile, --compile-from= the phase")
    assert not out.exists()


@pytest.mark.parametrize("command", ["check", "compile"])
def test_an_error_a_pass_reports_from_an_mlir_thread_fails_the_command_instead_of_hanging(
    tmp_path: Path, command: str
) -> None:
    """IREE's verifier rejects this file taken whole (its chunks as one module); it reports the
    errors from MLIR's worker threads, whose capture by the bindings waited for the GIL that
    PassManager.run held: the command hung for good (now run through the C API, GIL released)."""
    src = Path(__file__).resolve().parents[1] / "ir" / "keep.mlir"
    args = [command, str(src), *CPU_FLAGS] + (["-o", str(tmp_path / "out.vmfb")] if command == "compile" else [])
    proc = subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=120)
    assert_clean_error(proc, "stream phase:", "op global type mismatch")


def test_truncated_module(seed_file: Path, tmp_path: Path) -> None:
    text = seed_file.read_text()
    src, out = tmp_path / "cut.mlir", tmp_path / "out.mlir"
    src.write_text(text[: len(text) // 2])
    assert_clean_error(run_cli("rewrite", str(src), "-o", str(out)), f"{src}:", ": error: ")
    assert not out.exists()


def test_ir_with_no_stream_ops(tmp_path: Path) -> None:
    src, out = tmp_path / "plain.mlir", tmp_path / "out.mlir"
    src.write_text("func.func @f(%a: index) -> index {\n  return %a : index\n}\n")
    assert_clean_error(run_cli("rewrite", str(src), "-o", str(out)), "no stream-async ops")
    assert not out.exists()


def test_ir_at_the_wrong_phase_flow(tmp_path: Path) -> None:
    src, out = tmp_path / "flow.mlir", tmp_path / "out.mlir"
    src.write_text(
        "func.func @f(%t: tensor<4xf32>) -> tensor<2xf32> {\n  %c0 = arith.constant 0 : index\n"
        "  %c2 = arith.constant 2 : index\n"
        "  %s = flow.tensor.slice %t[%c0 for %c2] : tensor<4xf32> -> tensor<2xf32>\n"
        "  return %s : tensor<2xf32>\n}\n"
    )
    assert_clean_error(run_cli("rewrite", str(src), "-o", str(out)), "wrong phase", "flow.tensor.slice")
    assert not out.exists()


def test_scheduled_ir_is_taken(tmp_path: Path) -> None:
    """The seed issue's own IR is after scheduling (stream.async.execute regions): taken. This
    slice's alias would leave its execution region, so the copy stays, with that reason."""
    src, out, log = tmp_path / "late.mlir", tmp_path / "out.mlir", tmp_path / "log.jsonl"
    src.write_text(
        "util.func public @f(%r: !stream.resource<*>, %n: index) -> !stream.resource<*> {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %0, %t = stream.async.execute with(%r as %a: !stream.resource<*>{%n}) -> !stream.resource<*>{%n} {\n"
        "    %s = stream.async.slice %a[%c0 to %n] : !stream.resource<*>{%n} -> !stream.resource<*>{%n}\n"
        "    stream.yield %s : !stream.resource<*>{%n}\n  } => !stream.timepoint\n"
        "  util.return %0 : !stream.resource<*>\n}\n"
    )
    proc = run_cli("rewrite", str(src), "-o", str(out), "--log", str(log))
    assert proc.returncode == 0, proc.stderr
    assert "stream.async.slice" in out.read_text()
    assert "stream.yield" in log.read_text()


def test_ir_at_the_wrong_phase_allocated(tmp_path: Path) -> None:
    """After iree-stream-schedule-allocation (commands, allocations) the model stops."""
    src, out = tmp_path / "late.mlir", tmp_path / "out.mlir"
    src.write_text(
        "util.func public @f(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %z = arith.constant 0 : i32\n"
        "  %t = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {\n"
        "    stream.cmd.fill %z, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}\n"
        "  } => !stream.timepoint\n"
        "  util.return %t : !stream.timepoint\n}\n"
    )
    assert_clean_error(run_cli("rewrite", str(src), "-o", str(out)), "wrong phase", "stream.cmd.")
    assert not out.exists()


def test_unknown_flag_for_rewrite(seed_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    proc = run_cli("rewrite", str(seed_file), "-o", str(out), "--frobnicate")
    assert_clean_error(proc, "unrecognized arguments: --frobnicate")
    assert proc.returncode == 2
    assert not out.exists()


def test_existing_output_survives_a_failed_run(tmp_path: Path) -> None:
    src, out = tmp_path / "bad.mlir", tmp_path / "out.mlir"
    src.write_text("not mlir at all")
    out.write_text("previous result")
    assert_clean_error(run_cli("rewrite", str(src), "-o", str(out)))
    assert out.read_text() == "previous result"


@pytest.mark.e2e
def test_compile_flag_rejected_by_iree(tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    example = Path(__file__).resolve().parents[2] / "examples" / "decode_step.mlir"
    proc = run_cli("compile", str(example), "-o", str(out), "--iree-no-such-flag=1")
    assert_clean_error(proc, "no-such-flag")
    assert not out.exists()


@pytest.mark.e2e
def test_compile_unparseable_input(tmp_path: Path) -> None:
    src, out = tmp_path / "bad.mlir", tmp_path / "out.vmfb"
    src.write_text("func.func @f( {")
    assert_clean_error(
        run_cli(
            "compile",
            str(src),
            "-o",
            str(out),
            "--iree-hal-target-device=local",
            "--iree-hal-local-target-device-backends=llvm-cpu",
        )
    )
    assert not out.exists()


def test_annotate_rewrites_nothing_and_writes_each_decision_on_its_slice(seed_file: Path, tmp_path: Path) -> None:
    out = tmp_path / "out.mlir"
    assert main(["rewrite", "--annotate", str(seed_file), "-o", str(out)]) == 0
    (line,) = [ln for ln in out.read_text().splitlines() if "stream.async.slice" in ln]
    assert 'slice_elision.decision = "alias"' in line
    assert 'slice_elision.reason = "every write to the source' in line


def test_rewrite_to_standard_output(seed_file: Path, capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["rewrite", str(seed_file), "-o", "-"]) == 0
    assert "stream.async.dispatch @ex::@read(%cache[%c0 to" in capsys.readouterr().out


@pytest.mark.parametrize("where", ["directory", "missing-folder"])
def test_unwritable_output_is_a_plain_error_and_leaves_no_log(seed_file: Path, tmp_path: Path, where: str) -> None:
    out = tmp_path if where == "directory" else tmp_path / "nowhere" / "out.mlir"
    log = tmp_path / "log.jsonl"
    proc = run_cli("rewrite", str(seed_file), "-o", str(out), "--log", str(log))
    assert_clean_error(proc, f"cannot write {out}")
    assert not log.exists()


# -- explain takes what compile takes ---------------------------------------------------------

REPO = Path(__file__).resolve().parents[2]
CPU_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]
LINALG_MATMUL = """\
func.func @main(%x: tensor<2x4xf32>, %w: tensor<4x3xf32>) -> tensor<2x3xf32> {
  %zero = arith.constant 0.0 : f32
  %e = tensor.empty() : tensor<2x3xf32>
  %f = linalg.fill ins(%zero : f32) outs(%e : tensor<2x3xf32>) -> tensor<2x3xf32>
  %r = linalg.matmul ins(%x, %w : tensor<2x4xf32>, tensor<4x3xf32>) outs(%f : tensor<2x3xf32>) -> tensor<2x3xf32>
  return %r : tensor<2x3xf32>
}
"""
#: Torch-dialect IR as iree-turbine exports it (value semantics); parsable without torch installed.
TORCH_TANH = """\
module @torch_tanh {
  func.func @main(%arg0: !torch.vtensor<[2,3],f32>) -> !torch.vtensor<[2,3],f32> {
    %0 = torch.aten.tanh %arg0 : !torch.vtensor<[2,3],f32> -> !torch.vtensor<[2,3],f32>
    return %0 : !torch.vtensor<[2,3],f32>
  }
}
"""


@pytest.mark.e2e
def test_explain_takes_iree_compile_flags_after_the_input_and_reaches_the_splice_from_flow_ir() -> None:
    proc = run_cli("explain", str(REPO / "examples" / "decode_step.mlir"), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stderr
    assert "decision: ALIAS" in proc.stdout


@pytest.mark.e2e
@pytest.mark.parametrize("source", [LINALG_MATMUL, TORCH_TANH], ids=["linalg", "torch"])
def test_explain_runs_iree_up_to_the_splice_for_ir_without_stream_ops(tmp_path: Path, source: str) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(source)
    proc = run_cli("explain", str(src), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stderr
    assert "copies (slices and transfers)" in proc.stdout


@pytest.mark.e2e
def test_explain_takes_mlir_bytecode_as_compile_does(tmp_path: Path) -> None:
    from rewriter.pipeline.common import tool

    src, bytecode = tmp_path / "in.mlir", tmp_path / "in.mlirbc"
    src.write_text(LINALG_MATMUL)
    subprocess.run([tool("iree-opt"), "--emit-bytecode", str(src), "-o", str(bytecode)], check=True)
    proc = run_cli("explain", str(bytecode), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stderr
    assert "copies (slices and transfers)" in proc.stdout


@pytest.mark.e2e
def test_explain_hands_the_flags_to_iree_which_reports_a_bad_one(tmp_path: Path) -> None:
    src = tmp_path / "in.mlir"
    src.write_text(LINALG_MATMUL)
    proc = run_cli("explain", str(src), *CPU_FLAGS, "--iree-no-such-flag=1")
    assert_clean_error(proc, "iree-compile: Unknown command line argument '--iree-no-such-flag=1'")


@pytest.mark.e2e
def test_explain_of_ir_with_nothing_for_the_stream_phase_is_still_an_error(tmp_path: Path) -> None:
    src = tmp_path / "plain.mlir"
    src.write_text("func.func @f(%a: index) -> index {\n  return %a : index\n}\n")
    assert_clean_error(run_cli("explain", str(src), *CPU_FLAGS), "no stream-async ops")


# -- compile: --no-elide with --log, unwritable paths -----------------------------------------


@pytest.mark.e2e
def test_compile_no_elide_with_log_logs_what_would_be_decided_and_stays_byte_identical(tmp_path: Path) -> None:
    from rewriter.pipeline.common import tool

    example = REPO / "examples" / "decode_step.mlir"
    out, log, ref = tmp_path / "out.vmfb", tmp_path / "log.jsonl", tmp_path / "ref.vmfb"
    proc = run_cli("compile", str(example), "-o", str(out), "--no-elide", "--log", str(log), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stderr
    subprocess.run([tool("iree-compile"), *CPU_FLAGS, str(example), "-o", str(ref)], check=True)
    assert out.read_bytes() == ref.read_bytes()
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records and {r["decision"] for r in records} == {"alias"}
    assert "nothing rewritten" in proc.stderr and f"{len(records)} slice(s) would be aliased" in proc.stderr


@pytest.mark.parametrize("where", ["output-is-a-directory", "output-in-missing-folder", "log-in-missing-folder"])
def test_compile_to_an_unwritable_path_is_a_plain_error_and_writes_nothing(tmp_path: Path, where: str) -> None:
    example = REPO / "examples" / "decode_step.mlir"
    out, log = tmp_path / "out.vmfb", tmp_path / "log.jsonl"
    if where == "output-is-a-directory":
        out = tmp_path
    elif where == "output-in-missing-folder":
        out = tmp_path / "nowhere" / "out.vmfb"
    else:
        log = tmp_path / "nowhere" / "log.jsonl"
    proc = run_cli("compile", str(example), "-o", str(out), "--log", str(log), *CPU_FLAGS)
    bad = log if where == "log-in-missing-folder" else out
    reason = "it is a directory" if where == "output-is-a-directory" else "no such directory"
    assert_clean_error(proc, f"cannot write {bad}: {reason}")
    assert "internal error" not in proc.stderr
    assert sorted(p.name for p in tmp_path.iterdir()) == []


def test_rewrite_with_a_log_in_a_missing_folder_is_a_plain_error_and_writes_nothing(
    seed_file: Path, tmp_path: Path
) -> None:
    out, log = tmp_path / "out.mlir", tmp_path / "nowhere" / "log.jsonl"
    assert_clean_error(run_cli("rewrite", str(seed_file), "-o", str(out), "--log", str(log)), f"cannot write {log}")
    assert not out.exists()


# -- what an error after a repair says ------------------------------------------------------

_SHARED_GLOBALS = Path(__file__).resolve().parents[1] / "data" / "two_globals_equal_splats.mlir"


def test_an_error_after_a_repair_claims_nothing_when_plain_iree_compile_fails_alike(tmp_path: Path) -> None:
    """Without a target device (flags given, none of them a target: no default then) IREE fails
    on the repaired module and on the original alike: the error must not say plain iree-compile
    builds it (it once did, without trying)."""
    proc = run_cli("compile", str(_SHARED_GLOBALS), "-o", str(tmp_path / "p.vmfb"), "--iree-llvmcpu-target-cpu=host")
    assert_clean_error(proc, "no HAL devices")
    assert "plain iree-compile" not in proc.stderr
    assert not (tmp_path / "p.vmfb").exists()
