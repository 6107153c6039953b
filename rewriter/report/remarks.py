"""Every decision as an MLIR optimization remark, in the form compiler engineers' tools read.

``iree-compile --remarks-filter=REGEX --remarks-output-file=F`` writes LLVM's YAML remark
format through MLIR's remark engine; ``compile`` and ``explain`` take the same two flags with
the same meaning, and emit one remark per decision through that same engine
(``ir.Context.enable_remarks``, ``ir.Location.emit_remark``), so the YAML is MLIR's own:

* an alias is a ``Passed`` remark, a kept copy a ``Missed`` one, both in category
  :data:`CATEGORY` (what ``--remarks-filter`` matches, as a regular expression anchored at both
  ends, as in ``iree-compile``);
* the remark's ``Name`` is the decision's reason class (:class:`~stream_model.ReasonCode`:
  ``Aliased``, ``OverlappingWrite``, ``SolverUnknown``...), the same code the JSON Lines log
  holds in ``reason_code``; its ``Function`` is the function, its ``DebugLoc`` the copy's
  position in the user's file, and the message the reason in prose;
* its arguments say what the log says: the byte range, the bytes the copy moves per call (saved
  by an alias, copied by a kept copy), each write to the source's storage with its location and
  verdict, the facts a proof used, the counterexample, and, where one exists, a suggestion: the
  ``util.assume.int`` bound on an argument under which the proof goes through, found by running
  the analysis again with it (:mod:`.suggestions`).

Without ``--remarks-output-file`` the remarks are printed to standard error as MLIR prints
remark diagnostics (``file:line:col: remark: [Missed] OverlappingWrite | ...``).
"""

from __future__ import annotations

import re
import sys
import tempfile
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TextIO

from iree.compiler import ir

from stream_model import Decision, ReasonCode, SliceDecision, SliceElisionError

from ..pipeline import IreeRemarks

__all__ = [
    "CATEGORY",
    "Remark",
    "RemarkOptions",
    "RemarkSession",
    "callers_buffer_remarks",
    "decision_remarks",
    "merge_yaml",
    "print_remarks",
    "render_yaml",
]

#: The category of every remark this tool emits (``--remarks-filter=slice-elision`` selects them).
CATEGORY = "slice-elision"


@dataclass(frozen=True)
class RemarkOptions:
    """``--remarks-filter`` and ``--remarks-output-file``, as iree-compile takes them: a
    category regex (empty: no remarks), and the YAML file (None: remarks go to stderr)."""

    filter: str
    output_file: str | None = None

    @property
    def enabled(self) -> bool:
        return bool(self.filter)


@dataclass(frozen=True)
class Remark:
    """One remark, before it goes through MLIR's engine."""

    passed: bool
    name: str
    function: str
    message: str
    position: dict[str, str | int] | None
    args: list[tuple[str, str]] = field(default_factory=list)


def decision_remarks(decisions: Sequence[SliceDecision], suggestions: dict[int, str] | None = None) -> list[Remark]:
    """One remark per decision (in order); ``suggestions`` by decision index."""
    suggestions = suggestions or {}
    return [_remark(d, suggestions.get(i)) for i, d in enumerate(decisions)]


def _remark(d: SliceDecision, suggestion: str | None) -> Remark:
    passed = d.decision is Decision.ALIAS
    args: list[tuple[str, str]] = [("ReasonCode", str(d.reason_code)), ("Copy", f"{d.kind} {d.result} of {d.source}")]
    if d.range:
        args.append(("Range", f"[{d.range[0]}, {d.range[1]})"))
        length = _length(d.range)
        if length is not None:
            args.append(("BytesSaved" if passed else "BytesCopied", length))
    for c in d.checks:
        where = f" [{c.range[0]}, {c.range[1]})" if c.range else ""
        detail = f" ({c.detail})" if c.detail and not c.safe else ""
        args.append(("Write", f"{c.op} at {c.location} writes{where}: {c.verdict.text}{detail}"))
    args.extend(("Fact", fact) for fact in d.facts_used)
    if d.counterexample:
        args.append(("Counterexample", ", ".join(f"{k}={v}" for k, v in d.counterexample.items())))
    if suggestion:
        args.append(("Suggestion", suggestion))
    name = d.reason_code.remark_name if d.reason_code is not None else "Kept"
    return Remark(passed, name, d.function, d.reason, d.position, args)


