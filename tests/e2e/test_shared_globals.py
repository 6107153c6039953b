"""Mutable globals that IREE 3.13 makes share one buffer: reported, and repaired on request.

The program keeps two caches that both start as zeros, writes ``x`` into K and ``2x`` into V at
row ``step`` and returns K + V, so row ``s`` must be ``3 * (s + 1)``. IREE 3.13 merges the two
equal splat initialisers into one buffer, and the V write overwrites the K write.

Every repair shape is compiled through the rest of IREE's pipeline and run: the repaired build
must compute the value-semantics result, and a diagnostic says ``fixed`` only then. A repair
that cannot be made is an error that fails the command, with nothing written.
"""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest
from iree.compiler import ir

from rewriter.cli.entry import main
from rewriter.pipeline import (
    DEFAULT_CPU_FLAGS,
    compile_file,
    compile_scheduled,
    compile_stream_async,
    stream_ir_at_splice,
)
from rewriter.rewrite.elide import RewriteError, elide_slices
from rewriter.runtime import run_steps
from stream_model import ModuleModel, parse_module
from stream_model.interproc.resolved import resolve_calls

pytestmark = pytest.mark.e2e
PROGRAM = Path(__file__).resolve().parents[1] / "data" / "two_globals_equal_splats.mlir"
INPUTS = [[np.full((1, 4), s + 1, np.float32), s] for s in range(3)]
EXPECTED = np.array([[3.0] * 4, [6.0] * 4, [9.0] * 4] + [[0.0] * 4] * 13, np.float32)


def test_model_sees_two_globals_holding_one_buffer() -> None:
    model = ModuleModel(parse_module(stream_ir_at_splice(PROGRAM, DEFAULT_CPU_FLAGS)).module)
    (shared,) = resolve_calls(model).shared_globals
    assert shared.globals == ["k", "v"]
    assert len(shared.stores) == 1


def test_stock_iree_computes_the_wrong_answer(tmp_path: Path) -> None:
    """The upstream fault, reproduced: if this starts failing, IREE fixed it."""
    out = tmp_path / "stock.vmfb"
    compile_file(PROGRAM, out, DEFAULT_CPU_FLAGS)
    result = run_steps(out, "step", INPUTS)[-1][0]
    assert not np.array_equal(result, EXPECTED)


