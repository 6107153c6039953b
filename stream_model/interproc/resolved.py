"""Phase 1 of the analysis: what every op does, with each ``util.call`` resolved by its callee.

The model describes a call as "may read, write and keep anything it is given" (the op table
cannot see the callee). Callee summaries (:mod:`stream_model.interproc.calls`) are a DFX fixpoint over the call
graph; once settled they give each call precise effects, and the storage bases follow from the
effects (what a call returns may share its arguments' storage). :class:`Resolved` holds that
result next to the model, which stays exactly as it was built: the rest of the analysis reads
effects and storage from here, never from ``OpInfo.effects`` of a call.
"""

from __future__ import annotations

import functools
from dataclasses import dataclass, field

from iree.compiler import ir

from dfx import Solver, SolverResult

from ..model.program import FunctionModel, ModuleModel, OpInfo
from ..model.storage import Key, SharedGlobalStorage, StorageMap, build_storage_map, find_shared_global_storage
from ..postsplice import PostSplice
from ..semantics.op_table import Access, Kind, OpEffects, callee_name
from ..semantics.ops import UTIL_CALL
from .calls import CalleeSummary, call_effects


@dataclass
class Resolved:
    """The model, what IREE makes of it after the splice, every call's effects from its
    callee's settled summary, and the storage bases those effects imply."""

    model: ModuleModel
    post_splice: PostSplice
    calls: dict[ir.Operation, OpEffects]
    storage: StorageMap
    capped: frozenset[str]  # callees whose summary the iteration cap cut short (TOP)
    result: SolverResult
    _writes: dict[str, WritesIndex] = field(default_factory=dict)

    @functools.cached_property
    def shared_globals(self) -> list[SharedGlobalStorage]:
        """Globals (one mutable at least) that end up holding one buffer: one value stored to
        several, through calls as their summaries say (a callee returning its argument), or
        producers IREE merges after the splice (:func:`stream_model.model.storage.find_shared_global_storage`)."""
        effects = [(i.op, self.effects(i)) for f in self.model.functions for i in f.ops]
        model = self.model
        return find_shared_global_storage(
            effects, model.storage_context, self.post_splice.merged_producers, self.post_splice.folded_results
        )

    @functools.cached_property
    def resource_globals(self) -> frozenset[str]:
        """The module's resource globals (the only ones that hold storage)."""
        return frozenset(g for g, info in self.model.globals.items() if info.is_resource)

    def effects(self, info: OpInfo) -> OpEffects:
        """``info``'s effects, a call's from its callee's summary."""
        return self.calls.get(info.op, info.effects) if self.calls else info.effects

    def writes_index(self, fn: FunctionModel) -> WritesIndex:
        """The writes of ``fn`` grouped by storage base (built on first use)."""
        found = self._writes.get(fn.name)
        if found is None:
            found = self._writes[fn.name] = WritesIndex.build(self, fn)
        return found


@dataclass
class WritesIndex:
    """Every write of one function, grouped so a slice finds the ones that matter quickly:
    by storage base, the external ones, and the ops that may write globals besides their
    accesses (calls). Without it each slice would scan the whole function."""

    by_base: dict[Key, list[tuple[OpInfo, Access]]]
    external: list[tuple[Key, OpInfo, Access]]  # writes to external bases
    global_writers: list[OpInfo]  # ops with writes_globals (None or non-empty)
    exposed: list[Key]  # written bases that hold an argument or something arriving mid-call

    @staticmethod
    def build(resolved: Resolved, fn: FunctionModel) -> WritesIndex:
        storage = resolved.storage
        by_base: dict[Key, list[tuple[OpInfo, Access]]] = {}
        external: list[tuple[Key, OpInfo, Access]] = []
        writers: list[OpInfo] = []
        for info in fn.ops:
            fx = resolved.effects(info)
            for acc in fx.accesses:
                if acc.kind is not Kind.WRITE:
                    continue
                base = storage.find(acc.value)
                by_base.setdefault(base, []).append((info, acc))
                if storage.is_external(acc.value):
                    external.append((base, info, acc))
            if fx.writes_globals is None or fx.writes_globals:
                writers.append(info)
        return WritesIndex(by_base, external, writers, [b for b in by_base if storage.exposed(b)])


def resolve_calls(
    model: ModuleModel, max_iterations: int | None = None, post_splice: PostSplice | None = None
) -> Resolved:
    """Callee summaries to a fixpoint, then each call's effects and the storage bases.
    ``post_splice``: what IREE makes of ``model`` after the splice, when the caller has it
    (else computed here: :meth:`PostSplice.of <stream_model.postsplice.PostSplice.of>`).

    If the iteration cap cuts the fixpoint short, the affected summaries are forced to TOP
    (reads and writes everything) by the solver: the sound answer."""
    if post_splice is None:
        post_splice = PostSplice.of(model)
    elif post_splice.model is not model:
        raise ValueError("post_splice was computed from another model")
    solver = Solver(post_splice)
    calls = [info.op for fn in model.functions for info in fn.ops if info.name == UTIL_CALL]
    for op in calls:
        solver.get_element(CalleeSummary, callee_name(op))
    result = solver.run(max_iterations) if max_iterations is not None else solver.run()
    pessimised = set(map(id, result.pessimised))
    capped = frozenset(
        str(e.position) for e in solver.elements() if isinstance(e, CalleeSummary) and id(e) in pessimised
    )
    effects = {op: call_effects(op, solver.get_element(CalleeSummary, callee_name(op)).state.assumed) for op in calls}
    resolved_effects = [
        (i.op, effects.get(i.op, i.effects) if effects else i.effects) for f in model.functions for i in f.ops
    ]
    storage = build_storage_map(
        resolved_effects, model.storage_context, model.resource_arguments, merged=post_splice.identities
    )
    return Resolved(model, post_splice, effects, storage, capped, result)
