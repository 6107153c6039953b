"""What a dispatch's kernel does through each binding, read from its subspans (closed world)."""

from __future__ import annotations

from iree.compiler import ir

from stream_model.semantics.bindings import BindingAccess, Kernels, dispatch_bindings

_KEEP_ALIVE: list[object] = []

_MODULE = """
module {
  stream.executable private @ex {
    stream.executable.export public @k workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @k as("renamed") workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @declared as("decl") workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @k(%in: !stream.binding, %n: index, %io: !stream.binding, %out: !stream.binding, %unused: !stream.binding, %odd: !stream.binding, %hand: !stream.binding) {
        %c0 = arith.constant 0 : index
        %a = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<4xi32>>
        %b = stream.binding.subspan %io[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<4xi32>>
        %c = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<4xi32>>
        %d = stream.binding.subspan %odd[%c0] : !stream.binding -> vector<4xi32>
        %e = stream.binding.subspan %hand[%c0] : !stream.binding -> memref<4xi32>
        return
      }
      func.func private @declared(%in: !stream.binding, %out: !stream.binding)
    }
  }
  util.func public @f(%r: !stream.resource<transient>, %n: index, %s: !stream.resource<transient>) -> !stream.resource<transient> {
    %c0 = arith.constant 0 : index
    %c16 = arith.constant 16 : index
    %0 = stream.async.dispatch @ex::@k(%r[%c0 to %c16 for %c16], %n, %r[%c0 to %c16 for %c16], %r[%c0 to %c16 for %c16], %r[%c0 to %c16 for %c16], %r[%c0 to %c16 for %c16], %r[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, index, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> %r{%c16}
    %1 = stream.async.dispatch @ex::@missing(%r[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}) -> %r{%c16}
    %h = stream.async.dispatch @ex::@k(%r[%c0 to %c16 for %c16], %n, %r[%c0 to %c16 for %c16], %r[%c0 to %c16 for %c16], %r[%c0 to %c16 for %c16], %r[%c0 to %c16 for %c16], %s[%c0 to %c16 for %c16]) : (!stream.resource<transient>{%c16}, index, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) -> %s{%c16}
    util.return %0 : !stream.resource<transient>
  }
}
"""


def _dispatches() -> tuple[Kernels, list[ir.Operation]]:
    """``@k`` given ``%r`` (the result tied to its first binding), ``@missing``, and ``@k`` with
    the result tied to its last binding (``%s``)."""
    context = ir.Context()
    _KEEP_ALIVE.append(context)
    module = ir.Module.parse(_MODULE, context)
    _KEEP_ALIVE.append(module)
    (fn,) = [op.operation for op in module.body.operations if op.operation.name == "util.func"]
    ops = [op.operation for op in fn.regions[0].blocks[0].operations]
    return Kernels(module), [op for op in ops if op.name == "stream.async.dispatch"]


def test_each_binding_has_the_access_its_subspan_declares() -> None:
    kernels, (dispatch, _, _) = _dispatches()
    bindings = dispatch_bindings(dispatch, kernels)
    assert [b.access for b in bindings[:3]] == [BindingAccess.READ, BindingAccess.READ_WRITE, BindingAccess.WRITE]
    assert all(b.why == "" for b in bindings[:4])


def test_bindings_count_resource_operands_only_and_know_their_operand_positions() -> None:
    kernels, (dispatch, _, _) = _dispatches()
    bindings = dispatch_bindings(dispatch, kernels)
    assert [b.binding for b in bindings] == [0, 1, 2, 3, 4, 5]
    assert [b.operand for b in bindings] == [0, 2, 3, 4, 5, 6]  # the index operand is operand 1
    assert all(dispatch.operands[b.position] == b.value for b in bindings)


def test_a_binding_the_kernel_never_opens_is_untouched() -> None:
    kernels, (dispatch, _, _) = _dispatches()
    assert dispatch_bindings(dispatch, kernels)[3].access == BindingAccess.NONE


def test_a_subspan_of_a_type_the_model_does_not_know_may_read_and_write() -> None:
    kernels, (dispatch, _, _) = _dispatches()
    odd = dispatch_bindings(dispatch, kernels)[4]
    assert odd.access == BindingAccess.READ_WRITE and "vector<4xi32>" in odd.why


def test_a_hand_written_kernels_binding_is_written_only_where_a_result_is_tied_to_it() -> None:
    """A ``memref`` subspan (IREE's code generation never opens one; ``samples/custom_dispatch``
    kernels do): IREE binds an operand no result is tied to read-only, and so does the model."""
    kernels, (untied, _, tied) = _dispatches()
    assert dispatch_bindings(untied, kernels)[5].access == BindingAccess.READ
    assert dispatch_bindings(tied, kernels)[5].access == BindingAccess.READ_WRITE
    assert "taken at the IR's word" in dispatch_bindings(untied, kernels)[5].why


def test_a_kernel_not_in_the_module_may_read_and_write_every_binding() -> None:
    kernels, (_, missing, _) = _dispatches()
    (binding,) = dispatch_bindings(missing, kernels)
    assert binding.access == BindingAccess.READ_WRITE and binding.why


def test_an_export_names_its_kernel_by_its_function_ref() -> None:
    kernels, (dispatch, _, _) = _dispatches()
    renamed = kernels.bindings(ir.Attribute.parse("@ex::@renamed", dispatch.context))
    assert renamed is not None and [b.access for b in renamed[:2]] == [BindingAccess.READ, BindingAccess.READ_WRITE]


def test_a_kernel_declared_without_a_body_is_unknown() -> None:
    kernels, (dispatch, _, _) = _dispatches()
    assert kernels.bindings(ir.Attribute.parse("@ex::@decl", dispatch.context)) is None
