"""Specification tests for stream_model.symbolic.index_arith: 64-bit machine semantics of index expressions."""

from __future__ import annotations

import pytest
import sympy
import z3
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from stream_model.symbolic import index_arith as sym
from stream_model.symbolic.index_arith import (
    INDEX_BITS,
    INDEX_MASK,
    MACHINE_FUNCTIONS,
    UnsupportedExpressionError,
    canonicalize,
    ceildivs,
    ceildivu,
    cmp_eq,
    cmp_ne,
    cmp_sge,
    cmp_sgt,
    cmp_sle,
    cmp_slt,
    cmp_uge,
    cmp_ugt,
    cmp_ule,
    cmp_ult,
    divisors,
    evaluate,
    floordivs,
    free_symbols_sorted,
    index_symbol,
    mods,
    pretty,
    sdiv,
    select,
    smax,
    smin,
    srem,
    to_z3,
    udiv,
    umax,
    umin,
    urem,
)

M = 1 << 64
INT_MIN = 1 << 63
s = index_symbol("s")
t = index_symbol("t")
step = index_symbol("step")


def z3_value(expr: sympy.Expr, env: dict[str, int]) -> int:
    """Concrete value of to_z3(expr) with every variable substituted by a numeral."""
    variables: dict[str, z3.BitVecRef] = {}
    term = to_z3(expr, variables)
    pairs = [(v, z3.BitVecVal(env[name] % M, INDEX_BITS)) for name, v in variables.items()]
    folded = z3.simplify(z3.substitute(term, *pairs) if pairs else term)
    assert z3.is_bv_value(folded), folded
    return folded.as_long()


# ---------------------------------------------------------------- ring ops


def test_index_width_is_64_bits():
    assert INDEX_BITS == 64 and INDEX_MASK == M - 1


def test_index_symbol_is_a_nonnegative_integer_symbol():
    x = index_symbol("x")
    assert x.name == "x" and x.is_integer and x.is_nonnegative


def test_sympy_canonicalises_ring_ops():
    assert (s + 1) * 8192 - 8192 == 8192 * s


def test_ring_ops_wrap_modulo_2_64():
    assert evaluate(8192 * (s + 1), {"s": 2**51 - 1}) == 0
    assert evaluate(s + 1, {"s": M - 1}) == 0
    assert evaluate(s * s, {"s": 2**32}) == 0


def test_negative_constants_are_twos_complement():
    assert evaluate(sympy.Integer(-1), {}) == M - 1
    assert evaluate(s - 4, {"s": 0}) == M - 4


def test_env_values_are_reduced_to_machine_values():
    assert evaluate(s, {"s": -1}) == M - 1
    assert evaluate(s, {"s": M + 5}) == 5


def test_pow_with_positive_exponent_is_repeated_multiplication():
    assert evaluate(s**3, {"s": 2**22}) == 0  # 2**66 wraps
    assert evaluate(s**3, {"s": 3}) == 27


def test_evaluate_missing_symbol_names_it():
    with pytest.raises(KeyError, match="'s'"):
        evaluate(s + 1, {})


# ---------------------------------------------------------------- rejected nodes


def test_rational_coefficient_is_rejected_by_evaluate():
    with pytest.raises(UnsupportedExpressionError):
        evaluate(s / 2, {"s": 4})


def test_rational_coefficient_is_rejected_by_to_z3():
    with pytest.raises(UnsupportedExpressionError):
        to_z3(s / 2 + 1, {})


def test_rational_argument_is_rejected_by_machine_functions():
    with pytest.raises(UnsupportedExpressionError):
        udiv(s / 2, 3)
    with pytest.raises(UnsupportedExpressionError):
        umin(sympy.Rational(1, 3), s)


def test_float_is_rejected():
    with pytest.raises(UnsupportedExpressionError):
        evaluate(sympy.Float(1.5) * s, {"s": 1})


