"""Symbolic `index` arithmetic with 64-bit machine semantics.

IREE byte offsets and sizes are MLIR ``index`` values.  On every target we care
about they are 64-bit machine integers that wrap around, so an expression such
as ``(s + 1) * 8192`` does *not* denote the mathematical integer: for
``s = 2**51 - 1`` it is ``0``.  A safety proof that reasons over unbounded
integers can therefore be wrong, and a wrong "disjoint" verdict turns a slice
into an alias that a later write silently corrupts.

The representation chosen here splits operations into two kinds:

* **Ring operations** (``Add``, ``Mul``, ``Integer``, ``Symbol`` and ``Pow`` with
  a positive integer exponent) are kept as ordinary sympy nodes.  Reduction
  modulo ``2**64`` is a ring homomorphism ``Z -> Z/2**64``, so every identity
  sympy uses to canonicalise polynomials over the integers also holds for the
  machine values.  We may therefore let sympy rewrite ``(s+1)*8192 - 8192`` into
  ``8192*s`` without losing soundness.  Negative constants mean their two's
  complement.  Non-integer rationals and floats have no machine meaning and are
  rejected wherever they are met.

* **Every other operation** (division, remainder, min/max, comparisons,
  select) is an uninterpreted :class:`sympy.Function` subclass whose ``eval``
  refuses to simplify symbolically.  sympy's rules for ``floor``/``Mod``/``Min``
  are only valid over unbounded integers (``floor((8192*s + 8192)/8192)`` is
  *not* ``s + 1`` modulo ``2**64``), so those operations must stay opaque.
  They fold only when all arguments are integer constants, and then to the
  exact machine result.

Division by zero
----------------
MLIR's ``arith`` dialect makes division and remainder by zero (and signed
``INT_MIN / -1``) undefined behaviour.  Any execution that reaches it has no
defined meaning, so whatever value we assign cannot make a proof about a
*defined* execution wrong.  We pick SMT-LIB's total bit-vector semantics
(which z3 implements) for both :func:`evaluate` and :func:`to_z3` so that the
concrete evaluator and the solver agree bit for bit:

* ``udiv(a, 0) = 2**64 - 1``          ``urem(a, 0) = a``
* ``sdiv(a, 0) = -1`` if ``a >= 0`` else ``1``   ``srem(a, 0) = a``
* ``sdiv(INT_MIN, -1) = INT_MIN`` (wraps), ``srem(INT_MIN, -1) = 0``

The derived operations (``ceildivu``, ``ceildivs``, ``floordivs``, ``mods``)
are *defined* by formulas over these primitives (see each class), so their
value at a zero divisor follows from the formula.  Callers that would rather
not rely on this can add ``divisor != 0`` facts obtained from
:func:`divisors`.

Semantics are written once, generically over a small "backend" interface
(:class:`_Ops`), and instantiated for Python integers (``evaluate`` and
constant folding) and for z3 bit-vectors (``to_z3``).  Sharing one definition
is what makes the two agree by construction rather than by care.
"""

from __future__ import annotations

import functools
from collections.abc import Callable, Mapping
from typing import Any, Generic, TypeVar

import sympy
import z3

from ..errors import UnsupportedExpressionError

__all__ = [
    "INDEX_BITS",
    "INDEX_MASK",
    "UnsupportedExpressionError",
    "MachineFunction",
    "index_symbol",
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
    "MACHINE_FUNCTIONS",
    "to_unsigned",
    "to_signed",
    "evaluate",
    "to_z3",
    "pretty",
    "free_symbols_sorted",
    "canonicalize",
    "divisors",
]

INDEX_BITS = 64
INDEX_MODULUS = 1 << INDEX_BITS
INDEX_MASK = INDEX_MODULUS - 1
_SIGN_BIT = 1 << (INDEX_BITS - 1)


def to_unsigned(value: int) -> int:
    """The machine value of a Python integer: reduced into ``[0, 2**64)``."""
    return int(value) & INDEX_MASK


