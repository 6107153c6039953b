"""A byte copy IREE cannot take back: a dispatch of a private copy executable.

Some repairs need a value in storage of its own: an in-place write that must not touch the
buffer others still read (the schedule repair, :mod:`.schedule_guard`), a global that must not
share its buffer with another. ``stream.async.clone`` is not that: after the splice IREE
rematerialises a clone of a dispatch result as a second dispatch and CSE may merge it with the
first, and a clone that looks redundant to copy elision is folded away (the campaign met both,
``tests/upstream_faults/minimal/clone-redispatch-cse-breaks-verifier``). A dispatch of an
executable whose body IREE cannot see through is a plain read of its operand and a fresh result
for every pass, so the copy stays a copy.

:func:`copy_of` adds the executable to the module once (``@__slice_elision_copy``, export
``@copy_bytes``: ``n`` bytes as ``i8``, the workload is the byte count) and emits the dispatch.
"""

from __future__ import annotations

from iree.compiler import ir

__all__ = ["COPY_EXECUTABLE", "COPY_EXPORT", "copy_of", "ensure_copy_executable"]

COPY_EXECUTABLE = "__slice_elision_copy"
COPY_EXPORT = "copy_bytes"

_EXECUTABLE = f"""
stream.executable private @{COPY_EXECUTABLE} {{
  stream.executable.export public @{COPY_EXPORT} workgroups(%n: index) -> (index, index, index) {{
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    stream.return %x, %y, %z : index, index, index
  }}
  builtin.module {{
    func.func @{COPY_EXPORT}(%in: !stream.binding, %n_in: index, %out: !stream.binding) {{
      %c0 = arith.constant 0 : index
      %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
      %src = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi8>>{{%n}}
      %dst = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi8>>{{%n}}
      %x = iree_tensor_ext.dispatch.tensor.load %src, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi8>>{{%n}} -> tensor<?xi8>
      iree_tensor_ext.dispatch.tensor.store %x, %dst, offsets = [0], sizes = [%n], strides = [1] : tensor<?xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi8>>{{%n}}
      return
    }}
  }}
}}
"""


def ensure_copy_executable(module: ir.Module) -> None:
    """Add the copy executable to ``module`` unless it is there (its context must be current)."""
    for op in module.body.operations:
        op = op.operation
        if op.name == "stream.executable" and ir.StringAttr(op.attributes["sym_name"]).value == COPY_EXECUTABLE:
            return
    parsed = ir.Module.parse(_EXECUTABLE)
    executable = list(parsed.body.operations)[0].operation
    first = list(module.body.operations)
    ip = ir.InsertionPoint(module.body) if not first else ir.InsertionPoint(_first_function(module) or first[-1])
    clone = executable.clone(ip=ip)
    del clone


def _first_function(module: ir.Module) -> ir.Operation | None:
    for op in module.body.operations:
        op = op.operation
        if op.name in ("util.func", "func.func", "util.initializer"):
            return op
    return None


def copy_of(value: ir.Value, size: ir.Value, before: ir.Operation) -> ir.Value:
    """Emit, right before ``before``, a dispatch of the copy executable that copies the
    ``size`` bytes of ``value`` into fresh storage of the same type; return the copy. The
    dispatch takes ``before``'s affinity when it has one (else the module's default).
    :func:`ensure_copy_executable` must have run on the module."""
    entry = ir.SymbolRefAttr.get([COPY_EXECUTABLE, COPY_EXPORT])
    attributes: dict[str, ir.Attribute] = {
        "entry_points": ir.ArrayAttr.get([entry]),
        # workload, resource operands, their sizes, offsets, ends, lengths, result sizes
        "operandSegmentSizes": ir.DenseI32ArrayAttr.get([1, 2, 1, 1, 1, 1, 1]),
    }
    if "affinity" in before.attributes:
        attributes["affinity"] = before.attributes["affinity"]
    with ir.InsertionPoint(before), before.location:
        zero = ir.Operation.create(
            "arith.constant",
            results=[ir.IndexType.get()],
            attributes={"value": ir.IntegerAttr.get(ir.IndexType.get(), 0)},
        ).result
        dispatch = ir.Operation.create(
            "stream.async.dispatch",
            results=[value.type],
            operands=[size, value, size, size, zero, size, size, size],
            attributes=attributes,
        )
    return dispatch.result
