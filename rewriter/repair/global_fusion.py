"""Keeping a repaired module's globals out of IREE's global fusion, and verifying that it did.

IREE 3.13's ``iree-util-fuse-globals`` fuses two private globals when, in every block of a
function's own region that stores either, both are stored one SSA value; it reads no store in a
region (an ``scf.if`` arm, a loop body). A repair's copy stored in a region is then lost where
the pass takes the global for another (review 47's F2: the shared-globals repair's copy read as
@g0's bytes), and so is any other global's store in a region, where a repair's constant offset
and size in a block makes IREE fuse that global's offset and size globals with the copy's
(review 50's q01). The pass leaves alone a global that is public or whose address is taken
(``GlobalTable::isCandidate``), and IREE gives a resource global's size, offset, length and
timepoint globals its visibility (``iree-util-propagate-subranges``,
``iree-stream-propagate-timepoints``). So in a module one of this tool's repairs changed, every
global stored in a region is declared public (:func:`keep_out_of_fusion`) before IREE's stream
phase runs on it. Only the module the repair changed is built differently: nothing outside the
module can reach a VM module's globals, and the analyses ran on the module as it was.

The compile then verifies what IREE did (:func:`tag_globals`, :func:`undone_in_regions`): a
fuse of such a global is refused, should a pass other than those this docstring names make one.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

from iree.compiler import ir

from stream_model.ir.util import FUNCTION_OPS, ops_named
from stream_model.semantics import ops
from stream_model.semantics.op_table import global_name

from .copy_dispatch import holds_copy_executable

__all__ = [
    "GlobalTags",
    "Undone",
    "keep_out_of_fusion",
    "stored_in_regions",
    "tag_globals",
    "undone_in_regions",
    "untag_globals",
]


@dataclass
class GlobalTags:
    """The names the globals' locations are wrapped in while IREE's stream phase runs on a
    module a repair changed (:func:`tag_globals`): ``prefix`` and a global's number in
    ``names``; ``own``, each global's own location. The prefix carries a number drawn for the
    compile, which no input can spell in a location of its own (review 51's r10: a user's
    ``loc("slice-elision-global:99")`` taken for a tag)."""

    prefix: str = field(default_factory=lambda: f"slice-elision-global-{secrets.token_hex(6)}:")
    names: list[str] = field(default_factory=list)
    own: dict[str, ir.Location] = field(default_factory=dict)

    def made_from(self, op: ir.Operation) -> list[str]:
        """The tagged globals a global of the module is made from, in order."""
        found = re.findall(rf'"{re.escape(self.prefix)}(\d+)"', str(op.location))
        return [self.names[k] for k in dict.fromkeys(int(n) for n in found) if k < len(self.names)]


def stored_in_regions(module: ir.Module) -> frozenset[str]:
    """Where ``module`` holds a copy one of this tool's repairs made (a copy dispatch,
    :data:`.copy_dispatch.EXECUTABLE`: the shared-globals repair's, a forwarded reload's, the
    schedule repair's): every global it stores in a region, the copy or anything else (module
    docstring: review 50's q01 lost another global's store in an arm, where stock, storing its
    load's offset, fused nothing). None where it holds no such copy: the module is built as
    IREE builds it, which costs a look at its top-level ops."""
    if not holds_copy_executable(module):
        return frozenset()
    return frozenset(
        global_name(op) for op in ops_named(module.operation, {ops.GLOBAL_STORE}) if not _in_a_function_block(op)
    )


def keep_out_of_fusion(module: ir.Module, names: frozenset[str]) -> list[str]:
    """Declare each private global of ``module`` named in ``names`` public, so that
    ``iree-util-fuse-globals`` fuses none of it, nor its size, offset, length and timepoint
    globals (module docstring); the names declared so, in the module's order. Called on the
    module the compile goes on with, after the rewrite decided on it (a public global's
    slices are ones the analysis cannot pair: it sees the module as the user wrote it)."""
    declared: list[str] = []
    for op in _global_ops(module):
        name = ir.StringAttr(op.attributes["sym_name"]).value
        if name in names and "sym_visibility" in op.attributes:
            del op.attributes["sym_visibility"]  # (a symbol without one is public)
            declared.append(name)
    return declared


def tag_globals(module: ir.Module, tags: GlobalTags) -> None:
    """Wrap each ``util.global``'s location in a name of its own (``tags``' prefix and its
    number in ``tags.names``, which a global not in it is added to), so that
    :func:`undone_in_regions` can tell, in IREE's stream phase, which globals each one left was
    made from: IREE makes a resource global's size, offset, length and timepoint globals at its
    location, and ``iree-util-fuse-globals`` gives the global it keeps the fused location of all
    it fuses into it. The user's own locations cannot tell: frontends give many globals one
    location, or none (review 49). A number, not the name: MLIR prints a location's name
    escaped (review 50's q28, a global named with a quote). A location is no operand: the
    program IREE builds is the same. ``tags.own`` gets each global's own location, for
    :func:`untag_globals` (a global tagged already keeps its tag: a repair of a tagged copy)."""
    with module.context:
        for op in _global_ops(module):
            name = ir.StringAttr(op.attributes["sym_name"]).value
            if tags.made_from(op.operation) == [name]:
                continue
            tags.own.setdefault(name, op.location)
            if name not in tags.names:
                tags.names.append(name)
            op.location = ir.Location.name(f"{tags.prefix}{tags.names.index(name)}", childLoc=op.location)


def untag_globals(module: ir.Module, tags: GlobalTags) -> None:
    """Give each ``util.global`` of ``module`` the location it would have had untagged
    (:func:`tag_globals`): that of the global it was made for, or the fused location of those
    it was made from. Nothing of the tags reaches HAL, VM or the output's debug information."""
    with module.context:
        for op in _global_ops(module):
            locations = [tags.own[name] for name in tags.made_from(op.operation) if name in tags.own]
            if locations:
                op.location = locations[0] if len(locations) == 1 else ir.Location.fused(locations)


@dataclass(frozen=True)
class Undone:
    """A global a repair stores a fresh copy to in a region, and what IREE's stream phase did
    to it (:func:`undone_in_regions`), in words."""

    name: str
    how: str


def undone_in_regions(finished: ir.Module, checked: frozenset[str], tags: GlobalTags) -> list[Undone]:
    """Those of the globals ``checked`` (:func:`stored_in_regions`, kept out of fusion) that
    IREE's stream phase fused with another global, or whose size, offset, length or timepoint
    global it fused with another's (``finished``: the module at that point of the phase, its
    globals' locations tagged by :func:`tag_globals` with ``tags``). None is expected: a fuse
    here read no store in a region, and a copy's store may then be made the other's, the
    other's loads read it, or it be bound at the other's offset or with the other's size (review
    47's F2, review 45, review 49's p24, before the globals were kept out of fusion). A global
    IREE folded into a constant, or dropped, is no fuse: those passes read every store."""
    fused = _fused_globals(finished, tags)
    undone: list[Undone] = []
    for name in sorted(checked):
        for kept, made_from in fused:
            if name not in made_from:
                continue
            others = ", ".join(f"@{g}" for g in sorted(made_from - {name}))
            undone.append(Undone(name, f"fused {_what(kept)} of @{name} with that of {others}"))
            break
    return undone


def _fused_globals(finished: ir.Module, tags: GlobalTags) -> list[tuple[str, frozenset[str]]]:
    """The globals of ``finished`` made from more than one tagged global (:func:`tag_globals`),
    each with the names of those."""
    out: list[tuple[str, frozenset[str]]] = []
    for op in _global_ops(finished):
        made_from = frozenset(tags.made_from(op.operation))
        if len(made_from) > 1:
            out.append((ir.StringAttr(op.attributes["sym_name"]).value, made_from))
    return out


def _what(name: str) -> str:
    """What the global ``name`` IREE made is to the global it was made for, in words."""
    for suffix, what in _MADE_FOR.items():
        if suffix in name:
            return what
    return "the buffer"


#: The globals IREE 3.13 makes for a resource global, by their names' suffixes.
_MADE_FOR = {
    "__storage_size": "the size global",
    "__offset": "the offset global",
    "__length": "the length global",
    "__timepoint": "the timepoint global",
}


def _global_ops(module: ir.Module) -> list[ir.OpView]:
    return [op for op in module.body.operations if op.operation.name == ops.UTIL_GLOBAL]


def _in_a_function_block(op: ir.Operation) -> bool:
    """Is ``op`` in a block of its function's own region (where ``iree-util-fuse-globals``
    reads stores), not in a region of an op inside it?"""
    parent = op.parent
    return parent is not None and getattr(parent, "operation", parent).name in FUNCTION_OPS
