"""What the command line reads: MLIR text or bytecode, parsed with the file's name, phase-checked
and decided the same way; modules nested in an outer module are analysed, not skipped."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.ir_cases import case_module, cases
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from rewriter.pipeline.common import tool
from stream_model import load

SCRIPT = str(Path(sys.executable).parent / "slice-elision")
REPO = Path(__file__).resolve().parents[2]
SEED_REPRO = REPO / "tests" / "data" / "seed_repro_scheduled.mlir"
SEED_CASE = next(c for c in cases() if c[0] == "alias/same_ssa_value")[2]
KEEP_CASE = next(c for c in cases() if c[0] == "keep/two_layers_unbounded_step")[2]


def run_cli(*args: str, cwd: Path | None = None) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=300, cwd=cwd)


def emit_bytecode(src: Path, out: Path) -> Path:
    subprocess.run([tool("iree-opt"), "--emit-bytecode", str(src), "-o", str(out)], check=True)
    return out


def log_of(*args: str) -> list[dict[str, object]]:
    proc = run_cli(*args)
    assert proc.returncode == 0, proc.stderr
    log = Path(args[args.index("--log") + 1])
    return [json.loads(line) for line in log.read_text().splitlines()]


# -- the file's name -----------------------------------------------------------------------------


def test_a_parse_error_names_the_file_and_position(tmp_path: Path) -> None:
    src = tmp_path / "bad.mlir"
    src.write_text("util.func @f() {\n  %x = arith.constant : index\n}\n")
    proc = run_cli("rewrite", str(src), "-o", str(tmp_path / "out.mlir"))
    assert proc.returncode == 1
    (line,) = proc.stderr.strip().splitlines()
    assert line.startswith(f"slice-elision: error: {src}:2:"), line
    assert "-:" not in line


def test_every_location_of_a_loaded_file_names_the_file(tmp_path: Path) -> None:
    src = tmp_path / "seed.mlir"
    src.write_text(case_module(SEED_CASE))
    loaded = load(str(src))
    found: list[str] = []

    def visit(op):  # type: ignore[no-untyped-def]
        found.append(str(op.location))
        for region in op.regions:
            for block in region.blocks:
                found.extend(str(arg.location) for arg in block.arguments)
        from iree.compiler import ir

        return ir.WalkResult.ADVANCE

    loaded.module.operation.walk(visit)
    assert found and all(loc.startswith(f'loc("{src}":') for loc in found), [f for f in found if str(src) not in f]


def test_rewrite_prints_the_files_locations_when_asked(tmp_path: Path) -> None:
    src, out = tmp_path / "seed.mlir", tmp_path / "out.mlir"
    src.write_text(case_module(SEED_CASE))
    proc = run_cli("rewrite", str(src), "-o", str(out), "--mlir-print-debuginfo")
    assert proc.returncode == 0, proc.stderr
    text = out.read_text()
    assert f'loc("{src}":' in text and 'loc("-"' not in text


# -- bytecode -----------------------------------------------------------------------------------


@pytest.mark.parametrize("case", [SEED_CASE, KEEP_CASE], ids=["alias", "keep"])
def test_bytecode_is_rewritten_and_logged_exactly_like_its_text(tmp_path: Path, case: str) -> None:
    src = tmp_path / "case.mlir"
    src.write_text(case_module(case))
    bytecode = emit_bytecode(src, tmp_path / "case.mlirbc")
    text_log = log_of("rewrite", str(src), "-o", str(tmp_path / "t.mlir"), "--log", str(tmp_path / "t.jsonl"))
    byte_log = log_of("rewrite", str(bytecode), "-o", str(tmp_path / "b.mlir"), "--log", str(tmp_path / "b.jsonl"))
    assert text_log and byte_log == text_log
    assert (tmp_path / "b.mlir").read_text() == (tmp_path / "t.mlir").read_text()


def test_explain_of_stream_async_bytecode_explains_it_as_it_is(tmp_path: Path) -> None:
    """Not through IREE's pipeline (which would leave "0 copies"): the same proof log as the text."""
    src = tmp_path / "case.mlir"
    src.write_text(case_module(SEED_CASE))
    bytecode = emit_bytecode(src, tmp_path / "case.mlirbc")
    text, byte = run_cli("explain", str(src)), run_cli("explain", str(bytecode))
    assert byte.returncode == 0, byte.stderr
    assert byte.stdout == text.stdout
    assert "1 copies (slices and transfers): 1 aliased, 0 kept" in byte.stdout