#: The schedule check's verdict for a write into a buffer the caller passed and keeps.
_CALLERS_BUFFER = "callers-buffer-written"
_POSITION = re.compile(r"^(?P<file>.*):(?P<line>\d+):(?P<col>\d+)$")


def callers_buffer_remarks(repairs: Sequence[object]) -> list[Remark]:
    """A ``Missed`` remark per repair of an in-place write into a caller's buffer (IREE #16168):
    the write now goes to a fresh copy; donating the argument lets it be made in place."""
    out: list[Remark] = []
    for r in repairs:
        if getattr(r, "verdict", "") != _CALLERS_BUFFER:
            continue
        where = _POSITION.match(str(getattr(r, "location", "")))
        position: dict[str, str | int] | None = (
            {"file": where["file"], "line": int(where["line"]), "column": int(where["col"])} if where else None
        )
        out.append(
            Remark(
                False,
                "CallersBufferWritten",
                str(getattr(r, "function", "")),
                "IREE writes a buffer the caller passed and keeps in place (IREE #16168): the write now goes to "
                "a fresh copy",
                position,
                [
                    ("Write", f"{getattr(r, 'write', '')} at {getattr(r, 'location', '')}"),
                    ("Hazard", str(getattr(r, "hazard", ""))),
                    (
                        "Suggestion",
                        "donate the argument (iree.abi.output = <result>, or hal.tensor.alias) where the "
                        "update in place is wanted",
                    ),
                ],
            )
        )
    return out


def _length(byte_range: list[str]) -> str | None:
    """``end - start`` of a logged range, as the log writes expressions (None when the text
    is not one sympy reads back)."""
    import sympy  # (only where a kept copy's range is shown: a compile with none never imports it)

    try:
        start, end = (sympy.sympify(bound) for bound in byte_range)
        return str(sympy.sstr(sympy.expand(end - start)))
    except (sympy.SympifyError, TypeError, SyntaxError, AttributeError):
        return None


def _emit(context: ir.Context, remarks: Iterable[Remark]) -> None:
    with context:
        for r in remarks:
            kind = ir.RemarkKind.PASSED if r.passed else ir.RemarkKind.MISSED
            location = (
                ir.Location.file(str(r.position["file"]), int(r.position["line"]), int(r.position["column"]))
                if r.position
                else ir.Location.unknown()
            )
            location.emit_remark(
                kind, r.name, category=CATEGORY, function_name=r.function, message=r.message, args=r.args
            )


def render_yaml(remarks: Sequence[Remark], filter_regex: str) -> str:
    """The remarks that ``filter_regex`` selects, in LLVM's YAML remark format, as MLIR's
    engine writes them (through a context of its own: nothing else is in it)."""
    with tempfile.TemporaryDirectory(prefix="slice-elision-remarks-") as tmp:
        path = Path(tmp) / "remarks.yaml"
        context = ir.Context()
        _enable(context, filter_regex, output_file=str(path))
        try:
            _emit(context, remarks)
        finally:
            context.finalize_remarks()
        return path.read_text() if path.exists() else ""


def print_remarks(remarks: Sequence[Remark], filter_regex: str, stream: TextIO | None = None) -> None:
    """The remarks ``filter_regex`` selects as MLIR prints remark diagnostics, one per line (to
    ``stream``, else to standard error as it is when they are printed)."""
    printed: list[str] = []

    def handler(diagnostic: ir.Diagnostic) -> bool:
        printed.append(f"{_location_text(diagnostic.location)}: remark: {diagnostic.message}")
        return True

    context = ir.Context()
    context.attach_diagnostic_handler(handler)
    _enable(context, filter_regex, print_as_emit_remarks=True)
    try:
        _emit(context, remarks)
    finally:
        context.finalize_remarks()
    for line in printed:
        print(line, file=stream or sys.stderr)


