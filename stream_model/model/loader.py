"""Reading stream-async IR through IREE's MLIR Python bindings, with clear errors.

Everything the model knows comes from the parsed module (``iree.compiler.ir``), never from
matching text. The phase check is what keeps the analysis honest: the model describes the
*async* form of the stream dialect, after ``iree-stream-materialize-copy-on-write`` and before
``iree-stream-schedule-allocation``: at the splice point (before
``iree-stream-schedule-execution``) or after scheduling, with ``stream.async.execute`` /
``stream.async.concurrent`` regions and timepoints (:data:`stream_model.semantics.phase.Phase.SCHEDULED`). Earlier
IR has no stream resources to reason about; later IR has commands and allocations the model does
not describe.
"""

from __future__ import annotations

import os
import re
from dataclasses import dataclass
from pathlib import Path

from iree.compiler import ir

from ..errors import ModelError, WrongPhaseError
from ..errors import SliceElisionError as SliceElisionError  # (its old home: the rewriter imports it from here)
from ..ir.util import ModuleLike
from ..semantics.phase import Phase, classify_phase


@dataclass
class LoadedModule:
    context: ir.Context
    module: ir.Module
    text: str | None = None  # the source, for naming values as the user wrote them
    filename: str | None = None  # the file ``text`` is (locations in it name this path)


#: The first bytes of MLIR bytecode (``iree-opt --emit-bytecode``).
BYTECODE_MAGIC = b"ML\xefR"

#: IREE's (and MLIR's) ``--split-input-file`` marker: a line starting with it ends a chunk.
SPLIT_MARKER = "// -----"


def path_problem(path: str | os.PathLike[str]) -> str | None:
    """Why the MLIR bindings cannot take ``path`` as a file name (None when they can): a name
    that is not UTF-8. The file's name goes into the module's locations (IREE names the input
    in every location it makes), and the bindings abort the whole process, with no exception
    to catch, when they read such a name back."""
    try:
        os.fsencode(path).decode("utf-8")
    except UnicodeDecodeError:
        return (
            f"the path is not UTF-8: {os.fsencode(path)!r} (MLIR names the file in its locations, which "
            "the MLIR Python bindings cannot read back); rename the file or pass a copy"
        )
    return None


#: A location that holds a backslash in a string: the only way MLIR text can name a file (or a
#: location) with bytes that are not UTF-8 (``\\XX`` escapes); most modules have none.
_ESCAPE_IN_A_LOCATION = re.compile(rb'loc\([^)\n]*"[^"\n]*\\')
_HEX = b"0123456789abcdefABCDEF"


def location_problem(data: bytes) -> str | None:
    """Why the MLIR bindings cannot read the locations of the module text ``data`` (None when
    they can): a file name or location name that, with its escapes undone, is not UTF-8. The
    bindings abort the process when they read one. (Bytecode is not looked into.)"""
    if data.startswith(BYTECODE_MAGIC) or _ESCAPE_IN_A_LOCATION.search(data) is None:
        return None
    at = data.find(b"loc(")
    while at >= 0:
        line = data.count(b"\n", 0, at) + 1
        for name in _strings_of_location(data, at + 4):
            try:
                name.decode("utf-8")
            except UnicodeDecodeError:
                return (
                    f"line {line}: a location names {name!r}, which is not UTF-8 (the MLIR Python bindings "
                    "cannot read it back)"
                )
        at = data.find(b"loc(", at + 4)
    return None


def file_location_problem(path: str | os.PathLike[str], chunk: int = 1 << 24) -> str | None:
    """:func:`location_problem` of a file, read a piece at a time (a frontend's export with
    its weights inline may be gigabytes: it is searched, not held), each piece ending at a line
    end (a location is on one line)."""
    line, rest = 0, b""
    with open(path, "rb") as f:
        head = f.read(len(BYTECODE_MAGIC))
        if head == BYTECODE_MAGIC:
            return None
        rest = head
        while True:
            block = f.read(chunk)
            data = rest + block
            end = data.rfind(b"\n") + 1 if block else len(data)
            if end == 0 and len(data) > chunk:  # (one very long line: keep a location's length)
                end = len(data) - 4096
            piece, rest = data[:end], data[end:]
            found = location_problem(piece)
            if found is not None:
                number, why = found.split(": ", 1)
                return f"line {int(number.removeprefix('line ')) + line}: {why}"
            line += piece.count(b"\n")
            if not block:
                return None


