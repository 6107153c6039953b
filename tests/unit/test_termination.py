"""SIGTERM stops a command within a second or two, even inside a long call into MLIR.

A pass pipeline runs in C++ for as long as IREE's passes take (minutes on a lit file of many
modules read as one); Python runs a signal handler only between bytecodes of the main thread. So
the pipeline runs in a thread of its own (``rewriter.pipeline.threads.in_a_thread``) while the
main thread waits in short slices, and the command line leaves the process without waiting for
it. The long call here is a sleep in that thread: the same wait, without a module that takes
IREE minutes.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

REPO = Path(__file__).resolve().parents[2]

_SCRIPT = """
import sys, time
from rewriter.cli import entry as cli
from rewriter.pipeline.threads import in_a_thread

def command(argv):
    print("started", flush=True)
    in_a_thread(lambda: time.sleep(300))
    return 0

cli._run = lambda args, extra: command(extra)
sys.exit(cli.main(["check", "unused.mlir"]))
"""


def test_sigterm_ends_a_command_waiting_on_a_long_pass_pipeline_at_once() -> None:
    proc = subprocess.Popen(
        [sys.executable, "-c", _SCRIPT],
        cwd=REPO,
        env={**os.environ, "PYTHONPATH": str(REPO)},
        stdout=subprocess.PIPE,
        text=True,
    )
    assert proc.stdout is not None and proc.stdout.readline().strip() == "started"
    sent = time.monotonic()
    proc.send_signal(signal.SIGTERM)
    assert proc.wait(timeout=120) == 128 + signal.SIGTERM
    # (Not a timing test: without the thread the command waits out the 300 s call; a loaded
    # machine may take seconds to schedule the handler.)
    assert time.monotonic() - sent < 60


def test_a_call_in_a_thread_returns_its_value_and_raises_its_error() -> None:
    from rewriter.pipeline.threads import in_a_thread

    assert in_a_thread(lambda: 42) == 42
    try:
        in_a_thread(lambda: 1 // 0)
    except ZeroDivisionError:
        return
    raise AssertionError("the error was not handed over")