def to_signed(value: int) -> int:
    """The two's-complement reading of a machine value, in ``[-2**63, 2**63)``."""
    v = int(value) & INDEX_MASK
    return v - INDEX_MODULUS if v & _SIGN_BIT else v


def index_symbol(name: str) -> sympy.Symbol:
    """Create the symbol for an ``index`` SSA value or loop variable.

    ``integer=True`` keeps sympy from producing non-integer terms;
    ``nonnegative=True`` is truthful because every machine value lies in
    ``[0, 2**64)`` (signed readings are produced by the signed operations, not
    by the symbol).  Symbols are identified by *name* in :func:`evaluate` and
    :func:`to_z3`.
    """
    return sympy.Symbol(name, integer=True, nonnegative=True)


# --------------------------------------------------------------------------
# Backends: one generic description of every operation, two interpretations.
# --------------------------------------------------------------------------

W = TypeVar("W")  # a machine word in the backend
B = TypeVar("B")  # a boolean in the backend


class _Ops(Generic[W, B]):
    """Operations of a backend (SMT-LIB total semantics): words ``W``, booleans ``B``.

    A backend supplies the primitives ``const``, ``add``, ``sub``, ``mul``, ``udiv``,
    ``urem``, ``sdiv``, ``srem``, ``eq``, ``ult``, ``slt``, ``not_``, ``and_`` and ``ite``
    (:class:`_IntOps`, :class:`_Z3Ops`); the helpers below derive the rest from them.
    """

    const: Callable[[int], W]
    add: Callable[[W, W], W]
    sub: Callable[[W, W], W]
    mul: Callable[[W, W], W]
    udiv: Callable[[W, W], W]
    urem: Callable[[W, W], W]
    sdiv: Callable[[W, W], W]
    srem: Callable[[W, W], W]
    eq: Callable[[W, W], B]
    ult: Callable[[W, W], B]
    slt: Callable[[W, W], B]
    not_: Callable[[B], B]
    and_: Callable[[B, B], B]
    ite: Callable[[B, W, W], W]

    # Derived helpers shared by all backends.
    def ne(self, a: W, b: W) -> B:
        return self.not_(self.eq(a, b))

    def ule(self, a: W, b: W) -> B:
        return self.not_(self.ult(b, a))

    def sle(self, a: W, b: W) -> B:
        return self.not_(self.slt(b, a))

    def bool_word(self, c: B) -> W:
        return self.ite(c, self.const(1), self.const(0))

    def pow(self, a: W, e: int) -> W:
        """``a**e`` for a positive integer ``e`` by square-and-multiply.

        Multiplication mod 2**64 is associative, so any bracketing gives the
        same machine value; square-and-multiply keeps z3 terms small.
        """
        result: W | None = None
        base = a
        while e:
            if e & 1:
                result = base if result is None else self.mul(result, base)
            e >>= 1
            if e:
                base = self.mul(base, base)
        assert result is not None
        return result


