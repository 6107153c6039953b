"""Storage that comes in through a function's arguments: are the callers' writes ordered?

A slice of storage the caller passed in is an alias only if no caller can write that storage
while the call runs. That is a property of every call site, and of the callers' own arguments
in turn (recursion), so it is a DFX element, :class:`ArgumentStable`, computed to a fixpoint
in its own phase before any slice is decided (:func:`argument_stability`). The slice rule then
reads only settled answers: an element still optimistic can never justify an alias.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import cast

from iree.compiler import ir

from dfx import AbstractElement, BooleanState, ChangeStatus, Solver, SolverResult

from ..model.program import FunctionModel, OpInfo
from ..semantics.op_table import callee_name, is_resource
from ..semantics.ops import GLOBAL_LOAD, UTIL_CALL, UTIL_RETURN
from .calls import reads_done_before_return
from .positions import ArgumentOf, GlobalSeenBy, StoragePosition
from .resolved import Resolved
from .write_set import writes_to_storage_of

#: Why an argument is unstable when the fixpoint was cut short before deciding it.
CAPPED = "the fixed-point iteration reached its cap before proving the callers' writes ordered"


class ArgumentStable(AbstractElement[BooleanState]):
    """No write to some storage can happen while a call of ``f`` runs (position:
    :class:`.ArgumentOf` ``f``'s argument, or :class:`.GlobalSeenBy` ``f``, a global's buffer).

    Holds when, at each call site of ``f``, every write in the caller to that storage (the
    call's operand, or the global) is ordered before the call or after it (depending on a
    result that the callee produces only after its reads), and the same holds one level up
    for the caller's own callers where the storage comes in through the caller's argument or
    is the same global (a dependence on another element: recursion converges optimistically).
    For an argument, ``f`` must also be internal (every caller visible); a global of the module
    is written only by the module's own code, so a public ``f`` needs only its visible callers
    checked (invocations of the module from outside do not overlap).
    """

    why: str = ""

    def create_state(self) -> BooleanState:
        return BooleanState()

    def update(self, solver: Solver[Resolved]) -> ChangeStatus:
        resolved = solver.context
        position = cast(StoragePosition, self.position)
        why = _argument_unstable(solver, resolved, resolved.model.function(position.function), position)
        if why is None:
            return ChangeStatus.UNCHANGED
        self.why = why
        return self.indicate_pessimistic_fixpoint()

    def describe(self) -> str:
        return f"ArgumentStable {self.position}: {self.state.assumed}"


@dataclass(frozen=True)
class Stability:
    """The settled answer for one argument: stable or not, and why not."""

    stable: bool
    why: str = ""


class ArgumentStability:
    """Phase 2's result: argument stability of every function that holds a copy candidate,
    settled. Asking about an argument the phase did not settle answers *unstable*."""

    def __init__(self, solver: Solver[Resolved], result: SolverResult) -> None:
        self._solver = solver
        self.result = result

    def of(self, position: StoragePosition) -> Stability:
        element = self._solver.lookup(ArgumentStable, position)
        if element is None or not element.is_at_fixpoint():
            return Stability(False, "the model did not settle whether the callers' writes are ordered")
        if element.state.assumed:
            return Stability(True)
        return Stability(False, element.why or CAPPED)


def argument_stability(
    resolved: Resolved, positions: list[StoragePosition], max_iterations: int | None
) -> ArgumentStability:
    """Run :class:`ArgumentStable` for each position to a fixpoint."""
    solver = Solver(resolved)
    for position in positions:
        solver.get_element(ArgumentStable, position)
    result = solver.run(max_iterations) if max_iterations is not None else solver.run()
    return ArgumentStability(solver, result)


def _late_reads(resolved: Resolved, call: OpInfo, subject: StoragePosition) -> bool:
    """May the call still read the subject's storage after its results are ready? For an
    argument: its callee's summary says (``late_reads``). For a global: yes unless the callee
    reads it only in its own body (no function it calls loads the global) and every such read
    finishes before each result it returns, or it is read only through the call's operands."""
    if isinstance(subject, ArgumentOf):
        return bool(resolved.effects(call).late_reads)
    key = "@" + subject.symbol
    if any(
        resolved.storage.same_base(v, key) or resolved.storage.may_alias(v, key)
        for v in resolved.effects(call).late_reads
    ):
        return True
    callee = resolved.model.function(callee_name(call.op))
    if callee is None:
        return True
    if _callees_may_load(resolved, callee, subject.symbol):
        return True
    returns = [i.op for i in callee.ops if i.name == UTIL_RETURN]
    effects = [(i.op, resolved.effects(i)) for i in callee.ops]
    return not reads_done_before_return(callee, resolved.storage, key, returns, effects)


def _loads_global(fn: FunctionModel, name: str) -> bool:
    return any(
        i.name == GLOBAL_LOAD and str(ir.FlatSymbolRefAttr(i.op.attributes["global"]).value) == name for i in fn.ops
    )


def _callees_may_load(resolved: Resolved, fn: FunctionModel, name: str) -> bool:
    """May a function ``fn`` calls, directly or not, load global ``@name`` (a callee without a
    body may do anything)? Their reads are off the path the caller's analysis can see."""
    seen: set[str] = set()
    work = [fn]
    while work:
        for info in work.pop().ops:
            if info.name != UTIL_CALL:
                continue
            target = resolved.model.function(callee_name(info.op))
            if target is None:
                return True
            if target.name not in seen:
                seen.add(target.name)
                if _loads_global(target, name):
                    return True
                work.append(target)
    return False


def _argument_unstable(
    solver: Solver[Resolved], resolved: Resolved, fn: FunctionModel | None, subject: StoragePosition
) -> str | None:
    model, storage = resolved.model, resolved.storage
    if fn is None or (isinstance(subject, ArgumentOf) and not model.is_internal(fn)):
        return "the function has callers the model cannot see"
    for caller, call in model.call_sites(fn.name):
        operand = call.op.operands[subject.index] if isinstance(subject, ArgumentOf) else "@" + subject.symbol
        if call.in_loop or not call.top_level:
            return f"call {model.names.describe(call.op)} in @{caller.name} is inside a region"
        for w, _ in writes_to_storage_of(resolved, caller, operand):
            if w is call:
                continue  # the call's own writes are the callee's, checked inside the callee
            if caller.happens_before(w, call):
                continue
            if caller.happens_before(call, w) and not _late_reads(resolved, call, subject):
                continue
            return (
                f"{model.names.describe(w.op)} in @{caller.name} may write it while "
                f"{model.names.describe(call.op)} runs"
            )
        if (
            isinstance(subject, GlobalSeenBy)
            and not solver.get_element(ArgumentStable, GlobalSeenBy(caller.name, subject.symbol)).state.assumed
        ):
            return f"@{caller.name}'s callers may write it while {model.names.describe(call.op)} runs"
        cargs = list(caller.arguments)
        for j, a in enumerate(cargs):
            if is_resource(a) and (storage.same_base(a, operand) or storage.may_alias(a, operand)):
                if not solver.get_element(ArgumentStable, ArgumentOf(caller.name, j)).state.assumed:
                    return f"it comes from argument {model.names.name(a)} of @{caller.name}, which is not stable"
    return None
