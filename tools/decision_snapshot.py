"""Every decision the rule makes on the project's corpus, as stable JSON: a refactor's check.

A change that must not change behaviour (a refactor of ``stream_model``) leaves this snapshot
byte-identical. It records, per module of the corpus, the log records ``elide_slices`` writes
at the splice with ``apply=False`` (each decision's ``to_json()`` and each diagnostic), the
error a module is refused with, and a digest of the module ``elide_slices`` rewrites it to
(``apply=True``), so that the rewriter's reading of the model is covered too. Each module at
the splice is also scheduled by IREE's two scheduling passes (in process, no compile): the
same records for the scheduled module (execution and concurrent regions), and the schedule
check's records on it.

The corpus:

* each ``// -----`` chunk of ``tests/ir/*.mlir``;
* ``tests/regressions/soundness/*.mlir`` and every ``case.mlir`` under
  ``/work/shared/soundness-findings*/`` (when that folder exists);
* the modules under ``tests/data/`` (split at ``// -----``) that are stream-async IR (others
  are refused with ``WrongPhaseError`` and recorded as such);
* the default campaign profile's programs (``tests/campaign``: ``profile_batches`` with the
  default seed), each batch rendered as one module at the splice, and each program alone;
  the campaign's saved regressions (``tests/regressions/*.json``) rendered at the splice.

Usage: ``python tools/decision_snapshot.py OUT.json`` then ``diff`` two snapshots.
"""

from __future__ import annotations

import hashlib
import json
import sys
import time
from collections.abc import Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from iree.compiler import ir, passmanager  # noqa: E402

from rewriter.rewrite.elide import elide_slices  # noqa: E402
from stream_model import SliceElisionError  # noqa: E402
from stream_model.model.loader import split_input  # noqa: E402
from stream_model.schedule.check import check_schedule  # noqa: E402
from stream_model.semantics.phase import Phase, classify_phase  # noqa: E402
from tests.campaign.entry import SCHEDULING  # noqa: E402

FINDINGS = Path("/work/shared")


def corpus(campaign: bool = True) -> Iterator[tuple[str, str]]:
    """``(name, module text)`` for every module of the corpus, in a fixed order."""
    for path in sorted((ROOT / "tests" / "ir").glob("*.mlir")):
        for i, chunk in enumerate(path.read_text().split("// -----")):
            yield f"ir/{path.stem}#{i}", chunk
    for path in sorted((ROOT / "tests" / "regressions" / "soundness").glob("*.mlir")):
        yield f"regressions/{path.name}", path.read_text()
    for path in sorted(FINDINGS.glob("soundness-findings*/**/case.mlir")):
        yield f"findings/{path.relative_to(FINDINGS)}", path.read_text()
    for path in sorted((ROOT / "tests" / "data").rglob("*.mlir")):
        for i, chunk in enumerate(split_input(path.read_text())):
            yield f"data/{path.relative_to(ROOT / 'tests' / 'data')}#{i}", chunk
    if campaign:
        from tests.campaign.campaign import DEFAULT_BATCHES, DEFAULT_SEED, profile_batches
        from tests.campaign.program import Program
        from tests.campaign.render import render_module

        for path in sorted((ROOT / "tests" / "regressions").glob("*.json")):
            program = Program.from_json(json.loads(path.read_text())["program"])
            yield f"campaign/regressions/{path.stem}", render_module([program]).text

        for b, batch in enumerate(profile_batches(DEFAULT_SEED, DEFAULT_BATCHES)):
            yield f"campaign/default/batch{b}", render_module(batch).text
            for p, program in enumerate(batch):
                yield f"campaign/default/batch{b}/p{p}", render_module([program], first=p).text


def _run(text: str, apply: bool) -> tuple[Any, str | None]:
    ctx = ir.Context()
    try:
        module = ir.Module.parse(text, ctx)
    except Exception as err:  # noqa: BLE001 - a chunk that is not a module (a comment-only one)
        return None, f"parse: {str(err).splitlines()[0] if str(err) else type(err).__name__}"
    return _analyse(module, apply)


def _analyse(module: ir.Module, apply: bool) -> tuple[Any, str | None]:
    try:
        report = elide_slices(module, apply=apply)
    except SliceElisionError as err:
        return None, f"{type(err).__name__}: {err}"
    if apply:
        return hashlib.sha256(str(module).encode()).hexdigest(), None
    return report.log_records() + [{"unproven_claims": report.unproven_claims}], None


def _scheduled(text: str) -> dict[str, Any] | None:
    """A splice-phase module after IREE's two scheduling passes (in process): the rule's
    decisions on it, the digest of its rewrite, and the schedule check's records."""
    ctx = ir.Context()
    try:
        module = ir.Module.parse(text, ctx)
    except Exception:  # noqa: BLE001 - recorded by the splice entry already
        return None
    if classify_phase(module).phase is not Phase.SPLICE:
        return None
    try:
        with ctx:
            passmanager.PassManager.parse(SCHEDULING).run(module.operation)
    except ir.MLIRError as err:
        return {"schedule_error": str(err).splitlines()[0]}
    scheduled = str(module)
    out: dict[str, Any] = {"check": check_schedule(module).log_records()}
    out["records"], out["error"] = _run(scheduled, apply=False)
    if out["error"] is None:
        out["rewritten"], out["apply_error"] = _run(scheduled, apply=True)
    return out


def snapshot(campaign: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, text in corpus(campaign):
        records, error = _run(text, apply=False)
        digest, apply_error = _run(text, apply=True) if error is None else (None, None)
        out[name] = {"records": records, "error": error, "rewritten": digest, "apply_error": apply_error}
        out[name]["scheduled"] = _scheduled(text)
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    started = time.monotonic()
    snap = snapshot(campaign="--no-campaign" not in argv)
    Path(argv[0]).write_text(json.dumps(snap, indent=1, sort_keys=True, default=str) + "\n")
    entries = [*snap.values(), *(v["scheduled"] for v in snap.values() if v["scheduled"])]
    decisions = sum(1 for v in entries for r in (v.get("records") or []) if "decision" in r)
    checks = sum(len(v.get("check", [])) for v in entries)
    print(
        f"{len(snap)} modules, {decisions} decisions, {checks} schedule checks, {time.monotonic() - started:.0f} s",
        file=sys.stderr,
    )
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
