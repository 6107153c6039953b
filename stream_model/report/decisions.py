"""What the analysis decided about each copy, and why: the records behind the explanation log.

Plain dataclasses (serialised as JSON lines by the CLI): a decision names the copy, its byte
range, the reads of the alias, and every write to the source's storage with the verdict that
made it harmless, or the one that did not (with the facts a proof used or a counterexample).
"""

from __future__ import annotations

import enum
from dataclasses import dataclass, field, fields
from typing import Any

from ..interproc.positions import StoragePosition


class Decision(enum.StrEnum):
    """What happens to a copy (a ``StrEnum``: the log's JSON holds its value)."""

    ALIAS = "alias"
    KEEP = "keep"


class Verdict(enum.StrEnum):
    """Why one write to the source's storage is harmless, or why it may not be."""

    ORDERED_BEFORE = "ordered-before"
    ORDERED_AFTER = "ordered-after"
    ORDERED_AROUND_CALLS = "ordered-around-calls"
    DISJOINT = "disjoint"
    OVERLAP = "overlap"
    # A range that is negative or whose end wraps around 2^64 (``end < start``): no range of
    # bytes, so never disjoint from anything.
    WRAPS = "wraps"
    UNKNOWN = "unknown"
    UNKNOWN_RANGE = "unknown-range"

    @property
    def safe(self) -> bool:
        """Does this verdict make the write harmless to an alias?"""
        return self in _SAFE

    @property
    def text(self) -> str:
        """How ``explain`` prints it."""
        return _TEXT[self]


_SAFE = frozenset({Verdict.ORDERED_BEFORE, Verdict.ORDERED_AFTER, Verdict.ORDERED_AROUND_CALLS, Verdict.DISJOINT})
_TEXT = {
    Verdict.ORDERED_BEFORE: "ordered before the slice",
    Verdict.ORDERED_AFTER: "ordered after every read of the alias",
    Verdict.ORDERED_AROUND_CALLS: "callers' writes are ordered around every call",
    Verdict.DISJOINT: "disjoint",
    Verdict.OVERLAP: "MAY OVERLAP",
    Verdict.WRAPS: "NEGATIVE OR WRAPS AROUND 2^64",
    Verdict.UNKNOWN: "UNKNOWN",
    Verdict.UNKNOWN_RANGE: "UNKNOWN RANGE",
}


class ReasonCode(enum.StrEnum):
    """The class of a decision's reason: stable, for tools (the log's ``reason_code``, and the
    name of the optimization remark, :attr:`remark_name`). The prose ``reason`` says the rest.

    One code per way the rule can end, set where the reason is made (never guessed from the
    prose afterwards): an alias is ``aliased``; every other code keeps the copy.

    How to add a reason:

    1. A member here, in its group, with a kebab-case value: stable, since tools read it (the
       log's ``reason_code``, the remark's ``Name`` from :attr:`remark_name`; the user docs
       list the codes with their remark names).
    2. Its text in the registry, :mod:`stream_model.report.messages`: a ``Message(code,
       template)`` with named fields (``tests/unit/test_messages.py`` fails for a code without
       an entry, and for a use that does not fill exactly the entry's fields).
    3. Where the rule decides, name the entry: ``raise ENTRY.keep_copy(field=...)``; the rewrite
       keeps with ``decision.keep(ENTRY.text(...), ENTRY.code)``. Never a text of its own.
    4. A case that ends with it in ``tests/ir`` (a ``DECISION`` line with the reason), and a
       look at what reads codes: ``rewriter.report.remarks`` (a missed remark per code),
       ``rewriter.report.suggestions`` (only ``overlapping-write`` gets a suggested bound).
    5. The decision snapshot changes where the reason is now given; read the changes.
    """

    ALIASED = "aliased"
    # A write to the source's storage that the proof could not excuse, by its verdict.
    OVERLAPPING_WRITE = "overlapping-write"  # z3 found bytes both may touch (a counterexample)
    RANGE_MAY_WRAP = "range-may-wrap"  # a range that may be negative or wrap past 2^64
    SOLVER_UNKNOWN = "solver-unknown"  # z3 answered unknown or ran out of time
    UNKNOWN_WRITE = "unknown-write"  # a write whose range (or effect) the model does not know
    # The copy itself.
    UNKNOWN_RANGE = "unknown-range"  # the bytes the copy reads are not known
    UNREAD = "unread"  # nothing reads the copy
    # Its uses.
    UNKNOWN_USER = "unknown-user"  # an op the model does not know, or a use it does not follow
    ALIAS_WRITTEN = "alias-written"  # a use may write the copy (in place, or as a tied result)
    ALIAS_ESCAPES = "alias-escapes"  # used outside its function
    # Where it sits.
    UNSUPPORTED_CONTROL_FLOW = "unsupported-control-flow"  # nested loops, cf cycles, reads across iterations
    # Where its storage comes from.
    RACY_CALLER = "racy-caller"  # a caller may write the storage while the alias is live
    ESCAPING_STORAGE = "escaping-storage"  # storage from outside the function, not followed
    # Safe, but not expressible as an alias IREE keeps.
    NOT_REPRESENTABLE = "not-representable"  # the alias cannot be built where its consumer needs it
    MERGED_PRODUCERS = "merged-producers"  # the fold would let IREE merge two buffers into one
    IREE_LIMITATION = "iree-limitation"  # IREE 3.13 would not honour the alias downstream
    # The analysis itself.
    FIXPOINT_NOT_REACHED = "fixpoint-not-reached"  # a summary hit the iteration cap
    INTERNAL_CHECK = "internal-check"  # a claim the final analysis state does not hold

    @property
    def remark_name(self) -> str:
        """The optimization remark's ``Name``: ``overlapping-write`` -> ``OverlappingWrite``."""
        return "".join(part.capitalize() for part in self.value.split("-")).replace("Iree", "IREE")


