"""The soundness campaign with the hook after scheduling (``Oracle(scheduled=True)``).

The default profile's programs are scheduled first (``iree-stream-schedule-execution`` and
``-concurrency``), the rewrite runs on the execution and concurrent regions, and both builds
continue from there: aliases inside regions, rerouted captures and timepoints, judged on the
runtime and by the audit like the splice-point ones (``test_campaign.py``). A file of its own so
that ``make test`` runs it beside the splice-point campaign.
"""

from __future__ import annotations

import time

import pytest

from tests.campaign.campaign import BATCH_SIZE, DEFAULT_BATCHES, DEFAULT_SEED, run_campaign
from tests.campaign.oracle import Oracle, VmfbCache, default_cache_dir


@pytest.fixture(scope="module")
def scheduled_oracle(tmp_path_factory: pytest.TempPathFactory):
    """The hook after scheduling: programs are scheduled first, the rewrite runs on the
    execution and concurrent regions, both builds continue from there."""
    with Oracle(
        tmp_path_factory.mktemp("campaign-scheduled"),
        VmfbCache(default_cache_dir()),
        record_faults=False,
        scheduled=True,
    ) as o:
        yield o


@pytest.mark.e2e
def test_campaign_after_scheduling(scheduled_oracle: Oracle, capsys: pytest.CaptureFixture[str]) -> None:
    """The default profile's programs with the rewrite applied to scheduled IR (after
    iree-stream-schedule-concurrency): aliases inside execution and concurrent regions, judged
    on the runtime and by the audit like the splice-point ones. Its first runs found two IREE
    3.13 limits the rewrite now respects (tests/ir/scheduled.mlir: an offset subview out of a
    concurrent region, offsets folded inside a region) and a rewrite depending on use-list order."""
    started = time.monotonic()
    result = run_campaign(
        scheduled_oracle,
        seed_value=DEFAULT_SEED,
        max_batches=DEFAULT_BATCHES,
        batch_size=BATCH_SIZE,
        stop_at_first=True,
        shrink_seconds=60,
        save_regressions=False,
    )
    with capsys.disabled():
        print(f"\ncampaign (after scheduling, {time.monotonic() - started:.0f} s):\n{result.stats.summary()}")
    assert not result.findings, "\n\n".join(f"{f.kind}:\n{f.message}" for f in result.findings)
    assert result.stats.programs >= 100
    assert result.stats.aliased >= 10, "the scheduled campaign must exercise aliases, not only kept copies"
