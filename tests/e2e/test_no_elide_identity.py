"""``compile --no-elide`` is ``iree-compile`` with the same flags, byte for byte, with IREE's
default flags (llvm-cpu debug symbols on): the stream phase's hand-over to HAL and VM keeps every
location IREE keeps, block arguments' included, so even the executables' debug line tables are
IREE's own."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

import pytest
from iree.compiler import ir

from rewriter.pipeline import DEFAULT_CPU_FLAGS, run_from_splice, run_to_splice
from rewriter.pipeline.common import new_context, tool, write_ir

pytestmark = pytest.mark.e2e
SCRIPT = str(Path(sys.executable).parent / "slice-elision")
REPO = Path(__file__).resolve().parents[2]
FLOW_STEP = REPO / "tests" / "data" / "flow_decode_step_loop.mlir"
FLAGS = list(DEFAULT_CPU_FLAGS)


def _locations(module: ir.Module) -> list[str]:
    """Every op's and every block argument's location, in walk order."""
    found: list[str] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        found.append(f"{op.name} {op.location}")
        for region in op.regions:
            for block in region.blocks:
                found.extend(f"{op.name} arg {arg.location}" for arg in block.arguments)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def test_no_elide_is_byte_identical_for_a_flow_level_decode_step(tmp_path: Path) -> None:
    ref, out = tmp_path / "ref.vmfb", tmp_path / "out.vmfb"
    subprocess.run([tool("iree-compile"), *FLAGS, str(FLOW_STEP), "-o", str(ref)], check=True)
    proc = subprocess.run(
        [SCRIPT, "compile", str(FLOW_STEP), "-o", str(out), "--no-elide", *FLAGS], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert out.read_bytes() == ref.read_bytes()


def test_no_elide_is_byte_identical_for_a_global_stored_in_an_arm(tmp_path: Path) -> None:
    """With ``--no-elide`` nothing is kept out of IREE's global fusion (the shared-globals repair
    does not run), and a module storing a global in an arm builds as iree-compile builds it."""
    src = REPO / "tests" / "data" / "global_updated_in_an_arm_beside_another.mlir"
    ref, out = tmp_path / "ref.vmfb", tmp_path / "out.vmfb"
    subprocess.run([tool("iree-compile"), *FLAGS, str(src), "-o", str(ref)], check=True)
    proc = subprocess.run(
        [SCRIPT, "compile", str(src), "-o", str(out), "--no-elide", *FLAGS], capture_output=True, text=True
    )
    assert proc.returncode == 0, proc.stderr
    assert "iree-util-fuse-globals" not in proc.stderr
    assert out.read_bytes() == ref.read_bytes()


def test_no_elide_gives_iree_s_own_executable_intermediates(tmp_path: Path) -> None:
    """The LLVM IR of each executable, debug locations included, is IREE's: the loop's phi
    carries the location of the scf.for iteration argument, from the user's file."""
    ref_dir, our_dir = tmp_path / "ref", tmp_path / "ours"
    dump = "--iree-hal-dump-executable-intermediates-to="
    subprocess.run(
        [tool("iree-compile"), *FLAGS, dump + str(ref_dir), str(FLOW_STEP), "-o", str(tmp_path / "ref.vmfb")],
        check=True,
    )
    proc = subprocess.run(
        [
            SCRIPT,
            "compile",
            str(FLOW_STEP),
            "-o",
            str(tmp_path / "out.vmfb"),
            "--no-elide",
            *FLAGS,
            dump + str(our_dir),
        ],
        capture_output=True,
        text=True,
    )
    assert proc.returncode == 0, proc.stderr
    names = sorted(p.name for p in ref_dir.iterdir())
    assert any(n.endswith(".optimized.ll") for n in names)
    assert sorted(p.name for p in our_dir.iterdir()) == names
    assert [n for n in names if (ref_dir / n).read_bytes() != (our_dir / n).read_bytes()] == []


def test_the_text_handed_to_iree_keeps_every_location(tmp_path: Path) -> None:
    """Ops and block arguments alike, also where the op prints its block arguments itself
    (util.func arguments, stream.cmd.execute captures, scf.for induction variables)."""
    flow = tmp_path / "flow.mlirbc"
    subprocess.run(
        [tool("iree-compile"), *FLAGS, "--compile-to=flow", "--emit-mlir-bytecode", str(FLOW_STEP), "-o", str(flow)],
        check=True,
    )
    context = new_context()
    module = run_from_splice(run_to_splice(ir.Module.parse(flow.read_bytes(), context), FLAGS), FLAGS)
    write_ir(module, tmp_path / "stream.mlir")
    again = ir.Module.parse((tmp_path / "stream.mlir").read_text(), new_context())
    expected = _locations(module)
    assert any(" arg " in loc and "flow_decode_step_loop.mlir" in loc for loc in expected if loc.startswith("scf.for"))
    assert _locations(again) == expected
