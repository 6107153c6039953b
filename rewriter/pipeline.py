"""Compile driver: IREE's real pipeline with a Python hook spliced into the stream phase.

Why this module exists
----------------------
The rewriter works on stream-dialect IR at one precise point of IREE's pipeline: after upstream
copy elision and usage refinement, right before ``iree-stream-schedule-execution``. IREE 3.13 has
no Python-visible way to stop a compile there, so the compile is cut into three processes/steps:

1. ``iree-compile --compile-to=flow --emit-mlir-bytecode <flags>`` (the packaged binary), which
   also validates every flag and reports input errors with IREE's own messages;
2. the stream phase, spelled out as a textual pipeline and run in-process with
   :class:`iree.compiler.passmanager.PassManager` on an :class:`iree.compiler.ir.Module`, split at
   the splice point where the hook runs;
3. ``iree-compile --compile-from=stream <flags>`` for HAL and VM.

Faithfulness: with ``hook=None`` the ``.vmfb`` is byte-identical to a plain ``iree-compile`` with
the same flags (tested for the seed/call/fused decode programs). Two details make that hold:

* the intermediate files are MLIR *bytecode*. Textual output drops source locations unless
  ``--mlir-print-debuginfo`` is given, and the VM source map in the ``.vmfb`` then differs;
* the textual stream pipeline mirrors ``buildStreamTransformPassPipeline`` of IREE 3.13 pass for
  pass (checked against ``iree-opt --iree-stream-transformation-pipeline --dump-pass-pipeline``).
  The two sub-pipelines that contain ``iree-util-fixed-point-iterator`` (tensor and optimization)
  are used by their registered names, because a textual fixed-point iterator silently runs
  nothing (its inner ``iree-op-pipeline-adaptor`` does not round-trip through text).

How flags reach the stream phase
--------------------------------
Every flag goes unchanged to both ``iree-compile`` runs. The stream phase itself depends on two
kinds of flags, handled as follows:

* Driver ("binder") options that IREE turns into stream pipeline options:
  ``--iree-scheduling-initialization-mode`` (sync adds ``iree-stream-sync-initializers``),
  ``--iree-scheduling-optimize-bindings`` (option of ``iree-stream-optimization-pipeline``) and
  ``--iree-scheduling-dump-statistics-format/-file`` (adds ``iree-stream-dump-statistics``; the
  ``json`` format is refused: plain iree-compile reaches it through a C++ enum cast, but the
  textual pass option only accepts pretty/verbose/csv). These are translated into the textual
  pipeline.
* Process-global LLVM ``cl::opt`` flags read by stream passes at run time: all ``--iree-stream-*``
  (resource limits and index bits, partitioning favor, memory model, ...) and, for safety,
  ``--iree-util-*``. An in-process ``ir.Context`` never sees these. Per IREE's
  ``API/Internal/CompilerDriver.cpp``, ``Session.set_flags`` parses into a session-local binder
  that only holds binder options, and ``ireeCompilerSetupGlobalCL`` (the one entry point that
  sets global ``cl::opt`` values) aborts when called a second time in a process and hands the
  flags to ``llvm::cl::ParseCommandLineOptions``, which exits the process on a bad flag. No
  ``llvm::cl`` symbol is exported from ``libIREECompiler.so``. So when such a flag is present
  the stream pipeline segments run
  in the packaged ``iree-opt`` (same library, flags on its command line) and the module comes
  back as bytecode for the hook, which still runs in this process. The result stays
  byte-identical (tested with ``--iree-stream-resource-index-bits=32``).

Not supported (rejected with :class:`CompileError`): phase-control flags (``--compile-to``,
``--compile-from``, ``--compile-mode``, ``-o``), ``--iree-execution-model=host-only`` (no stream
phase), ``--iree-parameter-encoder-output-file`` (would add the parameter-encoder split) and the
json statistics format.
MLIR debugging flags (``--mlir-print-ir-*``, ``--mlir-timing``) only affect the two
``iree-compile`` runs, not the spliced stream phase.
"""

