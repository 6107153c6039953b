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

from dfx import AbstractElement, BooleanState, ChangeStatus, Solver, SolverResult

from .program import FunctionModel
from .resolved import Resolved
from .semantics import is_resource
from .write_set import writes_to_storage_of

#: Why an argument is unstable when the fixpoint was cut short before deciding it.
CAPPED = "the fixed-point iteration reached its cap before proving the callers' writes ordered"


class ArgumentStable(AbstractElement[BooleanState]):
    """No write to the storage behind argument ``i`` of function ``f`` can happen while a call
    of ``f`` runs (position: ``(f, i)``).

    Holds when ``f`` is internal (every caller visible) and, at each call site, every write in
    the caller to the operand's storage is ordered before the call or after it (depending on a
    result that the callee produces only after its reads of the argument), and, when the
    operand itself comes in through an argument of the caller, that argument is stable too
    (a dependence on another element: recursion converges optimistically).
    """

    why: str = ""

    def create_state(self) -> BooleanState:
        return BooleanState()

    def update(self, solver: Solver) -> ChangeStatus:
        resolved: Resolved = solver.context
        name, index = cast(tuple[str, int], self.position)
        why = _argument_unstable(solver, resolved, resolved.model.function(name), index)
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

    def __init__(self, solver: Solver, result: SolverResult) -> None:
        self._solver = solver
        self.result = result

    def of(self, function: str, index: int) -> Stability:
        element = self._solver.lookup(ArgumentStable, (function, index))
        if element is None or not element.is_at_fixpoint():
            return Stability(False, "the model did not settle whether the callers' writes are ordered")
        if element.state.assumed:
            return Stability(True)
        return Stability(False, element.why or CAPPED)


def argument_stability(
    resolved: Resolved, functions: list[FunctionModel], max_iterations: int | None
) -> ArgumentStability:
    """Run :class:`ArgumentStable` for every resource argument of ``functions`` to a fixpoint."""
    solver = Solver(resolved)
    for fn in functions:
        for i, arg in enumerate(fn.op.regions[0].blocks[0].arguments):
            if is_resource(arg):
                solver.get_element(ArgumentStable, (fn.name, i))
    result = solver.run(max_iterations) if max_iterations is not None else solver.run()
    return ArgumentStability(solver, result)


def _argument_unstable(solver: Solver, resolved: Resolved, fn: FunctionModel | None, index: int) -> str | None:
    model, storage = resolved.model, resolved.storage
    if fn is None or not model.is_internal(fn):
        return "the function has callers the model cannot see"
    for caller, call in model.call_sites(fn.name):
        operand = call.op.operands[index]
        if call.in_loop or not call.top_level:
            return f"call {model.names.describe(call.op)} in @{caller.name} is inside a region"
        for w, _ in writes_to_storage_of(resolved, caller, operand):
            if w is call:
                continue  # the call's own writes are the callee's, checked inside the callee
            if caller.happens_before(w, call):
                continue
            if caller.happens_before(call, w) and not resolved.effects(call).late_reads:
                continue
            return (
                f"{model.names.describe(w.op)} in @{caller.name} may write it while "
                f"{model.names.describe(call.op)} runs"
            )
        cargs = list(caller.op.regions[0].blocks[0].arguments)
        for j, a in enumerate(cargs):
            if is_resource(a) and (storage.same_base(a, operand) or storage.may_alias(a, operand)):
                if not solver.get_element(ArgumentStable, (caller.name, j)).state.assumed:
                    return f"it comes from argument {model.names.name(a)} of @{caller.name}, which is not stable"
    return None
