"""The compile entry points: IREE up to the splice point, the hook, the rest of the stream
phase, HAL and VM."""

from __future__ import annotations

import contextlib
import dataclasses
import hashlib
import os
import signal
import subprocess
import tempfile
import threading
import time
import traceback
from collections.abc import Callable, Sequence
from dataclasses import dataclass
from pathlib import Path

from iree.compiler import ir, passmanager

from stream_model.model.loader import file_location_problem, is_text, location_problem, path_problem
from stream_model.semantics.abi import given_over_arguments
from stream_model.semantics.phase import Phase, classify_phase

from .collector import Leftovers, return_freed_memory
from .common import (
    SCHEDULED_AFTER,
    SPLICE_BEFORE,
    CompileError,
    CompileResult,
    IreeRemarks,
    NotAnalysed,
    SpliceMode,
    StreamHook,
    exception_line,
    first_error_line,
    multithreading,
    new_context,
    run_tool,
    tool,
    tool_finished,
    write_ir,
)
from .embedded import Embedded, FlowJob, StartedFlow, environment_allows_embedding
from .flags import check_supported_flags, stream_options
from .passes import Guard, ModulePass, SplicePasses
from .runner import StreamRunner, check_flow, diagnostic_line, verify_errors
from .stages import Stage, pipeline_text, split_at_allocation, stream_pass_names, stream_stages
from .threads import Background

# --------------------------------------------------------------------------------------------
# Flow phase
# --------------------------------------------------------------------------------------------


def check_input(input_path: str | os.PathLike[str]) -> Path:
    if str(input_path) == "":
        raise CompileError("the input path is empty")
    path = Path(input_path)
    if path.is_dir():
        raise CompileError(f"{path}: is a directory, expected an .mlir file")
    if path.exists() and not path.is_file():
        # (/dev/stdin, a pipe: IREE reads the input, and the tool again, so it must stay put.)
        raise CompileError(f"{path}: not a regular file (the input is read more than once: give a file)")
    if not path.is_file():
        raise CompileError(f"{path}: no such file")
    # (The bindings would abort reading the module's locations back; IREE keeps the input's.)
    problem = path_problem(path)
    if problem is not None:
        raise CompileError(f"input: {problem}")
    try:
        problem = file_location_problem(path)
    except OSError as err:
        raise CompileError(f"cannot read {path}: {err.strerror or err}") from err
    if problem is not None:
        raise CompileError(f"{path.name}: {problem}")
    return path


def _check_output(output_path: str | os.PathLike[str]) -> Path:
    """Refuse an output path that cannot be written before any compile runs (a directory would
    otherwise fail only at the final rename, after the whole compile)."""
    out = Path(output_path)
    if out.is_dir():
        raise CompileError(f"cannot write {out}: it is a directory")
    if not out.parent.is_dir():
        raise CompileError(f"output directory does not exist: {out.parent}")
    return out


#: In MLIR bytecode a builtin ``dense_resource`` attribute is binary; these bytes appear only in
#: an attribute the bytecode keeps in its textual form, whose blob the reader drops (``write_ir``).
_TEXTUAL_RESOURCE_REF = b"dense_resource<"


def flow_of_text(input_path: Path, flags: Sequence[str], tmp: Path) -> bytes:
    """:func:`_compile_to_flow`; when IREE fails on an input that is not text (binary garbage),
    the error every command gives for one."""
    try:
        return _compile_to_flow(input_path, flags, tmp)
    except CompileError:
        _refuse_binary(input_path)
        raise


def _refuse_binary(input_path: Path) -> None:
    """After IREE failed on ``input_path``: the error every command gives input that is not text."""
    if not is_text(input_path.read_bytes()):
        raise CompileError(f"{input_path}: not a text file (expected MLIR assembly or bytecode)") from None


def _flow_in_process(embedded: Embedded, input_path: Path, started: FlowJob | None = None) -> ir.Module:
    """:meth:`Embedded.to_flow` (or the module of the phase ``started`` already), with
    :func:`flow_of_text`'s error for input that is not text."""
    try:
        return started.module() if started is not None else embedded.to_flow(input_path)
    except CompileError:
        _refuse_binary(input_path)
        raise


def _compile_to_flow(input_path: Path, flags: Sequence[str], tmp: Path) -> bytes:
    """The input at the end of IREE's flow phase, as module bytes for :meth:`StreamRunner.parse`.

    Bytecode by default: no printing flag of the user's (``--mlir-elide-*``,
    ``--mlir-pretty-debuginfo``) can make it lossy, and blobs stay binary. Frontends (torch
    exports included) reach flow with every ``dense_resource`` as a builtin attribute, which
    bytecode encodes faithfully. A blob referenced from an attribute without a bytecode encoding
    (e.g. a hand-written ``util.buffer.constant`` with a ``#util.composite``) would be lost on
    reading (see :func:`write_ir`); only then is the flow phase run again with text output and
    all locations.
    """
    out = tmp / "flow.mlirbc"
    base = [tool("iree-compile"), *flags, "--compile-to=flow", str(input_path)]
    run_tool([*base, "--emit-mlir-bytecode", "-o", str(out)], "iree-compile")
    data = out.read_bytes()
    if _TEXTUAL_RESOURCE_REF in data:
        out = tmp / "flow.mlir"
        run_tool([*base, "--mlir-print-debuginfo", "--mlir-print-op-generic", "-o", str(out)], "iree-compile")
        data = out.read_bytes()
    return data


