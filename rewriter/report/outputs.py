"""The files a command writes: all of them or none, each checked before any work is done.

A command first *reserves* every output: a temporary file is created next to each path, which
is the one reliable test that the path can be written (permissions, a read-only or pseudo file
system such as ``/proc``, a missing directory). The work then writes the temporary files, and
only when every one is complete are they renamed into place. A failure anywhere removes them
all, so no output is left half-written and an earlier file at an output path is kept.

What a path names is respected, as a shell redirection would: ``-`` is standard output; a
symbolic link is followed (the file it points to is replaced, the link stays); a path that is
not a regular file (``/dev/null``, a FIFO, a terminal) is written into at the commit, never
replaced by a file; a file that exists keeps its permissions. Two outputs of one command may not
name one file, and no output may name the command's input.
"""

from __future__ import annotations

import os
import stat
import sys
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path

from ..errors import OutputError as OutputError  # (re-exported: raised here)


def cannot_write(path: str | os.PathLike[str], err: OSError) -> OutputError:
    """``cannot write PATH: permission denied``: the operating system's reason, as one line."""
    reason = (err.strerror or type(err).__name__).lower()
    return OutputError(f"cannot write {path}: {reason}")


@dataclass(frozen=True)
class _Pending:
    temporary: Path  # where the work writes
    target: Path | None  # where it goes at the commit (the link's target); None: standard output
    shown: str  # the path as the user wrote it
    in_place: bool = False  # written into (not a regular file), not renamed over
    identity: tuple[int, int] | None = None  # the existing file's device and inode


class Outputs:
    """Reserved outputs of one command (see the module docstring). ``inputs``: the command's
    input files, which no output may replace."""

    def __init__(self, inputs: tuple[str | os.PathLike[str], ...] = ()) -> None:
        self._pending: list[_Pending] = []
        self._inputs = {_identity(Path(p)) for p in inputs if Path(p).exists()}

    def reserve(self, path: str | os.PathLike[str]) -> Path:
        """Create the temporary file for ``path`` now; return where to write its content."""
        shown = str(path)
        if shown == "":
            raise OutputError("cannot write to an empty path")
        if shown == "-":
            if sys.stdout is None:
                raise OutputError("cannot write -: standard output is closed")
            if any(p.target is None for p in self._pending):
                raise OutputError("cannot write two outputs to standard output (-)")
            return self._temporary(None, shown, None)
        if shown.endswith(os.sep) and not Path(path).is_dir():
            raise OutputError(f"cannot write {shown}: not a directory")
        target = Path(os.path.realpath(path))
        if target.is_symlink():  # (realpath gave up: a loop)
            raise OutputError(f"cannot write {shown}: too many levels of symbolic links")
        if target.is_dir():
            raise OutputError(f"cannot write {shown}: it is a directory")
        if not target.parent.is_dir():
            raise OutputError(f"cannot write {shown}: no such directory")
        exists = target.exists()
        if exists and _identity(target) in self._inputs:
            raise OutputError(f"cannot write {shown}: it is the input")
        if any(p.target == target or (exists and p.identity == _identity(target)) for p in self._pending):
            raise OutputError(f"cannot write {shown}: another output of this command goes there too")
        if exists and not os.access(target, os.W_OK):
            raise OutputError(f"cannot write {shown}: permission denied")  # (as `> PATH` says)
        if exists and not target.is_file():
            # (A device, a FIFO: written into at the commit, as `> PATH` would.)
            return self._temporary(target, shown, None, in_place=True)
        return self._temporary(target, shown, target.parent)

    def _temporary(self, target: Path | None, shown: str, folder: Path | None, in_place: bool = False) -> Path:
        prefix = f".{target.name}." if target is not None else ".stdout."
        try:
            fd, name = tempfile.mkstemp(dir=folder, prefix=prefix, suffix=".part")
        except OSError as err:
            raise cannot_write(shown, err) from None
        os.close(fd)
        identity = _identity(target) if target is not None and target.exists() else None
        self._pending.append(_Pending(Path(name), target, shown, in_place, identity))
        return Path(name)

    def write(self, temporary: Path, data: str | bytes) -> None:
        """Write a reserved output's whole content (to its temporary file)."""
        user_path = next(p.shown for p in self._pending if p.temporary == temporary)
        try:
            if isinstance(data, bytes):
                temporary.write_bytes(data)
            else:
                temporary.write_text(data)
        except OSError as err:
            raise cannot_write(user_path, err) from None

    def commit(self) -> None:
        """Move every output into place: a new file with the permissions a new file gets here,
        an existing one with its own; standard output and special files get the content."""
        mode = _new_file_mode()
        # Streams and special files first: writing them can fail (a full device, a reader gone)
        # where a rename in place hardly does, and nothing is renamed into place before they are.
        for p in sorted(self._pending, key=lambda p: not (p.target is None or p.in_place)):
            try:
                if p.target is None:
                    sys.stdout.flush()
                    sys.stdout.buffer.write(p.temporary.read_bytes())
                    sys.stdout.flush()
                    p.temporary.unlink()
                elif p.in_place:
                    with open(p.target, "wb") as out:
                        out.write(p.temporary.read_bytes())
                    p.temporary.unlink()
                else:
                    existing = p.target.stat().st_mode if p.target.is_file() else None
                    os.chmod(p.temporary, stat.S_IMODE(existing) if existing is not None else mode)
                    os.replace(p.temporary, p.target)
            except OSError as err:
                raise cannot_write(p.shown, err) from None
        self._pending.clear()

    def discard(self) -> None:
        for p in self._pending:
            p.temporary.unlink(missing_ok=True)
        self._pending.clear()


def _identity(path: Path) -> tuple[int, int]:
    """One file, however it is named (links, relative paths): its device and inode."""
    found = path.stat()
    return found.st_dev, found.st_ino


@contextmanager
def all_or_none(inputs: tuple[str | os.PathLike[str], ...] = ()) -> Iterator[Outputs]:
    """Reserve outputs in the ``with`` block and commit them before leaving it; an exception
    (or a missing commit) removes every one. ``inputs``: files no output may replace."""
    outputs = Outputs(inputs)
    try:
        yield outputs
    finally:
        outputs.discard()


def _new_file_mode() -> int:
    """0o666 less the umask, as ``open`` would create the file (``mkstemp`` makes it 0o600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
