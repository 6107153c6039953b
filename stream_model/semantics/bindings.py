"""What a dispatch's kernel does through each of its bindings: read, write, or both.

Stream-async IR says which operand a dispatch writes in place (a result tied to it) and assumes
the kernel reads every operand. The kernel itself says more: each ``!stream.binding`` argument
of the exported function is opened with ``stream.binding.subspan`` as an
``!iree_tensor_ext.dispatch.tensor<ACCESS:...>`` whose ``ACCESS`` (IREE 3.13's
``TensorAccess``) is what the kernel may do through it (:data:`TENSOR_ACCESS`). IREE's
pre-splice stages can hand one value to a dispatch twice, tie the result to one binding and
write through the other: the kernel then reads and writes one buffer through two bindings, and
nothing orders its loads of one before its stores to the other.

Bindings follow ``iree-stream-schedule-allocation`` (``applyAsyncDispatchOp``): binding ``k`` of
the function is the ``k``-th resource among the dispatch's operands, then its untied results;
the other arguments are the uniform (non-resource) operands in order.

Closed world: a binding whose access the model cannot read (the entry point or its function not
found, a function without a body, a use other than a subspan, a subspan of a type not in the
table) may be read and written (:attr:`DispatchBinding.kernel_found` says which of these is
"no kernel at all"). A binding the function never uses is not touched. One exception: a kernel
that opens a binding as a type IREE's code generation never emits (a ``memref``: a hand-written
kernel, as IREE's ``samples/custom_dispatch`` write them) is taken at the IR's word, as IREE
binds it: it writes a binding only where a result is tied to its operand (IREE binds the others
read-only, and a kernel writing one is outside IREE's contract).
"""

from __future__ import annotations

import enum
import re
from dataclasses import dataclass

from iree.compiler import ir

from ..ir.util import DISPATCH_OPERAND_SEGMENTS, child_ops, operand_segments
from .region_flow import is_resource

__all__ = ["BindingAccess", "DispatchBinding", "Kernels", "TENSOR_ACCESS", "dispatch_bindings"]


class BindingAccess(enum.Flag):
    """What a kernel may do through one binding."""

    NONE = 0
    READ = enum.auto()
    WRITE = enum.auto()
    READ_WRITE = READ | WRITE


#: The access a ``!iree_tensor_ext.dispatch.tensor<ACCESS:...>`` subspan gives the kernel.
TENSOR_ACCESS: dict[str, BindingAccess] = {
    "readonly": BindingAccess.READ,
    "writeonly": BindingAccess.WRITE,
    "readwrite": BindingAccess.READ_WRITE,
}
_DISPATCH_TENSOR = re.compile(r"^!iree_tensor_ext\.dispatch\.tensor<(\w+):")


@dataclass(frozen=True)
class KernelBinding:
    """One binding argument of a kernel: what it may do through it, and why the model says so
    when it could not read it (empty when read from the kernel)."""

    access: BindingAccess
    why: str = ""
    #: Opened as a type IREE's code generation never emits (module docstring).
    hand_written: bool = False


_UNKNOWN_ENTRY = "the dispatch's kernel is not in the module"


class Kernels:
    """The kernels of one module's ``stream.executable`` ops, read on demand: per entry point
    (``@executable::@export``), the access of each binding argument, in order."""

    def __init__(self, module: ir.Module | ir.Operation) -> None:
        self._executables: dict[str, ir.Operation] = {}
        for op in child_ops(module.operation):
            if op.name == "stream.executable" and "sym_name" in op.attributes:
                self._executables[ir.StringAttr(op.attributes["sym_name"]).value] = op
        self._memo: dict[tuple[str, ...], list[KernelBinding] | None] = {}

    def bindings(self, entry: ir.Attribute) -> list[KernelBinding] | None:
        """The bindings of the function ``entry`` (a symbol reference) exports, or None when the
        model cannot find it."""
        path = tuple(ir.SymbolRefAttr(entry).value)
        if path not in self._memo:
            self._memo[path] = self._read(path)
        return self._memo[path]

    def _read(self, path: tuple[str, ...]) -> list[KernelBinding] | None:
        if len(path) != 2 or path[0] not in self._executables:
            return None
        executable = self._executables[path[0]]
        export = _child(executable, "stream.executable.export", path[1])
        if export is None:
            return None
        function = ir.FlatSymbolRefAttr(export.attributes["function_ref"]).value
        inner = next((op for op in _children(executable) if op.name == "builtin.module"), None)
        func = _child(inner, "func.func", function) if inner is not None else None
        if func is None:
            return None
        arguments = _arguments(func)
        if arguments is None:
            return None
        return [_binding(a) for a in arguments if str(a.type) == "!stream.binding"]