class _IntOps(_Ops[int, bool]):
    """Python-integer backend.  Words are canonical in ``[0, 2**64)``."""

    def const(self, n: int) -> int:
        return int(n) & INDEX_MASK

    def add(self, a: int, b: int) -> int:
        return (a + b) & INDEX_MASK

    def sub(self, a: int, b: int) -> int:
        return (a - b) & INDEX_MASK

    def mul(self, a: int, b: int) -> int:
        return (a * b) & INDEX_MASK

    def udiv(self, a: int, b: int) -> int:
        return INDEX_MASK if b == 0 else a // b

    def urem(self, a: int, b: int) -> int:
        return a if b == 0 else a % b

    def sdiv(self, a: int, b: int) -> int:
        sa, sb = to_signed(a), to_signed(b)
        if sb == 0:
            return INDEX_MASK if sa >= 0 else 1
        q = abs(sa) // abs(sb)  # truncation toward zero
        if (sa < 0) != (sb < 0):
            q = -q
        return q & INDEX_MASK  # INT_MIN / -1 wraps back to INT_MIN

    def srem(self, a: int, b: int) -> int:
        sa, sb = to_signed(a), to_signed(b)
        if sb == 0:
            return a
        r = abs(sa) % abs(sb)  # sign follows the dividend
        return (-r if sa < 0 else r) & INDEX_MASK

    def eq(self, a: int, b: int) -> bool:
        return a == b

    def ult(self, a: int, b: int) -> bool:
        return a < b

    def slt(self, a: int, b: int) -> bool:
        return to_signed(a) < to_signed(b)

    def not_(self, a: bool) -> bool:
        return not a

    def and_(self, a: bool, b: bool) -> bool:
        return a and b

    def ite(self, c: bool, a: int, b: int) -> int:
        return a if c else b

    def pow(self, a: int, e: int) -> int:
        return pow(a, e, INDEX_MODULUS)


class _Z3Ops(_Ops[z3.BitVecRef, z3.BoolRef]):
    """z3 64-bit bit-vector backend (SMT-LIB semantics, matching _IntOps)."""

    def __init__(self, ctx: z3.Context | None) -> None:
        self.ctx = ctx

    def const(self, n: int) -> z3.BitVecRef:
        return z3.BitVecVal(int(n) & INDEX_MASK, INDEX_BITS, ctx=self.ctx)

    def add(self, a: Any, b: Any) -> Any:
        return a + b

    def sub(self, a: Any, b: Any) -> Any:
        return a - b

    def mul(self, a: Any, b: Any) -> Any:
        return a * b

    def udiv(self, a: Any, b: Any) -> Any:
        return z3.UDiv(a, b)

    def urem(self, a: Any, b: Any) -> Any:
        return z3.URem(a, b)

    def sdiv(self, a: Any, b: Any) -> Any:
        return a / b  # z3py: `/` on bit-vectors is bvsdiv (signed, truncating)

    def srem(self, a: Any, b: Any) -> Any:
        return z3.SRem(a, b)  # NB: z3py's `%` would be bvsmod, not bvsrem

    def eq(self, a: Any, b: Any) -> Any:
        return a == b

    def ult(self, a: Any, b: Any) -> Any:
        return z3.ULT(a, b)

    def slt(self, a: Any, b: Any) -> Any:
        return a < b  # z3py: `<` on bit-vectors is signed

    def not_(self, a: Any) -> Any:
        return z3.Not(a)

    def and_(self, a: Any, b: Any) -> Any:
        return z3.And(a, b)

    def ite(self, c: Any, a: Any, b: Any) -> Any:
        return z3.If(c, a, b)


_INT_OPS = _IntOps()


# --------------------------------------------------------------------------
# The uninterpreted machine functions.
# --------------------------------------------------------------------------


def _check_machine_arg(arg: sympy.Basic) -> None:
    """Reject arguments that can never have a machine meaning, early."""
    if isinstance(arg, sympy.Float) or (arg.is_Rational and not arg.is_Integer):
        raise UnsupportedExpressionError(f"non-integer constant {arg} has no 64-bit index meaning")
    if not isinstance(arg, sympy.Expr):
        raise UnsupportedExpressionError(f"{arg!r} is not an index expression")
    # A shallow look (terms of a sum, factors of a product) catches the
    # usual ``s/2`` coefficient without re-walking deep trees on every
    # construction, which would make building nested expressions quadratic.
    # evaluate()/to_z3() walk every node and are the complete check.
    terms = arg.args if arg.is_Add else (arg,)
    for term in terms:
        for factor in term.args if term.is_Mul else (term,):
            if isinstance(factor, sympy.Float) or (factor.is_Rational and not factor.is_Integer):
                raise UnsupportedExpressionError(
                    f"non-integer constant {factor} inside {arg} has no 64-bit index meaning"
                )


