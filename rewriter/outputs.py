"""The files a command writes: all of them or none, each checked before any work is done.

A command first *reserves* every output: a temporary file is created next to each path, which
is the one reliable test that the path can be written (permissions, a read-only or pseudo file
system such as ``/proc``, a missing directory). The work then writes the temporary files, and
only when every one is complete are they renamed into place. A failure anywhere removes them
all, so no output is left half-written and an earlier file at an output path is kept.
"""

from __future__ import annotations

import os
import tempfile
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path

from stream_model import SliceElisionError


class OutputError(SliceElisionError):
    """An output path that cannot be written; the message is one line for the user."""


def cannot_write(path: str | os.PathLike[str], err: OSError) -> OutputError:
    """``cannot write PATH: permission denied``: the operating system's reason, as one line."""
    reason = (err.strerror or type(err).__name__).lower()
    return OutputError(f"cannot write {path}: {reason}")


class Outputs:
    """Reserved outputs of one command (see the module docstring)."""

    def __init__(self) -> None:
        self._pending: list[tuple[Path, Path, str]] = []  # (temporary, target, as the user wrote it)

    def reserve(self, path: str | os.PathLike[str]) -> Path:
        """Create the temporary file for ``path`` now; return where to write its content."""
        target = Path(path)
        if target.is_dir():
            raise OutputError(f"cannot write {path}: it is a directory")
        if not target.parent.is_dir():
            raise OutputError(f"cannot write {path}: no such directory")
        try:
            fd, name = tempfile.mkstemp(dir=target.parent, prefix=f".{target.name}.", suffix=".part")
        except OSError as err:
            raise cannot_write(path, err) from None
        os.close(fd)
        self._pending.append((Path(name), target, str(path)))
        return Path(name)

    def write(self, temporary: Path, data: str | bytes) -> None:
        """Write a reserved output's whole content (to its temporary file)."""
        user_path = next(shown for tmp, _, shown in self._pending if tmp == temporary)
        try:
            if isinstance(data, bytes):
                temporary.write_bytes(data)
            else:
                temporary.write_text(data)
        except OSError as err:
            raise cannot_write(user_path, err) from None

    def commit(self) -> None:
        """Move every output into place, with the permissions a new file gets here."""
        mode = _new_file_mode()
        for temporary, target, shown in self._pending:
            try:
                os.chmod(temporary, mode)
                os.replace(temporary, target)
            except OSError as err:
                raise cannot_write(shown, err) from None
        self._pending.clear()

    def discard(self) -> None:
        for temporary, _, _ in self._pending:
            temporary.unlink(missing_ok=True)
        self._pending.clear()


@contextmanager
def all_or_none() -> Iterator[Outputs]:
    """Reserve outputs in the ``with`` block and commit them before leaving it; an exception
    (or a missing commit) removes every one."""
    outputs = Outputs()
    try:
        yield outputs
    finally:
        outputs.discard()


def _new_file_mode() -> int:
    """0o666 less the umask, as ``open`` would create the file (``mkstemp`` makes it 0o600)."""
    umask = os.umask(0)
    os.umask(umask)
    return 0o666 & ~umask