_FLOW_CACHE: dict[tuple[str, tuple[str, ...]], bytes] = {}
_FLOW_CACHE_MAX = 16


def _flow_ir_cached(input_path: Path, flags: Sequence[str]) -> bytes:
    """Flow IR for the analysis helpers, cached by input *content* and flags.

    Benchmarks ask for several pass snapshots of the same program; the flow compile is the same
    every time, so it is done once. Keyed on content, not mtime, so an edited file is recompiled.
    """
    key = (hashlib.sha256(input_path.read_bytes()).hexdigest(), tuple(flags))
    if key not in _FLOW_CACHE:
        with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
            data = _compile_to_flow(input_path, flags, Path(tmp))
        if len(_FLOW_CACHE) >= _FLOW_CACHE_MAX:
            _FLOW_CACHE.pop(next(iter(_FLOW_CACHE)))
        _FLOW_CACHE[key] = data
    return _FLOW_CACHE[key]


# --------------------------------------------------------------------------------------------
# Hook
# --------------------------------------------------------------------------------------------


def _call_hook(hook: StreamHook | None, module: ir.Module, context: ir.Context, dump_path: str | None) -> None:
    """Run the hook, dump the IR, verify. Errors become one-line CompileErrors.

    The dump is written *before* verification so that IR a hook broke can be inspected.
    """
    with context, ir.Location.unknown(context):
        if hook is not None:
            try:
                hook(module)
            except CompileError:
                raise
            except Exception as err:  # noqa: BLE001 - any hook failure aborts the compile
                if os.environ.get("SLICE_ELISION_DEBUG"):
                    traceback.print_exc()
                raise CompileError(f"stream hook raised {exception_line(err)}") from err
        if dump_path is not None:
            Path(dump_path).write_text(module.operation.get_asm())
        if hook is not None:
            errors = verify_errors(module)
            if errors is not None:
                raise CompileError("stream hook produced invalid IR: " + errors[0])


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def _write_stream_ir(module: ir.Module, tmp: Path) -> float:
    """Write the finished stream-phase module for ``--compile-from=stream``; returns the time.

    Text with locations, not bytecode: see :func:`write_ir` (bytecode loses ``dense_resource``
    blobs once they sit in ``#util.composite`` constants, which they all do by now)."""
    write_ir(module, tmp / "stream.mlir")
    return time.perf_counter()


def _hal_remarks(remarks: IreeRemarks | None) -> list[str]:
    return remarks.flags("hal") if remarks is not None else []


def _embedding(flags: Sequence[str], remarks: IreeRemarks | None, compile_to: str | None) -> Embedded | None:
    """This process's IREE session for the compile, when it can run the whole compile: every
    flag one the session takes, no remarks (each of IREE's runs writes its own), no phase to
    stop at (the packaged tool writes it), and not turned off (``SLICE_ELISION_SUBPROCESS=1``)."""
    if remarks is not None or compile_to is not None or not environment_allows_embedding():
        return None
    return Embedded.open(flags)


@dataclass(frozen=True)
class _Backend:
    """Where HAL and VM run: in this process's IREE session (``embedded``), on the module as
    it is; else ``iree-compile --compile-from=stream`` with ``flags`` on its text, written into
    ``tmp``."""

    tmp: Path
    flags: Sequence[str]
    embedded: Embedded | None = None

    def start(self, module: ir.Module, out: Path) -> tuple[float, _HalVm | _EmbeddedJob]:
        """Start HAL and VM of ``module`` (at the end of the stream phase) into ``out``: when
        the stream phase's output was handed over, and the running job."""
        if self.embedded is not None:
            return time.perf_counter(), _EmbeddedJob(self.embedded, module, out)
        written = _write_stream_ir(module, self.tmp)
        return written, _HalVm(self.tmp, self.flags, out)


def _finish_hal_vm(
    module: ir.Module, backend: _Backend, out: Path, leftovers: Leftovers | None = None
) -> tuple[float, float]:
    """HAL and VM into a temporary file next to ``out``, renamed into place only on success (a
    failed compile leaves nothing behind). Returns when the stream phase's output was handed
    over and when the output was written. ``leftovers`` (what the hook's analysis left) are
    freed while it runs. Nothing outlives the call: an error or an interrupt stops the compile
    (in this process: waits for it, as IREE cannot stop a phase) and removes what it wrote."""
    stream_written, job = backend.start(module, out)
    try:
        if leftovers is not None:
            leftovers.release()
        return_freed_memory()
        return stream_written, job.finish()
    except BaseException:
        job.cancel()
        raise


