"""A copy IREE cannot undo: a byte-copy dispatch of an executable added to the module once.

A repair that gives a value its own buffer (a global that must not share its buffer with another,
:mod:`.shared_globals`; an in-place write that must not touch a buffer others still read,
:mod:`.schedule_guard`) needs a copy that survives the rest of IREE's pipeline. ``stream.async.clone`` does not: after the splice IREE turns a clone of a dispatch
result back into a second dispatch and CSE merges it with the first, so the "copy" is the same
buffer again (soundness finding 03). A dispatch is ``Pure`` too, so two identical copy
dispatches of one value would be merged as well; each copy therefore carries a *salt*, an index
operand the kernel ignores, distinct per copy in the module: dispatches with different operands
are never merged. (Checked on IREE 3.13 by ``tests/e2e/test_merged_producers_on_iree.py``.)

The kernel copies ``n`` bytes as ``tensor<?xi8>``; IREE compiles it for every target like any
other dispatch. At the splice the copy is a plain ``stream.async.dispatch``; in scheduled IR
(execution regions) it is wrapped in a ``stream.async.execute`` of its own and awaited, since
IREE allows streamable ops only inside execution regions there (soundness finding 05).

IREE's Python builders of stream and arith ops are imported where a copy is built: the schedule
guard imports this module on every compile, and importing them costs a compile with nothing to
repair about 45 ms.
"""

from __future__ import annotations

from iree.compiler import ir

from stream_model.ir.util import DISPATCH_OPERAND_SEGMENTS, defining_op, operand_segments
from stream_model.semantics import ops
from stream_model.semantics.op_table import awaited_by_a_host_op, is_resource
from stream_model.semantics.region_flow import EXECUTION_REGION

EXECUTABLE = "__slice_elision_copy"
ENTRY = "copy_bytes"

_EXECUTABLE_TEXT = f"""
stream.executable private @{EXECUTABLE} {{
  stream.executable.export public @{ENTRY} workgroups(%n: index) -> (index, index, index) {{
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%n)
    stream.return %x, %y, %z : index, index, index
  }}
  builtin.module {{
    func.func @{ENTRY}(%in: !stream.binding, %n_in: index, %salt: index, %out: !stream.binding) {{
      %c0 = arith.constant 0 : index
      %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
      %src = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi8>>{{%n}}
      %dst = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi8>>{{%n}}
      %bytes = iree_tensor_ext.dispatch.tensor.load %src, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi8>>{{%n}} -> tensor<?xi8>
      iree_tensor_ext.dispatch.tensor.store %bytes, %dst, offsets = [0], sizes = [%n], strides = [1] : tensor<?xi8> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi8>>{{%n}}
      return
    }}
  }}
}}
"""


class CopyDispatches:
    """Emits salted copy dispatches into one module (the executable is added on first use)."""

    def __init__(self, module: ir.Module) -> None:
        self._module = module
        self._salt = 1 + max(_salts_in(module), default=-1)  # distinct from copies made before

    def copy_before(self, op: ir.Operation, value: ir.Value, size: ir.Value, scheduled: bool) -> ir.Value:
        """A copy of ``value`` (``size`` bytes) into fresh storage of the same type, built right
        before ``op``: the copy's result (awaited, in scheduled IR)."""
        from iree.compiler.dialects import arith, stream  # (module docstring: imported when a copy is built)

        self._ensure_executable()
        affinity = _affinity_of(value)
        with op.location, ir.InsertionPoint(op):
            zero = arith.ConstantOp(ir.IndexType.get(), 0).result
            salt = arith.ConstantOp(ir.IndexType.get(), self._salt).result
            self._salt += 1
            if not scheduled:
                return self._dispatch(value, size, zero, salt, affinity)
            execute = stream.AsyncExecuteOp(
                [value.type],
                ir.Type.parse("!stream.timepoint"),
                [value],
                [size],
                [size],
                affinity=affinity,
            )
            body = execute.regions[0].blocks.append(value.type)
            with ir.InsertionPoint(body):
                copied = self._dispatch(body.arguments[0], size, zero, salt, None)
                stream.YieldOp([copied], [size])
            return stream.TimepointAwaitOp(
                [value.type], [execute.results[0]], [size], execute.result_timepoint
            ).results[0]

    @staticmethod
    def _dispatch(
        value: ir.Value, size: ir.Value, zero: ir.Value, salt: ir.Value, affinity: ir.Attribute | None
    ) -> ir.Value:
        from iree.compiler.dialects import stream

        entry = ir.ArrayAttr.get([ir.SymbolRefAttr.get([EXECUTABLE, ENTRY])])
        return stream.AsyncDispatchOp(
            [value.type], [size], entry, [value, size, salt], [size], [zero], [size], [size], [size], affinity=affinity
        ).results[0]

    def _ensure_executable(self) -> None:
        if holds_copy_executable(self._module):
            return
        with self._module.context, ir.Location.unknown():
            parsed = ir.Module.parse(_EXECUTABLE_TEXT)
        executable = list(parsed.body.operations)[0].operation
        executable.detach_from_parent()
        ir.InsertionPoint(self._module.body).insert(executable)


