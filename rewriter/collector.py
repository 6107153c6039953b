"""Holding Python's cyclic garbage collector off while the tool's analyses run."""

from __future__ import annotations

import gc
from collections.abc import Iterator
from contextlib import contextmanager


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