class _EmbeddedJob:
    """HAL and VM in this process's session, with :class:`_HalVm`'s interface: into a temporary
    file next to ``out``, put in place by :meth:`finish` once the compile succeeded."""

    def __init__(self, embedded: Embedded, module: ir.Module, out: Path) -> None:
        fd, part_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
        os.close(fd)
        self.out = out
        self._job = embedded.start_hal_vm(module, Path(part_name))

    @property
    def ended(self) -> float | None:
        return self._job.ended

    def finish(self) -> float:
        try:
            self._job.wait()
            os.replace(self._job.part, self.out)
        finally:
            self._job.part.unlink(missing_ok=True)
        return time.perf_counter()

    def cancel(self) -> None:
        self._job.cancel()


class _HalVm:
    """HAL and VM (``iree-compile --compile-from=stream`` of the stream IR in ``tmp``) running
    in the background, into a temporary file next to ``out``: the schedule check runs
    meanwhile. :meth:`finish` renames the output into place once the compile succeeded;
    :meth:`cancel` stops it and removes what it wrote."""

    def __init__(self, tmp: Path, flags: Sequence[str], out: Path, source: Path | None = None) -> None:
        """``source``: compile that file from the start instead (plain iree-compile's build)."""
        fd, part_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
        os.close(fd)
        self.part, self.out = Path(part_name), out
        #: When the compile ended (``perf_counter``); None while it runs.
        self.ended: float | None = None
        self._stderr = ""
        stream = tmp / "stream.mlir"
        if source is not None:
            argv = [tool("iree-compile"), *flags, str(source), "-o", str(self.part)]
        elif "--compile-to=stream" in flags:  # (the stream phase's output itself)
            argv = [tool("iree-opt"), str(stream), "-o", str(self.part)]
        else:
            argv = [tool("iree-compile"), *flags, "--compile-from=stream", str(stream), "-o", str(self.part)]
        try:
            # A session of its own: cancel() stops it with what it started (the linker it runs).
            self._proc = subprocess.Popen(
                argv,
                stdout=subprocess.PIPE,
                stderr=subprocess.PIPE,
                text=True,
                errors="replace",
                start_new_session=True,
            )
        except BaseException:
            self.part.unlink(missing_ok=True)
            raise
        self._waiter = threading.Thread(target=self._wait, daemon=True)
        self._waiter.start()

    def _wait(self) -> None:
        _, self._stderr = self._proc.communicate()
        self.ended = time.perf_counter()

    def finish(self) -> float:
        """Wait for the compile; on success the output goes into place. Returns the time then."""
        try:
            self._waiter.join()
        except BaseException:  # (an interrupt while waiting: nothing may outlive the compile)
            self.cancel()
            raise
        try:
            tool_finished(self._proc.returncode, self._stderr, "iree-compile", prefix="hal/vm phase: ")
            os.replace(self.part, self.out)
        finally:
            self.part.unlink(missing_ok=True)
        return time.perf_counter()

    def cancel(self) -> None:
        """Stop the compile and remove its partial output: the module it compiles is not shipped."""
        if self._proc.poll() is None:
            with contextlib.suppress(ProcessLookupError):
                os.killpg(self._proc.pid, signal.SIGKILL)
        self._waiter.join()
        self.part.unlink(missing_ok=True)


@dataclass(frozen=True)
class _Finished:
    """When the stream phase's IR was written (``perf_counter``), when the output was, and how
    long the compile waited for the schedule check (:attr:`.CompileResult.check_waited_s`)."""

    stream_written: float
    output_written: float
    check_waited_s: float = 0.0


