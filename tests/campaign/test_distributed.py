"""The campaign's rounds on workers (:mod:`tests.campaign.distributed`): a local Dask cluster of
two workers judges a short campaign, and each round is what its seed alone makes it."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.campaign.distributed import Round, local_cluster, merged, run_round, run_rounds

pytestmark = pytest.mark.e2e

SEED = 20261205
#: Small rounds: two examples of two programs each (the first, hypothesis's smallest, is empty:
#: one module of each build per round).
TEMPLATE = Round(SEED, batches=2, batch_size=2, shrink=False, save=False)


@pytest.fixture(scope="module")
def cluster():  # type: ignore[no-untyped-def]
    with local_cluster(workers=2) as running:
        yield running


def test_a_short_campaign_runs_on_a_local_cluster(cluster, tmp_path: Path) -> None:  # type: ignore[no-untyped-def]
    database = tmp_path / "examples"
    template = Round(SEED, 2, 2, False, False, TEMPLATE.regressions_dir, str(database))
    outcomes = run_rounds(SEED, rounds=2, scheduler=cluster.scheduler_address, template=template)
    assert [o.seed for o in outcomes] == [SEED, SEED + 1]
    assert all(o.findings == [] for o in outcomes)
    total = merged(outcomes)
    assert total.batches >= 1 and total.programs == sum(o.stats.programs for o in outcomes) > 0


def test_a_round_is_what_its_seed_makes_it(cluster) -> None:  # type: ignore[no-untyped-def]
    """Whoever judges a round, its seed decides its programs: a cluster's round and this
    process's draw the same shapes."""
    (remote,) = run_rounds(SEED + 7, rounds=1, scheduler=cluster.scheduler_address, template=TEMPLATE)
    here = run_round(Round(SEED + 7, 2, 2, False, False))
    assert remote.stats.shapes == here.stats.shapes and remote.stats.programs == here.stats.programs
