"""Index SSA values as symbolic expressions, and the facts known about them.

Byte offsets and sizes are ``index`` values: 64-bit machine integers. Each value is translated
into a sympy expression whose meaning is its machine value (see :mod:`stream_model.symbolic.index_arith`): ring ops
(``addi``, ``subi``, ``muli``, affine ``+``/``*``) become sympy arithmetic, which sympy may
canonicalise soundly modulo 2^64 (``(step+1)*8192 - 8192`` is ``8192*step``); every other op
becomes an uninterpreted function (``udiv``, ``umin``, ``select``...). A value the translator
cannot see through (a function argument, a global, a loop variable, an op it does not know)
becomes a *symbol* named after the IR value, so that two uses of the same SSA value are the same
symbol and two different values are different symbols: that is what makes proofs about
"literally the same value" and "an equal value spelled differently" both work.

Facts are :class:`~stream_model.symbolic.proofs.Fact` objects: ``util.assume.int`` bounds, and the
in-bounds facts of accesses that execute on every path (an out-of-bounds access is undefined
behaviour, so every execution we must preserve has ``start <= end <= size``).
"""

from __future__ import annotations

import re
from collections.abc import Callable

import sympy
from iree.compiler import ir

from ..ir.util import FUNCTION_OPS, defining_op, function_of_value, parent_op, parent_op_of_block
from ..semantics.op_table import Bound, Plus, branch_operands
from ..semantics.ops import (
    AFFINE_APPLY,
    AFFINE_MAX,
    AFFINE_MIN,
    ARITH_ADDI,
    ARITH_CEILDIVSI,
    ARITH_CEILDIVUI,
    ARITH_CMPI,
    ARITH_CONSTANT,
    ARITH_DIVSI,
    ARITH_DIVUI,
    ARITH_FLOORDIVSI,
    ARITH_INDEX_CAST,
    ARITH_INDEX_CASTUI,
    ARITH_MAXSI,
    ARITH_MAXUI,
    ARITH_MINSI,
    ARITH_MINUI,
    ARITH_MULI,
    ARITH_REMSI,
    ARITH_REMUI,
    ARITH_SELECT,
    ARITH_SUBI,
    ASSUME_INT,
    GLOBAL_LOAD,
    UTIL_ALIGN,
)
from . import index_arith as sym
from .proofs import Fact

_RING = {ARITH_ADDI: lambda a, b: a + b, ARITH_SUBI: lambda a, b: a - b, ARITH_MULI: lambda a, b: a * b}
_FUNCS: dict[str, Callable[..., sympy.Expr]] = {
    ARITH_DIVUI: sym.udiv,
    ARITH_DIVSI: sym.sdiv,
    ARITH_CEILDIVUI: sym.ceildivu,
    ARITH_CEILDIVSI: sym.ceildivs,
    ARITH_FLOORDIVSI: sym.floordivs,
    ARITH_REMUI: sym.urem,
    ARITH_REMSI: sym.srem,
    ARITH_MINUI: sym.umin,
    ARITH_MAXUI: sym.umax,
    ARITH_MINSI: sym.smin,
    ARITH_MAXSI: sym.smax,
}
_CMP = {
    0: sym.cmp_eq,
    1: sym.cmp_ne,
    2: sym.cmp_slt,
    3: sym.cmp_sle,
    4: sym.cmp_sgt,
    5: sym.cmp_sge,
    6: sym.cmp_ult,
    7: sym.cmp_ule,
    8: sym.cmp_ugt,
    9: sym.cmp_uge,
}  # arith.cmpi predicate numbering


def is_64bit_integer(t: ir.Type) -> bool:
    if isinstance(t, ir.IndexType):
        return True
    return isinstance(t, ir.IntegerType) and ir.IntegerType(t).width == 64