def _finish_after_hook(
    runner: StreamRunner,
    module: ir.Module,
    after: list[Stage],
    guard: Guard | None,
    reschedule: bool,
    guarded_hook: _GuardedHook | None,
    backend: _Backend,
    out: Path,
    leftovers: Leftovers | None = None,
) -> _Finished:
    """The rest of the stream phase after the hook, then HAL and VM into ``out``.

    With a ``guard`` (:mod:`..schedule_guard`) the async part runs under it: the schedule is
    checked (and repaired, when ``reschedule``: the module is at the splice) right before
    ``iree-stream-schedule-allocation``. A repair is made on the module as it was before the
    hook (``guarded_hook``), which then runs again: the rewrite decides on the repaired
    program, never on one its proofs did not see. The check only reads a copy of the schedule,
    so it runs while the stream phase's passes after scheduling run on the module (in another
    thread: :meth:`ScheduleGuard.start`, :meth:`~ScheduleGuard.check_now`); HAL/VM starts only
    once the check has passed, so a repair never waits for a build it would discard (IREE
    cannot stop one in this process), and the repaired module is compiled instead. A failure of
    the stream phase is reported only after the check: a hazard (or its repair) comes first, as
    if the check had run before it. Nothing outlives the call. What the hook's analysis left
    (``leftovers``) is freed before the check, beside the passes."""
    if guard is None:
        module = runner.run(module, after, "stream phase")
        return _Finished(*_finish_hal_vm(module, backend, out, leftovers))
    async_part, cmd_part = split_at_allocation(after)
    before, hook = guarded_hook if guarded_hook is not None else (None, None)

    def async_stages(module: ir.Module, *, apart: bool = False) -> ir.Module:
        return runner.run(module, async_part, "stream phase", apart=apart)

    scheduled = guard.start(module, async_stages, reschedule, before_hook=before, hook=hook)
    passes = _beside(lambda: runner.run(scheduled, cmd_part, "stream phase"))
    try:
        if leftovers is not None:
            leftovers.release()
        hazards = guard.check_now()
    except BaseException:
        passes.wait(_PASSES_UNWIND_S)  # (C++ passes cannot be stopped; nothing is left running on error)
        raise
    checked = time.perf_counter()
    try:
        module = passes.result(relay=True)
    except Exception:
        if not hazards:
            raise
        # The stream phase failed on the module as IREE scheduled it: its repair comes first.
    waited = max(0.0, checked - (passes.ended or checked))
    repaired = guard.settle()  # (raises on a hazard it cannot repair)
    if repaired is not None:
        return _finish_repaired(runner, repaired, cmd_part, backend, out, time.perf_counter() - checked + waited, guard)
    guard.verify_finished(module)
    return _Finished(*_finish_hal_vm(module, backend, out), waited)


#: How long an error or an interrupt waits for the stream phase's passes to end (IREE cannot
#: stop them; the module they run on is freed on the way out).
_PASSES_UNWIND_S = 60.0


def _beside(passes: Callable[[], ir.Module]) -> Background[ir.Module]:
    """The stream phase's passes after scheduling in a thread of their own, while the schedule
    check reads its copy of the schedule in this one (the check's objects stay in this thread's
    allocator); in a context without threads, run now (its storage is not shared between
    threads then)."""
    if multithreading():
        return Background(passes, name="slice-elision-stream-phase")
    return Background.finished(passes)


def _finish_repaired(
    runner: StreamRunner,
    repaired: ir.Module,
    cmd_part: list[Stage],
    backend: _Backend,
    out: Path,
    waited: float,
    guard: Guard,
) -> _Finished:
    """The compile of a schedule the guard repaired (and checked again): the rest of the
    stream phase, then HAL and VM. ``waited``: the check and the repair, which the compile
    waited for. IREE failing on it is the guard's to explain (:meth:`Guard.repair_failed`)."""
    try:
        module = runner.run(repaired, cmd_part, "stream phase", apart=True)
        guard.verify_finished(module)
        return _Finished(*_finish_hal_vm(module, backend, out), waited)
    except CompileError as err:
        raise guard.repair_failed(err) from err


#: The module before the hook and the hook (run again on a repaired copy of it).
_GuardedHook = tuple["ir.Module", "Callable[[ir.Module], None]"]


def _guarded_hook(
    guard: Guard | None, hook: StreamHook | None, module: ir.Module, context: ir.Context
) -> _GuardedHook | None:
    """With a guard and a hook: a copy of the module before the hook, and the hook as the
    compile runs it (so a repair can be rewritten again)."""
    if guard is None or hook is None:
        return None
    from .c_api import clone_module

    return clone_module(module), lambda m: _call_hook(hook, m, context, None)


