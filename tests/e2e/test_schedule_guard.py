"""Every compile checks IREE's schedule: the faults plain ``iree-compile`` ships are caught and
repaired (or refused), and the programs IREE schedules right are left alone.

The fault records are those under ``tests/upstream_faults/`` on which plain ``iree-compile``
computes wrong values or builds a module the runtime rejects (G1: a read scheduled after an
in-place write of what it reads; G2: a copy whose source and target overlap). Each is compiled
as plain ``iree-compile`` was: rendered as IREE's flow-to-stream conversion leaves it.
"""

from __future__ import annotations

import json
import time
from pathlib import Path

import numpy as np
import pytest
from iree.compiler import ir

from benchmarks.programs import DecodeShape, decode_program
from rewriter.cli.check import hazard_lines
from rewriter.cli.entry import main
from rewriter.errors import NotAnalysed, ScheduleHazardError
from rewriter.guard.check import check_file_in_full
from rewriter.guard.schedule_guard import ScheduleGuard
from rewriter.pipeline import (
    DEFAULT_CPU_FLAGS,
    CompileError,
    compile_file,
    compile_scheduled,
    compile_stream_async,
    ir_after_pass,
)
from rewriter.rewrite.elide import elide_slices
from rewriter.runtime import run_steps
from stream_model.schedule.global_order import global_events
from tests.campaign.interp import interpret
from tests.campaign.oracle import _first_difference
from tests.campaign.program import STEPS, Program
from tests.campaign.render import render_module
from tests.campaign.runner import run_isolated

pytestmark = pytest.mark.e2e
REPO = Path(__file__).resolve().parents[2]
FAULTS = REPO / "tests" / "upstream_faults"
CPU_FLAGS = list(DEFAULT_CPU_FLAGS)


def _wrong_in_plain_iree_compile() -> list[Path]:
    """One record per distinct program on which plain iree-compile is wrong (values, or a
    module the runtime rejects because a copy overlaps itself)."""
    found: dict[str, Path] = {}
    for path in sorted(FAULTS.glob("*/*.json")):
        record = json.loads(path.read_text())
        verdict = record["plain_iree_compile"]
        if "is wrong too" in verdict or ("fails to run" in verdict and "ranges overlap" in verdict):
            found.setdefault(json.dumps(record["program"], sort_keys=True) + str(record["position"]), path)
    return sorted(found.values())


WRONG = _wrong_in_plain_iree_compile()
MINIMAL_G1 = FAULTS / "minimal" / "read-moved-after-tied-write.json"
#: Records no repair is known for: the compile refuses, naming what IREE's stages before the
#: splice did (its build without the refusal computes plain iree-compile's wrong values: the
#: reload after the loop was forwarded the value stored before it, and the loop's writes land
#: in another buffer; ``docs/schedule-check.md``).
REFUSED = {"8cedbb5aab6b": "took util.global.load @p0_g0"}


def _render(record_path: Path, tmp_path: Path) -> tuple[Path, Program, int, object]:
    record = json.loads(record_path.read_text())
    program, k = Program.from_json(record["program"]), record["position"]
    rendered = render_module([program], first=k, unrefined=True)
    src = tmp_path / "p.mlir"
    src.write_text(rendered.text)
    return src, program, k, rendered


def test_every_wrong_record_is_covered() -> None:
    assert len(WRONG) >= 9 and MINIMAL_G1 in WRONG


