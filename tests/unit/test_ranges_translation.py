"""The IR-to-sympy translation of index arithmetic agrees with the compiler's own arithmetic.

Ground truth is MLIR itself: the same random function with its arguments replaced by constants
is canonicalised, and arith's folders compute every value with exact 64-bit semantics. The
translation of the symbolic version, evaluated at those arguments, must give the same numbers.
"""

from __future__ import annotations

import hypothesis.strategies as st
import sympy
from hypothesis import HealthCheck, assume, given, settings
from iree.compiler import ir, passmanager

from stream_model.symbolic.index_arith import evaluate, pretty
from stream_model.symbolic.ranges import IndexTranslator

BINARY = [
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.divui",
    "arith.divsi",
    "arith.remui",
    "arith.remsi",
    "arith.ceildivui",
    "arith.ceildivsi",
    "arith.floordivsi",
    "arith.minui",
    "arith.maxui",
    "arith.minsi",
    "arith.maxsi",
]
PREDICATES = ["eq", "ne", "slt", "sle", "sgt", "sge", "ult", "ule", "ugt", "uge"]
AFFINE = [
    "affine_map<(d0, d1) -> (d0 * 3 + d1)>",
    "affine_map<(d0, d1) -> (d0 floordiv 4 - d1)>",
    "affine_map<(d0, d1) -> (d0 mod 8 + d1 ceildiv 2)>",
    "affine_map<(d0)[s0] -> (d0 * 8192 - s0 * 8192 + 8192)>",
]
INTERESTING = [0, 1, 2, 3, 7, 8192, 4095, 2**31, 2**63 - 1, 2**63, 2**64 - 1, 2**64 - 8192]


@st.composite
def programs(draw: st.DrawFn) -> list[str]:
    """Lines of a function body over %a, %b: each defines %vN from earlier values."""
    values = ["%a", "%b"]
    lines: list[str] = []
    for i in range(draw(st.integers(1, 8))):
        pick = lambda: draw(st.sampled_from(values))  # noqa: E731
        kind = draw(st.sampled_from(["binary", "binary", "binary", "const", "select", "affine", "min"]))
        name = f"%v{i}"
        if kind == "binary":
            lines.append(f"{name} = {draw(st.sampled_from(BINARY))} {pick()}, {pick()} : index")
        elif kind == "const":
            lines.append(f"{name} = arith.constant {draw(st.sampled_from(INTERESTING[:8]))} : index")
        elif kind == "select":
            pred = draw(st.sampled_from(PREDICATES))
            lines.append(f"%c{i} = arith.cmpi {pred}, {pick()}, {pick()} : index")
            lines.append(f"{name} = arith.select %c{i}, {pick()}, {pick()} : index")
        elif kind == "affine":
            amap = draw(st.sampled_from(AFFINE))
            operands = f"({pick()})[{pick()}]" if "[s0]" in amap else f"({pick()}, {pick()})"
            lines.append(f"{name} = affine.apply {amap}{operands}")
        else:
            op = draw(st.sampled_from(["affine.min", "affine.max"]))
            lines.append(f"{name} = {op} affine_map<(d0, d1) -> (d0, d1 + 4)>({pick()}, {pick()})")
        values.append(name)
    return lines


def _function(body: list[str], args: str, prologue: str = "") -> str:
    results = [ln.split(" = ")[0] for ln in body if ln.startswith("%v")]
    types = ", ".join(["index"] * len(results))
    return (
        f"func.func @f({args}) -> ({types}) {{\n{prologue}"
        + "".join(f"  {ln}\n" for ln in body)
        + f"  return {', '.join(results)} : {types}\n}}\n"
    )


def _folded(body: list[str], a: int, b: int) -> list[int] | None:
    """The values MLIR's folders compute, or None if some op did not fold (e.g. division by 0)."""
    signed = lambda v: v - 2**64 if v >= 2**63 else v  # noqa: E731
    prologue = f"  %a = arith.constant {signed(a)} : index\n  %b = arith.constant {signed(b)} : index\n"
    ctx = ir.Context()
    module = ir.Module.parse(_function(body, "", prologue), ctx)
    with ctx:
        passmanager.PassManager.parse("builtin.module(func.func(canonicalize))").run(module.operation)
    func = module.body.operations[0]
    ret = list(func.regions[0].blocks[0].operations)[-1]
    out = []
    for v in ret.operands:
        owner = v.owner
        if getattr(owner, "name", None) != "arith.constant":
            return None
        out.append(ir.IntegerAttr(owner.attributes["value"]).value % 2**64)
    return out


def _translated(body: list[str]) -> list[sympy.Expr]:
    ctx = ir.Context()
    module = ir.Module.parse(_function(body, "%a: index, %b: index"), ctx)
    func = module.body.operations[0]
    ret = list(func.regions[0].blocks[0].operations)[-1]
    names = iter(["a", "b"])
    fixed = {func.regions[0].blocks[0].arguments[i]: n for i, n in enumerate(["a", "b"])}
    del names
    translator = IndexTranslator(lambda v: fixed.get(v, "x"))
    return [translator.expr(v) for v in ret.operands]


@settings(max_examples=150, deadline=None, derandomize=True, suppress_health_check=[HealthCheck.too_slow])
@given(body=programs(), a=st.sampled_from(INTERESTING) | st.integers(0, 2**64 - 1), b=st.sampled_from(INTERESTING))
def test_translation_agrees_with_mlir_constant_folding(body: list[str], a: int, b: int) -> None:
    expected = _folded(body, a, b)
    assume(expected is not None)
    exprs = _translated(body)
    got = [evaluate(e, {"a": a, "b": b}) for e in exprs]
    assert got == expected, "\n".join(f"{pretty(e)} -> {g} (mlir: {x})" for e, g, x in zip(exprs, got, expected))


def test_equal_values_spelled_differently_translate_to_the_same_expression() -> None:
    body = [
        "%c1 = arith.constant 1 : index",
        "%c8192 = arith.constant 8192 : index",
        "%v0 = arith.muli %a, %c8192 : index",
        "%n = arith.addi %a, %c1 : index",
        "%m = arith.muli %n, %c8192 : index",
        "%v1 = arith.subi %m, %c8192 : index",
        "%v2 = affine.apply affine_map<(d0) -> (d0 * 8192)>(%a)",
    ]
    exprs = _translated(body)
    assert exprs[0] == exprs[1] == exprs[2] == 8192 * sympy.Symbol("a", integer=True, nonnegative=True)


def test_division_is_not_simplified_over_the_integers() -> None:
    """floor((8192*a + 8192) / 8192) is a + 1 over the integers but not modulo 2^64."""
    body = [
        "%c8192 = arith.constant 8192 : index",
        "%c1 = arith.constant 1 : index",
        "%n = arith.addi %a, %c1 : index",
        "%m = arith.muli %n, %c8192 : index",
        "%v0 = arith.divui %m, %c8192 : index",
    ]
    (expr,) = _translated(body)
    assert "udiv" in pretty(expr)
    a = 2**51  # 8192 * (a + 1) wraps: the machine quotient is 1, not a + 1
    assert evaluate(expr, {"a": a, "b": 0}) == 1
