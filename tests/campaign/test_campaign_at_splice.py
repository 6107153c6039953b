"""Generated programs entering at the splice, as a compiler-tooling user hands them to
``rewrite``, ``explain`` or ``compile_stream_async``.

The campaign enters most programs through IREE's pre-splice stages, which inline getters and
setters, merge equal producers and forward a global's reload after its store before the hook
ever sees them. At the splice none of that has happened, and IREE 3.13's own later stages
misread a global loaded after its store (``rewriter.reloads``) and merge what the model must
then keep apart. One batch of the ``globals`` profile, judged there, reaches those rules with
generated programs: the tool's build must compute the interpreter's values, or the tool must
refuse with the reason (a load after a loop that stores its global).
"""

from __future__ import annotations

import pytest
from iree.compiler import ir

from rewriter.reloads import find_reloads
from stream_model.ir.naming import Names
from tests.campaign.campaign import profile_batches
from tests.campaign.oracle import FAILING, Oracle, VmfbCache, default_cache_dir
from tests.campaign.program import Program
from tests.campaign.render import render_module

pytestmark = pytest.mark.e2e

#: The ``globals`` profile's seed and the batch judged: 14 programs, 10 loads of a global after
#: its store in their block, globals sharing a buffer, a branch choosing between two globals.
SEED, BATCH = 7, 4


@pytest.fixture(scope="module")
def batch() -> list[Program]:
    return profile_batches(SEED, BATCH + 1, "globals")[BATCH]


def test_the_batch_reloads_globals_after_their_stores(batch: list[Program]) -> None:
    """What makes the batch worth judging at the splice: loads the guard must forward."""
    text = render_module(batch).text
    with ir.Context():
        module = ir.Module.parse(text)
        assert len(find_reloads(module, Names(module, text))) >= 5


def test_the_globals_profile_at_the_splice_computes_right_or_is_refused(
    batch: list[Program], tmp_path_factory: pytest.TempPathFactory
) -> None:
    with Oracle(tmp_path_factory.mktemp("splice"), VmfbCache(default_cache_dir()), at_splice=True) as oracle:
        result = oracle.judge(batch)
    failing = [(o, p) for o, p in zip(result.outcomes, batch, strict=True) if o.status in FAILING]
    assert not failing, "\n\n".join(f"{o.status}: {o.detail}\n{p.describe()}" for o, p in failing)
    refused = [o.detail for o in result.outcomes if o.status == "refused"]
    assert all("may read" in detail for detail in refused), refused
    assert result.stats.stock_wrong_tool_right >= 1
