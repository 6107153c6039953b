"""Turn proven-safe copies into aliases of their source.

Two alias forms exist, and what each does downstream decides which we emit (measured on IREE
3.13 by the soundness campaign, see ``tests/regressions``):

* **folding** the slice into each consumer's access range, upstream's own form (as in
  ``ElideAsyncCopies.cpp``): a dispatch operand ``%r[a to b for n]`` becomes
  ``%src[o+a to o+b for n]``, a copy source likewise, a load offset ``o+off``, a nested slice
  ``%src[o+a to o+b]``, and an update from the slice becomes a copy from the source. The
  consumer then names the source itself, so IREE keeps the source alive for it.
* a **subview** ``stream.resource.subview %src[%o] : T{%n} -> T{%len}`` for consumers that need
  the alias as a value (call operands, transfers, scf region edges). IREE 3.13 does not extend
  the source's lifetime for it: a subview of *transient* storage read across an execution
  boundary reads freed memory, and a subview of a subview with a symbolic offset crashes the
  stream phase. So a subview is only emitted over storage IREE never frees (variable, constant
  and external lifetimes); otherwise the copy stays, with that reason in the log.

A same-device, same-type ``stream.async.transfer`` (a copy of a whole resource) is replaced by
its source.

All-or-nothing: decisions are computed first, then applied, then the module is verified. A
module that fails to verify before the rewrite is never touched; a rewrite that would produce
an invalid module raises :class:`RewriteError` (the compile stops and writes nothing).
"""

from __future__ import annotations

import time
from dataclasses import dataclass, field

from iree.compiler import ir
from iree.compiler.dialects import arith, stream

from stream_model import Analysis, ModuleModel, SliceDecision, analyze
from stream_model.semantics import is_resource

from .globals_fix import Diagnostic, separate_shared_globals

# Operand positions of the ops whose source range a fold rewrites (fixed by their ODS
# definitions in IREE 3.13: none of these ops has variadic operands).
SOURCE_OPERANDS: dict[str, dict[str, int]] = {
    "stream.async.slice": {"source": 0, "source_size": 1, "source_offset": 2, "source_end": 3},
    "stream.async.copy": {"source": 4, "source_size": 5, "source_offset": 6, "source_end": 7},
    "stream.async.load": {"source": 0, "source_size": 1, "source_offset": 2},
}
UPDATE_SOURCE_OPERAND = 4  # stream.async.update: the operand whose whole contents are written

# Lifetimes whose storage is never freed while the program can reach it: a subview of them
# stays valid wherever it is read.
PERSISTENT_LIFETIMES = ("!stream.resource<variable>", "!stream.resource<constant>", "!stream.resource<external>")


class RewriteError(Exception):
    """The rewrite could not be applied; the message is one line for the user."""


@dataclass
class RewriteReport:
    decisions: list[SliceDecision] = field(default_factory=list)
    diagnostics: list[Diagnostic] = field(default_factory=list)
    aliased: int = 0
    kept: int = 0
    analysis_seconds: float = 0.0
    iterations: int = 0

    def log_records(self) -> list[dict]:
        return [d.to_json() for d in self.diagnostics] + [d.to_json() for d in self.decisions]


def _verify(module: ir.Module) -> bool:
    try:
        return bool(module.operation.verify())
    except ir.MLIRError:
        return False


def elide_slices(
    module: ir.Module,
    *,
    apply: bool = True,
    max_iterations: int | None = None,
    timeout_ms: int | None = None,
    source: str | None = None,
) -> RewriteReport:
    """Analyse every slice of ``module`` and, if ``apply``, replace the safe ones by aliases.

    ``source`` (the module's text, when it came from a file) only makes the log name values as
    the user wrote them.
    """
    if not _verify(module):
        raise RewriteError("the input module does not verify; refusing to rewrite it")
    started = time.perf_counter()
    model = ModuleModel(module, source)
    diagnostics = separate_shared_globals(model, fix=apply)
    if diagnostics and apply:
        model = ModuleModel(module, source)  # storage changed: model the repaired module
    options = {} if timeout_ms is None else {"timeout_ms": timeout_ms}
    analysis: Analysis = analyze(model, max_iterations=max_iterations, **options)
    _keep_unrepresentable(analysis)
    if apply:
        with module.context, ir.Location.unknown(module.context):
            for op, decision in zip(analysis.ops, analysis.decisions):
                if decision.decision == "alias":
                    _replace_with_alias(op)
        if any(d.decision == "alias" for d in analysis.decisions) and not _verify(module):
            raise RewriteError("internal error: the rewritten module does not verify (no output written)")
    return RewriteReport(
        decisions=analysis.decisions,
        diagnostics=diagnostics,
        aliased=sum(d.decision == "alias" for d in analysis.decisions),
        kept=sum(d.decision == "keep" for d in analysis.decisions),
        analysis_seconds=time.perf_counter() - started,
        iterations=analysis.iterations,
    )


# -- which form -----------------------------------------------------------------------------


