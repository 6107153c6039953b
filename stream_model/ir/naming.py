"""How the model names values and ops in logs and reasons: display only, never read back.

Values are named as the user wrote them when the source text is known (``%step``), else as the
printer numbers them (``%arg0``); ops by name and first result; locations by file base name.
One :class:`Names` per module, holding the one ``AsmState`` (numbering a module is slow).
"""

from __future__ import annotations

import io
import re

from iree.compiler import ir

from .util import ModuleLike, defining_op


class Names:
    """Names, descriptions, printed forms and locations of one module's values and ops."""

    def __init__(self, module: ModuleLike, source: str | None = None, filename: str | None = None) -> None:
        #: The file ``source`` is, as its locations name it (``-``: a buffer parsed from text).
        self.path = filename
        self.filename = filename.rsplit("/", 1)[-1] if filename else None
        self._source_lines = source.splitlines() if source is not None else None
        self.asm_state = ir.AsmState(module.operation)
        #: Per location (as its uniqued attribute: an op's handle may be reused once the rewrite
        #: erases it, a location never changes).
        self._positions: dict[ir.Attribute, tuple[str, int, int] | None] = {}

    def name(self, value: ir.Value) -> str:
        """The value's name as the user wrote it when the source is known (``%step``), else
        as the printer numbers it (``%arg0``). Display only: the model never reads text."""
        return self._source_name(value) or value.get_name(self.asm_state)

    def _source_name(self, value: ir.Value) -> str | None:
        if self._source_lines is None:
            return None
        owner = value.owner
        try:
            if isinstance(owner, ir.Block):
                line, col = self._line_col(value.location)
                m = re.match(r"%[\w.$-]+", line[col - 1 :])
                return m.group(0) if m else None
            op = defining_op(value)
            if op is None:
                return None
            line, col = self._line_col(op.location)
            m = re.search(r"(%[\w.$-]+)(?::(\d+))?\s*=\s*$", line[: col - 1])
            if not m:
                return None
            return m.group(1) if not m.group(2) else f"{m.group(1)}#{value.result_number}"
        except (ValueError, IndexError, AttributeError):
            return None

    def _line_col(self, loc: ir.Location) -> tuple[str, int]:
        """The source line and column of a location in the source text (ValueError for a
        location elsewhere: another file, or no file position)."""
        assert self._source_lines is not None
        loc = _innermost(loc)
        if not isinstance(loc, ir.FileLineColLoc) or loc.filename not in ("-", self.path):
            raise ValueError("not a position in the source text")
        return self._source_lines[loc.start_line - 1], loc.start_col

    def source_line(self, op: ir.Operation) -> str | None:
        if self._source_lines is None:
            return None
        try:
            return self._line_col(op.location)[0].strip()
        except (ValueError, IndexError, AttributeError):
            return None

    def describe(self, op: ir.Operation) -> str:
        """``stream.async.update %5``: an op by name and first result, for reasons."""
        if len(op.results):
            return f"{op.name} {self.name(op.results[0])}"
        return str(op.name)

    def printed(self, op: ir.Operation) -> str:
        """The op as the user wrote it (one line of the source), else as printed."""
        line = self.source_line(op)
        if line and op.name in line:
            return line
        buf = io.StringIO()
        op.print(state=self.asm_state, file=buf)
        return " ".join(buf.getvalue().split())

    def location(self, op: ir.Operation) -> str:
        """``file.mlir:37:14``: the innermost source position (the callee of a call-site
        location), with the file's base name, so logs stay short and stable across machines."""
        found = self._file_position(op)
        if found is None:
            return str(op.location).removeprefix("loc(").removesuffix(")")
        path, line, column = found
        return f"{path.rsplit('/', 1)[-1]}:{line}:{column}"

    def position(self, op: ir.Operation) -> dict[str, str | int] | None:
        """The same position as :meth:`location`, structured for tools: ``{"file": path as the
        location names it (the path the user gave), "line": 37, "column": 14}``; None when the
        op has no file position."""
        found = self._file_position(op)
        if found is None:
            return None
        path, line, column = found
        return {"file": path, "line": line, "column": column}

    def _file_position(self, op: ir.Operation) -> tuple[str, int, int] | None:
        loc = op.location
        key = loc.attr
        if key in self._positions:  # (a decision asks for its ops' location and position)
            return self._positions[key]
        found = _first_file_position(loc)
        position = None
        if found is not None:
            path = found.filename
            if path == "-" and self.path:
                path = self.path
            position = (path, found.start_line, found.start_col)
        self._positions[key] = position
        return position


def _first_file_position(loc: ir.Location, depth: int = 0) -> ir.FileLineColLoc | None:
    """The first file position of ``loc`` in its printed order (a call site's callee before its
    caller, a fused location's parts in order), read from the location's structure: printing
    every location of a large module to search the text cost more than the rest of naming."""
    if isinstance(loc, ir.FileLineColLoc):
        return loc
    if depth > 64:
        return None
    if isinstance(loc, ir.CallSiteLoc):
        parts = [loc.callee, loc.caller]
    elif isinstance(loc, ir.NameLoc):
        parts = [loc.child_loc]
    elif isinstance(loc, ir.FusedLoc):
        parts = list(loc.locations)
    else:
        return None
    for part in parts:
        found = _first_file_position(part, depth + 1)
        if found is not None:
            return found
    return None


def _innermost(loc: ir.Location) -> ir.Location:
    """The position an op was written at: through call sites (an inlined op's callee, as
    :meth:`Names.location` reads it) and names."""
    while True:
        if isinstance(loc, ir.CallSiteLoc):
            loc = loc.callee
        elif isinstance(loc, ir.NameLoc):
            loc = loc.child_loc
        else:
            return loc
