"""The compiler's C API, called through ctypes where the Python bindings cost more than the work.

Four places: running a pass manager and verifying a module (``pm.run`` and ``verify()`` hold
the GIL while MLIR's threads run the passes or verify the functions, and an error reported from
one of them then waits for it for good), catching the errors those report (the bindings'
handler is not safe off the GIL: :func:`errors_reported`), and copying a module (the bindings
copy a module op by op, a Python call each; the C API copies it whole, with the GIL released).
Each helper says what it falls back to where the library cannot be found (another platform's
library name)."""

from __future__ import annotations

import contextlib
import ctypes
import functools
import os
from collections.abc import Iterator
from typing import Any

from iree.compiler import ir

from stream_model.ir.util import c_address, capsule_functions


class LogicalResult(ctypes.Structure):
    _fields_ = [("value", ctypes.c_int8)]


@functools.cache
def _library(keep_gil: bool = False) -> ctypes.CDLL | None:
    """The compiler library the bindings loaded. ctypes releases the GIL around its calls,
    unless ``keep_gil`` (``PyDLL``: for short calls made holding it, from a callback)."""
    import iree.compiler._mlir_libs as libs

    try:
        path = os.path.join(os.path.dirname(libs.__file__), "libIREECompiler.so")
        return ctypes.PyDLL(path) if keep_gil else ctypes.CDLL(path)
    except OSError:
        return None


@functools.cache
def _function(name: str, argtypes: tuple[Any, ...], restype: Any, keep_gil: bool = False) -> Any:
    """``name`` of the compiler library with its signature declared, or None."""
    library = _library(keep_gil)
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


class _StringRef(ctypes.Structure):
    _fields_ = [("data", ctypes.c_void_p), ("length", ctypes.c_size_t)]


#: ``void (*)(MlirStringRef, void *)``.
_STRING_CALLBACK = ctypes.CFUNCTYPE(None, _StringRef, ctypes.c_void_p)
#: ``MlirLogicalResult (*)(MlirDiagnostic, void *)``: both structs of one word, which the C
#: calling conventions pass and return as that word.
_DIAGNOSTIC_HANDLER = ctypes.CFUNCTYPE(ctypes.c_int8, ctypes.c_void_p, ctypes.c_void_p)
#: ``MlirDiagnosticError`` of ``enum MlirDiagnosticSeverity``.
_ERROR = 0


@contextlib.contextmanager
def errors_reported(context: ir.Context) -> Iterator[list[tuple[str, str]]]:
    """While open, every error diagnostic reported in ``context``, as (location, message), in
    the order reported: MLIR's threads hand them over while this thread waits with the GIL
    released. Warnings, notes and remarks go on to the other handlers. Without the C API,
    through the bindings' handler.

    Why not ``Context.attach_diagnostic_handler``: its C++ callback makes the Python object
    of each diagnostic, and drops it, without the GIL (it takes the GIL only around the
    Python call). Reported from one of MLIR's threads while a Python thread runs, that
    corrupts Python's heap: the tool died of SIGSEGV in an unrelated import, one compile of an
    input IREE's verifier rejects in about sixty. A ctypes callback takes the GIL before it
    runs any Python, and reads the diagnostic through the C API."""
    attach = _function(
        "mlirContextAttachDiagnosticHandler",
        (ctypes.c_void_p, _DIAGNOSTIC_HANDLER, ctypes.c_void_p, ctypes.c_void_p),
        ctypes.c_uint64,
    )
    detach = _function("mlirContextDetachDiagnosticHandler", (ctypes.c_void_p, ctypes.c_uint64), None)
    # (Read in the callback, which holds the GIL: released and taken again around each call,
    # each would wait for the Python threads' turn.)
    severity = _function("mlirDiagnosticGetSeverity", (ctypes.c_void_p,), ctypes.c_int, True)
    location = _function("mlirDiagnosticGetLocation", (ctypes.c_void_p,), ctypes.c_void_p, True)
    printer = (ctypes.c_void_p, _STRING_CALLBACK, ctypes.c_void_p)
    print_location = _function("mlirLocationPrint", printer, None, True)
    print_message = _function("mlirDiagnosticPrint", printer, None, True)
    errors: list[tuple[str, str]] = []
    if None in (attach, detach, severity, location, print_location, print_message):
        with _errors_through_the_bindings(context, errors):
            yield errors
        return

    def text(print_it: Any, of: int) -> str:
        parts: list[bytes] = []
        append = _STRING_CALLBACK(lambda ref, _: parts.append(ctypes.string_at(ref.data, ref.length)))
        print_it(of, append, None)
        return b"".join(parts).decode(errors="replace")

    def handle(diagnostic: int, _: int) -> int:
        if severity(diagnostic) != _ERROR:
            return 0  # (not handled: on to the next handler, as without this one)
        errors.append((text(print_location, location(diagnostic)), text(print_message, diagnostic)))
        return 1

    handler = _DIAGNOSTIC_HANDLER(handle)  # (kept alive until detached)
    context_address = c_address(context)
    handler_id = attach(context_address, handler, None, None)
    try:
        yield errors
    finally:
        detach(context_address, handler_id)


@contextlib.contextmanager
def _errors_through_the_bindings(context: ir.Context, errors: list[tuple[str, str]]) -> Iterator[None]:
    def capture(diagnostic: ir.Diagnostic) -> bool:
        if diagnostic.severity != ir.DiagnosticSeverity.ERROR:
            return False
        errors.append((str(diagnostic.location), diagnostic.message))  # (a diagnostic lives only in its call)
        return True

    handler = context.attach_diagnostic_handler(capture)
    try:
        yield
    finally:
        handler.detach()


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
