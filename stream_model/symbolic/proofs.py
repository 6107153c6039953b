"""Interval-independence proofs over 64-bit machine offsets, discharged by z3.

A ``stream.async.slice`` may become an alias of its source only if every
write to the source's storage touches bytes disjoint from the slice.  This
module answers the single question that decision reduces to: *can these two
half-open byte ranges overlap, given these assumptions?*

Soundness rests on three choices:

* Ranges and facts are translated with :func:`stream_model.symbolic.index_arith.to_z3`,
  i.e. as 64-bit bit-vectors with wrap-around.  "Disjoint" is only reported
  when z3 proves the overlap condition UNSAT under that semantics, and that
  neither range is negative or wraps past ``2**64`` (``end <u start``).
* Any z3 answer other than UNSAT (SAT, unknown, timeout) is *not* "disjoint".
  Callers treat ``"unknown"`` exactly like ``"may_overlap"``.
* A counterexample is re-checked with the independent Python evaluator
  (:func:`stream_model.symbolic.index_arith.evaluate`) before it is reported, so a bug in
  either translation shows up loudly instead of as a wrong verdict.

Determinism (the same query gives the same :class:`Proof`, in this process
and in a fresh one) comes from: facts sorted by name before asserting, a
fresh z3 ``Context`` and ``Solver`` per query (so AST ids, and hence solver
heuristics, do not depend on earlier queries), fixed random seeds, and a
deterministic deletion loop that minimises the unsat core.  Timeouts are
wall-clock and so are the one inherent source of nondeterminism: a query that
is close to its ``timeout_ms`` can be "unknown" on one run and decided on
another.

Facts are trusted assumptions (``util.assume.int`` ranges, in-bounds
conditions whose violation is undefined behaviour).  If the facts contradict
each other every query is vacuously "disjoint"; the reported ``facts_used``
then names the contradictory facts, which is how a reviewer would notice.
"""

from __future__ import annotations

import dataclasses
import enum
import functools
import itertools
from collections.abc import Sequence
from dataclasses import dataclass

import sympy
import z3

from .index_arith import INDEX_BITS, UnsupportedExpressionError, evaluate, pretty, to_z3

__all__ = [
    "RELATIONS",
    "ByteRange",
    "Fact",
    "Proof",
    "DISJOINT",
    "ProofVerdict",
    "MAY_OVERLAP",
    "MAY_WRAP",
    "UNKNOWN",
    "PROVED",
    "REFUTED",
    "prove_disjoint",
    "prove_relation",
    "refute_by_trial",
    "ranges_overlap_at",
    "range_wraps_at",
    "relation_holds",
    "clear_cache",
    "cache_info",
]


class ProofVerdict(enum.StrEnum):
    """What z3 answered (a ``StrEnum``: compares and prints as its value)."""

    DISJOINT = "disjoint"
    MAY_OVERLAP = "may_overlap"
    MAY_WRAP = "may_wrap"
    PROVED = "proved"
    REFUTED = "refuted"
    UNKNOWN = "unknown"


#: Verdicts of :func:`prove_disjoint`; of :func:`prove_relation` ("refuted": a counterexample
#: exists); shared by both: z3 could not decide in time, never evidence of safety.
DISJOINT = ProofVerdict.DISJOINT
MAY_OVERLAP = ProofVerdict.MAY_OVERLAP
MAY_WRAP = ProofVerdict.MAY_WRAP
PROVED = ProofVerdict.PROVED
REFUTED = ProofVerdict.REFUTED
UNKNOWN = ProofVerdict.UNKNOWN

#: Relation names, matching ``arith.cmpi`` predicates.  All compare 64-bit
#: machine values; the ``u``/``s`` prefix selects the unsigned/signed reading.
RELATIONS: tuple[str, ...] = ("ule", "ult", "uge", "ugt", "eq", "ne", "sle", "slt", "sge", "sgt")

