"""``tools/iree_corpus.py``: programs built both ways, run with a ``check`` module, compared.

IREE's own tests stay IREE's: the runner is tested here on programs of this repository that
call ``check.expect_eq`` as IREE's e2e tests do."""

from __future__ import annotations

import importlib.util
import sys
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e
REPO = Path(__file__).resolve().parents[2]


def _runner():  # noqa: ANN202 - the tool's module
    spec = importlib.util.spec_from_file_location("iree_corpus", REPO / "tools" / "iree_corpus.py")
    assert spec is not None and spec.loader is not None
    module = importlib.util.module_from_spec(spec)
    sys.modules["iree_corpus"] = module
    spec.loader.exec_module(module)
    return module


_CHECKED = """
func.func @adds() {
  %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
  %y = arith.addi %x, %x : tensor<4xi32>
  check.expect_eq_const(%y, dense<[2, 4, 6, 8]> : tensor<4xi32>) : tensor<4xi32>
  return
}

func.func @fails() {
  %x = util.unfoldable_constant dense<[1, 2]> : tensor<2xi32>
  check.expect_eq_const(%x, dense<[1, 3]> : tensor<2xi32>) : tensor<2xi32>
  return
}
"""


def test_the_runner_builds_both_ways_and_reads_the_check_modules_verdicts(tmp_path: Path) -> None:
    corpus = _runner()
    (tmp_path / "checked.mlir").write_text(_CHECKED)
    outcome = corpus.one(tmp_path / "checked.mlir", tmp_path, 300.0, identity=True)
    assert outcome.stock.ok and outcome.tool.ok and outcome.run == "same"
    assert outcome.identical_without_elision is True
    report = corpus.run_module(str(_build(tmp_path)))
    assert report["calls"]["adds"] == [{"failures": [], "outputs": []}] * 2
    assert [c["failures"][0].startswith("expect_eq") for c in report["calls"]["fails"]] == [True, True]


def _build(tmp_path: Path) -> Path:
    import subprocess

    from rewriter.pipeline import DEFAULT_CPU_FLAGS
    from rewriter.pipeline.common import tool

    out = tmp_path / "checked.vmfb"
    subprocess.run(
        [tool("iree-compile"), *DEFAULT_CPU_FLAGS, str(tmp_path / "checked.mlir"), "-o", str(out)], check=True
    )
    return out


def test_a_build_that_crashes_where_the_tools_is_right_is_stocks_fault() -> None:
    corpus = _runner()
    right = {"calls": {"f": [{"failures": [], "outputs": ["a"]}] * 2}}
    assert corpus.judge({"error": "crashed (SIGSEGV)"}, right) == ("stock wrong", "stock: crashed (SIGSEGV)")
    second_call_differs = {"calls": {"f": [{"failures": [], "outputs": ["a"]}, {"failures": [], "outputs": ["b"]}]}}
    assert corpus.judge(second_call_differs, right) == ("stock wrong", "f")
    assert corpus.judge(right, second_call_differs)[0] == "differ"
    assert corpus.judge_both(("same", ""), ("stock wrong", "f")) == ("stock wrong", "f (mmap'd)")
