"""Which writes of a function may touch a value's storage (part 2 of the rule's input)."""

from __future__ import annotations

from iree.compiler import ir

from .program import FunctionModel, OpInfo
from .resolved import Resolved
from .semantics import Access, Kind


def writes_to_storage_of(resolved: Resolved, fn: FunctionModel, src: ir.Value) -> list[tuple[OpInfo, Access]]:
    """(op, access) for each write in ``fn`` that may touch the storage of ``src``, in program
    order.

    Same base: the access range is comparable with the slice's. Another external base when the
    source's base is external too: the bytes may be shared at unknown offsets, reported as an
    access with an unknown range. Calls that may write the source's globals (or any global and
    external storage) likewise.
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
            found += [(info, Access(acc.value, Kind.WRITE, None, None)) for info, acc in idx.by_base[other]]
    src_globals = set(storage.globals_in_base(src))
    for info in idx.global_writers:
        written = resolved.effects(info).writes_globals
        if (written is None and (storage.is_external(src) or src_globals)) or (written and written & src_globals):
            found.append((info, Access(src, Kind.WRITE, None, None)))
    return _without_repeats(sorted(found, key=lambda pair: pair[0].index))


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