def compile_file(
    input_path: str | os.PathLike[str],
    output_path: str | os.PathLike[str],
    iree_flags: Sequence[str] = (),
    hook: StreamHook | Sequence[ModulePass] | None = None,
    *,
    dump_hooked_ir: str | None = None,
    splice_mode: SpliceMode = "split",
    guard: Guard | None = None,
    remarks: IreeRemarks | None = None,
    compile_to: str | None = None,
    flow: StartedFlow | None = None,
) -> CompileResult:
    """Compile ``input_path`` to a ``.vmfb`` at ``output_path``, running ``hook`` at the splice.

    ``compile_to``: an IREE phase after the stream phase (``stream`` ... ``vm``) to stop at and
    write instead, as ``iree-compile --compile-to`` does (the last run, after the splice, stops
    there).

    ``input_path`` is anything ``iree-compile`` accepts (linalg/tensor, flow, ...). With
    ``hook=None`` the output is byte-identical to ``iree-compile <iree_flags> input -o output``.
    ``hook`` is a list of passes (:mod:`.passes`), run in order at the splice, their reports in
    ``CompileResult.passes``; or a callable on the module.

    ``splice_mode`` chooses how the hook is installed: ``"split"`` (default) runs two
    PassManagers and calls the hook between them; ``"pass"`` runs one PassManager with the hook
    added as a Python pass (``PassManager.add(callable)``). Both give identical output; ``"pass"``
    falls back to ``"split"`` when the stream phase must run in ``iree-opt``.

    ``dump_hooked_ir`` writes the module text right after the hook (before verification).

    ``guard`` (a :class:`~rewriter.guard.schedule_guard.ScheduleGuard`) checks IREE's schedule right
    before ``iree-stream-schedule-allocation`` and repairs or refuses it; its report stays on
    the guard. With a guard the hook is always spliced in ``"split"`` mode.

    ``remarks`` collects IREE's own optimization remarks of every part of the compile (the
    ``iree-compile`` runs, and the stream phase when it runs in process).

    ``flow``: IREE's flow phase, started by the caller before it had imported the rest
    (:class:`~.embedded.StartedFlow`); taken where it is the phase this compile would run
    (the same input and flags, in this process).

    The output is written to a temporary file next to ``output_path`` and renamed into place, so a
    failed compile never leaves a (partial) output behind and never clobbers an earlier one.
    Input IREE builds but the tool cannot read at the splice (:class:`~.common.NotAnalysed`) is
    built as plain ``iree-compile`` builds it; ``CompileResult.not_analysed`` says why.

    Raises :class:`CompileError` with a one-line message on any failure.
    """
    flags = list(iree_flags)
    src = check_input(input_path)
    out = _check_output(output_path)
    check_supported_flags(flags, rewrite=hook is not None)
    splice = SplicePasses(list(hook)) if isinstance(hook, Sequence) else None
    call: StreamHook | None = splice if splice is not None else hook if callable(hook) else None
    try:
        in_process = remarks is None and compile_to is None
        started = flow if flow is not None and in_process and flow.taken_for(src, flags) else None
        result = _compile_file(src, out, flags, call, dump_hooked_ir, splice_mode, guard, remarks, compile_to, started)
        return dataclasses.replace(result, passes=tuple(splice.runs)) if splice is not None else result
    except NotAnalysed as why:
        if guard is not None:
            guard.forget()  # (of a module that is not the one built)
        return compile_plain(src, out, flags, not_analysed=str(why))


def compile_plain(
    input_path: str | os.PathLike[str],
    output_path: str | os.PathLike[str],
    iree_flags: Sequence[str] = (),
    not_analysed: str = "built as plain iree-compile builds it",
) -> CompileResult:
    """Plain ``iree-compile``'s build of ``input_path``, exactly: one run from the start (no
    phases handed over as text), into a temporary file renamed into place on success.
    ``not_analysed`` goes into the result (why nothing was rewritten or checked)."""
    src, out = check_input(input_path), _check_output(output_path)
    started = time.perf_counter()
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        _HalVm(Path(tmp), list(iree_flags), out, source=src).finish()
    return CompileResult(out, 0.0, 0.0, 0.0, 0.0, time.perf_counter() - started, "-", "-", not_analysed=not_analysed)


def _compile_file(
    src: Path,
    out: Path,
    flags: list[str],
    hook: StreamHook | None,
    dump_hooked_ir: str | None,
    splice_mode: SpliceMode,
    guard: Guard | None,
    remarks: IreeRemarks | None,
    compile_to: str | None = None,
    started: StartedFlow | None = None,
) -> CompileResult:
    """:func:`compile_file` of a checked input and output (``started``: its flow phase, taken)."""
    last = [f"--compile-to={compile_to}"] if compile_to else []  # (the run after the splice)
    if guard is not None and guard.user_input is None:
        guard.user_input = src  # (IREE's stages before the splice run on it: the guard compares)

    # (Leftovers: what the hook's analysis leaves, freed beside the stream phase's last passes.)
    with (
        tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp_name,
        Leftovers() as leftovers,
        contextlib.ExitStack() as closing,
    ):
        tmp = Path(tmp_name)
        opts = stream_options(flags)
        before, after = stream_stages(opts)
        t0 = time.perf_counter()
        preparing = Background(guard.prepare, name="slice-elision-prepare") if guard is not None else None
        if preparing is not None:
            closing.callback(preparing.wait, 60.0)  # (an import is not left running if the flow phase fails)
        embedded = started.embedded if started is not None else _embedding(flags, remarks, compile_to)
        if embedded is not None:
            closing.callback(embedded.close)  # (the session; its context lives on with the modules)
            context = embedded.context
            module = check_flow(_flow_in_process(embedded, src, started.job if started else None), context)
        else:
            flow = flow_of_text(src, flags + (remarks.flags("flow") if remarks else []), tmp)
            context = new_context()
        flow_s = time.perf_counter() - t0
        if remarks is not None:
            remarks.enable(context)
        runner = StreamRunner(context, opts.global_cl_flags, tmp)
        backend = _Backend(tmp, flags + _hal_remarks(remarks) + last, embedded)
        mode: SpliceMode = splice_mode if runner.name == "in-process" and guard is None else "split"
        if mode not in ("split", "pass"):
            raise ValueError(f"splice_mode must be 'split' or 'pass', not {splice_mode!r}")

        t1 = time.perf_counter()
        if embedded is None:
            module = runner.parse_flow(flow)
        if guard is not None:
            guard.given_over = given_over_arguments(module)
        if mode == "split":
            if guard is not None:
                guard.keep_apart(module)
            module = runner.run(module, before, "stream phase")
            if preparing is not None:
                # (The imports ran beside IREE's flow phase and the stream phase's first stages,
                # which view no op from Python; the guard's first walk does.)
                preparing.result(relay=True)
            if guard is not None:
                guard.at_splice(module)
                guard.forward_reloads(module)
            t2 = time.perf_counter()
            guarded_hook = _guarded_hook(guard, hook, module, context)
            with leftovers.kept():
                _call_hook(hook, module, context, dump_hooked_ir)
            t3 = time.perf_counter()
            finished = _finish_after_hook(runner, module, after, guard, True, guarded_hook, backend, out, leftovers)
            if remarks is not None:
                context.finalize_remarks()
        else:
            marks: dict[str, float] = {}

            def _hook_pass(op: ir.Operation, pass_: object) -> None:
                marks["hook_start"] = time.perf_counter()
                with leftovers.kept():
                    _call_hook(hook, module, context, dump_hooked_ir)
                marks["hook_end"] = time.perf_counter()

            try:
                with context:
                    pm = passmanager.PassManager.parse(f"builtin.module({pipeline_text(before)})")
                    pm.add(_hook_pass, name="slice-elision-stream-hook")
                    pm.add(pipeline_text(after))
                    pm.run(module.operation)
            except ir.MLIRError as err:
                raise CompileError("stream phase: " + diagnostic_line(err)) from err
            except ValueError as err:  # pipeline text IREE does not accept
                raise CompileError("stream phase: " + (first_error_line(str(err)) or str(err))) from err
            t2, t3 = marks["hook_start"], marks["hook_end"]
            if remarks is not None:
                context.finalize_remarks()
            finished = _Finished(*_finish_hal_vm(module, backend, out, leftovers))
        t4, t5 = finished.stream_written, finished.output_written

    return CompileResult(
        output_path=out,
        flow_s=flow_s,
        stream_before_s=t2 - t1,
        hook_s=t3 - t2,
        stream_after_s=t4 - t3,
        hal_vm_s=t5 - t4,
        stream_runner=runner.name,
        splice_mode=mode,
        check_waited_s=finished.check_waited_s,
    )


