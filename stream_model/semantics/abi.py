"""What IREE's ABI says about a public function's buffers: whose they are.

A public function's tensor arguments are buffers its caller passed (``!hal.buffer_view``): IREE
imports them (``hal.tensor.import``, then ``stream.tensor.import``) and the caller keeps them.
The function may read them; writing one in place changes the caller's copy, which the caller
may still use (a cache kept for beam search or a rollback; iree-org/iree#16168). An argument is
*given over* (the function may write it) only when the caller said so:

* ``iree.abi.output = N`` on the argument: IREE's ABI wrapper ties result ``N`` to it with
  ``hal.tensor.alias``, which the stream conversion imports with ``consume``;
* ``hal.tensor.alias %value to %arg`` written by the user (the same lowering);
* ``hal.tensor.import consume %arg``;
* ``hal.tensor.transients %value from %arg`` (``iree.abi.transients`` on a ``!hal.buffer``
  argument): storage the caller lends for the function's transients, which it writes.

JAX's donation (``donate_argnums``) exports ``tf.aliasing_output = N`` on the argument, which IREE
3.13's StableHLO input conversion honours (``hal.tensor.import consume`` and ``hal.tensor.alias``;
measured on ``tests/data/exports/jax_decode_step_donated.mlir``); on ``func.func`` input of the
linalg/tensor level it honours neither ``tf.aliasing_output`` nor ``jax.buffer_donor``: the
argument stays the caller's. IREE's own stages drop the
``consume`` import behind a whole update before the splice (the update is folded into the
import it came from), so the arguments given over are read before IREE's stream stages run,
from the module IREE's flow phase leaves (:func:`given_over_arguments`).
"""

from __future__ import annotations

from iree.compiler import ir

from ..ir.util import FUNCTION_OPS, child_ops, defining_op, user_op
from .op_table import global_name, in_place_positions, tied_operand_of
from .ops import ASYNC_SLICE, GLOBAL_LOAD, GLOBAL_STORE, OPTIMIZATION_BARRIER

__all__ = ["GivenOver", "given_over_arguments", "globals_exported", "imports_callers_buffer"]

#: Per function (by symbol name), the indices of its arguments given over by the caller.
GivenOver = dict[str, frozenset[int]]

#: Imports of a caller's buffer; ``consume`` gives it over.
IMPORTS = frozenset({"hal.tensor.import", "stream.tensor.import"})
#: ``hal.tensor.alias %value to %storage``: the result lives in the caller's ``%storage``;
#: ``hal.tensor.transients %value from %storage``: the caller lends ``%storage`` for transients.
LENT_STORAGE = frozenset({"hal.tensor.alias", "hal.tensor.transients"})


def given_over_arguments(module: ir.Module) -> GivenOver:
    """The arguments of each function of ``module`` its callers give over (module docstring):
    imported with ``consume``, or the storage of a ``hal.tensor.alias`` or ``.transients``."""
    out: GivenOver = {}
    for fn in child_ops(module.operation):
        if fn.name not in FUNCTION_OPS or "sym_name" not in fn.attributes or not len(fn.regions):
            continue
        blocks = list(fn.regions[0].blocks)
        if not blocks:
            continue
        entry = blocks[0]
        found: set[int] = set()

        def visit(op: ir.Operation, entry: ir.Block = entry, found: set[int] = found) -> ir.WalkResult:
            given = None
            if op.name in IMPORTS and "consume" in op.attributes:
                given = op.operands[0]
            elif op.name in LENT_STORAGE:
                given = op.opview.storage
            if given is not None and isinstance(given.owner, ir.Block) and given.owner == entry:
                found.add(ir.BlockArgument(given).arg_number)
            return ir.WalkResult.ADVANCE

        fn.walk(visit)
        if found:
            out[str(ir.StringAttr(fn.attributes["sym_name"]).value)] = frozenset(found)
    return out


def imports_callers_buffer(op: ir.Operation, function: str, given_over: GivenOver) -> bool:
    """Is ``op`` (in ``function``) a ``stream.tensor.import`` of a buffer its caller keeps: not
    ``consume``, and not of an argument the caller gave over (``given_over``, read before
    IREE's stages dropped the ``consume``)?"""
    if op.name != "stream.tensor.import" or "consume" in op.attributes:
        return False
    source = op.operands[0]
    if isinstance(source.owner, ir.Block) and ir.BlockArgument(source).arg_number in given_over.get(function, ()):
        owner = source.owner
        holder = owner.owner
        holder = getattr(holder, "operation", holder)
        if holder.name in FUNCTION_OPS and list(holder.regions[0].blocks)[0] == owner:
            return False
    return True


def globals_exported(export: ir.Operation) -> list[str]:
    """The globals whose own buffer ``export`` (a ``stream.tensor.export``) hands its caller,
    where its function says so: the chain of in-place writes its value is a version of starts
    at a load of the global, or a version of that chain is stored to the global in the
    function (or a slice of one: IREE may fold a slice into a view of its source). The
    caller then holds the buffer the global is written in place through, and a
    buffer it passes back is the global's, which IREE takes for the caller's own.

    IREE's flow-to-stream conversion never exports a global's buffer (it exports a transfer to
    an external resource: a copy); splice-level input can. The chain is followed back through
    slices (IREE may fold a slice into a view of its source) and barriers (which stand for their
    operand); a transfer is a copy. Anything else at a chain's start (an argument, a call's or a
    region's result) is not followed: [] says "not known to be a global's buffer"."""
    root = _storage_root(export.operands[0])
    found: set[str] = set()
    producer = defining_op(root)
    if producer is not None and producer.name == GLOBAL_LOAD:
        found.add(global_name(producer))
    for version in _versions(root):
        found.update(global_name(user_op(use)) for use in version.uses if user_op(use).name == GLOBAL_STORE)
    return sorted(found)


def _storage_root(value: ir.Value) -> ir.Value:
    """The start of ``value``'s chain of in-place writes, through slices and barriers."""
    while not isinstance(value.owner, ir.Block):
        op = getattr(value.owner, "operation", value.owner)
        if op.name == OPTIMIZATION_BARRIER:
            value = op.operands[ir.OpResult(value).result_number]
        elif op.name == ASYNC_SLICE:
            value = op.opview.source
        else:
            tied = tied_operand_of(op, value)
            if tied is None:
                return value
            value = tied
    return value


def _versions(root: ir.Value) -> list[ir.Value]:
    """``root`` and every value an in-place write of it (or of one of those) makes, the
    barriers they pass and the slices of them: every value of its function that may be
    ``root``'s storage."""
    found = [root]
    for value in found:
        for use in value.uses:
            user = user_op(use)
            if user.name == OPTIMIZATION_BARRIER:
                made = [user.results[use.operand_number]]
            elif user.name == ASYNC_SLICE:
                made = [user.results[0]]  # (IREE may fold it into a view of its source)
            elif use.operand_number in in_place_positions(user):
                made = [r for r in user.results if (tied := tied_operand_of(user, r)) is not None and tied == value]
            else:
                continue
            found += [m for m in made if m not in found]
    return found
