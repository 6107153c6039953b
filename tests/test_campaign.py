"""The soundness campaign: generated stream-async programs must mean the same with the rewrite.

A wrong alias is a miscompile. These tests generate programs (``tests/campaign``), compile each
batch with IREE with and without ``elide_slices`` as the hook, run both on the IREE runtime for
several steps, and require the rewritten program to be bit-identical to a numpy interpreter of
the program's value semantics (stock IREE disagreeing is recorded as an upstream fault instead).

* ``make test``: the deterministic profile (fixed seed, 100+ programs);
* ``make fuzz`` (``python -m tests.campaign --seconds N``, or this file with
  ``--campaign-profile=long``): fresh seeds until the time budget is spent, with a summary.
"""

from __future__ import annotations

import time

import pytest
from hypothesis import HealthCheck, given, settings
from iree.compiler import ir

from rewriter.rewrite import RewriteError, elide_slices
from tests.campaign.campaign import BATCH_SIZE, DEFAULT_BATCHES, DEFAULT_SEED, run_campaign
from tests.campaign.interp import interpret
from tests.campaign.known import known_issue
from tests.campaign.oracle import Oracle, VmfbCache, default_cache_dir, proof_problems
from tests.campaign.program import (
    STEPS, GlobalDecl, Iota, Lin, Load, Mix, Program, Range, Scale, Slice, Sum, Update, check,
)
from tests.campaign.render import render_module
from tests.campaign.strategies import batches

R = lambda a, n: Range(Lin(a), Lin(n))  # noqa: E731 - constant element range [a, a + n)


@pytest.fixture(scope="module")
def oracle(tmp_path_factory: pytest.TempPathFactory):
    with Oracle(tmp_path_factory.mktemp("campaign"), VmfbCache(default_cache_dir())) as o:
        yield o


@settings(max_examples=40, deadline=None, database=None, derandomize=True,
          suppress_health_check=list(HealthCheck))
@given(batches(size=4))
def test_every_generated_program_is_valid_and_every_alias_has_a_proof(batch: list[Program]) -> None:
    """No compiles: each program obeys the description's rules, the module verifies, the
    interpreter runs it, and the rewrite of the module verifies with a proof per alias."""
    for program in batch:
        check(program)
        assert len(interpret(program, 0)) == len(STEPS)
    ctx = ir.Context()
    module = ir.Module.parse(render_module(batch).text, ctx)
    assert module.operation.verify()
    try:
        report = elide_slices(module)
    except RewriteError:
        # Pin the failure on a program; a known open issue (tests/campaign/known.py) is reported
        # by the campaign, anything else fails here.
        for program in batch:
            try:
                elide_slices(ir.Module.parse(render_module([program]).text, ir.Context()))
            except RewriteError as err:
                assert known_issue(program, str(err), []) is not None, (
                    f"the rewrite fails on a valid program: {err}\n{program.describe()}")
        return
    assert module.operation.verify()
    assert proof_problems(report) == []


@pytest.mark.e2e
def test_the_executables_mean_what_the_interpreter_says(oracle: Oracle) -> None:
    """The reference is only as good as its model of the shipped executables: a program that
    uses each entry point (and no slice) must run exactly as interpreted on stock IREE."""
    program = Program(
        (GlobalDecl("g0", 6),),
        (Load(0, "g0"), Iota(1, Lin(5, 1), 1234), Scale(2, 0, Range(Lin(1), Lin(2, 1))),
         Sum(3, 1, Range(Lin(0, 1), Lin(4))), Mix(4, 1, R(0, 3), 2, Lin(3))),
    )
    judged = oracle.run([program])
    assert [o.status for o in judged.outcomes] == ["ok"]


@pytest.mark.e2e
def test_a_disjoint_symbolic_slice_is_aliased_and_runs_bit_identical(oracle: Oracle) -> None:
    """The campaign sees an alias when there is one: the seed's pattern (a prefix slice of a
    global, a row update right after it, the slice read after the update)."""
    program = Program(
        (GlobalDecl("g0", 12),),
        (Load(0, "g0"), Slice(1, 0, Range(Lin(0), Lin(1, 1))), Iota(2, Lin(1), 55),
         Update(3, 2, 0, Lin(1, 1)), Sum(4, 1, Range(Lin(0), Lin(1, 1)))),
    )
    judged = oracle.run([program])
    assert [o.status for o in judged.outcomes] == ["ok"]
    (decision,) = [d for d in judged.report.decisions if d.decision == "alias"]
    assert [c.verdict for c in decision.checks] == ["disjoint"]


@pytest.mark.e2e
def test_campaign(oracle: Oracle, request: pytest.FixtureRequest, capsys: pytest.CaptureFixture[str]) -> None:
    profile = request.config.getoption("--campaign-profile")
    started = time.monotonic()
    if profile == "long":
        seed = request.config.getoption("--campaign-seed") or int(time.time()) % 1_000_000_000
        result = run_campaign(oracle, seed_value=seed, seconds=request.config.getoption("--campaign-seconds"),
                              batch_size=BATCH_SIZE)
    else:
        result = run_campaign(oracle, seed_value=DEFAULT_SEED, max_batches=DEFAULT_BATCHES, batch_size=BATCH_SIZE)
    with capsys.disabled():
        print(f"\ncampaign ({profile} profile, {time.monotonic() - started:.0f} s):\n{result.stats.summary()}")
    assert not result.findings, "\n\n".join(
        f"{f.kind}" + (f" (saved as {f.saved})" if f.saved else "") + f":\n{f.message}" for f in result.findings
    )
    if profile == "default":
        assert result.stats.programs >= 100
        assert result.stats.aliased >= 50, "the campaign must exercise aliases, not only kept copies"
