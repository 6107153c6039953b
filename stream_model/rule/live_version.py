"""The live version of a slice source's storage where the alias is consumed.

An in-place op (``%u = stream.async.update %row, %t[...] -> %t``) *consumes* its target: after
it, IREE treats ``%t`` as dead (copy-on-write materialization ran before the splice) and only
the tied result ``%u`` names the storage. A consumer of an alias that comes after such an op
must therefore read ``%u``, the storage's *live version* there: naming ``%t`` would resurrect a
value IREE has let go, on which its allocation breaks.

``%u`` holds the slice's bytes exactly when every in-place op from the source to it writes
bytes disjoint from the slice: the rule's checks (:mod:`stream_model.rule.slice_query`) prove that for every
write to the storage, so here it is only looked up, per op of the chain. A live version is
claimed only where it is one SSA value that dominates the consumer: every op of the chain is
in the consumer's block, before it, and consumes its version alone (a version consumed in
place twice, or in another block, has no single successor the consumer may name: keep); and
no other write to the storage lies between the slice and the consumer (one off the chain,
through a reloaded global say, would make the chain's last version a stale name).

The model only says which version is live and why it holds the slice's bytes; whether a
consumer needs the alias as a value, and how to spell it, is the rewriter's business.
"""

from __future__ import annotations

from dataclasses import dataclass

from iree.compiler import ir

from ..interproc.resolved import Resolved
from ..ir.naming import Names
from ..ir.util import user_op
from ..model.program import FunctionModel, OpInfo, copied_from
from ..report.decisions import LiveVersion, Verdict, WriteCheck
from ..semantics.ops import ASYNC_SLICE

__all__ = ["TiedChain", "consumers", "holds_the_slice", "in_place_consumers", "live_versions", "tied_chain"]


@dataclass(frozen=True, slots=True)
class TiedChain:
    """The in-place ops that consume a value and its successive tied results before a consumer
    (in program order), and the version they leave: ``value`` is None when that is not one
    value dominating the consumer, and ``why`` says why."""

    ops: tuple[OpInfo, ...]
    value: ir.Value | None
    why: str = ""


def in_place_consumers(fn: FunctionModel, value: ir.Value) -> list[tuple[OpInfo, ir.Value]]:
    """``(op, tied result)`` for every op of ``fn`` that writes ``value`` in place."""
    out = []
    for use in value.uses:
        info = fn.info(user_op(use))
        if info is None:
            continue
        out += [(info, result) for result, operand in info.effects.tied if operand == value]
    return out


def tied_chain(fn: FunctionModel, names: Names, source: ir.Value, consumer: OpInfo) -> TiedChain:
    """Follow ``source`` forward through the in-place ops that consume it before ``consumer``."""
    value: ir.Value = source
    ops: list[OpInfo] = []
    while True:
        steps = in_place_consumers(fn, value)
        if not any(w.index < consumer.index for w, _ in steps):
            return TiedChain(tuple(ops), value)
        if len(steps) > 1:
            return TiedChain(
                tuple(ops), None, f"{names.name(value)} is consumed in place by {len(steps)} ops: no single successor"
            )
        ((w, result),) = steps
        if w.block_id != consumer.block_id or w.has_regions:
            return TiedChain(
                tuple(ops),
                None,
                f"{names.describe(w.op)} consumes {names.name(value)} in place in another block than "
                f"{names.describe(consumer.op)}: no version of the storage there is one value that dominates it",
            )
        ops.append(w)
        value = result


def holds_the_slice(checks: list[WriteCheck], op: ir.Operation) -> bool:
    """Did the rule prove the in-place ``op`` harmless to the slice *by disjointness*? An
    ordering does not do for a write the live version contains: the alias reads its bytes.
    (In a loop, a write of earlier iterations ordered before the slice is in the source too.)"""
    mine = [c for c in checks if c.write_op is not None and c.write_op == op]
    return bool(mine) and all(
        c.verdict is Verdict.DISJOINT
        or (c.verdict is Verdict.ORDERED_BEFORE and c.detail.startswith("earlier iterations:"))
        for c in mine
    )


def writes_off_the_chain(
    fn: FunctionModel, slice_info: OpInfo, consumer: OpInfo, chain: tuple[OpInfo, ...], checks: list[WriteCheck]
) -> list[OpInfo]:
    """The writes to the storage (the rule's checks) between the slice and ``consumer`` in
    program order that are not on the tied chain: through a reloaded global, say. IREE may
    forward such a reload to a version of the chain, which the write then consumes; the chain's
    last version is then not the latest, and a subview of it could name a dead value."""
    on_chain = {w.index for w in chain}
    found: dict[int, OpInfo] = {}
    for c in checks:
        w = fn.info(c.write_op) if c.write_op is not None else None
        if w is not None and slice_info.index < w.index < consumer.index and w.index not in on_chain:
            found[w.index] = w
    return [found[i] for i in sorted(found)]


def consumers(fn: FunctionModel, result: ir.Value) -> list[OpInfo]:
    """Every op of ``fn`` that uses the alias ``result`` directly, or through slices of it
    (which alias the same source when they are aliases too), in program order."""
    found: dict[int, OpInfo] = {}
    work, seen = [result], []
    while work:
        value = work.pop()
        if value in seen:
            continue
        seen.append(value)
        for use in value.uses:
            info = fn.info(user_op(use))
            if info is None:
                continue
            found[info.index] = info
            if info.op.name == ASYNC_SLICE:
                work.append(info.op.results[0])
    return [found[i] for i in sorted(found)]


def live_versions(resolved: Resolved, fn: FunctionModel, info: OpInfo, checks: list[WriteCheck]) -> list[LiveVersion]:
    """For an aliased slice (``checks``: the rule's harmless writes), each consumer of the alias
    reached after the source was consumed in place, and the live version of the storage there."""
    names = resolved.model.names
    source = copied_from(info)
    out = []
    for consumer in consumers(fn, info.op.results[0]):
        chain = tied_chain(fn, names, source, consumer)
        if not chain.ops and chain.value is not None:
            continue  # the source itself is live there
        described = [names.describe(w.op) for w in chain.ops]
        lv = LiveVersion(names.describe(consumer.op), None, described, chain.why, consumer_op=consumer.op)
        unproven = next((w for w in chain.ops if not holds_the_slice(checks, w.op)), None)
        off_chain = next(iter(writes_off_the_chain(fn, info, consumer, chain.ops, checks)), None)
        if chain.value is not None and unproven is not None:
            lv.detail = (
                f"{names.describe(unproven.op)} writes the storage in place and is not proven disjoint from the slice"
            )
        elif chain.value is not None and off_chain is not None:
            lv.detail = (
                f"{names.describe(off_chain.op)} writes the storage between the slice and {lv.consumer} off the "
                f"tied chain from {names.name(source)}: {names.name(chain.value)} need not be the latest version"
            )
        elif chain.value is not None:
            lv.version, lv.value, lv.chain_ops = names.name(chain.value), chain.value, [w.op for w in chain.ops]
            lv.detail = (
                f"{' then '.join(described)} consume{'s' if len(described) == 1 else ''} {names.name(source)} in place "
                f"before {lv.consumer}, writing bytes proven disjoint from the slice: {lv.version} is the live "
                f"version of the storage there and holds the slice's bytes"
            )
        out.append(lv)
    return out