def stream_ir_at_splice(input_path: str | os.PathLike[str], iree_flags: Sequence[str]) -> str:
    """The module text at the splice point (what a hook would see), for analysis and tests."""
    return _ir_after_stages(input_path, iree_flags, lambda before, after: (before, None, []))


def ir_after_pass(
    input_path: str | os.PathLike[str],
    iree_flags: Sequence[str],
    pass_name: str,
    hook: StreamHook | None = None,
    *,
    occurrence: int = 1,
) -> str:
    """The module text right after the ``occurrence``-th run of stream pass ``pass_name``.

    Passes after the splice see the hook's rewrite (if ``hook`` is given), so e.g.
    ``ir_after_pass(f, flags, "iree-stream-schedule-allocation", hook)`` shows the
    ``stream.cmd.copy`` ops that remain with the rewrite. Addressable names are listed by
    :func:`stream_pass_names`; passes inside the registered tensor/optimization sub-pipelines are
    not addressable individually (use the sub-pipeline's name).
    """
    if occurrence < 1:
        raise ValueError("occurrence counts from 1")

    def select(before: list[Stage], after: list[Stage]) -> _Selection:
        seen = 0
        for part, stages in (("before", before), ("after", after)):
            for i, stage in enumerate(stages):
                for j, name in enumerate(stage.names):
                    if name != pass_name:
                        continue
                    seen += 1
                    if seen < occurrence:
                        continue
                    cut = dataclasses.replace(stage, passes=stage.passes[: j + 1])
                    if part == "before":
                        return before[:i] + [cut], None, []
                    return before, hook, after[:i] + [cut]
        names = sorted(set(stream_pass_names(iree_flags)))
        raise ValueError(
            f"stream pass {pass_name!r} (occurrence {occurrence}) is not in the spliced pipeline; "
            f"known passes: {', '.join(names)}"
        )

    return _ir_after_stages(input_path, iree_flags, select)


_Selection = tuple[list[Stage], "StreamHook | None", list[Stage]]


def _ir_after_stages(
    input_path: str | os.PathLike[str],
    iree_flags: Sequence[str],
    select: Callable[[list[Stage], list[Stage]], _Selection],
) -> str:
    """Shared body of the analysis helpers: cached flow, selected stages, optional hook.

    ``select`` maps (stages before the splice, stages after) to (stages to run first, hook,
    stages to run after the hook); it runs before the flow compile so a bad pass name fails fast.
    """
    flags = list(iree_flags)
    src = check_input(input_path)
    check_supported_flags(flags)
    opts = stream_options(flags)
    first, hook, second = select(*stream_stages(opts))
    flow = _flow_ir_cached(src, flags)
    context = new_context()
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        runner = StreamRunner(context, opts.global_cl_flags, Path(tmp))
        module = runner.run(runner.parse_flow(flow), first, "stream phase")
        if second:
            _call_hook(hook, module, context, None)
            module = runner.run(module, second, "stream phase")
        with context:
            return str(module.operation.get_asm())


