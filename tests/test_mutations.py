"""Weakening the safety rule on purpose must make the campaign fail.

A campaign that passes whatever the rule says proves nothing. Each test below patches one part
of the rule in ``stream_model`` (pytest's monkeypatch on module attributes; the modules are not
edited) and requires at least one program -- hand-picked (``tests/campaign/handpicked.py``) or
generated -- that runs correctly with the real rule to produce different bits on the IREE
runtime with the weakened one:

a. *ignoring tied chains*: only writes whose written value is the slice's source itself count;
b. *ignoring ordering*: every write "happens before" everything;
c. *treating a solver "may overlap"/"unknown" as disjoint*.

The rewritten modules are compiled from this process' (patched) rewrite, see
``Oracle(rewrite_in_worker=False)``. Known-issue masking is off (strict), and a detection only
counts for programs the unpatched rule gets right.
"""

from __future__ import annotations

import dataclasses
from pathlib import Path
from typing import Callable

import pytest

import stream_model.safety as safety
import stream_model.slice_query as slice_query
from stream_model.program import FunctionModel
from tests.campaign import handpicked
from tests.campaign.campaign import sample_batch
from tests.campaign.oracle import Oracle, ProgramOutcome, VmfbCache, default_cache_dir

pytestmark = pytest.mark.e2e

SAMPLE_SEED = 424242


def _ignore_tied_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    original = safety.writes_to_storage_of

    def only_direct_writes(model, fn, src, *args, **kwargs):
        return [(w, acc) for w, acc in original(model, fn, src, *args, **kwargs) if acc.value == src]

    monkeypatch.setattr(safety, "writes_to_storage_of", only_direct_writes)


def _ignore_ordering(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FunctionModel, "happens_before", lambda self, a, b: True)


def _unknown_is_disjoint(monkeypatch: pytest.MonkeyPatch) -> None:
    original = slice_query.prove_disjoint

    def optimistic(*args, **kwargs):
        proof = original(*args, **kwargs)
        if proof.verdict == "disjoint":
            return proof
        return dataclasses.replace(proof, verdict="disjoint", counterexample=None)

    monkeypatch.setattr(slice_query, "prove_disjoint", optimistic)


MUTATIONS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "ignore-tied-chains": _ignore_tied_chains,
    "ignore-ordering": _ignore_ordering,
    "unknown-is-disjoint": _unknown_is_disjoint,
}


def _programs() -> list:
    return list(handpicked.ALL) + sample_batch(SAMPLE_SEED)


@pytest.fixture(scope="module")
def programs() -> list:
    return _programs()


@pytest.fixture(scope="module")
def baseline(programs: list, tmp_path_factory: pytest.TempPathFactory) -> list[ProgramOutcome]:
    """The same programs with the real rule (strict: nothing masked)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
        with Oracle(tmp_path_factory.mktemp("baseline"), VmfbCache(default_cache_dir()), record_faults=False) as o:
            outcomes = o.judge(programs).outcomes
    return outcomes


def _runtime_mismatch(outcome: ProgramOutcome) -> bool:
    return outcome.status == "miscompile" and "step " in outcome.detail


def test_the_real_rule_gets_every_hand_picked_program_right(baseline: list[ProgramOutcome]) -> None:
    assert [o.status for o in baseline[: len(handpicked.ALL)]] == ["ok"] * len(handpicked.ALL)


@pytest.mark.parametrize("mutation", sorted(MUTATIONS))
def test_weakened_rule_is_detected_by_a_bit_mismatch(
    mutation: str, programs: list, baseline: list[ProgramOutcome], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    MUTATIONS[mutation](monkeypatch)
    with Oracle(tmp_path, VmfbCache(default_cache_dir()), record_faults=False, rewrite_in_worker=False) as o:
        mutated = o.judge(programs).outcomes
    detected = [
        i for i, (before, after) in enumerate(zip(baseline, mutated))
        if before.status == "ok" and _runtime_mismatch(after)
    ]
    n = len(handpicked.ALL)
    print(f"{mutation}: detected by hand-picked {[i for i in detected if i < n]}, "
          f"generated {[i - n for i in detected if i >= n]}")
    assert detected, f"weakening the rule ({mutation}) went unnoticed by {len(programs)} programs"


def test_a_detected_weakening_shrinks_to_a_small_program(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The shrinking procedure end to end (hypothesis over the batch, then the greedy pass over
    the failing program's description): with ordering ignored, the first failing generated
    batch reduces to a program of a few ops that still miscompiles."""
    from tests.campaign.campaign import run_campaign

    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    _ignore_ordering(monkeypatch)
    with Oracle(tmp_path, VmfbCache(default_cache_dir()), record_faults=False, rewrite_in_worker=False) as o:
        result = run_campaign(o, seed_value=99, max_batches=3, batch_size=8, stop_at_first=True,
                              save_regressions=False, shrink_seconds=30)
    assert result.findings, "ignoring ordering went unnoticed"
    (program,) = result.findings[0].batch
    print(f"\nshrunk to:\n{program.describe()}")
    assert len(program.ops) <= 4
    assert "miscompile" in result.findings[0].message