def holds_copy_executable(module: ir.Module) -> bool:
    """Has a repair added the copy executable to ``module`` (a look at its top-level ops)?"""
    return any(_symbol_name(op.operation) == EXECUTABLE for op in module.body.operations)


def barrier(value: ir.Value) -> ir.Value:
    """``value`` through a ``util.optimization_barrier`` (a host op): a copy that reads it reads
    a value of its own, made by no execution region (why each repair wants one, or not:
    ``shared_globals._apart``, ``reloads._read_directly``). Not where IREE would not make the
    barrier wait for ``value`` (:func:`~stream_model.semantics.op_table.awaited_by_a_host_op`:
    a loop's region argument): the copy would read it before it is made. Such an
    argument is made by no op of its region, so the copy cannot join the region that makes it;
    it reads the value itself, and its execution region waits for it."""
    if not awaited_by_a_host_op(value):
        return value
    return ir.Operation.create(ops.OPTIMIZATION_BARRIER, results=[value.type], operands=[value]).result


def _salts_in(module: ir.Module) -> list[int]:
    """The constant salts of the copy dispatches already in ``module`` (a module rewritten
    before): new copies must not repeat them."""
    entry = f"@{EXECUTABLE}::@{ENTRY}"
    salts: list[int] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name == ops.ASYNC_DISPATCH and entry in str(op.attributes["entry_points"]):
            salt = list(op.opview.resource_operands)[2].owner
            salt_op = getattr(salt, "operation", salt)
            if isinstance(salt_op, ir.Operation) and salt_op.name == ops.ARITH_CONSTANT:
                salts.append(ir.IntegerAttr(salt_op.attributes["value"]).value)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return salts


def _symbol_name(op: ir.Operation) -> str | None:
    return ir.StringAttr(op.attributes["sym_name"]).value if "sym_name" in op.attributes else None


def _affinity_of(value: ir.Value) -> ir.Attribute | None:
    """The affinity of the op producing ``value`` (an execution region's, for a result awaited
    from one), or None: the module's default."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    producer = getattr(owner, "operation", owner)
    if producer.name == ops.TIMEPOINT_AWAIT:
        index = list(producer.results).index(value)
        return _affinity_of(list(producer.opview.resource_operands)[index])
    return producer.attributes["affinity"] if "affinity" in producer.attributes else None


def stated_size(value: ir.Value) -> ir.Value | None:
    """The resource's size as its producer states it (an in-place op's target size, a
    dispatch's or an execution region's size of that result, an awaited operand's size, a
    result or storage size); None: ask with ``stream.resource.size``. Not that where
    the producer states it: on the result of a copy, update or dispatch that is a host query of
    a partition's output, and IREE 3.13's execution scheduling then fails with a circular
    dependency (as for a value stored to two globals after an in-place copy)."""
    producer = defining_op(value)
    view = producer.opview if producer is not None else None
    for name in ("target_size", "result_size", "storage_size"):
        size = getattr(view, name, None) if view is not None else None
        if isinstance(size, ir.Value):
            return size
    if producer is not None and producer.name in (ops.ASYNC_DISPATCH, EXECUTION_REGION):
        resources = [r for r in producer.results if is_resource(r)]
        sizes = (
            operand_segments(producer, DISPATCH_OPERAND_SEGMENTS)["result_sizes"]
            if producer.name == ops.ASYNC_DISPATCH
            else list(producer.opview.result_sizes)
        )
        if len(sizes) == len(resources) and value in resources:
            return sizes[resources.index(value)]
    if producer is not None and producer.name == ops.TIMEPOINT_AWAIT:
        index = list(producer.results).index(value)
        return list(producer.opview.resource_operand_sizes)[index]
    return None