# --------------------------------------------------------------------------------------------
# Compiling from the splice point
# --------------------------------------------------------------------------------------------


def _read_stream_async_input(module_text_or_path: str | bytes | os.PathLike[str]) -> tuple[bytes, str]:
    """(module bytes, name for messages) from text, bytes or a file path.

    A ``str`` is module text when it contains a newline or a ``{`` (every MLIR module does) and a
    path otherwise; ``bytes`` are module content (text or MLIR bytecode); an ``os.PathLike`` is a
    file. Deciding by content rather than by "does this file exist" keeps a mistyped path from
    turning into a confusing parse error.
    """
    if isinstance(module_text_or_path, bytes):
        return module_text_or_path, "<input>"
    if isinstance(module_text_or_path, str) and ("\n" in module_text_or_path or "{" in module_text_or_path):
        return module_text_or_path.encode(), "<input>"
    path = check_input(module_text_or_path)
    try:
        return path.read_bytes(), path.name
    except OSError as err:
        raise CompileError(f"cannot read {path}: {err.strerror or err}") from err


def parse_stream_async(context: ir.Context, data: bytes, name: str, expected: Phase = Phase.SPLICE) -> ir.Module:
    """Parse and verify a module that claims to be at the splice point (or, with ``expected``
    ``Phase.SCHEDULED``, right after scheduling); one-line errors."""
    problem = location_problem(data)
    if problem is not None:
        raise CompileError(f"{name}: {problem}")
    try:
        with context:
            module = ir.Module.parse(data)
    except ir.MLIRError as err:
        raise CompileError(f"{name}: cannot parse stream-async input: " + diagnostic_line(err)) from err
    except Exception as err:  # noqa: BLE001 - the bindings raise other types for invalid bytes
        first = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise CompileError(f"{name}: cannot parse stream-async input: {first}") from err
    errors = verify_errors(module)
    if errors is not None:
        raise CompileError(f"{name}: input does not verify: " + errors[0])
    found = classify_phase(module)
    if found.phase is Phase.NOT_STREAM:
        raise CompileError(f"{name}: no stream.async ops found; expected stream-async IR at the splice point")
    if expected is Phase.SCHEDULED and found.phase is not Phase.SCHEDULED:
        raise CompileError(
            f"{name}: IR at the wrong phase: {f'found {found.evidence}; ' if found.evidence else ''}"
            f"compile_scheduled expects stream-async IR after {SCHEDULED_AFTER} and before "
            "iree-stream-schedule-allocation"
        )
    if expected is Phase.SPLICE and found.phase is not Phase.SPLICE:
        where = "after scheduling" if found.phase is Phase.SCHEDULED else f"{found.phase.value} the splice point"
        raise CompileError(
            f"{name}: IR at the wrong phase: found {found.evidence}, which belongs {where}; "
            f"compile_stream_async expects stream-async IR as it is right before {SPLICE_BEFORE} "
            "(use compile_file for earlier IR, compile_scheduled for scheduled IR)"
        )
    return module


def after_scheduling(after: list[Stage]) -> list[Stage]:
    """The stages of the rest of the stream phase that follow the stage holding
    :data:`SCHEDULED_AFTER` (schedule-execution and -concurrency run as one function pass
    stage, right after the splice)."""
    for i, stage in enumerate(after):
        if SCHEDULED_AFTER in stage.names:
            return after[i + 1 :]
    raise ValueError(f"{SCHEDULED_AFTER} is not in the stream pipeline")


def schedule_module(module: ir.Module, iree_flags: Sequence[str] = ()) -> ir.Module:
    """Run IREE's scheduling stage (``iree-stream-schedule-execution`` and
    ``-concurrency``) in process on a module at the splice point: the scheduled IR
    :func:`compile_scheduled` continues from. Op locations are kept (an analysis of the result
    can name values from the splice-point source text)."""
    flags = list(iree_flags)
    check_supported_flags(flags)
    opts = stream_options(flags)
    _, after = stream_stages(opts)
    stage = next(s for s in after if SCHEDULED_AFTER in s.names)
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        runner = StreamRunner(module.context, opts.global_cl_flags, Path(tmp))
        return runner.run(module, [stage], "scheduling")


