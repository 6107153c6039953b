"""The scan that spares a module with nothing to decide the analysis: where it finds no work,
the full analysis decides no copy and repairs no global (checked on every module of the IR
cases and the test data at the splice, and on hand-written shapes at its edges)."""

from __future__ import annotations

from pathlib import Path

import pytest
from iree.compiler import ir

from rewriter.rewrite import elide
from stream_model import SliceElisionError
from stream_model.ir.util import modules_with_functions
from stream_model.model.loader import split_input
from stream_model.semantics.scan import rewrite_has_work

ROOT = Path(__file__).resolve().parents[2]


def _modules() -> list[tuple[str, str]]:
    found = []
    for folder in ("tests/ir", "tests/data"):
        for path in sorted((ROOT / folder).rglob("*.mlir")):
            for i, chunk in enumerate(split_input(path.read_text(errors="replace"))):
                found.append((f"{path.relative_to(ROOT)}#{i}", chunk))
    return found


def _full(module: ir.Module) -> tuple[list[object], list[object]]:
    """The analysis itself, past the scan: every scope's decisions and diagnostics."""
    options = elide._options(None, None, None)
    reports = [elide._elide_slices(scope, False, options, None, None) for scope in modules_with_functions(module)]
    return [d for r in reports for d in r.decisions], [d for r in reports for d in r.diagnostics]


def _parse(text: str) -> ir.Module | None:
    context = ir.Context()
    context.allow_unregistered_dialects = True
    try:
        return ir.Module.parse(text, context)
    except ir.MLIRError:
        return None


def test_where_the_scan_finds_no_work_the_analysis_finds_none() -> None:
    checked = 0
    for name, text in _modules():
        module = _parse(text)
        if module is None or rewrite_has_work(module):
            continue
        try:
            decisions, diagnostics = _full(module)
        except SliceElisionError:
            continue  # (IR at another phase: both paths refuse it)
        assert (decisions, diagnostics) == ([], []), name
        checked += 1
    assert checked >= 5  # (the corpus holds modules with nothing to do)


@pytest.mark.parametrize(
    ("body", "work"),
    [
        ("%c = stream.async.splat %x : i32 -> !stream.resource<*>{%n}", False),
        ("%c = stream.async.slice %r[%z to %n] : !stream.resource<*>{%n} -> !stream.resource<*>{%n}", True),
        ("util.global.store %r, @g : !stream.resource<*>", True),
        ("%c = stream.async.transfer %r : !stream.resource<*>{%n} -> !stream.resource<*>{%n}", True),
        ("%c = stream.async.transfer %r : !stream.resource<*>{%n} -> !stream.resource<staging>{%n}", False),
    ],
    ids=["splat", "slice", "store", "transfer", "transfer-to-staging"],
)
def test_the_scan_sees_copies_and_stores(body: str, work: bool) -> None:
    module = _parse(
        "util.global private mutable @g : !stream.resource<*>\n"
        "util.func @f(%r: !stream.resource<*>, %n: index, %x: i32) {\n"
        f"  %z = arith.constant 0 : index\n  {body}\n  util.return\n}}\n"
    )
    assert module is not None and rewrite_has_work(module) is work


def test_stores_into_immutable_globals_alone_give_no_work() -> None:
    """Globals nothing writes may share a buffer (no repair reports them): an initializer
    storing constants into immutable globals, as IREE hoists them, gives the rewrite nothing."""
    text = (
        "util.global private @a : !stream.resource<constant>\n"
        "util.global private @b : !stream.resource<constant>\n"
        "util.initializer {\n"
        "  %n = arith.constant 16 : index\n  %x = arith.constant 7 : i32\n"
        "  %c = stream.async.splat %x : i32 -> !stream.resource<constant>{%n}\n"
        "  util.global.store %c, @a : !stream.resource<constant>\n"
        "  util.global.store %c, @b : !stream.resource<constant>\n"
        "  util.return\n}\n"
    )
    module = _parse(text)
    assert module is not None and not rewrite_has_work(module)
    assert _full(module) == ([], [])
    mutable = _parse(text.replace("util.global private @b", "util.global private mutable @b"))
    assert mutable is not None and rewrite_has_work(mutable)
    assert _full(mutable)[1] != []  # (the full analysis reports the two sharing)
