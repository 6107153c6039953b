"""A crash of IREE ends the compile, never the report of it.

``compile`` and ``check`` run IREE in the tool's own process (one process, no text between
phases). A fault in IREE (a segmentation fault, an LLVM abort) would then take the tool with it,
and the user would see a stack dump and no word from the tool. So the command line runs these
commands in a child process, forked before anything is imported or started; the parent only
relays the child's standard error and waits. When the child dies of a signal it was not sent,
the parent says that IREE crashed, in one line (:func:`~rewriter.pipeline.common.crash_line`:
how, and the pass LLVM's stack dump names), and for ``compile`` builds what plain
``iree-compile`` builds when that succeeds, as for any other fault of the tool's own compile
(never less than ``iree-compile`` builds). A signal sent to the parent is passed to the child,
which is killed when it has not ended soon after (IREE cannot be interrupted inside a phase);
whatever way the child ends, its temporary files (in a directory of the parent's) and any
partial output go with it.
"""

from __future__ import annotations

import contextlib
import ctypes
import glob
import os
import shutil
import signal
import sys
import tempfile
import threading
import time
from collections.abc import Callable
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Contained", "run_contained"]

#: Lines that start LLVM's crash report: from the first, what follows is the report.
_CRASH_MARKERS = (b"PLEASE submit a bug report", b"Stack dump:", b"Please report issues to")
#: Signals the parent passes on (SIGINT it does not: Ctrl-C reaches the child from the terminal).
_RELAYED = (signal.SIGTERM, signal.SIGHUP)


@dataclass(frozen=True)
class Contained:
    """What a contained command runs on: its input, its output (``compile``), its IREE flags."""

    command: str
    input_path: str
    output_path: str | None
    iree_flags: list[str]
    #: Every file the command writes (the output, the log, the remarks): a crash leaves none.
    outputs: tuple[str, ...] = ()


#: glibc's ``mallopt`` parameter for the most arenas it makes (``M_ARENA_MAX`` in malloc.h).
_M_ARENA_MAX = -8


def _fewer_malloc_arenas() -> None:
    """At most one glibc malloc arena per core the process may use (glibc makes up to eight per
    core), unless the user set ``MALLOC_ARENA_MAX``.

    Why: the tool's compile runs IREE's phases, the schedule check and IREE's own threads in
    one process, and glibc gives each thread that allocates an arena of its own, whose freed
    memory no other thread reuses. On this 2-core machine the 256-layer seed form's peak
    resident memory was 258 MiB with ``--no-elide`` (iree-compile: 188 MiB) and 212 MiB with
    two arenas, at no measured cost in time. Where there is no glibc, nothing changes."""
    if "MALLOC_ARENA_MAX" in os.environ:
        return
    try:
        mallopt = ctypes.CDLL(None).mallopt
    except (OSError, AttributeError):
        return
    mallopt.argtypes, mallopt.restype = [ctypes.c_int, ctypes.c_int], ctypes.c_int
    cores = len(os.sched_getaffinity(0)) if hasattr(os, "sched_getaffinity") else os.cpu_count() or 2
    mallopt(_M_ARENA_MAX, max(2, cores))


def run_contained(run: Callable[[], int], what: Contained) -> int:
    """``run()`` in a child process; its exit status, or the crash's report and status."""
    read_end, write_end = os.pipe()
    started = time.time()
    scratch = tempfile.mkdtemp(prefix="slice-elision-")
    pid = os.fork()
    if pid == 0:  # the child: the command, its standard error into the pipe, its files in scratch
        os.close(read_end)
        os.dup2(write_end, 2)
        os.close(write_end)
        os.environ["TMPDIR"] = scratch
        tempfile.tempdir = None
        _fewer_malloc_arenas()
        code = 1
        try:
            code = run()
        except SystemExit as exit_:
            code = exit_.code if isinstance(exit_.code, int) else (0 if exit_.code is None else 1)
        finally:
            with contextlib.suppress(Exception):
                sys.stdout.flush()
                sys.stderr.flush()
            os._exit(code)
    os.close(write_end)
    stop = _Stop(pid)
    previous = {sig: signal.signal(sig, stop.request) for sig in (*_RELAYED, signal.SIGINT)}
    report: list[bytes] = []
    relay = threading.Thread(target=lambda: report.append(_relay_standard_error(read_end)), daemon=True)
    relay.start()
    try:
        status = stop.wait()
        relay.join(timeout=2.0)
    finally:
        for sig, handler in previous.items():
            signal.signal(sig, handler)
        os.close(read_end)
        shutil.rmtree(scratch, ignore_errors=True)
    finished = os.WIFEXITED(status) and os.WEXITSTATUS(status) == 0
    if not finished:
        for output in what.outputs:  # (a child that died, or left by exit() from IREE, cleaned no output)
            _remove_partial_outputs(output, started)
    if stop.signal is not None and not finished:
        # (A child that finished before the signal stopped it wrote its whole output: the
        # command ended as it would have, and says so by its status.)
        if stop.signal == signal.SIGINT:
            print("slice-elision: error: interrupted", file=sys.stderr)
            return 130
        return 128 + stop.signal
    if os.WIFSIGNALED(status):
        return _crashed(-os.WTERMSIG(status), report[0] if report else b"", what)
    return os.WEXITSTATUS(status)