def test_compile_reports_and_repairs_shared_storage(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out, log = tmp_path / "fixed.vmfb", tmp_path / "log.jsonl"
    assert main(["compile", str(PROGRAM), "-o", str(out), "--log", str(log), *DEFAULT_CPU_FLAGS]) == 0
    err = capsys.readouterr().err
    assert "warning: globals @k, @v share one buffer" in err and "error" not in err
    (record,) = [json.loads(line) for line in log.read_text().splitlines()]
    assert record["diagnostic"] == "warning" and record["kind"] == "shared-global-storage" and record["fixed"]
    assert record["location"].startswith("two_globals_equal_splats.mlir:")
    assert record["position"]["file"].endswith("two_globals_equal_splats.mlir") and record["position"]["line"] > 0
    assert np.array_equal(run_steps(out, "step", INPUTS)[-1][0], EXPECTED)


def test_distinct_initial_values_are_not_reported() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "decode_step.mlir"
    model = ModuleModel(parse_module(stream_ir_at_splice(example, DEFAULT_CPU_FLAGS)).module)
    assert resolve_calls(model).shared_globals == []


# -- the shape a torch export has: four zero caches, a 0-d position, in-place row writes -------

FOUR_CACHES = Path(__file__).resolve().parents[1] / "data" / "four_caches_zero_init.mlir"
ROWS_X = [np.random.default_rng(1).integers(1, 5, (1, 1, 4, 8)).astype(np.float32) for _ in range(3)]
FOUR_INPUTS = [[x, np.array(s, dtype=np.int64)] for s, x in enumerate(ROWS_X)]
FOUR_EXPECTED = np.zeros((1, 32, 4, 8), np.float32)
for _s, _x in enumerate(ROWS_X):
    FOUR_EXPECTED[0, _s] = 10 * _x[0, 0]  # x + 2x + 3x + 4x written into the four caches


def test_stock_iree_computes_the_wrong_answer_for_four_zero_caches_in_torch_shape(tmp_path: Path) -> None:
    """Every cache write lands in one shared buffer: if this starts failing, IREE fixed it."""
    out = tmp_path / "stock.vmfb"
    compile_file(FOUR_CACHES, out, DEFAULT_CPU_FLAGS)
    assert not np.array_equal(run_steps(out, "step", FOUR_INPUTS)[-1][0], FOUR_EXPECTED)


def test_compile_repairs_four_zero_caches_in_torch_shape(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    out = tmp_path / "fixed.vmfb"
    assert main(["compile", str(FOUR_CACHES), "-o", str(out), *DEFAULT_CPU_FLAGS]) == 0
    assert "warning: globals @k0, @k1, @v0, @v1 share one buffer" in capsys.readouterr().err
    assert np.array_equal(run_steps(out, "step", FOUR_INPUTS)[-1][0], FOUR_EXPECTED)


# -- every repair shape, at the splice and after scheduling (third review, findings 03-06) ------

SHAPES = Path(__file__).resolve().parents[1] / "data" / "shared_globals"
IOTA_12 = [1000 + 7919 * i for i in range(12)]


@pytest.mark.parametrize(
    ("shape", "compile_", "expected"),
    [
        # One dispatch result stored to @A and @B: IREE would rematerialise and merge a clone.
        ("one_value_stored_to_two_globals", compile_stream_async, [IOTA_12]),
        # @A loaded after its store and stored to @B: the copy reads the stored value (a copy
        # of the loaded one makes a module IREE 3.13 cannot run).
        ("global_loaded_after_a_store_stored_again", compile_stream_async, [IOTA_12]),
        # Scheduled IR: the copy runs in an execution region of its own.
        ("scheduled_value_stored_to_two_globals", compile_scheduled, [IOTA_12]),
    ],
)
def test_repaired_module_computes_the_value_semantics_result(
    shape: str, compile_: object, expected: list[list[int]], tmp_path: Path
) -> None:
    text = (SHAPES / f"{shape}.mlir").read_text()
    reports = []
    out = tmp_path / "repaired.vmfb"
    compile_(text, out, list(DEFAULT_CPU_FLAGS), lambda m: reports.append(elide_slices(m, source=text)))  # type: ignore[operator]
    (diagnostic,) = reports[0].diagnostics
    assert diagnostic.severity == "warning" and diagnostic.fixed and "gave @B its own copy" in diagnostic.message
    assert [[x.tolist() for x in step][0] for step in run_steps(out, "f", [[]] * len(expected))] == expected


@pytest.mark.parametrize("shape", ["one_value_stored_to_two_globals", "global_loaded_after_a_store_stored_again"])
def test_stock_iree_computes_the_wrong_answer_for_a_shared_value(shape: str, tmp_path: Path) -> None:
    """The upstream fault the repair exists for: if this starts failing, IREE fixed it."""
    out = tmp_path / "stock.vmfb"
    compile_stream_async((SHAPES / f"{shape}.mlir").read_text(), out, list(DEFAULT_CPU_FLAGS))
    assert run_steps(out, "f", [[]])[0][0].tolist() != IOTA_12


def _with_call_before_the_load(body: str) -> str:
    """The loaded-after-store shape with ``util.call @touch()`` between the store and the load."""
    text = (SHAPES / "global_loaded_after_a_store_stored_again.mlir").read_text()
    return text.replace(
        "    %a = util.global.load @A", "    util.call @touch() : () -> ()\n    %a = util.global.load @A"
    ).replace(
        "  util.initializer {",
        f"  util.func private @touch() {{\n{body}    util.return\n  }}\n  util.initializer {{",
        1,
    )


def test_a_repair_that_cannot_be_made_fails_the_rewrite_and_writes_nothing(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """@A's buffer is loaded after a call that stores @A: no copy of it can run on IREE 3.13,
    and the stored value is not known: the rewrite refuses the module."""
    text = _with_call_before_the_load(
        "    %t = util.global.load @A : !stream.resource<variable>\n    util.global.store %t, @A : !stream.resource<variable>\n"
    )
    src, out, log = tmp_path / "in.mlir", tmp_path / "out.mlir", tmp_path / "log.jsonl"
    src.write_text(text)
    with pytest.raises(SystemExit) as exit_:
        main(["rewrite", str(src), "-o", str(out), "--log", str(log)])
    assert exit_.value.code == 1
    err = capsys.readouterr().err
    assert "error: globals @A, @B share one buffer" in err and "cannot give them their own copy" in err
    assert "loaded after util.call in @util.initializer may store it" in err
    assert not out.exists() and not log.exists()


def test_a_call_that_stores_no_global_does_not_prevent_the_repair(tmp_path: Path) -> None:
    """Its summary says @touch writes no global: the copy reads the value stored before it."""
    text = _with_call_before_the_load("")
    reports = []
    out = tmp_path / "repaired.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: reports.append(elide_slices(m, source=text)))
    assert reports[0].diagnostics[0].fixed
    assert run_steps(out, "f", [[]])[0][0].tolist() == IOTA_12


@pytest.mark.parametrize(
    "shape",
    [
        # Identical dispatches, one spelling the default affinity: merged after the splice.
        "producers_differing_only_in_affinity",
        # @B is stored what a callee returns: its argument, @A's buffer.
        "shared_through_a_call",
        # Equal stream.async.constant values: merged after the splice.
        "equal_constants",
        # @B is stored what a getter returns: its load of @A.
        "shared_through_a_getter",
        # A setter stores @A's buffer (its argument) to @B.
        "shared_through_a_setter",
        # One value passed twice to a setter (stored to @B and @C) and stored to @A.
        "one_value_passed_twice_to_a_setter",
        # One value passed twice to a setter storing to @B and @C: the copy is @C's operand.
        "one_value_passed_twice_to_a_setter_only",
        # One value stored to @A and @B, then a callee loads @B and fills it in place.
        "stored_twice_then_a_callee_loads_it",
        "stored_twice_then_a_callee_loads_it_in_the_initializer",
        # @B is stored a whole copy of @A's value, which IREE folds into the value itself.
        "whole_copy_stored_to_a_second_global",
    ],
)
def test_sharing_the_model_finds_through_merges_and_calls_is_repaired(shape: str, tmp_path: Path) -> None:
    """@f slices @A, fills @B[0, 16) in place, then reads the slice: value semantics says
    168380 on every step (stock IREE shows the fill from the second step on)."""
    text = (SHAPES / f"{shape}.mlir").read_text()
    reports = []
    out = tmp_path / "repaired.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: reports.append(elide_slices(m, source=text)))
    (diagnostic,) = reports[0].diagnostics
    assert diagnostic.fixed
    assert [step[0].tolist() for step in run_steps(out, "f", [[], []])] == [[168380], [168380]]


@pytest.mark.parametrize(
    "shape", ["global_loaded_in_a_loop_after_its_store", "global_loaded_in_a_callee_of_the_initializer"]
)
def test_a_global_loaded_after_its_store_in_one_invocation_is_never_copied(shape: str) -> None:
    """In a loop (the previous iteration stored it) or in a callee of the initializer (which
    stored it before the call): IREE 3.13 cannot run a copy of that load, so the repair is
    refused rather than made (it made modules that fail to run or read zeros)."""
    text = (SHAPES / f"{shape}.mlir").read_text()
    with pytest.raises(RewriteError, match="cannot give them their own copy"):
        elide_slices(parse_module(text).module, source=text)


def _iota(base: int) -> list[int]:
    return [base + 7919 * i for i in range(12)]


def test_a_load_of_the_repaired_global_after_its_store_reads_the_copy(tmp_path: Path) -> None:
    """@f stores @A's buffer to @B, loads @B and fills it. IREE 3.13 would read the old buffer
    through that load if the copy were only stored (next test): the repair forwards the copy to
    the load, and both globals come out as value semantics says."""
    text = (SHAPES / "global_stored_then_loaded_again.mlir").read_text()
    reports = []
    out = tmp_path / "repaired.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: reports.append(elide_slices(m, source=text)))
    assert reports[0].diagnostics[0].fixed
    for a, b in run_steps(out, "f", [[], []]):
        assert (a.tolist(), b.tolist()) == (_iota(1000), [9] * 4 + _iota(1000)[4:])


def test_a_branch_result_stored_and_loaded_again_is_repaired(tmp_path: Path) -> None:
    """The stored value is an scf.if result, one branch @A's buffer: @B is the fresh iota with
    k = 1 and @A's copy with k = 0, its first four elements 9 either way."""
    text = (SHAPES / "branch_result_stored_then_loaded_again.mlir").read_text()
    out = tmp_path / "repaired.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: elide_slices(m, source=text))
    got = [b.tolist() for _, b in run_steps(out, "f", [[1], [0], [1]])]
    assert got == [[9] * 4 + _iota(3000)[4:], [9] * 4 + _iota(2000)[4:], [9] * 4 + _iota(3000)[4:]]


def test_a_load_of_the_repaired_global_in_a_branch_after_its_store_reads_the_copy(tmp_path: Path) -> None:
    """The loads of @B in the arms of an scf.if after the store take the copy, as a load after
    it in its block does: @A keeps its values, @B is the copy with its first four elements 9
    where the arm fills it (stock fills @A's buffer)."""
    text = (SHAPES / "global_stored_then_loaded_again_in_a_branch.mlir").read_text()
    out = tmp_path / "repaired.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: elide_slices(m, source=text))
    got = [[a.tolist(), b.tolist()] for a, b in run_steps(out, "f", [[1], [0], [1]])]
    filled = [9] * 4 + _iota(1000)[4:]
    assert got == [[_iota(1000), filled], [_iota(1000), _iota(1000)], [_iota(1000), filled]]


def _stored_then_filled_in_a_loop() -> str:
    """:data:`SHAPES`' branch case with a loop for the branch: each turn loads @B, fills row
    ``i`` (four elements) of a copy of it with 9 and stores that; ``@get`` reads @B."""
    text = (SHAPES / "global_stored_then_loaded_again_in_a_branch.mlir").read_text()
    start = text.index("    %cond = arith.cmpi ne, %k, %c0 : index")
    end = text.index("    util.global.store %u, @B : !stream.resource<variable>\n")
    loop = """    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %k step %c1 {
      %b = util.global.load @B : !stream.resource<variable>
      %n = stream.async.dispatch @ex::@copy[%c12](%b[%c0 to %c48 for %c48], %c12) : (!stream.resource<variable>{%c48}, index) -> !stream.resource<variable>{%c48}
      %off = arith.muli %i, %c16 : index
      %end = arith.addi %off, %c16 : index
      %f = stream.async.fill %c9_i32, %n[%off to %end for %c16] : i32 -> %n as !stream.resource<variable>{%c48}
      util.global.store %f, @B : !stream.resource<variable>
    }
"""
    text = text[:start] + loop + text[end + len("    util.global.store %u, @B : !stream.resource<variable>\n") :]
    text = text.replace(
        "%db = stream.async.dispatch @ex::@copy[%c12](%u[", "%db = stream.async.dispatch @ex::@copy[%c12](%a2["
    )
    getter = """  util.func public @get() -> !hal.buffer_view {
    %c12 = arith.constant 12 : index
    %c0 = arith.constant 0 : index
    %c48 = arith.constant 48 : index
    %b = util.global.load @B : !stream.resource<variable>
    %d = stream.async.dispatch @ex::@copy[%c12](%b[%c0 to %c48 for %c48], %c12) : (!stream.resource<variable>{%c48}, index) -> !stream.resource<external>{%c48}
    %bv = stream.tensor.export %d : tensor<12xi32> in !stream.resource<external>{%c48} -> !hal.buffer_view
    util.return %bv : !hal.buffer_view
  }
}
"""
    return text[: text.rstrip().rindex("}")] + getter


def test_a_load_of_the_repaired_global_in_an_if_without_else_reads_the_copy(tmp_path: Path) -> None:
    """Review 33's F1: the arm that reloads @B, fills it and stores it back is an ``scf.if``
    with no ``else`` (its empty region has no block), the form IREE's canonicalizer leaves."""
    text = (SHAPES / "global_stored_then_loaded_again_in_a_branch.mlir").read_text()
    start = text.index("    %u = scf.if %cond -> !stream.resource<variable> {")
    end = text.index("    util.global.store %u, @B : !stream.resource<variable>\n")
    arm = """    scf.if %cond {
      %b = util.global.load @B : !stream.resource<variable>
      %f = stream.async.fill %c9_i32, %b[%c0 to %c16 for %c16] : i32 -> %b as !stream.resource<variable>{%c48}
      util.global.store %f, @B : !stream.resource<variable>
    }
    %u = util.global.load @B : !stream.resource<variable>
"""
    text = text[:start] + arm + text[end + len("    util.global.store %u, @B : !stream.resource<variable>\n") :]
    out = tmp_path / "repaired.vmfb"
    with pytest.raises(RewriteError, match=r"loads @B again \(util.global.load %u\)"):
        elide_slices(parse_module(text).module, source=text)  # (the load after the if: the arm may store)
    text = text.replace("    %u = util.global.load @B : !stream.resource<variable>\n", "").replace(
        "(%u[%c0 to %c48 for %c48]", "(%a2[%c0 to %c48 for %c48]"
    )
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: elide_slices(m, source=text))
    got = [[a.tolist(), b.tolist()] for a, b in run_steps(out, "f", [[1], [0]])]
    assert got == [[_iota(1000), _iota(1000)], [_iota(1000), _iota(1000)]]


def test_a_load_of_the_repaired_global_in_a_loop_that_stores_it_refuses_the_repair() -> None:
    """A load the copy cannot be forwarded to (in a loop after the store that stores the
    global again: its next turn reads that store): the repair is refused with the reason."""
    text = _stored_then_filled_in_a_loop()
    with pytest.raises(RewriteError, match=r"@f loads @B again \(util.global.load %b\) after storing it"):
        elide_slices(parse_module(text).module, source=text)


def test_a_copy_forwarded_into_a_loop_that_stores_the_global_is_read_stale(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Why the refusal above: with the loop taken for an arm (``_nested_after`` without its
    loop clause, ``_no_store_turns_around``), every turn's load takes the copy made before the loop, not what the turn
    before stored, and @B loses the rows the turns filled (value semantics: rows 0 and 1 are
    9)."""
    from iree import runtime as rt

    import rewriter.repair.shared_globals as globals_fix

    monkeypatch.setattr(globals_fix, "_no_store_turns_around", lambda *args: True)
    text = _stored_then_filled_in_a_loop()
    out = tmp_path / "weakened.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: elide_slices(m, source=text))
    config = rt.Config("local-sync")
    context = rt.SystemContext(config=config)
    module = rt.VmModule.copy_buffer(context.instance, out.read_bytes())
    context.add_vm_module(module)
    functions = context.modules[module.name]
    functions["f"](2)
    got = np.asarray(functions["get"]().to_host()).tolist()
    assert got[:8] != [9] * 8  # (measured: no row filled; IREE hoists the copy of the loop-invariant value)


def test_iree_reads_the_old_buffer_through_a_load_after_a_stored_copy(tmp_path: Path) -> None:
    """Why: the same copy written by hand, no rewrite. IREE 3.13 puts the copy and the fill in
    one execution region, loads @B above it and stores the copy below it, so the fill writes the
    initializer's buffer and the store of the fill's result is lost. Value semantics: @B is the
    copy of @A with its first four elements 9; IREE gives the old @B's tail."""
    text = (SHAPES / "copy_stored_then_global_loaded_again.mlir").read_text()
    out = tmp_path / "stock.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS))
    ((_, b),) = run_steps(out, "f", [[]])
    assert b.tolist()[:5] == [9, 9, 9, 9, 36676]  # value semantics: 32676 (IOTA from 1000)


def test_a_setter_given_one_value_twice_copies_the_operand_it_names() -> None:
    text = (SHAPES / "one_value_passed_twice_to_a_setter_only.mlir").read_text()
    module = parse_module(text).module
    (diagnostic,) = elide_slices(module, source=text).diagnostics
    assert "gave @C its own copy" in diagnostic.message
    (call,) = [op for op in _ops(module) if op.name == "util.call"]
    assert "@__slice_elision_copy" in str(call.operands[1].owner) and "@__slice_elision_copy" not in str(
        call.operands[0].owner
    )


@pytest.mark.parametrize(
    ("shape", "selectors"),
    [
        # Double buffering: @f(1) reads @A, @f(0) reads @C.
        ("branch_choosing_between_two_globals.mlir", [[1], [0]]),
        # The loop carries @A's buffer and yields @C's: by construction one buffer with both
        # loads, given to neither global by a store. @f(0) reads @A, @f(1) @C.
        ("loop_choosing_between_two_globals.mlir", [[0], [1]]),
    ],
)
def test_a_choice_between_two_globals_is_no_sharing(shape: str, selectors: list[list[int]], tmp_path: Path) -> None:
    """Neither global is given the other's buffer: nothing to repair, and each call reads its own."""
    text = (SHAPES / shape).read_text()
    reports = []
    out = tmp_path / "out.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: reports.append(elide_slices(m, source=text)))
    assert reports[0].diagnostics == []
    assert [step[0].tolist() for step in run_steps(out, "f", selectors)] == [[168380], [178380]]


def test_buffers_only_loaded_taken_for_shared_stop_the_loop_choosing_between_two_globals(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    """(The mutation tests' *loaded globals share a buffer*, killed here: the stream campaign
    draws no loop that reloads a global, and a branch's result is a choice of its arms' values
    to the detection, so it no longer shows there.) Taken for sharing, the buffer has no store
    to give a copy, and the rewrite stops."""
    import stream_model.model.storage as storage

    monkeypatch.setattr(storage, "_only_loaded", lambda holders: False)
    text = (SHAPES / "loop_choosing_between_two_globals.mlir").read_text()
    with pytest.raises(RewriteError):
        elide_slices(parse_module(text).module, source=text)


def _ops(module):  # noqa: ANN001, ANN202 - an ir.Module; every op, pre-order
    out = []

    def visit(op):  # noqa: ANN001, ANN202
        out.append(op)
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return out


@pytest.mark.parametrize(
    ("shape", "given", "expected"),
    [
        # The global's load: stock shares the buffer, and the next step's fill of @p0_g1 shows
        # in @p0_g0's weighted sum (5145108).
        ("global_load_passed_twice_to_a_setter", "@p0_g1", [[10258450]] * 3),
        # The same through a getter of @p0_g0 (review 11, m; with @p0_g1 filled through a getter
        # of its own, review 13, m2): the getter's result is read directly too, its copy kept
        # apart from other copies by its salt.
        ("getter_result_passed_twice_to_a_setter", "@p0_g1", [[148130792]] * 3),
        ("getter_result_passed_twice_other_getter_filled", "@p0_g1", [[148130792]] * 3),
    ],
)
def test_a_copy_of_a_globals_buffer_compiles_and_repairs(
    shape: str, given: str, expected: list[list[int]], tmp_path: Path
) -> None:
    """@f passes @p0_g0's buffer twice to a setter of @p0_g0 and @p0_g1, so @p0_g1 is given a
    copy of it. Nothing in @f writes @p0_g0 in place, so the copy takes the buffer as it is:
    through a host barrier IREE 3.13 could not compile it ("'vm.cond_fail' op status is 0")."""
    text = (SHAPES / f"{shape}.mlir").read_text()
    reports = []
    out = tmp_path / "repaired.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: reports.append(elide_slices(m, source=text)))
    (diagnostic,) = reports[0].diagnostics
    assert diagnostic.fixed and f"gave {given} its own copy" in diagnostic.message
    assert [step[0].tolist() for step in run_steps(out, "f", [[1], [2], [3]])] == expected


def test_a_copy_of_a_load_written_in_place_runs_before_the_write(tmp_path: Path) -> None:
    """@p0_g0's load is copied for @p0_g1 and @p0_g2 and filled in place in the same function:
    the copy reads it through a barrier, so IREE 3.13 cannot run the fill first (fault G1).
    Compiled with no schedule guard, as ``rewrite``'s output would be: value semantics is the
    sums [A, B], then [A filled, A], then the filled value twice."""
    text = (SHAPES / "global_load_copied_then_filled_in_place.mlir").read_text()
    out = tmp_path / "repaired.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: elide_slices(m, source=text))
    got = [[x.tolist() for x in step] for step in run_steps(out, "f", [[1], [2], [3]])]
    a, b, filled = [148130792], [149491744], [143017450]
    assert got == [[a, b], [filled, a], [filled, filled]]


def test_an_in_place_write_the_repair_gives_a_copy_is_listed_in_its_diagnostic() -> None:
    """The repair says which in-place writes it made write a copy of a global's buffer: the
    analysis then sees no write of that buffer, and whoever reads the log (the campaign's
    alias audit too) must know why the slice of it is an alias."""
    text = (SHAPES / "whole_update_of_a_load_stored_to_another_global.mlir").read_text()
    parsed = parse_module(text)
    report = elide_slices(parsed.module, source=text)
    (diagnostic,) = report.diagnostics
    assert diagnostic.fixed
    assert diagnostic.copies == [{"function": "p0", "result": "%v3", "written": "%v0"}]
    assert diagnostic.to_json()["copies"] == diagnostic.copies
    (decision,) = report.decisions
    assert (decision.result, decision.decision) == ("%v2", "alias")
    assert "no op writes the source's storage" in decision.reason


def test_a_diagnostic_without_copies_leaves_them_out_of_the_log() -> None:
    """Two caches from one splat: the repair copies at the stores only, and the log's record
    is as before the copies were listed."""
    parsed = parse_module(stream_ir_at_splice(PROGRAM, DEFAULT_CPU_FLAGS))
    (diagnostic,) = elide_slices(parsed.module).diagnostics
    assert diagnostic.fixed and diagnostic.copies == []
    assert "copies" not in diagnostic.to_json()
