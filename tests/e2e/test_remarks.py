"""Decisions as MLIR optimization remarks (``--remarks-filter``, ``--remarks-output-file``), in
LLVM's YAML remark format, read back here with a YAML parser field by field; and the JSON
Lines records' ``schema_version``, ``type`` and ``reason_code``."""

from __future__ import annotations

import json
import re
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest
import yaml

from benchmarks.ir_cases import case_module, cases
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from stream_model import ReasonCode

SCRIPT = str(Path(sys.executable).parent / "slice-elision")
REPO = Path(__file__).resolve().parents[2]
SEED_CASE = next(c for c in cases() if c[0] == "alias/same_ssa_value")[2]
KEEP_CASE = next(c for c in cases() if c[0] == "keep/two_layers_unbounded_step")[2]
BOUNDED_CASE = next(c for c in cases() if c[0] == "alias/two_layers_bounded_step")[2]


class _RemarkLoader(yaml.SafeLoader):
    """LLVM's remark YAML: one document per remark, tagged with its kind (``!Passed``...)."""


def _tagged(loader: yaml.SafeLoader, tag_suffix: str, node: yaml.Node) -> dict[str, Any]:
    remark = loader.construct_mapping(node, deep=True)  # type: ignore[arg-type]
    return {"Kind": tag_suffix, **remark}


_RemarkLoader.add_multi_constructor("!", _tagged)


def read_remarks(path: Path) -> list[dict[str, Any]]:
    return [doc for doc in yaml.load_all(path.read_text(), Loader=_RemarkLoader) if doc is not None]


def args_of(remark: dict[str, Any]) -> list[tuple[str, str]]:
    """The remark's arguments in order, as (key, value) pairs (keys repeat: one ``Write`` per write)."""
    return [next(iter(a.items())) for a in remark["Args"]]


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=600)


@pytest.fixture()
def seed(tmp_path: Path) -> Path:
    path = tmp_path / "seed.mlir"
    path.write_text(case_module(SEED_CASE))
    return path


@pytest.fixture()
def keep(tmp_path: Path) -> Path:
    path = tmp_path / "keep.mlir"
    path.write_text(case_module(KEEP_CASE))
    return path


def explain_remarks(src: Path, *extra: str) -> list[dict[str, Any]]:
    out = src.with_suffix(".yaml")
    proc = run_cli("explain", str(src), f"--remarks-output-file={out}", *extra)
    assert proc.returncode == 0, proc.stderr
    return read_remarks(out)


def test_an_alias_is_a_passed_remark_with_its_range_bytes_and_writes(seed: Path) -> None:
    (remark,) = explain_remarks(seed, "--remarks-filter=slice-elision")
    assert remark["Kind"] == "Passed"
    assert remark["Pass"] == "slice-elision"
    assert remark["Name"] == "Aliased"
    assert remark["Function"] == "same_ssa_value"
    text = seed.read_text().splitlines()
    loc = remark["DebugLoc"]
    assert loc["File"] == str(seed)
    assert "stream.async.slice" in text[loc["Line"] - 1]
    assert text[loc["Line"] - 1][loc["Column"] - 1 :].startswith(
        "stream.async.slice %cache"
    )  # the op, as MLIR locates it
    args = args_of(remark)
    keys = [k for k, _ in args]
    assert keys[:2] == ["RemarkId", "Remark"]
    assert dict(args)["Remark"] == "every write to the source's storage is harmless (1 disjoint)"
    assert dict(args)["ReasonCode"] == "aliased"
    assert dict(args)["Range"] == "[0, 8192*step)"
    assert dict(args)["BytesSaved"] == "8192*step"
    (write,) = [v for k, v in args if k == "Write"]
    assert write.startswith("stream.async.update %u at seed.mlir:")
    assert write.endswith("writes [8192*step, 8192*step + 8192): disjoint")
    assert any(k == "Fact" for k in keys)
    assert "Counterexample" not in keys and "Suggestion" not in keys


def test_a_kept_copy_is_a_missed_remark_with_its_counterexample_and_a_checked_suggestion(keep: Path) -> None:
    (remark,) = explain_remarks(keep, "--remarks-filter=slice-elision")
    assert remark["Kind"] == "Missed"
    assert remark["Name"] == "OverlappingWrite"
    assert remark["Function"] == "two_layers_unbounded_step"
    args = dict(args_of(remark))
    assert args["ReasonCode"] == "overlapping-write"
    assert args["BytesCopied"] == "8192*step"
    assert args["Counterexample"] == "step=4096"
    assert "MAY OVERLAP" in args["Write"]
    assert args["Suggestion"].startswith("with util.assume.int %step<umin = 0, umax = 4095> : index in place of %step")


