"""IR specification cases: each ``// -----`` chunk of ``tests/ir/*.mlir`` is one behaviour.

The chunk is wrapped in a module with ``prelude.mlir`` (device and executable) and the globals
it uses, rewritten by ``slice-elision rewrite``, and checked with FileCheck twice: ``CHECK``
lines against the rewritten IR, ``LOG`` lines against ``slice-elision explain``'s proof log.
"""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest

from rewriter.cli import main
from stream_model import ModuleModel, analyze, parse_module
from stream_model.claims import unproven_claims
from benchmarks.ir_cases import IR_DIR, cases, wrap

FILECHECK = str(Path(sys.executable).parent / "filecheck")


def _filecheck(checks: str, text: str, prefix: str, tmp: Path) -> None:
    check_file = tmp / f"checks_{prefix}.txt"
    check_file.write_text(checks)
    run = subprocess.run([FILECHECK, str(check_file), f"--check-prefix={prefix}"], input=text, capture_output=True, text=True)
    assert run.returncode == 0, f"FileCheck {prefix} failed:\n{run.stdout}{run.stderr}\n--- input ---\n{text}"


CASES = cases()


@pytest.mark.parametrize("name,kind,chunk", CASES, ids=[c[0] for c in CASES])
def test_ir_case(name: str, kind: str, chunk: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src = tmp_path / f"{kind}.mlir"
    src.write_text(wrap(chunk))
    out = tmp_path / "out.mlir"
    assert main(["rewrite", str(src), "-o", str(out)]) == 0
    _filecheck(chunk, out.read_text(), "CHECK", tmp_path)
    capsys.readouterr()
    assert main(["explain", str(src)]) == 0
    _filecheck(chunk, capsys.readouterr().out, "LOG", tmp_path)


def test_ir_dir_has_cases() -> None:
    assert len(list(IR_DIR.glob("*.mlir"))) >= 3 and len(CASES) >= 20


@pytest.mark.parametrize("name,kind,chunk", CASES, ids=[c[0] for c in CASES])
def test_every_alias_claim_holds_in_the_final_analysis_state(name: str, kind: str, chunk: str) -> None:
    """The log never claims what the state does not hold: each alias's ordered-around-calls
    check rests on a settled stable argument, each disjoint check on facts in scope for both
    the slice and the write (re-derived by ``stream_model.claims``)."""
    module = parse_module(wrap(chunk)).module
    analysis = analyze(ModuleModel(module))
    assert unproven_claims(analysis) == []
