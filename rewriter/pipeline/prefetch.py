"""IREE's flow phase, started before the command line imports the analysis.

Why: ``slice-elision compile`` spends about half a second importing the analysis (sympy, the
MLIR bindings, numpy) before it can run anything, and then waits over a second for
``iree-compile --compile-to=flow`` in a process of its own. Started first, the flow phase runs
on another core while the imports happen: the command line starts :func:`start` from argument
parsing alone (this module imports nothing heavy), and the driver takes the run over with
:func:`take` when the command it would start is exactly the one started. A run nobody takes
(the guess was wrong, or the command failed before its flow phase) is stopped and removed by
:func:`discard`. The output is the driver's own in either case: the same tool, flags, input and
output format, or no prefetch at all.
"""

from __future__ import annotations

import importlib.util
import os
import shutil
import signal
import subprocess
import tempfile
from dataclasses import dataclass
from pathlib import Path

__all__ = ["Prefetched", "discard", "flow_command", "running", "start", "take"]


@dataclass
class Prefetched:
    """A flow phase running: the command (without its output path), the process, where it writes."""

    command: list[str]
    proc: subprocess.Popen[bytes]
    output: Path
    workdir: Path
    #: The input file as it was when the run started (see :func:`take`).
    input_path: str = ""
    input_state: tuple[int, ...] | None = None

    def wait(self) -> tuple[int, str]:
        """Wait for the run; its exit status and standard error."""
        _, stderr = self.proc.communicate()
        return self.proc.returncode, stderr.decode(errors="replace")

    def stop(self) -> None:
        """Stop the run if it still runs, and remove what it wrote."""
        if self.proc.poll() is None:
            try:
                os.killpg(self.proc.pid, signal.SIGKILL)
            except ProcessLookupError:  # (it ended meanwhile)
                pass
        self.proc.wait()
        if self.proc.stderr is not None:
            self.proc.stderr.close()
        shutil.rmtree(self.workdir, ignore_errors=True)


_running: Prefetched | None = None


def flow_command(tool: str, flags: list[str], input_path: str) -> list[str]:
    """The flow phase's command without its output: what :func:`take` compares."""
    return [tool, *flags, "--compile-to=flow", input_path]


def start(flags: list[str], input_path: str) -> None:
    """Start the flow phase of ``input_path`` with ``flags`` as the driver would (bytecode out),
    if the packaged ``iree-compile`` can be found without importing the compiler."""
    global _running
    discard()
    tool = _packaged_iree_compile()
    if tool is None or not os.path.isfile(input_path):
        return
    state = _state(input_path)
    workdir = Path(tempfile.mkdtemp(prefix="slice-elision-flow-"))
    output = workdir / "flow.mlirbc"
    command = flow_command(tool, flags, str(Path(input_path)))
    try:
        proc = subprocess.Popen(
            [*command, "--emit-mlir-bytecode", "-o", str(output)],
            stdout=subprocess.DEVNULL,
            stderr=subprocess.PIPE,
            start_new_session=True,  # (stopped with what it starts)
        )
    except BaseException:  # (OSError, or an interrupt while it starts: nothing may be left)
        shutil.rmtree(workdir, ignore_errors=True)
        return
    _running = Prefetched(command, proc, output, workdir, input_path, state)


def take(command: list[str]) -> Prefetched | None:
    """The run started for ``command`` (as :func:`flow_command` makes it), now the caller's to
    wait for and :meth:`~Prefetched.stop`; None when there is none (a different run is stopped)."""
    global _running
    found, _running = _running, None
    if found is None:
        return None
    if _same_command(found.command, command) and _state(found.input_path) == found.input_state:
        return found
    found.stop()
    return None


def running() -> bool:
    """Is a started run still running (the command line has time to spare)?"""
    return _running is not None and _running.proc.poll() is None


def discard() -> None:
    """Stop and remove a run nobody took."""
    global _running
    found, _running = _running, None
    if found is not None:
        found.stop()


def _state(path: str) -> tuple[int, ...] | None:
    """What tells a file changed: the driver checks the input's bytes when it takes a run over,
    and the run compiled them only if the file is as it was when the run started (an input
    replaced meanwhile, even by one the driver would refuse, is compiled again)."""
    try:
        found = os.stat(path)
    except OSError:
        return None
    return found.st_dev, found.st_ino, found.st_size, found.st_mtime_ns, found.st_ctime_ns


def _same_command(a: list[str], b: list[str]) -> bool:
    return len(a) == len(b) and os.path.realpath(a[0]) == os.path.realpath(b[0]) and a[1:] == b[1:]


def _packaged_iree_compile() -> str | None:
    """Where ``iree.compiler.tools.binaries.find_tool`` finds ``iree-compile`` when no tool path
    is set in the environment, found without importing the compiler (that import is what the
    prefetch hides). The driver compares the resolved path with its own and ignores a run of
    another binary."""
    if os.environ.get("IREE_TOOL_PATH"):
        return None
    spec = importlib.util.find_spec("iree.compiler")
    if spec is None or not spec.submodule_search_locations:
        return None
    candidate = os.path.join(list(spec.submodule_search_locations)[0], "_mlir_libs", "iree-compile")
    return candidate if os.access(candidate, os.X_OK) else None
