"""Copy commands and their bytes, read from IR after ``iree-stream-schedule-allocation``.

Every ``stream.cmd.copy`` left after allocation is a real device copy. Its length is an index
value; translated to a symbolic expression (the same translator the analysis uses) it can be
evaluated at any step, which is how we report "copy bytes per decode step" without running
anything. Parsed through the MLIR bindings, like everything else.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

import sympy
from iree.compiler import ir

from stream_model import parse_module
from stream_model.ir.naming import Names
from stream_model.ir.util import FUNCTION_OPS
from stream_model.symbolic.index_arith import evaluate, pretty
from stream_model.symbolic.ranges import IndexTranslator


@dataclass(frozen=True)
class CopyCommand:
    function: str
    length: sympy.Expr  # bytes, symbolic

    def bytes_at(self, env: Mapping[str, int]) -> int:
        return evaluate(self.length, dict(env))


def copy_commands(ir_text: str, function: str | None = None) -> list[CopyCommand]:
    """The ``stream.cmd.copy`` ops one call of ``function`` executes, with symbolic lengths.

    Copies in callees count once per call site (straight-line calls; lengths are rewritten
    from the callee's argument symbols to the caller's operands). With ``function=None``:
    every copy of the module once, as written.
    """
    loaded = parse_module(ir_text, "<after-allocation>")
    module = _AfterAllocation.of(loaded.module)
    if function is None:
        return [c for name in module.functions for c in _own_copies(module, name)]
    if function not in module.functions:
        return []
    return _copies_with_calls(module, function, {}, depth=0)


@dataclass(frozen=True)
class _AfterAllocation:
    """What counting copies needs of a module after allocation: its functions by name, and the
    analysis' translator for their index values (the model itself, ``ModuleModel``, describes
    stream-async IR and refuses this phase)."""

    functions: dict[str, ir.Operation]
    translator: IndexTranslator

    @staticmethod
    def of(module: ir.Module) -> _AfterAllocation:
        functions = {
            ir.StringAttr(op.operation.attributes["sym_name"]).value: op.operation
            for op in module.body.operations
            if op.operation.name in FUNCTION_OPS
            and "sym_name" in op.operation.attributes
            and len(op.operation.regions)
            and len(op.operation.regions[0].blocks)  # a declaration has no body to count
        }
        return _AfterAllocation(functions, IndexTranslator(Names(module).name))


def _own_copies(module: _AfterAllocation, name: str) -> list[CopyCommand]:
    return [
        CopyCommand(name, module.translator.expr(op.opview.length))
        for op in _walk(module.functions[name])
        if op.name == "stream.cmd.copy"
    ]


def _copies_with_calls(module: _AfterAllocation, name: str, subs: dict, depth: int) -> list[CopyCommand]:
    out = [CopyCommand(c.function, c.length.xreplace(subs)) for c in _own_copies(module, name)]
    if depth > 8:
        return out
    for op in _walk(module.functions[name]):
        if op.name != "util.call":
            continue
        callee = ir.FlatSymbolRefAttr(op.attributes["callee"]).value
        if callee not in module.functions:
            continue
        args = list(module.functions[callee].regions[0].blocks[0].arguments)
        inner = {}
        for arg, operand in zip(args, op.operands):
            if str(arg.type) == "index":
                inner[module.translator.expr(arg)] = module.translator.expr(operand).xreplace(subs)
        out.extend(_copies_with_calls(module, callee, inner, depth + 1))
    return out


def copy_bytes_per_step(copies: list[CopyCommand], symbol: str, step: int) -> int:
    return sum(c.bytes_at({symbol: step}) for c in copies)


def describe(copies: list[CopyCommand]) -> list[str]:
    return [pretty(c.length) for c in copies]


def _walk(op: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []

    def visit(o: ir.Operation) -> ir.WalkResult:
        found.append(o)
        return ir.WalkResult.ADVANCE

    op.walk(visit)
    return found
