"""Specification tests for stream_model.symbolic.proofs: byte-range independence under 64-bit semantics."""

from __future__ import annotations

import itertools
import subprocess
import sys
import textwrap
from pathlib import Path

import pytest
import sympy
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stream_model.symbolic.index_arith import evaluate, index_symbol, udiv
from stream_model.symbolic.proofs import (
    DISJOINT,
    MAY_OVERLAP,
    MAY_WRAP,
    PROVED,
    REFUTED,
    UNKNOWN,
    ByteRange,
    Fact,
    Proof,
    cache_info,
    clear_cache,
    prove_disjoint,
    prove_relation,
    range_wraps_at,
    ranges_overlap_at,
    refute_by_trial,
)

M = 1 << 64
REPO = Path(__file__).resolve().parents[2]
s = index_symbol("s")
t = index_symbol("t")
x = index_symbol("x")
y = index_symbol("y")

# Two KV-cache layers in one global: 4096 rows of 2048 bytes per layer.
ROW = 2048
CAPACITY = 4096
LAYER = CAPACITY * ROW
GLOBAL_SIZE = 2 * LAYER
# Attention reads layer 1's rows [0, s] ...
LAYER1_PREFIX = ByteRange(LAYER, (CAPACITY + s + 1) * ROW)
# ... while the step writes layer 0's row s + 1.
LAYER0_ROW_WRITE = ByteRange((s + 1) * ROW, (s + 2) * ROW)
IN_BOUNDS = (
    Fact("in-bounds: slice %5 end <= size", LAYER1_PREFIX.end, "ule", GLOBAL_SIZE),
    Fact("in-bounds: update %8 end <= size", LAYER0_ROW_WRITE.end, "ule", GLOBAL_SIZE),
)
ASSUME = Fact("assume.int %3 <= 4094", s, "ule", 4094)


def really_overlap(a: ByteRange, b: ByteRange, env: dict[str, int]) -> bool:
    """Independent brute-force check of the overlap definition."""
    a0, a1, b0, b1 = (evaluate(e, env) for e in (a.start, a.end, b.start, b.end))
    return max(a0, b0) < min(a1, b1)


# ---------------------------------------------------------------- disjoint without facts


#: The row write's own bound: it does not wrap (``start <= end``), as its in-bounds fact says.
ROW_DOES_NOT_WRAP = Fact("in-bounds: update write: start <= end", 8192 * s, "ule", 8192 * s + 8192)


def test_prefix_and_next_row_are_disjoint_when_the_row_does_not_wrap():
    p = prove_disjoint(ByteRange(0, 8192 * s), ByteRange(8192 * s, 8192 * s + 8192), [ROW_DOES_NOT_WRAP])
    assert p == Proof(DISJOINT, (ROW_DOES_NOT_WRAP.name,), None, p.detail)
    assert "disjoint" in p.detail


def test_a_row_that_may_wrap_around_2_64_is_reported_as_such_not_disjoint():
    """Without a fact, 8192*s + 8192 wraps at s = 2^51 - 1: the row [2^64 - 8192, 0) covers the
    last bytes of the address space and then the first ones, which the prefix reads."""
    row = ByteRange(8192 * s, 8192 * s + 8192)
    p = prove_disjoint(ByteRange(0, 8192 * s), row)
    assert p.verdict == MAY_WRAP and p.facts_used == ()
    assert range_wraps_at(row, p.counterexample)
    assert "wraps around 2^64" in p.detail and str(row) in p.detail


def test_write_offset_spelled_as_shifted_product_is_still_disjoint():
    p = prove_disjoint(ByteRange(0, 8192 * s), ByteRange((s + 1) * 8192 - 8192, 8192 * s + 8192), [ROW_DOES_NOT_WRAP])
    assert p.verdict == DISJOINT and p.facts_used == (ROW_DOES_NOT_WRAP.name,)


def test_separated_constant_ranges_are_disjoint():
    assert prove_disjoint(ByteRange(0, 100), ByteRange(200, 300)).verdict == DISJOINT


def test_adjacent_constant_ranges_are_disjoint():
    assert prove_disjoint(ByteRange(0, 100), ByteRange(100, 200)).verdict == DISJOINT


