"""IREE's compiler in this process, through its embedding API (``iree.compiler.api``).

A compile hands its module between IREE's phases as an MLIR module in one context, never as
text: the flow phase runs in an :class:`Embedded` session's invocation and its module is
exported to the bindings; the stream phase and the hook run on it in the session's context;
HAL and VM run on the same module imported into a second invocation. Nothing is printed and
parsed again, no process is started, and what IREE's own stages make (types of custom
dialects, resources) stays as it is.

The session takes only the flags IREE's session binder knows (``--iree-hal-*``,
``--iree-opt-*``, ...). A flag it does not take (process-global ``cl::opt`` flags such as
``--iree-stream-*``, MLIR's printing flags, a flag IREE does not have) leaves the compile to the
packaged ``iree-compile``, which reports a bad flag as it always does (:func:`Embedded.open`
returns None). IREE's diagnostics come through its own callback handler: an error becomes the
compile's one-line :class:`~.common.CompileError`, and warnings and remarks are printed as
``LOC: warning: MESSAGE`` (their notes after them) once the phase is over, as ``iree-compile``
prints them (its source line excerpt aside).
"""

from __future__ import annotations

import ctypes
import functools
import os
import re
import sys
import threading
import time
from collections.abc import Sequence
from pathlib import Path
from typing import Any

from iree.compiler import ir

from .c_api import c_pointer
from .common import CompileError, multithreading

__all__ = ["Embedded", "EmbeddedHalVm"]


@functools.cache
def _api() -> Any:
    """IREE's embedding API, its signatures declared (the wheel's wrapper leaves out the phase
    setters, and returns exported modules as bare operations)."""
    from iree.compiler.api import ctypes_dl

    lib = ctypes_dl._dylib
    for name in ("ireeCompilerInvocationSetCompileToPhase", "ireeCompilerInvocationSetCompileFromPhase"):
        getattr(lib, name).argtypes, getattr(lib, name).restype = [ctypes.c_void_p, ctypes.c_char_p], None
    lib.ireeCompilerInvocationExportStealModule.argtypes = [ctypes.c_void_p]
    lib.ireeCompilerInvocationExportStealModule.restype = ctypes.c_void_p
    lib.ireeCompilerInvocationImportBorrowModule.argtypes = [ctypes.c_void_p, ctypes.c_void_p]
    lib.ireeCompilerInvocationImportBorrowModule.restype = ctypes.c_bool
    lib.ireeCompilerInvocationEnableCallbackDiagnostics.argtypes = [
        ctypes.c_void_p,
        ctypes.c_int,
        _CALLBACK,
        ctypes.c_void_p,
    ]
    lib.ireeCompilerInvocationEnableCallbackDiagnostics.restype = None
    lib.ireeCompilerInvocationPipeline.argtypes = [ctypes.c_void_p, ctypes.c_int]
    lib.ireeCompilerInvocationPipeline.restype = ctypes.c_bool
    return ctypes_dl


#: ``void (*)(enum severity, const char *message, size_t size, void *user)``: IREE's callback.
_CALLBACK = ctypes.CFUNCTYPE(None, ctypes.c_int, ctypes.c_char_p, ctypes.c_size_t, ctypes.c_void_p)
#: ``iree_compiler_diagnostic_severity_t``, as ``iree-compile`` names each severity.
_SEVERITY = {0: "note", 1: "warning", 2: "error", 3: "remark"}
#: A diagnostic's first part as IREE's formatting handler writes it: its location, then its text.
_LOCATED = re.compile(r"^(.+?:\d+:\d+|loc\(.*?\)): (.*)$", re.S)


class _Diagnostics:
    """IREE's diagnostics while an invocation runs, through IREE's own callback handler (each
    diagnostic formatted by IREE, its notes and call stack after it): errors kept for the
    compile's one line, warnings and remarks printed after the phase, in order.

    Why IREE's callback and not a handler of the bindings on the context: a phase runs with the
    GIL released (a ctypes call), and IREE emits from its own threads; ctypes takes the GIL for
    its callback, where the bindings' handler reads a diagnostic's notes without it (the
    process aborts)."""

    def __init__(self) -> None:
        self.errors: list[str] = []
        self.others: list[str] = []
        self.callback = _CALLBACK(self._take)  # (kept alive as long as the invocation uses it)

    def _take(self, severity: int, message: bytes | None, size: int, _user: object) -> None:
        text = (message or b"")[:size].decode(errors="replace")
        first = _SEVERITY.get(severity, "error")
        parts = [_labelled(part, first if i == 0 else "note") for i, part in enumerate(text.split("\n\n"))]
        if severity == 2:
            self.errors.append(parts[0])
        else:
            self.others.append("\n".join(parts))

    def install(self, invocation: Any, lib: Any) -> None:
        """Take ``invocation``'s diagnostics (before its source is parsed or its module imported)."""
        lib.ireeCompilerInvocationEnableCallbackDiagnostics(invocation._inv_p, 0, self.callback, None)

    def finished(self, ok: bool, what: str, prefix: str = "") -> None:
        """Raise the first error (or say ``what`` failed), else print what IREE said."""
        if not ok or self.errors:
            raise CompileError(prefix + (self.errors[0] if self.errors else f"{what} failed"))
        if self.others:
            sys.stderr.write("\n".join(self.others) + "\n")