def test_the_suggested_bound_is_the_one_that_makes_the_bounded_case_alias() -> None:
    """The suggestion for the unbounded case is exactly the bound the must-alias case states."""
    assert "util.assume.int %step_in<umin = 0, umax = 4095>" in case_module(BOUNDED_CASE)


def test_remarks_filter_selects_by_whole_category(seed: Path) -> None:
    assert explain_remarks(seed, "--remarks-filter=slice-.*")
    assert explain_remarks(seed, "--remarks-filter=.*")
    assert explain_remarks(seed, "--remarks-filter=slice") == []  # anchored, as in iree-compile
    assert explain_remarks(seed, "--remarks-filter=other") == []


def test_without_an_output_file_remarks_are_printed_as_mlir_remark_diagnostics(keep: Path) -> None:
    proc = run_cli("explain", str(keep), "--remarks-filter=slice-elision")
    assert proc.returncode == 0, proc.stderr
    (line,) = [ln for ln in proc.stderr.splitlines() if ": remark: " in ln]
    assert re.match(
        rf"^{re.escape(str(keep))}:\d+:\d+: remark: \[Missed\] OverlappingWrite \| Category:slice-elision \| "
        r"Function=two_layers_unbounded_step \| ",
        line,
    ), line
    assert "Counterexample=step=4096" in line


def test_an_output_file_without_a_filter_emits_nothing_and_says_so(seed: Path, tmp_path: Path) -> None:
    out = tmp_path / "r.yaml"
    proc = run_cli("explain", str(seed), f"--remarks-output-file={out}")
    assert proc.returncode == 0
    assert not out.exists()
    assert "without --remarks-filter" in proc.stderr


def test_compile_writes_one_remark_file_and_the_same_vmfb(tmp_path: Path) -> None:
    """The demo's decode step (flow-level input; IREE's remarks that ``.*`` selects go in too)."""
    src = REPO / "examples" / "decode_step.mlir"
    plain, remarked, remarks = tmp_path / "plain.vmfb", tmp_path / "remarked.vmfb", tmp_path / "r.yaml"
    assert run_cli("compile", str(src), "-o", str(plain), *DEFAULT_CPU_FLAGS).returncode == 0
    proc = run_cli(
        "compile", str(src), "-o", str(remarked), "--remarks-filter=.*", f"--remarks-output-file={remarks}",
        *DEFAULT_CPU_FLAGS,
    )  # fmt: skip
    assert proc.returncode == 0, proc.stderr
    assert plain.read_bytes() == remarked.read_bytes()
    found = read_remarks(remarks)
    ours = [r for r in found if r["Pass"] == "slice-elision"]
    assert [r["Name"] for r in ours] == ["Aliased"] * 4
    assert {r["DebugLoc"]["File"] for r in ours} == {str(src)}  # IREE keeps the input's locations
    ids = [int(dict(args_of(r))["RemarkId"]) for r in found]
    assert ids == list(range(1, len(found) + 1))  # one numbering through the file, as iree-compile's


def test_an_unwritable_remarks_file_fails_before_any_work(seed: Path) -> None:
    proc = run_cli("explain", str(seed), "--remarks-filter=slice-elision", "--remarks-output-file=/proc/r.yaml")
    assert proc.returncode == 1
    assert proc.stderr.startswith("slice-elision: error: cannot write /proc/r.yaml")


def test_every_log_record_has_a_schema_version_and_a_type(keep: Path, tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    assert run_cli("explain", str(keep), "--log", str(log)).returncode == 0
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert records and all(list(r)[:2] == ["schema_version", "type"] for r in records)
    assert {r["schema_version"] for r in records} == {1}
    (decision,) = records
    assert decision["type"] == "decision"
    assert decision["reason_code"] == "overlapping-write"
    assert list(decision).index("reason_code") == list(decision).index("reason") + 1


def test_a_repaired_problem_is_a_diagnostic_record(tmp_path: Path) -> None:
    log = tmp_path / "log.jsonl"
    src = REPO / "tests" / "data" / "shared_globals" / "one_value_stored_to_two_globals.mlir"
    assert run_cli("rewrite", str(src), "-o", str(tmp_path / "out.mlir"), "--log", str(log)).returncode == 0
    types = [json.loads(line)["type"] for line in log.read_text().splitlines()]
    assert types[0] == "diagnostic" and set(types) <= {"diagnostic", "decision"}


def test_reason_codes_are_stable_names_documented_in_the_readme() -> None:
    readme = (REPO / "README.md").read_text()
    names = [code.remark_name for code in ReasonCode]
    assert len(set(names)) == len(names)
    for code in ReasonCode:
        assert re.fullmatch(r"[A-Z][A-Za-z]+", code.remark_name), code
        assert f"`{code.value}`" in readme and f"`{code.remark_name}`" in readme, code