def test_empty_ranges_never_overlap():
    assert prove_disjoint(ByteRange(50, 50), ByteRange(0, 100)).verdict == DISJOINT
    assert prove_disjoint(ByteRange(s, s), ByteRange(0, 8192 * t)).verdict == DISJOINT


def test_a_negative_range_is_reported_as_such_not_disjoint():
    p = prove_disjoint(ByteRange(90, 10), ByteRange(0, 100))
    assert p.verdict == MAY_WRAP and p.counterexample == {}
    assert "[90, 10)" in p.detail and "negative" in p.detail
    assert prove_disjoint(ByteRange(0, 100), ByteRange(150, 120)).verdict == MAY_WRAP


def test_identical_constant_ranges_overlap():
    p = prove_disjoint(ByteRange(0, 100), ByteRange(0, 100))
    assert p.verdict == MAY_OVERLAP and p.counterexample == {}


# ---------------------------------------------------------------- may overlap


def test_prefix_including_the_written_row_may_overlap():
    a = ByteRange(0, 8192 * (s + 1))
    b = ByteRange(8192 * s, 8192 * s + 8192)
    p = prove_disjoint(a, b)
    assert p.verdict == MAY_OVERLAP
    assert p.facts_used == ()
    assert set(p.counterexample) == {"s"}
    assert really_overlap(a, b, p.counterexample)


def test_counterexample_detail_shows_concrete_ranges():
    p = prove_disjoint(ByteRange(0, 8192 * (s + 1)), ByteRange(8192 * s, 8192 * s + 8192))
    v = p.counterexample["s"]
    assert p.detail == f"[0, {8192 * (v + 1)}) and [{8192 * v}, {8192 * v + 8192}) overlap at s={v}"


def test_counterexample_prefers_small_values():
    p = prove_disjoint(ByteRange(0, 8192 * (s + 1)), ByteRange(8192 * s, 8192 * s + 8192))
    assert p.counterexample["s"] < 2**20


def test_counterexample_reports_only_symbols_of_the_query():
    p = prove_disjoint(ByteRange(t, t + 8), ByteRange(t + 4, t + 12), [Fact("t small", t, "ule", 64)])
    assert p.verdict == MAY_OVERLAP and set(p.counterexample) == {"t"}


# ---------------------------------------------------------------- two layers in one global


def test_layers_are_disjoint_under_assume_int_bound():
    p = prove_disjoint(LAYER1_PREFIX, LAYER0_ROW_WRITE, IN_BOUNDS + (ASSUME,))
    assert p.verdict == DISJOINT
    assert p.facts_used == ("assume.int %3 <= 4094",)


def test_layers_may_overlap_with_in_bounds_facts_only():
    p = prove_disjoint(LAYER1_PREFIX, LAYER0_ROW_WRITE, IN_BOUNDS)
    assert p.verdict == MAY_OVERLAP
    # s = 4095 is the largest s keeping the slice in bounds; there the write
    # of "layer-0 row 4096" is really layer 1's row 0.
    assert p.counterexample == {"s": 4095}
    assert really_overlap(LAYER1_PREFIX, LAYER0_ROW_WRITE, p.counterexample)
    assert all(evaluate(f.lhs, p.counterexample) <= evaluate(f.rhs, p.counterexample) for f in IN_BOUNDS)
    assert "overlap at s=4095" in p.detail


def test_layers_may_overlap_without_any_facts():
    assert prove_disjoint(LAYER1_PREFIX, LAYER0_ROW_WRITE).verdict == MAY_OVERLAP


# ---------------------------------------------------------------- facts and cores


def test_unused_facts_are_not_reported():
    facts = [ASSUME, Fact("unrelated: t <= 3", t, "ule", 3)] + list(IN_BOUNDS)
    p = prove_disjoint(LAYER1_PREFIX, LAYER0_ROW_WRITE, facts)
    assert p.facts_used == ("assume.int %3 <= 4094",)


def test_core_is_minimal_when_facts_are_redundant():
    tighter = Fact("assume.int %3 <= 10", s, "ule", 10)
    p = prove_disjoint(LAYER1_PREFIX, LAYER0_ROW_WRITE, [ASSUME, tighter])
    assert p.verdict == DISJOINT and len(p.facts_used) == 1
    assert p.facts_used[0] in {ASSUME.name, tighter.name}


