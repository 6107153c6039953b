"""Ordering by SSA def-use chains: the two ways :meth:`FunctionModel.happens_before` answers.

Near pairs are answered by a local backward search, far ones (or ones whose ancestors are
already known) by memoised ancestor bitsets. Both must give the same answer for every pair of
ops, or a decision would depend on which path a query happened to take.
"""

from __future__ import annotations

import pytest
from iree.compiler import ir

import stream_model.model.program as program
from benchmarks.ir_cases import cases, wrap
from stream_model.model.program import ModuleModel

CASES = cases()


@pytest.mark.parametrize("name,kind,chunk", CASES, ids=[c[0] for c in CASES])
def test_local_search_agrees_with_ancestor_sets(name: str, kind: str, chunk: str) -> None:
    with ir.Context() as ctx:
        ctx.allow_unregistered_dialects = False
        model = ModuleModel(ir.Module.parse(wrap(chunk)))
        for fn in model.functions:
            for b in fn.ops:
                for a in fn.ops:
                    if fn.runs_with(a) != fn.runs_with(b) or a.has_regions or b.has_regions or a.index >= b.index:
                        continue
                    local = fn._reaches(a, b)  # noqa: SLF001 - the two strategies, side by side
                    memo = bool(fn._ancestor_bits(b) >> a.index & 1)  # noqa: SLF001
                    assert local == memo, f"{name}: {model.names.describe(a.op)} before {model.names.describe(b.op)}"


def test_far_pairs_use_the_memoised_ancestors(monkeypatch: pytest.MonkeyPatch) -> None:
    """With no local window every query goes through the ancestor sets, and the IR cases'
    decisions do not change (the decisions themselves are the IR tests' business)."""
    from rewriter.rewrite.elide import elide_slices

    def decisions() -> list[tuple[str, str]]:
        out = []
        for _, _, chunk in CASES:
            with ir.Context():
                report = elide_slices(ir.Module.parse(wrap(chunk)), apply=False)
            out += [(d.result, d.decision) for d in report.decisions]
        return out

    local = decisions()
    monkeypatch.setattr(program, "LOCAL_SEARCH_OPS", -1)
    assert decisions() == local