_RELATION_TEXT = {
    "ule": "<=u",
    "ult": "<u",
    "uge": ">=u",
    "ugt": ">u",
    "eq": "==",
    "ne": "!=",
    "sle": "<=s",
    "slt": "<s",
    "sge": ">=s",
    "sgt": ">s",
}

#: Bounds tried, in order, to find a small (readable) counterexample.
_SMALL_MODEL_BOUNDS = (1 << 20, 1 << 32)


def _expr(value: sympy.Expr | int) -> sympy.Expr:
    expr = sympy.sympify(value)
    if not isinstance(expr, sympy.Expr):
        raise TypeError(f"{value!r} is not an index expression")
    return expr


def _coerce_exprs(record: object, *names: str) -> None:
    """Make the named fields of a frozen record sympy expressions (ints are accepted)."""
    for name in names:
        object.__setattr__(record, name, _expr(getattr(record, name)))


@dataclass(frozen=True, slots=True)
class ByteRange:
    """Half-open byte range ``[start, end)`` within one resource.

    Bounds are compared as unsigned machine values. A range with
    ``end == start`` is empty; one with ``end <u start`` is negative, or its
    end wrapped past ``2**64``: no access IREE runs has such a range (out of
    bounds is undefined behaviour), so it is never proved disjoint from
    anything (:data:`MAY_WRAP`). Plain ints are accepted and converted.
    """

    start: sympy.Expr
    end: sympy.Expr

    def __post_init__(self) -> None:
        _coerce_exprs(self, "start", "end")

    def __str__(self) -> str:
        return f"[{pretty(self.start)}, {pretty(self.end)})"


@dataclass(frozen=True, slots=True)
class Fact:
    """A named assumption ``lhs rel rhs`` over machine values.

    The name is what appears in :attr:`Proof.facts_used`, so it should say
    where the fact comes from, e.g. ``"assume.int %3 <= 4094"`` or
    ``"in-bounds: update %8 end <= size"``.
    """

    name: str
    lhs: sympy.Expr
    rel: str
    rhs: sympy.Expr

    def __post_init__(self) -> None:
        if self.rel not in RELATIONS:
            raise ValueError(f"unknown relation {self.rel!r}; expected one of {RELATIONS}")
        _coerce_exprs(self, "lhs", "rhs")

    def __str__(self) -> str:
        return f"{self.name}: {pretty(self.lhs)} {_RELATION_TEXT[self.rel]} {pretty(self.rhs)}"


@dataclass(frozen=True)
class Proof:
    """Outcome of one query.

    ``verdict``: ``"disjoint"``/``"may_overlap"``/``"unknown"`` for
    :func:`prove_disjoint`; ``"proved"``/``"refuted"``/``"unknown"`` for
    :func:`prove_relation`.

    ``facts_used``: names of a minimal set of facts the proof needs (sorted);
    ``()`` when none were needed or the verdict is not a proof.

    ``counterexample``: symbol name -> unsigned machine value showing the
    overlap (or the failing relation), only with ``"may_overlap"`` /
    ``"refuted"``.  Every listed fact holds at it.

    ``detail``: one readable sentence.
    """

    verdict: ProofVerdict
    facts_used: tuple[str, ...]
    counterexample: dict[str, int] | None
    detail: str

    @property
    def is_disjoint(self) -> bool:
        """True only for a proof of disjointness; the only safe-to-alias answer."""
        return self.verdict == DISJOINT


# --------------------------------------------------------------------------
# Helpers shared by the z3 encoding and the Python re-check.
# --------------------------------------------------------------------------


