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

import contextlib
import ctypes
import functools
import os
import re
import sys
import threading
import time
from collections.abc import Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from iree.compiler import ir

from stream_model.ir.util import c_address

from .common import CompileError, multithreading
from .threads import Background

__all__ = ["Embedded", "EmbeddedHalVm", "FlowJob", "StartedFlow"]


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
        return self.start_flow(source, background=False).module()

    def start_flow(self, source: Path, background: bool = True) -> FlowJob:
        """IREE's phases up to the end of flow on ``source``, in a thread of its own (the GIL
        released): the caller goes on (a command imports what it needs meanwhile) and takes
        the module from the job (:meth:`FlowJob.module`)."""
        return FlowJob(self, source, background)

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
            ok = lib.ireeCompilerInvocationImportBorrowModule(inv._inv_p, c_address(module.operation))
            if ok:
                lib.ireeCompilerInvocationSetCompileFromPhase(inv._inv_p, b"stream")
                ok = lib.ireeCompilerInvocationPipeline(inv._inv_p, 0)
            if ok and not diagnostics.errors:
                output = self._api.Output.open_file(str(part))
                try:
                    inv.output_vm_bytecode(output)
                    output.keep()
                except ValueError:  # (IREE said why through the diagnostics: "no vm.module op")
                    ok = False
                finally:
                    output.close()
            diagnostics.finished(ok, "IREE's HAL/VM phase", prefix="hal/vm phase: ")
        finally:
            inv.close()

    def close(self) -> None:
        self._session.close()


class FlowJob:
    """One run of IREE's flow phase (:meth:`Embedded.start_flow`). The thread only parses and
    runs IREE's passes; what IREE said, and the module handed over to the bindings, are taken
    in the thread that asks for the module (:meth:`module`), in the order the compile reads
    them, so that a command which ends before it asks (a usage error, an input it refuses)
    says nothing IREE said."""

    def __init__(self, embedded: Embedded, source: Path, background: bool) -> None:
        self._embedded = embedded
        self._inv = embedded._invocation()
        self._lib = embedded._api._dylib
        self._diagnostics = _Diagnostics()
        self._diagnostics.install(self._inv, self._lib)
        run = functools.partial(self._run, str(source))
        self._job = Background(run, name="slice-elision-flow") if background else Background.finished(run)

    def _run(self, source: str) -> bool:
        api, inv = self._embedded._api, self._inv
        ok = bool(inv.parse_source(api.Source.open_file(self._embedded._session, source)))
        if ok:
            self._lib.ireeCompilerInvocationSetCompileToPhase(inv._inv_p, b"flow")
            ok = bool(self._lib.ireeCompilerInvocationPipeline(inv._inv_p, 0))
        return ok

    def module(self) -> ir.Module:
        """The flow phase's module, in the session's context (waits for the phase to end);
        raises its first error, or prints its warnings."""
        try:
            ok = self._job.result(relay=True)
            self._diagnostics.finished(ok, "IREE's flow phase")  # (as iree-compile words it: no prefix)
            return _steal_module(
                self._lib.ireeCompilerInvocationExportStealModule(self._inv._inv_p), self._embedded.context
            )
        finally:
            if self._job.ended is not None:  # (an invocation IREE still runs in is not closed)
                self._inv.close()

    def wait(self) -> None:
        """Wait for the phase to end, whatever it made; then the invocation is closed."""
        with contextlib.suppress(Exception):
            self._job.result()
        self._inv.close()


@dataclass
class StartedFlow:
    """IREE's flow phase of ``source`` with ``flags``, started by a command as soon as it knew
    them, in a session of its own, while it imports the rest of what it runs (the command's
    modules and the check's cost about as much as a small program's flow phase). The compile
    takes it where it would start the same phase itself (:func:`~.driver.compile_file`:
    :meth:`taken_for`); a command that ends before (a usage error, an input or output it
    refuses) waits for it and closes it (:meth:`close`)."""

    source: Path
    flags: tuple[str, ...]
    embedded: Embedded
    job: FlowJob
    taken: bool = False

    @classmethod
    def start(cls, source: str | os.PathLike[str], flags: Sequence[str]) -> StartedFlow | None:
        """The phase started, or None where the compile would not run it in this process (or
        the input is not a regular file: the compile says what it is)."""
        path = Path(source)
        if not environment_allows_embedding() or not path.is_file():
            return None
        embedded = Embedded.open(flags)
        if embedded is None:
            return None
        return cls(path, tuple(flags), embedded, embedded.start_flow(path))

    def taken_for(self, source: Path, flags: Sequence[str]) -> bool:
        """Take the phase for a compile of ``source`` with ``flags``: whether it is theirs."""
        if not self.taken:
            self.taken = self.source == source and self.flags == tuple(flags)
            return self.taken
        return False

    def close(self) -> None:
        """Where the compile did not take it: wait for the phase, and close its session."""
        if not self.taken:
            self.job.wait()
            self.embedded.close()


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