from __future__ import annotations

import dataclasses
import functools
import hashlib
import os
import shutil
import subprocess
import sys
import tempfile
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Callable, Iterator, Literal, Sequence

from iree.compiler import ir, passmanager
from stream_model.ir_util import Phase, classify_phase

__all__ = [
    "DEFAULT_CPU_FLAGS",
    "SPLICE_BEFORE",
    "CompileError",
    "CompileResult",
    "StreamHook",
    "compile_file",
    "compile_stream_async",
    "ir_after_pass",
    "stream_ir_at_splice",
    "stream_pass_names",
]

#: Flags for the local CPU target used throughout the project (tests, demo, benchmarks).
DEFAULT_CPU_FLAGS: tuple[str, ...] = (
    "--iree-hal-target-device=local",
    "--iree-hal-local-target-device-backends=llvm-cpu",
    "--iree-llvmcpu-target-cpu=host",
)

#: The hook runs immediately before this pass (after all of upstream's copy elision and
#: refine-usage, before execution regions are formed).
SPLICE_BEFORE = "iree-stream-schedule-execution"

#: A hook mutates the module in place at the splice point; raising aborts the compile.
StreamHook = Callable[[ir.Module], None]

SpliceMode = Literal["split", "pass"]


class CompileError(Exception):
    """A compile failed. ``str(err)`` is one line; ``err.details`` keeps the full tool output.

    One line because callers (CLI, benchmarks) print it next to other results; the raw
    diagnostics stay reachable for debugging without turning the message into a wall of text.
    """

    def __init__(self, message: str, details: str = "") -> None:
        line = " ".join(part.strip() for part in message.strip().splitlines() if part.strip())
        super().__init__(line or "compile failed")
        self.details = details


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


@functools.lru_cache(maxsize=None)
def _tool(name: str) -> str:
    """Absolute path of a packaged IREE tool.

    ``find_tool`` comes first because it returns the binary that ships with (and links the same
    ``libIREECompiler.so`` as) the imported ``iree.compiler``; a different iree-compile on PATH
    could run a different pipeline and break byte-identity.
    """
    try:
        from iree.compiler.tools.binaries import find_tool

        return find_tool(name)
    except Exception:  # noqa: BLE001 - any failure falls through to the other locations
        pass
    beside = Path(sys.executable).parent / name
    if beside.is_file() and os.access(beside, os.X_OK):
        return str(beside)
    found = shutil.which(name)
    if found:
        return found
    raise CompileError(f"cannot find the IREE tool {name!r} (install iree-base-compiler==3.13.0)")


def _first_error_line(stderr: str) -> str:
    """The most useful single line of a tool's stderr: the first ``error:`` line, if any."""
    lines = [line.rstrip() for line in stderr.splitlines() if line.strip()]
    for line in lines:
        if "error:" in line or "error opening" in line:
            return line.strip()
    return lines[0].strip() if lines else ""


def _run_tool(argv: list[str], what: str, prefix: str = "") -> None:
    proc = subprocess.run(argv, capture_output=True, text=True, errors="replace")
    if proc.returncode != 0:
        line = _first_error_line(proc.stderr) or f"{what} exited with status {proc.returncode}"
        raise CompileError(prefix + line, details=proc.stderr)


# --------------------------------------------------------------------------------------------
# Flags
# --------------------------------------------------------------------------------------------

_PHASE_FLAGS = ("compile-to", "compile-from", "compile-mode", "o", "output")
_GLOBAL_CL_PREFIXES = ("iree-stream-", "iree-util-")
_BOOL_TRUE = {"true", "TRUE", "True", "1", ""}