class MachineFunction(sympy.Function):  # type: ignore[misc]  # sympy ships no stubs
    """Base class of the non-ring ``index`` operations.

    Subclasses define :meth:`semantics` generically over a backend.  ``eval``
    folds *only* when every argument is an integer constant (returning the
    exact machine result) and otherwise leaves the node opaque, so that sympy
    can never apply an integer-only rewrite to it.

    Folded results are returned as the two's-complement representative in
    ``[-2**63, 2**63)``: the machine value is the same, and ``s + sdiv(-8, 2)``
    then prints as ``s - 4`` rather than ``s + 18446744073709551612``.
    """

    is_integer = True
    is_nonnegative = True  # every machine value lies in [0, 2**64)

    #: Fixed arity, or None for the variadic min/max family (>= 1 argument).
    arity: int | None = 2

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], *args: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError

    @classmethod
    def eval(cls, *args: sympy.Basic) -> sympy.Expr | None:
        if cls.arity is not None and len(args) != cls.arity:
            raise TypeError(f"{cls.__name__} takes {cls.arity} arguments, got {len(args)}")
        if cls.arity is None and not args:
            raise TypeError(f"{cls.__name__} needs at least one argument")
        for arg in args:
            _check_machine_arg(arg)
        if all(arg.is_Integer for arg in args):
            value = cls.semantics(_INT_OPS, *(to_unsigned(int(a)) for a in args))
            return sympy.Integer(to_signed(value))
        return None


class _Primitive(MachineFunction):
    """A machine function that is one backend primitive, named by ``primitive``."""

    primitive = ""

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return getattr(ops, cls.primitive)(a, b)


class udiv(_Primitive):
    """``arith.divui``: unsigned division, rounding toward zero."""

    primitive = "udiv"


class sdiv(_Primitive):
    """``arith.divsi``: signed division, truncating toward zero."""

    primitive = "sdiv"


class urem(_Primitive):
    """``arith.remui``: unsigned remainder."""

    primitive = "urem"


class srem(_Primitive):
    """``arith.remsi``: signed remainder, sign of the dividend."""

    primitive = "srem"


class ceildivu(MachineFunction):
    """``arith.ceildivui``: ``udiv(a, b) + (urem(a, b) != 0)``.

    This is exact for ``b != 0`` and cannot overflow there (a non-zero
    remainder implies ``b >= 2``).
    """

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], a: Any, b: Any) -> Any:
        zero, one = ops.const(0), ops.const(1)
        r = ops.urem(a, b)
        return ops.add(ops.udiv(a, b), ops.ite(ops.ne(r, zero), one, zero))


def _rounded_quotient(ops: _Ops[Any, Any], a: Any, b: Any, up: bool) -> Any:
    """Signed truncating division moved one step toward +infinity (``up``) or -infinity where
    it differs from the rounded quotient: the remainder is non-zero and the operands have the
    same sign (``up``) or opposite signs."""
    zero, one = ops.const(0), ops.const(1)
    q, r = ops.sdiv(a, b), ops.srem(a, b)
    same_sign = ops.eq(ops.bool_word(ops.slt(a, zero)), ops.bool_word(ops.slt(b, zero)))
    bump = ops.and_(ops.ne(r, zero), same_sign if up else ops.not_(same_sign))
    return (ops.add if up else ops.sub)(q, ops.ite(bump, one, zero))


class ceildivs(MachineFunction):
    """``arith.ceildivsi``: signed division rounding toward +infinity.

    Truncating division rounds toward zero, which is below the true quotient
    exactly when the remainder is non-zero and the quotient is positive
    (operands of the same sign); then add one.
    """

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return _rounded_quotient(ops, a, b, up=True)


class floordivs(MachineFunction):
    """``arith.floordivsi`` and affine ``floordiv``: signed division toward -infinity.

    Truncating division is above the true quotient exactly when the remainder
    is non-zero and the operands have opposite signs; then subtract one.
    """

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return _rounded_quotient(ops, a, b, up=False)