def _strings_of_location(data: bytes, at: int) -> list[bytes]:
    """The strings of the location that starts at ``at`` (after ``loc(``), escapes undone, up to
    its closing parenthesis (nested locations included)."""
    out: list[bytes] = []
    depth = 1
    while at < len(data) and depth:
        c = data[at]
        if c == ord("("):
            depth += 1
        elif c == ord(")"):
            depth -= 1
        elif c == ord("\n"):
            break
        elif c == ord('"'):
            text = bytearray()
            at += 1
            while at < len(data) and data[at] not in b'"\n':
                if data[at] == ord("\\") and at + 1 < len(data):
                    nxt = data[at + 1 : at + 3]
                    if len(nxt) == 2 and nxt[0] in _HEX and nxt[1] in _HEX:
                        text.append(int(nxt, 16))
                        at += 3
                        continue
                    text += {ord("n"): b"\n", ord("t"): b"\t"}.get(data[at + 1], data[at + 1 : at + 2])
                    at += 2
                    continue
                text.append(data[at])
                at += 1
            out.append(bytes(text))
        at += 1
    return out


def read_bytes(path: str) -> bytes:
    if path == "":
        raise ModelError("the input path is empty")
    if path == "-":
        raise ModelError("-: standard input is not read (give a file; /dev/stdin is read for stream IR)")
    problem = path_problem(path)
    if problem is not None:
        raise ModelError(problem)
    try:
        return Path(path).read_bytes()
    except FileNotFoundError:
        raise ModelError(f"{path}: no such file") from None
    except IsADirectoryError:
        raise ModelError(f"{path}: is a directory, expected an .mlir file") from None
    except OSError as e:
        raise ModelError(f"{path}: {e.strerror}") from None


def read_text(path: str) -> str:
    """A file's MLIR text (not bytecode), with the loader's errors."""
    data = read_bytes(path)
    if data.startswith(BYTECODE_MAGIC):
        raise ModelError(f"{path}: MLIR bytecode, expected MLIR assembly")
    return _decode(data, path)


def _decode(data: bytes, path: str) -> str:
    problem = location_problem(data)
    if problem is not None:
        raise ModelError(f"{path}: {problem}")
    text = _utf8_or_none(data)
    if text is None:
        raise ModelError(f"{path}: not a text file (expected MLIR assembly or bytecode)")
    return text


def is_text(data: bytes) -> bool:
    """Is ``data`` MLIR bytecode, or text as :func:`load` reads it (UTF-8, but for bytes in
    comments)? (Binary garbage is neither: every command says so in one wording.)"""
    return data.startswith(BYTECODE_MAGIC) or (b"\0" not in data and _utf8_or_none(data) is not None)


def _utf8_or_none(data: bytes) -> str | None:
    """``data`` as UTF-8 text, bytes in comments that are not read as ``?``; None otherwise."""
    try:
        return data.decode()
    except UnicodeDecodeError:
        return _outside_comments_utf8(data)


def _outside_comments_utf8(data: bytes) -> str | None:
    """``data`` as text when every byte that is not UTF-8 sits in a ``//`` comment (a Latin-1
    accent, say), each such byte read as ``?``: one byte for one, so positions stay those
    ``iree-opt`` reports, which reads the file as bytes. None when one sits in the IR itself."""
    lines = []
    for line in data.split(b"\n"):
        try:
            lines.append(line.decode())
            continue
        except UnicodeDecodeError as err:
            start = err.start
        comment = _comment_start(line)
        if comment is None or start < comment:
            return None
        code = line[:comment].decode()
        rest = line[comment:].decode("utf-8", errors="surrogateescape")
        lines.append(code + "".join("?" if "\udc80" <= c <= "\udcff" else c for c in rest))
    return "\n".join(lines)


def _comment_start(line: bytes) -> int | None:
    """Where the ``//`` comment of one line starts (outside a string literal), if it has one."""
    quoted = escaped = False
    for i, byte in enumerate(line):
        if quoted:
            if escaped:
                escaped = False
            elif byte == 0x5C:  # (a backslash)
                escaped = True
            elif byte == 0x22:  # (the closing quote)
                quoted = False
        elif byte == 0x22:
            quoted = True
        elif line[i : i + 2] == b"//":
            return i
    return None


