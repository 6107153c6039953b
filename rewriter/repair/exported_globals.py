"""An export of a global's own buffer exports a copy, as IREE's conversion would have made it.

IREE's flow-to-stream conversion exports a global's value through a transfer to an external
resource: the caller gets a copy. Splice-level input can export the global's buffer itself
(:func:`stream_model.semantics.abi.globals_exported`). The caller then holds the buffer the
global is written in place through: its result changes under it at a later call, and a buffer
it passes back is the global's, which IREE's copy elision takes for the caller's own. IREE 3.13
then made a slice of such an import a view of it, read after an in-place write of the global
(``tests/regressions/campaign-global-exported-passed-back-and-scaled-before-the-import-is-read.json``: stock failed on the runtime, the tool's
build computed the write's bytes). The schedule check cannot see it: nothing in the IR says the
import is the global's buffer.

So where the module may write the global in place (:func:`.in_place.may_write_in_place`, over
every function: closed-world, an in-place write of storage of unknown origin may be it), every
compile with the guard exports a copy instead: a copy dispatch IREE cannot undo
(:mod:`.copy_dispatch`), right before the export. A global nothing writes in place is exported
as it is: the caller's buffer never changes, and IREE reads it as the module wrote it.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any, ClassVar

from iree.compiler import ir

from stream_model.ir.naming import Names
from stream_model.ir.util import FUNCTION_OPS, child_ops, function_name, ops_named
from stream_model.semantics import ops
from stream_model.semantics.abi import globals_exported

from .copy_dispatch import CopyDispatches
from .in_place import may_write_in_place

__all__ = ["ExportedCopy", "copy_exported_globals", "find_exported_globals", "may_export_a_global"]


@dataclass(frozen=True)
class ExportedCopy:
    """One export of a global's own buffer that the module may write in place, made to
    export a copy (or, without the repair, found)."""

    export: str  # the export, described
    location: str
    global_name: str
    function: str
    why: str = ""  # always "": a copy can always be exported
    refusal: ClassVar[str] = "the caller would hold a global's own buffer"

    def line(self) -> str:
        """The repair, as a compile reports it."""
        return (
            f"{self.export} ({self.location}) in @{self.function} exports a copy of @{self.global_name}'s "
            f"buffer: the caller would hold the buffer @{self.global_name} is written in place through"
        )

    def hazard_line(self) -> str:
        """The hazard, as ``check`` reports it (before any repair)."""
        return (
            f"{self.export} ({self.location}) in @{self.function} hands the caller @{self.global_name}'s own "
            f"buffer, which the module may write in place: the caller's result would change at a later call, "
            f"and a buffer it passes back would be @{self.global_name}'s, which IREE takes for the caller's own "
            "(a compile exports a copy)"
        )

    def hazard_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-check",
            "check": "global-exported",
            "hazard": True,
            "export": self.export,
            "location": self.location,
            "global": self.global_name,
            "function": self.function,
        }

    def to_json(self) -> dict[str, Any]:
        return {
            "type": "schedule-repair",
            "repair": "export-a-copy",
            "export": self.export,
            "location": self.location,
            "global": self.global_name,
            "function": self.function,
        }


def may_export_a_global(op: ir.Operation) -> bool:
    """Is ``op`` an export of a global's own buffer (a look at its value's chain, for the scan
    every compile pays for: :func:`.reloads.may_misread_globals`)?"""
    return op.name == ops.TENSOR_EXPORT and bool(globals_exported(op))


def find_exported_globals(module: ir.Module, names: Names) -> list[ExportedCopy]:
    """Every export of a global's own buffer the module may write in place; the module is
    not changed."""
    return [record for _, record in _hazards(module, names)]


def copy_exported_globals(module: ir.Module, names: Names) -> list[ExportedCopy]:
    """Make every export :func:`find_exported_globals` finds export a copy of its value."""
    found = _hazards(module, names)
    if not found:
        return []
    copies = CopyDispatches(module)
    for export, _ in found:
        view = export.opview
        export.operands[0] = copies.copy_before(export, view.source, view.source_size, scheduled=False)
    return [record for _, record in found]


def _hazards(module: ir.Module, names: Names) -> list[tuple[ir.Operation, ExportedCopy]]:
    functions = [op for op in child_ops(module.operation) if op.name in FUNCTION_OPS]
    written: dict[str, bool] = {}

    def may_be_written(name: str) -> bool:
        if name not in written:
            written[name] = any(may_write_in_place(fn, name) for fn in functions)
        return written[name]

    found: list[tuple[ir.Operation, ExportedCopy]] = []
    for fn in functions:
        for export in ops_named(fn, {ops.TENSOR_EXPORT}):
            for name in globals_exported(export):
                if may_be_written(name):
                    record = ExportedCopy(names.describe(export), names.location(export), name, function_name(fn))
                    found.append((export, record))
                    break  # (one copy serves every global the buffer is)
    return found