class IndexTranslator:
    """Translates index values of one module into sympy expressions (memoised per value)."""

    def __init__(self, name_of: Callable[[ir.Value], str]) -> None:
        self._name_of = name_of
        self._cache: dict[ir.Value, sympy.Expr] = {}
        self._in_progress: set[ir.Value] = set()
        # Symbol names are unique per function: values of different functions never meet in
        # one query, and a name must never stand for two values that could.
        # The one registry of symbol names: every symbol of a function, of an IR value or
        # minted by ``fresh_symbol`` (then mapped to a private marker object), has a distinct
        # name, so no two things ever share a z3 variable.
        self._symbols: dict[tuple[ir.Operation | None, str], object] = {}
        self._assume_facts: dict[ir.Operation | None, list[tuple[Fact, ir.Operation]]] = {}

    @property
    def minted(self) -> int:
        """How many symbols exist so far: what is read from :meth:`symbols_of` stays current
        while this does not change."""
        return len(self._symbols)

    def symbols_of(self, function: ir.Operation | None) -> list[tuple[sympy.Symbol, ir.Value]]:
        """The symbols created so far for values of ``function``, with the values they name."""
        return [
            (sym.index_symbol(name), v)
            for (scope, name), v in self._symbols.items()
            if scope == function and isinstance(v, ir.Value)
        ]

    def fresh_symbol(self, function: ir.Operation | None, base: str) -> sympy.Symbol:
        """A symbol of ``function`` that names nothing else, now or later: for values the
        analysis invents (the induction variable of another iteration, say)."""
        return self._register(function, _sanitize(base), object())

    def assume_facts(self, function: ir.Operation) -> list[tuple[Fact, ir.Operation]]:
        """``util.assume.int`` facts recorded for values of ``function`` so far, each with
        the op that establishes it."""
        return list(self._assume_facts.get(function, []))

    # -- public --------------------------------------------------------------------------
    def expr(self, value: ir.Value) -> sympy.Expr:
        cached = self._cache.get(value)
        if cached is None:
            if value in self._in_progress:
                # A block argument that reaches itself around a CFG loop: while its own
                # translation is pending it stands for itself (its symbol), which is what it
                # becomes unless every predecessor agrees on something else.
                return self._symbol(value)
            self._in_progress.add(value)
            try:
                cached = self._cache[value] = self._translate(value)
            finally:
                self._in_progress.discard(value)
        return cached

    def bound(self, b: Bound) -> sympy.Expr | None:
        """A range bound as an expression (None: unknown)."""
        if b is None:
            return None
        if isinstance(b, int):
            return sympy.Integer(b)
        if isinstance(b, Plus):
            return self.expr(b.base) + b.delta
        return self.expr(b)

    # -- translation ---------------------------------------------------------------------
    def _symbol(self, value: ir.Value, hint: str | None = None) -> sympy.Symbol:
        return self._register(function_of_value(value), _sanitize(hint or self._name_of(value)), value)

    def _register(self, scope: ir.Operation | None, base: str, owner: object) -> sympy.Symbol:
        name, n = base, 1
        while (scope, name) in self._symbols and self._symbols[(scope, name)] != owner:
            n += 1
            name = f"{base}_{n}"
        self._symbols[(scope, name)] = owner
        return sym.index_symbol(name)

    def _translate(self, value: ir.Value) -> sympy.Expr:
        if not is_64bit_integer(value.type):
            return self._symbol(value)
        owner = value.owner
        if not isinstance(owner, ir.Operation) and not isinstance(owner, ir.OpView):
            return self._block_argument(value, owner)
        op = owner.operation if isinstance(owner, ir.OpView) else owner
        name = op.name
        operands = list(op.operands)
        if name == ARITH_CONSTANT:
            return sympy.Integer(ir.IntegerAttr(op.attributes["value"]).value)
        if name in _RING:
            return _RING[name](self.expr(operands[0]), self.expr(operands[1]))
        if name in _FUNCS:
            return _FUNCS[name](self.expr(operands[0]), self.expr(operands[1]))
        if name in (ARITH_INDEX_CAST, ARITH_INDEX_CASTUI) and is_64bit_integer(operands[0].type):
            return self.expr(operands[0])  # 64-bit to 64-bit: the same bits
        if name == ARITH_SELECT:
            cond = self._condition(operands[0])
            return sym.select(cond, self.expr(operands[1]), self.expr(operands[2]))
        if name == AFFINE_APPLY:
            return self._affine(op, 0)
        if name in (AFFINE_MIN, AFFINE_MAX):
            fold = sym.smin if name == AFFINE_MIN else sym.smax
            results = self._affine_results(op)
            out = results[0]
            for r in results[1:]:
                out = fold(out, r)
            return out
        if name == UTIL_ALIGN:
            return self._align(value, self.expr(operands[0]), self.expr(operands[1]))
        if name == ASSUME_INT:
            # In the entry block the assumption holds for the operand on every call: the result
            # is the operand. Elsewhere it holds only where the op runs: a fresh symbol carries it.
            index = list(op.results).index(value)
            inner = self.expr(operands[index]) if _in_entry_block(op) else self._symbol(value)
            self._record_assume(op, index, inner, value)
            return inner
        if name == GLOBAL_LOAD:
            hint = ir.FlatSymbolRefAttr(op.attributes["global"]).value
            return self._symbol(value, hint)
        return self._symbol(value)

    def _block_argument(self, value: ir.Value, block: ir.Block) -> sympy.Expr:
        """A block argument of a function's CFG is the value its predecessors pass: when every
        predecessor is a ``cf`` branch passing values that translate to one expression, it is
        that expression (``cf.br ^bb1(%step)`` then ``8192 * %st`` is ``8192 * step``);
        otherwise, and for every other block argument (entry blocks, region bodies), a symbol
        of its own."""
        parent = parent_op_of_block(block)
        if parent is None or parent.name not in FUNCTION_OPS or block == parent.regions[0].blocks[0]:
            return self._symbol(value)
        index = list(block.arguments).index(value)
        passed: list[sympy.Expr] = []
        for pred in block.predecessors:
            terminator = list(pred.operations)[-1].operation
            forwarded = branch_operands(terminator)
            if forwarded is None:
                return self._symbol(value)
            for successor, operands in zip(terminator.successors, forwarded):
                if successor == block:
                    passed.append(self.expr(operands[index]))
        if passed and all(e == passed[0] for e in passed):
            return passed[0]
        return self._symbol(value)

    def _align(self, value: ir.Value, v: sympy.Expr, a: sympy.Expr) -> sympy.Expr:
        """``util.align v, a`` as IREE folds and lowers it: ``(v + a - 1) & ~(a - 1)``.

        That is "round up to a multiple of ``a``" only for a power of two; for any other
        alignment the mask means something else (``util.align 16, 12`` is 16, not 24), and
        IREE 3.13's own constant folder rounds up instead (``util.align 3, 3`` folds to 3 but
        runs as 5 on the VM): which value a program sees depends on whether the folder ran. So
        a constant power of two is translated exactly, two constants are folded only where
        both of IREE's answers agree, and everything else is a symbol (no claim at all)."""
        if isinstance(a, sympy.Integer):
            align = int(a) % 2**64
            if align and align & (align - 1) == 0:
                return sym.udiv(v + a - 1, a) * a
            if isinstance(v, sympy.Integer):
                masked = ((int(v) + align - 1) & ~(align - 1)) % 2**64
                rounded = -(-(int(v) % 2**64) // align) * align % 2**64 if align else None
                if masked == rounded:
                    return sympy.Integer(masked)
        return self._symbol(value)

    def _condition(self, value: ir.Value) -> sympy.Expr:
        op = defining_op(value)
        if isinstance(op, ir.Operation) and op.name == ARITH_CMPI:
            a, b = list(op.operands)
            if is_64bit_integer(a.type):
                pred = ir.IntegerAttr(op.attributes["predicate"]).value
                return _CMP[pred](self.expr(a), self.expr(b))
        return self._symbol(value)

    def _affine_results(self, op: ir.Operation) -> list[sympy.Expr]:
        amap = ir.AffineMapAttr(op.attributes["map"]).value
        operands = [self.expr(v) for v in op.operands]
        dims, syms = operands[: amap.n_dims], operands[amap.n_dims :]
        return [_affine_expr(e, dims, syms) for e in amap.results]

    def _affine(self, op: ir.Operation, index: int) -> sympy.Expr:
        return self._affine_results(op)[index]

    def _record_assume(self, op: ir.Operation, index: int, expr: sympy.Expr, value: ir.Value) -> None:
        """``util.assume.int`` rows are alternatives (one per call site): take their hull."""
        rows = ir.ArrayAttr(op.attributes["assumptions"])[index]
        rows = list(rows) if isinstance(rows, ir.ArrayAttr) else [rows]
        umins, umaxs = [], []
        for row in rows:
            text = str(row)
            lo, hi = re.search(r"umin\s*=\s*(\d+)", text), re.search(r"umax\s*=\s*(\d+)", text)
            umins.append(int(lo.group(1)) if lo else None)
            umaxs.append(int(hi.group(1)) if hi else None)
        name = self._name_of(value)
        facts = self._assume_facts.setdefault(function_of_value(value), [])
        lows = [u for u in umins if u is not None]
        highs = [u for u in umaxs if u is not None]
        if umins and len(lows) == len(umins):
            facts.append((Fact(f"assume.int {name} >= {min(lows)}", expr, "uge", sympy.Integer(min(lows))), op))
        if umaxs and len(highs) == len(umaxs):
            facts.append((Fact(f"assume.int {name} <= {max(highs)}", expr, "ule", sympy.Integer(max(highs))), op))


def _in_entry_block(op: ir.Operation) -> bool:
    parent = parent_op(op)
    return parent is not None and parent.name in FUNCTION_OPS and len(parent.regions[0].blocks) == 1


def _affine_expr(e: ir.AffineExpr, dims: list[sympy.Expr], syms: list[sympy.Expr]) -> sympy.Expr:
    if isinstance(e, ir.AffineConstantExpr):
        return sympy.Integer(ir.AffineConstantExpr(e).value)
    if isinstance(e, ir.AffineDimExpr):
        return dims[ir.AffineDimExpr(e).position]
    if isinstance(e, ir.AffineSymbolExpr):
        return syms[ir.AffineSymbolExpr(e).position]
    if isinstance(e, ir.AffineAddExpr):
        b = ir.AffineAddExpr(e)
        return _affine_expr(b.lhs, dims, syms) + _affine_expr(b.rhs, dims, syms)
    if isinstance(e, ir.AffineMulExpr):
        b = ir.AffineMulExpr(e)
        return _affine_expr(b.lhs, dims, syms) * _affine_expr(b.rhs, dims, syms)
    for cls, fn in (
        (ir.AffineFloorDivExpr, sym.floordivs),
        (ir.AffineCeilDivExpr, sym.ceildivs),
        (ir.AffineModExpr, sym.mods),
    ):
        if isinstance(e, cls):
            b = cls(e)
            return fn(_affine_expr(b.lhs, dims, syms), _affine_expr(b.rhs, dims, syms))
    raise ValueError(f"unsupported affine expression {e}")


def _sanitize(name: str) -> str:
    name = name.lstrip("%@")
    name = re.sub(r"[^0-9A-Za-z_]", "_", name)
    if not name or name[0].isdigit():
        name = "v" + name
    return name