@pytest.mark.parametrize("record", WRONG, ids=[f"{p.parent.name[:24]}/{p.stem}" for p in WRONG])
def test_compile_computes_the_interpreters_values_where_plain_iree_compile_is_wrong(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, program, k, rendered = _render(record, tmp_path)
    out, log = tmp_path / "p.vmfb", tmp_path / "log.jsonl"
    if record.stem in REFUSED:
        with pytest.raises(SystemExit):
            main(["compile", str(src), "-o", str(out), "--log", str(log), *CPU_FLAGS])
        assert REFUSED[record.stem] in capsys.readouterr().err and not out.exists()
        return
    assert main(["compile", str(src), "-o", str(out), "--log", str(log), *CPU_FLAGS]) == 0
    err = capsys.readouterr().err
    assert "warning: repaired IREE's schedule:" in err and "now writes a fresh copy of its target" in err
    records = [json.loads(line) for line in log.read_text().splitlines()]
    assert any(r.get("repair") == "write-to-fresh-copy" for r in records)
    got = run_isolated(out, rendered.functions, STEPS, arguments=rendered.arguments)[0]
    assert _first_difference(got, interpret(program, k)) is None


@pytest.mark.parametrize("record", WRONG, ids=[f"{p.parent.name[:24]}/{p.stem}" for p in WRONG])
def test_check_names_the_hazard_where_plain_iree_compile_is_wrong(
    record: Path, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, *_ = _render(record, tmp_path)
    assert main(["check", str(src), *CPU_FLAGS]) == 3
    out = capsys.readouterr().out.splitlines()
    assert out and all(line.startswith("hazard: ") for line in out)
    # The ops with their locations in the user's file (both, for a read and a write; the copy,
    # for a copy onto itself), and the bytes at stake.
    for line in out:
        if "IREE's stages before the splice" in line:  # (an order hazard: three accesses, no bytes)
            assert line.count("p.mlir:") >= 3, line  # (as IREE names the input: its path)
            continue
        ops = 1 if "the ranges overlap" in line else 2
        assert line.count("(p.mlir:") >= ops and "bytes [" in line, line


def test_no_elide_repairs_the_schedule_too(tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    src, program, k, rendered = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    assert main(["compile", str(src), "-o", str(out), "--no-elide", *CPU_FLAGS]) == 0
    assert "warning: repaired IREE's schedule" in capsys.readouterr().err
    got = run_isolated(out, rendered.functions, STEPS, arguments=rendered.arguments)[0]
    assert _first_difference(got, interpret(program, k)) is None


def test_check_log_has_one_record_per_pair_in_the_decisions_style(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, *_ = _render(MINIMAL_G1, tmp_path)
    log = tmp_path / "log.jsonl"
    assert main(["check", str(src), "--log", str(log), *CPU_FLAGS]) == 3
    record, summary = [json.loads(line) for line in log.read_text().splitlines()]
    assert summary == {"schema_version": 1, "type": "check-summary", "pairs": 1, "hazards": 1, "undecided": 0}
    assert record["check"] == "schedule" and record["verdict"] == "read-after-write"
    assert record["read_range"] == ["0", "8"] and record["write_range"] == ["0", "8"]
    assert record["read_location"].startswith("p.mlir:") and record["write_location"].startswith("p.mlir:")
    assert {"function", "read", "write", "storage", "facts_used", "counterexample", "detail"} <= record.keys()


def test_a_repair_iree_fails_on_is_no_repair_and_an_undecided_pair_builds_as_plain_iree_compile(
    tmp_path: Path,
) -> None:
    """Stream seed 7072: a pair the check cannot decide (a public callee's read of @g0, a
    forwarded callee's in-place write of it) is repaired with a copy in the forwarded callee,
    and IREE 3.13's IPO fails on that module ("operation's operand is unlinked") where it builds
    the module as it was. The repair is then no repair: with nothing shown, the compile builds
    what plain iree-compile builds (``NotAnalysed``, which ``compile_file`` turns into that
    build), saying what went unchecked and why; a shown hazard would be refused."""
    text = (REPO / "tests/data/schedule_repair_iree_fails_on.mlir").read_text()
    out = tmp_path / "p.vmfb"
    with pytest.raises(NotAnalysed) as caught:
        compile_stream_async(text, out, CPU_FLAGS, elide_slices, guard=ScheduleGuard())
    message = str(caught.value)
    assert "IREE fails on the repaired module" in message and "operation's operand is unlinked" in message
    assert "reads bytes (unknown range) of @p0_g0" in message and not out.exists()


def test_iree_runs_on_a_repaired_module_in_a_process_of_its_own(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """On seed 7072's repair, IREE 3.13's IPO leaves an operand dangling and its verifier,
    printing the op, reads freed memory: one run in about twenty crashed the process that ran
    it (CI). So IREE schedules and finishes a repaired module in ``iree-opt``, where a crash
    is the repair failing (the test above); the module IREE scheduled itself stays in this
    process, the fast path."""
    from rewriter.pipeline.runner import StreamRunner

    apart: list[str] = []
    real = StreamRunner._run_iree_opt

    def recording(self: StreamRunner, module: ir.Module, text: str, what: str) -> ir.Module:
        apart.append("schedule" if "iree-stream-schedule-execution" in text else "finish")
        return real(self, module, text, what)

    monkeypatch.setattr(StreamRunner, "_run_iree_opt", recording)
    text = (REPO / "tests/data/schedule_repair_iree_fails_on.mlir").read_text()
    with pytest.raises(NotAnalysed, match="IREE fails on the repaired module"):
        compile_stream_async(text, tmp_path / "p.vmfb", CPU_FLAGS, elide_slices, guard=ScheduleGuard())
    assert apart == ["schedule", "finish"]


def test_a_loop_init_copied_inside_an_outer_loop_reads_it_once_it_is_made(tmp_path: Path) -> None:
    """Review 32's inner loop of no turn, repaired with a fresh copy of its init, which is the
    outer loop's carried value: the copy must wait for the outer loop's last turn to make it.
    Read through a barrier it did not (IREE leaves a loop's region argument unawaited for a
    host op: ``op_table.awaited_by_a_host_op``), and the build failed one run in fifty under
    load ("transient buffer has not been committed"). The copy reads the argument itself now,
    and its execution region awaits the outer loop's timepoint."""
    src = REPO / "tests/data/global_reloads/inner_loop_of_no_turn_frees_the_outer_loops_value.mlir"
    guard = ScheduleGuard()
    compile_file(src, tmp_path / "p.vmfb", CPU_FLAGS, guard=guard)
    assert guard.report is not None and len(guard.report.repairs) == 1
    module = ir.Module.parse(guard.repaired_text or "", context=ir.Context())
    copies = [
        op
        for op in _walk(module.operation)
        if "@copy_bytes" in str(op.attributes["entry_points"] if "entry_points" in op.attributes else "")
    ]
    assert len(copies) == 1
    source = list(copies[0].opview.resource_operands)[0]
    assert isinstance(source, ir.BlockArgument) and source.owner.owner.name == "scf.for"


def _walk(op: ir.Operation) -> list[ir.Operation]:
    found: list[ir.Operation] = []
    op.walk(lambda o: found.append(o.operation) or ir.WalkResult.ADVANCE)
    return found


def test_a_guard_that_may_not_repair_refuses_and_writes_nothing(tmp_path: Path) -> None:
    src, *_ = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    with pytest.raises(ScheduleHazardError, match="reads bytes \\[0, 8\\) of .* after stream.async.dispatch"):
        compile_file(src, out, CPU_FLAGS, guard=ScheduleGuard(repair=False))
    assert not out.exists()


def test_a_repair_that_breaks_the_ir_stops_the_compile_before_the_rewrite_sees_it(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The rewrite takes every module the compile hands it as verified: a repaired copy too."""
    import rewriter.guard.passes as guard_passes

    real = guard_passes._repair

    def breaking(module, targets):  # noqa: ANN001, ANN202 - the guard's own signature
        made = real(module, targets)
        step = next(op.operation for op in module.body.operations if op.operation.name == "util.func")
        with module.context:
            step.attributes["function_type"] = ir.TypeAttr.get(ir.FunctionType.get([], []))
        return made

    verified_when_rewritten: list[bool] = []

    def hook(module: ir.Module) -> None:
        try:
            verified_when_rewritten.append(bool(module.operation.verify()))
        except ir.MLIRError:
            verified_when_rewritten.append(False)
        elide_slices(module, verified=True)

    monkeypatch.setattr(guard_passes, "_repair", breaking)
    src, *_ = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    with pytest.raises(CompileError, match="the schedule repair made IR that does not verify"):
        compile_file(src, out, CPU_FLAGS, hook, guard=ScheduleGuard())
    assert verified_when_rewritten and all(verified_when_rewritten)
    assert not out.exists()


def test_a_refusal_while_hal_vm_runs_keeps_the_earlier_output_and_leaves_no_partial_file(tmp_path: Path) -> None:
    """The check runs while HAL/VM compiles the schedule: refusing stops that compile, and
    nothing it wrote survives."""
    src, *_ = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    out.write_bytes(b"an earlier build")
    with pytest.raises(ScheduleHazardError):
        compile_file(src, out, CPU_FLAGS, guard=ScheduleGuard(repair=False))
    assert out.read_bytes() == b"an earlier build"
    assert not list(tmp_path.glob("*.part"))


@pytest.mark.parametrize("where", ["during the check", "waiting for HAL/VM"])
def test_an_interrupt_leaves_no_hal_vm_running_and_no_partial_file(
    where: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Found by review: a HAL/VM compile must not outlive an interrupt (the packaged
    iree-compile's process; in one process,
    :func:`test_an_interrupt_during_the_check_in_one_process_leaves_no_partial_file`). One
    during the check comes before HAL/VM starts."""
    import threading

    from rewriter.pipeline import driver

    monkeypatch.setenv("SLICE_ELISION_SUBPROCESS", "1")
    src, *_ = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    started: list[driver._HalVm] = []
    original_init = driver._HalVm.__init__

    def init(self: driver._HalVm, *args: object) -> None:
        original_init(self, *args)  # type: ignore[arg-type]
        started.append(self)

    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(driver._HalVm, "__init__", init)
    if where == "during the check":
        monkeypatch.setattr(ScheduleGuard, "check_now", interrupt)
    else:
        join = threading.Thread.join
        calls: list[int] = []

        def join_once_interrupted(self: threading.Thread, timeout: float | None = None) -> None:
            calls.append(1)
            if len(calls) == 1:
                raise KeyboardInterrupt
            join(self, timeout)

        monkeypatch.setattr(threading.Thread, "join", join_once_interrupted)
    with pytest.raises(KeyboardInterrupt):
        compile_file(src, out, CPU_FLAGS, guard=ScheduleGuard())
    if where == "during the check":
        assert started == []  # (HAL/VM starts only once the check has passed)
    else:
        (job,) = started
        assert job._proc.poll() is not None
    assert not out.exists() and not list(tmp_path.glob("*.part"))


def test_an_interrupt_during_the_check_in_one_process_leaves_no_partial_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """In one process the stream phase's passes beside the check cannot be stopped inside
    IREE: the interrupt waits for them, and nothing is written."""

    def interrupt(*args: object, **kwargs: object) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(ScheduleGuard, "check_now", interrupt)
    src, *_ = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    with pytest.raises(KeyboardInterrupt):
        compile_file(src, out, CPU_FLAGS, guard=ScheduleGuard())
    assert not out.exists() and not list(tmp_path.glob("*.part"))


def test_an_interrupt_while_hal_vm_runs_in_one_process_leaves_no_thread_and_no_file(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review 18: HAL/VM runs in a thread of this process, which IREE cannot stop. An interrupt
    while the compile waits for it must wait for that thread (left running, it went on with a
    session the unwinding closed, and crashed the process) and remove what it wrote."""
    import threading

    from rewriter.pipeline import embedded

    monkeypatch.delenv("SLICE_ELISION_SUBPROCESS", raising=False)

    def interrupted(self: embedded.EmbeddedHalVm) -> None:
        raise KeyboardInterrupt

    monkeypatch.setattr(embedded.EmbeddedHalVm, "wait", interrupted)
    src, *_ = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    with pytest.raises(KeyboardInterrupt):
        compile_file(src, out, CPU_FLAGS, guard=ScheduleGuard())
    assert not [t for t in threading.enumerate() if t.name == "slice-elision-hal-vm"]
    assert not out.exists() and not list(tmp_path.glob("*.part"))


def test_a_hazard_the_first_check_shows_is_refused_when_a_later_round_only_cannot_decide(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review 18: what plain iree-compile builds is the module as IREE scheduled it, so the first
    round decides between a refusal and that build. With the repaired module's check made to
    leave the shown pair undecided (and no repair left to make), the compile refuses: building
    as plain iree-compile would ship the hazard the first round showed."""
    import dataclasses

    from stream_model.schedule.check import ScheduleVerdict

    real = ScheduleGuard._checked
    rounds: list[int] = []

    def undecided_after_a_repair(self: ScheduleGuard, scheduled: ir.Module, order_before: object) -> object:
        report = real(self, scheduled, order_before)  # type: ignore[arg-type]
        rounds.append(1)
        if len(rounds) > 1 and self.report is not None:
            first = self.report.first.hazards[0]
            report.checks = [c for c in report.checks if not c.hazard]
            report.checks.append(dataclasses.replace(first, verdict=ScheduleVerdict.UNKNOWN))
        return report

    monkeypatch.setattr(ScheduleGuard, "_checked", undecided_after_a_repair)
    src, *_ = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    with pytest.raises(ScheduleHazardError, match="cannot repair"):
        compile_file(src, out, CPU_FLAGS, elide_slices, guard=ScheduleGuard())
    assert len(rounds) >= 2 and not out.exists()


def test_scheduled_input_cannot_be_scheduled_again_so_a_hazard_is_refused(tmp_path: Path) -> None:
    src, *_ = _render(MINIMAL_G1, tmp_path)
    scheduled = ir_after_pass(src, CPU_FLAGS, "iree-stream-schedule-concurrency")
    out = tmp_path / "p.vmfb"
    with pytest.raises(ScheduleHazardError):
        compile_scheduled(scheduled, out, CPU_FLAGS, guard=ScheduleGuard())
    assert not out.exists()


TWO_VERSIONS = REPO / "tests" / "data" / "schedule_region_yields_two_versions.mlir"
TWO_VERSIONS_RIGHT = [[31683, 39602, 47521], [7, 7926, 15845, 23764, 31683, 39602, 47521, 827]]


def test_plain_iree_reads_zeros_for_the_later_of_two_versions_a_region_yields(tmp_path: Path) -> None:
    """IREE 3.13's allocation fault, kept as a test: if it starts passing, IREE fixed it."""
    out = tmp_path / "stock.vmfb"
    compile_scheduled(TWO_VERSIONS, out, CPU_FLAGS)
    got = [x.tolist() for x in run_steps(out, "f", [[0]])[0]]
    assert got == [TWO_VERSIONS_RIGHT[0], [0] * 8]


def test_check_reports_a_region_yielding_a_value_and_its_filled_version(
    capsys: pytest.CaptureFixture[str],
) -> None:
    assert main(["check", str(TWO_VERSIONS), *CPU_FLAGS]) == 3
    (line,) = capsys.readouterr().out.splitlines()
    assert "yields %a (made by stream.async.dispatch at schedule_region_yields_two_versions.mlir:" in line
    assert "the version stream.async.fill %b (schedule_region_yields_two_versions.mlir:" in line


def test_compile_refuses_scheduled_input_whose_region_yields_two_versions(tmp_path: Path) -> None:
    out = tmp_path / "p.vmfb"
    with pytest.raises(
        ScheduleHazardError, match=r"yields %\S+ \(made by stream.async.dispatch .* the version stream.async.fill"
    ):
        compile_scheduled(TWO_VERSIONS, out, CPU_FLAGS, guard=ScheduleGuard())
    assert not out.exists()


def test_check_and_compile_say_when_the_inputs_order_was_not_compared(
    tmp_path: Path, capsys: pytest.CaptureFixture[str], monkeypatch: pytest.MonkeyPatch
) -> None:
    """When the input cannot be read alone (every dialect IREE takes parses in the bindings of
    3.13, so this stands in for a later frontend's), IREE's reorders before the splice are not
    looked for: both commands say so, on standard error and in the log, instead of a silent
    "no hazard"."""
    why = "the input does not parse alone: unknown dialect"
    monkeypatch.setattr("rewriter.guard.schedule_guard.read_input_order", lambda _: why)
    src, *_ = _render(MINIMAL_G1, tmp_path)
    log = tmp_path / "log.jsonl"
    assert main(["check", str(src), "--log", str(log), *CPU_FLAGS]) == 3  # (the schedule's hazard)
    note = "note: the order of the input's accesses to globals was not compared with IREE's before the splice"
    assert note in capsys.readouterr().err
    records = [json.loads(line) for line in log.read_text().splitlines()]
    expected = {"schema_version": 1, "type": "schedule-check", "check": "input-order", "compared": False, "why": why}
    assert [r for r in records if r.get("check") == "input-order"] == [expected]
    compile_log = tmp_path / "compile.jsonl"
    assert main(["compile", str(src), "-o", str(tmp_path / "p.vmfb"), "--log", str(compile_log), *CPU_FLAGS]) == 0
    assert note in capsys.readouterr().err
    assert expected in [json.loads(line) for line in compile_log.read_text().splitlines()]


def test_an_input_the_bindings_read_is_compared_without_a_note(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src, *_ = _render(MINIMAL_G1, tmp_path)
    assert main(["compile", str(src), "-o", str(tmp_path / "p.vmfb"), *CPU_FLAGS]) == 0
    assert "was not compared" not in capsys.readouterr().err


# -- no false alarm ----------------------------------------------------------------------------


@pytest.mark.parametrize("form", ["seed", "call"])
def test_check_reports_nothing_on_the_decode_step(
    form: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    src = tmp_path / f"{form}.mlir"
    src.write_text(decode_program(form, DecodeShape(layers=2)))
    assert main(["check", str(src), *CPU_FLAGS]) == 0
    assert capsys.readouterr().out == ""


def test_check_reports_nothing_on_the_shipped_example(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(REPO / "examples" / "decode_step.mlir"), *CPU_FLAGS]) == 0
    assert capsys.readouterr().out == ""


def test_check_reports_nothing_on_the_scheduled_seed_repro(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(REPO / "tests" / "data" / "seed_repro_scheduled.mlir"), *CPU_FLAGS]) == 0
    assert capsys.readouterr().out == ""


LOOP_READS = REPO / "tests" / "data" / "schedule_loop_reads_then_update.mlir"


def test_check_proves_a_loops_reads_end_before_the_write_after_it(capsys: pytest.CaptureFixture[str]) -> None:
    """Every iteration's reads of the cache are ordered before the row written after the loop,
    through the timepoint IREE carries from one iteration to the next (induction)."""
    assert main(["check", str(LOOP_READS), *CPU_FLAGS]) == 0
    assert capsys.readouterr().out == ""


def test_a_loop_reading_the_cache_before_the_steps_write_compiles_without_a_repair(tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    guard = ScheduleGuard()
    compile_file(LOOP_READS, out, CPU_FLAGS, guard=guard)
    assert guard.report is not None and guard.report.final.checks and guard.report.repairs == []
    rows = [np.array([[s + 1, -(s + 1), 2 * s + 1, 0]], np.float32) for s in range(4)]
    got = [r[0] for r in run_steps(out, "step", [[row, s] for s, row in enumerate(rows)])]
    cache = np.ones((16, 4), np.float32)
    for s, row in enumerate(rows):
        weights = np.arange(1, s + 2, dtype=np.float32)[:, None]
        assert got[s].tolist() == (3 * (cache[: s + 1] * weights).sum(axis=0)).tolist()
        cache[s] = row[0]


@pytest.mark.parametrize("form", ["seed", "call"])
def test_the_rewritten_decode_step_needs_no_repair(form: str, tmp_path: Path) -> None:
    """With the rewrite, the aliases read the caches' live versions: nothing to repair."""

    src = tmp_path / f"{form}.mlir"
    src.write_text(decode_program(form, DecodeShape(layers=2)))
    guard = ScheduleGuard()
    compile_file(src, tmp_path / "out.vmfb", CPU_FLAGS, lambda m: elide_slices(m) and None, guard=guard)
    assert guard.report is not None and guard.report.hazards == [] and guard.report.repairs == []


def test_the_repair_works_when_the_stream_phase_runs_in_iree_opt(tmp_path: Path) -> None:
    """A global stream flag sends the stream phase to the packaged iree-opt (text both ways):
    the location tags that trace the write back to the splice survive the round trip."""
    src, program, k, rendered = _render(MINIMAL_G1, tmp_path)
    out = tmp_path / "p.vmfb"
    guard = ScheduleGuard()
    compile_file(src, out, [*CPU_FLAGS, "--iree-stream-resource-index-bits=64"], guard=guard)
    assert guard.report is not None and len(guard.report.repairs) == 1 and guard.report.final.hazards == []
    got = run_isolated(out, rendered.functions, STEPS, arguments=rendered.arguments)[0]
    assert _first_difference(got, interpret(program, k)) is None


# -- the order of a global's accesses -------------------------------------------------------------

STORE_MOVED = REPO / "tests" / "data" / "global_store_moved_past_its_reload.mlir"


def _hazard_lines_at_splice(path: Path) -> list[str]:
    """The lines ``check`` would print for ``path`` entered at the splice."""
    return hazard_lines(check_file_in_full(path, CPU_FLAGS, at_splice=True))


def test_the_check_at_the_splice_reports_a_store_scheduled_after_a_reload_of_its_global() -> None:
    """Entered at the splice, as the library's compile takes it (``slice-elision check`` enters
    it as ``compile`` does: IREE's stages before the splice forward the reload, and nothing is
    left to report)."""
    (line,) = _hazard_lines_at_splice(STORE_MOVED)
    assert line.startswith("hazard: in @p0, IREE's schedule reordered util.global.load @p0_g0 (")
    assert "and util.global.store @p0_g0 (" in line


def test_a_compile_at_the_splice_refuses_a_store_scheduled_after_a_reload(tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    with pytest.raises(ScheduleHazardError, match="reorders the accesses to a global"):
        compile_stream_async(STORE_MOVED.read_text(), out, CPU_FLAGS, guard=ScheduleGuard())
    assert not out.exists()


STORE_MOVED_IN_A_CF_LOOP = REPO / "tests" / "data" / "global_store_moved_past_its_reload_in_a_cf_loop.mlir"


def test_the_check_at_the_splice_reports_a_store_scheduled_after_a_reload_in_a_block_of_a_cf_loop() -> None:
    """Every run of the loop's block runs its accesses in order: the reorder shows there too."""
    (line,) = _hazard_lines_at_splice(STORE_MOVED_IN_A_CF_LOOP)
    assert line.startswith("hazard: in @p0, IREE's schedule reordered util.global.load @p0_g0 (")
    assert "and util.global.store @p0_g0 (" in line


def test_a_compile_at_the_splice_refuses_a_store_scheduled_after_a_reload_in_a_block_of_a_cf_loop(
    tmp_path: Path,
) -> None:
    out = tmp_path / "out.vmfb"
    with pytest.raises(ScheduleHazardError, match="reorders the accesses to a global"):
        compile_stream_async(STORE_MOVED_IN_A_CF_LOOP.read_text(), out, CPU_FLAGS, guard=ScheduleGuard())
    assert not out.exists()


def test_the_blocks_of_cf_loops_left_unordered_in_the_schedule_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The weakening (``global_order._reordered_in_one_block`` a no-op) builds what stock builds:
    the reload after the store returns @p0_g0's old buffer (result 3), where the program's
    reload reads the stored value, which the copy made right after the store holds (result 4)."""
    import stream_model.schedule.global_order as global_order

    monkeypatch.setattr(global_order, "_reordered_in_one_block", lambda *args, **kwargs: [])
    out = tmp_path / "out.vmfb"
    compile_stream_async(STORE_MOVED_IN_A_CF_LOOP.read_text(), out, CPU_FLAGS, guard=ScheduleGuard())
    (results,) = run_steps(out, "p0", [[0, 1]])
    assert results[2].tolist() != results[3].tolist()


# -- what a repair replaces -------------------------------------------------------------------------

TWO_BINDINGS = REPO / "tests" / "data" / "schedule_repair_dispatch_given_its_target_twice.mlir"


def test_a_repair_gives_the_fresh_copy_to_the_binding_the_kernel_writes_and_ties_the_result_to_it(
    tmp_path: Path,
) -> None:
    """The guard repairs IREE's schedule (a read of the slice moved after the dispatch's in-place
    write of it) by giving the dispatch a fresh copy of the slice. The kernel writes through the
    slice's second binding, not the tied one: the copy goes there, the result is tied to it, and
    the first binding keeps reading the slice. A copy in the tied position alone left the write
    in the slice, which the rewrite (run again on the repaired module) then aliases into the
    exported @p0 result 1; a copy in both positions left the kernel zeroing its output before
    reading its input through the other binding (result 3). Stock gets result 3 wrong."""
    out = tmp_path / "p.vmfb"
    guard = ScheduleGuard()
    compile_stream_async(TWO_BINDINGS.read_text(), out, CPU_FLAGS, lambda m: elide_slices(m), guard=guard)
    assert guard.report is not None and [r.retied_to for r in guard.report.repairs] == [1]
    assert not guard.report.final.hazards
    (results,) = run_steps(out, "p0", [[0]])
    assert results[1].tolist() == [7, 7926, 15845, 23764, 31683, 15859, 47521]
    assert results[3].tolist() == [87130, 31683]


def test_the_check_at_the_splice_reports_a_kernel_that_writes_bytes_it_reads_through_another_binding() -> None:
    checked = check_file_in_full(TWO_BINDINGS, CPU_FLAGS, at_splice=True)
    (line,) = [x for x in hazard_lines(checked) if "through binding" in x]
    assert line.startswith(
        "hazard: stream.async.dispatch %18 (schedule_repair_dispatch_given_its_target_twice.mlir:103:11)"
    )
    assert "through binding 0 (bytes [0, 4*arg0 + 8)) and binding 1 (bytes [0, 4))" in line
    assert "its kernel writes through binding 1: the ranges overlap" in line
    (record,) = [r for r in checked.report.log_records() if r.get("verdict") == "bindings-overlap"]
    assert record["check"] == "schedule" and record["hazard"] and record["bindings"] == [0, 1]


# -- a load after a store of its global ------------------------------------------------------------

RELOADS = REPO / "tests" / "data" / "reloads"
RELOADED = RELOADS / "global_reloaded_after_its_store.mlir"


def test_plain_iree_reads_the_old_buffer_through_a_load_after_its_store(tmp_path: Path) -> None:
    """The upstream fault, reproduced at the splice: if this starts failing, IREE fixed it."""
    out = tmp_path / "stock.vmfb"
    compile_stream_async(RELOADED.read_text(), out, CPU_FLAGS)
    got = [[x.tolist() for x in step] for step in run_steps(out, "f", [[0], [1]])]
    assert got == [[[10905840], [10905840]], [[10769840], [10769840]]]


@pytest.mark.parametrize(
    ("case", "copied", "expected"),
    [
        # wsum of the iota from 1000, from 0, from 1: each step sums the old value and the new.
        ("global_reloaded_after_its_store", False, [[[10905840], [10769840]], [[10769840], [10769976]]]),
        # The reload is sliced, then filled in place and stored: it takes a copy (the stored
        # value itself, also stored and sliced, written in place made IREE 3.13 zero @g).
        ("reload_sliced_and_filled_in_place", True, [[[10905840], [7000396]], [[9598062], [7000474]]]),
        # @h's value stored to @g, reloaded and filled: the first store of @g, read by no one
        # once the load takes a copy, is dropped (IREE 3.13 kept the first store's value).
        ("another_globals_value_reloaded_and_filled", True, [[[10905840], [11041840]], [[10905840], [10737550]]]),
        # The copy of @h's load reads it through a barrier: a callee fills @h in place.
        (
            "another_globals_value_reloaded_while_a_callee_fills_it",
            True,
            [[[10905840], [11041840]], [[9708010], [10737550]], [[9708010], [9539720]]],
        ),
    ],
)
def test_a_compile_at_the_splice_gives_a_load_after_its_store_the_stored_value(
    case: str, copied: bool, expected: list, tmp_path: Path
) -> None:
    path = RELOADS / f"{case}.mlir"
    text = path.read_text()
    out, guard = tmp_path / "out.vmfb", ScheduleGuard(source=text, filename=path.name)
    compile_stream_async(text, out, CPU_FLAGS, lambda m: elide_slices(m, source=text), guard=guard)
    assert guard.report is not None
    (forwarded,) = guard.report.forwarded
    assert forwarded.line().startswith("util.global.load %re (") and forwarded.copied == copied
    assert [[x.tolist() for x in step] for step in run_steps(out, "f", [[k] for k in range(len(expected))])] == expected


def test_the_time_spent_forwarding_reloads_counts_as_time_the_compile_waited(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Forwarding reloads runs at the splice, before the hook: on the compile's path, so the
    report's ``start_seconds`` (what the compile waited for) holds it, and ``seconds`` too."""
    import rewriter.guard.passes as guard_passes

    real = guard_passes.repair_globals

    def slow_repair(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the real one, 0.3 s later
        time.sleep(0.3)
        return real(*args, **kwargs)

    monkeypatch.setattr(guard_passes, "repair_globals", slow_repair)
    text = RELOADED.read_text()
    guard = ScheduleGuard(source=text, filename=RELOADED.name)
    compile_stream_async(text, tmp_path / "out.vmfb", CPU_FLAGS, guard=guard)
    assert guard.report is not None and guard.report.forwarded
    assert guard.report.start_seconds >= 0.3
    assert guard.report.seconds >= guard.report.start_seconds


def test_the_check_at_the_splice_reports_a_load_after_its_store() -> None:
    (line,) = _hazard_lines_at_splice(RELOADED)
    assert line.startswith("hazard: util.global.load %re (global_reloaded_after_its_store.mlir:")
    assert "loads @g after the store at" in line


def test_a_guard_that_may_not_repair_refuses_a_load_after_its_store(tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    with pytest.raises(ScheduleHazardError, match="IREE 3.13 would misread a global"):
        compile_stream_async(RELOADED.read_text(), out, CPU_FLAGS, guard=ScheduleGuard(repair=False))
    assert not out.exists()


def test_a_load_typed_apart_from_its_store_is_refused(tmp_path: Path) -> None:
    """It cannot take the value stored; IREE would read the old buffer: no module is written,
    and the check at the splice names it."""
    path = RELOADS / "reload_typed_apart_from_its_store.mlir"
    out = tmp_path / "out.vmfb"
    with pytest.raises(ScheduleHazardError, match="a compile refuses: it loads !stream.resource<external>"):
        compile_stream_async(path.read_text(), out, CPU_FLAGS, guard=ScheduleGuard())
    assert not out.exists()
    assert any("loads @g after the store at" in line for line in _hazard_lines_at_splice(path))


@pytest.mark.parametrize("case", ["filled_load_stored_then_stored_over", "fresh_value_filled_stored_then_stored_over"])
def test_a_store_of_a_value_written_in_place_stored_over_is_dropped(case: str, tmp_path: Path) -> None:
    """IREE 3.13 keeps the first of two stores of @g in a block when the first stores a value
    filled in place, @g's own buffer or a fresh one (stock: the fill stays from the second step
    on). The compile at the splice drops it, as IREE's pre-splice stages would; the check at
    the splice names it."""
    path = RELOADS / f"{case}.mlir"
    text = path.read_text()
    out, guard = tmp_path / "out.vmfb", ScheduleGuard(source=text, filename=path.name)
    compile_stream_async(text, out, CPU_FLAGS, lambda m: elide_slices(m, source=text), guard=guard)
    assert guard.report is not None
    (dropped,) = guard.report.forwarded
    assert dropped.line().startswith("util.global.store (") and "is dropped: IREE 3.13 would keep it" in dropped.line()
    assert [step[0].tolist() for step in run_steps(out, "f", [[0], [1], [2]])] == [[10905840], [10769840], [10769976]]
    assert any("IREE 3.13 keeps the first" in line for line in _hazard_lines_at_splice(path))


EXPORTED = RELOADS / "global_exported_then_passed_back.mlir"


def _passed_back_expected(calls: int) -> list[list[list[int]]]:
    """@f of ``global_exported_then_passed_back.mlir`` in value semantics, the host passing
    back its second result: call k returns (import + 3 * g', g'), where g' = 2 * g + 1."""
    from tests.campaign.executables import iota

    g, given, out = iota(4, 1000).astype(np.int64), iota(4, 5000).astype(np.int64), []
    for _ in range(calls):
        g = 2 * g + 1
        out.append([(given + 3 * g).tolist(), g.tolist()])
        given = g
    return out


def test_a_compile_at_the_splice_exports_a_copy_of_a_globals_own_buffer(tmp_path: Path) -> None:
    """The caller is handed @g's own buffer and passes it back; IREE 3.13 makes the import's
    slice a view of it, which @g's in-place scale writes before the mix reads it (stock's
    second call is wrong). The compile exports a copy, as IREE's conversion would."""
    text = EXPORTED.read_text()
    tool, stock = tmp_path / "tool.vmfb", tmp_path / "stock.vmfb"
    guard = ScheduleGuard(source=text, filename=EXPORTED.name)
    compile_stream_async(text, tool, CPU_FLAGS, lambda m: elide_slices(m, source=text), guard=guard)
    compile_stream_async(text, stock, CPU_FLAGS, None, guard=ScheduleGuard(check=False))
    assert guard.report is not None
    (copied,) = guard.report.forwarded
    assert copied.line().startswith(f"stream.tensor.export %b1 ({EXPORTED.name}:")
    assert "exports a copy of @g's buffer" in copied.line()
    want = _passed_back_expected(3)

    def calls(path: Path) -> list:
        (got,) = run_isolated(path, ["f"], [0, 1, 2], arguments=[[]], imports=[[(4, 5000)]])
        return [[r.tolist() for r in step] for step in got]

    assert calls(tool) == want
    stock_got = calls(stock)
    assert stock_got[0] == want[0] and stock_got[1] != want[1]


def test_check_reports_an_export_of_a_globals_own_buffer(capsys: pytest.CaptureFixture[str]) -> None:
    assert main(["check", str(EXPORTED)]) == 3
    (line,) = capsys.readouterr().out.splitlines()
    assert line.startswith(f"hazard: stream.tensor.export %b1 ({EXPORTED.name}:")
    assert "hands the caller @g's own buffer, which the module may write in place" in line


def test_a_guard_that_may_not_repair_refuses_an_export_of_a_globals_own_buffer(tmp_path: Path) -> None:
    out = tmp_path / "out.vmfb"
    with pytest.raises(ScheduleHazardError, match="hands the caller @g's own buffer"):
        compile_stream_async(EXPORTED.read_text(), out, CPU_FLAGS, guard=ScheduleGuard(repair=False))
    assert not out.exists()


#: What @f of ``store_sunk_past_a_branch_that_loads.mlir`` computes in value semantics.
STORE_SUNK_EXPECTED = [[10905840, 10769840], [10769840, 10769976], [10769976, 10770112]]


def test_stock_iree_sinks_a_store_past_a_branch_that_loads_its_global(tmp_path: Path) -> None:
    """IREE 3.13's global-access simplification moves a store of @g down past an ``scf.if``
    whose arm loads @g: the arm reads the old buffer."""
    out = tmp_path / "stock.vmfb"
    compile_stream_async((RELOADS / "store_sunk_past_a_branch_that_loads.mlir").read_text(), out, CPU_FLAGS)
    got = [[x.tolist()[0] for x in step] for step in run_steps(out, "f", [[0], [1], [2]])]
    assert got != STORE_SUNK_EXPECTED and got[0] == [10905840, 10905840]


def test_a_store_irees_schedule_moves_past_a_load_of_its_global_is_refused(tmp_path: Path) -> None:
    """The guard's global-order check sees the store of @g after the arm's load of @g in IREE's
    schedule, where the program has it before: no repair is known, so the compile refuses."""
    out = tmp_path / "out.vmfb"
    text = (RELOADS / "store_sunk_past_a_branch_that_loads.mlir").read_text()
    with pytest.raises(ScheduleHazardError, match=r"reorders the accesses to a global: in @f.*util.global.store @g"):
        compile_stream_async(text, out, CPU_FLAGS, lambda m: elide_slices(m, source=text), guard=ScheduleGuard())
    assert not out.exists()


def test_a_load_after_a_branch_that_stores_its_global_is_refused(tmp_path: Path) -> None:
    path = RELOADS / "store_in_a_branch_then_load.mlir"
    out = tmp_path / "out.vmfb"
    with pytest.raises(ScheduleHazardError, match=r"loads @g after scf.if at .*the scf.if may store @g"):
        compile_stream_async(path.read_text(), out, CPU_FLAGS, guard=ScheduleGuard())
    assert not out.exists()
    assert any("loads @g after scf.if at" in line for line in _hazard_lines_at_splice(path))


def test_an_input_that_names_no_global_is_not_parsed_again(monkeypatch: pytest.MonkeyPatch) -> None:
    """Parsing the input again in a context of its own is most of what the check costs a small
    compile; an input without the word ``global`` has no access to one to compare."""
    from rewriter.guard import schedule_guard

    def parsed(_: object) -> str:
        raise AssertionError("the input was parsed again")

    monkeypatch.setattr(schedule_guard, "read_input_order", parsed)
    with ir.Context():
        at_splice = global_events(ir.Module.parse("module {}"))
    assert schedule_guard.input_hazards("func.func @f() {\n  return\n}\n", at_splice, []) == []
    with pytest.raises(AssertionError, match="parsed again"):
        schedule_guard.input_hazards("util.global private @g : i32\n", at_splice, [])


# -- a loop writing the buffer of its init -----------------------------------------------------------

SWAPPED = REPO / "tests" / "data" / "schedule_loop_swaps_two_globals_it_scales.mlir"


def _iota(base: int) -> np.ndarray:
    return (base + 7919 * np.arange(18)).astype(np.int32)


def test_a_loop_scaling_two_globals_it_swaps_starts_from_a_copy_of_each(tmp_path: Path) -> None:
    """IREE's schedule leaves the slices of both globals' loads unordered with the loop whose body
    scales, in turn, each global's buffer (stock reads scaled bytes); the guard starts the loop
    from a fresh copy of each init, and the build computes what the program says, call after call."""
    out = tmp_path / "out.vmfb"
    guard = ScheduleGuard()
    compile_file(SWAPPED, out, CPU_FLAGS, guard=guard)
    assert guard.report is not None and guard.report.final.hazards == []
    assert [r.kind for r in guard.report.repairs] == ["init-to-fresh-copy"] * 2
    g, h = _iota(1010007), _iota(1020014)
    expected = []
    for _ in range(2):
        v, w, a, b = g.copy(), h.copy(), g.copy(), h.copy()
        for _ in range(3):
            a[10:16] = a[10:16] * 2 + 1
            a, b = b, a
        g, h = a, b
        expected.append([g.tolist(), h.tolist(), v[1:12].tolist(), w[9:18].tolist()])
    got = [[x.tolist() for x in call] for call in run_steps(out, "p0", [[0], [1]])]
    assert got == expected


CALLEE_LOOP = REPO / "tests" / "data" / "schedule_callee_loop_scales_the_global_its_caller_slices.mlir"


def test_check_reports_on_splice_level_input_what_compile_repairs(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``check`` enters splice-level input where ``compile`` does, through IREE's stages before
    the splice: it names the loop's write of the buffer the caller's slice reads, which the
    compile repairs by starting the loop from a copy; the build computes the program's values."""
    assert main(["check", str(CALLEE_LOOP), *CPU_FLAGS]) == 3
    (line,) = capsys.readouterr().out.splitlines()
    assert "reads bytes [4, 48) of @g0" in line and "in the body of scf.for" in line
    out = tmp_path / "out.vmfb"
    guard = ScheduleGuard()
    compile_file(CALLEE_LOOP, out, CPU_FLAGS, guard=guard)
    assert guard.report is not None and [r.kind for r in guard.report.repairs] == ["init-to-fresh-copy"]
    g, expected = _iota(1010007), []
    for _ in range(2):
        v = g.copy()
        for _ in range(2):
            g[10:16] = g[10:16] * 2 + 1
        expected.append([g.tolist(), v[1:12].tolist()])
    assert [[x.tolist() for x in call] for call in run_steps(out, "p0", [[0], [1]])] == expected


def test_check_reports_nothing_on_splice_level_input_that_compile_builds_unrepaired(tmp_path: Path) -> None:
    """IREE's stages before the splice forward the reload the module at the splice misreads:
    ``check`` enters where ``compile`` does and reports nothing (the library's check at the
    splice still names it: above)."""
    assert main(["check", str(STORE_MOVED), *CPU_FLAGS]) == 0
    guard = ScheduleGuard()
    compile_file(STORE_MOVED, tmp_path / "out.vmfb", CPU_FLAGS, guard=guard)
    assert guard.report is not None and guard.report.first.hazards == [] and guard.report.repairs == []
