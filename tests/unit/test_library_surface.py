"""The library as compiler tooling uses it: one import, one exception base, the phase checked at
every entry point, an analysis applied without a second analysis, decisions that carry their op."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from iree.compiler import ir

import rewriter
from benchmarks.ir_cases import case_module, cases
from rewriter import (
    AnalysisOptions,
    CompileError,
    ModelError,
    RewriteError,
    RewriteReport,
    SliceElisionError,
    WrongPhaseError,
    apply_analysis,
    elide_slices,
)
from stream_model import Decision, ModuleModel, analyze, parse_module

REPO = Path(__file__).resolve().parents[2]
CASES = {name: chunk for name, _, chunk in cases()}
SEED = case_module(CASES["alias/same_ssa_value"])
KEEP = case_module(CASES["keep/two_layers_unbounded_step"])

FLOW_IR = """\
util.func public @f(%t: tensor<4xf32>) -> tensor<2xf32> {
  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %s = flow.tensor.slice %t[%c0 for %c2] : tensor<4xf32> -> tensor<2xf32>
  util.return %s : tensor<2xf32>
}
"""
LINALG_IR = """\
func.func @f(%x: tensor<4xf32>) -> tensor<4xf32> {
  %e = tensor.empty() : tensor<4xf32>
  %r = linalg.copy ins(%x : tensor<4xf32>) outs(%e : tensor<4xf32>) -> tensor<4xf32>
  return %r : tensor<4xf32>
}
"""
ALLOCATED_IR = """\
util.func public @f(%r: !stream.resource<transient>, %n: index) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %z = arith.constant 0 : i32
  %t = stream.cmd.execute with(%r as %a: !stream.resource<transient>{%n}) {
    stream.cmd.fill %z, %a[%c0 for %n] : i32 -> !stream.resource<transient>{%n}
  } => !stream.timepoint
  util.return %t : !stream.timepoint
}
"""


def _module(text: str) -> ir.Module:
    return parse_module(text).module


# -- one import --------------------------------------------------------------------------------


def test_the_package_exports_its_public_api() -> None:
    expected = {
        "AnalysisOptions",
        "CompileError",
        "ModelError",
        "RewriteError",
        "RewriteReport",
        "SliceElisionError",
        "WrongPhaseError",
        "apply_analysis",
        "compile_file",
        "elide_slices",
        "run_from_splice",
        "run_to_splice",
        "stream_pipelines",
        "__version__",
    }
    assert expected <= set(rewriter.__all__)
    assert all(hasattr(rewriter, name) for name in rewriter.__all__)


def test_every_error_the_library_raises_derives_from_one_base() -> None:
    for error in (ModelError, WrongPhaseError, RewriteError, CompileError):
        assert issubclass(error, SliceElisionError)


@pytest.mark.parametrize("package", ["dfx", "stream_model", "rewriter"])
def test_each_package_says_it_is_typed(package: str) -> None:
    assert (REPO / package / "py.typed").is_file()


# -- the phase, at every entry point --------------------------------------------------------------


@pytest.mark.parametrize(
    "text,phase,evidence",
    [
        (FLOW_IR, "before", "flow.tensor.slice"),
        (LINALG_IR, "before", "tensor.empty"),
        (ALLOCATED_IR, "after", "stream.cmd."),
    ],
    ids=["flow", "linalg", "after-allocation"],
)
def test_elide_slices_refuses_ir_before_or_after_the_stream_phase(text: str, phase: str, evidence: str) -> None:
    with pytest.raises(WrongPhaseError, match=evidence) as caught:
        elide_slices(_module(text))
    assert caught.value.phase.value == phase


@pytest.mark.parametrize("text", [FLOW_IR, ALLOCATED_IR], ids=["flow", "after-allocation"])
def test_the_model_refuses_ir_before_or_after_the_stream_phase(text: str) -> None:
    with pytest.raises(WrongPhaseError):
        ModuleModel(_module(text))


def test_scalar_code_has_no_copies_and_is_no_error() -> None:
    """No stream op and no tensor: nothing IREE would copy (a hook sees such modules)."""
    report = elide_slices(_module("util.func public @f(%a: index) -> index {\n  util.return %a : index\n}\n"))
    assert report.decisions == [] and report.aliased == report.kept == 0


# -- options, an existing analysis, decisions with their op ---------------------------------------


def test_elide_slices_takes_analysis_options(monkeypatch: pytest.MonkeyPatch) -> None:
    import rewriter.rewrite.elide

    given = AnalysisOptions(timeout_ms=1234, max_iterations=7)
    seen: list[AnalysisOptions] = []
    real = rewriter.rewrite.elide.analyze
    monkeypatch.setattr(
        rewriter.rewrite.elide,
        "analyze",
        lambda model, options, *rest: seen.append(options) or real(model, options, *rest),
    )
    report = elide_slices(_module(SEED), apply=False, options=given)
    assert seen == [given] and [d.decision for d in report.decisions] == [Decision.ALIAS]
    with pytest.raises(ValueError, match="not both"):
        elide_slices(_module(SEED), options=AnalysisOptions(), timeout_ms=5)


def test_elide_slices_verifies_the_module_before_and_after_unless_its_caller_does(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    import rewriter.rewrite.elide

    verified: list[str] = []
    real = rewriter.rewrite.elide._verify
    monkeypatch.setattr(rewriter.rewrite.elide, "_verify", lambda module: verified.append("verify") or real(module))
    plain = elide_slices(_module(SEED))
    assert verified == ["verify", "verify"]  # (the input, then the rewritten module)
    verified.clear()
    # A compile hook's caller verifies the module before the hook and after it: no third time.
    trusted = elide_slices(_module(SEED), verified=True)
    assert verified == []
    assert [d.to_json() for d in trusted.decisions] == [d.to_json() for d in plain.decisions]


def test_apply_analysis_rewrites_what_the_analysis_decided_without_analysing_again(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    module = _module(SEED)
    analysis = analyze(ModuleModel(module), AnalysisOptions())
    monkeypatch.setattr("rewriter.rewrite.elide.analyze", lambda *a, **k: pytest.fail("analysed twice"))
    report = apply_analysis(analysis)
    assert isinstance(report, RewriteReport) and report.aliased == 1
    assert "stream.async.slice" not in str(module)
    with pytest.raises(RewriteError, match="applied already"):
        apply_analysis(analysis)


def test_apply_analysis_gives_the_report_elide_slices_gives() -> None:
    for text in (SEED, KEEP):
        module = _module(text)
        by_analysis = apply_analysis(analyze(ModuleModel(module)))
        again = _module(text)
        by_elide = elide_slices(again)
        assert [d.to_json() for d in by_analysis.decisions] == [d.to_json() for d in by_elide.decisions]
        assert str(module) == str(again)


def test_each_decision_carries_its_op_which_the_log_does_not_show() -> None:
    module = _module(KEEP)
    report = elide_slices(module, apply=False)
    (decision,) = report.decisions
    assert decision.op.name == "stream.async.slice"
    assert (
        decision.op.location
        == next(
            op for op in module.body.operations[-1].regions[0].blocks[0].operations if op.name == "stream.async.slice"
        ).location
    )
    record = decision.to_json()
    assert "op" not in record and json.dumps(record)