def test_bytecode_after_allocation_is_refused_like_text(tmp_path: Path) -> None:
    src = tmp_path / "late.mlir"
    src.write_text(
        "util.func public @f(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {\n"
        "  %c0 = arith.constant 0 : index\n"
        "  %z = arith.constant 0 : i32\n"
        "  %t = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {\n"
        "    stream.cmd.fill %z, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}\n"
        "  } => !stream.timepoint\n"
        "  util.return %t : !stream.timepoint\n}\n"
    )
    bytecode = emit_bytecode(src, tmp_path / "late.mlirbc")
    for path in (src, bytecode):
        proc = run_cli("rewrite", str(path), "-o", str(tmp_path / "out.mlir"))
        assert proc.returncode == 1
        assert proc.stderr.strip() == (
            f"slice-elision: error: {path}: IR at the wrong phase: found stream.cmd.execute; slice elision runs "
            "on stream-async IR before iree-stream-schedule-allocation"
        )


# -- nested modules -------------------------------------------------------------------------------


def _seed_as_written(tmp_path: Path) -> Path:
    """The seed issue's repro as its author wrote it: ``module @state_update`` inside an unnamed
    outer ``module { ... }`` (the type and attribute aliases stay at the top of the file)."""
    lines = SEED_REPRO.read_text().splitlines()
    first = next(i for i, line in enumerate(lines) if line.startswith("module @state_update"))
    src = tmp_path / "seed_as_written.mlir"
    src.write_text("\n".join(lines[:first] + ["module {"] + lines[first:] + ["}"]) + "\n")
    return src


def test_explain_analyses_a_module_nested_in_an_unnamed_outer_module(tmp_path: Path) -> None:
    proc = run_cli("explain", str(_seed_as_written(tmp_path)))
    assert proc.returncode == 0, proc.stderr
    assert "3 copies (slices and transfers): 3 aliased, 0 kept" in proc.stdout
    assert "in @state_update::@run_forward (seed_as_written.mlir:" in proc.stdout


def test_rewrite_aliases_the_slices_of_a_nested_module(tmp_path: Path) -> None:
    out, log = tmp_path / "out.mlir", tmp_path / "log.jsonl"
    records = log_of("rewrite", str(_seed_as_written(tmp_path)), "-o", str(out), "--log", str(log))
    assert [(r["function"], r["decision"]) for r in records] == [("state_update::@run_forward", "alias")] * 3
    assert "stream.async.slice" not in out.read_text()
    assert "module @state_update" in out.read_text()


# -- locations a user can follow ------------------------------------------------------------------

CPU_FLAGS = [
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
]


@pytest.mark.e2e
def test_explain_of_frontend_input_locates_and_names_slices_in_the_users_file(tmp_path: Path) -> None:
    proc = run_cli("explain", "decode_step.mlir", *CPU_FLAGS, cwd=REPO / "examples")
    assert proc.returncode == 0, proc.stderr
    first = proc.stdout.split("\n\n")[0].splitlines()
    assert first[0] == "slice %l0_ks in @step (decode_step.mlir:36:14)"
    assert first[2] == "  reads bytes [0, 2048*arg1 + 2048) of %l0_k2"
    assert "-:" not in proc.stdout


@pytest.mark.e2e
def test_explain_and_compile_log_the_same_records_for_frontend_input(tmp_path: Path) -> None:
    example = REPO / "examples" / "decode_step.mlir"
    explained = log_of("explain", str(example), "--log", str(tmp_path / "e.jsonl"), *CPU_FLAGS)
    compiled = log_of(
        "compile",
        str(example),
        "-o",
        str(tmp_path / "o.vmfb"),
        "--no-elide",
        "--log",
        str(tmp_path / "c.jsonl"),
        *CPU_FLAGS,
    )
    assert len(explained) == 4 and compiled == explained
    assert [r["location"] for r in explained] == [f"decode_step.mlir:{n}:14" for n in (36, 37, 81, 82)]
    assert explained[0]["position"] == {"file": str(example), "line": 36, "column": 14}


def test_the_log_gives_each_location_structured_as_well_as_printed(tmp_path: Path) -> None:
    src = tmp_path / "seed.mlir"
    src.write_text(case_module(SEED_CASE))
    (record,) = log_of("rewrite", str(src), "-o", str(tmp_path / "out.mlir"), "--log", str(tmp_path / "log.jsonl"))
    file, line, column = record["location"].rsplit(":", 2)  # type: ignore[union-attr]
    assert file == "seed.mlir"
    assert record["position"] == {"file": str(src), "line": int(line), "column": int(column)}
    (check,) = record["checks"]  # type: ignore[misc]
    assert check["position"]["file"] == str(src) and f":{check['position']['line']}:" in check["location"]
    assert list(record)[:7] == ["schema_version", "type", "kind", "function", "slice", "location", "position"]