def _z3_relation(rel: str, a: z3.BitVecRef, b: z3.BitVecRef) -> z3.BoolRef:
    if rel == "ule":
        return z3.ULE(a, b)
    if rel == "ult":
        return z3.ULT(a, b)
    if rel == "uge":
        return z3.UGE(a, b)
    if rel == "ugt":
        return z3.UGT(a, b)
    if rel == "eq":
        return a == b
    if rel == "ne":
        return a != b
    # z3py's <, <=, >, >= on bit-vectors are the signed comparisons.
    if rel == "sle":
        return a <= b
    if rel == "slt":
        return a < b
    if rel == "sge":
        return a >= b
    if rel == "sgt":
        return a > b
    raise ValueError(f"unknown relation {rel!r}")


def _signed(v: int) -> int:
    return v - (1 << INDEX_BITS) if v >> (INDEX_BITS - 1) else v


def relation_holds(rel: str, a: int, b: int) -> bool:
    """``a rel b`` for machine values ``a``, ``b`` in ``[0, 2**64)``."""
    if rel in ("slt", "sle", "sgt", "sge"):
        a, b = _signed(a), _signed(b)
    return {
        "ule": a <= b,
        "ult": a < b,
        "uge": a >= b,
        "ugt": a > b,
        "eq": a == b,
        "ne": a != b,
        "sle": a <= b,
        "slt": a < b,
        "sge": a >= b,
        "sgt": a > b,
    }[rel]


def ranges_overlap_at(a: ByteRange, b: ByteRange, env: dict[str, int]) -> bool:
    """Whether the two ranges share a byte at the concrete assignment ``env``.

    The same condition the solver refutes: both non-empty and each starts
    before the other ends, all unsigned.
    """
    a0, a1 = evaluate(a.start, env), evaluate(a.end, env)
    b0, b1 = evaluate(b.start, env), evaluate(b.end, env)
    return a0 < a1 and b0 < b1 and a0 < b1 and b0 < a1


def range_wraps_at(r: ByteRange, env: dict[str, int]) -> bool:
    """Whether ``r`` is negative, or its end wrapped past ``2**64``, at ``env``: ``end <u start``."""
    return evaluate(r.end, env) < evaluate(r.start, env)


def _fmt_env(env: dict[str, int]) -> str:
    return ", ".join(f"{k}={v}" for k, v in env.items()) if env else "any values"


# --------------------------------------------------------------------------
# The solver core.
# --------------------------------------------------------------------------


@dataclass(frozen=True)
class _Outcome:
    status: str  # "unsat" | "sat" | "unknown"
    core: tuple[str, ...] = ()
    model: dict[str, int] | None = None
    reason: str = ""