def _context() -> ir.Context:
    """A context that reads what ``iree-compile`` reads: types and ops of dialects nothing here
    registers (a custom module's ``!custom.string``) parse as opaque ones, which the model then
    does not know (closed world: an op it does not know keeps every copy it touches)."""
    context = ir.Context()
    context.allow_unregistered_dialects = True
    return context


def parse_module(
    text: str,
    filename: str = "<input>",
    context: ir.Context | None = None,
    *,
    from_file: bool = False,
    name_locations: bool = True,
) -> LoadedModule:
    """Parse MLIR text; a parse failure becomes one ModelError line with the first diagnostic.

    With ``from_file``, ``filename`` names the file ``text`` came from: every location the
    parser makes names it (``loc("decode.mlir":12:3)``), as ``iree-opt decode.mlir`` would, so
    logs, rewritten IR printed with locations, and everything IREE later derives from them point
    into the user's file. (The bindings' ``Module.parse`` names its buffer ``-``; the locations
    are renamed after parsing; with ``name_locations=False`` the caller does it, with
    :func:`name_the_buffer`, once it knows the module is one it reads: a walk of every op.)
    """
    ctx = context or _context()
    try:
        module = ir.Module.parse(text, ctx)
    except ir.MLIRError as e:
        raise ModelError(_first_diagnostic(e, filename)) from None
    except Exception as e:  # noqa: BLE001 - the bindings raise other types for invalid bytes
        raise ModelError(
            f"{filename}: cannot parse MLIR: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
        ) from None
    if from_file and name_locations:
        name_the_buffer(module, filename)
    return LoadedModule(ctx, module, text, filename if from_file else None)


def parse_bytecode(data: bytes, filename: str, context: ir.Context | None = None) -> LoadedModule:
    """Parse MLIR bytecode. Its locations are the ones it was written with (``iree-opt
    --emit-bytecode x.mlir`` keeps ``x.mlir``'s); when they name one readable text file, that
    text names values in logs, so bytecode is logged exactly as its text is."""
    ctx = context or _context()
    try:
        module = ir.Module.parse(data, ctx)
    except ir.MLIRError as e:
        raise ModelError(_first_diagnostic(e, filename)) from None
    except Exception as e:  # noqa: BLE001 - the bindings raise other types for invalid bytes
        raise ModelError(
            f"{filename}: cannot parse MLIR bytecode: {str(e).splitlines()[0] if str(e) else type(e).__name__}"
        ) from None
    source = _source_file(module)
    if source is not None:
        try:
            return LoadedModule(ctx, module, read_text(source), source)
        except ModelError:
            pass
    return LoadedModule(ctx, module, None, None)


def name_the_buffer(module: ir.Module, filename: str) -> None:
    """Give every location the parser made (``"-":L:C``) the file's name instead; locations the
    text spells out (``loc(...)``) stay as written."""
    context = module.context
    renamed: dict[tuple[int, int], ir.Location] = {}

    def named(loc: ir.Location) -> ir.Location | None:
        if not isinstance(loc, ir.FileLineColLoc) or loc.filename != "-":
            return None
        key = (loc.start_line, loc.start_col)
        if key not in renamed:
            renamed[key] = ir.Location.file(filename, loc.start_line, loc.start_col, context=context)
        return renamed[key]

    def visit(op: ir.Operation) -> ir.WalkResult:
        new = named(op.location)
        if new is not None:
            op.location = new
        for region in op.regions:
            for block in region.blocks:
                for arg in block.arguments:
                    new = named(arg.location)
                    if new is not None:
                        arg.set_location(new)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)


def _source_file(module: ir.Module) -> str | None:
    """The one file every file location of the module's top-level ops names, if there is one."""
    files = set()
    for op in module.body.operations:
        loc = op.operation.location
        if isinstance(loc, ir.FileLineColLoc):
            files.add(loc.filename)
    return files.pop() if len(files) == 1 else None


