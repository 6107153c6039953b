"""Every reason a decision gives, one registry entry each, after mypy's ``message_registry.py``.

A reason has a class, its :class:`~stream_model.report.decisions.ReasonCode` (stable, for
tools), and a text for a person. Both are made here, in one place: a :class:`Message` pairs a
code with its template (``str.format`` with named fields), and the place that decides names the
entry and fills its fields, ``raise UNREAD.keep_copy()`` or
``raise NESTED_LOOPS.keep_copy(loops=...)``, never a text of its own. So a reason can be
found, reworded or counted by its name, and ``tests/unit/test_messages.py`` checks that every
code has a template and that every use fills exactly the template's fields.

The texts are the log's and the remarks' (``reason``): a change to one changes what users read
and what ``tools/decision_snapshot.py`` records.
"""

from __future__ import annotations

import dataclasses
import string
from dataclasses import dataclass

from ..errors import KeepCopy
from .decisions import CODE_OF_VERDICT, ReasonCode, SliceDecision, Verdict, WriteCheck


@dataclass(frozen=True)
class Message:
    """A reason's class and its text, a ``str.format`` template with named fields."""

    code: ReasonCode
    template: str

    @property
    def fields(self) -> frozenset[str]:
        """The names of the template's fields."""
        return frozenset(name for _, name, _, _ in string.Formatter().parse(self.template) if name)

    def text(self, **fields: object) -> str:
        """The reason, its fields filled; exactly the template's fields must be given."""
        if set(fields) != self.fields:
            raise TypeError(f"{self.template!r} takes {sorted(self.fields)}, given {sorted(fields)}")
        return self.template.format(**fields)

    def keep_copy(self, **fields: object) -> KeepCopy:
        """The exception that stops deciding a copy with this reason (:meth:`text`)."""
        return KeepCopy(self.text(**fields), self.code)


# -- the copy itself and where it sits -----------------------------------------------------------
UNREAD = Message(
    ReasonCode.UNREAD, "nothing reads the copy: there is no alias to make (IREE drops an unused copy itself)"
)
UNPROVEN_RESULT_SIZE = Message(
    ReasonCode.UNKNOWN_RANGE,
    "its result size is not provably end - offset: IREE copies the result size, "
    "the model cannot tell which bytes the alias would read",
)
CFG_CYCLE = Message(
    ReasonCode.UNSUPPORTED_CONTROL_FLOW,
    "@{function}'s blocks branch back (a loop written with cf branches), which this model does not describe",
)
NESTED_LOOPS = Message(
    ReasonCode.UNSUPPORTED_CONTROL_FLOW,
    "the slice is inside nested loops or a repeating region ({loops}), which this model does not describe",
)
BELOW_LOOP_BODY = Message(
    ReasonCode.UNSUPPORTED_CONTROL_FLOW, "the slice is nested below its loop's body, which this model does not describe"
)
READ_IN_ANOTHER_ITERATION = Message(
    ReasonCode.UNSUPPORTED_CONTROL_FLOW, "the alias is read outside the loop iteration that made it"
)

# -- its uses (``value``: the alias or a value it flows into; ``op``: the use, described) --------
USED_OUTSIDE_FUNCTION = Message(ReasonCode.ALIAS_ESCAPES, "{value} is used outside its function by {op}")
CARRIED_TO_NEXT_ITERATION = Message(
    ReasonCode.UNSUPPORTED_CONTROL_FLOW,
    "{value} is carried into the next iteration of its loop (iter_args), "
    "where its reads are not ordered with this iteration's writes",
)
WRITTEN_AS_TIED_RESULT = Message(ReasonCode.ALIAS_WRITTEN, "{value} may be written by {op} (a tied result)")
PASSED_TO_CAPPED_CALLEE = Message(
    ReasonCode.FIXPOINT_NOT_REACHED,
    "{value} is passed to @{callee}, whose summary did not converge before the "
    "iteration cap: the call may read and write everything",
)
USED_BY_UNKNOWN_OP = Message(ReasonCode.UNKNOWN_USER, "{value} is used by {op}, an op the model does not know")
WRITTEN_IN_PLACE = Message(ReasonCode.ALIAS_WRITTEN, "{value} is written in place by {op} (a tied operand)")
MAY_BE_WRITTEN = Message(ReasonCode.ALIAS_WRITTEN, "{value} may be written by {op}")
ALIASED_BY = Message(ReasonCode.UNKNOWN_USER, "{value} is aliased by {op}; its later uses are not followed")
ESCAPES_THROUGH = Message(ReasonCode.ALIAS_ESCAPES, "{value} escapes through {op}")
FLOWS_THROUGH = Message(ReasonCode.UNKNOWN_USER, "{value} flows through {op} in a way the model does not follow")
USED_UNDESCRIBED = Message(ReasonCode.UNKNOWN_USER, "{value} is used by {op} in a way the model does not describe")

