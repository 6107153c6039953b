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
from typing import TypeVar

__all__ = ["in_a_thread"]

T = TypeVar("T")
#: How long a thread that was handed a signal's exception has to unwind through its cleanups.
_UNWIND_SECONDS = 10.0


def in_a_thread(call: Callable[[], T], *, stack_bytes: int = 0, name: str = "slice-elision", relay: bool = False) -> T:
    """``call()`` in a new thread (``stack_bytes``: its stack, 0 for the default), its value
    returned and its exception raised here. With ``relay``, what a signal's handler raises here
    (``KeyboardInterrupt``, a termination's ``SystemExit``) is raised in the thread too, which
    then unwinds through its own cleanups before this one goes on."""
    box: dict[str, object] = {}
    done = threading.Event()

    def target() -> None:
        try:
            box["value"] = call()
        except BaseException as err:  # noqa: BLE001 - handed to the waiting thread
            box["error"] = err
        finally:
            done.set()

    previous = threading.stack_size(stack_bytes) if stack_bytes else None
    try:
        worker = threading.Thread(target=target, name=name, daemon=True)
        worker.start()
    finally:
        if previous is not None:
            threading.stack_size(previous)
    try:
        while not done.wait(0.1):
            pass
    except BaseException as signalled:
        if not relay or worker.ident is None:
            raise
        ctypes.pythonapi.PyThreadState_SetAsyncExc(ctypes.c_ulong(worker.ident), ctypes.py_object(type(signalled)))
        deadline = time.monotonic() + _UNWIND_SECONDS
        while not done.wait(0.1) and time.monotonic() < deadline:
            pass
        if "error" not in box:
            raise
    if "error" in box:
        raise box["error"]  # type: ignore[misc]
    return box["value"]  # type: ignore[return-value]