def _flag_name(token: str) -> str | None:
    """``--a-b=c`` -> ``a-b``; ``None`` for a token that is not a flag (a separate value)."""
    if not token.startswith("-") or token in ("-", "--"):
        return None
    return token.lstrip("-").split("=", 1)[0]


def _iter_flags(flags: Sequence[str]) -> Iterator[tuple[str, str | None, list[str]]]:
    """Yield ``(name, value or None, tokens)``; a non-flag token is the previous flag's value.

    LLVM accepts both ``--opt=value`` and ``--opt value`` for options that take a value, so a bare
    token right after a flag without ``=`` is kept with that flag (iree-compile rejects anything
    that is really a stray positional argument).
    """
    i = 0
    toks = list(flags)
    while i < len(toks):
        tok = toks[i]
        name = _flag_name(tok)
        if name is None:
            yield ("", tok, [tok])
            i += 1
            continue
        if "=" in tok:
            yield (name, tok.split("=", 1)[1], [tok])
            i += 1
        elif i + 1 < len(toks) and _flag_name(toks[i + 1]) is None:
            yield (name, toks[i + 1], [tok, toks[i + 1]])
            i += 2
        else:
            yield (name, None, [tok])
            i += 1


def _check_supported_flags(flags: Sequence[str]) -> None:
    """Reject flags that would make the spliced pipeline differ from plain iree-compile."""
    for name, value, _ in _iter_flags(flags):
        if name in _PHASE_FLAGS:
            raise CompileError(f"flag --{name} is not allowed: the driver controls the compile phases itself")
        if name == "iree-execution-model" and value == "host-only":
            raise CompileError("--iree-execution-model=host-only has no stream phase to splice into")
        if name == "iree-scheduling-dump-statistics-format" and value == "json":
            raise CompileError(
                "--iree-scheduling-dump-statistics-format=json is not supported by the spliced stream "
                "pipeline (the textual iree-stream-dump-statistics pass accepts pretty, verbose, csv)"
            )
        if name == "iree-parameter-encoder-output-file" and value:
            raise CompileError("--iree-parameter-encoder-output-file is not supported by the spliced stream pipeline")


@dataclass(frozen=True)
class _StreamOptions:
    """What the stream phase needs to know from the flags (mirrors Stream::TransformOptions)."""

    sync_initializers: bool = True
    optimize_bindings: bool = True
    dump_statistics_format: str | None = None
    dump_statistics_file: str = ""
    #: ``--iree-stream-*``/``--iree-util-*`` tokens: process-global cl::opts -> run in iree-opt.
    global_cl_flags: tuple[str, ...] = ()


def _stream_options(flags: Sequence[str]) -> _StreamOptions:
    """Read the stream-relevant flags (last occurrence wins, as in LLVM's command line).

    Called only after iree-compile accepted the flags, so values are known to be valid.
    """
    opts: dict[str, object] = {}
    global_cl: list[str] = []
    for name, value, toks in _iter_flags(flags):
        if name == "iree-scheduling-initialization-mode":
            opts["sync_initializers"] = value != "async"
        elif name == "iree-scheduling-optimize-bindings":
            # Boolean cl options never take a separate value token.
            opts["optimize_bindings"] = (value if toks[0].count("=") else "") in _BOOL_TRUE
        elif name == "iree-scheduling-dump-statistics-format":
            opts["dump_statistics_format"] = None if value in (None, "none") else value
        elif name == "iree-scheduling-dump-statistics-file":
            opts["dump_statistics_file"] = value or ""
        elif name.startswith(_GLOBAL_CL_PREFIXES):
            global_cl.extend(toks)
    return _StreamOptions(global_cl_flags=tuple(global_cl), **opts)  # type: ignore[arg-type]


# --------------------------------------------------------------------------------------------
# The stream pipeline, spelled out
# --------------------------------------------------------------------------------------------

_FUNCTION_LIKE = ("func.func", "util.initializer", "util.func")


