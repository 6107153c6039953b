"""Keeping globals stored in a region out of IREE's global fusion, which does not read those stores.

IREE 3.13's ``iree-util-fuse-globals`` fuses two private globals when, in every block of a
function's own region that stores either, both are stored one SSA value; it reads no store in a
region (an ``scf.if`` arm, a loop body). A store there is then lost where the pass takes the
global for another: IREE 3.13 alone builds two globals with initial values, each updated in an
arm of its own, as one (review 50's q24: packed into one constant allocation, fused after the
splice; review 53's p19: equal initial values, fused before it; p03: zero-initialised, which
IREE then fails to compile), and a repair's copy stored in an arm was read as another global's
bytes (review 47's F2). The pass leaves alone a global that is public or whose address is taken
(``GlobalTable::isCandidate``), and IREE gives a resource global's size, offset, length and
timepoint globals its visibility (``iree-util-propagate-subranges``,
``iree-stream-propagate-timepoints``). Declaring a global public (:func:`keep_out_of_fusion`)
changes nothing a program computes: nothing outside a VM module reaches its globals.

Where the compile's hook repairs globals that share one buffer (the rewrite), every global a
module stores in a region is declared public from the start of the stream phase, given its
visibility back at the splice for the rewrite and the checks to read the module as written
(:func:`make_private`), and declared public again after the rewrite, a repair's copies
included: a copy's constant offset and size in a block could make IREE fuse another global's
offset and size globals with the copy's (review 50's q01). Kept apart, two globals may hold one
buffer, which the shared-globals repair gives each its own copy of (review 53's p06). The
compile then verifies what IREE did (:func:`tag_globals`, :func:`undone_in_regions`) and
refuses a fuse of such a global, which no pass of IREE 3.13 makes. Without that repair
(``--no-elide``) nothing is declared public: a module one of the tool's repairs changed is
verified so, and an undone repair refused.
"""

from __future__ import annotations

import re
import secrets
from dataclasses import dataclass, field

from iree.compiler import ir

from stream_model.ir.util import FUNCTION_OPS, child_ops, ops_named, visibility
from stream_model.semantics import ops
from stream_model.semantics.op_table import global_name

from .copy_dispatch import holds_copy_executable

__all__ = [
    "GlobalTags",
    "Undone",
    "global_names",
    "keep_out_of_fusion",
    "make_private",
    "repaired",
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
    """Every global ``module`` stores in a region, whatever is stored there: the globals whose
    stores there ``iree-util-fuse-globals`` does not read. Read in the module's functions only
    (an executable stores no global): a walk of their ops' names."""
    return frozenset(
        global_name(op)
        for function in child_ops(module.operation)
        if function.name in FUNCTION_OPS
        for op in ops_named(function, {ops.GLOBAL_STORE})
        if not _in_a_function_block(op)
    )


def repaired(module: ir.Module) -> bool:
    """Does ``module`` hold a copy one of this tool's repairs made (a copy dispatch,
    :data:`.copy_dispatch.EXECUTABLE`: the shared-globals repair's, a forwarded reload's, the
    schedule repair's)? Its globals stored in a region are then kept out of fusion before IREE
    runs on it: a copy stored there may be lost, and so may another global's store in a region
    where a copy's constant offset and size in a block make IREE fuse that global's offset and
    size globals with the copy's (review 50's q01, where stock, storing its load's offset, fused
    nothing). A look at the module's top-level ops."""
    return holds_copy_executable(module)


def keep_out_of_fusion(module: ir.Module, names: frozenset[str]) -> list[str]:
    """Declare each private global of ``module`` named in ``names`` public, so that
    ``iree-util-fuse-globals`` fuses none of it, nor its size, offset, length and timepoint
    globals (module docstring); the names declared so, in the module's order. Called on the
    module the compile goes on with, after the rewrite decided on it (a public global's
    slices are ones the analysis cannot pair: it sees the module as the user wrote it)."""
    declared: list[str] = []
    for op in _global_ops(module):
        name = ir.StringAttr(op.attributes["sym_name"]).value
        if name in names and visibility(op.operation) == "private":
            del op.attributes["sym_visibility"]  # (a symbol without one is public)
            declared.append(name)
    return declared


def global_names(module: ir.Module) -> list[str]:
    """The names of ``module``'s globals, in order."""
    return [ir.StringAttr(op.attributes["sym_name"]).value for op in _global_ops(module)]


def make_private(module: ir.Module, names: list[str], before: list[str]) -> None:
    """Give each global of ``module`` named in ``names`` (declared public by
    :func:`keep_out_of_fusion` while the module had the globals ``before``) its private
    visibility back, and so each global IREE made for one of them since (its size global: IREE
    names it after the global, ``@k__size``, and gives it the global's visibility)."""
    with module.context:
        for op in _global_ops(module):
            name = ir.StringAttr(op.attributes["sym_name"]).value
            if name in names or (name not in before and _made_for(name, before) in names):
                op.attributes["sym_visibility"] = ir.StringAttr.get("private")


def _made_for(name: str, before: list[str]) -> str | None:
    """The global of ``before`` a global IREE made is named after (the longest prefix)."""
    owners = [g for g in before if name.startswith(g + "__")]
    return max(owners, key=len) if owners else None


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
    """A global the module stores in a region, and what IREE's stream phase did to it
    (:func:`undone_in_regions`), in words."""

    name: str
    how: str


def undone_in_regions(finished: ir.Module, checked: frozenset[str], tags: GlobalTags) -> list[Undone]:
    """Those of the globals ``checked`` (:func:`stored_in_regions`) that IREE's stream phase
    fused with another global, or whose size, offset, length or timepoint global it fused with
    another's (``finished``: the module at that point of the phase, its globals' locations
    tagged by :func:`tag_globals` with ``tags``). The fuse read no store in a region: a store
    there may then be made the other's, the other's loads read it, or it be bound at the other's
    offset or with the other's size (review 47's F2, review 45, review 49's p24, review 50's q24:
    two globals with initial values, packed in one allocation, each updated in an arm of its
    own). A global IREE folded into a constant, or dropped, is no fuse: those passes read every
    store."""
    fused = _fused_globals(finished, tags)
    undone: list[Undone] = []
    for name in sorted(checked):
        found = [(kept, made_from) for kept, made_from in fused if name in made_from]
        if found:  # (the buffer's fuse first, where IREE fused it: the one that says the most)
            kept, made_from = min(found, key=lambda f: _what(f[0]) != "the buffer")
            others = ", ".join(f"@{g}" for g in sorted(made_from - {name}))
            undone.append(Undone(name, f"fused {_what(kept)} of @{name} with that of {others}"))
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
