"""The ``slice-elision`` command line: argument parsing and signals (:mod:`.entry`), the
commands (:mod:`.commands`, :mod:`.check`). Nothing else in the package imports this room."""

from .entry import main

__all__ = ["main"]