# -- --split-input-file -------------------------------------------------------------------------


def test_split_input_file_rewrites_each_chunk_as_a_module_with_positions_in_the_whole_file(tmp_path: Path) -> None:
    src = tmp_path / "two.mlir"
    src.write_text(case_module(SEED_CASE) + "\n// -----\n" + case_module(KEEP_CASE))
    out, log = tmp_path / "out.mlir", tmp_path / "log.jsonl"
    records = log_of("rewrite", "--split-input-file", str(src), "-o", str(out), "--log", str(log))
    assert [r["decision"] for r in records] == ["alias", "keep"]
    lines = src.read_text().splitlines()
    for record in records:
        line = lines[record["position"]["line"] - 1]  # type: ignore[index]
        assert line.strip().startswith(f"{record['result']} = stream.async.slice")
    modules = out.read_text().split("\n// -----\n")
    assert len(modules) == 2 and all("\nmodule attributes" in m for m in modules)
    assert "stream.async.slice" not in modules[0] and "stream.async.slice" in modules[1]


@pytest.mark.parametrize("layout", ["{m}\n// -----\n", "// -----\n{m}", "{m}\n// -----\n// -----\n"])
def test_split_input_file_takes_an_empty_chunk_as_an_empty_module(tmp_path: Path, layout: str) -> None:
    """As iree-opt --split-input-file does (a trailing, leading or doubled marker was refused
    with 'no stream-async ops found', though a chunk had them)."""
    src, out = tmp_path / "marked.mlir", tmp_path / "out.mlir"
    src.write_text(layout.format(m=case_module(SEED_CASE)))
    proc = run_cli("rewrite", "--split-input-file", str(src), "-o", str(out))
    assert proc.returncode == 0, proc.stderr
    assert "1 slice(s) aliased" in proc.stderr
    assert len(out.read_text().split("\n// -----\n")) == layout.count("// -----") + 1


def test_split_input_file_of_only_markers_is_still_an_error(tmp_path: Path) -> None:
    src = tmp_path / "markers.mlir"
    src.write_text("// -----\n// -----\n")
    proc = run_cli("rewrite", "--split-input-file", str(src), "-o", str(tmp_path / "out.mlir"))
    assert proc.returncode == 1 and "no stream-async ops found" in proc.stderr


def test_split_input_file_explains_every_chunk(tmp_path: Path) -> None:
    src = tmp_path / "two.mlir"
    src.write_text(case_module(SEED_CASE) + "\n// -----\n" + case_module(KEEP_CASE))
    proc = run_cli("explain", "--split-input-file", str(src))
    assert proc.returncode == 0, proc.stderr
    assert "2 copies (slices and transfers): 1 aliased, 1 kept" in proc.stdout
    # Without the flag the file is one module holding two (each analysed, see nested modules).
    whole = run_cli("explain", str(src))
    assert whole.returncode == 0 and "2 copies (slices and transfers): 1 aliased, 1 kept" in whole.stdout


# -- inputs iree-compile builds no module of -------------------------------------------------------


@pytest.mark.parametrize(
    "text",
    [
        "module {}\n",
        # (an executable alone: no function, so no VM module either)
        "hal.executable.source private @only_an_executable {\n"
        "  hal.executable.export public @entry ordinal(0)"
        " layout(#hal.pipeline.layout<bindings = [#hal.pipeline.binding<storage_buffer>]>)\n"
        "  builtin.module {\n    func.func @entry() {\n      return\n    }\n  }\n}\n",
    ],
)
def test_an_input_without_a_vm_module_fails_with_iree_compiles_words_and_writes_nothing(
    tmp_path: Path, text: str
) -> None:
    """IREE's VM phase makes no module of it: iree-compile says why, and so does the tool (its
    HAL/VM phase failing as IREE's does), not an internal error."""
    src = tmp_path / "in.mlir"
    src.write_text(text)
    out = tmp_path / "out.vmfb"
    stock = subprocess.run(
        [tool("iree-compile"), *DEFAULT_CPU_FLAGS, str(src), "-o", str(out)],
        capture_output=True,
        text=True,
        check=False,
    )
    assert stock.returncode != 0 and "outer module does not contain a vm.module op" in stock.stderr
    proc = run_cli("compile", str(src), "-o", str(out))
    assert proc.returncode == 1
    assert "hal/vm phase:" in proc.stderr and "outer module does not contain a vm.module op" in proc.stderr
    assert "internal error" not in proc.stderr
    assert not list(tmp_path.glob("out.vmfb*"))
