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

* every hand-over keeps all source locations (the VM source map in the ``.vmfb`` embeds them)
  and every dialect resource (``dense_resource`` weights and initial values). The flow output
  is MLIR bytecode (text with locations in the rare case it references a blob from a textual
  attribute, see ``driver._compile_to_flow``); the modules written for ``iree-compile --compile-from=stream`` and
  ``iree-opt`` are text printed with locations (``common.write_ir``), because IREE 3.13's
  bytecode reader drops the blob of a ``dense_resource`` inside a ``#util.composite``, which is
  where ``iree-stream-pack-constants`` puts every constant;
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
  back (as text with locations) for the hook, which still runs in this process. The result stays
  byte-identical (tested with ``--iree-stream-resource-index-bits=32``).

Not supported (rejected with :class:`CompileError`): phase-control flags (``--compile-to``,
``--compile-from``, ``--compile-mode``, ``-o``), ``--iree-execution-model=host-only`` (no stream
phase), ``--iree-parameter-encoder-output-file`` (would add the parameter-encoder split) and the
json statistics format.
MLIR debugging flags (``--mlir-print-ir-*``, ``--mlir-timing``) only affect the two
``iree-compile`` runs, not the spliced stream phase.
"""

import importlib
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from .common import (
        DEFAULT_CPU_FLAGS,
        SPLICE_BEFORE,
        CompileError,
        CompileResult,
        IreeRemarks,
        StreamHook,
        set_multithreading,
    )
    from .driver import (
        compile_file,
        compile_plain,
        compile_scheduled,
        compile_stream_async,
        ir_after_pass,
        schedule_module,
        scheduled_ir_after_pass,
        stream_ir_at_splice,
    )
    from .phase import (
        StreamPipelines,
        module_at_splice,
        run_from_splice,
        run_to_splice,
        stream_pipelines,
        write_for_iree,
    )
    from .stages import stream_pass_names

#: Where each name lives, imported on first use (PEP 562): the light modules of this room
#: (:mod:`.targets`, :mod:`.threads`) are imported by the command line before
#: it imports IREE's bindings, which :mod:`.driver` needs.
_FROM = {
    **dict.fromkeys(
        ("DEFAULT_CPU_FLAGS", "SPLICE_BEFORE", "CompileError", "CompileResult", "IreeRemarks", "StreamHook"),
        "common",
    ),
    "set_multithreading": "common",
    **dict.fromkeys(
        (
            "compile_file",
            "compile_plain",
            "compile_scheduled",
            "compile_stream_async",
            "ir_after_pass",
            "schedule_module",
            "scheduled_ir_after_pass",
            "stream_ir_at_splice",
        ),
        "driver",
    ),
    **dict.fromkeys(
        (
            "StreamPipelines",
            "module_at_splice",
            "run_from_splice",
            "run_to_splice",
            "stream_pipelines",
            "write_for_iree",
        ),
        "phase",
    ),
    "stream_pass_names": "stages",
}


def __getattr__(name: str) -> Any:
    module = _FROM.get(name)
    if module is None:
        raise AttributeError(f"module 'rewriter.pipeline' has no attribute {name!r}")
    value = getattr(importlib.import_module(f"{__name__}.{module}"), name)
    globals()[name] = value
    return value


__all__ = [
    "compile_plain",
    "DEFAULT_CPU_FLAGS",
    "SPLICE_BEFORE",
    "CompileError",
    "CompileResult",
    "IreeRemarks",
    "StreamHook",
    "StreamPipelines",
    "compile_file",
    "compile_scheduled",
    "compile_stream_async",
    "ir_after_pass",
    "module_at_splice",
    "run_from_splice",
    "run_to_splice",
    "schedule_module",
    "scheduled_ir_after_pass",
    "stream_ir_at_splice",
    "set_multithreading",
    "stream_pass_names",
    "stream_pipelines",
    "write_for_iree",
]
