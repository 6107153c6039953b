"""Where a generated program enters IREE, and what IREE's scheduler then does with it.

**Entry.** A real program reaches the splice (right before ``iree-stream-schedule-execution``)
after IREE's own pre-splice stream stages: the cleanup (canonicalize, CSE, global folding),
copy-on-write materialisation, async copy elision, lifetime refinement, the cleanup again. The
IR they leave is a fixed point of the cleanup, and the cleanup runs again after the splice --
where its value-semantic folds are unsound once ties exist (the campaign audit,
``shared/campaign-audit/report.md``, artefacts A1-A4). So the oracle renders a program the way
IREE's flow-to-stream conversion leaves it (:func:`.render.render_module` ``unrefined``) and runs
those stages on it (:func:`normalize`); the hook then sees what a real compile shows it.

IREE 3.13's stages reject some programs the rule still reasons about (``scf.index_switch``
yielding resources fails ``iree-stream-refine-usage``; an access whose length operand differs
from its range fails ``iree-stream-verify-async-access-ranges``). Those enter at the splice, with
the lifetimes the generator chose (:func:`entry_of` says which and why).

**Scheduling.** ``iree-stream-schedule-concurrency`` can place a read of a value after an
in-place write of the same value (audit class G1: its wave materialisation loses the order the
partitioner recorded). :func:`moved_reads` finds exactly that in a module after the two
scheduling passes: a build in which it happens is wrong because of IREE, whichever build it is.
"""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

from iree.compiler import ir, passmanager

from rewriter.pipeline.common import SPLICE_BEFORE, new_context
from rewriter.pipeline.flags import stream_options
from rewriter.pipeline.runner import run_passes
from rewriter.pipeline.stages import pipeline_text, stream_stages

_BEFORE, _AFTER = stream_stages(stream_options([]))
#: IREE 3.13's pre-splice stages from the cleanup that precedes
#: ``iree-stream-verify-lowering-to-async-resources`` to the splice (the stages before it lower
#: tensors and encodings, which generated programs do not have).
_FIRST = next(i for i, s in enumerate(_BEFORE) if "iree-stream-verify-lowering-to-async-resources" in s.names) - 4
assert _BEFORE[_FIRST].names[0] == "canonicalize", "the stream stages moved: re-check the entry point"
PRE_SPLICE = f"builtin.module({pipeline_text(_BEFORE[_FIRST:])})"
#: The two scheduling passes right after the splice, as the compile runs them.
SCHEDULING = f"builtin.module({pipeline_text(_AFTER[:1])})"
assert SPLICE_BEFORE in SCHEDULING and "iree-stream-schedule-concurrency" in SCHEDULING


class EntryRejected(Exception):
    """IREE's pre-splice stages reject the module (message: the first error, one line)."""


def normalize(module: ir.Module) -> None:
    """Run IREE's pre-splice stages on ``module`` in place (its context must be current), as
    the compile runs a stream phase (:func:`~rewriter.pipeline.runner.run_passes`: with the GIL
    released, so that an error a pass reports from one of MLIR's threads cannot hang it)."""
    errors = run_passes(passmanager.PassManager.parse(PRE_SPLICE), module, module.context)
    if errors is not None:
        raise EntryRejected(errors[0] if errors else "IREE's pre-splice stages failed") from None


@dataclass(frozen=True)
class Entry:
    """How a program enters: ``flow`` (IREE's pre-splice stages ran) or ``splice`` (they reject
    it: ``reason``)."""

    kind: str
    reason: str = ""


def entry_of(unrefined_text: str) -> Entry:
    """The entry of a program rendered alone and ``unrefined``."""
    with new_context():
        module = ir.Module.parse(unrefined_text)
        try:
            normalize(module)
        except EntryRejected as err:
            return Entry("splice", str(err))
        if not any(op.name.startswith("stream.async.") for fn in module.body.operations for op in _walk(fn.operation)):
            return Entry("splice", "IREE's pre-splice stages leave no stream.async op (nothing reaches the splice)")
    return Entry("flow")


# -- G1: a read scheduled after an in-place write of the value it reads -------------------------

#: In-place ops whose first operand is the target they write (IREE's ODS order).
_TARGET_FIRST = ("stream.async.update", "stream.async.fill", "stream.async.copy")
#: Ops with a ``tied_operands`` attribute, and the operand segment its indices count from.
_TIED_SEGMENT = {"stream.async.dispatch": 1, "stream.async.execute": 0, "stream.async.concurrent": 0}
_REGION_OPS = ("stream.async.execute", "stream.async.concurrent")
#: Ops that only forward a value (the reads happen where it goes) or only ask its size. The
#: detector must not over-report: a reported reorder makes a wrong value IREE's, not the rule's.
_NOT_READERS = (
    "stream.yield",
    "scf.yield",
    "cf.br",
    "cf.cond_br",
    "util.return",
    "stream.timepoint.await",
    "stream.resource.size",
    *_REGION_OPS,
)
#: Ops whose regions are alternatives: at most one of them runs.
_EXCLUSIVE = ("scf.if", "scf.index_switch")


def _segment_start(op: ir.Operation, segment: int) -> int:
    sizes = [int(x) for x in ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])]
    return sum(sizes[:segment])


def _tied_operands(op: ir.Operation) -> list[int]:
    """Operand indices ``op`` writes in place."""
    if op.name in _TARGET_FIRST:
        return [0]
    if op.name not in _TIED_SEGMENT or "tied_operands" not in op.attributes:
        return []
    start = _segment_start(op, _TIED_SEGMENT[op.name])
    tied = [ir.IntegerAttr(a).value for a in ir.ArrayAttr(op.attributes["tied_operands"])]
    return [start + t for t in tied if t >= 0]


