"""What would make a kept copy an alias: a ``util.assume.int`` bound, checked by the analysis.

A copy kept for an overlapping write comes with z3's counterexample, e.g. ``step_in=4096``.
When a counterexample value is an argument of the function, bounding that argument below it
may make the write and the slice disjoint for every value left: the proof is run again on a
copy of the module whose function starts with ``util.assume.int %arg<umin = 0, umax = N>`` in
place of the argument, with ``N`` one below the counterexample. When that proof holds, the
bound is the suggestion (the largest one below the counterexample: any larger admits it); when
it fails with a smaller counterexample for the same argument, that one is tried next, a few
rounds at most. A suggestion is never a guess: it is what the analysis proved with the bound.
Whether the bound is true of the program is the user's to say (IREE trusts the assumption).
"""

from __future__ import annotations

from collections.abc import Callable, Sequence

from iree.compiler import ir

from stream_model import Decision, ReasonCode, SliceDecision
from stream_model.ir.util import nested_ops
from stream_model.semantics import ops

__all__ = ["bound_suggestions"]

#: Analyses run per kept copy at most, and per module at most (each is a full analysis).
ROUNDS_PER_COPY = 4
ROUNDS_PER_MODULE = 24


def bound_suggestions(
    module: ir.Module,
    decisions: Sequence[SliceDecision],
    analyse: Callable[[ir.Module], Sequence[SliceDecision]],
) -> dict[int, str]:
    """Suggestions by decision index, for ``decisions`` of the *unrewritten* ``module``
    (made by ``analyse(module)``; ``analyse`` decides a copy of it the same way). The module is
    left as it is: every trial is made on a copy."""
    from ..pipeline.c_api import clone_module

    ops = list(nested_ops(module.operation))
    out: dict[int, str] = {}
    budget = ROUNDS_PER_MODULE
    for index, d in enumerate(decisions):
        if d.reason_code is not ReasonCode.OVERLAPPING_WRITE or not d.counterexample_arguments or d.op is None:
            continue
        position = ops.index(d.op) if d.op in ops else None
        if position is None:
            continue
        counterexample = dict(d.counterexample or {})
        for _ in range(ROUNDS_PER_COPY):
            if budget <= 0:
                return out
            symbol = next((s for s in d.counterexample_arguments if counterexample.get(s, 0) > 0), None)
            if symbol is None:
                break
            bound = counterexample[symbol] - 1
            trial = clone_module(module)
            _assume(list(nested_ops(trial.operation))[position], d.counterexample_arguments[symbol], bound)
            budget -= 1
            again = analyse(trial)[index]
            if again.decision is Decision.ALIAS:
                out[index] = (
                    f"with util.assume.int %{symbol}<umin = 0, umax = {bound}> : index in place of %{symbol} "
                    f"(a bound the program must guarantee), the write is proven disjoint and the copy becomes "
                    f"an alias (checked by running the analysis with it)"
                )
                break
            if again.reason_code is not ReasonCode.OVERLAPPING_WRITE or not again.counterexample:
                break
            if again.counterexample.get(symbol, bound + 1) > bound:
                break
            counterexample = dict(again.counterexample)
    return out


def _function_of(op: ir.Operation) -> ir.Operation:
    while op.name not in (ops.UTIL_FUNC, ops.FUNC_FUNC):
        op = op.parent
    return op


def _assume(copy_op: ir.Operation, argument: int, umax: int) -> None:
    """Make every use of ``argument`` of the function around ``copy_op`` read
    ``util.assume.int %arg<umin = 0, umax = umax>`` instead."""
    function = _function_of(copy_op)
    entry = function.regions[0].blocks[0]
    arg = entry.arguments[argument]
    with function.context, function.location, ir.InsertionPoint.at_block_begin(entry):
        assumption = ir.Attribute.parse(f"[[#util.int.assumption<umin = 0, umax = {umax}>]]")
        assumed = ir.Operation.create(
            ops.ASSUME_INT, results=[arg.type], operands=[arg], attributes={"assumptions": assumption}
        )
    arg.replace_all_uses_except(assumed.result, assumed)