def _enable(context: ir.Context, filter_regex: str, **sink: object) -> None:
    try:
        context.enable_remarks(all_filter=filter_regex, **sink)
    except ValueError as err:
        from ..errors import OutputError

        raise OutputError(f"cannot emit remarks: {str(err).splitlines()[0] if str(err) else 'bad filter'}") from None


_FILE_LOC = re.compile(r'^loc\("(?P<file>.*)":(?P<line>\d+):(?P<col>\d+)\)$')


def _location_text(location: ir.Location) -> str:
    """``file:line:col`` as MLIR prints a diagnostic's location (``<unknown>`` without one)."""
    match = _FILE_LOC.match(str(location))
    return f"{match['file']}:{match['line']}:{match['col']}" if match else "<unknown>"


_REMARK_ID = re.compile(r"^(  - RemarkId:\s+)'(\d+)'$", re.M)


def merge_yaml(parts: Sequence[str]) -> str:
    """Several YAML remark streams as one, in order, each remark's ``RemarkId`` numbered anew
    (each engine starts at 1; one ``iree-compile`` run numbers them through)."""
    counter = iter(range(1, sys.maxsize))
    return "".join(_REMARK_ID.sub(lambda m: f"{m[1]}'{next(counter)}'", part) for part in parts if part)


#: A copy's identity across two analyses of one module (its decision's function, location, op).
_Key = tuple[str, str, str]


class RemarkSession:
    """The remarks of one command: IREE's own (collected by :attr:`iree` while IREE runs),
    this tool's suggestions (made at the splice, :meth:`suggest`), and the output
    (:meth:`finish`)."""

    def __init__(self, options: RemarkOptions, workdir: Path) -> None:
        self.options = options
        self.iree = IreeRemarks(options.filter, workdir, to_file=options.output_file is not None)
        self._suggestions: dict[_Key, str] = {}

    def suggest(
        self,
        pristine: ir.Module,
        decisions: Sequence[SliceDecision],
        analyse: Callable[[ir.Module], Sequence[SliceDecision]],
    ) -> None:
        """Look for bounds that would make ``decisions``' kept copies aliases (decisions of
        ``pristine``'s module, which may have been rewritten since; ``pristine`` is a copy of it
        from before, ``analyse`` decides a module as the command does)."""
        from .suggestions import bound_suggestions

        if not any(d.reason_code is ReasonCode.OVERLAPPING_WRITE and d.counterexample_arguments for d in decisions):
            return
        try:
            base = analyse(pristine)
            found = bound_suggestions(pristine, base, analyse)
        except SliceElisionError:
            return  # a module the analysis refuses has nothing to suggest
        self._suggestions.update({_key(base[i]): text for i, text in found.items()})

    def finish(self, decisions: Sequence[SliceDecision], repairs: Sequence[object] = ()) -> str | None:
        """Print the remarks (no output file: returns None), or the one YAML text for the
        output file: IREE's remarks in pipeline order, with this tool's at the splice (its
        decisions, then the schedule repairs of a caller's buffer, :func:`callers_buffer_remarks`)."""
        suggestions = {i: self._suggestions[_key(d)] for i, d in enumerate(decisions) if _key(d) in self._suggestions}
        remarks = decision_remarks(decisions, suggestions) + callers_buffer_remarks(repairs)
        if self.options.output_file is None:
            print_remarks(remarks, self.options.filter)
            return None
        return merge_yaml(self.iree.texts_around(render_yaml(remarks, self.options.filter)))


def _key(d: SliceDecision) -> _Key:
    return (d.function, d.location, d.slice)