@dataclass(frozen=True)
class _Stage:
    """One element of the textual stream pipeline.

    ``anchors`` empty: module-level passes; otherwise the passes are nested under each anchor op
    (IREE's ``FunctionLikeNest`` is the three function-like ops). ``opaque`` marks a registered
    sub-pipeline whose inner passes cannot be stopped after individually.
    """

    passes: tuple[str, ...]
    anchors: tuple[str, ...] = ()
    opaque: bool = False

    @property
    def names(self) -> tuple[str, ...]:
        return tuple(p.split("{", 1)[0] for p in self.passes)

    def text(self, upto: int | None = None) -> str:
        passes = self.passes if upto is None else self.passes[: upto + 1]
        body = ",".join(passes)
        if not self.anchors:
            return body
        return ",".join(f"{anchor}({body})" for anchor in self.anchors)


def _top(*passes: str) -> list[_Stage]:
    return [_Stage((p,)) for p in passes]


def _fn(*passes: str) -> _Stage:
    return _Stage(tuple(passes), _FUNCTION_LIKE)


def _cleanup() -> list[_Stage]:
    """``buildStreamCleanupPassPipeline``."""
    return [
        _fn(
            "canonicalize",
            "cse",
            "iree-util-optimize-int-arithmetic",
            "iree-util-simplify-global-accesses",
            "iree-util-apply-patterns",
        ),
        *_top("iree-util-fold-globals", "iree-util-fuse-globals", "iree-util-ipo"),
    ]


def _quote_option(value: str) -> str:
    return value if value and all(c not in value for c in " {},=\"'") else '"' + value.replace('"', '\\"') + '"'


def _stream_stages(opts: _StreamOptions) -> tuple[list[_Stage], list[_Stage]]:
    """(stages before the splice, stages after it) of IREE 3.13's stream phase.

    Mirrors ``buildStreamTransformPassPipeline`` (Stream/Transforms/Passes.cpp), with the async
    and cmd sub-pipelines spelled out so that the splice point and ``ir_after_pass`` can address
    individual passes.
    """
    before: list[_Stage] = [
        *_top("iree-util-verify-initialization-order"),
        _Stage(("iree-stream-tensor-transformation-pipeline",), opaque=True),
        # --- async pipeline ---
        *_top("iree-stream-specialize-encodings"),
        _fn("iree-stream-encode-host-tensors"),
        _Stage(("iree-stream-encode-device-tensors",), ("stream.executable",)),
        *_top("iree-stream-materialize-encodings"),
        _fn("iree-stream-layout-slices"),
        *_cleanup(),
        *_top("iree-stream-verify-lowering-to-async-resources"),
        _fn("iree-stream-materialize-copy-on-write", "canonicalize"),
        *_top("iree-stream-elide-async-copies"),
        _fn("canonicalize", "iree-stream-emplace-allocations"),
        *_top("iree-stream-refine-usage"),
        _fn("canonicalize"),
        *_top("iree-stream-elide-async-copies"),
        *_cleanup(),
        *_top("iree-stream-verify-async-access-ranges", "iree-stream-place-transfer-executions"),
    ]
    after: list[_Stage] = [
        _fn(SPLICE_BEFORE, "iree-stream-schedule-concurrency"),
        *(_top("iree-stream-sync-initializers") if opts.sync_initializers else []),
        *_top("iree-stream-propagate-timepoints", "iree-stream-materialize-builtins"),
        *_cleanup(),
        *_top("iree-stream-verify-lowering-to-async"),
        # --- cmd pipeline ---
        *_top(
            "iree-stream-schedule-allocation",
            "iree-stream-emplace-transients",
            "iree-stream-materialize-transient-size-queries",
        ),
        _fn("iree-stream-pack-constants", "iree-stream-layout-slices", "canonicalize"),
        *_top("iree-util-propagate-subranges"),
        *_cleanup(),
        *_top(
            "iree-stream-automatic-reference-counting",
            "iree-stream-annotate-constant-transient-size",
            "iree-stream-verify-lowering-to-cmd",
        ),
    ]
    if opts.dump_statistics_format:
        options = [f"output-format={opts.dump_statistics_format}"]
        if opts.dump_statistics_file:
            options.append(f"output-file={_quote_option(opts.dump_statistics_file)}")
        after.append(_Stage((f"iree-stream-dump-statistics{{{' '.join(options)}}}",)))
    optimization = "iree-stream-optimization-pipeline"
    if not opts.optimize_bindings:
        optimization += "{optimize-bindings=false}"
    after += [
        _Stage((optimization,), opaque=True),
        _Stage(("iree-stream-cleanup-pipeline",), opaque=True),
        *_top("symbol-dce"),
    ]
    return before, after


