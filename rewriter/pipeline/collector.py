"""Holding Python's cyclic garbage collector off while the tool's analyses run, and freeing what
they leave behind where a caller has time to spare."""

from __future__ import annotations

import ctypes
import functools
import gc
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from contextvars import ContextVar


@contextmanager
def no_collector_pauses() -> Iterator[None]:
    """Hold Python's cyclic garbage collector off while an analysis runs (the rewrite's, the
    schedule check's).

    An analysis allocates tens of thousands of small objects (bindings' value and op handles,
    effects, sympy terms); each allocation burst triggers collections that scan the whole heap,
    sympy's and z3's caches and the compiler's modules included: a fifth of the hook's time at
    256 layers, and most of the schedule check's, for garbage that only exists once the
    analysis returns. Reference counting still frees everything that is not in a cycle; cycles
    are collected after the analysis as usual.
    """
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


class Leftovers:
    """What the last analysis leaves behind once it has answered (a model of the IR, the
    solvers' state), kept alive until :meth:`release`, with the collector held off until then.

    Freeing an analysis is work of its own: tens of thousands of bindings' handles and facts.
    So is the first collection after one: every object it made and that is still alive is
    young, and the collector traverses them all. At 256 layers the two cost about 25 ms, between
    the hook and the rest of the stream phase. A caller with time to spare later (the compile
    driver, while the stream phase's last passes run in another thread) keeps them here and
    releases them then;
    the collector's first pass then finds only what outlives the analysis. Nothing is read
    from what is kept. Used as a context manager, :meth:`release` runs at the latest on exit,
    so the collector is never left off."""

    def __init__(self) -> None:
        self._objects: list[object] = []
        self._collector_was_enabled: bool | None = None  # (None: not holding it off)

    def __enter__(self) -> Leftovers:
        return self

    def __exit__(self, *exc: object) -> None:
        self.release()

    @contextmanager
    def kept(self) -> Iterator[Leftovers]:
        """While the block runs, what analyses hand over (:func:`leave`) is kept here; from
        then on the collector stays off until :meth:`release`."""
        if self._collector_was_enabled is None:
            self._collector_was_enabled = gc.isenabled()
            gc.disable()
        token = _LEFTOVERS.set(self)
        try:
            yield self
        finally:
            _LEFTOVERS.reset(token)

    def keep(self, *objects: object) -> None:
        """Keep ``objects``, the latest analysis's, in place of any kept before: a hook that runs
        several analyses (the CLI's remark suggestions try up to two dozen) frees each earlier
        one as it goes, as it did before, and only the last is left for :meth:`release`."""
        self._objects = list(objects)

    def release(self) -> None:
        """Free what was kept (reference counting frees it), then let the collector run again."""
        objects, self._objects = self._objects, []
        del objects
        if self._collector_was_enabled:
            gc.enable()
        self._collector_was_enabled = None


_LEFTOVERS: ContextVar[Leftovers | None] = ContextVar("slice_elision_leftovers", default=None)


def leave(*objects: object) -> None:
    """An analysis is done with ``objects``: kept by the caller's :class:`Leftovers` when one
    is keeping them (:meth:`Leftovers.kept`), else freed as soon as the analysis drops them."""
    leftovers = _LEFTOVERS.get()
    if leftovers is not None:
        leftovers.keep(*objects)


def return_freed_memory() -> None:
    """Hand the memory the process freed back to the system (glibc's ``malloc_trim``), before
    HAL/VM, the compile's peak: what the analyses and the stream phase's modules freed stays
    in the allocator's free lists otherwise, where HAL/VM's threads (another arena) do not
    reuse it, and the peak is the two together. Nothing where there is no glibc."""
    trim = _malloc_trim()
    if trim is not None:
        trim(0)


@functools.cache
def _malloc_trim() -> Callable[[int], int] | None:
    try:
        trim = ctypes.CDLL(None).malloc_trim
    except (OSError, AttributeError):
        return None
    trim.argtypes, trim.restype = [ctypes.c_size_t], ctypes.c_int
    return trim
