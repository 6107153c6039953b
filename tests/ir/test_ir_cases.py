"""IR specification cases: each ``// -----`` chunk of ``tests/ir/*.mlir`` is one behaviour.

Every file starts with ``// RUN:`` lines, lit-style: ``slice-elision ... --split-input-file %s
| FileCheck %s ...``. Each chunk is a module of its own (device, executable, globals), so it
can be pasted into ``iree-opt``; each RUN line runs on each case alone (``%s`` the chunk, one
test per case) and on the whole file, as lit would: ``slice-elision`` in this process (the CLI's
``main``), FileCheck as the ``filecheck`` tool. By convention ``CHECK`` lines check the
rewritten IR, ``LOG`` lines ``explain``'s proof log and ``DECISION`` lines the decisions
``rewrite --annotate`` writes on the IR.
"""

from __future__ import annotations

import shlex
import subprocess
import sys
from pathlib import Path

import pytest

from benchmarks.ir_cases import IR_DIR, cases, is_module, run_lines
from rewriter.cli.entry import main
from stream_model import ModuleModel, analyze, parse_module
from stream_model.rule.claims import unproven_claims

FILECHECK = str(Path(sys.executable).parent / "filecheck")
CASES = cases()


def _run_line(line: str, case: Path, capsys: pytest.CaptureFixture[str]) -> None:
    """One RUN line, ``slice-elision ARGS | FileCheck ARGS``, with ``%s`` the case file."""
    tool, check = (shlex.split(part.replace("%s", str(case))) for part in line.split("|"))
    assert tool[0] == "slice-elision" and check[0] == "FileCheck", f"unsupported RUN line: {line}"
    capsys.readouterr()
    assert main(tool[1:]) == 0, f"RUN: {line}"
    out = capsys.readouterr().out
    run = subprocess.run([FILECHECK, *check[1:]], input=out, capture_output=True, text=True)
    assert run.returncode == 0, f"RUN: {line}\n{run.stdout}{run.stderr}\n--- input ---\n{out}"


@pytest.mark.parametrize("name,kind,chunk", CASES, ids=[c[0] for c in CASES])
def test_ir_case(name: str, kind: str, chunk: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    case = tmp_path / f"{kind}.mlir"
    case.write_text(chunk)
    lines = run_lines(kind)
    assert lines, f"tests/ir/{kind}.mlir has no RUN line"
    for line in lines:
        _run_line(line, case, capsys)


def test_every_ir_file_has_run_lines() -> None:
    files = list(IR_DIR.glob("*.mlir"))
    assert files and all(run_lines(p.stem) for p in files)


FILES = sorted(IR_DIR.glob("*.mlir"))


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_each_ir_file_runs_whole_as_lit_runs_it(path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    for line in run_lines(path.stem):
        assert "--split-input-file" in line, f"RUN: {line}"
        _run_line(line, path, capsys)


@pytest.mark.parametrize("path", FILES, ids=[p.stem for p in FILES])
def test_every_ir_case_is_a_module_iree_opt_reads_on_its_own(path: Path) -> None:
    """Each chunk declares what it uses (no shared prelude): ``iree-opt --split-input-file``
    parses and verifies every one, as it would a case pasted into an upstream issue."""
    from rewriter.pipeline.common import tool

    chunks = [c for c in path.read_text().split("// -----")]
    assert all(is_module(c) for c in chunks), path
    run = subprocess.run([tool("iree-opt"), "--split-input-file", str(path)], capture_output=True, text=True)
    assert run.returncode == 0, run.stderr
    assert run.stdout.count("// -----") == len(chunks) - 1


def test_ir_dir_has_cases() -> None:
    assert len(FILES) >= 3 and len(CASES) >= 20


@pytest.mark.parametrize("name,kind,chunk", CASES, ids=[c[0] for c in CASES])
def test_every_alias_claim_holds_in_the_final_analysis_state(name: str, kind: str, chunk: str) -> None:
    """The log never claims what the state does not hold: each alias's ordered-around-calls
    check rests on a settled stable argument, each disjoint check on facts in scope for both
    the slice and the write (re-derived by ``stream_model.rule.claims``)."""
    module = parse_module(chunk).module
    analysis = analyze(ModuleModel(module))
    assert unproven_claims(analysis) == []