# -- where its storage comes from ----------------------------------------------------------------
RACY_ARGUMENT = Message(ReasonCode.RACY_CALLER, "the source comes from argument {argument} of @{function}: {why}")
RACY_GLOBAL = Message(ReasonCode.RACY_CALLER, "the source is global @{name}'s storage: {why}")
STORAGE_FROM_OUTSIDE = Message(
    ReasonCode.ESCAPING_STORAGE,
    "the source's storage comes from outside this function in a way the model does not follow",
)

# -- a write to the source's storage the proof could not excuse (:func:`unexcused_write`) ---------
#: ``[start, end)``: the slice's range; ``[write_start, write_end)``: the write's.
WRITE_MAY_OVERLAP = Message(
    ReasonCode.OVERLAPPING_WRITE,
    "{op} writes [{write_start}, {write_end}), which may overlap the slice [{start}, {end}) "
    "while the alias is live{counterexample}",
)
WRITE_MAY_WRAP = Message(
    ReasonCode.RANGE_MAY_WRAP,
    "{op} writes [{write_start}, {write_end}) and the slice reads [{start}, {end}): {detail}, "
    "so the two are not proved disjoint",
)
WRITE_UNDECIDED = Message(
    ReasonCode.SOLVER_UNKNOWN, "could not prove {op} disjoint from the slice [{start}, {end}): {detail}"
)
#: Also for an overlap or a wrap whose range is unknown (with their codes).
WRITE_MAY_TOUCH = Message(
    ReasonCode.UNKNOWN_WRITE, "{op} may write the slice's bytes while the alias is live: {detail}"
)

# -- an alias ------------------------------------------------------------------------------------
NOTHING_WRITES = Message(ReasonCode.ALIASED, "no op writes the source's storage in this function")
EVERY_WRITE_HARMLESS = Message(ReasonCode.ALIASED, "every write to the source's storage is harmless ({verdicts})")

# -- the analysis itself -------------------------------------------------------------------------
UNPROVEN_CLAIM = Message(
    ReasonCode.INTERNAL_CHECK, "internal check: a claim of the proof does not hold in the analysis state ({problem})"
)

# -- safe, but not as an alias IREE keeps: the rewrite's (``why``: what IREE would not honour) ---
SAFE_BUT_NOT_REPRESENTABLE = Message(ReasonCode.NOT_REPRESENTABLE, "safe to alias, but {why}")
SAFE_BUT_MERGED = Message(ReasonCode.MERGED_PRODUCERS, "safe to alias, but {why}")
SAFE_BUT_IREE_LIMITATION = Message(ReasonCode.IREE_LIMITATION, "safe to alias, but {why}")

#: Every entry, by its code.
MESSAGES: dict[ReasonCode, tuple[Message, ...]] = {
    code: tuple(m for m in list(globals().values()) if isinstance(m, Message) and m.code is code) for code in ReasonCode
}


def unexcused_write(check: WriteCheck, slice_range: list[str]) -> tuple[Message, dict[str, object]]:
    """Why a write check the proof could not excuse keeps the copy: the entry for its verdict
    (its code: :data:`~stream_model.report.decisions.CODE_OF_VERDICT`) and its fields."""
    start, end = slice_range[0], slice_range[1]
    if check.verdict is Verdict.OVERLAP and check.range is not None:
        cex = ", ".join(f"{k}={v}" for k, v in (check.counterexample or {}).items())
        return WRITE_MAY_OVERLAP, {
            "op": check.op,
            "write_start": check.range[0],
            "write_end": check.range[1],
            "start": start,
            "end": end,
            "counterexample": f" (counterexample: {cex})" if cex else "",
        }
    if check.verdict is Verdict.WRAPS and check.range is not None:
        fields = {"op": check.op, "write_start": check.range[0], "write_end": check.range[1]}
        return WRITE_MAY_WRAP, {**fields, "start": start, "end": end, "detail": check.detail}
    if check.verdict is Verdict.UNKNOWN:
        return WRITE_UNDECIDED, {"op": check.op, "start": start, "end": end, "detail": check.detail}
    return dataclasses.replace(WRITE_MAY_TOUCH, code=CODE_OF_VERDICT[check.verdict]), {
        "op": check.op,
        "detail": check.detail,
    }


def alias_reason(d: SliceDecision) -> str:
    """Why an alias is safe: every write to the source's storage, counted by verdict."""
    if not d.checks:
        return NOTHING_WRITES.text()
    counts: dict[str, int] = {}
    for c in d.checks:
        counts[c.verdict] = counts.get(c.verdict, 0) + 1
    return EVERY_WRITE_HARMLESS.text(verdicts=", ".join(f"{n} {v}" for v, n in sorted(counts.items())))
