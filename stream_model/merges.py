"""Producers IREE may merge after the splice, and results it folds: which values can end up one
buffer although the IR at the splice makes them two.

"Two allocations are two buffers" is a claim about the program IREE finally runs, not about the
IR at the splice. After the splice IREE 3.13 runs canonicalize and CSE again (the cleanup after
``iree-stream-schedule-concurrency``, inside and across the new execution regions), and CSE
merges two side-effect-free ops (``Pure`` in ``StreamOps.td``) that have the same name,
attributes and result types and operands that are equal by then. Merged producers are one value:
one buffer, so an in-place write of one is a write of the other.

Which producers, checked on IREE 3.13 (``tests/e2e/test_merged_producers_on_iree.py`` runs the
post-splice pipeline on two identical producers stored to two globals, and on two identical
producers in one function of which one is written in place):

* merged: ``stream.async.dispatch``, ``stream.async.slice``, ``stream.async.transfer``
  (:data:`~.semantics.MERGEABLE_PRODUCERS`), and a clone of a dispatch result, which
  schedule-concurrency turns back into a second dispatch (the op table already makes such a clone
  its source's storage, :func:`~.semantics.effects_of`);
* never merged: ``stream.async.splat`` and ``stream.async.alloca`` (not ``Pure``), a clone of a
  global's buffer, calls.

Operands "equal by then": the same SSA value; resources produced by producers merged before
(in program order, so a chain of merges is followed); and scalars that canonicalization may
fold into one value. For scalars the test is the sound one: two index values are distinct only
when their difference is a nonzero constant (``%x`` and ``%x + 16``; two different constants),
whatever the symbols in them mean, since later passes may make two different-looking values
one (``iree-util-ipo`` merges arguments every caller passes equal, the canonicalizer folds
``%x + 0``). Other scalars are distinct only when both are constants with different values.
Ops of different functions are never merged (no pass after the splice inlines or combines
functions).
"""

from __future__ import annotations

from collections.abc import Callable, Iterable

import sympy
from iree.compiler import ir

from .ir_util import defining_op
from .ranges import IndexTranslator, is_64bit_integer
from .semantics import MERGEABLE_PRODUCERS, is_resource

#: The index expression of a 64-bit scalar.
Expr = Callable[[ir.Value], sympy.Expr]
#: Is a value one IREE knows nothing about (see :func:`folded_pairs`)?
Opaque = Callable[[ir.Value], bool]
_U64 = 2**64


def mergeable_pairs(functions: Iterable[Iterable[ir.Operation]], expr: Expr) -> list[tuple[ir.Value, ir.Value]]:
    """Pairs of resource results that IREE may merge into one value after the splice (each
    function's ops given in program order; see the module docstring)."""
    pairs: list[tuple[ir.Value, ir.Value]] = []
    for ops in functions:
        pairs += _merges_in_function(ops, expr)
    return pairs


def folded_pairs(
    functions: Iterable[tuple[ir.Operation, Iterable[ir.Operation]]], translator: IndexTranslator, opaque: Opaque
) -> list[tuple[ir.Value, ir.Value]]:
    """Pairs (result, value) whose result IREE's canonicalizer may fold into that value after
    the splice, so that the two are one buffer:

    * a slice whose result size may be its source size is the whole source (``AsyncSliceOp``'s
      folder returns the source);
    * an update whose update size may be its target size (of the same type) is its update
      operand (``AsyncUpdateOp``'s folder returns it; the result is the target's storage too,
      through the tie).

    The folders fire only when the two sizes are one SSA value by then, which canonicalization
    (semantics-preserving) makes them only if they are equal in every execution IREE can see.
    So two sizes never fold when they differ by a nonzero constant, or when their difference
    depends on a value IREE knows nothing about (``opaque``: an argument of a function callers
    outside the module may call, a global the module stores): some execution makes it nonzero.
    Anything else (values IREE may yet fold to constants: a private function's arguments,
    constants of immutable globals, a callee's results) may fold. ``functions``: each function
    op with its ops in program order."""
    pairs: list[tuple[ir.Value, ir.Value]] = []
    for function, ops in functions:
        for op in ops:
            if op.name == "stream.async.slice":
                view = op.opview
                if _may_fold(view.result_size, view.source_size, function, translator, opaque):
                    pairs.append((view.result, view.source))
            elif op.name == "stream.async.update":
                view = op.opview
                if view.update.type == view.result.type and _may_fold(
                    view.update_size, view.target_size, function, translator, opaque
                ):
                    pairs.append((view.result, view.update))
    return pairs


def _may_fold(a: ir.Value, b: ir.Value, function: ir.Operation, translator: IndexTranslator, opaque: Opaque) -> bool:
    if a == b:
        return True
    difference = sympy.expand(translator.expr(a) - translator.expr(b))
    if difference == 0:
        return True
    if isinstance(difference, sympy.Integer):
        return int(difference) % _U64 == 0
    values = dict(translator.symbols_of(function))
    return not any(opaque(values[s]) for s in difference.free_symbols if s in values)


