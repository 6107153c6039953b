"""Copy commands and their bytes, read from IR after ``iree-stream-schedule-allocation``.

Every ``stream.cmd.copy`` left after allocation is a real device copy. Its length is an index
value; translated to a symbolic expression (the same translator the analysis uses) it can be
evaluated at any step, which is how we report "copy bytes per decode step" without running
anything. Parsed through the MLIR bindings, like everything else.
"""

from __future__ import annotations

from dataclasses import dataclass
from typing import Mapping

import sympy
from iree.compiler import ir

from stream_model import ModuleModel, parse_module
from stream_model.symbolic import evaluate, pretty


@dataclass(frozen=True)
class CopyCommand:
    function: str
    length: sympy.Expr  # bytes, symbolic

    def bytes_at(self, env: Mapping[str, int]) -> int:
        return evaluate(self.length, dict(env))


def copy_commands(ir_text: str, function: str | None = None) -> list[CopyCommand]:
    """All ``stream.cmd.copy`` ops (optionally of one function) with symbolic lengths."""
    loaded = parse_module(ir_text, "<after-allocation>")
    model = ModuleModel(loaded.module)
    out: list[CopyCommand] = []
    for fn in model.functions:
        if function is not None and fn.name != function:
            continue
        for op in _walk(fn.op):
            if op.name == "stream.cmd.copy":
                out.append(CopyCommand(fn.name, model.translator.expr(op.opview.length)))
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
