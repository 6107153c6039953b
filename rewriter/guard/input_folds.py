"""The user's input as MLIR's folds leave it, for the check of IREE's stages before the splice.

IREE's stages canonicalize and CSE a program before they touch its accesses to globals, and
fold integer arithmetic by the ranges its values may take, so what a store stores there is
what those folds make of its operand: ``n + 0`` is ``n``, a loop of no turn is its init,
``cmpi slt n, n`` is false, ``collapse(expand(x))`` is ``x``, a while loop whose counter starts
at 0 and only grows never runs ``i < 0``'s body. The
check compares the input's accesses with the splice's, and IREE erases a store of a global's
own load: a store whose operand MLIR folds into that load is one IREE erases. The check's own
list of folds (``global_order._source``, :mod:`stream_model.semantics.region_flow`) reads a few;
a hand-written list of MLIR's folds does not end (reviews 38 to 40 found 30 it missed).

So the check reads the input after MLIR's canonicalizer and CSE ran on it, with every access to
a global hidden behind an op no dialect registers (MLIR assumes any effect of it: it never
folds, moves, merges or erases one), then put back as it was, with its own location and
attributes. The accesses are the input's, in the input's order; the values they load and store
are what MLIR's folds make of them. The indirect accesses and calls
(:data:`~stream_model.semantics.ops.INDIRECT_OPS`) are hidden too: MLIR folds a load through a
global's address into a load of it, and a call of a constant callee into a direct call, which
the input does not hold.
"""

from __future__ import annotations

from dataclasses import dataclass

from iree.compiler import ir, passmanager

from stream_model.ir.util import ops_named
from stream_model.semantics.ops import GLOBAL_ACCESS_OPS, INDIRECT_OPS

from ..pipeline.runner import run_passes

__all__ = ["FOLDS", "HIDDEN_ACCESS", "fold_as_mlir_does"]

#: What runs on the input: the folds IREE's stages before the splice make, MLIR's canonicalizer
#: and CSE, and IREE's integer range folds (a loop's counter known never negative makes
#: ``i < 0`` false: tensor campaign seed 18101), with MLIR's folds again after them.
FOLDS = "builtin.module(canonicalize,cse,iree-util-optimize-int-arithmetic,canonicalize,cse)"
#: The op an access is hidden behind while the folds run, and its attribute naming which.
HIDDEN_ACCESS = "slice_elision.hidden_access"
#: The ops hidden while the folds run.
_HIDDEN = GLOBAL_ACCESS_OPS | INDIRECT_OPS


@dataclass(frozen=True)
class _Access:
    """A hidden access: its op's name and attributes, to put it back as it was."""

    name: str
    attributes: dict[str, ir.Attribute]


def fold_as_mlir_does(module: ir.Module) -> str | None:
    """Fold ``module`` (the check's own parse of the input; its context current) in place as
    the module docstring says; None when folded, else why the folds failed (the module is then
    left part-folded: the caller parses the input again)."""
    accesses = ops_named(module.operation, _HIDDEN)
    if not accesses:
        return None
    hidden = [_hide(op, k) for k, op in enumerate(accesses)]
    errors = run_passes(passmanager.PassManager.parse(FOLDS), module, module.context)
    if errors is not None:
        return f"MLIR's folds failed on it: {errors[0] if errors else 'no error said why'}"
    _put_back(module, hidden)
    return None


def _hide(op: ir.Operation, number: int) -> _Access:
    """Replace the access ``op`` with an op of :data:`HIDDEN_ACCESS`, of its operands, result
    types and location, numbered ``number``."""
    kept = _Access(op.name, {name: op.attributes[name] for name in _names(op.attributes)})
    number_attr = ir.IntegerAttr.get(ir.IntegerType.get_signless(64), number)
    _replace(op, HIDDEN_ACCESS, {HIDDEN_ACCESS: number_attr})
    return kept


def _put_back(module: ir.Module, hidden: list[_Access]) -> None:
    """Replace every op of :data:`HIDDEN_ACCESS` with the access it hides."""
    for op in ops_named(module.operation, {HIDDEN_ACCESS}):
        access = hidden[ir.IntegerAttr(op.attributes[HIDDEN_ACCESS]).value]
        _replace(op, access.name, access.attributes)


def _replace(op: ir.Operation, name: str, attributes: dict[str, ir.Attribute]) -> None:
    """Put an op ``name`` of ``attributes`` and of ``op``'s operands, result types and location
    in ``op``'s place."""
    new = ir.Operation.create(
        name,
        results=[result.type for result in op.results],
        operands=list(op.operands),
        attributes=attributes,
        loc=op.location,
        ip=ir.InsertionPoint(op),
    )
    for old, made in zip(op.results, new.results, strict=True):
        old.replace_all_uses_with(made)
    op.erase()


def _names(attributes: ir.OpAttributeMap) -> list[str]:
    """The names of an op's attributes."""
    return [attributes[k].name for k in range(len(attributes))]