def _labelled(part: str, severity: str) -> str:
    """``LOC: SEVERITY: MESSAGE``, as ``iree-compile`` prints a diagnostic's line."""
    located = _LOCATED.match(part)
    if located is None:
        return f"{severity}: {part}"
    return f"{located.group(1)}: {severity}: {located.group(2)}"


class Embedded:
    """One compile's IREE session: its context, and the phases run in it."""

    def __init__(self, session: Any, api: Any) -> None:
        self._session = session
        self._api = api
        self.context: ir.Context = session.context
        self.context.allow_unregistered_dialects = True  # (as iree-compile does: custom types)
        if not multithreading():
            self.context.enable_multithreading(False)

    @staticmethod
    def open(flags: Sequence[str]) -> Embedded | None:
        """A session with ``flags``, or None when the session does not take one of them."""
        api = _api()
        session = api.Session()
        try:
            session.set_flags(*flags)
        except ValueError:
            session.close()
            return None
        return Embedded(session, api)

    def _invocation(self) -> Any:
        return self._session.invocation()

    def to_flow(self, source: Path) -> ir.Module:
        """``source`` through IREE's phases up to the end of flow, as a module of this context."""
        inv = self._invocation()
        lib = self._api._dylib
        diagnostics = _Diagnostics()
        diagnostics.install(inv, lib)
        ok = inv.parse_source(self._api.Source.open_file(self._session, str(source)))
        if ok:
            lib.ireeCompilerInvocationSetCompileToPhase(inv._inv_p, b"flow")
            ok = lib.ireeCompilerInvocationPipeline(inv._inv_p, 0)
        try:
            diagnostics.finished(ok, "IREE's flow phase")  # (as iree-compile words it: no prefix)
            return _steal_module(lib.ireeCompilerInvocationExportStealModule(inv._inv_p), self.context)
        finally:
            inv.close()

    def start_hal_vm(self, module: ir.Module, part: Path) -> EmbeddedHalVm:
        """HAL and VM of ``module`` (at the end of the stream phase) into ``part``, running in a
        thread of its own (the GIL released): the schedule check runs meanwhile. In a context
        without threads (:func:`~.common.set_multithreading`) it runs first, and the check
        after it: the context's storage is not shared between threads then."""
        return EmbeddedHalVm(self, module, part)

    def run_hal_vm(self, module: ir.Module, part: Path) -> None:
        """HAL and VM of ``module``, in the calling thread; the ``.vmfb`` written to ``part``."""
        inv = self._invocation()
        lib = self._api._dylib
        diagnostics = _Diagnostics()
        diagnostics.install(inv, lib)
        try:
            ok = lib.ireeCompilerInvocationImportBorrowModule(inv._inv_p, c_pointer(module.operation))
            if ok:
                lib.ireeCompilerInvocationSetCompileFromPhase(inv._inv_p, b"stream")
                ok = lib.ireeCompilerInvocationPipeline(inv._inv_p, 0)
            if ok and not diagnostics.errors:
                output = self._api.Output.open_file(str(part))
                try:
                    inv.output_vm_bytecode(output)
                    output.keep()
                finally:
                    output.close()
            diagnostics.finished(ok, "IREE's HAL/VM phase", prefix="hal/vm phase: ")
        finally:
            inv.close()

    def close(self) -> None:
        self._session.close()


def _steal_module(operation: int | None, context: ir.Context) -> ir.Module:
    """The module op IREE handed over, owned by a module of the bindings from now on."""
    from .c_api import module_of_operation

    if not operation:
        raise CompileError("flow phase: IREE handed over no module")
    return module_of_operation(operation, context)


class EmbeddedHalVm:
    """HAL and VM in a thread, with :class:`~.driver._HalVm`'s interface: :meth:`finish` waits
    and puts the output in place; :meth:`cancel` waits too (a compile in this process cannot be
    stopped) and removes what it wrote."""

    def __init__(self, embedded: Embedded, module: ir.Module, part: Path) -> None:
        self.part = part
        self.ended: float | None = None
        self._error: BaseException | None = None
        self._done = threading.Event()

        def run() -> None:
            try:
                embedded.run_hal_vm(module, part)
            except BaseException as err:  # noqa: BLE001 - handed to the waiting thread
                self._error = err
            finally:
                self.ended = time.perf_counter()
                self._done.set()

        if multithreading():
            self._thread = threading.Thread(target=run, name="slice-elision-hal-vm", daemon=True)
            self._thread.start()
        else:  # (one thread at a time in a context without threads: the check waits for it)
            run()

    def wait(self) -> None:
        """Wait for the compile (in short slices: a signal's handler runs meanwhile); raise its error."""
        while not self._done.wait(0.05):
            pass
        if self._error is not None:
            raise self._error

    def cancel(self) -> None:
        while not self._done.wait(0.05):
            pass
        self.part.unlink(missing_ok=True)


def environment_allows_embedding() -> bool:
    """Whether compiles may run IREE in this process (``SLICE_ELISION_SUBPROCESS=1`` says no:
    every phase in the packaged tools, as before)."""
    return os.environ.get("SLICE_ELISION_SUBPROCESS", "") in ("", "0")
