"""What every part of the compile driver shares: the default flags, the splice point, the
hook type, the error and result types, and running the packaged IREE tools."""

from __future__ import annotations

import functools
import os
import re
import shutil
import signal
import subprocess
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from iree.compiler import ir

from ..errors import CompileError as CompileError  # (re-exported)
from ..errors import NotAnalysed as NotAnalysed
from ..errors import NotBuilt as NotBuilt
from .passes import PassRun
from .targets import DEFAULT_CPU_FLAGS as DEFAULT_CPU_FLAGS  # (re-exported: the driver's default flags)

#: The hook runs immediately before this pass (after all of upstream's copy elision and
#: refine-usage, before execution regions are formed).
SPLICE_BEFORE = "iree-stream-schedule-execution"

#: Scheduled stream IR (``rewrite``/``explain`` and :func:`~.driver.compile_scheduled` take it)
#: is IR after this pass, which ends the stage that starts at the splice.
SCHEDULED_AFTER = "iree-stream-schedule-concurrency"

#: A hook mutates the module in place at the splice point; raising aborts the compile.
StreamHook = Callable[[ir.Module], None]

SpliceMode = Literal["split", "pass"]


def exception_line(err: BaseException) -> str:
    """``Type: first line``: the innermost line for an exception raised in a callback of the
    MLIR bindings (``RuntimeError: Exception raised in callback: Traceback ...`` around it)."""
    lines = [line for line in str(err).strip().splitlines() if line.strip()]
    if len(lines) > 1 and "Traceback" in lines[0]:
        return lines[-1].strip()[:300]
    return f"{type(err).__name__}: {lines[0] if lines else ''}".rstrip(": ")


@dataclass(frozen=True)
class CompileResult:
    """Where the output went and how long each phase took (seconds, wall clock).

    Separate phases let benchmarks report the hook's cost against the whole compile.
    """

    output_path: Path
    flow_s: float
    stream_before_s: float
    hook_s: float
    stream_after_s: float
    hal_vm_s: float
    #: ``"in-process"`` or ``"iree-opt"`` (see the module docstring on global flags).
    stream_runner: str
    #: ``"split"`` or ``"pass"``: how the hook was actually spliced in.
    splice_mode: str
    #: With a schedule guard: how long the compile waited for the schedule check after the
    #: stream phase's passes beside it had finished (HAL/VM starts once the check passed);
    #: after a repair, that and the repair too.
    check_waited_s: float = 0.0
    #: Why nothing was rewritten or checked, when the output is plain iree-compile's build of
    #: an input the tool cannot read (:class:`NotAnalysed`); None when it was analysed.
    not_analysed: str | None = None
    #: The reports of the passes the splice ran, for the module built (a hook given as a list
    #: of passes; empty for a plain callable hook).
    passes: tuple[PassRun, ...] = ()

    @property
    def total_s(self) -> float:
        return self.flow_s + self.stream_before_s + self.hook_s + self.stream_after_s + self.hal_vm_s

    def phase_times(self) -> dict[str, float]:
        """Phase name -> seconds, in pipeline order (for tables and JSON reports)."""
        return {
            "flow": self.flow_s,
            "stream-before": self.stream_before_s,
            "hook": self.hook_s,
            "stream-after": self.stream_after_s,
            "hal/vm": self.hal_vm_s,
        }


# --------------------------------------------------------------------------------------------
# Tools
# --------------------------------------------------------------------------------------------


@functools.cache
def tool(name: str) -> str:
    """Absolute path of a packaged IREE tool.

    ``find_tool`` comes first because it returns the binary that ships with (and links the same
    ``libIREECompiler.so`` as) the imported ``iree.compiler``; a different iree-compile on PATH
    could run a different pipeline and break byte-identity.
    """
    try:
        from iree.compiler.tools.binaries import find_tool

        return str(find_tool(name))
    except Exception:  # noqa: BLE001 - any failure falls through to the other locations
        pass
    beside = Path(sys.executable).parent / name
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which(name)
    if found:
        return found
    raise CompileError(f"cannot find the IREE tool {name!r} (install iree-base-compiler==3.13.0)")


