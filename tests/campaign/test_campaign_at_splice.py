"""Generated programs entering at the splice, as a compiler-tooling user hands them to
``rewrite``, ``explain`` or ``compile_stream_async``.

The campaign enters most programs through IREE's pre-splice stages, which inline getters and
setters, merge equal producers and forward a global's reload after its store before the hook
ever sees them. At the splice none of that has happened, and IREE 3.13's own later stages
misread a global loaded after its store (``rewriter.repair.reloads``) and merge what the model must
then keep apart; and a buffer the host passes back is the global's own buffer only there
(through IREE's stages the host gets a copy). One batch of the ``globals`` profile and one of
the ``calls`` profile (imports of a global's buffer), judged there, reach those rules with
generated programs: the tool's build must compute the interpreter's values, or the tool must
refuse with the reason (a load after a loop that stores its global).
"""

from __future__ import annotations

import pytest
from iree.compiler import ir

from rewriter.repair.reloads import find_reloads
from stream_model.ir.naming import Names
from tests.campaign.campaign import profile_batches
from tests.campaign.oracle import FAILING, Oracle, VmfbCache, default_cache_dir
from tests.campaign.program import Import, Program
from tests.campaign.render import render_module

pytestmark = pytest.mark.e2e

#: Per profile, the seed and the batch judged. ``globals``: 14 programs, 10 loads of a global
#: after its store in their block, globals sharing a buffer, a branch choosing between two
#: globals. ``calls``: 16 programs, 4 importing a global's buffer the host passes back.
BATCHES = {"globals": (7, 4), "calls": (2, 0)}


def _batch(profile: str) -> list[Program]:
    seed, k = BATCHES[profile]
    return profile_batches(seed, k + 1, profile)[k]


def test_the_globals_batch_reloads_globals_after_their_stores() -> None:
    """What makes the batch worth judging at the splice: loads the guard must forward."""
    text = render_module(_batch("globals")).text
    with ir.Context():
        module = ir.Module.parse(text)
        assert len(find_reloads(module, Names(module, text))) >= 5


def test_the_calls_batch_imports_globals_buffers() -> None:
    """And: buffers the host passes back, which at the splice are the globals' own."""
    assert sum(isinstance(op, Import) for program in _batch("calls") for op in program.ops) >= 3


@pytest.mark.parametrize("profile", sorted(BATCHES))
def test_a_profile_at_the_splice_computes_right_or_is_refused(
    profile: str, tmp_path_factory: pytest.TempPathFactory
) -> None:
    batch = _batch(profile)
    with Oracle(tmp_path_factory.mktemp("splice"), VmfbCache(default_cache_dir()), at_splice=True) as oracle:
        result = oracle.judge(batch)
    failing = [(o, p) for o, p in zip(result.outcomes, batch, strict=True) if o.status in FAILING]
    assert not failing, "\n\n".join(f"{o.status}: {o.detail}\n{p.describe()}" for o, p in failing)
    refused = [o.detail for o in result.outcomes if o.status == "refused"]
    assert all("may read" in detail for detail in refused), refused
    if profile == "globals":
        assert result.stats.stock_wrong_tool_right >= 1
