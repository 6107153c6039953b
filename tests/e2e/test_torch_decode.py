"""The PyTorch path (``examples/torch_decode.py``): real iree-turbine exports through slice elision.

Optional: torch, iree-turbine and transformers come from the ``torch`` extra (``make torch``),
which ``make test`` does not install; without them every test here is skipped and says why.
Nothing is mocked: torch exports, IREE 3.13 compiles, the IREE runtime runs, torch eager is the
reference.

What is checked, for a small attention decode step in both cache forms and for a 2-layer
HuggingFace Llama with a static cache:

* the example runs a few steps and IREE with slice elision matches torch eager (tight tolerance)
  and the stock build bit for bit;
* ``slice-elision compile --no-elide`` is byte-identical to ``iree-compile`` with the same flags,
  and ``compile`` without it is too when the log aliases nothing and reports nothing (the rewrite
  then has nothing to change);
* ``slice-elision explain`` on the exported torch MLIR prints its report.
"""

from __future__ import annotations

import importlib.util
import json
import subprocess
import sys
from pathlib import Path
from types import ModuleType

import pytest

TORCH_EXTRA = "torch extra not installed: make torch"
torch = pytest.importorskip("torch", reason=TORCH_EXTRA)
pytest.importorskip("iree.turbine.aot", reason=TORCH_EXTRA)

from rewriter.pipeline import DEFAULT_CPU_FLAGS  # noqa: E402 - after the skip, like the imports it needs
from rewriter.pipeline.common import tool  # noqa: E402

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
SCRIPT = str(Path(sys.executable).parent / "slice-elision")
CPU_FLAGS = list(DEFAULT_CPU_FLAGS)
#: Reduced from the example's defaults (64 rows, 48 steps) to keep the file under a few minutes.
CAPACITY, STEPS = 16, 8


def _load_example() -> ModuleType:
    """``examples/`` is not a package; registered in ``sys.modules`` so its dataclasses resolve."""
    spec = importlib.util.spec_from_file_location("torch_decode_example", REPO / "examples" / "torch_decode.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules[spec.name] = module
    spec.loader.exec_module(module)
    return module


example = _load_example()

PROGRAMS = ["attention-masked", "attention-prefix", "llama"]


def _program(name: str):  # -> example.Program
    if name == "llama":
        pytest.importorskip("transformers", reason=TORCH_EXTRA)
        return example.make_program("llama", "masked", CAPACITY)
    return example.make_program("attention", name.split("-")[1], CAPACITY)


@pytest.fixture(scope="module", params=PROGRAMS)
def exported(request: pytest.FixtureRequest, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """The torch-dialect MLIR iree-turbine exports, once per program for the CLI tests."""
    path = tmp_path_factory.mktemp(request.param) / f"{request.param}.mlir"
    example.export_mlir(_program(request.param), path)
    return path


def run_cli(*args: str) -> subprocess.CompletedProcess[str]:
    return subprocess.run([SCRIPT, *args], capture_output=True, text=True, timeout=600)


@pytest.mark.parametrize("name", PROGRAMS)
def test_example_matches_torch_eager_and_the_stock_build(name: str, tmp_path: Path) -> None:
    outcome = example.run(_program(name), STEPS, tmp_path, CPU_FLAGS, verbose=False)
    assert outcome.within_tolerance, f"max |IREE - eager| = {outcome.max_abs_error}"
    assert outcome.builds_bit_identical
    assert outcome.report.unproven_claims == []
    # What docs/pytorch.md reports: IREE folds these programs' cache reads into their dispatches, so
    # no slice or transfer reaches the splice point and every copy left is a constant size.
    assert outcome.report.decisions == []
    assert outcome.vmfb_identical
    assert outcome.elided_copies == outcome.stock_copies
    assert all(c.isdigit() for c in outcome.stock_copies), outcome.stock_copies


def test_compile_no_elide_is_byte_identical_to_iree_compile(exported: Path, tmp_path: Path) -> None:
    out, ref, log = tmp_path / "no-elide.vmfb", tmp_path / "ref.vmfb", tmp_path / "log.jsonl"
    proc = run_cli("compile", str(exported), "-o", str(out), "--no-elide", "--log", str(log), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stderr
    assert "nothing rewritten" in proc.stderr
    subprocess.run([tool("iree-compile"), *CPU_FLAGS, str(exported), "-o", str(ref)], check=True)
    assert out.read_bytes() == ref.read_bytes()


def test_compile_with_elision_runs_and_changes_nothing_it_did_not_log(exported: Path, tmp_path: Path) -> None:
    out, ref, log = tmp_path / "elided.vmfb", tmp_path / "ref.vmfb", tmp_path / "log.jsonl"
    proc = run_cli("compile", str(exported), "-o", str(out), "--log", str(log), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stderr
    assert "slice(s) aliased" in proc.stderr
    records = [json.loads(line) for line in log.read_text().splitlines()]
    if not any(r.get("decision") == "alias" or "diagnostic" in r for r in records):
        subprocess.run([tool("iree-compile"), *CPU_FLAGS, str(exported), "-o", str(ref)], check=True)
        assert out.read_bytes() == ref.read_bytes()


def test_check_reports_nothing_on_the_torch_export(exported: Path) -> None:
    """IREE schedules the torch exports right: the schedule check finds no hazard."""
    proc = run_cli("check", str(exported), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert proc.stdout == ""


def test_explain_prints_its_report_for_the_torch_export(exported: Path) -> None:
    proc = run_cli("explain", str(exported), *CPU_FLAGS)
    assert proc.returncode == 0, proc.stderr
    assert "copies (slices and transfers):" in proc.stdout
    assert "Traceback" not in proc.stderr
