"""Which writes of a function may touch a value's storage (part 2 of the rule's input)."""

from __future__ import annotations

from iree.compiler import ir

from ..model.program import FunctionModel, OpInfo
from ..semantics.op_table import Access, Kind, callee_name
from ..semantics.ops import UTIL_CALL
from .resolved import Resolved


def writes_to_storage_of(resolved: Resolved, fn: FunctionModel, src: ir.Value) -> list[tuple[OpInfo, Access]]:
    """(op, access) for each write in ``fn`` that may touch the storage of ``src``, in program
    order.

    Same base: the access range is comparable with the slice's. Another external base when the
    source's base is external too: the bytes may be shared at unknown offsets, reported as an
    access with an unknown range. Calls that may write a global the source may be (or any global
    and external storage) likewise.
    """
    storage = resolved.storage
    idx = resolved.writes_index(fn)
    base = storage.find(src)
    found = list(idx.by_base.get(base, []))
    # Only an exposed base can share bytes with another (StorageMap.may_alias): a source that
    # is not exposed is compared with the exposed written bases alone.
    others = idx.by_base if storage.exposed(base) else idx.exposed
    for other in others:
        if storage.may_alias(other, base):
            why = "storage that may be shared with external buffers at unknown offsets"
            found += [(info, Access(acc.value, Kind.WRITE, None, None, why=why)) for info, acc in idx.by_base[other]]
    src_globals = globals_the_source_may_be(resolved, src)
    for info in idx.global_writers:
        written = resolved.effects(info).writes_globals
        if written is None and (storage.is_external(src) or src_globals):
            found.append((info, Access(src, Kind.WRITE, None, None, why=f"{_writer(info)} may write any global")))
        elif written and written & src_globals:
            hit = ", ".join(f"@{g}" for g in sorted(written & src_globals))
            why = f"{_writer(info)} writes global {hit}, which the source's storage may be"
            found.append((info, Access(src, Kind.WRITE, None, None, why=why)))
    return _without_repeats(sorted(found, key=lambda pair: pair[0].index))


def globals_the_source_may_be(resolved: Resolved, src: ir.Value) -> set[str]:
    """The globals a call writing them writes ``src``'s storage through: those in the source's
    base and those whose base may alias it (the source an argument, a call result, an import
    that may be the global's buffer)."""
    return set(resolved.storage.globals_it_may_be(src, resolved.resource_globals))


def _writer(info: OpInfo) -> str:
    """``@callee`` for a call, else the op's name."""
    return f"@{callee_name(info.op)}" if info.op.name == UTIL_CALL else info.op.name


def _without_repeats(found: list[tuple[OpInfo, Access]]) -> list[tuple[OpInfo, Access]]:
    """One unknown-range entry per op: an op reached through several bases (a call writing
    its operand and a global) is one write of unknown bytes, checked once."""
    out: list[tuple[OpInfo, Access]] = []
    unknown: set[int] = set()
    for info, acc in found:
        if not acc.range_known:
            if info.index in unknown:
                continue
            unknown.add(info.index)
        out.append((info, acc))
    return out