def test_negative_exponent_is_rejected():
    with pytest.raises(UnsupportedExpressionError):
        evaluate(sympy.Pow(s, -1), {"s": 1})


def test_sympy_integer_only_functions_are_rejected():
    # sympy.Mod / Min reason over unbounded integers; they must not be interpreted.
    with pytest.raises(UnsupportedExpressionError):
        evaluate(sympy.Mod(s, 3), {"s": 1})
    with pytest.raises(UnsupportedExpressionError):
        to_z3(sympy.Min(s, t), {})


# ---------------------------------------------------------------- opaque non-ring ops


def test_udiv_does_not_simplify_symbolically():
    q = udiv(8192 * s + 8192, 8192)
    assert isinstance(q, udiv)
    assert q != s + 1


def test_udiv_of_wrapped_numerator_differs_from_integer_simplification():
    # floor((8192*s + 8192) / 8192) = s + 1 over Z, but not modulo 2**64.
    env = {"s": 2**51 - 1}
    assert evaluate(udiv(8192 * s + 8192, 8192), env) == 0
    assert evaluate(s + 1, env) == 2**51


def test_floordivs_and_mods_do_not_simplify_symbolically():
    assert isinstance(floordivs(4 * s + 4, 4), floordivs)
    assert isinstance(mods(4 * s + 4, 4), mods)


def test_machine_functions_fold_on_integer_arguments():
    assert udiv(7, 2) == 3
    assert urem(7, 2) == 1
    assert sdiv(-7, 2) == -3  # truncating
    assert srem(-7, 2) == -1  # sign of dividend
    assert floordivs(-7, 2) == -4
    assert mods(-7, 2) == 1
    assert ceildivs(-7, 2) == -3
    assert ceildivs(7, 2) == 4
    assert ceildivu(7, 2) == 4
    assert ceildivu(8, 2) == 4


def test_folded_constants_use_the_signed_representative():
    assert s + sdiv(-8, 2) == s - 4
    assert udiv(-1, 1) == -1  # 2**64 - 1, the same machine value


def test_unsigned_functions_read_negative_constants_as_huge():
    assert evaluate(udiv(-2, 2), {}) == (M - 2) // 2
    assert evaluate(umin(-1, 5), {}) == 5
    assert evaluate(umax(-1, 5), {}) == M - 1


def test_signed_min_max_read_the_sign_bit():
    assert evaluate(smin(-1, 5), {}) == M - 1
    assert evaluate(smax(-1, 5), {}) == 5


def test_min_max_are_variadic_and_one_argument_is_identity():
    assert evaluate(smin(s, 3, -2), {"s": 1}) == M - 2
    assert umax(s) == s


def test_comparisons_distinguish_signed_and_unsigned():
    env = {"s": M - 1, "t": 0}  # s is -1 when read signed
    assert evaluate(cmp_ult(s, t), env) == 0
    assert evaluate(cmp_slt(s, t), env) == 1
    assert evaluate(cmp_ugt(s, t), env) == 1
    assert evaluate(cmp_sgt(s, t), env) == 0
    assert evaluate(cmp_uge(s, s), env) == 1 and evaluate(cmp_ule(s, s), env) == 1
    assert evaluate(cmp_sge(t, s), env) == 1 and evaluate(cmp_sle(s, t), env) == 1
    assert evaluate(cmp_eq(s, -1), env) == 1 and evaluate(cmp_ne(s, t), env) == 1


def test_select_picks_first_operand_on_nonzero_condition():
    assert evaluate(select(s, 10, 20), {"s": 7}) == 10
    assert evaluate(select(s, 10, 20), {"s": 0}) == 20


def test_select_with_constant_condition_folds_even_with_symbolic_operands():
    assert select(1, s, t) == s
    assert select(0, s, t) == t


def test_fixed_arity_is_enforced():
    with pytest.raises(TypeError):
        udiv(s)


# ---------------------------------------------------------------- division by zero / overflow