def _pipeline_text(stages: Sequence[_Stage]) -> str:
    return ",".join(stage.text() for stage in stages)


def stream_pass_names(iree_flags: Sequence[str] = ()) -> list[str]:
    """Pass names addressable by :func:`ir_after_pass`, in pipeline order (repeats included)."""
    before, after = _stream_stages(_stream_options(iree_flags))
    return [name for stage in before + after for name in stage.names]


# --------------------------------------------------------------------------------------------
# Running stream pipeline segments
# --------------------------------------------------------------------------------------------


def _diagnostic_line(err: Exception) -> str:
    """One line from an MLIRError: the first error diagnostic with its location."""
    diags = getattr(err, "error_diagnostics", None) or []
    for diag in diags:
        if diag.severity == ir.DiagnosticSeverity.ERROR:
            loc = str(diag.location)
            if loc.startswith("loc(") and loc.endswith(")"):
                loc = loc[4:-1]
            return f"{loc}: error: {diag.message}"
    return _first_error_line(str(err)) or str(err)


class _StreamRunner:
    """Runs textual pipeline segments on a module, in-process or in ``iree-opt``.

    In-process is the fast path. ``iree-opt`` is used when process-global ``cl::opt`` flags must
    reach the passes (see the module docstring); the hook still runs in this process.
    """

    def __init__(self, context: ir.Context, global_cl_flags: Sequence[str], workdir: Path) -> None:
        self.context = context
        self.global_cl_flags = list(global_cl_flags)
        self.workdir = workdir
        self._count = 0

    @property
    def name(self) -> str:
        return "iree-opt" if self.global_cl_flags else "in-process"

    def parse(self, data: bytes) -> ir.Module:
        try:
            with self.context:
                return ir.Module.parse(data)
        except ir.MLIRError as err:
            raise CompileError("stream phase: cannot parse flow output: " + _diagnostic_line(err)) from err

    def run(self, module: ir.Module, stages: Sequence[_Stage], what: str) -> ir.Module:
        text = _pipeline_text(stages)
        if not text:
            return module
        if self.global_cl_flags:
            return self._run_iree_opt(module, text, what)
        try:
            with self.context:
                pm = passmanager.PassManager.parse(f"builtin.module({text})")
                pm.run(module.operation)
        except ir.MLIRError as err:
            raise CompileError(f"{what}: " + _diagnostic_line(err)) from err
        except ValueError as err:  # pipeline text IREE does not accept
            raise CompileError(f"{what}: " + (_first_error_line(str(err)) or str(err))) from err
        return module

    def _run_iree_opt(self, module: ir.Module, text: str, what: str) -> ir.Module:
        self._count += 1
        src = self.workdir / f"opt{self._count}.in.mlirbc"
        dst = self.workdir / f"opt{self._count}.out.mlirbc"
        with open(src, "wb") as f:
            module.operation.write_bytecode(f)
        _run_tool(
            [_tool("iree-opt"), *self.global_cl_flags, f"--pass-pipeline=builtin.module({text})",
             "--emit-bytecode", str(src), "-o", str(dst)],
            "iree-opt",
            prefix=f"{what}: ",
        )
        return self.parse(dst.read_bytes())