def scheduled_ir_after_pass(
    module_text: str,
    iree_flags: Sequence[str],
    pass_name: str,
    hook: StreamHook | None = None,
) -> str:
    """Scheduled IR (see :func:`compile_scheduled`) continued through the stream phase up to
    and including the first run of ``pass_name`` after scheduling, with ``hook`` run on it
    first: e.g. ``iree-stream-schedule-allocation`` shows the ``stream.cmd.copy`` ops left."""
    flags = list(iree_flags)
    check_supported_flags(flags)
    opts = stream_options(flags)
    _, after = stream_stages(opts)
    stages: list[Stage] = []
    for stage in after_scheduling(after):
        if pass_name in stage.names:
            stages.append(dataclasses.replace(stage, passes=stage.passes[: stage.names.index(pass_name) + 1]))
            break
        stages.append(stage)
    else:
        raise ValueError(f"stream pass {pass_name!r} does not run after scheduling")
    context = new_context()
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        runner = StreamRunner(context, opts.global_cl_flags, Path(tmp))
        module = parse_stream_async(context, module_text.encode(), "<input>", Phase.SCHEDULED)
        _call_hook(hook, module, context, None)
        module = runner.run(module, stages, "stream phase")
        with context:
            return str(module.operation.get_asm())


def compile_scheduled(
    module_text_or_path: str | bytes | os.PathLike[str],
    output_path: str | os.PathLike[str],
    iree_flags: Sequence[str] = (),
    hook: StreamHook | None = None,
    *,
    guard: Guard | None = None,
) -> CompileResult:
    """Compile a module that is already scheduled (stream-async IR with execution and
    concurrent regions, after ``iree-stream-schedule-concurrency`` and before
    ``iree-stream-schedule-allocation``) to a ``.vmfb``: the hook, then the stages of the
    stream phase after scheduling, then HAL/VM. Same contract as :func:`compile_stream_async`.

    The passes between scheduling and allocation (propagate-timepoints, cleanup, ...) run
    again on IR that already went through them; they are idempotent on it."""
    return _compile_from(module_text_or_path, output_path, iree_flags, hook, Phase.SCHEDULED, guard)


def compile_stream_async(
    module_text_or_path: str | bytes | os.PathLike[str],
    output_path: str | os.PathLike[str],
    iree_flags: Sequence[str] = (),
    hook: StreamHook | None = None,
    *,
    guard: Guard | None = None,
) -> CompileResult:
    """Compile a module that is already at the splice point (stream-async IR) to a ``.vmfb``.

    Why: hand-written and generated stream-async programs (the IR cases, the soundness
    campaign) must go through exactly the passes a real compile runs after the hook -- the rest
    of the stream phase (:func:`stream_stages`' "after" part) and ``iree-compile
    --compile-from=stream`` -- so that what they test is what users get. Nothing before the
    splice runs: the input must look like the IR a hook sees (concrete lifetimes, real
    ``stream.executable`` bodies, ``stream.affinity.default`` or explicit affinities).

    ``module_text_or_path``: module text (a ``str`` containing a newline or ``{``), module bytes
    (text or bytecode), or a path. The input is parsed, verified and phase-checked; then
    ``hook`` runs (and the result is verified, as in :func:`compile_file`), then the after
    stages, then HAL/VM. Same error contract as :func:`compile_file`: every failure is a
    :class:`CompileError` with a one-line message, and ``output_path`` is only ever replaced by
    a complete output (written next to it and renamed).

    In the result, ``flow_s`` is 0 and ``stream_before_s`` is the parse/verify time.
    """
    return _compile_from(module_text_or_path, output_path, iree_flags, hook, Phase.SPLICE, guard)


def _compile_from(
    module_text_or_path: str | bytes | os.PathLike[str],
    output_path: str | os.PathLike[str],
    iree_flags: Sequence[str],
    hook: StreamHook | None,
    phase: Phase,
    guard: Guard | None = None,
) -> CompileResult:
    flags = list(iree_flags)
    data, name = _read_stream_async_input(module_text_or_path)
    out = _check_output(output_path)
    check_supported_flags(flags, rewrite=hook is not None)
    opts = stream_options(flags)
    _, after = stream_stages(opts)
    if phase is Phase.SCHEDULED:
        after = after_scheduling(after)

    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp_name, Leftovers() as leftovers:
        tmp = Path(tmp_name)
        context = new_context()
        runner = StreamRunner(context, opts.global_cl_flags, tmp)
        t1 = time.perf_counter()
        module = parse_stream_async(context, data, name, phase)
        if guard is not None and phase is Phase.SPLICE:
            guard.forward_reloads(module, regions=True)
        t2 = time.perf_counter()
        guarded_hook = _guarded_hook(guard, hook, module, context) if phase is Phase.SPLICE else None
        with leftovers.kept():
            _call_hook(hook, module, context, None)
        t3 = time.perf_counter()
        finished = _finish_after_hook(
            runner, module, after, guard, phase is Phase.SPLICE, guarded_hook, _Backend(tmp, flags), out, leftovers
        )
        t4, t5 = finished.stream_written, finished.output_written

    return CompileResult(
        output_path=out,
        flow_s=0.0,
        stream_before_s=t2 - t1,
        hook_s=t3 - t2,
        stream_after_s=t4 - t3,
        hal_vm_s=t5 - t4,
        stream_runner=runner.name,
        splice_mode="split",
        check_waited_s=finished.check_waited_s,
    )
