"""One fact set of what IREE makes one buffer after the splice, computed from a model.

The model (:mod:`stream_model.model`) is the IR as it is. IREE's passes after the splice
(canonicalize and CSE, inside and across the execution regions it makes) may make two values
one buffer that the IR at the splice makes two: :class:`PostSplice` holds those predictions,
computed once per model wherever the analysis assembles its inputs
(:func:`stream_model.interproc.resolved.resolve_calls`), and read by the storage bases, the
callee summaries, the shared-globals check and the rewrite."""

from __future__ import annotations

from dataclasses import dataclass, field
from functools import cached_property

from iree.compiler import ir

from ..model.program import ModuleModel
from ..symbolic.ranges import IndexTranslator
from .capture_merges import CaptureMerge, capture_merges
from .merges import MergeFacts, fold_twins, folded_pairs, mergeable_pairs

__all__ = ["PostSplice"]

#: Two values of the module that IREE may make one value after the splice.
Pair = tuple[ir.Value, ir.Value]


@dataclass(frozen=True, eq=False)
class PostSplice:
    """What IREE makes of ``model``'s module after the splice.

    * ``folded_results``: results IREE's canonicalizer may fold into another value, with that
      value (:func:`~stream_model.postsplice.merges.folded_pairs`);
    * ``merged_producers``: producers' results IREE's CSE may merge into one value
      (:func:`~stream_model.postsplice.merges.mergeable_pairs`);
    * :attr:`fold_twins` and :attr:`capture_merges`, which only the rewrite asks for, are worked
      out when first asked.

    Build it with :meth:`of`. The scalars are translated with a translator of its own (its
    symbols name nothing in the logs)."""

    model: ModuleModel
    folded_results: tuple[Pair, ...]
    merged_producers: tuple[Pair, ...]
    #: What the passes read of each function's ops, read once for all of them.
    _facts: MergeFacts = field(repr=False)

    @classmethod
    def of(cls, model: ModuleModel) -> PostSplice:
        """The fact set of ``model``: its folds, then its merges (which take the folds as equal
        operands)."""
        translator = IndexTranslator(model.names.name)
        facts = MergeFacts(translator, model.opaque_to_iree, model.recorded_operands)
        functions = [(f.op, [i.op for i in f.ops]) for f in model.functions]
        folded = folded_pairs(functions, facts)
        merged = mergeable_pairs(functions, facts, folded)
        return cls(model, tuple(folded), tuple(merged), facts)

    @property
    def identities(self) -> list[Pair]:
        """Pairs of values IREE makes one buffer after the splice: merged producers and folded
        results."""
        return [*self.merged_producers, *self.folded_results]

    @cached_property
    def fold_twins(self) -> dict[ir.Value, ir.Value]:
        """Producers' results that folding aliases into consumers may make identical to another
        producer, with that producer's result (:func:`~stream_model.postsplice.merges.fold_twins`):
        the rewrite does not fold into them."""
        model = self.model

        def version_at(value: ir.Value, consumer: ir.Operation) -> ir.Value | None:
            return model.live_version_at(model.function_of(consumer), value, consumer)

        return fold_twins(
            ((f.op, [i.op for i in f.ops]) for f in model.functions),
            self._facts,
            version_at,
            self.folded_results,
            self.merged_producers,
        )

    @cached_property
    def capture_merges(self) -> dict[tuple[ir.Operation, int], CaptureMerge]:
        """Per (function op, block id) at the splice: a pair of producers of the block that IREE
        3.13's CSE may merge across a concurrent region's captures after scheduling, failing the
        compile (:mod:`stream_model.postsplice.capture_merges`); an alias must not change such a
        block."""
        return capture_merges(self.model.functions, self.merged_producers)