def _children(op: ir.Operation) -> list[ir.Operation]:
    return child_ops(op.operation)


def _child(op: ir.Operation, name: str, symbol: str) -> ir.Operation | None:
    return next(
        (
            o
            for o in _children(op)
            if o.name == name and "sym_name" in o.attributes and ir.StringAttr(o.attributes["sym_name"]).value == symbol
        ),
        None,
    )


def _arguments(func: ir.Operation) -> list[ir.Value] | None:
    """The function's arguments; None for a declaration (no body to read)."""
    blocks = list(func.regions[0].blocks) if func.regions else []
    return list(blocks[0].arguments) if blocks else None


def _binding(argument: ir.Value) -> KernelBinding:
    """What the kernel does through one binding argument: the union of its subspans' accesses."""
    access = BindingAccess.NONE
    for use in argument.uses:
        user = getattr(use.owner, "operation", use.owner)
        if user.name != "stream.binding.subspan" or use.operand_number != 0:
            return KernelBinding(BindingAccess.READ_WRITE, f"the kernel passes the binding to {user.name}")
        text = str(user.results[0].type)
        match = _DISPATCH_TENSOR.match(text)
        mode = TENSOR_ACCESS.get(match.group(1)) if match else None
        if mode is None:
            return KernelBinding(
                BindingAccess.READ_WRITE, f"the kernel opens the binding as {text}", text.startswith("memref<")
            )
        access |= mode
    return KernelBinding(access)


@dataclass(frozen=True, eq=False)
class DispatchBinding:
    """A resource operand of a ``stream.async.dispatch`` and what its kernel does through it."""

    position: int  # in ``op.operands``
    operand: int  # in ``resource_operands`` (what ``tied_operands`` counts)
    binding: int  # the kernel's binding number
    value: ir.Value
    access: BindingAccess
    why: str = ""  # why the access is assumed (empty: read from the kernel)
    kernel_found: bool = True  # False: no entry point's kernel is in the module


def dispatch_bindings(op: ir.Operation, kernels: Kernels) -> list[DispatchBinding]:
    """The bindings of ``op``'s resource operands (its untied results' bindings follow them and
    are fresh storage: not listed). With several entry points, what any of them does."""
    segments = operand_segments(op, DISPATCH_OPERAND_SEGMENTS)
    start = sum(
        len(segments[name])
        for name in DISPATCH_OPERAND_SEGMENTS[: DISPATCH_OPERAND_SEGMENTS.index("resource_operands")]
    )
    kernels_of = [kernels.bindings(e) for e in ir.ArrayAttr(op.attributes["entry_points"])]
    tied = (
        {ir.IntegerAttr(a).value for a in ir.ArrayAttr(op.attributes["tied_operands"])}
        if "tied_operands" in op.attributes
        else set()
    )
    out: list[DispatchBinding] = []
    for operand, value in enumerate(segments["resource_operands"]):
        if not is_resource(value):
            continue
        k = len(out)
        access, why, hand_written = BindingAccess.NONE, "", True
        for found in kernels_of:
            if found is None or k >= len(found):
                access, why, hand_written = BindingAccess.READ_WRITE, _UNKNOWN_ENTRY, False
                break
            access |= found[k].access
            why = why or found[k].why
            hand_written = hand_written and found[k].hand_written
        if hand_written:  # (every entry point's kernel: module docstring)
            access = BindingAccess.READ_WRITE if operand in tied else BindingAccess.READ
            why += " (a hand-written kernel: taken at the IR's word)"
        out.append(DispatchBinding(start + operand, operand, k, value, access, why, why != _UNKNOWN_ENTRY))
    return out
