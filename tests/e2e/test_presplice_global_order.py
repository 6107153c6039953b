"""A fault class the schedule of IREE's build cannot show: IREE 3.13 reorders a global's load
and store before flow level, where ``iree-util-simplify-global-accesses`` moves loads and stores
across ops with regions without looking into them. Plain ``iree-compile`` computes wrong values
on each program here. ``slice-elision compile`` compares the user's input with the module at
the splice (``stream_model.schedule.global_order.check_input_order``, beside HAL/VM) and refuses,
naming the global.

Each program has two tests: IREE's fault (plain ``iree-compile``'s value, pinned 3.13), and the
tool's promise: it computes the program's value or refuses with a hazard naming the global.
"""

from __future__ import annotations

import subprocess
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest
from iree import runtime as rt

from rewriter.cli.entry import main
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from rewriter.pipeline.common import tool

pytestmark = pytest.mark.e2e
DATA = Path(__file__).resolve().parents[1] / "data" / "presplice_global_order"
FLAGS = list(DEFAULT_CPU_FLAGS)
ONE, TWO = np.full(4, 1, np.float32), np.full(4, 2, np.float32)


def _loop(m: object) -> float:
    return float(np.asarray(m.step(ONE, 3))[0])  # type: ignore[attr-defined]


def _reset(m: object) -> float:
    return float(np.asarray(m.step(ONE, 1))[0])  # type: ignore[attr-defined]


def _beside_a_cf_arm(m: object) -> float:
    return float(np.asarray(m.step(TWO, 1, 1))[0])  # type: ignore[attr-defined]


def _inlined(m: object) -> float:
    m.step(TWO, 1)  # type: ignore[attr-defined]
    return float(np.asarray(m.get())[0])  # type: ignore[attr-defined]


#: A program: its file, its module's name, what to run, its value, plain iree-compile's value.
Case = tuple[str, str, Callable[[object], float], float, float]
CASES: list[Case] = [
    ("load_after_a_loop_that_stores_it.mlir", "loop", _loop, 4.0, 1.0),
    ("load_after_a_reset_stored_in_an_if.mlir", "reset", _reset, 4.0, 2.0),
    ("inlined_store_then_an_if_that_reads_it.mlir", "inlined", _inlined, 6.0, 3.0),
    ("inlined_store_then_an_if_beside_a_cf_arm.mlir", "inl", _beside_a_cf_arm, 6.0, 3.0),
]
IDS = [c[1] for c in CASES]


def _value(vmfb: Path, name: str, run: Callable[[object], float]) -> float:
    config = rt.Config("local-sync")
    module = rt.VmModule.mmap(config.vm_instance, str(vmfb))
    context = rt.SystemContext(vm_modules=[module], config=config)
    return run(getattr(context.modules, name))


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_plain_iree_compile_reads_the_global_before_the_store_it_moved_past(case: Case, tmp_path: Path) -> None:
    file, name, run, _, wrong = case
    out = tmp_path / "stock.vmfb"
    subprocess.run([tool("iree-compile"), *FLAGS, str(DATA / file), "-o", str(out)], check=True, capture_output=True)
    assert _value(out, name, run) == wrong


@pytest.mark.parametrize("case", CASES, ids=IDS)
def test_compile_computes_the_programs_value_or_refuses_naming_the_global(
    case: Case, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    file, name, run, right, _ = case
    out = tmp_path / "tool.vmfb"
    try:
        code = main(["compile", str(DATA / file), "-o", str(out), *FLAGS])
    except SystemExit as refused:
        code = refused.code
    if code != 0:
        err = capsys.readouterr().err
        assert "IREE's stages before the splice reordered" in err and "@k" in err and not out.exists()
        return
    assert _value(out, name, run) == right