# --------------------------------------------------------------------------------------------
# Flow phase
# --------------------------------------------------------------------------------------------


def _check_input(input_path: str | os.PathLike[str]) -> Path:
    path = Path(input_path)
    if not path.is_file():
        raise CompileError(f"input file not found: {path}")
    return path


def _compile_to_flow(input_path: Path, flags: Sequence[str], out: Path) -> None:
    _run_tool(
        [_tool("iree-compile"), *flags, "--compile-to=flow", "--emit-mlir-bytecode", str(input_path), "-o", str(out)],
        "iree-compile",
    )


_FLOW_CACHE: dict[tuple[str, tuple[str, ...]], bytes] = {}
_FLOW_CACHE_MAX = 16


def _flow_bytecode_cached(input_path: Path, flags: Sequence[str]) -> bytes:
    """Flow bytecode for the analysis helpers, cached by input *content* and flags.

    Benchmarks ask for several pass snapshots of the same program; the flow compile is the same
    every time, so it is done once. Keyed on content, not mtime, so an edited file is recompiled.
    """
    key = (hashlib.sha256(input_path.read_bytes()).hexdigest(), tuple(flags))
    if key not in _FLOW_CACHE:
        with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
            out = Path(tmp) / "flow.mlirbc"
            _compile_to_flow(input_path, flags, out)
            data = out.read_bytes()
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
                first = (str(err).strip().splitlines() or [""])[0]
                raise CompileError(f"stream hook raised {type(err).__name__}: {first}".rstrip(": ")) from err
        if dump_path is not None:
            Path(dump_path).write_text(module.operation.get_asm())
        if hook is not None:
            try:
                module.operation.verify()
            except ir.MLIRError as err:
                raise CompileError("stream hook produced invalid IR: " + _diagnostic_line(err)) from err


# --------------------------------------------------------------------------------------------
# Public API
# --------------------------------------------------------------------------------------------


def _write_stream_bytecode(module: ir.Module, tmp: Path) -> float:
    """Write the finished stream-phase module for ``--compile-from=stream``; returns the time."""
    with open(tmp / "stream.mlirbc", "wb") as f:
        module.operation.write_bytecode(f)
    return time.perf_counter()


def _finish_from_stream(tmp: Path, flags: Sequence[str], out: Path) -> float:
    """HAL and VM: ``iree-compile --compile-from=stream`` into a temporary file next to ``out``,
    renamed into place only on success (a failed compile leaves nothing behind). Returns the
    time it finished."""
    fd, part_name = tempfile.mkstemp(prefix=f".{out.name}.", suffix=".part", dir=out.parent)
    os.close(fd)
    part = Path(part_name)
    try:
        _run_tool(
            [_tool("iree-compile"), *flags, "--compile-from=stream", str(tmp / "stream.mlirbc"), "-o", str(part)],
            "iree-compile",
            prefix="hal/vm phase: ",
        )
        os.replace(part, out)
    finally:
        part.unlink(missing_ok=True)
    return time.perf_counter()


