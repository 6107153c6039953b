"""Known open failures: reported by the campaign, not counted as new failures.

Why this exists: the campaign found failures of the rewrite that the rule's owner has to fix
(``stream_model/``, not this campaign's files). Until then every run would rediscover them and
``make test`` could not be green, which would hide *new* failures behind known ones. Each known
issue has a minimal regression case under ``tests/regressions/`` (strict xfail in
``tests/e2e/test_regressions.py``: it starts failing the suite the moment the issue is fixed, which is
the signal to delete the entry here) and a predicate that recognises the issue's *shape* in a
generated program. The predicates are deliberately narrow -- a program must have the shape AND
fail the way the issue fails -- and masked programs are counted and printed in every summary.

``SLICE_ELISION_CAMPAIGN_STRICT=1`` (or ``python -m tests.campaign --strict``) masks nothing.
"""

from __future__ import annotations

import os
from collections.abc import Callable
from dataclasses import dataclass

from .program import Call, For, GLoad, Program, Slice


@dataclass(frozen=True)
class KnownIssue:
    id: str
    summary: str
    regression: str  # file under tests/regressions/
    matches: Callable[[Program, str, list], bool]  # (program, failure detail, decisions)


# Building blocks for predicates (the open issues below use some; fixed ones used the others).


def _wrong_values(detail: str) -> bool:
    return "expected" in detail and "runtime error" not in detail


def _alias_of_a_value_written_later(program: Program, decisions: list) -> bool:
    """An aliased top-level slice whose source value is consumed by a later in-place op."""
    aliased = {d.result.lstrip("%") for d in decisions if d.decision == "alias" and "_c" not in d.function}
    consumed_later = set()
    for i, op in enumerate(program.ops):
        if isinstance(op, Slice) and f"v{op.out}" in aliased:
            if any(later.consumed() == op.src for later in program.ops[i + 1 :]):
                consumed_later.add(op.out)
    return bool(consumed_later)


#: Open issues. Fixed ones (an alias read after a util.call reading zeros, nested step-dependent
#: subviews crashing the compiler, an alias of a clone whose source is written, a folded alias
#: reading a source consumed in place before a util.call, a fold into an update replaced by
#: a copy, an alias of a re-dispatchable clone) were removed; their cases stay in
#: tests/regressions/ with "status": "fixed". The predicate of the last one, as an example:
#:
#:     lambda p, detail, ds: any(isinstance(op, Call) for op in p.ops)
#:     and _alias_of_a_value_written_later(p, ds) and _wrong_values(detail)
KNOWN_ISSUES: tuple[KnownIssue, ...] = (
    KnownIssue(
        "shared-globals-reload-in-a-loop",
        "the shared-globals repair is refused: a loop reloads the global after its store",
        "campaign-shared-globals-repair-refused-for-a-reload-in-a-loop.json",
        lambda p, detail, ds: (
            any(isinstance(op, For) and any(isinstance(x, GLoad) for x in op.body) for op in p.ops)
            and "cannot give them their own copy" in detail
            and "where the copy cannot be forwarded to it" in detail
        ),
    ),
    KnownIssue(
        "shared-globals-value-loaded-after-a-setter-call",
        "the shared-globals repair is refused: the value to copy is a load after a call that may store it",
        "campaign-shared-globals-repair-refused-for-a-value-loaded-after-a-setter-call.json",
        lambda p, detail, ds: (
            any(isinstance(op, Call) for op in p.ops)
            and "cannot give them their own copy" in detail
            and "cannot run a copy of such a value" in detail
        ),
    ),
    KnownIssue(
        "barrier-on-a-load-fails-the-vm-phase",
        "the shared-globals repair's barrier on a load a callee may write fails IREE 3.13's hal/vm phase",
        "campaign-rewritten-module-fails-the-vm-phase.json",
        lambda p, detail, ds: (
            any(isinstance(op, Call) for op in p.ops)
            and "hal/vm phase" in detail
            and "'vm.cond_fail' op status is 0" in detail
        ),
    ),
)


def strict() -> bool:
    return os.environ.get("SLICE_ELISION_CAMPAIGN_STRICT", "") not in ("", "0")


def known_issue(program: Program, detail: str, decisions: list) -> KnownIssue | None:
    """The known issue this failing program shows, if any (never in strict mode)."""
    if strict():
        return None
    for issue in KNOWN_ISSUES:
        if issue.matches(program, detail, decisions):
            return issue
    return None
