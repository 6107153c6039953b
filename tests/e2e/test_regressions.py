"""Failures the soundness campaign found, replayed: each file in ``tests/regressions/`` is one.

How a failure gets here (the shrinking procedure):

1. the campaign (``make test`` or ``make fuzz``) finds a batch where the rewritten program
   differs from the interpreter while stock IREE agrees (or where the rewritten module does not
   compile, or an alias lacks a proof);
2. it re-judges the batch one program per module to find the culprit, then hypothesis shrinks
   the batch over its *description* (``tests/campaign/program.py``): empty program slots first,
   then fewer ops, constant ranges, smaller sizes; each attempt recompiles only the programs that
   changed (``Oracle.run_per_program`` memoizes the rest);
3. the minimal program is saved here as ``campaign-<hash>.json`` with ``"status": "open"``;
   a person then names it, writes down which rule it breaks (``"rule"``) and, while the fix is
   pending, adds a narrow predicate to ``tests/campaign/known.py`` so the campaign reports it
   as known instead of failing on it again.

Status ``open``: the program must still fail (an expected failure); when it starts passing the
test fails, saying so -- set ``"status": "fixed"`` and delete the entry in ``known.py``.
Status ``fixed``: the program must pass, bit-identical to the interpreter, for good; or, where
the record says ``"expect": "refused"``, the tool must refuse it with the hazard named (IREE
faults no repair is known for).

A case is judged where it was found: ``"entry": "splice"`` (every case found before the
campaign entered through IREE's pre-splice stages; the default) or ``"flow"``.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.campaign.known import KNOWN_ISSUES
from tests.campaign.oracle import FAILING, FAULTS_DIR, REGRESSIONS_DIR, Oracle, VmfbCache, default_cache_dir
from tests.campaign.program import Program, check

CASES = sorted(REGRESSIONS_DIR.glob("*.json"))


@pytest.fixture(scope="module")
def oracles(tmp_path_factory: pytest.TempPathFactory):
    """An oracle per entry (``flow``: as the campaign judges now; ``splice``: as generated;
    ``scheduled``: through IREE's stages, the hook after scheduling)."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")  # a regression is judged on its own merits
        cache = VmfbCache(default_cache_dir())
        with (
            Oracle(tmp_path_factory.mktemp("flow"), cache, record_faults=False) as flow,
            Oracle(tmp_path_factory.mktemp("splice"), cache, record_faults=False, at_splice=True) as splice,
            Oracle(tmp_path_factory.mktemp("scheduled"), cache, record_faults=False, scheduled=True) as scheduled,
        ):
            yield {oracle.regression_entry: oracle for oracle in (flow, splice, scheduled)}


@pytest.mark.e2e
@pytest.mark.parametrize("path", CASES, ids=[p.stem for p in CASES])
def test_regression(path: Path, oracles: dict[str, Oracle], monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    record = json.loads(path.read_text())
    program = Program.from_json(record["program"])
    check(program)
    (outcome,) = oracles[record.get("entry", "splice")].judge_per_program([program]).outcomes
    if record["status"] == "open":
        assert outcome.status in FAILING, (
            f'{path.name} passes now: the issue looks fixed. Set "status": "fixed" and remove its '
            f"entry from tests/campaign/known.py.\n{program.describe()}"
        )
        pytest.xfail(f"open: {record['failure'][:200]}")
    expected = record.get("expect", "ok")  # ("refused": the tool refuses, naming the hazard)
    assert outcome.status == expected, (
        f"{path.name} regressed: {outcome.status}: {outcome.detail}\n{program.describe()}"
    )


def test_every_known_issue_has_its_regression_case() -> None:
    names = {p.name for p in CASES}
    for issue in KNOWN_ISSUES:
        assert issue.regression in names, f"known issue {issue.id} has no tests/regressions/{issue.regression}"
        record = json.loads((REGRESSIONS_DIR / issue.regression).read_text())
        assert record["status"] == "open", f"{issue.regression} is fixed: delete the known issue {issue.id}"


def test_recorded_upstream_faults_are_valid_programs() -> None:
    """Upstream faults are only worth keeping if they are valid programs (no compile here)."""
    for path in sorted(FAULTS_DIR.glob("*/*.json")):
        record = json.loads(path.read_text())
        check(Program.from_json(record["program"]))
        assert record["stock_vs_interpreter"], path


def test_every_recorded_upstream_fault_carries_plain_iree_compiles_verdict() -> None:
    """Whether a fault is IREE's own or shows only where the campaign enters IREE."""
    for path in sorted(FAULTS_DIR.glob("*/*.json")):
        record = json.loads(path.read_text())
        assert record.get("plain_iree_compile", "").startswith("plain iree-compile"), path
        assert record.get("entry") in ("flow", "splice"), path