def _first_diagnostic(e: ir.MLIRError, filename: str) -> str:
    diags = getattr(e, "error_diagnostics", None) or []
    if diags:
        d = diags[0]
        loc = str(d.location).removeprefix("loc(").removesuffix(")").replace('"', "")
        if loc.startswith("-:"):
            loc = filename + loc[1:]
        return f"{loc}: error: {d.message}"  # (as iree-compile and iree-opt print it)
    lines = [ln.strip() for ln in str(e).splitlines() if ln.strip()]
    return f"{filename}: parse error: " + (lines[-1] if lines else "invalid MLIR")


def check_phase(module: ir.Module, filename: str = "<input>") -> None:
    """Reject IR that is not stream-async IR (see module docstring); the phases are the
    compile driver's too (:func:`stream_model.semantics.phase.classify_phase`)."""
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


def require_stream_phase(module: ModuleLike, names: set[str] | None = None) -> None:
    """The check every library entry point makes (``ModuleModel``, ``elide_slices``,
    ``apply_analysis``): IR before or after the stream-async phase raises
    :class:`WrongPhaseError` instead of reporting no copies for code the model does not
    describe. IR without stream ops or tensors (scalar code) has nothing to elide and passes.
    ``names``: the names of all of ``module``'s ops, when the caller has them."""
    found = classify_phase(module, names)
    if found.phase is Phase.BEFORE:
        raise WrongPhaseError(
            f"IR at the wrong phase: found {found.evidence}, which IREE has yet to bring to the stream phase; "
            "slice elision runs on stream-async IR, as a compile_file hook sees it (or use `slice-elision compile`)",
            found.phase,
        )
    if found.phase is Phase.AFTER:
        raise WrongPhaseError(
            f"IR at the wrong phase: found {found.evidence}; slice elision runs on stream-async IR before "
            "iree-stream-schedule-allocation",
            found.phase,
        )


def load(path: str) -> LoadedModule:
    """Read, parse, verify and phase-check a stream-async module file: MLIR text or bytecode,
    the same checks and the same model either way."""
    data = read_bytes(path)
    if data.startswith(BYTECODE_MAGIC):
        loaded = parse_bytecode(data, path)
        _check_loaded(loaded, path)
        return loaded
    loaded = parse_module(_decode(data, path), path, from_file=True, name_locations=False)
    _check_loaded(loaded, path)  # (first: input it does not read is refused without the walk)
    name_the_buffer(loaded.module, path)
    return loaded


def load_split(path: str) -> list[LoadedModule]:
    """``load`` for each ``// -----`` chunk of a file (IREE's ``--split-input-file``): every
    chunk is a module of its own, and its locations are positions in the whole file, as
    ``iree-opt --split-input-file`` reports them. Bytecode has no chunks: one module."""
    data = read_bytes(path)
    if data.startswith(BYTECODE_MAGIC):
        return [load(path)]
    modules, empty = [], []
    for chunk in split_input(_decode(data, path)):
        loaded = parse_module(chunk, path, from_file=True, name_locations=False)
        if not list(loaded.module.body.operations):
            # (A chunk with no op, such as after a trailing marker: an empty module, as
            # iree-opt --split-input-file takes it; nothing in it to decide.)
            empty.append(loaded)
            modules.append(loaded)
            continue
        _check_loaded(loaded, path)
        name_the_buffer(loaded.module, path)
        modules.append(loaded)
    if len(empty) == len(modules):
        _check_loaded(modules[0], path)  # (no chunk holds anything: say so, as for one module)
    return modules


def split_input(text: str) -> list[str]:
    """The chunks of ``text`` between ``// -----`` lines, each padded so that its positions are
    those of the whole text: everything before the chunk becomes blank (line breaks kept), and
    the marker line's rest belongs to the next chunk, as MLIR splits it."""
    chunks, start, pos = [], 0, 0
    for line in text.splitlines(keepends=True):
        if line.lstrip().startswith(SPLIT_MARKER):
            chunks.append((start, pos + (len(line) - len(line.lstrip()))))
            start = pos + (len(line) - len(line.lstrip())) + len(SPLIT_MARKER)
        pos += len(line)
    chunks.append((start, len(text)))
    return [_blank(text[:a]) + text[a:b] for a, b in chunks]


def _blank(text: str) -> str:
    return "".join(c if c in "\r\n" else " " for c in text)


def _check_loaded(loaded: LoadedModule, path: str) -> None:
    if not loaded.module.operation.verify():
        raise ModelError(f"{path}: module does not verify")
    check_phase(loaded.module, path)
