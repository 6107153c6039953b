"""The model is the IR as it is: building one asks no solver.

What IREE makes of the module after the splice (which producers its CSE merges, which results
its canonicalizer folds: ``stream_model.postsplice``) is a prediction z3 helps decide; it is
computed from a model, never while one is built. So a tool that only reads the IR (the schedule
check, the rewriter's planning) pays for no query, and a model is the same object whatever the
analysis later asks of it.

(The package ``stream_model`` imports z3 when it is imported: its public names include the rule.
So the check is on calls, not imports: nothing of z3, and nothing of ``symbolic/proofs.py``,
runs while a ``ModuleModel`` is built.)
"""

from __future__ import annotations

import os
import sys
from types import FrameType
from typing import Any

import z3

import stream_model.symbolic.proofs as proofs
from benchmarks.ir_cases import cases
from stream_model import ModuleModel, SliceElisionError, parse_module
from stream_model.postsplice import PostSplice

#: The code that asks a solver: z3's Python API and the model's proofs.
SOLVER_CODE = (os.path.dirname(z3.__file__) + os.sep, proofs.__file__)


def _solver_calls_while_building(text: str) -> tuple[list[str], ModuleModel | None]:
    """The solver functions that ran while a model of ``text`` was built (parsing aside), and
    the model (None where the module is refused: another phase)."""
    module = parse_module(text).module
    calls: list[str] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(SOLVER_CODE):
            calls.append(f"{frame.f_code.co_filename}:{frame.f_code.co_name}")

    model = None
    sys.setprofile(profile)
    try:
        model = ModuleModel(module, text)
    except SliceElisionError:
        pass
    finally:
        sys.setprofile(None)
    return calls, model


def test_building_a_model_of_any_ir_case_asks_no_solver() -> None:
    built = 0
    for name, _, chunk in cases():
        calls, model = _solver_calls_while_building(chunk)
        assert calls == [], f"{name}: building the model called {sorted(set(calls))[:5]}"
        built += model is not None
    assert built >= 20


#: Two dispatches whose operands differ by a product of a public argument: whether IREE may make
#: them one value is a question for the solver.
_SCALED_PAIR = """
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @iota workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @iota(%n: index, %out: !stream.binding) {
        return
      }
    }
  }
  util.func public @f(%x: index) {
    %c4 = arith.constant 4 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %x4 = arith.muli %x, %c4 : index
    %a = stream.async.dispatch @ex::@iota[%x4](%x4) : (index) -> !stream.resource<transient>{%c48}
    %b = stream.async.dispatch @ex::@iota[%c64](%c64) : (index) -> !stream.resource<transient>{%c48}
    util.return
  }
}
"""


def test_the_watch_sees_the_solver_where_the_post_splice_facts_are_worked_out() -> None:
    calls, model = _solver_calls_while_building(_SCALED_PAIR)
    assert calls == [] and model is not None
    seen: list[str] = []

    def profile(frame: FrameType, event: str, arg: Any) -> None:
        if event == "call" and frame.f_code.co_filename.startswith(SOLVER_CODE):
            seen.append(frame.f_code.co_name)

    sys.setprofile(profile)
    try:
        post_splice = PostSplice.of(model)
    finally:
        sys.setprofile(None)
    assert seen and post_splice.merged_producers == ()