def test_core_needs_several_facts_when_each_alone_is_insufficient():
    a = ByteRange(s, s + 8)
    b = ByteRange(t + x, t + x + 8)
    facts = [Fact("s == 0", s, "eq", 0), Fact("t == 8", t, "eq", 8), Fact("x == 0", x, "eq", 0)]
    p = prove_disjoint(a, b, facts)
    assert p.verdict == DISJOINT
    assert p.facts_used == ("s == 0", "t == 8", "x == 0")


def test_fact_order_does_not_change_the_proof():
    facts = [Fact("b", t, "uge", 100), Fact("a", s, "ule", 100), Fact("c", t, "ule", 1000)]
    p1 = prove_disjoint(ByteRange(0, s), ByteRange(t, t + 8), facts)
    clear_cache()
    p2 = prove_disjoint(ByteRange(0, s), ByteRange(t, t + 8), list(reversed(facts)))
    assert p1 == p2


def test_contradictory_facts_name_themselves_in_the_core():
    facts = [Fact("s <= 1", s, "ule", 1), Fact("s >= 5", s, "uge", 5)]
    p = prove_disjoint(ByteRange(0, 100), ByteRange(0, 100), facts)
    assert p.verdict == DISJOINT and p.facts_used == ("s <= 1", "s >= 5")


def test_signed_fact_does_not_bound_the_unsigned_reading():
    high = ByteRange(2**63, 2**63 + 100)  # "negative" offsets, read unsigned
    probe = ByteRange(s, s + 1)
    p = prove_disjoint(high, probe, [Fact("s <=s 10", s, "sle", 10)])
    assert p.verdict == MAY_OVERLAP and p.counterexample["s"] >= 2**63
    assert prove_disjoint(high, probe, [Fact("s <= 10", s, "ule", 10)]).verdict == DISJOINT


def test_unknown_relation_is_rejected():
    with pytest.raises(ValueError):
        Fact("bad", s, "le", 3)


def test_distinct_facts_with_the_same_name_are_rejected():
    with pytest.raises(ValueError):
        prove_disjoint(ByteRange(0, 1), ByteRange(1, 2), [Fact("f", s, "ule", 1), Fact("f", s, "ule", 2)])


def test_identical_duplicate_facts_are_merged():
    f = Fact("s small", s, "ule", 10)
    p = prove_disjoint(ByteRange(0, s), ByteRange(100, 200), [f, f])
    assert p.verdict == DISJOINT and p.facts_used == ("s small",)


def test_byte_range_accepts_plain_integers():
    r = ByteRange(0, 100)
    assert r.start == sympy.Integer(0) and str(r) == "[0, 100)"


# ---------------------------------------------------------------- machine semantics


def test_wraparound_makes_mathematically_disjoint_ranges_overlap():
    a = ByteRange(0, 4096)
    b = ByteRange(4096 * s + 4096, 4096 * s + 8192)
    # Over the integers (s >= 0) b starts at or after 4096: sympy agrees.
    assert (b.start >= 4096) == sympy.true
    p = prove_disjoint(a, b)
    assert p.verdict == MAY_OVERLAP
    # Only a wrapped product can reach back to 0: s = 2**52 - 1.
    assert p.counterexample == {"s": 2**52 - 1}
    assert really_overlap(a, b, p.counterexample)


def test_wraparound_overlap_is_excluded_by_an_in_bounds_fact():
    a = ByteRange(0, 4096)
    b = ByteRange(4096 * s + 4096, 4096 * s + 8192)
    fact = Fact("in-bounds: s < 2**40", s, "ult", 2**40)
    assert prove_disjoint(a, b, [fact]).facts_used == (fact.name,)


def test_udiv_of_wrapping_numerator_is_not_s_plus_one():
    p = prove_relation(udiv(8192 * s + 8192, 8192), "eq", s + 1)
    assert p.verdict == REFUTED
    env = p.counterexample
    assert evaluate(udiv(8192 * s + 8192, 8192), env) != evaluate(s + 1, env)


def test_udiv_equals_s_plus_one_without_wrap():
    p = prove_relation(udiv(8192 * s + 8192, 8192), "eq", s + 1, [Fact("s < 2**40", s, "ult", 2**40)])
    assert p.verdict == PROVED and p.facts_used == ("s < 2**40",)