class mods(MachineFunction):
    """Affine ``mod``: ``a - b * floordivs(a, b)``, in ``[0, b)`` for ``b > 0``.

    For ``b != 0`` this coincides with SMT-LIB ``bvsmod`` (sign follows the
    divisor); for ``b == 0`` it is ``a``.
    """

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return ops.sub(a, ops.mul(b, floordivs.semantics(ops, a, b)))


class _MinMax(MachineFunction):
    """Variadic min/max; folded left to right.  One argument is the identity."""

    arity = None
    _signed: bool = False
    _take_smaller: bool = True

    @classmethod
    def eval(cls, *args: Any) -> Any:
        if len(args) == 1:
            _check_machine_arg(args[0])
            return args[0]
        return super().eval(*args)

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], *args: Any) -> Any:
        less = ops.slt if cls._signed else ops.ult
        acc = args[0]
        for x in args[1:]:
            acc = ops.ite(less(x, acc), x, acc) if cls._take_smaller else ops.ite(less(acc, x), x, acc)
        return acc


class umin(_MinMax):
    """Unsigned minimum (``arith.minui``)."""

    _signed, _take_smaller = False, True


class umax(_MinMax):
    """Unsigned maximum (``arith.maxui``)."""

    _signed, _take_smaller = False, False


class smin(_MinMax):
    """Signed minimum (``arith.minsi``, ``affine.min``)."""

    _signed, _take_smaller = True, True


class smax(_MinMax):
    """Signed maximum (``arith.maxsi``, ``affine.max``)."""

    _signed, _take_smaller = True, False


class _Comparison(MachineFunction):
    """``arith.cmpi`` widened to ``index``: the result is the word 0 or 1.

    Keeping comparisons as words (rather than sympy booleans) lets them feed
    ``select`` and ring arithmetic exactly as the IR does after ``index_cast``
    or ``extui``.
    """

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return ops.bool_word(cls.test(ops, a, b))

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:  # pragma: no cover - abstract
        raise NotImplementedError


class cmp_eq(_Comparison):
    """``arith.cmpi eq``: 1 if a == b else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.eq(a, b)


class cmp_ne(_Comparison):
    """``arith.cmpi ne``: 1 if a != b else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.ne(a, b)


class cmp_ult(_Comparison):
    """``arith.cmpi ult``: 1 if a < b (unsigned) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.ult(a, b)


class cmp_ule(_Comparison):
    """``arith.cmpi ule``: 1 if a <= b (unsigned) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.ule(a, b)


class cmp_ugt(_Comparison):
    """``arith.cmpi ugt``: 1 if a > b (unsigned) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.ult(b, a)


class cmp_uge(_Comparison):
    """``arith.cmpi uge``: 1 if a >= b (unsigned) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.ule(b, a)


class cmp_slt(_Comparison):
    """``arith.cmpi slt``: 1 if a < b (signed) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.slt(a, b)


class cmp_sle(_Comparison):
    """``arith.cmpi sle``: 1 if a <= b (signed) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.sle(a, b)