def compile_file(
    input_path: str | os.PathLike[str],
    output_path: str | os.PathLike[str],
    iree_flags: Sequence[str] = (),
    hook: StreamHook | None = None,
    *,
    dump_hooked_ir: str | None = None,
    splice_mode: SpliceMode = "split",
) -> CompileResult:
    """Compile ``input_path`` to a ``.vmfb`` at ``output_path``, running ``hook`` at the splice.

    ``input_path`` is anything ``iree-compile`` accepts (linalg/tensor, flow, ...). With
    ``hook=None`` the output is byte-identical to ``iree-compile <iree_flags> input -o output``.

    ``splice_mode`` chooses how the hook is installed: ``"split"`` (default) runs two
    PassManagers and calls the hook between them; ``"pass"`` runs one PassManager with the hook
    added as a Python pass (``PassManager.add(callable)``). Both give identical output; ``"pass"``
    falls back to ``"split"`` when the stream phase must run in ``iree-opt``.

    ``dump_hooked_ir`` writes the module text right after the hook (before verification).

    The output is written to a temporary file next to ``output_path`` and renamed into place, so a
    failed compile never leaves a (partial) output behind and never clobbers an earlier one.
    Raises :class:`CompileError` with a one-line message on any failure.
    """
    flags = list(iree_flags)
    src = _check_input(input_path)
    out = Path(output_path)
    if not out.parent.is_dir():
        raise CompileError(f"output directory does not exist: {out.parent}")
    _check_supported_flags(flags)

    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp_name:
        tmp = Path(tmp_name)
        flow_file = tmp / "flow.mlirbc"
        t0 = time.perf_counter()
        _compile_to_flow(src, flags, flow_file)
        flow_s = time.perf_counter() - t0

        opts = _stream_options(flags)
        before, after = _stream_stages(opts)
        context = ir.Context()
        runner = _StreamRunner(context, opts.global_cl_flags, tmp)
        mode: SpliceMode = splice_mode if runner.name == "in-process" else "split"
        if mode not in ("split", "pass"):
            raise ValueError(f"splice_mode must be 'split' or 'pass', not {splice_mode!r}")

        t1 = time.perf_counter()
        module = runner.parse(flow_file.read_bytes())
        if mode == "split":
            module = runner.run(module, before, "stream phase")
            t2 = time.perf_counter()
            _call_hook(hook, module, context, dump_hooked_ir)
            t3 = time.perf_counter()
            module = runner.run(module, after, "stream phase")
        else:
            marks: dict[str, float] = {}

            def _hook_pass(op: ir.Operation, pass_: object) -> None:
                marks["hook_start"] = time.perf_counter()
                _call_hook(hook, module, context, dump_hooked_ir)
                marks["hook_end"] = time.perf_counter()

            try:
                with context:
                    pm = passmanager.PassManager.parse(f"builtin.module({_pipeline_text(before)})")
                    pm.add(_hook_pass, name="slice-elision-stream-hook")
                    pm.add(_pipeline_text(after))
                    pm.run(module.operation)
            except ir.MLIRError as err:
                raise CompileError("stream phase: " + _diagnostic_line(err)) from err
            except ValueError as err:  # pipeline text IREE does not accept
                raise CompileError("stream phase: " + (_first_error_line(str(err)) or str(err))) from err
            t2, t3 = marks["hook_start"], marks["hook_end"]

        t4 = _write_stream_bytecode(module, tmp)
        t5 = _finish_from_stream(tmp, flags, out)

    return CompileResult(
        output_path=out,
        flow_s=flow_s,
        stream_before_s=t2 - t1,
        hook_s=t3 - t2,
        stream_after_s=t4 - t3,
        hal_vm_s=t5 - t4,
        stream_runner=runner.name,
        splice_mode=mode,
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

    def select(before: list[_Stage], after: list[_Stage]) -> _Selection:
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


_Selection = tuple[list[_Stage], "StreamHook | None", list[_Stage]]


def _ir_after_stages(
    input_path: str | os.PathLike[str],
    iree_flags: Sequence[str],
    select: Callable[[list[_Stage], list[_Stage]], _Selection],
) -> str:
    """Shared body of the analysis helpers: cached flow, selected stages, optional hook.

    ``select`` maps (stages before the splice, stages after) to (stages to run first, hook,
    stages to run after the hook); it runs before the flow compile so a bad pass name fails fast.
    """
    flags = list(iree_flags)
    src = _check_input(input_path)
    _check_supported_flags(flags)
    opts = _stream_options(flags)
    first, hook, second = select(*_stream_stages(opts))
    flow = _flow_bytecode_cached(src, flags)
    context = ir.Context()
    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp:
        runner = _StreamRunner(context, opts.global_cl_flags, Path(tmp))
        module = runner.run(runner.parse(flow), first, "stream phase")
        if second:
            _call_hook(hook, module, context, None)
            module = runner.run(module, second, "stream phase")
        with context:
            return module.operation.get_asm()


# --------------------------------------------------------------------------------------------
# Compiling from the splice point
# --------------------------------------------------------------------------------------------

def _read_stream_async_input(module_text_or_path: "str | bytes | os.PathLike[str]") -> tuple[bytes, str]:
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
    path = _check_input(module_text_or_path)
    try:
        return path.read_bytes(), path.name
    except OSError as err:
        raise CompileError(f"cannot read {path}: {err.strerror or err}") from err


def _parse_stream_async(context: ir.Context, data: bytes, name: str) -> ir.Module:
    """Parse and verify a module that claims to be at the splice point; one-line errors."""
    try:
        with context:
            module = ir.Module.parse(data)
    except ir.MLIRError as err:
        raise CompileError(f"{name}: cannot parse stream-async input: " + _diagnostic_line(err)) from err
    except Exception as err:  # noqa: BLE001 - the bindings raise other types for invalid bytes
        first = (str(err).strip().splitlines() or [type(err).__name__])[0]
        raise CompileError(f"{name}: cannot parse stream-async input: {first}") from err
    try:
        with context:
            module.operation.verify()
    except ir.MLIRError as err:
        raise CompileError(f"{name}: input does not verify: " + _diagnostic_line(err)) from err
    found = classify_phase(module)
    if found.phase in (Phase.BEFORE, Phase.AFTER):
        raise CompileError(
            f"{name}: IR at the wrong phase: found {found.evidence}, which belongs {found.phase.value} the splice "
            f"point; compile_stream_async expects stream-async IR as it is right before {SPLICE_BEFORE} "
            "(use compile_file for earlier IR)"
        )
    if found.phase is Phase.NOT_STREAM:
        raise CompileError(f"{name}: no stream.async ops found; expected stream-async IR at the splice point")
    return module


def compile_stream_async(
    module_text_or_path: "str | bytes | os.PathLike[str]",
    output_path: "str | os.PathLike[str]",
    iree_flags: Sequence[str] = (),
    hook: StreamHook | None = None,
) -> CompileResult:
    """Compile a module that is already at the splice point (stream-async IR) to a ``.vmfb``.

    Why: hand-written and generated stream-async programs (the IR cases, the soundness
    campaign) must go through exactly the passes a real compile runs after the hook -- the rest
    of the stream phase (:func:`_stream_stages`' "after" part) and ``iree-compile
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
    flags = list(iree_flags)
    data, name = _read_stream_async_input(module_text_or_path)
    out = Path(output_path)
    if not out.parent.is_dir():
        raise CompileError(f"output directory does not exist: {out.parent}")
    _check_supported_flags(flags)
    opts = _stream_options(flags)
    _, after = _stream_stages(opts)

    with tempfile.TemporaryDirectory(prefix="slice-elision-") as tmp_name:
        tmp = Path(tmp_name)
        context = ir.Context()
        runner = _StreamRunner(context, opts.global_cl_flags, tmp)
        t1 = time.perf_counter()
        module = _parse_stream_async(context, data, name)
        t2 = time.perf_counter()
        _call_hook(hook, module, context, None)
        t3 = time.perf_counter()
        module = runner.run(module, after, "stream phase")
        t4 = _write_stream_bytecode(module, tmp)
        t5 = _finish_from_stream(tmp, flags, out)

    return CompileResult(
        output_path=out,
        flow_s=0.0,
        stream_before_s=t2 - t1,
        hook_s=t3 - t2,
        stream_after_s=t4 - t3,
        hal_vm_s=t5 - t4,
        stream_runner=runner.name,
        splice_mode="split",
    )