# ---------------------------------------------------------------- prove_relation


def test_relation_proved_without_facts():
    p = prove_relation(udiv(s, 2), "ule", s)
    assert p.verdict == PROVED and p.facts_used == ()


def test_relation_proved_with_a_no_wrap_fact():
    p = prove_relation(8192 * s, "ult", 8192 * s + 8192, [Fact("s < 2**40", s, "ult", 2**40)])
    assert p.verdict == PROVED and p.facts_used == ("s < 2**40",)
    assert prove_relation(8192 * s, "ult", 8192 * s + 8192).verdict == REFUTED


def test_relation_refuted_with_counterexample():
    p = prove_relation(s, "ule", 10, [Fact("s <=s 10", s, "sle", 10)])
    assert p.verdict == REFUTED
    assert p.counterexample["s"] >= 2**63  # negative when read signed
    assert "fails at" in p.detail


def test_unsigned_bound_implies_signed_bound():
    assert prove_relation(s, "sle", 10, [Fact("s <= 10", s, "ule", 10)]).verdict == PROVED


# ---------------------------------------------------------------- timeouts


def _hard_query(timeout_ms: int) -> Proof:
    # x*y == 2**61 - 1 (a Mersenne prime) with 1 < x, y < 2**32: UNSAT, but
    # proving it means factoring through a bit-blasted multiplier.
    p61 = 2**61 - 1
    facts = [
        Fact("x > 1", x, "ugt", 1),
        Fact("y > 1", y, "ugt", 1),
        Fact("x < 2**32", x, "ult", 2**32),
        Fact("y < 2**32", y, "ult", 2**32),
    ]
    return prove_disjoint(ByteRange(x * y, x * y + 1), ByteRange(p61, p61 + 1), facts, timeout_ms=timeout_ms)


def test_timeout_gives_unknown_never_disjoint():
    p = _hard_query(1)
    assert p.verdict == UNKNOWN
    assert p.facts_used == () and p.counterexample is None
    assert "1 ms" in p.detail and "may overlap" in p.detail


# ---------------------------------------------------------------- determinism and caching


def test_same_query_twice_gives_identical_proofs():
    a = ByteRange(0, 8192 * (s + 1))
    b = ByteRange(8192 * s, 8192 * s + 8192)
    assert prove_disjoint(a, b, IN_BOUNDS) == prove_disjoint(a, b, IN_BOUNDS)


def test_fresh_solving_gives_identical_proofs():
    args = (LAYER1_PREFIX, LAYER0_ROW_WRITE, IN_BOUNDS + (ASSUME,))
    first = prove_disjoint(*args)
    clear_cache()
    assert prove_disjoint(*args) == first


def test_repeated_queries_are_served_from_the_cache():
    clear_cache()
    a, b = ByteRange(0, 8 * t), ByteRange(8 * t, 8 * t + 8)
    prove_disjoint(a, b)
    prove_disjoint(a, b)
    info = cache_info()["prove_disjoint"]
    assert info.hits >= 1 and info.misses == 1


def test_cached_counterexample_cannot_be_corrupted_by_callers():
    a, b = ByteRange(0, 8 * (t + 1)), ByteRange(8 * t, 8 * t + 8)
    p = prove_disjoint(a, b)
    p.counterexample["t"] = 12345
    assert prove_disjoint(a, b).counterexample != {"t": 12345}


def test_results_are_identical_across_fresh_processes():
    script = textwrap.dedent(
        """
        from stream_model.symbolic.proofs import ByteRange, Fact, prove_disjoint, prove_relation
        from stream_model.symbolic.index_arith import index_symbol, udiv
        s, t = index_symbol("s"), index_symbol("t")
        print(prove_disjoint(ByteRange(0, 4096), ByteRange(4096*s + 4096, 4096*s + 8192)))
        print(prove_disjoint(ByteRange(t, 8*s), ByteRange(s*t, s*t + 64),
                             [Fact("b", s, "ule", 1 << 40), Fact("a", t, "uge", 3)]))
        print(prove_relation(udiv(8192*s + 8192, 8192), "eq", s + 1))
        """
    )
    outputs = [
        subprocess.run([sys.executable, "-c", script], cwd=REPO, capture_output=True, text=True, check=True).stdout
        for _ in range(2)
    ]
    assert outputs[0] == outputs[1]
    assert outputs[0].count("Proof(") == 3


