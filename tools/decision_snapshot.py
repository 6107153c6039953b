"""Every decision the rule makes on the project's corpus, as stable JSON: a refactor's check.

A change that must not change behaviour (a refactor of ``stream_model``) leaves this snapshot
byte-identical. It records, per module of the corpus, the log records ``elide_slices`` writes
at the splice with ``apply=False`` (each decision's ``to_json()`` and each diagnostic), the
error a module is refused with, and a digest of the module ``elide_slices`` rewrites it to
(``apply=True``), so that the rewriter's reading of the model is covered too.

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

from iree.compiler import ir  # noqa: E402

from rewriter.rewrite import elide_slices  # noqa: E402
from stream_model import SliceElisionError  # noqa: E402
from stream_model.loader import split_input  # noqa: E402

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
    try:
        report = elide_slices(module, apply=apply)
    except SliceElisionError as err:
        return None, f"{type(err).__name__}: {err}"
    if apply:
        return hashlib.sha256(str(module).encode()).hexdigest(), None
    return report.log_records() + [{"unproven_claims": report.unproven_claims}], None


def snapshot(campaign: bool = True) -> dict[str, Any]:
    out: dict[str, Any] = {}
    for name, text in corpus(campaign):
        records, error = _run(text, apply=False)
        digest, apply_error = _run(text, apply=True) if error is None else (None, None)
        out[name] = {"records": records, "error": error, "rewritten": digest, "apply_error": apply_error}
    return out


def main(argv: list[str]) -> int:
    if not argv:
        print(__doc__.strip().splitlines()[-1], file=sys.stderr)
        return 2
    started = time.monotonic()
    snap = snapshot(campaign="--no-campaign" not in argv)
    Path(argv[0]).write_text(json.dumps(snap, indent=1, sort_keys=True, default=str) + "\n")
    decisions = sum(
        1 for v in snap.values() for r in (v["records"] or []) if isinstance(r, dict) and "decision" in r
    )
    print(f"{len(snap)} modules, {decisions} decisions, {time.monotonic() - started:.0f} s", file=sys.stderr)
    return 0


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
