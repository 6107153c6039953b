"""The benchmark harness on the ``tiny`` profile: every section runs, and its numbers are sane.

Why test a benchmark: ``results.md`` is quoted in docs/benchmarks.md, so a harness that silently
measures the wrong thing (copies of the wrong function, a z3 wrapper left installed, memory
counters of another module) would publish wrong claims. These checks pin the invariants that
do not depend on the machine's speed; timing values are only checked for shape.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from benchmarks.analysis_cost import Z3Recorder, distribution
from benchmarks.config import TINY, VARIANTS
from benchmarks.copies import step_copies
from benchmarks.programs import DecodeShape
from benchmarks.report import _compile_cost_targets, render_markdown
from benchmarks.run import run, slope_contexts


def test_z3_recorder_restores_the_analysis() -> None:
    """The wrapper is installed only inside the ``with`` block and records each call."""
    import stream_model.rule.slice_query as slice_query
    from stream_model.symbolic.index_arith import index_symbol
    from stream_model.symbolic.proofs import ByteRange, Fact

    step = index_symbol("step")  # symbolic: constant ranges are decided without z3 or the memo
    row_in_bounds = [Fact("row: start <= end", 8 * step, "ule", 8 * step + 8)]  # (a row that wraps is no range)
    original = slice_query.prove_disjoint
    recorder = Z3Recorder()
    with recorder.installed():
        assert slice_query.prove_disjoint is not original
        slice_query.prove_disjoint(ByteRange(0, 8 * step), ByteRange(8 * step, 8 * step + 8), row_in_bounds)
        slice_query.prove_disjoint(ByteRange(0, 8 * step), ByteRange(8 * step, 8 * step + 8), row_in_bounds)
    assert slice_query.prove_disjoint is original
    queries = recorder.take()
    assert len(queries) == 2 and queries[1].memo_hit
    summary = distribution(queries)
    assert summary["queries"] == 2 and summary["memo_hits"] == 1 and summary["verdicts"] == {"disjoint": 2}


def test_slope_contexts() -> None:
    assert slope_contexts((16, 256, 1024, 2048, 4000)) == (256, 4000)
    assert slope_contexts((16, 256)) == (16, 256)


def _cost_row(tool: tuple[float, float, float], plain: tuple[float, float]) -> dict:
    return {
        "tool": dict(zip(("cpu", "wall", "peak"), tool)),
        "no-elide": dict(zip(("cpu", "wall"), plain)),
    }


def test_issue_37s_cost_targets_are_read_off_the_cost_table() -> None:
    """Each limit is asked of its rows: nothing to do (cpu, wall), the seed form (cpu, peak),
    ``--no-elide`` on every row."""
    rows = {
        "small program (nothing to do)": _cost_row((1.02, 1.08, 1.2), (1.01, 1.02)),
        "seed form, 256 layers (every slice aliased)": _cost_row((1.04, 1.3, 1.09), (1.0, 1.04)),
    }
    status = {t["target"].split(":")[0]: t["status"] for t in _compile_cost_targets({"rows": rows})}
    assert status == {"nothing to do": "met", "seed form": "met", "--no-elide": "not met"}
    assert _compile_cost_targets(None) == []


@pytest.mark.e2e
def test_tiny_profile_end_to_end(tmp_path: Path) -> None:
    results = run(TINY, tmp_path, plots=False)
    ctx = [str(n) for n in TINY.contexts]
    shape = DecodeShape()

    # Files: raw JSON round-trips, Markdown renders from it alone.
    saved = json.loads((tmp_path / "results.json").read_text())
    assert (tmp_path / "results.md").read_text() == render_markdown(saved)

    # The rewrite changes nothing where there is nothing to rewrite, and keeps outputs identical.
    checks = results["checks"]
    assert checks["fused_elided_equals_fused_stock"]
    assert not checks["seed_elided_equals_seed_stock"]
    assert checks["seed_outputs"]["bit_identical"] and checks["seed_outputs"]["finite"]
    assert checks["call_outputs"]["bit_identical"]
    assert results["variants"]["seed-elided"]["aliased"] == 2 * shape.layers

    # Copies: stock copies each K/V prefix once per layer; the seed rewrite removes all of them.
    copies = results["copies"]
    for n in ctx:
        prefix_bytes = 2 * shape.layers * (int(n) + 1) * shape.row_bytes
        assert copies["seed-stock"]["per_step"][n]["prefix"] == prefix_bytes
        assert copies["seed-elided"]["per_step"][n]["prefix"] == 0
        assert copies["fused-stock"]["per_step"][n]["prefix"] == 0
        # the call form copies the prefix twice: at the call site and inside the callee
        assert copies["call-stock"]["per_step"][n]["prefix"] == 2 * prefix_bytes

    # Memory: caches are resident in every variant; elided allocates like the fused reference.
    mem = results["memory"]
    for name in VARIANTS:
        for n in ctx:
            m = mem[name][n]
            assert m["available"]
            assert m["resident_bytes"] == 2 * shape.layers * shape.capacity * shape.row_bytes
            assert m["live_after_bytes"] == m["resident_bytes"]
    for n in ctx:
        assert mem["seed-elided"][n]["step_alloc_bytes"] == mem["fused-stock"][n]["step_alloc_bytes"]
        assert mem["seed-stock"][n]["step_alloc_bytes"] > mem["seed-elided"][n]["step_alloc_bytes"]

    # Timing: one sample per round for every variant and context, all positive.
    samples = results["step_time"]["samples_s"]
    assert set(samples) == set(VARIANTS)
    assert all(len(samples[v][n]) == TINY.rounds and min(samples[v][n]) > 0 for v in VARIANTS for n in ctx)

    # Analysis cost: the hook is part of the total, and the decode modules need no z3 query.
    layer = results["analysis_cost"]["layers"]["2"]["runs"][0]
    assert 0 < layer["hook_s"] < layer["total_s"] and layer["aliased"] == 4
    corpus = results["analysis_cost"]["ir_cases_z3"]
    assert corpus["available"] and corpus["z3"]["solved"] > 0
    # Growth: every size timed in every round, the ratio is of the largest to the smallest.
    growth = results["analysis_cost"]["growth_interleaved"]
    assert growth["rounds_done"] == TINY.growth_rounds and not growth["timed_out"]
    assert all(set(r) == {"2", "4"} and min(r.values()) > 0 for r in growth["seconds"])
    assert growth["ratio"] == growth["seconds"][0]["4"] / growth["seconds"][0]["2"]
    assert any("grows no worse than linearly" in t["target"] for t in results["targets"])

    assert all(t["status"] in ("met", "not met", "info") or t["status"].startswith("n/a") for t in results["targets"])
    assert any(t["status"] == "met" and "copy bytes/step from slices are 0" in t["target"] for t in results["targets"])


@pytest.mark.e2e
def test_step_copies_follow_calls(tmp_path: Path) -> None:
    """In the call form the callee's transfer copies count at every call site."""
    from benchmarks.variants import write_program
    from rewriter.pipeline import DEFAULT_CPU_FLAGS, ir_after_pass

    shape = DecodeShape()
    src = write_program("call", shape, tmp_path)
    ours = step_copies(ir_after_pass(src, DEFAULT_CPU_FLAGS, "iree-stream-schedule-allocation"))
    assert ours.symbol == "arg1"
    assert {c.function for c in ours.copies if c.prefix} == {"step", "attention"}
    # K and V prefixes, per layer, copied at the call site and again inside the callee
    assert ours.prefix_count == 4 * shape.layers
    assert ours.bytes_at(100, prefix_only=True) == 4 * shape.layers * 101 * shape.row_bytes
    assert ours.bytes_at(100) - ours.bytes_at(100, prefix_only=True) == 4 * shape.row_bytes