@pytest.mark.parametrize(
    "expr, expected",
    [
        (udiv(s, t), M - 1),
        (urem(s, t), 5),
        (sdiv(s, t), M - 1),  # non-negative dividend -> -1
        (srem(s, t), 5),
        (ceildivu(s, t), 0),  # udiv + (urem != 0) = (2**64 - 1) + 1
        (floordivs(s, t), M - 1),
        (mods(s, t), 5),
    ],
)
def test_division_by_zero_uses_smtlib_total_semantics(expr, expected):
    assert evaluate(expr, {"s": 5, "t": 0}) == expected
    assert z3_value(expr, {"s": 5, "t": 0}) == expected


def test_signed_division_by_zero_of_negative_dividend_is_one():
    assert evaluate(sdiv(s, t), {"s": -5, "t": 0}) == 1
    assert z3_value(sdiv(s, t), {"s": -5, "t": 0}) == 1


def test_signed_division_overflow_wraps():
    env = {"s": INT_MIN, "t": M - 1}
    assert evaluate(sdiv(s, t), env) == INT_MIN
    assert evaluate(srem(s, t), env) == 0
    assert z3_value(sdiv(s, t), env) == INT_MIN


def test_divisors_lists_every_divisor_operand():
    assert divisors(udiv(s, t) + mods(s, 4) + s) == [4, t]


# ---------------------------------------------------------------- z3 translation


def test_to_z3_creates_and_shares_variables():
    variables: dict[str, z3.BitVecRef] = {}
    to_z3(s + t, variables)
    to_z3(udiv(s, 3), variables)
    assert sorted(variables) == ["s", "t"]
    assert all(v.size() == 64 for v in variables.values())


def test_to_z3_uses_truncating_signed_division_and_remainder():
    env = {"s": -7, "t": 2}
    assert z3_value(sdiv(s, t), env) == (-3) % M
    assert z3_value(srem(s, t), env) == (-1) % M
    assert z3_value(mods(s, t), env) == 1


def test_to_z3_respects_an_explicit_context():
    ctx = z3.Context()
    term = to_z3(s + 1, {}, ctx=ctx)
    assert term.ctx == ctx


def test_deep_expressions_do_not_hit_the_recursion_limit():
    expr = s
    for i in range(1500):
        expr = select(cmp_ult(expr, i), expr + 1, udiv(expr, 2))
    assert evaluate(expr, {"s": 0}) == z3_value(expr, {"s": 0})


# ---------------------------------------------------------------- printing and helpers


def test_pretty_prints_polynomials_readably():
    assert pretty(8192 * step + 8192) == "8192*step + 8192"
    assert pretty((step + 1) * 8192 - 8192) == "8192*step"


def test_pretty_prints_machine_functions_by_name():
    assert pretty(udiv(step, 4)) == "udiv(step, 4)"
    assert pretty(select(cmp_ult(step, 8), step, 8)) == "select(cmp_ult(step, 8), step, 8)"


def test_free_symbols_sorted_returns_names_in_order():
    assert free_symbols_sorted(udiv(t, s) + step) == ["s", "step", "t"]
    assert free_symbols_sorted(sympy.Integer(3)) == []


def test_canonicalize_reduces_constants_modulo_2_64():
    assert canonicalize(s + 2**64 + 3) == s + 3
    assert canonicalize(s + (2**64 - 1)) == s - 1


def test_machine_function_registry_lists_every_operation():
    assert set(MACHINE_FUNCTIONS) == {
        "udiv",
        "sdiv",
        "ceildivu",
        "ceildivs",
        "floordivs",
        "urem",
        "srem",
        "mods",
        "umin",
        "umax",
        "smin",
        "smax",
        "cmp_eq",
        "cmp_ne",
        "cmp_ult",
        "cmp_ule",
        "cmp_ugt",
        "cmp_uge",
        "cmp_slt",
        "cmp_sle",
        "cmp_sgt",
        "cmp_sge",
        "select",
    }


