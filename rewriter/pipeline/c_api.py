"""The compiler's C API, called through ctypes where the Python bindings cost more than the work.

Three places: running a pass manager and verifying a module (``pm.run`` and ``verify()`` hold
the GIL while MLIR's threads run the passes or verify the functions, and an error reported from
one of them then waits for it for good), and copying
a module (the bindings copy a module op by op, a Python call each; the C API copies it whole,
with the GIL released). Each helper says what it falls back to where the library cannot be
found (another platform's library name)."""

from __future__ import annotations

import ctypes
import functools
import os
from typing import Any

from iree.compiler import ir

from stream_model.ir.util import c_address, capsule_functions


class LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


@functools.cache
def _library() -> ctypes.CDLL | None:
    """The compiler library the bindings loaded (ctypes releases the GIL around its calls)."""
    import iree.compiler._mlir_libs as libs

    try:
        return ctypes.CDLL(os.path.join(os.path.dirname(libs.__file__), "libIREECompiler.so"))
    except OSError:
        return None


@functools.cache
def _function(name: str, argtypes: tuple[Any, ...], restype: Any) -> Any:
    """``name`` of the compiler library with its signature declared, or None."""
    library = _library()
    function = getattr(library, name, None) if library is not None else None
    if function is not None:
        function.argtypes, function.restype = list(argtypes), restype
    return function


def pass_manager_run() -> Any:
    """``mlirPassManagerRunOnOp(MlirPassManager, MlirOperation) -> MlirLogicalResult``, or None."""
    return _function("mlirPassManagerRunOnOp", (ctypes.c_void_p, ctypes.c_void_p), LogicalResult)


def operation_verify() -> Any:
    """``mlirOperationVerify(MlirOperation) -> bool``, or None."""
    return _function("mlirOperationVerify", (ctypes.c_void_p,), ctypes.c_bool)


@functools.cache
def _new_capsule() -> Any:
    new = ctypes.pythonapi.PyCapsule_New
    new.restype, new.argtypes = ctypes.py_object, [ctypes.c_void_p, ctypes.c_char_p, ctypes.c_void_p]
    return new


def clone_module(module: ir.Module) -> ir.Module:
    """A deep copy of ``module`` in the same context (the module op's attributes and location
    included), owned by the returned module.

    Made by the C API in one call (``mlirOperationClone`` of the module op, then
    ``mlirModuleFromOperation``), handed to the bindings as a module capsule: no binding object
    is made for the copied op, so the returned module is its only owner. Without the C API,
    op by op through the bindings (the same copy, slower)."""
    clone = _function("mlirOperationClone", (ctypes.c_void_p,), ctypes.c_void_p)
    as_module = _function("mlirModuleFromOperation", (ctypes.c_void_p,), ctypes.c_void_p)
    if clone is None or as_module is None:
        return _clone_op_by_op(module)
    capsule_name = capsule_functions()[0](module._CAPIPtr)
    copied = as_module(clone(c_address(module.operation)))
    return ir.Module._CAPICreate(_new_capsule()(copied, capsule_name, None))


def module_of_operation(operation: int, context: ir.Context) -> ir.Module:
    """The module op at ``operation`` (a C ``MlirOperation`` IREE handed over, owned by no one),
    as a module of the bindings, which owns it from now on."""
    as_module = _function("mlirModuleFromOperation", (ctypes.c_void_p,), ctypes.c_void_p)
    return ir.Module._CAPICreate(_new_capsule()(as_module(operation), _module_capsule_name(context), None))


@functools.cache
def _module_capsule_name(context: ir.Context) -> bytes:
    """The name the bindings give a module's capsule, kept for good: a capsule keeps a pointer
    to its name."""
    with context, ir.Location.unknown(context):
        return bytes(capsule_functions()[0](ir.Module.create()._CAPIPtr))


def _clone_op_by_op(module: ir.Module) -> ir.Module:
    with module.context, module.operation.location:
        copy = ir.Module.create()
        attributes = module.operation.attributes
        for i in range(len(attributes)):
            copy.operation.attributes[attributes[i].name] = attributes[i].attr
        ip = ir.InsertionPoint(copy.body)
        for op in module.body.operations:
            op.operation.clone(ip=ip)
    return copy
