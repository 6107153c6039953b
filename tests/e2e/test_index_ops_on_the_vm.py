"""Every index op the translator models, against what IREE really computes: its folders and
its VM lowering, at boundary values (0, 1, powers of two and not, 2^63, 2^64 - 1).

The hypothesis test in ``test_ranges_translation`` compares random expressions with MLIR's
constant folding; this file adds the other half of "exactly as IREE folds and lowers it": each
op compiled for the VM and run on the IREE runtime. ``util.align`` is the op that once differed
(the model rounded up to a multiple; IREE computes ``(v + a - 1) & ~(a - 1)``): the translation
must either agree with the VM or make no claim (a symbol of its own).
"""

from __future__ import annotations

import itertools

import pytest
import sympy
from iree.compiler import compile_str, ir, passmanager

from stream_model.symbolic.index_arith import evaluate
from stream_model.symbolic.ranges import IndexTranslator

BOUNDARY = [0, 1, 2, 3, 12, 16, 4096, 2**63 - 1, 2**63, 2**64 - 1]
ALIGNMENTS = [0, 1, 2, 3, 12, 32, 4096, 2**63]
# Ops the VM traps on, or whose result MLIR leaves undefined, at some of these inputs.
DIVISIONS = {
    "arith.divui",
    "arith.divsi",
    "arith.remui",
    "arith.remsi",
    "arith.ceildivui",
    "arith.ceildivsi",
    "arith.floordivsi",
}
BINARY = [
    "arith.addi",
    "arith.subi",
    "arith.muli",
    "arith.minui",
    "arith.maxui",
    "arith.minsi",
    "arith.maxsi",
    *sorted(DIVISIONS),
    "util.align",
]

pytestmark = pytest.mark.e2e


def _signed(v: int) -> int:
    return v - 2**64 if v >= 2**63 else v


def _defined(op: str, a: int, b: int) -> bool:
    if op in DIVISIONS:
        return b != 0 and not (op.endswith("si") and _signed(a) == -(2**63) and _signed(b) == -1)
    return True


def _function(i: int, op: str) -> str:
    return (
        f"util.func public @op{i}(%a: i64, %b: i64) -> i64 {{\n"
        "  %x = arith.index_castui %a : i64 to index\n  %y = arith.index_castui %b : i64 to index\n"
        f"  %r = {op} %x, %y : index\n"
        "  %z = arith.index_castui %r : index to i64\n  util.return %z : i64\n}\n"
    )


@pytest.fixture(scope="module")
def vm():
    import iree.runtime as rt

    vmfb = compile_str(
        "".join(_function(i, op) for i, op in enumerate(BINARY)),
        extra_args=["--iree-hal-target-device=local", "--iree-hal-local-target-device-backends=llvm-cpu"],
    )
    ctx = rt.SystemContext(config=rt.Config("local-sync"))
    ctx.add_vm_module(rt.VmModule.copy_buffer(ctx.instance, vmfb))
    module = ctx.modules.module
    return lambda op, a, b: int(module[f"op{BINARY.index(op)}"](_signed(a), _signed(b))) % 2**64


def _translated(op: str, b: int | None) -> tuple[sympy.Expr, str]:
    """``op %a, %b`` translated with %a symbolic and %b symbolic or the constant ``b``."""
    const = "" if b is None else f"  %b = arith.constant {_signed(b)} : index\n"
    args = "%a: index" + (", %b: index" if b is None else "")
    text = f"func.func @f({args}) -> index {{\n{const}  %r = {op} %a, %b : index\n  return %r : index\n}}\n"
    module = ir.Module.parse(text, ir.Context())
    func = module.body.operations[0]
    block = func.regions[0].blocks[0]
    names = {block.arguments[i]: n for i, n in enumerate(["a", "b"][: len(block.arguments)])}
    result = list(block.operations)[-1].operands[0]
    return IndexTranslator(lambda v: names.get(v, "r")).expr(result), text


def _folded(op: str, a: int, b: int) -> int | None:
    text = (
        f"func.func @f() -> index {{\n  %a = arith.constant {_signed(a)} : index\n"
        f"  %b = arith.constant {_signed(b)} : index\n  %r = {op} %a, %b : index\n  return %r : index\n}}\n"
    )
    ctx = ir.Context()
    module = ir.Module.parse(text, ctx)
    with ctx:
        passmanager.PassManager.parse("builtin.module(func.func(canonicalize))").run(module.operation)
    (ret,) = list(module.body.operations[0].regions[0].blocks[0].operations)[-1:]
    owner = ret.operands[0].owner
    if getattr(owner, "name", None) != "arith.constant":
        return None
    return ir.IntegerAttr(owner.attributes["value"]).value % 2**64


@pytest.mark.parametrize("op", BINARY)
def test_translation_agrees_with_the_vm_at_boundary_values(op: str, vm) -> None:
    symbolic, _ = _translated(op, None)
    seconds = ALIGNMENTS if op == "util.align" else BOUNDARY
    for a, b in itertools.product(BOUNDARY, seconds):
        if not _defined(op, a, b):
            continue
        expected = vm(op, a, b)
        for expr, env in ((symbolic, {"a": a, "b": b}), (_translated(op, b)[0], {"a": a})):
            if not expr.free_symbols <= {sympy.Symbol(n, integer=True, nonnegative=True) for n in env}:
                assert op == "util.align", f"{op} made no claim: {expr}"
                continue  # no claim: an opaque symbol
            assert evaluate(expr, env) == expected, (
                f"{op} {a}, {b}: model {expr} = {evaluate(expr, env)}, VM {expected}"
            )


@pytest.mark.parametrize("a,b", list(itertools.product(BOUNDARY, ALIGNMENTS)))
def test_util_align_of_constants_is_claimed_only_where_the_folder_and_the_vm_agree(a: int, b: int, vm) -> None:
    """IREE 3.13's folder rounds up to a multiple, its VM lowering masks: for alignments that
    are not powers of two they disagree (``util.align 3, 3``: folded 3, run 5). The model's
    value of two constants must be what every path through IREE computes, or no value."""
    folded, ran = _folded("util.align", a, b), vm("util.align", a, b)
    text = (
        f"func.func @f() -> index {{\n  %a = arith.constant {_signed(a)} : index\n"
        f"  %b = arith.constant {_signed(b)} : index\n  %r = util.align %a, %b : index\n  return %r : index\n}}\n"
    )
    module = ir.Module.parse(text, ir.Context())
    result = list(module.body.operations[0].regions[0].blocks[0].operations)[-1].operands[0]
    expr = IndexTranslator(lambda v: "r").expr(result)
    if expr.free_symbols:
        return  # no claim
    assert evaluate(expr, {}) == ran and folded in (None, ran), (
        f"align {a}, {b}: model {expr}, folded {folded}, VM {ran}"
    )


def test_util_align_is_exact_only_for_powers_of_two() -> None:
    exact, _ = _translated("util.align", 4096)
    opaque, _ = _translated("util.align", 12)
    assert {s.name for s in exact.free_symbols} == {"a"}
    assert {s.name for s in opaque.free_symbols} == {"r"}