# ---------------------------------------------------------------- brute-force agreement

DOMAIN = 13  # facts bound every symbol to 0..12
coeff = st.integers(min_value=-3, max_value=3)
const = st.integers(min_value=-8, max_value=40)


@st.composite
def affine(draw, symbols):
    expr = sympy.Integer(draw(const))
    for sym_ in symbols:
        expr += draw(coeff) * sym_
    return expr


@st.composite
def range_pairs(draw):
    symbols = [s, t][: draw(st.integers(min_value=1, max_value=2))]
    ranges = []
    for _ in range(2):
        start = draw(affine(symbols))
        # Mostly "start + length" (how real slices/updates are written, and
        # rarely empty); sometimes an independent end, which may wrap or be empty.
        end = start + draw(affine(symbols)) if draw(st.integers(0, 3)) else draw(affine(symbols))
        ranges.append(ByteRange(start, end))
    return symbols, ranges[0], ranges[1]


@settings(max_examples=120, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(case=range_pairs())
def test_verdict_agrees_with_brute_force_enumeration(case):
    symbols, a, b = case
    names = [sym_.name for sym_ in symbols]
    facts = [Fact(f"{n} <= {DOMAIN - 1}", sym_, "ule", DOMAIN - 1) for n, sym_ in zip(names, symbols)]
    envs = [dict(zip(names, values)) for values in itertools.product(range(DOMAIN), repeat=len(names))]
    overlapping = [env for env in envs if ranges_overlap_at(a, b, env)]
    wrapping = [env for env in envs if range_wraps_at(a, env) or range_wraps_at(b, env)]
    p = prove_disjoint(a, b, facts, timeout_ms=20000)
    assert p.verdict != UNKNOWN
    if overlapping:
        assert p.verdict == MAY_OVERLAP
        cex = p.counterexample
        assert all(0 <= cex.get(n, 0) < DOMAIN for n in names)
        assert really_overlap(a, b, {n: cex.get(n, 0) for n in names})
    elif wrapping:
        assert p.verdict == MAY_WRAP
        cex = {n: p.counterexample.get(n, 0) for n in names}
        assert all(0 <= v < DOMAIN for v in cex.values())
        assert range_wraps_at(a, cex) or range_wraps_at(b, cex)
    else:
        assert p.verdict == DISJOINT
        assert set(p.facts_used) <= {f.name for f in facts}


# -- refutation by trial (no z3) ------------------------------------------------------------


def test_trial_refutes_an_equality_a_small_value_breaks():
    assert refute_by_trial(8192 * s, "eq", 33554432) == {"s": 0}


def test_a_trial_counterexample_satisfies_every_fact():
    facts = [Fact("assume.int s >= 5", s, "uge", 5), Fact("assume.int s <= 5", s, "ule", 5)]
    env = refute_by_trial(8192 * s, "eq", 0, facts)
    assert env == {"s": 5}
    assert prove_relation(8192 * s, "eq", 0, facts).verdict == REFUTED


def test_trial_finds_nothing_where_the_relation_always_holds():
    assert refute_by_trial(s + 16 - s, "eq", 16) is None
    assert refute_by_trial(8192 * s, "eq", 40960, [Fact("assume.int s == 5", s, "eq", 5)]) is None


def test_trial_finds_nothing_under_contradictory_facts():
    facts = [Fact("s <= 1", s, "ule", 1), Fact("s >= 2", s, "uge", 2)]
    assert refute_by_trial(s, "eq", 7, facts) is None


@settings(max_examples=50, deadline=None)
@given(a=st.integers(0, 64), b=st.integers(0, 64), c=st.integers(0, 1 << 20))
def test_a_trial_refutation_is_one_z3_agrees_with(a: int, b: int, c: int):
    """Whatever the trial finds is a counterexample z3 cannot rule out: the relation is refuted."""
    env = refute_by_trial(a * s + b * t, "eq", c, [Fact("t <= 3", t, "ule", 3)])
    if env is not None:
        assert evaluate(a * s + b * t, env) != c and env["t"] <= 3
        assert prove_relation(a * s + b * t, "eq", c, [Fact("t <= 3", t, "ule", 3)]).verdict == REFUTED