def _merges_in_function(ops: Iterable[ir.Operation], expr: Expr) -> list[tuple[ir.Value, ir.Value]]:
    classes = _Classes()
    buckets: dict[tuple[object, ...], _Bucket] = {}
    pairs: list[tuple[ir.Value, ir.Value]] = []
    for op in ops:
        if op.name not in MERGEABLE_PRODUCERS:
            continue
        key = (
            op.name,
            _attributes(op),
            tuple(str(r.type) for r in op.results),
            tuple(classes.find(v) if is_resource(v) else None for v in op.operands),
        )
        bucket = buckets.get(key)
        if bucket is None:
            buckets[key] = _Bucket(op, expr)
            continue
        for other in bucket.add(op):
            for r, s in zip(other.results, op.results, strict=True):
                if is_resource(r):
                    classes.union(r, s)
                    pairs.append((r, s))
    return pairs


def _attributes(op: ir.Operation) -> tuple[tuple[str, str], ...]:
    """The op's attribute dictionary, printed (CSE compares all of it; locations are not in it),
    without its affinities: ``iree-stream-schedule-execution`` moves them onto the execution
    region and drops them from the ops, so two producers that differ only there (one spelling
    the module's default affinity) are equal by the time CSE runs."""
    attributes = op.attributes
    return tuple(
        sorted(
            (attributes[i].name, str(attributes[i].attr))
            for i in range(len(attributes))
            if "affinity" not in attributes[i].name
        )
    )


#: A scalar operand, as far as "may canonicalization make two of them one value" goes: a 64-bit
#: constant ``("const", c)``, a 64-bit value ``("sym", non-constant part, constant term)``, a
#: constant of another type ``("attr", printed)``, or anything ``("any",)``.
_Scalar = tuple[object, ...]


class _Bucket:
    """The ops of one function with equal name, attributes, result types and resource operand
    classes: a new one may merge with those whose scalar operands may all be equal to its own.

    Scalar signatures are computed once a bucket has two ops (most have one). Ops whose scalars
    are all 64-bit constants are found by hashing; the others are compared one by one."""

    def __init__(self, first: ir.Operation, expr: Expr) -> None:
        self._expr = expr
        self._pending: ir.Operation | None = first
        self._exact: dict[tuple[_Scalar, ...], list[ir.Operation]] = {}
        self._inexact: list[tuple[ir.Operation, tuple[_Scalar, ...]]] = []

    def add(self, op: ir.Operation) -> list[ir.Operation]:
        """The earlier ops ``op`` may merge with; ``op`` joins the bucket."""
        if self._pending is not None:
            first, self._pending = self._pending, None
            self._insert(first, self._signature(first))
        sig = self._signature(op)
        if _exact(sig):
            found = list(self._exact.get(sig, ()))
        else:
            found = [o for other, ops in self._exact.items() if _compatible(other, sig) for o in ops]
        found += [o for o, other in self._inexact if _compatible(other, sig)]
        self._insert(op, sig)
        return found

    def _insert(self, op: ir.Operation, sig: tuple[_Scalar, ...]) -> None:
        if _exact(sig):
            self._exact.setdefault(sig, []).append(op)
        else:
            self._inexact.append((op, sig))

    def _signature(self, op: ir.Operation) -> tuple[_Scalar, ...]:
        return tuple(_scalar(v, self._expr) for v in op.operands if not is_resource(v))


def _exact(sig: tuple[_Scalar, ...]) -> bool:
    return all(s[0] == "const" for s in sig)


def _scalar(value: ir.Value, expr: Expr) -> _Scalar:
    constant = _constant(value)
    if is_64bit_integer(value.type):
        if constant is not None:
            return ("const", ir.IntegerAttr(constant).value % _U64)
        e = sympy.expand(expr(value))
        offset = sum((t for t in sympy.Add.make_args(e) if isinstance(t, sympy.Integer)), sympy.Integer(0))
        rest = sympy.expand(e - offset)
        return ("const", int(offset) % _U64) if rest == 0 else ("sym", rest, int(offset) % _U64)
    return ("any",) if constant is None else ("attr", str(constant))


def _compatible(a: tuple[_Scalar, ...], b: tuple[_Scalar, ...]) -> bool:
    """May canonicalization make every pair of scalar operands one value? Not "are they always
    equal": the sound over-approximation of it (see the module docstring). Two 64-bit values
    are distinct only when they differ by a nonzero constant (equal non-constant parts,
    different constant terms); other scalars only when both are constants and differ."""
    for x, y in zip(a, b, strict=True):
        if x[0] == "any" or y[0] == "any":
            continue
        if x[0] == "attr" or y[0] == "attr":
            if x != y:
                return False
            continue
        x_rest, x_term = (x[1], x[2]) if x[0] == "sym" else (0, x[1])
        y_rest, y_term = (y[1], y[2]) if y[0] == "sym" else (0, y[1])
        if x_rest == y_rest and x_term != y_term:
            return False
    return True


def _constant(value: ir.Value) -> ir.Attribute | None:
    op = defining_op(value)
    if op is None or op.name != "arith.constant":
        return None
    return op.attributes["value"]


class _Classes:
    """Union-find of resource values that may be one value after CSE."""

    def __init__(self) -> None:
        self._parent: dict[ir.Value, ir.Value] = {}

    def find(self, v: ir.Value) -> ir.Value:
        root = v
        while self._parent.get(root, root) != root:
            root = self._parent[root]
        while v != root:
            nxt = self._parent.get(v, v)
            self._parent[v] = root
            v = nxt
        return root

    def union(self, a: ir.Value, b: ir.Value) -> None:
        ra, rb = self.find(a), self.find(b)
        if ra != rb:
            self._parent[rb] = ra
