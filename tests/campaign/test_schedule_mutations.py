"""The campaign judges the tool's builds with the schedule guard: a scheduler fault must be caught,
and a weakened check must be killed.

* *a reorder injected into IREE's schedule* (:func:`.scheduler_faults.read_after_write`, applied
  to every build as a faulty ``iree-stream-schedule-concurrency`` would): stock builds compute
  wrong values, the guard finds the reorder in the tool's builds and repairs it, and the
  campaign counts programs where stock is wrong and the tool's build is right, with no failure;
* *the check's disjointness weakened* (every z3 answer taken as "disjoint", as the rule's
  ``unknown-is-disjoint`` mutation does): the guard lets IREE's real G1 reorders through, the
  tool's builds compute wrong values, and the campaign fails them (a reorder the check let
  through is never excused as IREE's).

Both compile in this process (``Oracle(in_process=True)``), so that the patch reaches the guard.
"""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import pytest

import stream_model.schedule.check as schedule_check
from stream_model.symbolic.proofs import DISJOINT
from tests.campaign.campaign import DEFAULT_SEED, profile_batches
from tests.campaign.oracle import FAILING, Oracle, VmfbCache, default_cache_dir
from tests.campaign.program import Program
from tests.campaign.scheduler_faults import read_after_write

pytestmark = pytest.mark.e2e
FAULTS = Path(__file__).resolve().parents[1] / "upstream_faults"


def _g1_programs() -> list[Program]:
    """The programs recorded because IREE moved a read after an in-place write (G1), on which
    plain iree-compile is wrong too (one per program)."""
    found: dict[str, Program] = {}
    paths = [*FAULTS.glob("iree-stream-schedule-concurrency-places-a-read-after-*/*.json")]
    paths.append(FAULTS / "minimal" / "read-moved-after-tied-write.json")
    for path in sorted(paths):
        record = json.loads(path.read_text())
        if "is wrong too" in record["plain_iree_compile"]:
            found.setdefault(json.dumps(record["program"], sort_keys=True), Program.from_json(record["program"]))
    return list(found.values())


def test_a_reorder_injected_into_irees_schedule_is_caught_and_repaired(tmp_path: Path) -> None:
    programs = [p for batch in profile_batches(DEFAULT_SEED, 2) for p in batch]
    with Oracle(
        tmp_path,
        VmfbCache(default_cache_dir()),
        record_faults=False,
        schedule_mutation=read_after_write,
        in_process=True,
    ) as oracle:
        result = oracle.judge(programs)
    stats = result.stats
    print(f"\n{stats.summary()}")
    assert [o for o in result.outcomes if o.status in FAILING] == []
    assert stats.schedule_repaired > 0
    assert stats.stock_wrong_tool_right > 0


def test_weakening_the_checks_disjointness_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    programs = _g1_programs()
    assert len(programs) >= 3
    cache = VmfbCache(tmp_path / "cache")
    with Oracle(tmp_path / "real", cache, record_faults=False, in_process=True) as oracle:
        real = oracle.judge(programs).outcomes
    assert [o.status for o in real if o.status in FAILING] == []

    original = schedule_check.prove_disjoint

    def everything_is_disjoint(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the patched signature
        return dataclasses.replace(original(*args, **kwargs), verdict=DISJOINT, counterexample=None)

    monkeypatch.setattr(schedule_check, "prove_disjoint", everything_is_disjoint)
    # A cache of its own: the tool's builds of the weakened check are other builds.
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True) as oracle:
        weakened = oracle.judge(programs).outcomes
    killed = [o for o in weakened if o.status in FAILING]
    print("\n".join(f"p{o.index}: {o.status}: {o.detail}" for o in killed))
    assert killed and all("the schedule check let through" in o.detail for o in killed)
