"""Walks that skip a nested region must walk in pre-order: MLIR's default walk is post-order,
where an op's body has been visited before the op, so skipping it comes too late (a nested
module's symbol uses counted as the outer module's; a kernel's tensors taken for host code)."""

from __future__ import annotations

from iree.compiler import ir

from rewriter.pipeline.common import new_context
from stream_model.ir.util import survey, symbol_uses
from stream_model.semantics.phase import Phase, classify_phase

NESTED = """
module {
  util.global private mutable @g : index
  builtin.module @inner {
    util.global private mutable @g : index
    util.func private @set(%v: index) {
      util.global.store %v, @g : index
      util.return
    }
  }
  util.func public @main() -> index {
    %0 = util.global.load @g : index
    util.return %0 : index
  }
}
"""

KERNEL_ONLY = """
module {
  stream.executable private @ex {
    stream.executable.export public @k workgroups() -> (index, index, index) {
      %c1 = arith.constant 1 : index
      stream.return %c1, %c1, %c1 : index, index, index
    }
    builtin.module {
      func.func @k() {
        %0 = tensor.empty() : tensor<4xf32>
        return
      }
    }
  }
  util.func public @main(%n: index) -> index {
    util.return %n : index
  }
}
"""


def test_a_nested_modules_uses_of_a_name_are_not_the_outer_modules() -> None:
    """The inner ``@g`` is another global, and ``@set`` another module's function: their ops are
    no uses of the outer module's names."""
    with new_context():
        module = ir.Module.parse(NESTED)
        uses = symbol_uses(module)
    assert [op.name for op in uses["g"]] == ["util.global.load"]
    assert "set" not in uses


def test_tensors_inside_a_kernel_do_not_make_host_code_frontend_ir() -> None:
    with new_context():
        module = ir.Module.parse(KERNEL_ONLY)
        assert classify_phase(module).phase is Phase.NOT_STREAM


def test_one_survey_gives_the_phase_every_op_name_and_the_outer_modules_symbol_uses() -> None:
    """The model walks a module once for both: the names include the nested module's and the
    kernel's ops (the phase reads device code too), the uses stay the outer module's."""
    for text in (NESTED, KERNEL_ONLY):
        with new_context():
            module = ir.Module.parse(text)
            names, uses = survey(module)
            assert names == _every_op_name(module)
            assert uses == symbol_uses(module)
            assert classify_phase(module, names) == classify_phase(module)


def _every_op_name(module: ir.Module) -> set[str]:
    every: set[str] = set()
    module.operation.walk(lambda op: every.add(op.name) or ir.WalkResult.ADVANCE)
    return every