def crash_line(returncode: int, stderr: str, what: str) -> str:
    """One line for a tool that crashed (a signal, or LLVM's crash report): that it crashed,
    how, and the first line of its stack dump that names a pass or an action; empty when it
    did not crash. LLVM's report alone ("Please report issues to ...") says none of this."""
    crashed = returncode < 0 or "Stack dump:" in stderr or "Please report issues to" in stderr
    if not crashed:
        return ""
    how = f" ({signal.Signals(-returncode).name})" if returncode < 0 and -returncode in _SIGNALS else ""
    before, _, dump = stderr.partition("Stack dump:")
    error = first_error_line(before) if "error:" in before else ""
    actions = [line.split(".", 1)[1].strip() for line in dump.splitlines() if _ACTION.match(line)]
    actions = [a for a in actions if not a.startswith("Program arguments")]
    frames = [m.group(1) for m in map(_FRAME.match, dump.splitlines()) if m and not _SIGNAL_FRAME.search(m.group(1))]
    said = error or (actions[-1] if actions else "") or (f"in {_ARGUMENTS.sub('', frames[0])}" if frames else "")
    return f"{what} crashed{how}" + (f": {said}" if said else "")


_SIGNALS = {int(s) for s in signal.Signals}
#: LLVM's stack dump: its actions (``1.\tRunning pass 'X'``) and frames (``#4 0x... symbol file:0:0``).
_ACTION = re.compile(r"^\d+\.\s")
_FRAME = re.compile(r"^\s*#\d+ 0x[0-9a-f]+ (\S.*?)(?: \S+:\d+:\d+)?$")
_ARGUMENTS = re.compile(r"\((?!anonymous namespace\)).*$")
_SIGNAL_FRAME = re.compile(r"llvm::sys::|SignalHandler|^\(/")