class cmp_sgt(_Comparison):
    """``arith.cmpi sgt``: 1 if a > b (signed) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.slt(b, a)


class cmp_sge(_Comparison):
    """``arith.cmpi sge``: 1 if a >= b (signed) else 0."""

    @staticmethod
    def test(o: _Ops[Any, Any], a: Any, b: Any) -> Any:
        return o.sle(b, a)


class select(MachineFunction):
    """``arith.select``: ``a`` if ``c != 0`` else ``b``.

    A constant condition folds even when ``a``/``b`` are symbolic: that
    performs no arithmetic, so it is valid for machine values.
    """

    arity = 3

    @classmethod
    def eval(cls, c: Any, a: Any, b: Any) -> Any:
        if c.is_Integer:
            for arg in (a, b):
                _check_machine_arg(arg)
            return a if to_unsigned(int(c)) != 0 else b
        return super().eval(c, a, b)

    @classmethod
    def semantics(cls, ops: _Ops[Any, Any], c: Any, a: Any, b: Any) -> Any:
        return ops.ite(ops.ne(c, ops.const(0)), a, b)


#: Every machine function class, by printed name.
MACHINE_FUNCTIONS: dict[str, type[MachineFunction]] = {
    cls.__name__: cls
    for cls in (
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
        select,
    )
}


# --------------------------------------------------------------------------
# Interpretation.
# --------------------------------------------------------------------------


def _interpret(expr: sympy.Basic, ops: _Ops[Any, Any], leaf: Callable[[sympy.Symbol], Any]) -> Any:
    """Evaluate ``expr`` bottom-up in ``ops``; iterative so deep DAGs are fine.

    Shared subexpressions are computed once (memoised on the sympy node),
    which matters for big modules where offsets are reused many times.
    """
    expr = sympy.sympify(expr)
    memo: dict[sympy.Basic, Any] = {}
    stack: list[tuple[sympy.Basic, bool]] = [(expr, False)]
    while stack:
        node, children_done = stack.pop()
        if node in memo:
            continue
        if not children_done:
            _validate_node(node)
            kids = _operands(node)
            pending = [k for k in kids if k not in memo]
            if pending:
                stack.append((node, True))
                stack.extend((k, False) for k in pending)
                continue
        memo[node] = _apply(node, ops, memo, leaf)
    return memo[expr]


def _operands(node: sympy.Basic) -> tuple[sympy.Basic, ...]:
    """Children whose values are needed (a Pow's exponent is not a word)."""
    if isinstance(node, sympy.Pow):
        return (node.base,)
    if isinstance(node, (sympy.Add, sympy.Mul, MachineFunction)):
        return tuple(node.args)
    return ()


def _validate_node(node: sympy.Basic) -> None:
    """Reject anything outside the supported vocabulary, with a clear reason."""
    if isinstance(node, sympy.Symbol):
        return
    if isinstance(node, sympy.Integer):
        return
    if isinstance(node, (sympy.Add, sympy.Mul, MachineFunction)):
        return
    if isinstance(node, sympy.Pow):
        exp = node.exp
        if exp.is_Integer and int(exp) > 0:
            return
        raise UnsupportedExpressionError(f"power {node} needs a positive integer exponent to be a ring operation")
    if isinstance(node, sympy.Float) or getattr(node, "is_Rational", False):
        raise UnsupportedExpressionError(f"non-integer constant {node} in an index expression")
    raise UnsupportedExpressionError(
        f"{type(node).__name__} node {node} has no 64-bit machine semantics here; "
        "use the stream_model.symbolic.index_arith functions (udiv, floordivs, smin, ...) instead"
    )


def _apply(
    node: sympy.Basic, ops: _Ops[Any, Any], memo: dict[sympy.Basic, Any], leaf: Callable[[sympy.Symbol], Any]
) -> Any:
    if isinstance(node, sympy.Symbol):
        return leaf(node)
    if isinstance(node, sympy.Integer):
        return ops.const(int(node))
    if isinstance(node, (sympy.Add, sympy.Mul)):
        combine = ops.add if isinstance(node, sympy.Add) else ops.mul
        vals = [memo[a] for a in node.args]
        acc = vals[0]
        for v in vals[1:]:
            acc = combine(acc, v)
        return acc
    if isinstance(node, sympy.Pow):
        return ops.pow(memo[node.base], int(node.exp))
    if isinstance(node, MachineFunction):
        return type(node).semantics(ops, *(memo[a] for a in node.args))
    raise AssertionError(f"unvalidated node {node!r}")  # pragma: no cover


def evaluate(expr: sympy.Basic | int, env: Mapping[str, int]) -> int:
    """The 64-bit machine value of ``expr`` in ``[0, 2**64)``.

    ``env`` maps symbol names to integers; negative or oversized inputs are
    reduced modulo ``2**64`` (two's complement), as the machine would see them.
    Raises ``KeyError`` naming the symbol when one is missing, and
    :class:`UnsupportedExpressionError` for nodes without machine meaning.
    """

    def leaf(sym: sympy.Symbol) -> int:
        try:
            return to_unsigned(env[sym.name])
        except KeyError:
            raise KeyError(f"no value for symbol {sym.name!r} in evaluate()") from None

    return int(_interpret(expr, _INT_OPS, leaf))


def to_z3(
    expr: sympy.Basic | int,
    variables: dict[str, z3.BitVecRef],
    ctx: z3.Context | None = None,
) -> z3.BitVecRef:
    """Translate ``expr`` node by node into a 64-bit z3 bit-vector term.

    Symbols are looked up by name in ``variables``; missing ones are created
    (``BitVec(name, 64)``) and added to the dict so that several expressions
    translated with the same dict share variables.  ``ctx`` selects the z3
    context for new terms (the proofs module uses a fresh context per query
    for determinism); it must match the context of any variables passed in.
    """

    def leaf(sym: sympy.Symbol) -> z3.BitVecRef:
        var = variables.get(sym.name)
        if var is None:
            var = z3.BitVec(sym.name, INDEX_BITS, ctx=ctx)
            variables[sym.name] = var
        return var

    return _interpret(expr, _Z3Ops(ctx), leaf)


@functools.lru_cache(maxsize=8192)
def pretty(expr: sympy.Basic | int) -> str:
    """Readable, deterministic text, e.g. ``8192*step + 8192`` or ``udiv(step, 4)``.

    sympy orders terms by a structural sort key (not by hash), so the text is
    the same across processes; machine functions print as their names. Memoised: the same
    few range expressions recur for every layer of a model, and printing is slow.
    """
    return str(sympy.sstr(sympy.sympify(expr)))


def free_symbols_sorted(expr: sympy.Basic | int) -> list[str]:
    """Names of the free symbols of ``expr``, sorted (deterministic order)."""
    return sorted({s.name for s in sympy.sympify(expr).free_symbols})


def canonicalize(expr: sympy.Basic | int) -> sympy.Expr:
    """Reduce every integer constant to its signed representative mod 2**64.

    ``s + 2**64`` and ``s`` are the same machine value but different sympy
    trees; after canonicalisation they compare equal, which helps callers
    that key caches on expressions.  Pow exponents are left alone: they are
    counts, not machine words.
    """
    expr = sympy.sympify(expr)
    _interpret(expr, _INT_OPS, lambda s: 0)  # validate vocabulary up front

    def rebuild(node: sympy.Basic) -> sympy.Basic:
        if isinstance(node, sympy.Integer):
            return sympy.Integer(to_signed(int(node)))
        if isinstance(node, sympy.Pow):
            return sympy.Pow(rebuild(node.base), node.exp)
        if node.args:
            return node.func(*(rebuild(a) for a in node.args))
        return node

    # Rebuilding can produce new constants (e.g. a coefficient of 2**64 + 2**64
    # collapsing), so iterate to a fixed point.
    prev = None
    while prev != expr:
        prev, expr = expr, rebuild(expr)
    return expr


def divisors(expr: sympy.Basic | int) -> list[sympy.Expr]:
    """Divisor operands of every division/remainder node in ``expr``, deduplicated.

    Callers that do not want to rely on the total division-by-zero semantics
    documented above can add a ``divisor != 0`` fact for each of these (MLIR
    makes division by zero undefined behaviour, so such facts are justified).
    """
    seen: dict[sympy.Basic, None] = {}
    dividing = (udiv, sdiv, ceildivu, ceildivs, floordivs, urem, srem, mods)
    for node in sympy.preorder_traversal(sympy.sympify(expr)):
        if isinstance(node, dividing):
            seen.setdefault(node.args[1], None)
    return sorted(seen, key=sympy.default_sort_key)
