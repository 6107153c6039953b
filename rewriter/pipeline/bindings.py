"""IREE's MLIR bindings for the command line, imported without numpy.

``iree.compiler.ir`` imports numpy only to register four attribute builders
(``F64ElementsAttr``, ``I32ElementsAttr``, ``I64ElementsAttr``, ``IndexElementsAttr``: a Python
list turned into a dense array when an op is built from one), and goes on without them when
numpy cannot be imported. The tool never builds an op from such a list. numpy costs every
compile 60 ms of cpu and 25 MiB, which ``iree-compile`` does not pay: the command line imports
the bindings first, with numpy hidden for that import only. A program that imported numpy (or
the bindings) already is left as it is, and numpy imports normally afterwards.
"""

from __future__ import annotations

import importlib
import importlib.abc
import sys
from collections.abc import Sequence
from types import ModuleType

__all__ = ["import_bindings_without_numpy"]


class _NoNumpy(importlib.abc.MetaPathFinder):
    def find_spec(self, name: str, path: Sequence[str] | None, target: ModuleType | None = None) -> None:
        if name == "numpy" or name.startswith("numpy."):
            raise ImportError(f"{name} is not imported for IREE's bindings (rewriter.pipeline.bindings)")
        return None


def import_bindings_without_numpy() -> None:
    """Import ``iree.compiler.ir`` with numpy hidden, unless either is imported already."""
    if "iree.compiler.ir" in sys.modules or "numpy" in sys.modules:
        return
    finder = _NoNumpy()
    sys.meta_path.insert(0, finder)
    try:
        importlib.import_module("iree.compiler.ir")
    finally:
        sys.meta_path.remove(finder)