# ---------------------------------------------------------------- properties

EDGE_VALUES = [0, 1, 2, 3, 7, 8192, INT_MIN - 1, INT_MIN, INT_MIN + 1, M - 2, M - 1]
machine_words = st.one_of(
    st.sampled_from(EDGE_VALUES),
    st.integers(min_value=0, max_value=M - 1),
    st.integers(min_value=M - 1000, max_value=M - 1),
    st.integers(min_value=0, max_value=64),
)
constants = st.one_of(
    st.sampled_from([0, 1, 2, 3, -1, -2, 8192, INT_MIN, M - 1]),
    st.integers(min_value=-(2**63), max_value=M - 1),
)
# Symbols are weighted up: an all-constant subtree is folded by sympy at
# construction and would then never reach z3 as an operation.
leaves = st.one_of(st.sampled_from([s, t, s, t, s + t, 8 * s]), constants.map(sympy.Integer))

BINARY = [
    udiv,
    sdiv,
    ceildivu,
    ceildivs,
    floordivs,
    urem,
    srem,
    mods,
    umin,
    umax,
    smin,
    smax,
    cmp_eq,
    cmp_ne,
    cmp_ult,
    cmp_ule,
    cmp_ugt,
    cmp_uge,
    cmp_slt,
    cmp_sle,
    cmp_sgt,
    cmp_sge,
]


def _extend(children):
    binary_fn = st.tuples(st.sampled_from(BINARY), children, children).map(lambda x: x[0](x[1], x[2]))
    ring = st.tuples(st.sampled_from(["+", "-", "*"]), children, children).map(
        lambda x: x[1] + x[2] if x[0] == "+" else x[1] - x[2] if x[0] == "-" else x[1] * x[2]
    )
    power = st.tuples(children, st.integers(min_value=2, max_value=3)).map(lambda x: x[0] ** x[1])
    sel = st.tuples(children, children, children).map(lambda x: select(*x))
    return st.one_of(binary_fn, binary_fn, binary_fn, ring, power, sel)


trees = st.recursive(leaves, _extend, max_leaves=16)
# Rooted at a machine function so that almost every example exercises one.
expressions = st.tuples(st.sampled_from(BINARY), trees, trees).map(lambda x: x[0](x[1], x[2]))
environments = st.fixed_dictionaries({"s": machine_words, "t": machine_words})


@settings(max_examples=300, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(expr=expressions, env=environments)
def test_evaluate_agrees_with_z3_on_random_expression_trees(expr, env):
    assert evaluate(expr, env) == z3_value(expr, env)


@settings(max_examples=200, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(expr=expressions, env=environments)
def test_constant_folding_agrees_with_evaluate(expr, env):
    folded = expr.subs({s: env["s"], t: env["t"]}, simultaneous=True)
    assert folded.is_Integer
    assert int(folded) % M == evaluate(expr, env)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(fn=st.sampled_from(BINARY), a=machine_words, b=machine_words)
def test_each_binary_function_matches_z3_on_edge_values(fn, a, b):
    expr = fn(s, t)
    env = {"s": a, "t": b}
    assert evaluate(expr, env) == z3_value(expr, env)


@settings(max_examples=200, deadline=None, derandomize=True)
@given(a=machine_words, b=st.integers(min_value=1, max_value=2**63 - 1))
def test_signed_rounding_functions_match_their_definitions_for_positive_divisors(a, b):
    env = {"s": a, "t": b}
    sa = a - M if a >= INT_MIN else a
    assert evaluate(floordivs(s, t), env) == (sa // b) % M
    assert evaluate(ceildivs(s, t), env) == (-((-sa) // b)) % M
    assert evaluate(mods(s, t), env) == sa % b
    assert evaluate(ceildivu(s, t), env) == (-((-a) // b)) % M


def test_module_does_not_import_iree():
    import inspect

    assert "import iree" not in inspect.getsource(sym)