class _Query:
    """One question in its own z3 context: is ``goal AND facts`` satisfiable?"""

    def __init__(self, goal_exprs: Sequence[sympy.Expr], facts: Sequence[Fact], timeout_ms: int) -> None:
        self.ctx = z3.Context()
        self.timeout_ms = max(1, int(timeout_ms))
        self.vars: dict[str, z3.BitVecRef] = {}
        self.goal_terms = [to_z3(e, self.vars, ctx=self.ctx) for e in goal_exprs]
        self.facts = sorted(facts, key=lambda f: f.name)
        self.fact_terms: dict[str, z3.BoolRef] = {}
        for fact in self.facts:
            lhs = to_z3(fact.lhs, self.vars, ctx=self.ctx)
            rhs = to_z3(fact.rhs, self.vars, ctx=self.ctx)
            self.fact_terms[fact.name] = _z3_relation(fact.rel, lhs, rhs)
        # Only the symbols of the query are reported in counterexamples.
        self.symbols = sorted(self.vars)

    def _solver(self) -> z3.Solver:
        s = z3.Solver(ctx=self.ctx)
        s.set("timeout", self.timeout_ms)
        s.set("random_seed", 0)
        s.set("smt.random_seed", 0)
        return s

    def check(self, goal: z3.BoolRef, fact_names: Sequence[str], extra: Sequence[z3.BoolRef] = ()) -> _Outcome:
        """Check ``goal AND extra AND facts[fact_names]``; facts are tracked."""
        s = self._solver()
        s.add(goal)
        for c in extra:
            s.add(c)
        trackers: dict[str, str] = {}
        for i, name in enumerate(sorted(fact_names)):
            label = f"__fact{i}"
            trackers[label] = name
            s.assert_and_track(self.fact_terms[name], z3.Bool(label, ctx=self.ctx))
        result = s.check()
        if result == z3.unsat:
            core = tuple(sorted(trackers[str(lit)] for lit in s.unsat_core()))
            return _Outcome("unsat", core=core)
        if result == z3.sat:
            m = s.model()
            model = {name: m.eval(self.vars[name], model_completion=True).as_long() for name in self.symbols}
            return _Outcome("sat", model=model)
        return _Outcome("unknown", reason=s.reason_unknown() or "unknown")

    def minimal_core(self, goal: z3.BoolRef, core: tuple[str, ...]) -> tuple[str, ...]:
        """Deletion-minimise an unsat core, deterministically.

        z3's core is valid but not necessarily minimal, and its content can
        depend on search order.  Dropping facts one at a time (in name order)
        and keeping a fact only when the query is no longer provably UNSAT
        without it yields a core where no single fact is redundant.  A check
        that times out keeps the fact, so the result is always a valid core.
        """
        kept = sorted(core)
        decided: set[str] = set()
        while True:
            pending = [n for n in kept if n not in decided]
            if not pending:
                return tuple(kept)
            name = pending[0]
            trial = [n for n in kept if n != name]
            out = self.check(goal, trial)
            if out.status == "unsat":
                # Redundant; the new core may drop further facts at once.  A
                # fact already shown necessary stays in it: removing facts
                # only makes the problem easier to satisfy.
                kept = [n for n in trial if n in out.core]
            else:
                decided.add(name)

    def small_model(self, goal: z3.BoolRef, first: dict[str, int]) -> dict[str, int]:
        """Prefer a counterexample with small values; they are far easier to read."""
        for bound in _SMALL_MODEL_BOUNDS:
            if all(v < bound for v in first.values()):
                return first
            limit = z3.BitVecVal(bound, INDEX_BITS, ctx=self.ctx)
            extra = [z3.ULT(self.vars[n], limit) for n in self.symbols]
            out = self.check(goal, [f.name for f in self.facts], extra)
            if out.status == "sat" and out.model is not None:
                return out.model
        return first


def _check_facts(facts: Sequence[Fact]) -> tuple[Fact, ...]:
    """Deduplicate facts; distinct facts sharing a name would make cores ambiguous."""
    by_name: dict[str, Fact] = {}
    for fact in facts:
        if not isinstance(fact, Fact):
            raise TypeError(f"expected Fact, got {type(fact).__name__}")
        seen = by_name.setdefault(fact.name, fact)
        if seen != fact:
            raise ValueError(f"two different facts are both named {fact.name!r}: {seen} / {fact}")
    return tuple(sorted(by_name.values(), key=lambda f: f.name))


def _facts_hold(facts: Sequence[Fact], env: dict[str, int]) -> bool:
    return all(relation_holds(f.rel, evaluate(f.lhs, env), evaluate(f.rhs, env)) for f in facts)


def _copy(proof: Proof) -> Proof:
    """Cached proofs are shared; hand out a private counterexample dict."""
    if proof.counterexample is None:
        return proof
    return dataclasses.replace(proof, counterexample=dict(proof.counterexample))


def _assuming(core: tuple[str, ...]) -> str:
    return " assuming " + "; ".join(core) if core else " for all values"


# --------------------------------------------------------------------------
# Public entry points.
# --------------------------------------------------------------------------


