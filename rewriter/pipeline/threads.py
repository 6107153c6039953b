"""Long calls in a thread of their own, while the calling thread waits in short slices.

Python runs a signal handler only in the main thread, between bytecodes: inside a long C call
(a pass pipeline: minutes on some inputs) SIGTERM and Ctrl-C wait for the call to return. Run in
another thread, the call leaves the main thread waiting where a handler runs at once. The waits
use an event, not ``Thread.join``: a join that a signal interrupts may never wait again
(CPython 3.11). Imports nothing heavy: the command line uses it before the analysis loads.
"""

from __future__ import annotations

import ctypes
import threading
import time
from collections.abc import Callable
from typing import Generic, TypeVar

__all__ = ["Background", "in_a_thread"]

T = TypeVar("T")
#: How long a thread that was handed a signal's exception has to unwind through its cleanups.
_UNWIND_SECONDS = 10.0


class Background(Generic[T]):
    """``call()`` started in a thread of its own; the caller goes on, and collects its value or
    exception later (:meth:`result`), waiting in short slices."""

    def __init__(self, call: Callable[[], T], *, stack_bytes: int = 0, name: str = "slice-elision") -> None:
        self._box: dict[str, object] = {}
        self._done = threading.Event()
        #: When the call ended (``perf_counter``); None while it runs.
        self.ended: float | None = None

        def target() -> None:
            try:
                self._box["value"] = call()
            except BaseException as err:  # noqa: BLE001 - handed to the waiting thread
                self._box["error"] = err
            finally:
                self.ended = time.perf_counter()
                self._done.set()

        previous = threading.stack_size(stack_bytes) if stack_bytes else None
        try:
            self._worker: threading.Thread | None = threading.Thread(target=target, name=name, daemon=True)
            self._worker.start()
        finally:
            if previous is not None:
                threading.stack_size(previous)

    @classmethod
    def finished(cls, call: Callable[[], T]) -> Background[T]:
        """``call()`` run now, in this thread; its value or exception kept for :meth:`result`
        (an interrupt is raised at once)."""
        self = cls.__new__(cls)
        self._box, self._done, self._worker = {}, threading.Event(), None
        try:
            self._box["value"] = call()
        except Exception as err:  # noqa: BLE001 - handed to result(), as from a thread
            self._box["error"] = err
        self.ended = time.perf_counter()
        self._done.set()
        return self

    def wait(self, seconds: float) -> bool:
        """Wait up to ``seconds`` for the call to end (in slices); whether it has."""
        deadline = time.monotonic() + seconds
        while not self._done.is_set():
            left = deadline - time.monotonic()
            if left <= 0:
                return False
            self._done.wait(min(left, 0.1))
        return True

    def result(self, relay: bool = False) -> T:
        """Wait for the call; its value, or its exception raised here. With ``relay``, what a
        signal's handler raises here meanwhile is raised in the thread too (:meth:`stop`)."""
        try:
            while not self._done.wait(0.1):
                pass
        except BaseException as signalled:
            if not relay or not self.stop(type(signalled)) or "error" not in self._box:
                raise
        if "error" in self._box:
            raise self._box["error"]  # type: ignore[misc]
        return self._box["value"]  # type: ignore[return-value]

    def stop(self, why: type[BaseException] = KeyboardInterrupt) -> bool:
        """Raise ``why`` in the thread, and give it :data:`_UNWIND_SECONDS` to unwind through
        its cleanups; whether it has ended."""
        if self._worker is not None and self._worker.ident is not None and not self._done.is_set():
            ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(self._worker.ident), ctypes.py_object(why))
        deadline = time.monotonic() + _UNWIND_SECONDS
        while not self._done.wait(0.1) and time.monotonic() < deadline:
            pass
        return self._done.is_set()


def in_a_thread(call: Callable[[], T], *, stack_bytes: int = 0, name: str = "slice-elision", relay: bool = False) -> T:
    """``call()`` in a new thread (``stack_bytes``: its stack, 0 for the default), its value
    returned and its exception raised here. With ``relay``, what a signal's handler raises here
    (``KeyboardInterrupt``, a termination's ``SystemExit``) is raised in the thread too, which
    then unwinds through its own cleanups before this one goes on."""
    return Background(call, stack_bytes=stack_bytes, name=name).result(relay=relay)
