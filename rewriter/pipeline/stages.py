"""IREE 3.13's stream phase, spelled out pass for pass (``buildStreamTransformPassPipeline``).

This is the part that must track each IREE release: checked against ``iree-opt
--iree-stream-transformation-pipeline --dump-pass-pipeline``, and by the byte-identical
``--no-elide`` tests."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from stream_model.ir.util import FUNCTION_OPS

from .common import SPLICE_BEFORE
from .flags import StreamOptions, stream_options

# --------------------------------------------------------------------------------------------
# The stream pipeline, spelled out
# --------------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Stage:
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


def _top(*passes: str) -> list[Stage]:
    return [Stage((p,)) for p in passes]


def _fn(*passes: str) -> Stage:
    return Stage(tuple(passes), FUNCTION_OPS)


def _cleanup() -> list[Stage]:
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


def stream_stages(opts: StreamOptions) -> tuple[list[Stage], list[Stage]]:
    """(stages before the splice, stages after it) of IREE 3.13's stream phase.

    Mirrors ``buildStreamTransformPassPipeline`` (Stream/Transforms/Passes.cpp), with the async
    and cmd sub-pipelines spelled out so that the splice point and ``ir_after_pass`` can address
    individual passes.
    """
    before: list[Stage] = [
        *_top("iree-util-verify-initialization-order"),
        Stage(("iree-stream-tensor-transformation-pipeline",), opaque=True),
        # --- async pipeline ---
        *_top("iree-stream-specialize-encodings"),
        _fn("iree-stream-encode-host-tensors"),
        Stage(("iree-stream-encode-device-tensors",), ("stream.executable",)),
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
    after: list[Stage] = [
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
        after.append(Stage((f"iree-stream-dump-statistics{{{' '.join(options)}}}",)))
    optimization = "iree-stream-optimization-pipeline"
    if not opts.optimize_bindings:
        optimization += "{optimize-bindings=false}"
    after += [
        Stage((optimization,), opaque=True),
        Stage(("iree-stream-cleanup-pipeline",), opaque=True),
        *_top("symbol-dce"),
    ]
    return before, after


def pipeline_text(stages: Sequence[Stage]) -> str:
    return ",".join(stage.text() for stage in stages)


def stream_pass_names(iree_flags: Sequence[str] = ()) -> list[str]:
    """Pass names addressable by :func:`ir_after_pass`, in pipeline order (repeats included)."""
    before, after = stream_stages(stream_options(iree_flags))
    return [name for stage in before + after for name in stage.names]


#: The first pass of the cmd phase: the schedule the compile keeps is the IR right before it.
ALLOCATION = "iree-stream-schedule-allocation"


def split_at_allocation(stages: Sequence[Stage]) -> tuple[list[Stage], list[Stage]]:
    """(the stages that end the async phase, the stages from ``iree-stream-schedule-allocation``
    on): the schedule check runs between them."""
    for i, stage in enumerate(stages):
        if ALLOCATION in stage.names:
            return list(stages[:i]), list(stages[i:])
    raise ValueError(f"{ALLOCATION} is not in the stream pipeline")