def first_error_line(stderr: str) -> str:
    """The most useful single line of a tool's stderr: the first ``error:`` line, if any."""
    lines = [line.rstrip() for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if "error:" in line or "error opening" in line:
            return line.strip()
    return lines[0].strip() if lines else ""


def write_ir(module: ir.Module, path: Path) -> None:
    """Write ``module`` as MLIR *text with every location*, for an IREE tool to read.

    Why text, not bytecode: MLIR's bytecode reader drops a dialect resource that is
    referenced from inside an attribute with no bytecode encoding of its own. Such an attribute
    is written as its textual form, and the reader parses that text (``parseAsmEntry``) without
    the resource section's key map: ``dense_resource<k>`` declares ``k`` a second time, the blob
    manager renames it ``k_1``, and ``k_1`` has no data. After ``iree-stream-pack-constants``
    every constant sits in a ``#util.composite`` (no bytecode encoding in IREE 3.13), so every
    ``dense_resource`` weight or initial value was lost between the stream phase and
    ``iree-compile --compile-from=stream`` ("resource data missing in input IR"); stock IREE
    shows the same with ``--compile-to=stream --emit-mlir-bytecode`` then ``--compile-from=stream``.
    The text parser resolves ``dense_resource<k>`` and the ``{-# dialect_resources #-}`` section
    through one key map, so text keeps every blob. ``enable_debug_info`` keeps the source
    locations the ``.vmfb`` embeds, so the output stays byte-identical to plain iree-compile.
    A workaround for the 3.13 bytecode reader: bytecode can come back once the reader resolves
    textual attributes through the resource section (or ``#util.composite`` gets an encoding).

    Why the *generic* op form: an op with a custom assembly format prints its block arguments
    itself, and most print them without their locations (``util.func`` arguments,
    ``stream.cmd.execute`` captures, ``scf.for`` induction variables and iteration arguments);
    parsed again they would be positions in this file. IREE keeps them: its codegen gives a
    loop's phi the iteration argument's location, which reaches an executable's debug line
    table (llvm-cpu debug symbols are on by default). The generic form prints every region's
    block header, arguments with their locations (tested: ``test_no_elide_identity.py``).
    """
    with module.context, open(path, "wb") as f:
        module.operation.print(file=f, binary=True, enable_debug_info=True, print_generic_op_form=True)


def run_tool(argv: list[str], what: str, prefix: str = "") -> None:
    proc = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    tool_finished(proc.returncode, proc.stderr, what, prefix)


def tool_finished(returncode: int, stderr: str, what: str, prefix: str = "") -> None:
    """A tool's run is over: raise its first error line, or pass on what it said, as it said
    it: IREE's warnings (with their notes), and its remarks when asked for with
    ``--remarks-filter`` and no output file, as plain ``iree-compile`` prints them."""
    if returncode != 0:
        line = (
            crash_line(returncode, stderr, what)
            or first_error_line(stderr)
            or f"{what} exited with status {returncode}"
        )
        raise CompileError(prefix + line, details=stderr)
    if stderr.strip():
        sys.stderr.write(stderr if stderr.endswith("\n") else stderr + "\n")


@dataclass
class IreeRemarks:
    """IREE's own optimization remarks during one command (``--remarks-filter``, with
    ``--remarks-output-file`` when ``to_file``): one YAML file per ``iree-compile`` run and one
    for the in-process stream phase, in ``workdir``, read back in pipeline order
    (:meth:`texts`) to go into the user's one file. Without a file, ``iree-compile`` prints them
    as remark diagnostics, which :func:`run_tool` passes on."""

    filter: str
    workdir: Path
    to_file: bool = True
    files: list[Path] = field(default_factory=list)

    def flags(self, stage: str) -> list[str]:
        """The remark flags for one ``iree-compile`` run of ``stage``."""
        if not self.to_file:
            return [f"--remarks-filter={self.filter}"]
        return [f"--remarks-filter={self.filter}", f"--remarks-output-file={self._file(stage)}"]

    def enable(self, context: ir.Context) -> None:
        """Collect the remarks of the passes run in ``context`` (the stream phase)."""
        if self.to_file:
            context.enable_remarks(all_filter=self.filter, output_file=str(self._file("stream")))

    def texts_around(self, ours: str) -> list[str]:
        """Every run's YAML in pipeline order, with ``ours`` (this tool's remarks, made at the
        splice) right after the stream phase's (before HAL and VM's)."""
        texts: list[str] = []
        placed = False
        for f in self.files:
            if not placed and f.name.endswith("-hal.yaml"):
                texts.append(ours)
                placed = True
            texts.append(f.read_text() if f.exists() else "")
        return texts if placed else [*texts, ours]

    def _file(self, stage: str) -> Path:
        path = self.workdir / f"{len(self.files)}-{stage}.yaml"
        self.files.append(path)
        return path


_MULTITHREADING = [True]


def set_multithreading(enabled: bool) -> None:
    """Whether the MLIR contexts the driver creates from now on use threads (default: yes).

    For processes that compile many small modules on few cores: IREE 3.13 was seen
    deadlocking in MLIR's thread pool there (a nested parallel verification waiting on a task
    group no thread was left to run), and threads buy little for small modules. The output is
    the same either way."""
    _MULTITHREADING[0] = enabled


def multithreading() -> bool:
    """Whether the contexts of compiles made from now on use threads (:func:`set_multithreading`)."""
    return _MULTITHREADING[0]


def new_context() -> ir.Context:
    """An MLIR context for one compile, threaded as :func:`set_multithreading` says."""
    context = ir.Context()
    context.allow_unregistered_dialects = True  # (as iree-compile does: custom types, e.g. !custom.string)
    if not _MULTITHREADING[0]:
        context.enable_multithreading(False)
    return context
