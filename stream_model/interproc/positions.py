"""What the interprocedural fixpoints are about: typed positions of their elements.

A DFX element is identified by its class and a *position* (LLVM's Attributor calls them
``IRPosition``s). Argument stability (:mod:`stream_model.interproc.callers`) asks whether callers may write some
storage while a call runs; the storage is either what a caller passes as an argument of the
function, or a global's buffer as the function sees it.
"""

from __future__ import annotations

from dataclasses import dataclass


@dataclass(frozen=True)
class ArgumentOf:
    """Argument ``index`` of function ``@function``."""

    function: str
    index: int

    def __str__(self) -> str:
        return f"argument {self.index} of @{self.function}"


@dataclass(frozen=True)
class GlobalSeenBy:
    """Global ``@symbol``'s buffer, as function ``@function`` sees it."""

    function: str
    symbol: str

    def __str__(self) -> str:
        return f"global @{self.symbol} in @{self.function}"


#: The position of an argument-stability element.
StoragePosition = ArgumentOf | GlobalSeenBy