#: The code of a write check that keeps the copy, by its verdict.
CODE_OF_VERDICT = {
    Verdict.OVERLAP: ReasonCode.OVERLAPPING_WRITE,
    Verdict.WRAPS: ReasonCode.RANGE_MAY_WRAP,
    Verdict.UNKNOWN: ReasonCode.SOLVER_UNKNOWN,
    Verdict.UNKNOWN_RANGE: ReasonCode.UNKNOWN_WRITE,
}


_STATE_FIELDS = frozenset({"write_op", "argument"})

#: A position in the user's file, for tools: ``{"file": path, "line": 37, "column": 14}`` (the
#: printed ``location`` says the same as ``file.mlir:37:14``), or None when there is none.
Position = dict[str, str | int] | None


def _with_position(out: dict[str, Any], position: Position) -> dict[str, Any]:
    """``out`` with ``position`` right after ``location``."""
    ordered: dict[str, Any] = {}
    for key, value in out.items():
        ordered[key] = value
        if key == "location":
            ordered["position"] = position
    return ordered


@dataclass(slots=True)
class WriteCheck:
    """One write to the source's storage, and why it is harmless (or not)."""

    op: str
    location: str
    range: list[str] | None
    verdict: Verdict
    facts_used: list[str] = field(default_factory=list)
    counterexample: dict[str, int] | None = None
    detail: str = ""
    # The write itself and, for ordered-around-calls, the storage position whose settled
    # stability it relies on: analysis state behind the claim, not part of the log.
    write_op: Any = field(default=None, repr=False, compare=False)
    argument: StoragePosition | None = field(default=None, repr=False, compare=False)
    position: Position = None

    def __post_init__(self) -> None:
        self.verdict = Verdict(self.verdict)

    def to_json(self) -> dict[str, Any]:
        out = {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _STATE_FIELDS | {"position"}}
        return _with_position(out, self.position)

    @property
    def safe(self) -> bool:
        return Verdict(self.verdict).safe


_LIVE_STATE_FIELDS = frozenset({"consumer_op", "value", "chain_ops"})


@dataclass(slots=True)
class LiveVersion:
    """Which version of the source's storage holds the slice's bytes at one consumer of the
    alias, when the source was consumed in place (``update ... -> %t``) before it.

    After an in-place op IREE treats its tied operand as dead: an alias consumed later must
    name the op's tied result (the *live version* of the storage there), not the source. That
    version holds the slice's bytes when every in-place op from the source to it writes bytes
    the rule proved disjoint from the slice. ``version`` is None when there is no such single
    version (the chain leaves the consumer's block, forks, or a write on it is not proven
    disjoint); ``detail`` says why either way. :mod:`stream_model.rule.claims` re-derives a claimed version."""

    consumer: str  # the op that consumes the alias, described
    version: str | None  # the live version's name, or None: none the alias may name there
    chain: list[str]  # the in-place ops from the source to the version, described, in order
    detail: str
    # Analysis state behind the claim (not part of the log): the consumer op, the live
    # version's SSA value, the in-place ops.
    consumer_op: Any = field(default=None, repr=False, compare=False)
    value: Any = field(default=None, repr=False, compare=False)
    chain_ops: list[Any] = field(default_factory=list, repr=False, compare=False)

    @property
    def proven(self) -> bool:
        return self.value is not None

    def to_json(self) -> dict[str, Any]:
        return {f.name: getattr(self, f.name) for f in fields(self) if f.name not in _LIVE_STATE_FIELDS}


@dataclass(slots=True)
class SliceDecision:
    kind: str  # "slice" or "transfer" (a same-device copy of a whole resource)
    function: str
    slice: str
    location: str
    result: str
    source: str
    decision: Decision
    reason: str
    range: list[str] | None
    reads: list[str] = field(default_factory=list)
    checks: list[WriteCheck] = field(default_factory=list)
    facts_used: list[str] = field(default_factory=list)
    counterexample: dict[str, int] | None = None
    # Consumers of the alias reached after the source was consumed in place (see
    # :class:`LiveVersion`); logged only when there are any, so other records keep their form.
    live_versions: list[LiveVersion] = field(default_factory=list)
    position: Position = None
    reason_code: ReasonCode | None = None  # set with ``reason``, where the reason is made
    # The copy op itself: analysis state (it names the op in the analysed module; once the
    # rewrite has run it may be gone), never part of the log.
    op: Any = field(default=None, repr=False, compare=False)
    # Analysis state, never logged: which counterexample symbols name an argument of the
    # function (its index), so that a bound on that argument can be tried (remarks' suggestions).
    counterexample_arguments: dict[str, int] = field(default_factory=dict, repr=False, compare=False)

    def __post_init__(self) -> None:
        self.decision = Decision(self.decision)
        if self.reason_code is not None:
            self.reason_code = ReasonCode(self.reason_code)

    def keep(self, reason: str, code: ReasonCode) -> None:
        """Keep the copy, for ``reason`` of class ``code``."""
        self.decision, self.reason, self.reason_code = Decision.KEEP, reason, code

    def to_json(self) -> dict[str, Any]:
        out: dict[str, Any] = {"type": "decision"}
        for f in fields(self):
            if f.name in ("live_versions", "position", "op", "reason_code", "counterexample_arguments"):
                continue
            out[f.name] = getattr(self, f.name)
            if f.name == "reason":
                out["reason_code"] = self.reason_code
        out["checks"] = [c.to_json() for c in self.checks]
        if self.live_versions:
            out["live_versions"] = [v.to_json() for v in self.live_versions]
        return _with_position(out, self.position)