def prove_disjoint(a: ByteRange, b: ByteRange, facts: Sequence[Fact] = (), timeout_ms: int = 2000) -> Proof:
    """Prove that ``a`` and ``b`` share no byte under ``facts``, or explain why not.

    Overlap, over unsigned 64-bit machine values::

        a.start < a.end  and  b.start < b.end  and  a.start < b.end  and  b.start < a.end

    The ranges are disjoint when ``facts AND (overlap OR a range wraps)`` is
    UNSAT, where a range wraps when ``end <u start`` (negative, or its end
    wrapped past ``2**64``): such a range is no range of bytes, and treating
    it as empty would "prove" it disjoint from anything.  Verdicts:

    * ``"disjoint"`` -- proved; ``facts_used`` is a minimal set of fact names.
    * ``"may_overlap"`` -- z3 found an assignment (``counterexample``) where
      all facts hold and the ranges overlap; re-checked with ``evaluate``.
    * ``"may_wrap"`` -- no overlap, but an assignment where all facts hold
      and a range wraps (``counterexample``, re-checked likewise).
    * ``"unknown"`` -- z3 gave up (e.g. timeout); callers must treat this as
      ``"may_overlap"``.

    ``timeout_ms`` bounds each individual z3 check (core minimisation and the
    search for a small counterexample run further checks with the same
    limit).  Results are memoised per ``(a, b, facts, timeout_ms)``.
    """
    if not isinstance(a, ByteRange) or not isinstance(b, ByteRange):
        raise TypeError("prove_disjoint expects two ByteRange values")
    checked = _check_facts(facts)
    if _constant_and_disjoint(a, b):
        return Proof(DISJOINT, (), None, f"{a} and {b} are disjoint")
    return _copy(_prove_disjoint_cached(a, b, checked, int(timeout_ms)))


def _constant_and_disjoint(a: ByteRange, b: ByteRange) -> bool:
    """Constant bounds that do not overlap are disjoint whatever the facts say: decided by
    arithmetic on the machine values, without z3. Modules with thousands of constant slices
    stay fast; overlapping constants still go to z3 (contradictory facts must show up)."""
    if any(e.free_symbols for e in (a.start, a.end, b.start, b.end)):
        return False
    return not (ranges_overlap_at(a, b, {}) or range_wraps_at(a, {}) or range_wraps_at(b, {}))


@functools.lru_cache(maxsize=1 << 16)
def _prove_disjoint_cached(a: ByteRange, b: ByteRange, facts: tuple[Fact, ...], timeout_ms: int) -> Proof:
    q = _Query([a.start, a.end, b.start, b.end], facts, timeout_ms)
    a0, a1, b0, b1 = q.goal_terms
    overlap = z3.And(z3.ULT(a0, a1), z3.ULT(b0, b1), z3.ULT(a0, b1), z3.ULT(b0, a1))
    # Disjoint only when neither range is negative or wraps, either: ``end <u start`` is no
    # range of bytes, and calling it empty would prove anything disjoint from it.
    wraps = z3.Or(z3.ULT(a1, a0), z3.ULT(b1, b0))
    wording = _Wording(f"{a} and {b} are disjoint", f"whether {a} and {b} overlap", "treat as may overlap")
    out = q.check(overlap, [f.name for f in facts])
    if out.status == "unknown":
        return _unknown(q, out, wording)
    if out.status == "unsat":
        # No overlap; disjoint unless a range is no range of bytes (asked second, so that an
        # overlap is found, and reported, exactly as it is without this question).
        settled = _settle(q, z3.Or(overlap, wraps), facts, DISJOINT, wording)
        if isinstance(settled, Proof):
            return settled
        return _may_wrap(a, b, facts, settled)
    assert out.model is not None
    env = q.small_model(overlap, out.model)
    if not (ranges_overlap_at(a, b, env) and _facts_hold(facts, env)):
        raise RuntimeError(
            f"internal error: z3 counterexample {env} for {a} vs {b} does not re-check with "
            "evaluate(); symbolic.to_z3 and symbolic.evaluate disagree"
        )
    ra = f"[{evaluate(a.start, env)}, {evaluate(a.end, env)})"
    rb = f"[{evaluate(b.start, env)}, {evaluate(b.end, env)})"
    return Proof(MAY_OVERLAP, (), env, f"{ra} and {rb} overlap at {_fmt_env(env)}")