#: How long a child asked to stop (a signal passed on) may take before it is killed: IREE,
#: running in the child, cannot be interrupted inside a phase.
_GRACE_S = 2.0


class _Stop:
    """The child's end: a signal to the parent is passed on (SIGTERM, SIGHUP; Ctrl-C reaches the
    child from the terminal itself, one process group), and a child still running
    :data:`_GRACE_S` later is killed; the parent then cleans up what it left.

    The parent blocks in ``waitpid`` (a signal's handler runs in between, and the wait goes on),
    so the compile's end is seen at once: a poll would add its interval to every compile."""

    def __init__(self, pid: int) -> None:
        self.pid = pid
        self.signal: int | None = None
        self._ended = threading.Event()
        self._timer: threading.Timer | None = None

    def request(self, signum: int, _frame: object) -> None:
        if self.signal is None:
            self.signal = signum
            if signum != signal.SIGINT:
                self._send(signum)
            self._timer = threading.Timer(_GRACE_S, self._send, (signal.SIGKILL,))
            self._timer.daemon = True
            self._timer.start()

    def _send(self, signum: int) -> None:
        if not self._ended.is_set():  # (a child reaped is gone: its pid may be another's)
            with contextlib.suppress(ProcessLookupError):
                os.kill(self.pid, signum)

    def wait(self) -> int:
        status = _wait(self.pid)
        self._ended.set()
        if self._timer is not None:
            self._timer.cancel()
        return status


def _relay_standard_error(fd: int) -> bytes:
    """Copy the child's standard error to ours as it comes, line by line, until LLVM's crash
    report starts; that report is kept (returned), not shown: the parent says it in one line."""
    pending, report = b"", b""
    while True:
        try:
            chunk = os.read(fd, 65536)
        except InterruptedError:
            continue
        if not chunk:
            break
        if report:
            report += chunk
            continue
        pending += chunk
        lines = pending.split(b"\n")
        pending = lines.pop()
        for i, line in enumerate(lines):
            if line.startswith(_CRASH_MARKERS):
                report = b"\n".join(lines[i:]) + b"\n" + pending
                pending = b""
                break
            os.write(2, line + b"\n")
    if pending and not report:
        os.write(2, pending)
    return report


def _wait(pid: int) -> int:
    while True:
        try:
            return os.waitpid(pid, 0)[1]
        except InterruptedError:
            continue


def _crashed(returncode: int, report: bytes, what: Contained) -> int:
    """The child crashed: say so; for ``compile``, plain ``iree-compile``'s build when it has one."""
    from ..pipeline.common import crash_line

    line = crash_line(returncode, report.decode(errors="replace"), "IREE") + f" in the tool's {what.command}"
    if what.command == "compile" and what.output_path is not None:
        from ..errors import CompileError
        from ..pipeline.driver import compile_plain

        try:
            compile_plain(what.input_path, what.output_path, what.iree_flags)
        except CompileError:
            pass  # (plain iree-compile fails too: the crash is the input's error)
        else:
            print(
                f"slice-elision: warning: nothing was elided or checked: {line}; built as plain iree-compile builds it",
                file=sys.stderr,
            )
            return 0
    print(f"slice-elision: error: {line}; please report it", file=sys.stderr)
    return 1


def _remove_partial_outputs(output_path: str, started: float) -> None:
    """What the child reserved or half wrote beside an output when it died (made since the
    command started): a crash leaves nothing behind, as any failure does."""
    out = Path(output_path)
    # (``.NAME.x.part``, and the HAL/VM phase's part beside that one: ``..NAME.x.part.y.part``.)
    for part in out.parent.glob(f".*{glob.escape(out.name)}.*.part"):
        with contextlib.suppress(OSError):
            if part.stat().st_mtime >= started - 1:
                part.unlink()
