"""The message registry (``stream_model.report.messages``): every reason class has a template,
and every place that gives a reason fills exactly the fields of the template it names."""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

from stream_model.errors import KeepCopy
from stream_model.report import messages
from stream_model.report.decisions import CODE_OF_VERDICT, ReasonCode, Verdict, WriteCheck
from stream_model.report.messages import MESSAGES, Message, unexcused_write

ROOT = Path(__file__).resolve().parents[2]
ENTRIES = {name: m for name, m in vars(messages).items() if isinstance(m, Message)}


@pytest.mark.parametrize("code", list(ReasonCode), ids=str)
def test_every_reason_code_has_a_template(code: ReasonCode) -> None:
    assert MESSAGES[code], f"{code}: no entry of the message registry gives this reason"


def test_the_registry_lists_every_entry_once() -> None:
    assert sorted(id(m) for ms in MESSAGES.values() for m in ms) == sorted(id(m) for m in ENTRIES.values())


def _uses() -> list[tuple[str, str, set[str] | None]]:
    """Every ``ENTRY.keep_copy(...)`` and ``ENTRY.text(...)`` in stream_model/ and rewriter/: the
    place, the entry, and the fields given by name (None where some come from ``**``)."""
    found = []
    for package in ("stream_model", "rewriter"):
        for path in sorted((ROOT / package).rglob("*.py")):
            for node in ast.walk(ast.parse(path.read_text())):
                if not (isinstance(node, ast.Call) and isinstance(node.func, ast.Attribute)):
                    continue
                if node.func.attr not in ("keep_copy", "text"):
                    continue
                target = node.func.value
                name = target.id if isinstance(target, ast.Name) else getattr(target, "attr", None)
                if name not in ENTRIES:
                    continue
                given = {k.arg for k in node.keywords if k.arg is not None}
                spread = any(k.arg is None for k in node.keywords) or bool(node.args)
                found.append((f"{path.relative_to(ROOT)}:{node.lineno}", name, None if spread else given))
    return found


USES = _uses()


def test_the_scan_finds_the_uses() -> None:
    assert len(USES) >= 20
    assert {name for _, name, _ in USES} >= {"UNREAD", "NESTED_LOOPS", "USED_BY_UNKNOWN_OP", "UNPROVEN_CLAIM"}


@pytest.mark.parametrize("where,name,given", USES, ids=[u[0] for u in USES])
def test_every_use_fills_exactly_the_templates_fields(where: str, name: str, given: set[str] | None) -> None:
    if given is None:
        pytest.skip("fields given with ** (checked where they are made: test_unexcused_writes_...)")
    assert given == set(ENTRIES[name].fields), f"{where}: {name} takes {sorted(ENTRIES[name].fields)}"


def test_a_field_too_many_or_too_few_is_refused() -> None:
    with pytest.raises(TypeError):
        messages.NESTED_LOOPS.text()
    with pytest.raises(TypeError):
        messages.UNREAD.text(loops="scf.for")


def test_a_message_keeps_the_copy_with_its_text_and_code() -> None:
    why = messages.NESTED_LOOPS.keep_copy(loops="scf.for %i, scf.for %j")
    assert isinstance(why, KeepCopy) and why.code is ReasonCode.UNSUPPORTED_CONTROL_FLOW
    assert str(why) == (
        "the slice is inside nested loops or a repeating region (scf.for %i, scf.for %j), "
        "which this model does not describe"
    )


@pytest.mark.parametrize("verdict", [Verdict.OVERLAP, Verdict.WRAPS, Verdict.UNKNOWN, Verdict.UNKNOWN_RANGE])
@pytest.mark.parametrize("write_range", [["%o", "%e"], None])
def test_unexcused_writes_fill_their_template_and_take_their_verdicts_code(
    verdict: Verdict, write_range: list[str] | None
) -> None:
    check = WriteCheck(
        "stream.async.update %u", "f.mlir:3:5", write_range, verdict, detail="why", counterexample={"x": 1}
    )
    message, fields = unexcused_write(check, ["%a", "%b"])
    assert set(fields) == message.fields and message.code is CODE_OF_VERDICT[verdict]
    assert message.text(**fields).startswith(("stream.async.update %u", "could not prove stream.async.update %u"))
