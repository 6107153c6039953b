"""Copy commands executed by one call of ``@step``, with byte counts evaluated at a context.

The copies themselves come from :func:`rewriter.measure.copy_commands`, which reads the IR
after ``iree-stream-schedule-allocation`` and follows ``util.call`` ops, so a copy inside a
non-inlined callee (the *call* form's ``stream.async.transfer`` of the prefix) counts once per
call site, with its length rewritten into the caller's symbols. This module adds what the
benchmark tables need on top:

* the name of ``@step``'s step argument in the IR, read from the module rather than assumed
  (it is ``arg1`` today because ``%x`` comes first);
* a split of the copies into two kinds, by one rule stated here because the tables rely on it:

  - **prefix copies**: the length depends on the step. In these programs those are exactly the
    copies that materialise a ``[0, step]`` cache prefix (the slices, and their transfers in
    the callee);
  - **fixed copies**: constant length, e.g. the 2 KiB new row written into the cache.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from iree.compiler import ir

from stream_model import parse_module
from stream_model.ir.naming import Names
from stream_model.ir.util import FUNCTION_OPS
from stream_model.symbolic.index_arith import evaluate, pretty
from stream_model.symbolic.ranges import IndexTranslator

from .measure import copy_commands

STEP_FUNCTION = "step"
#: Index of ``%step_i`` among ``@step``'s arguments (``(%x, %step_i)``).
STEP_ARGUMENT = 1


@dataclass(frozen=True)
class StepCopy:
    """One ``stream.cmd.copy`` executed by ``@step``, length in ``@step``'s symbols."""

    function: str  # where the op is: @step itself or a callee
    length: sympy.Expr
    prefix: bool  # the length depends on the step

    def bytes_at(self, step: int, symbol: str) -> int:
        return evaluate(self.length, {symbol: step})

    def to_json(self) -> dict:
        return {"function": self.function, "length": pretty(self.length), "prefix": self.prefix}


@dataclass(frozen=True)
class StepCopies:
    copies: tuple[StepCopy, ...]
    symbol: str  # the name of @step's step argument in the IR (e.g. "arg1")

    def bytes_at(self, step: int, prefix_only: bool = False) -> int:
        return sum(c.bytes_at(step, self.symbol) for c in self.copies if c.prefix or not prefix_only)

    @property
    def prefix_count(self) -> int:
        return sum(c.prefix for c in self.copies)

    def table(self, contexts: tuple[int, ...] | list[int]) -> dict[str, dict[str, int]]:
        """context -> {all, prefix} bytes per step (JSON keys are strings)."""
        return {str(n): {"all": self.bytes_at(n), "prefix": self.bytes_at(n, prefix_only=True)} for n in contexts}


def step_symbol(ir_text: str, function: str = STEP_FUNCTION, argument: int = STEP_ARGUMENT) -> sympy.Symbol:
    """The symbol the analysis' translator gives to ``function``'s ``argument``-th argument.

    The IR is after allocation, which the model does not describe (``ModuleModel`` refuses it):
    only the translator's naming is used, on the function's own argument."""
    loaded = parse_module(ir_text, "<after-allocation>")
    with loaded.context:
        fn = next(
            (
                op.operation
                for op in loaded.module.body.operations
                if op.operation.name in FUNCTION_OPS
                and "sym_name" in op.operation.attributes
                and ir.StringAttr(op.operation.attributes["sym_name"]).value == function
            ),
            None,
        )
        if fn is None:
            raise ValueError(f"no function @{function} in the module")
        arg = list(fn.regions[0].blocks[0].arguments)[argument]
        symbol = IndexTranslator(Names(loaded.module).name).expr(arg)
    if not isinstance(symbol, sympy.Symbol):
        raise ValueError(f"argument {argument} of @{function} is not a plain index symbol")
    return symbol


def step_copies(ir_text: str, function: str = STEP_FUNCTION, argument: int = STEP_ARGUMENT) -> StepCopies:
    """All copies executed by one call of ``function``, read from IR after allocation."""
    symbol = step_symbol(ir_text, function, argument)
    copies = tuple(
        StepCopy(c.function, sympy.sympify(c.length), symbol in sympy.sympify(c.length).free_symbols)
        for c in copy_commands(ir_text, function)
    )
    return StepCopies(copies, symbol.name)
