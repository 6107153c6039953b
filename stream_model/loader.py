"""Reading stream-async IR through IREE's MLIR Python bindings, with clear errors.

Everything the model knows comes from the parsed module (``iree.compiler.ir``), never from
matching text. The phase check is what keeps the analysis honest: the model describes the
*async* form of the stream dialect, after ``iree-stream-materialize-copy-on-write`` and before
``iree-stream-schedule-allocation``: at the splice point (before
``iree-stream-schedule-execution``) or after scheduling, with ``stream.async.execute`` /
``stream.async.concurrent`` regions and timepoints (:data:`.ir_util.Phase.SCHEDULED`). Earlier
IR has no stream resources to reason about; later IR has commands and allocations the model does
not describe.
"""

from __future__ import annotations

from dataclasses import dataclass
from pathlib import Path

from iree.compiler import ir

from .ir_util import Phase, classify_phase


class ModelError(Exception):
    """Bad user input: the message is one line meant for the user, never a traceback."""


class WrongPhaseError(ModelError):
    """The module is not at the phase the model describes; ``phase`` says which side it is
    on (``Phase.BEFORE``: IREE can be run up to the splice point first)."""

    def __init__(self, message: str, phase: Phase) -> None:
        super().__init__(message)
        self.phase = phase


@dataclass
class LoadedModule:
    context: ir.Context
    module: ir.Module
    text: str | None = None  # the source, for naming values as the user wrote them
    filename: str | None = None  # the file it came from, for locations in logs


def read_text(path: str) -> str:
    try:
        return Path(path).read_text()
    except FileNotFoundError:
        raise ModelError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ModelError(f"{path}: is a directory, expected an .mlir file") from None
    except UnicodeDecodeError:
        raise ModelError(f"{path}: not a text file (expected MLIR assembly)") from None
    except OSError as e:
        raise ModelError(f"{path}: {e.strerror}") from None


def parse_module(
    text: str, filename: str = "<input>", context: ir.Context | None = None, *, from_file: bool = False
) -> LoadedModule:
    """Parse MLIR text; a parse failure becomes one ModelError line with the first diagnostic.

    With ``from_file``, ``filename`` names the file ``text`` came from (for locations in logs).
    (``ir.Module.parseFile`` would record it itself, but aborts the process when called many
    times in one process with IREE 3.13's bindings.)
    """
    ctx = context or ir.Context()
    try:
        module = ir.Module.parse(text, ctx)
    except ir.MLIRError as e:
        raise ModelError(f"{filename}: {_first_diagnostic(e)}") from None
    except Exception as e:  # noqa: BLE001 - the bindings raise other types for invalid bytes
        raise ModelError(
            f"{filename}: cannot parse MLIR: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
        ) from None
    return LoadedModule(ctx, module, text, filename if from_file else None)


def _first_diagnostic(e: ir.MLIRError) -> str:
    diags = getattr(e, "error_diagnostics", None) or []
    if diags:
        d = diags[0]
        loc = str(d.location).removeprefix("loc(").removesuffix(")").replace('"', "")
        return f"parse error at {loc}: {d.message}"
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    return "parse error: " + (lines[-1] if lines else "invalid MLIR")


def check_phase(module: ir.Module, filename: str = "<input>") -> None:
    """Reject IR that is not stream-async IR (see module docstring); the phases are the
    compile driver's too (:func:`.ir_util.classify_phase`)."""
    found = classify_phase(module)
    if found.phase is Phase.AFTER:
        raise WrongPhaseError(
            f"{filename}: IR at the wrong phase: found {found.evidence}; slice elision runs on stream-async IR "
            "before iree-stream-schedule-allocation",
            found.phase,
        )
    if found.phase is Phase.BEFORE:
        raise WrongPhaseError(
            f"{filename}: IR at the wrong phase: found {found.evidence}; expected stream-async IR "
            "(after iree-stream-materialize-copy-on-write); use `slice-elision compile` for earlier IR",
            found.phase,
        )
    if found.phase is Phase.NOT_STREAM:
        raise WrongPhaseError(f"{filename}: no stream-async ops found; expected IR of the stream phase", found.phase)


def load(path: str) -> LoadedModule:
    """Read, parse, verify and phase-check a stream-async module file."""
    loaded = parse_module(read_text(path), path, from_file=True)
    if not loaded.module.operation.verify():
        raise ModelError(f"{path}: module does not verify")
    check_phase(loaded.module, path)
    return loaded