def _keep_unrepresentable(analysis: Analysis) -> None:
    """Downgrade to *keep* every safe slice whose alias would need a subview of storage IREE
    may free (see the module docstring): safety is not enough, the alias must survive."""
    for op, decision in zip(analysis.ops, analysis.decisions):
        if decision.decision != "alias" or op.name != "stream.async.slice":
            continue
        needs = [use.owner for use in op.results[0].uses if not _foldable(use)]
        source_type = str(op.opview.source.type)
        if needs and not source_type.startswith(PERSISTENT_LIFETIMES):
            user = getattr(needs[0], "operation", needs[0]).name
            decision.decision = "keep"
            decision.reason = (
                f"safe to alias, but {user} needs the alias as a value: a stream.resource.subview of "
                f"{source_type} storage, which IREE 3.13 may free before the subview is read"
            )


def _foldable(use: ir.OpOperand) -> bool:
    """Can this use read the source directly, at shifted offsets?"""
    owner = getattr(use.owner, "operation", use.owner)
    view = owner.opview
    if owner.name == "stream.async.dispatch":
        return True  # a read-only operand (the analysis rejects tied uses)
    if owner.name in SOURCE_OPERANDS:
        return use.operand_number == SOURCE_OPERANDS[owner.name]["source"]
    if owner.name == "stream.async.update":
        return use.operand_number == UPDATE_SOURCE_OPERAND and view.target != view.update
    return False


# -- applying -------------------------------------------------------------------------------


def _replace_with_alias(op: ir.Operation) -> None:
    view = op.opview
    if op.name == "stream.async.transfer":
        op.results[0].replace_all_uses_with(view.source)
        op.erase()
        return
    alias = _Alias(view.source, view.source_size, view.source_offset)
    remaining = []
    for use in list(op.results[0].uses):
        if _foldable(use):
            _fold_into(use, alias)
        else:
            remaining.append(use)
    if remaining:
        with op.location, ir.InsertionPoint(op):
            sub = stream.ResourceSubviewOp(
                view.source, view.source_size, view.source_offset, view.result_size, results=[view.result.type]
            )
        op.results[0].replace_all_uses_with(sub.result)
    op.erase()


@dataclass
class _Alias:
    """The bytes a slice result stands for: ``source[offset, offset + length)``."""

    source: ir.Value
    size: ir.Value
    offset: ir.Value

    def shifted(self, value: ir.Value, before: ir.Operation) -> ir.Value:
        """``offset + value`` as a new index value, built right before ``before``."""
        if _is_zero(self.offset):
            return value
        if _is_zero(value):
            return self.offset
        with before.location, ir.InsertionPoint(before):
            return arith.AddIOp(self.offset, value).result


def _fold_into(use: ir.OpOperand, alias: _Alias) -> None:
    owner = getattr(use.owner, "operation", use.owner)
    view = owner.opview
    if owner.name == "stream.async.dispatch":
        _fold_into_dispatch(owner, use.operand_number, alias)
    elif owner.name in SOURCE_OPERANDS:
        slots = SOURCE_OPERANDS[owner.name]
        shifted = {name: alias.shifted(owner.operands[slots[name]], owner) for name in ("source_offset", "source_end") if name in slots}
        owner.operands[slots["source"]] = alias.source
        owner.operands[slots["source_size"]] = alias.size
        for name, value in shifted.items():
            owner.operands[slots[name]] = value
    elif owner.name == "stream.async.update":
        _update_to_copy(owner, alias)


def _fold_into_dispatch(op: ir.Operation, operand_number: int, alias: _Alias) -> None:
    """Operand ``operand_number`` of the dispatch reads the alias: read the source instead.

    Offsets, ends and sizes of a dispatch are indexed by *resource* position among its
    ``resource_operands`` (which also hold index operands). Operands are addressed by absolute
    position from ``operandSegmentSizes``: the bindings' segment lists do not assign in place."""
    segments = list(op.attributes["operandSegmentSizes"])
    starts = [sum(segments[:i]) for i in range(len(segments))]
    workload, operands_seg, sizes_seg, offsets_seg, ends_seg = 0, 1, 2, 3, 4
    del workload
    first = starts[operands_seg]
    k = sum(1 for i in range(first, operand_number) if is_resource(op.operands[i]))
    offset_at, end_at, size_at = starts[offsets_seg] + k, starts[ends_seg] + k, starts[sizes_seg] + k
    new_offset = alias.shifted(op.operands[offset_at], op)
    new_end = alias.shifted(op.operands[end_at], op)
    op.operands[operand_number] = alias.source
    op.operands[offset_at] = new_offset
    op.operands[end_at] = new_end
    op.operands[size_at] = alias.size


def _update_to_copy(op: ir.Operation, alias: _Alias) -> None:
    """``update %r, %t[a to b]`` writes all of ``%r``: the same as copying ``%r``'s bytes of the
    source, ``copy %src[o to o+n], %t[a to b], n``."""
    view = op.opview
    length = view.update_size
    with op.location, ir.InsertionPoint(op):
        end = alias.shifted(length, op)
        copy = stream.AsyncCopyOp(
            view.target, view.target_size, view.target_offset, view.target_end,
            alias.source, alias.size, alias.offset, end, length,
            affinity=view.affinity, results=[view.result.type],
        )
    op.results[0].replace_all_uses_with(copy.result)
    op.erase()


def _is_zero(value: ir.Value) -> bool:
    owner = value.owner
    op = getattr(owner, "operation", owner)
    if not isinstance(op, ir.Operation) or op.name != "arith.constant":
        return False
    attr = op.attributes["value"]
    return isinstance(attr, ir.IntegerAttr) and attr.value == 0