def _may_wrap(a: ByteRange, b: ByteRange, facts: tuple[Fact, ...], env: dict[str, int]) -> Proof:
    """The counterexample of a range that is negative or wraps, re-checked like an overlap."""
    wrapping = [r for r in (a, b) if range_wraps_at(r, env)]
    if not (wrapping and _facts_hold(facts, env)):
        raise RuntimeError(
            f"internal error: z3 counterexample {env} for {a} vs {b} does not re-check with "
            "evaluate(); symbolic.to_z3 and symbolic.evaluate disagree"
        )
    r = wrapping[0]
    shown = f"[{evaluate(r.start, env)}, {evaluate(r.end, env)})"
    return Proof(MAY_WRAP, (), env, f"{r} is {shown} at {_fmt_env(env)}: negative, or its end wraps around 2^64")


@dataclass(frozen=True)
class _Wording:
    """How a query's outcome reads: the claim when proved; the question and the fallback when
    z3 gives up."""

    claim: str
    question: str
    fallback: str


def _settle(
    q: _Query, goal: z3.BoolRef, facts: tuple[Fact, ...], proved: ProofVerdict, wording: _Wording
) -> Proof | dict[str, int]:
    """Check ``facts AND goal``: unsat is the proof (``proved``, with a minimal core of facts),
    z3 giving up is ``unknown``; otherwise the small counterexample, for the caller to
    re-check."""
    out = q.check(goal, [f.name for f in facts])
    if out.status == "unsat":
        core = q.minimal_core(goal, out.core)
        return Proof(proved, core, None, f"{wording.claim}{_assuming(core)}")
    if out.status == "unknown":
        return _unknown(q, out, wording)
    assert out.model is not None
    return q.small_model(goal, out.model)


def _unknown(q: _Query, out: _Outcome, wording: _Wording) -> Proof:
    detail = f"z3 could not decide {wording.question} ({out.reason}, limit {q.timeout_ms} ms); {wording.fallback}"
    return Proof(UNKNOWN, (), None, detail)


def prove_relation(
    lhs: sympy.Expr | int,
    rel: str,
    rhs: sympy.Expr | int,
    facts: Sequence[Fact] = (),
    timeout_ms: int = 2000,
) -> Proof:
    """Prove ``lhs rel rhs`` for every assignment satisfying ``facts``.

    Verdicts: ``"proved"`` (``facts AND NOT(lhs rel rhs)`` is UNSAT;
    ``facts_used`` is a minimal set), ``"refuted"`` (``counterexample`` is an
    assignment where every fact holds and the relation fails -- it does *not*
    mean the relation fails everywhere), or ``"unknown"`` (undecided; treat
    as not proved).  Same machine semantics, limits and memoisation as
    :func:`prove_disjoint`.
    """
    if rel not in RELATIONS:
        raise ValueError(f"unknown relation {rel!r}; expected one of {RELATIONS}")
    return _copy(_prove_relation_cached(_expr(lhs), rel, _expr(rhs), _check_facts(facts), int(timeout_ms)))


#: At most this many assignments are tried by :func:`refute_by_trial`.
_MAX_TRIALS = 64


