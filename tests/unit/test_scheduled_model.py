"""The model on scheduled stream IR: phase, storage edges of execution and concurrent regions,
and ordering by dependence only (never by block order inside a region).

The last test is the mutation check of the ordering rule: if block order counted as execution
order inside concurrent regions, the must-keep twin ``sched_write_after_the_read_in_block_order_only``
(tests/ir/scheduled.mlir) would be aliased; its DECISION line keeps the copy.
"""

from __future__ import annotations

from pathlib import Path

import pytest

from benchmarks.ir_cases import cases, wrap
from stream_model import Decision, ModuleModel, analyze, parse_module
from stream_model.model.program import FunctionModel, OpInfo
from stream_model.semantics.phase import Phase, classify_phase

SEED = Path(__file__).resolve().parents[1] / "data" / "seed_repro_scheduled.mlir"
SCHEDULED = {name.split("/", 1)[1]: chunk for name, kind, chunk in cases() if kind == "scheduled"}


_KEEP_ALIVE: list[object] = []  # the parsed modules (and their contexts) outlive each test's model


def _model(case: str) -> ModuleModel:
    loaded = parse_module(wrap(SCHEDULED[case]))
    _KEEP_ALIVE.append(loaded)
    return ModuleModel(loaded.module)


def _op(fn: FunctionModel, name: str, nth: int = 0) -> OpInfo:
    return [i for i in fn.ops if i.op.name == name][nth]


def test_the_seed_repro_is_scheduled_ir() -> None:
    assert classify_phase(parse_module(SEED.read_text()).module).phase is Phase.SCHEDULED


def test_captures_yields_ties_and_awaits_are_one_storage() -> None:
    from stream_model.interproc.resolved import resolve_calls

    model = _model("sched_slice_read_in_next_concurrent_region")
    storage = resolve_calls(model).storage
    fn = model.functions[0]
    load = _op(fn, "util.global.load").op.results[0]
    execute = _op(fn, "stream.async.execute").op
    capture = list(execute.regions[0].blocks[0].arguments)[0]
    tied_result = execute.results[0]
    awaited = _op(fn, "stream.timepoint.await").op.results[0]
    update = _op(fn, "stream.async.update").op.results[0]
    for value in (capture, tied_result, awaited, update):
        assert storage.same_base(load, value)
    slice_ = _op(fn, "stream.async.slice").op.results[0]
    assert not storage.same_base(load, slice_)
    assert not storage.is_external(load)


def test_order_across_a_concurrent_yield_and_an_awaited_timepoint() -> None:
    fn = _model("sched_write_ordered_before_through_a_concurrent_yield").functions[0]
    assert fn.happens_before(_op(fn, "stream.async.update"), _op(fn, "stream.async.slice"))
    fn = _model("sched_write_in_an_awaited_execution_region").functions[0]
    assert fn.happens_before(_op(fn, "stream.async.update"), _op(fn, "stream.async.slice"))
    fn = _model("sched_write_in_an_execution_region_not_awaited").functions[0]
    assert not fn.happens_before(_op(fn, "stream.async.update"), _op(fn, "stream.async.slice"))


def test_block_order_inside_a_concurrent_region_is_not_an_order() -> None:
    fn = _model("sched_write_after_the_read_in_block_order_only").functions[0]
    read, write = _op(fn, "stream.async.dispatch"), _op(fn, "stream.async.update")
    assert read.block_id == write.block_id and read.index < write.index
    assert not fn.happens_before(read, write)
    fn = _model("sched_slice_read_in_next_concurrent_region").functions[0]
    read, write = _op(fn, "stream.async.dispatch"), _op(fn, "stream.async.update", 1)
    assert read.block_id != write.block_id and fn.happens_before(read, write)  # through %b's capture


def _block_order_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    """The mutation: program order counts as execution order inside concurrent regions."""
    original = FunctionModel.happens_before

    def by_position(self: FunctionModel, a: OpInfo, b: OpInfo) -> bool:
        if a.block_id == b.block_id and a.block_id in self.stream_bodies and not (a.has_regions or b.has_regions):
            return a.index < b.index
        return original(self, a, b)

    monkeypatch.setattr(FunctionModel, "happens_before", by_position)


def _decision(case: str) -> Decision:
    (d,) = analyze(_model(case)).decisions
    return d.decision


def test_mutation_block_order_as_execution_order_is_killed(monkeypatch: pytest.MonkeyPatch) -> None:
    case = "sched_write_after_the_read_in_block_order_only"
    assert _decision(case) is Decision.KEEP
    _block_order_counts(monkeypatch)
    assert _decision(case) is Decision.ALIAS  # the IR case's DECISION line ("keep") fails