def _root(value: ir.Value) -> ir.Value:
    """The value outside every execution region that ``value`` captures (a region's block
    argument ``j`` is its op's resource operand ``j``; an awaited resource is its operand)."""
    while True:
        if isinstance(value.owner, ir.Block):
            parent = value.owner.owner
            if parent.name not in _REGION_OPS:
                return value
            value = parent.operands[_segment_start(parent, 0) + ir.BlockArgument(value).arg_number]
        elif value.owner.name == "stream.timepoint.await":
            value = value.owner.operands[ir.OpResult(value).result_number]
        else:
            return value


def _walk(op: ir.Operation) -> Iterator[ir.Operation]:
    for region in op.regions:
        for block in region.blocks:
            for inner in block.operations:
                yield inner.operation
                yield from _walk(inner.operation)


def _concurrent_parent(op: ir.Operation) -> ir.Operation | None:
    parent = op.parent
    while parent is not None and parent.name not in ("util.func", "builtin.module"):
        if parent.name == "stream.async.concurrent":
            return parent
        parent = parent.parent
    return None


def _ancestry(op: ir.Operation) -> list[tuple[ir.Operation, int]]:
    """(ancestor op, index of the region of it that holds ``op``), innermost first."""
    out = []
    while op.parent is not None and op.name != "util.func":
        parent = op.parent
        region = next(i for i, r in enumerate(parent.regions) if any(b == op.block for b in r.blocks))
        out.append((parent, region))
        op = parent
    return out


def _exclusive(a: ir.Operation, b: ir.Operation) -> bool:
    """Do ``a`` and ``b`` lie in different alternatives of one ``scf.if``/``scf.index_switch``?"""
    of_a = _ancestry(a)
    for parent, region in _ancestry(b):
        for other, other_region in of_a:
            if other == parent:
                return parent.name in _EXCLUSIVE and region != other_region
    return False


def moved_reads(module_text: str, scheduled: bool = False) -> dict[str, list[str]]:
    """Per function, the reads that IREE's scheduling put after (or beside, in one concurrent
    region) an in-place write of the value they read, of bytes z3 cannot prove disjoint from
    those written (a reorder of disjoint bytes changes nothing).

    The input satisfies IREE's copy-on-write contract: an in-place op is the last use of the
    value it writes. After scheduling, any other use of that value (followed through captures)
    that comes later in the function, or shares a concurrent region with the write, reads
    bytes the write may already have changed. ``scheduled``: the module is already scheduled
    (the hook ran after scheduling)."""
    found: dict[str, list[str]] = {}
    with new_context():
        module = ir.Module.parse(module_text)
        if not scheduled:
            passmanager.PassManager.parse(SCHEDULING).run(module.operation)
        bytes_ = _Bytes(module)
        for fn in module.body.operations:
            if fn.operation.name != "util.func":
                continue
            ops = list(_walk(fn.operation))
            position = {op: i for i, op in enumerate(ops)}
            readers: dict[ir.Value, list[ir.Operation]] = {}
            writes: list[tuple[ir.Operation, ir.Value]] = []
            for op in ops:
                tied = _tied_operands(op)
                if op.name not in _REGION_OPS:
                    for i in tied:
                        writes.append((op, _root(op.operands[i])))
                if op.name in _NOT_READERS:
                    continue
                for operand in op.operands:
                    readers.setdefault(_root(operand), []).append(op)
            name = ir.StringAttr(fn.operation.attributes["sym_name"]).value
            for writer, value in writes:
                for reader in readers.get(value, []):
                    if reader == writer or _exclusive(reader, writer):
                        continue
                    shared, other = _concurrent_parent(reader), _concurrent_parent(writer)
                    if position[reader] > position[writer] or (
                        shared is not None and other is not None and shared == other
                    ):
                        if bytes_.disjoint(reader, writer, value):
                            continue  # a reorder that cannot change what the read sees
                        found.setdefault(name, []).append(f"{reader.name} after {writer.name}")
    return found


class _Bytes:
    """Whether a read and an in-place write of one value touch provably disjoint bytes (z3
    over the accesses' ranges, with the facts in scope for both: ``stream_model``'s own
    proofs, not the schedule check's code). Built on the first question only."""

    def __init__(self, module: ir.Module) -> None:
        self.module = module
        self._model: object | None = None

    def disjoint(self, reader: ir.Operation, writer: ir.Operation, value: ir.Value) -> bool:
        from stream_model.model.facts import FactStore
        from stream_model.model.program import ModuleModel
        from stream_model.semantics.op_table import Kind, effects_of
        from stream_model.symbolic.proofs import prove_disjoint

        if self._model is None:
            model = ModuleModel(self.module)
            self._model = (model, FactStore(model, 2000))
        model, store = self._model  # type: ignore[misc]
        reads = [a for a in effects_of(reader).accesses if a.kind is Kind.READ and _root(a.value) == value]
        writes = [a for a in effects_of(writer).accesses if a.kind is Kind.WRITE and _root(a.value) == value]
        if not reads or not writes:
            return False
        fn = model.function_of(reader)
        ia, ib = fn.info(reader), fn.info(writer)
        if ia is None or ib is None:
            return False
        facts = store.facts_for(fn, ia, ib)
        for r in reads:
            for w in writes:
                rr, wr = store.access_range(r), store.access_range(w)
                if rr is None or wr is None or not prove_disjoint(rr, wr, facts).is_disjoint:
                    return False
        return True