def refute_by_trial(
    lhs: sympy.Expr | int, rel: str, rhs: sympy.Expr | int, facts: Sequence[Fact] = ()
) -> dict[str, int] | None:
    """An assignment, found without z3, under which every fact holds and ``lhs rel rhs`` fails;
    None when the few tried have none (which proves nothing: ask :func:`prove_relation`).

    Why: a caller that only needs "not always" (may two index values differ in some run?)
    often holds a question a small value answers (``8192*step`` and ``33554432`` differ at
    ``step = 0``), and a z3 query costs milliseconds, most of it making its context. The
    assignment is checked with the same evaluator z3's counterexamples are re-checked with
    (:func:`~stream_model.symbolic.index_arith.evaluate`), so a found one is a real
    counterexample. Tried, in a fixed order: each symbol of the query and the facts at 0, 1,
    2 and the constants the facts name (and their neighbours), at most :data:`_MAX_TRIALS`.
    """
    if rel not in RELATIONS:
        raise ValueError(f"unknown relation {rel!r}; expected one of {RELATIONS}")
    lhs, rhs = _expr(lhs), _expr(rhs)
    facts = _check_facts(facts)
    symbols = sorted({s.name for e in (lhs, rhs, *(x for f in facts for x in (f.lhs, f.rhs))) for s in e.free_symbols})
    named = sorted({int(c) for f in facts for x in (f.lhs, f.rhs) for c in x.atoms(sympy.Integer)})
    values = sorted({0, 1, 2, *(v + d for v in named for d in (-1, 0, 1) if 0 <= v + d < 1 << INDEX_BITS)})
    tried = 0
    for choice in itertools.product(values, repeat=len(symbols)):
        if tried >= _MAX_TRIALS:
            return None
        tried += 1
        env = dict(zip(symbols, choice))
        try:
            if not relation_holds(rel, evaluate(lhs, env), evaluate(rhs, env)) and _facts_hold(facts, env):
                return env
        except (ArithmeticError, UnsupportedExpressionError):
            continue  # (a division by zero there, say): not this assignment
    return None


@functools.lru_cache(maxsize=1 << 16)
def _prove_relation_cached(
    lhs: sympy.Expr, rel: str, rhs: sympy.Expr, facts: tuple[Fact, ...], timeout_ms: int
) -> Proof:
    q = _Query([lhs, rhs], facts, timeout_ms)
    zl, zr = q.goal_terms
    negated = z3.Not(_z3_relation(rel, zl, zr))
    claim = f"{pretty(lhs)} {_RELATION_TEXT[rel]} {pretty(rhs)}"
    settled = _settle(q, negated, facts, PROVED, _Wording(f"{claim} holds", claim, "treat as not proved"))
    if isinstance(settled, Proof):
        return settled
    env = settled
    lv, rv = evaluate(lhs, env), evaluate(rhs, env)
    if relation_holds(rel, lv, rv) or not _facts_hold(facts, env):
        raise RuntimeError(f"internal error: z3 counterexample {env} for {claim} does not re-check with evaluate()")
    return Proof(
        REFUTED,
        (),
        env,
        f"{claim} fails at {_fmt_env(env)}: {lv} {_RELATION_TEXT[rel]} {rv} is false",
    )


def clear_cache() -> None:
    """Forget memoised proofs (tests use this to exercise fresh solving)."""
    _prove_disjoint_cached.cache_clear()
    _prove_relation_cached.cache_clear()


def cache_info() -> dict[str, functools._CacheInfo]:
    """Hit/miss statistics of the two memo tables, for benchmarking."""
    return {
        "prove_disjoint": _prove_disjoint_cached.cache_info(),
        "prove_relation": _prove_relation_cached.cache_info(),
    }


def relevant_facts(facts: list[Fact], *ranges: ByteRange) -> list[Fact]:
    """Facts connected to the query's symbols (transitively). Facts about unrelated symbols
    cannot help a proof unless they contradict each other, so dropping them only loses
    proofs, never soundness; it keeps queries small in modules with hundreds of accesses."""
    wanted: set[sympy.Symbol] = set()
    for r in ranges:
        wanted |= r.start.free_symbols | r.end.free_symbols
    chosen: list[Fact] = []
    rest = [(f, f.lhs.free_symbols | f.rhs.free_symbols) for f in facts]
    changed = True
    while changed:
        changed = False
        keep = []
        for f, syms in rest:
            if not syms or syms & wanted:
                if syms:
                    chosen.append(f)
                    wanted |= syms
                    changed = True
            else:
                keep.append((f, syms))
        rest = keep
    return chosen
