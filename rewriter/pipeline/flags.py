"""The ``iree-compile`` flags the stream phase depends on, and the ones the driver refuses
(see the package docstring: binder options become pipeline options; global ``cl::opt`` flags
send the stream phase to the packaged ``iree-opt``)."""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from dataclasses import dataclass

from .common import CompileError

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


def check_supported_flags(flags: Sequence[str], rewrite: bool = False) -> None:
    """Reject flags that would make the spliced pipeline differ from plain iree-compile, and,
    with ``rewrite`` (a hook runs at the splice), flags that change what the rule's model of
    IREE's post-splice stages assumes."""
    for name, value, tokens in _iter_flags(flags):
        if rewrite and name == "iree-stream-emulate-memset" and value not in ("false", "0"):
            raise CompileError(
                "--iree-stream-emulate-memset is not supported with the rewrite: IREE then makes every splat "
                "and fill a dispatch after the splice and may merge two of them, which the rule models for "
                "64-bit patterns only (compile with --no-elide)"
            )
        if name in _PHASE_FLAGS:
            written = tokens[0].split("=", 1)[0]  # (as the user wrote it: -o, not --o)
            raise CompileError(f"flag {written} is not allowed: the driver controls the compile phases itself")
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
class StreamOptions:
    """What the stream phase needs to know from the flags (mirrors Stream::TransformOptions)."""

    sync_initializers: bool = True
    optimize_bindings: bool = True
    dump_statistics_format: str | None = None
    dump_statistics_file: str = ""
    #: ``--iree-stream-*``/``--iree-util-*`` tokens: process-global cl::opts -> run in iree-opt.
    global_cl_flags: tuple[str, ...] = ()


def stream_options(flags: Sequence[str]) -> StreamOptions:
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
    return StreamOptions(global_cl_flags=tuple(global_cl), **opts)  # type: ignore[arg-type]


#: IREE's phases (``iree-compile --compile-to``), in pipeline order, and where the tool's
#: splice (right before ``iree-stream-schedule-execution``) falls among them.
PHASES = (
    "start",
    "input",
    "abi",
    "preprocessing",
    "global-optimization",
    "dispatch-creation",
    "flow",
    "stream",
    "executable-sources",
    "executable-configurations",
    "executable-targets",
    "hal",
    "vm",
    "end",
)
#: The phases IREE ends before the splice: nothing of the tool's runs on the way to them.
BEFORE_THE_SPLICE = PHASES[: PHASES.index("flow") + 1]
#: The tool's own phase: the module as the compile's hook sees it.
SPLICE = "splice"


def split_compile_to(flags: Sequence[str]) -> tuple[str | None, list[str]]:
    """``(phase, the other flags)`` for ``--compile-to=PHASE`` (or ``--compile-to PHASE``)
    among ``flags``; ``(None, flags)`` without one."""
    phase: str | None = None
    rest: list[str] = []
    for name, value, tokens in _iter_flags(flags):
        if name == "compile-to":
            phase = value
        else:
            rest.extend(tokens)
    return phase, rest
