"""The schedule check on hand-written scheduled IR: one behaviour per test.

Each module is IR as it is right before ``iree-stream-schedule-allocation`` (no IREE pass runs
here): what the check reads in a compile. The order rules are IREE's (StreamOps.td): the body of
an execution region runs serially in block order, a concurrent region's ops at the same time, an
execution region waits only for the timepoints it awaits.
"""

from __future__ import annotations

import dataclasses

import pytest
from iree.compiler import ir

import stream_model.schedule.check as schedule_check
from stream_model.schedule.check import ScheduleCheck, ScheduleReport, ScheduleVerdict, check_schedule
from stream_model.symbolic.proofs import UNKNOWN

_KEEP_ALIVE: list[object] = []

_PRELUDE = """
util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
util.global private mutable @cache : !stream.resource<variable>
stream.executable private @ex {
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    stream.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
      return
    }
  }
}
"""

#: Constants every function below uses.
_CONSTANTS = """
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c16 = arith.constant 16 : index
  %c24 = arith.constant 24 : index
  %c64 = arith.constant 64 : index
  %c7_i32 = arith.constant 7 : i32
"""


def _check(body: str, extra: str = "") -> ScheduleReport:
    text = (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        + _PRELUDE
        + extra
        + body.replace("CONSTANTS", _CONSTANTS)
        + "\n}\n"
    )
    context = ir.Context()
    context.allow_unregistered_dialects = True  # "test.opaque": an op the model cannot know
    _KEEP_ALIVE.append(context)
    with context:
        module = ir.Module.parse(text)
        assert module.operation.verify()
        _KEEP_ALIVE.append(module)
        return check_schedule(module)


def _verdicts(report: ScheduleReport) -> list[str]:
    return [str(c.verdict) for c in report.checks]


_READ = "stream.async.dispatch @ex::@read({value}[{a} to {b} for {n}]) : (!stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}}"


def _read(value: str, a: str = "%c0", b: str = "%c64", n: str = "%c64") -> str:
    return _READ.format(value=value, a=a, b=b, n=n)


# -- the order of an execution region's body ----------------------------------------------------


def test_a_read_before_the_in_place_write_in_an_execution_region_is_ordered() -> None:
    report = _check(f"""
util.func public @f(%row: !stream.resource<transient>) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> (!stream.resource<transient>{{%c4}}, %cache{{%c64}}) {{
    %d = {_read("%c")}
    %u = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %d, %u : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r#0 : !stream.resource<transient>{{%c4}}
  util.global.store %r#1, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}""")
    assert _verdicts(report) == ["ordered-before"] and not report.hazards


def test_a_read_placed_after_the_in_place_write_is_a_read_after_write_hazard() -> None:
    """G1: the body is serial, so the read sees the write."""
    report = _check(f"""
util.func public @f(%row: !stream.resource<transient>) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> (!stream.resource<transient>{{%c4}}, %cache{{%c64}}) {{
    %u = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    %d = {_read("%c")}
    stream.yield %d, %u : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r#0 : !stream.resource<transient>{{%c4}}
  util.global.store %r#1, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}""")
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.READ_AFTER_WRITE
    assert (hazard.read_range, hazard.write_range) == (["0", "64"], ["0", "8"])
    assert hazard.storage == "@cache"
    assert "reads bytes [0, 64) of @cache after stream.async.update" in hazard.line()


def test_a_read_and_an_in_place_write_in_one_concurrent_region_are_unordered() -> None:
    report = _check(f"""
util.func public @f(%row: !stream.resource<transient>) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> (!stream.resource<transient>{{%c4}}, %cache{{%c64}}) {{
    %w:2 = stream.async.concurrent with(%c as %cc: !stream.resource<variable>{{%c64}}, %rw as %cr: !stream.resource<transient>{{%c8}}) -> (!stream.resource<transient>{{%c4}}, %c{{%c64}}) {{
      %d = {_read("%cc")}
      %u = stream.async.update %cr, %cc[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %cc as !stream.resource<variable>{{%c64}}
      stream.yield %d, %u : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
    }}
    stream.yield %w#0, %w#1 : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r#0 : !stream.resource<transient>{{%c4}}
  util.global.store %r#1, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}""")
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNORDERED and hazard.counterexample == {}


_CONCURRENT = """
util.func public @f(%row: !stream.resource<transient>, %step: index) -> !stream.resource<transient> {{
  CONSTANTS
  {prologue}
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> (!stream.resource<transient>{{%c4}}, %cache{{%c64}}) {{
    %w:2 = stream.async.concurrent with(%c as %cc: !stream.resource<variable>{{%c64}}, %rw as %cr: !stream.resource<transient>{{%c8}}) -> (!stream.resource<transient>{{%c4}}, %c{{%c64}}) {{
      %d = {read}
      %u = stream.async.update %cr, %cc[{w0} to {w1}] : !stream.resource<transient>{{%c8}} -> %cc as !stream.resource<variable>{{%c64}}
      stream.yield %d, %u : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
    }}
    stream.yield %w#0, %w#1 : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r#0 : !stream.resource<transient>{{%c4}}
  util.global.store %r#1, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}"""


def test_unordered_ops_on_provably_disjoint_bytes_are_safe() -> None:
    report = _check(_CONCURRENT.format(prologue="", read=_read("%cc", "%c16", "%c24", "%c8"), w0="%c0", w1="%c8"))
    assert _verdicts(report) == ["disjoint"] and not report.hazards


def test_disjointness_over_symbolic_ranges_rests_on_named_facts() -> None:
    """Without "the accesses end inside the storage", 8*step + 16 could wrap around 2^64 and
    the write [8*step + 8, 8*step + 16) land on the read [0, 8*step): the proof names the fact."""
    prologue = (
        "%len = arith.muli %step, %c8 : index\n  %end = arith.addi %len, %c8 : index\n"
        "  %end2 = arith.addi %len, %c16 : index"
    )
    report = _check(
        _CONCURRENT.format(prologue=prologue, read=_read("%cc", "%c0", "%len", "%len"), w0="%end", w1="%end2")
    )
    (check,) = report.checks
    assert check.verdict is ScheduleVerdict.DISJOINT
    assert check.facts_used and all(f.startswith("in-bounds") for f in check.facts_used)


def test_overlapping_symbolic_ranges_come_with_a_counterexample() -> None:
    prologue = "%len = arith.muli %step, %c8 : index\n  %end = arith.addi %len, %c8 : index"
    report = _check(
        _CONCURRENT.format(prologue=prologue, read=_read("%cc", "%c0", "%end", "%end"), w0="%len", w1="%end")
    )
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNORDERED and hazard.counterexample is not None


def test_a_solver_that_gives_up_is_a_hazard_not_a_pass(monkeypatch: pytest.MonkeyPatch) -> None:
    original = schedule_check.prove_disjoint

    def gives_up(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the patched function's signature
        return dataclasses.replace(original(*args, **kwargs), verdict=UNKNOWN, counterexample=None)

    monkeypatch.setattr(schedule_check, "prove_disjoint", gives_up)
    report = _check(_CONCURRENT.format(prologue="", read=_read("%cc", "%c16", "%c24", "%c8"), w0="%c0", w1="%c8"))
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNKNOWN


# -- execution regions and timepoints ------------------------------------------------------------

_TWO_REGIONS_TEXT = """
util.func public @f(%row: !stream.resource<transient>) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {read}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  {between}
  %u, %tpu = stream.async.execute {awaits} with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %cache{{%c64}} {{
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{{%c4}}
  util.global.store %u, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}"""


class _TwoRegions:
    """A read in one execution region, an in-place write of the same bytes in a second."""

    @staticmethod
    def format(between: str, awaits: str) -> str:
        return _TWO_REGIONS_TEXT.format(read=_read("%c"), between=between, awaits=awaits)


_TWO_REGIONS = _TwoRegions()


def test_execution_regions_without_a_timepoint_between_them_are_unordered() -> None:
    """The HAL runs submissions like vkQueueSubmit: they may complete out of order."""
    report = _check(_TWO_REGIONS.format(between="", awaits=""))
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNORDERED


def test_an_execution_region_that_awaits_the_readers_timepoint_is_ordered() -> None:
    report = _check(_TWO_REGIONS.format(between="", awaits="await(%tp) =>"))
    assert _verdicts(report) == ["ordered-before"]


def test_a_joined_timepoint_orders_like_each_of_its_operands() -> None:
    between = "%i = stream.timepoint.immediate => !stream.timepoint\n  %j = stream.timepoint.join max(%i, %tp) => !stream.timepoint"
    report = _check(_TWO_REGIONS.format(between=between, awaits="await(%j) =>"))
    assert _verdicts(report) == ["ordered-before"]


def test_a_join_the_next_region_does_not_await_orders_nothing() -> None:
    """``stream.timepoint.join`` makes a timepoint and returns: the host does not wait for the
    timepoints it joins, so a region submitted after it, awaiting nothing, may run at once."""
    between = "%i = stream.timepoint.immediate => !stream.timepoint\n  %j = stream.timepoint.join max(%i, %tp) => !stream.timepoint"
    report = _check(_TWO_REGIONS.format(between=between, awaits=""))
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNORDERED


def test_a_host_await_orders_the_regions_submitted_after_it() -> None:
    """``stream.timepoint.await`` blocks the host until the timepoint is reached."""
    between = "%early = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}"
    report = _check(_TWO_REGIONS.format(between=between, awaits=""))
    assert _verdicts(report) == ["ordered-before"]


def test_a_call_passes_the_order_on_when_the_callee_awaits_the_timepoint_it_is_given() -> None:
    callee = """
util.func private @wait(%t: !stream.timepoint) -> !stream.timepoint {
  %c0 = arith.constant 0 : index
  %x, %t2 = stream.async.execute await(%t) => with() -> !stream.resource<transient>{%c0} {
    %s = stream.async.alloca : !stream.resource<transient>{%c0}
    stream.yield %s : !stream.resource<transient>{%c0}
  } => !stream.timepoint
  util.return %t2 : !stream.timepoint
}
util.func private @ignore(%t: !stream.timepoint) -> !stream.timepoint {
  %i = stream.timepoint.immediate => !stream.timepoint
  util.return %i : !stream.timepoint
}
"""
    passes = _check(
        _TWO_REGIONS.format(
            between="%k = util.call @wait(%tp) : (!stream.timepoint) -> !stream.timepoint", awaits="await(%k) =>"
        ),
        callee,
    )
    assert _verdicts(passes) == ["ordered-before"]
    drops = _check(
        _TWO_REGIONS.format(
            between="%k = util.call @ignore(%tp) : (!stream.timepoint) -> !stream.timepoint", awaits="await(%k) =>"
        ),
        callee,
    )
    assert _verdicts(drops) == ["unordered"]


# -- storage: versions, subviews, branches, copies ----------------------------------------------


def test_a_subview_reads_the_bytes_at_its_offset() -> None:
    read = (
        "stream.async.dispatch @ex::@read(%sv[%c0 to %c8 for %c8]) : (!stream.resource<variable>{%c8}) -> "
        "!stream.resource<transient>{%c4}"
    )
    body = _CONCURRENT.format(prologue="", read=read, w0="%c8", w1="%c16")
    body = body.replace(
        "      %d = ",
        "      %sv = stream.resource.subview %cc[%c16] : !stream.resource<variable>{%c64} -> !stream.resource<variable>{%c8}\n      %d = ",
    )
    report = _check(body)
    (check,) = report.checks
    assert check.read_range == ["16", "24"] and check.verdict is ScheduleVerdict.DISJOINT


def test_alternatives_of_a_branch_are_never_paired() -> None:
    """A write in one arm of an scf.if and a read in the other never both run; no pair."""
    report = _check(f"""
util.func public @f(%row: !stream.resource<transient>, %p: i1) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %out = scf.if %p -> !stream.resource<transient> {{
    %r, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
      %d = {_read("%c")}
      stream.yield %d : !stream.resource<transient>{{%c4}}
    }} => !stream.timepoint
    %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{{%c4}}
    scf.yield %a : !stream.resource<transient>
  }} else {{
    %u, %tpu = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %cache{{%c64}} {{
      %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
      stream.yield %w : !stream.resource<variable>{{%c64}}
    }} => !stream.timepoint
    %b = stream.timepoint.await %tpu => %u : !stream.resource<variable>{{%c64}}
    util.global.store %b, @cache : !stream.resource<variable>
    scf.yield %row : !stream.resource<transient>
  }}
  util.return %out : !stream.resource<transient>
}}""")
    assert report.checks == []


def test_a_copy_onto_overlapping_bytes_of_its_own_source_is_a_hazard() -> None:
    """G2: the HAL rejects a copy whose source and target ranges overlap in one buffer."""
    body = """
util.func public @f() {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %u, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> %cache{{%c64}} {{
    %w = stream.async.copy %c[{s0} to {s1}], %c[%c0 to %c8], %c8 : !stream.resource<variable>{{%c64}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  util.global.store %u, @cache : !stream.resource<variable>
  util.return
}}"""
    overlapping = _check(body.format(s0="%c0", s1="%c8"))
    (hazard,) = overlapping.hazards
    assert hazard.verdict is ScheduleVerdict.COPY_OVERLAP
    assert (hazard.read_range, hazard.write_range) == (["0", "8"], ["0", "8"])
    disjoint = _check(body.format(s0="%c8", s1="%c16"))
    assert _verdicts(disjoint) == ["disjoint"]


def test_two_in_place_writes_of_one_version_are_a_hazard() -> None:
    report = _check("""
util.func public @f(%row: !stream.resource<transient>) {
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %u:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{%c64}, %row as %rw: !stream.resource<transient>{%c8}) -> (!stream.resource<variable>{%c64}, %cache{%c64}) {
    %a = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{%c8} -> %c as !stream.resource<variable>{%c64}
    %b = stream.async.update %rw, %c[%c16 to %c24] : !stream.resource<transient>{%c8} -> %c as !stream.resource<variable>{%c64}
    stream.yield %a, %b : !stream.resource<variable>{%c64}, !stream.resource<variable>{%c64}
  } => !stream.timepoint
  util.global.store %u#1, @cache : !stream.resource<variable>
  util.return
}""")
    assert [str(h.verdict) for h in report.hazards] == ["consumed-twice"]


_LOOP_READS_THEN_WRITE = """
util.func public @f(%row: !stream.resource<transient>, %n: index) {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %t0 = stream.timepoint.immediate => !stream.timepoint
  %tl = scf.for %i = %c0 to %n step %c4 iter_args(%t = %t0) -> (!stream.timepoint) {{
    %r, %tp = stream.async.execute {awaits} with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
      %d = {read}
      stream.yield %d : !stream.resource<transient>{{%c4}}
    }} => !stream.timepoint
    {yields}
  }}
  %u, %tpu = stream.async.execute await(%tl) => with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %cache{{%c64}} {{
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  util.global.store %u, @cache : !stream.resource<variable>
  util.return
}}"""


def _loop_reads_then_write(awaits: str, yields: str) -> ScheduleReport:
    """Every iteration reads the cache in an execution region; the write after the loop
    awaits the loop's timepoint (IREE's own shape for a loop over layers that reads a cache,
    then the step's new row)."""
    return _check(_LOOP_READS_THEN_WRITE.format(read=_read("%c"), awaits=awaits, yields=yields))


def test_a_timepoint_carried_through_every_iteration_orders_every_iterations_reads() -> None:
    """Each iteration's region awaits the timepoint the previous one yielded: by induction the
    loop's timepoint is reached only once every iteration's region has ended (and a loop
    that runs no iteration reads nothing)."""
    report = _loop_reads_then_write("await(%t) =>", "scf.yield %tp : !stream.timepoint")
    assert _verdicts(report) == ["ordered-before"]


def test_a_carried_timepoint_joined_into_the_yield_orders_every_iterations_reads() -> None:
    """The chain may run through what the body yields instead of what it awaits."""
    yields = "%j = stream.timepoint.join max(%t, %tp) => !stream.timepoint\n    scf.yield %j : !stream.timepoint"
    report = _loop_reads_then_write("", yields)
    assert _verdicts(report) == ["ordered-before"]


def test_a_loop_whose_yield_does_not_imply_the_carried_timepoint_orders_no_earlier_iteration() -> None:
    """The body's region awaits nothing and yields its own timepoint: the loop's timepoint says
    the last iteration's read has ended, not the earlier ones'. An edge out of a loop orders its
    last iteration alone: not proven, so reported (never taken as safe)."""
    report = _loop_reads_then_write("", "scf.yield %tp : !stream.timepoint")
    assert _verdicts(report) == ["unordered"]


def test_a_region_before_a_loop_that_only_the_loops_body_awaits_is_not_ordered_by_the_loop() -> None:
    """A read before the loop; every iteration awaits it and the carried timepoint, and the write
    awaits the loop's: when the loop runs no iteration it yields the init, which implies nothing
    of the read (review 24 found the induction taking it as implied: IREE's build of such a step
    read the row its write had just written, on ``local-task``)."""
    report = _check(f"""
util.func public @f(%row: !stream.resource<transient>, %n: index) {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %t0 = stream.timepoint.immediate => !stream.timepoint
  %r, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {_read("%c")}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %tl = scf.for %i = %c0 to %n step %c4 iter_args(%t = %t0) -> (!stream.timepoint) {{
    %j = stream.timepoint.join max(%t, %tp) => !stream.timepoint
    %x, %tx = stream.async.execute await(%j) => with(%row as %rr: !stream.resource<transient>{{%c8}}) -> !stream.resource<transient>{{%c8}} {{
      stream.yield %rr : !stream.resource<transient>{{%c8}}
    }} => !stream.timepoint
    scf.yield %tx : !stream.timepoint
  }}
  %u, %tpu = stream.async.execute await(%tl) => with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %cache{{%c64}} {{
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  util.global.store %u, @cache : !stream.resource<variable>
  util.return
}}""")
    assert _verdicts(report) == ["unordered"]


_HOST_WAIT_IN_A_REGION = """
util.func public @f(%row: !stream.resource<transient>, %n: index, %b: i1, %c_: i1) {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  {region}
  %u, %tpu = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %cache{{%c64}} {{
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  util.global.store %u, @cache : !stream.resource<variable>
  util.return
}}"""

_READ_REGION = f"""%r, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {_read("%c")}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint"""


def test_a_host_wait_in_an_arm_that_may_not_run_orders_nothing_after_the_branch() -> None:
    """``scf.if`` without ``else``: when the condition is false nothing waited for the read
    (review 24: the branch's end was taken to follow every arm's host work)."""
    region = (
        _READ_REGION
        + """
  scf.if %b {
    %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}
    scf.yield
  }"""
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["unordered"]


def test_a_host_wait_on_one_side_of_a_cf_diamond_orders_nothing_after_the_merge() -> None:
    """The merge block runs after one of its predecessors, not both: the wait on one side is
    not a wait on the way through the other (review 25)."""
    region = (
        _READ_REGION
        + """
  cf.cond_br %b, ^bb1, ^bb2
^bb1:
  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}
  cf.br ^bb3
^bb2:
  cf.br ^bb3
^bb3:"""
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["unordered"]


def test_a_host_wait_before_one_of_two_exits_of_a_region_orders_nothing_after_it() -> None:
    """An ``scf.execute_region`` submits the read, then leaves through one of two yields, one
    waiting for the read: the read runs on both ways out, ended on one (review 26)."""
    region = (
        "scf.execute_region {\n  "
        + _READ_REGION
        + """
    cf.cond_br %b, ^bb1, ^bb2
  ^bb1:
    %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}
    scf.yield
  ^bb2:
    scf.yield
  }"""
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["unordered"]


def test_a_host_wait_in_a_block_that_never_runs_orders_nothing() -> None:
    """No edge reaches ``^bb1``: its wait is no way into the merge (review 26)."""
    region = (
        _READ_REGION
        + """
  cf.br ^bb2
^bb1:
  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}
  cf.br ^bb2
^bb2:"""
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["unordered"]


def test_a_host_wait_an_irreducible_cycle_can_bypass_orders_nothing() -> None:
    """``^A`` is entered from ``^X`` (which waits) or from ``^B`` (which does not): over the
    forward edges of a depth-first search ``^X`` looked like its only way in (review 26)."""
    region = (
        _READ_REGION
        + """
  cf.cond_br %b, ^X, ^B
^X:
  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}
  cf.br ^A
^A:
  cf.cond_br %c_, ^B, ^M
^B:
  cf.br ^A
^M:"""
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["unordered"]


def test_regions_nested_deeper_than_pythons_stack_leave_the_pair_unproven() -> None:
    """300 ``scf.if`` nested in one another: the search gives up (not proven, so reported)
    rather than raising (review 26: RecursionError)."""
    opening = "".join("scf.if %b {\n  " for _ in range(300))
    closing = "".join("}\n  " for _ in range(300))
    region = (
        _READ_REGION
        + "\n  "
        + opening
        + "%a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}\n  "
        + closing
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["unordered"]


def test_a_long_run_of_region_ops_before_the_write_is_checked_without_running_out_of_stack() -> None:
    """Each branch's end asks what its arms imply, searching inside them only: 300 branches in
    a row once nested 300 searches (review 25: RecursionError)."""
    branches = "\n  ".join(
        f"scf.if %b {{\n    %x{i} = arith.addi %c0, %c4 : index\n    scf.yield\n  }} else {{\n    scf.yield\n  }}"
        for i in range(300)
    )
    region = (
        _READ_REGION
        + "\n  "
        + branches
        + "\n  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}"
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["ordered-before"]


def test_a_host_wait_in_every_iteration_orders_each_iterations_read_before_what_follows_the_loop() -> None:
    """Each iteration reads the cache and waits for its read on the host: every read that ran
    ended before the loop ended (and a loop that runs no iteration reads nothing)."""
    region = (
        "scf.for %i = %c0 to %n step %c4 {\n  "
        + _READ_REGION
        + "\n    %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{%c4}\n  }"
    )
    assert _verdicts(_check(_HOST_WAIT_IN_A_REGION.format(region=region))) == ["ordered-before"]


def test_a_timepoint_handed_to_every_iteration_implies_what_the_loops_init_does() -> None:
    """The write's region comes first and its timepoint is the loop's init; every iteration
    awaits the timepoint it is handed and yields its own: by induction each iteration's read of
    the version the write consumed starts after the write (a read-after-write hazard, proven for
    every iteration rather than left unordered)."""
    report = _check(f"""
util.func public @f(%row: !stream.resource<transient>, %n: index) {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %u, %tpu = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %cache{{%c64}} {{
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %tl = scf.for %i = %c0 to %n step %c4 iter_args(%t = %tpu) -> (!stream.timepoint) {{
    %r, %tp = stream.async.execute await(%t) => with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
      %d = {_read("%c")}
      stream.yield %d : !stream.resource<transient>{{%c4}}
    }} => !stream.timepoint
    scf.yield %tp : !stream.timepoint
  }}
  util.global.store %u, @cache : !stream.resource<variable>
  util.return
}}""")
    assert _verdicts(report) == ["read-after-write"]


def test_an_op_the_model_does_not_know_may_write_what_it_is_given() -> None:
    """Closed world: an unknown op given the cache may write it, so a read of the cache that
    the schedule does not order around it is reported unknown, never taken as safe."""
    report = _check(f"""
util.func public @f() -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> (!stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}) {{
    %w:2 = stream.async.concurrent with(%c as %cc: !stream.resource<variable>{{%c64}}) -> (!stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}) {{
      %d = {_read("%cc")}
      %x = "test.opaque"(%cc) : (!stream.resource<variable>) -> !stream.resource<variable>
      stream.yield %d, %x : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
    }}
    stream.yield %w#0, %w#1 : !stream.resource<transient>{{%c4}}, !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r#0 : !stream.resource<transient>{{%c4}}
  util.return %a : !stream.resource<transient>
}}""")
    assert [str(h.verdict) for h in report.hazards] == ["unknown"]
    assert "does not know" in report.hazards[0].detail


#: The cache read, then ``%m`` (``{choose}``: the cache, or another buffer) filled in place.
_CHOICE = """
util.func public @f(%p: i1) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {read}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  {choose}
  %u, %tpu = stream.async.execute with(%m as %c: !stream.resource<variable>{{%c64}}) -> %m{{%c64}} {{
    %w = stream.async.fill %c7_i32, %c[%c0 to %c8 for %c8] : i32 -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{{%c4}}
  util.global.store %u, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}"""
_SPLAT_Z = "%z = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}"


def _branch(other: str) -> str:
    """``%m``: an ``scf.if`` yielding the cache, or what ``other`` makes and yields."""
    return (
        "%m = scf.if %p -> !stream.resource<variable> {\n    scf.yield %cache : !stream.resource<variable>\n"
        f"  }} else {{\n    {other}\n  }}"
    )


def test_an_in_place_write_of_a_branchs_result_writes_what_an_arm_yields() -> None:
    """``scf.if`` yields the cache itself in one arm: writing its result in place writes the
    cache, which a read before the branch reads; nothing orders the two regions."""
    other = f"{_SPLAT_Z}\n    scf.yield %z : !stream.resource<variable>"
    report = _check(_CHOICE.format(read=_read("%c"), choose=_branch(other)))
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNORDERED and hazard.storage == "@cache"


_SELECT = f"{_SPLAT_Z}\n  %m = arith.select %p, %cache, %z : !stream.resource<variable>"


def test_an_in_place_write_of_a_selects_result_writes_either_buffer_it_chooses() -> None:
    """IREE's canonicalizer folds an ``scf.if`` whose arms only yield into ``arith.select``, of
    buffers too (stream seed 7074): writing its result in place may write the cache, which a
    read before it reads; nothing orders the two regions."""
    report = _check(_CHOICE.format(read=_read("%c"), choose=_SELECT))
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNORDERED and hazard.storage == "@cache"


def test_a_host_value_op_given_a_resource_is_one_the_check_does_not_model(monkeypatch: pytest.MonkeyPatch) -> None:
    """Closed world: an op of a host-value dialect is modelled only while it is given no
    resource, unless the op table says what it makes of one (here ``arith.select`` as if the
    table did not list it as a choice)."""
    monkeypatch.setattr(schedule_check, "CHOICE_OPS", frozenset())
    report = _check(_CHOICE.format(read=_read("%c"), choose=_SELECT))
    assert [str(h.verdict) for h in report.hazards] == ["unknown"]
    assert "does not know" in report.hazards[0].detail


def test_reads_and_writes_on_different_arms_of_a_branch_never_meet() -> None:
    """The write in one arm and the result of the other arm: never both in one execution."""
    report = _check(f"""
util.func public @f(%p: i1, %row: !stream.resource<transient>) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %m = scf.if %p -> !stream.resource<variable> {{
    %u, %tpu = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %cache{{%c64}} {{
      %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
      stream.yield %w : !stream.resource<variable>{{%c64}}
    }} => !stream.timepoint
    %b = stream.timepoint.await %tpu => %u : !stream.resource<variable>{{%c64}}
    scf.yield %b : !stream.resource<variable>
  }} else {{
    scf.yield %cache : !stream.resource<variable>
  }}
  %r, %tp = stream.async.execute with(%m as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {_read("%c")}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{{%c4}}
  util.global.store %m, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}""")
    assert report.hazards == []


def test_an_in_place_write_of_an_immutable_globals_buffer_is_a_hazard() -> None:
    """Every later invocation loads the buffer as it was: the write must go elsewhere."""
    report = _check(
        """
util.global private @table : !stream.resource<variable>
util.func public @f(%row: !stream.resource<transient>) {
  CONSTANTS
  %t = util.global.load immutable @table : !stream.resource<variable>
  %u, %tp = stream.async.execute with(%t as %c: !stream.resource<variable>{%c64}, %row as %rw: !stream.resource<transient>{%c8}) -> %t{%c64} {
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{%c8} -> %c as !stream.resource<variable>{%c64}
    stream.yield %w : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  util.return
}"""
    )
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.IMMUTABLE_WRITTEN and hazard.storage == "@table"


# -- a callee's in-place write of its argument ------------------------------------------------------

#: Callees that fill their argument in place: ``@fill`` itself (as IREE's copy elision leaves a
#: callee every caller passes the last use of the value), ``@passes_on`` through a call of it,
#: ``@back`` and ``@forth`` through a recursion (``@back`` calls ``@forth``, which fills its
#: argument and calls ``@back``: settled in a second round, ``@back`` coming first).
_CALLEES = """
util.func private @fill(%x: !stream.resource<variable>, %t: !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint) {
  CONSTANTS
  %u, %tu = stream.async.execute await(%t) => with(%x as %c: !stream.resource<variable>{%c64}) -> %x{%c64} {
    %w = stream.async.fill %c7_i32, %c[%c0 to %c4 for %c4] : i32 -> %c as !stream.resource<variable>{%c64}
    stream.yield %w : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  util.return %u, %tu : !stream.resource<variable>, !stream.timepoint
}
util.func private @passes_on(%x: !stream.resource<variable>, %t: !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint) {
  %u:2 = util.call @fill(%x, %t) : (!stream.resource<variable>, !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint)
  util.return %u#0, %u#1 : !stream.resource<variable>, !stream.timepoint
}
util.func private @back(%x: !stream.resource<variable>, %t: !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint) {
  %u:2 = util.call @forth(%x, %t) : (!stream.resource<variable>, !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint)
  util.return %u#0, %u#1 : !stream.resource<variable>, !stream.timepoint
}
util.func private @forth(%x: !stream.resource<variable>, %t: !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint) {
  %u:2 = util.call @fill(%x, %t) : (!stream.resource<variable>, !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint)
  %v:2 = util.call @back(%u#0, %u#1) : (!stream.resource<variable>, !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint)
  util.return %v#0, %v#1 : !stream.resource<variable>, !stream.timepoint
}
"""

#: The caller: a load of @cache passed to ``{callee}``, read in a region the host waits for
#: before the call, and in one after it that awaits the call's timepoint.
_CALLER = """
util.func public @f() -> (!stream.resource<transient>, !stream.resource<transient>) {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %i = stream.timepoint.immediate => !stream.timepoint
  %r, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {read}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r : !stream.resource<transient>{{%c4}}
  %u:2 = util.call {callee}(%cache, %i) : (!stream.resource<variable>, !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint)
  %s, %ts = stream.async.execute await(%u#1) => with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {read}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %b = stream.timepoint.await %ts => %s : !stream.resource<transient>{{%c4}}
  util.return %a, %b : !stream.resource<transient>, !stream.resource<transient>
}}"""


@pytest.mark.parametrize("callee", ["@fill", "@passes_on", "@back", "@forth"])
def test_a_read_after_a_call_whose_callee_writes_the_argument_in_place_is_a_hazard(callee: str) -> None:
    """The value a call passes is the buffer its callee writes in place (IREE's copy elision
    lets a callee write an argument every caller passes the last use of, and its stages before
    the splice may leave the caller reading the value after the call:
    ``tests/regressions/campaign-callee-writes-an-argument-the-caller-reads-after.json``). The
    read after the call is reported, named by the callee's write (what the repair gives a
    copy), through a callee that passes the argument on and through a recursion; the read the
    host waits for before the call is ordered."""
    report = _check(_CALLER.format(read=_read("%c"), callee=callee), _CALLEES.replace("CONSTANTS", _CONSTANTS))
    (ordered,) = [c for c in report.checks if c.function == "f" and not c.hazard]
    assert ordered.verdict is ScheduleVerdict.ORDERED
    (hazard,) = report.hazards
    assert hazard.function == "f" and hazard.verdict is ScheduleVerdict.UNKNOWN
    assert "stream.async.fill" in hazard.write and "called through util.call" in hazard.write
    assert hazard.write_op.name == "stream.async.fill" and hazard.storage == "@cache"


def test_a_callee_that_writes_a_copy_of_its_argument_writes_nothing_the_caller_passes() -> None:
    """IREE's copy-on-write keeps a callee's clone where a caller reads the value after the
    call: the callee then writes its own buffer, and the caller's read is no hazard."""
    cloning = _CALLEES.replace(
        "with(%x as %c: !stream.resource<variable>{%c64}) -> %x{%c64} {\n",
        "with(%x as %x0: !stream.resource<variable>{%c64}) -> !stream.resource<variable>{%c64} {\n"
        "    %c = stream.async.clone %x0 : !stream.resource<variable>{%c64} -> !stream.resource<variable>{%c64}\n",
    )
    assert cloning != _CALLEES
    report = _check(_CALLER.format(read=_read("%c"), callee="@fill"), cloning.replace("CONSTANTS", _CONSTANTS))
    assert report.hazards == []


def test_a_value_handed_into_a_loop_and_written_in_place_is_not_taken_as_safe() -> None:
    """A loop's iteration arguments start versions of their own (one iteration's instance is
    not told from the next); what the loop reads of the value it is handed stays unknown."""
    report = _check("""
util.func public @f(%row: !stream.resource<transient>, %n: index) {
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %l = scf.for %i = %c0 to %n step %c4 iter_args(%x = %cache) -> (!stream.resource<variable>) {
    scf.yield %x : !stream.resource<variable>
  }
  %u, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{%c64}, %row as %rw: !stream.resource<transient>{%c8}) -> %cache{%c64} {
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{%c8} -> %c as !stream.resource<variable>{%c64}
    stream.yield %w : !stream.resource<variable>{%c64}
  } => !stream.timepoint
  util.global.store %u, @cache : !stream.resource<variable>
  util.return
}""")
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.UNKNOWN and "loop" in hazard.detail


# -- one buffer through two bindings of one kernel -----------------------------------------------


def _kernel(executable: str, entry: str, bindings: list[str], body: str) -> str:
    """A ``stream.executable`` holding one kernel of ``bindings`` (``!stream.binding`` arguments)
    whose body (the ops before ``return``) is ``body``."""
    arguments = ", ".join(f"%{b}: !stream.binding" for b in bindings)
    return f"""
stream.executable private @{executable} {{
  stream.executable.export public @{entry} workgroups() -> (index, index, index) {{
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    stream.return %x, %y, %z : index, index, index
  }}
  builtin.module {{
    func.func @{entry}({arguments}) {{
{body}      return
    }}
  }}
}}
"""


def _subspan(binding: str, access: str, shape: str) -> str:
    return (
        f"      %{binding}_t = stream.binding.subspan %{binding}[%c0] : !stream.binding -> "
        f"!iree_tensor_ext.dispatch.tensor<{access}:tensor<{shape}xi32>>\n"
    )


_C0 = "      %c0 = arith.constant 0 : index\n"
_TWO_BINDINGS = _kernel(
    "k2", "sum", ["in", "out"], _C0 + _subspan("in", "readonly", "16") + _subspan("out", "writeonly", "1")
)


def _given_twice(
    out_start: str, out_end: str, in_end: str = "%c64", read: tuple[str, str] = ("%c16", "%c24")
) -> ScheduleReport:
    """A dispatch given the cache through two bindings, its result tied to the first (which its
    kernel only reads) while it writes through the second: what IREE's pre-splice stages make of
    an update fused into the dispatch that computes it. ``read``: the bytes of the cache another
    dispatch in the region reads after it."""
    return _check(
        f"""
util.func public @f() -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> (%cache{{%c64}}, !stream.resource<transient>{{%c4}}) {{
    %w = stream.async.dispatch @k2::@sum(%c[%c0 to {in_end} for {in_end}], %c[{out_start} to {out_end} for %c8]) : (!stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}) -> %c{{%c64}}
    %d = {_read("%c", *read, "%c8")}
    stream.yield %w, %d : !stream.resource<variable>{{%c64}}, !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r#1 : !stream.resource<transient>{{%c4}}
  util.global.store %r#0, @cache : !stream.resource<variable>
  util.return %a : !stream.resource<transient>
}}""",
        _TWO_BINDINGS,
    )


def test_a_kernel_writing_bytes_it_reads_through_another_binding_is_a_hazard() -> None:
    report = _given_twice("%c8", "%c16")
    overlaps = [h for h in report.hazards if h.bindings is not None]
    (hazard,) = overlaps
    assert hazard.verdict is ScheduleVerdict.BINDINGS_OVERLAP and hazard.bindings == [0, 1]
    assert (hazard.read_range, hazard.write_range) == (["0", "64"], ["8", "16"])
    assert "through binding 0 (bytes [0, 64)) and binding 1 (bytes [8, 16))" in hazard.line()
    assert hazard.to_json()["bindings"] == [0, 1]


def test_two_bindings_of_one_buffer_on_disjoint_bytes_are_safe() -> None:
    report = _check(
        """
util.func public @f() -> !stream.resource<variable> {
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %w = stream.async.dispatch @k2::@sum(%cache[%c0 to %c8 for %c8], %cache[%c16 to %c24 for %c8]) : (!stream.resource<variable>{%c64}, !stream.resource<variable>{%c64}) -> %cache{%c64}
  util.return %w : !stream.resource<variable>
}""",
        _TWO_BINDINGS,
    )
    assert not report.hazards
    assert [c.verdict for c in report.checks if c.bindings is not None] == [ScheduleVerdict.DISJOINT]


def test_the_bytes_a_kernel_writes_through_a_second_binding_are_part_of_its_in_place_write() -> None:
    """The other reads of the version meet the kernel's write where it really lands: a read of
    [16, 24) after the dispatch is disjoint from the tied binding's [0, 8) but not from the bytes
    written through the second binding."""
    report = _given_twice("%c16", "%c24", in_end="%c8")
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.READ_AFTER_WRITE and hazard.write_range == ["16", "24"]


def test_a_tied_binding_its_kernel_only_reads_is_no_write_of_its_bytes() -> None:
    """The dispatch's result is tied to binding 0, which its kernel opens read-only; it writes
    [8, 16) through binding 1. A read of [0, 8) after it reads bytes nothing wrote (review 18:
    the decode-step shape, a row computed from the cache prefix and emplaced into the cache,
    was a false alarm repaired with a copy of the whole cache)."""
    report = _given_twice("%c8", "%c16", in_end="%c8", read=("%c0", "%c8"))
    assert report.hazards == []
    assert [c.verdict for c in report.checks if c.bindings is not None] == [ScheduleVerdict.DISJOINT]


_THREE_BINDINGS = _kernel(
    "k3",
    "mix",
    ["a", "b", "out"],
    _C0 + _subspan("a", "readonly", "2") + _subspan("b", "readonly", "2") + _subspan("out", "writeonly", "2"),
)


def test_a_third_binding_written_over_the_first_of_two_read_ones_is_a_hazard() -> None:
    """Inputs first, output last (the order IREE's emplacement makes): the write through binding
    2 overlaps binding 0's bytes, not binding 1's. Each pair is checked once (review 17: the
    pair of the first and the third was lost, and the second's reported twice)."""
    report = _check(
        """
util.func public @f() -> !stream.resource<variable> {
  CONSTANTS
  %c12 = arith.constant 12 : index
  %cache = util.global.load @cache : !stream.resource<variable>
  %w = stream.async.dispatch @k3::@mix(%cache[%c0 to %c8 for %c8], %cache[%c16 to %c24 for %c8], %cache[%c4 to %c12 for %c8]) : (!stream.resource<variable>{%c64}, !stream.resource<variable>{%c64}, !stream.resource<variable>{%c64}) -> %cache{%c64}
  util.return %w : !stream.resource<variable>
}""",
        _THREE_BINDINGS,
    )
    pairs = {tuple(c.bindings): c.verdict for c in report.checks if c.bindings is not None}
    assert pairs == {(0, 2): ScheduleVerdict.BINDINGS_OVERLAP, (1, 2): ScheduleVerdict.DISJOINT}
    assert [h.bindings for h in report.hazards] == [[0, 2]]


_OPAQUE_KERNEL = _kernel("k4", "f", ["in", "out"], '      "test.opaque"(%in) : (!stream.binding) -> ()\n')


def test_a_binding_its_kernel_hands_to_an_op_the_model_does_not_know_may_be_written() -> None:
    """The async IR says the dispatch only reads the cache; its kernel, in the module, hands the
    binding to an op the model cannot read: it may write the cache, and the read after it (of
    the same version, in the same region) may see that write."""
    report = _check(
        f"""
util.func public @f() -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> (!stream.resource<transient>{{%c4}}, !stream.resource<transient>{{%c4}}) {{
    %w = stream.async.dispatch @k4::@f(%c[%c0 to %c8 for %c8]) : (!stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}}
    %d = {_read("%c", "%c0", "%c8", "%c8")}
    stream.yield %w, %d : !stream.resource<transient>{{%c4}}, !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %r#1 : !stream.resource<transient>{{%c4}}
  util.return %a : !stream.resource<transient>
}}""",
        _OPAQUE_KERNEL,
    )
    assert [h.verdict for h in report.hazards] == [ScheduleVerdict.READ_AFTER_WRITE]


def _unknown_kernel_given_twice(second: str) -> ScheduleReport:
    """The cache captured twice (two values, one version) by a dispatch of a kernel the module
    does not hold, the first tied to its first result; ``second`` is its second result."""
    return _check(f"""
util.func public @f() {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %r:2, %tp = stream.async.execute with(%cache as %a: !stream.resource<variable>{{%c64}}, %cache as %b: !stream.resource<variable>{{%c64}}) -> (%cache{{%c64}}, !stream.resource<variable>{{%c64}}) {{
    %w:2 = stream.async.dispatch @nowhere::@k(%a[%c0 to %c8 for %c8], %b[%c0 to %c8 for %c8]) : (!stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}) -> (%a{{%c64}}, {second})
    stream.yield %w#0, %w#1 : !stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  util.global.store %r#0, @cache : !stream.resource<variable>
  util.return
}}""")


def test_two_tied_bindings_of_a_kernel_not_in_the_module_are_taken_at_the_irs_word() -> None:
    """IREE's emplace-allocations ties a multi-result dispatch's results to ranges of one buffer."""
    report = _unknown_kernel_given_twice("%b{%c64}")
    assert [c for c in report.checks if c.bindings is not None] == []


def test_an_untied_binding_of_a_kernel_not_in_the_module_may_be_written() -> None:
    report = _unknown_kernel_given_twice("!stream.resource<variable>{%c64}")
    (hazard,) = [c for c in report.checks if c.bindings is not None]
    assert hazard.verdict is ScheduleVerdict.BINDINGS_OVERLAP and "not in the module" in hazard.detail


# -- what an execution region yields ------------------------------------------------------------


def _yields(body: str, yielded: str, captures: str = "") -> ScheduleReport:
    """An execution region that makes (or captures, ``%in``) values and yields ``yielded`` (two
    untied results), read afterwards by the host."""
    return _check(f"""
util.func public @f(%in: !stream.resource<variable>) -> (!stream.resource<variable>, !stream.resource<variable>) {{
  CONSTANTS
  %r:2, %tp = stream.async.execute with({captures}) -> (!stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}) {{
    {body}
    stream.yield {yielded} : !stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %w:2 = stream.timepoint.await %tp => %r#0, %r#1 : !stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}
  util.return %w#0, %w#1 : !stream.resource<variable>, !stream.resource<variable>
}}""")


_SPLAT = "%a = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}"
_FILL = "stream.async.fill %c7_i32, {src}[%c0 to %c8 for %c8] : i32 -> {src} as !stream.resource<variable>{{%c64}}"


def _filled(hazard: ScheduleCheck) -> str:
    """The name of the op that made the value the hazard's fill writes in place."""
    return hazard.write_op.opview.target.owner.name


def test_a_region_yielding_a_value_it_made_and_its_filled_version_is_a_hazard() -> None:
    """IREE's allocation gives the later version a buffer nothing writes
    (``tests/data/schedule_region_yields_two_versions.mlir``)."""
    report = _yields(f"{_SPLAT}\n    %b = {_FILL.format(src='%a')}", "%a, %b")
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.TWO_VERSIONS_YIELDED
    assert _filled(hazard) == "stream.async.splat"


def test_the_write_reported_is_the_one_that_consumes_the_earlier_yielded_version() -> None:
    body = f"{_SPLAT}\n    %m = {_FILL.format(src='%a')}\n    %b = {_FILL.format(src='%m')}"
    (hazard,) = _yields(body, "%b, %a").hazards
    assert _filled(hazard) == "stream.async.splat"


def test_a_region_yielding_a_capture_and_its_filled_version_is_no_hazard() -> None:
    """A capture's later version is allocated right (measured)."""
    report = _yields(f"%b = {_FILL.format(src='%x')}", "%x, %b", "%in as %x: !stream.resource<variable>{%c64}")
    assert report.hazards == []


def test_a_region_yielding_two_values_it_made_apart_is_no_hazard() -> None:
    body = f"{_SPLAT}\n    %b = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{{%c64}}"
    assert _yields(body, "%a, %b").hazards == []


def test_a_region_yielding_two_later_versions_of_a_capture_is_no_hazard() -> None:
    """Review 29's false alarm: the versions' buffer is the capture's, allocated right."""
    body = f"%m = {_FILL.format(src='%x')}\n    %b = {_FILL.format(src='%m')}"
    assert _yields(body, "%m, %b", "%in as %x: !stream.resource<variable>{%c64}").hazards == []


def test_a_region_yielding_a_value_it_made_and_a_view_of_it_is_a_hazard() -> None:
    """Review 29: no in-place write, the same fault (nothing to repair: a compile refuses)."""
    body = f"{_SPLAT}\n    %s = stream.resource.subview %a[%c0] : !stream.resource<variable>{{%c64}} -> !stream.resource<variable>{{%c64}}"
    (hazard,) = _yields(body, "%s, %a").hazards
    assert hazard.verdict is ScheduleVerdict.TWO_VERSIONS_YIELDED and hazard.write_op.name == "stream.resource.subview"
    assert "yields two values of" in hazard.line() and ", a view:" in hazard.line()


def test_a_concurrent_region_yielding_a_value_it_made_and_its_filled_version_is_a_hazard() -> None:
    """Review 29: IREE allocates a concurrent region's results the same way (here the execution
    region around it yields only the filled version)."""
    body = f"""%c:2 = stream.async.concurrent with() -> (!stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}) {{
      {_SPLAT}
      %b = {_FILL.format(src="%a")}
      stream.yield %a, %b : !stream.resource<variable>{{%c64}}, !stream.resource<variable>{{%c64}}
    }}
    %d = {_read("%c#0", "%c8", "%c16", "%c8")}
    %z = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{{%c64}}"""
    (hazard,) = _yields(body, "%c#1, %z").hazards
    assert hazard.verdict is ScheduleVerdict.TWO_VERSIONS_YIELDED and _filled(hazard) == "stream.async.splat"


# -- a version made before a loop, written in place in every iteration ------------------------

#: ``{made}`` (which defines ``%v``, before the loop unless it says otherwise), written in place in
#: every iteration of an ``scf.for`` of ``{bounds}``, in an execution region: IREE 3.13's shape
#: for an ``arith.constant`` a loop body inserts into (the constant hoisted out of the loop and
#: cloned once, before it). ``{inside}`` goes at the top of the body.
_WRITTEN_IN_A_LOOP = """
util.func public @f(%row: !stream.resource<transient>, %n: index, %v0: !stream.resource<variable>) -> !stream.resource<variable> {{
  CONSTANTS
  {made}
  %l = scf.for %i = {bounds} iter_args(%acc = %v0) -> (!stream.resource<variable>) {{
    {inside}
    %i8 = arith.addi %i, %c8 : index
    %u, %tp = stream.async.execute with(%v as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %v{{%c64}} {{
      %w = stream.async.update %rw, %c[%i to %i8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
      stream.yield %w : !stream.resource<variable>{{%c64}}
    }} => !stream.timepoint
    %a = stream.timepoint.await %tp => %u : !stream.resource<variable>{{%c64}}
    scf.yield %a : !stream.resource<variable>
  }}
  util.return %l : !stream.resource<variable>
}}"""

_MADE = "%v = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}"


def _written_in_a_loop(made: str = _MADE, bounds: str = "%c0 to %n step %c8", inside: str = "") -> ScheduleReport:
    return _check(_WRITTEN_IN_A_LOOP.format(made=made, bounds=bounds, inside=inside))


def test_a_version_made_before_a_loop_and_written_in_place_in_it_is_a_hazard() -> None:
    """Every iteration's write consumes the one version made before the loop: the second starts
    from the bytes the first wrote, where value semantics starts each from the version as made
    (the tensor campaign's ``seed2026-both-wrong-constant-written-in-a-loop``). The hazard names
    the loop and the write, which the repair gives a fresh copy in every iteration; the pairs
    never saw it (the write is the version's only use)."""
    report = _written_in_a_loop()
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.CONSUMED_IN_A_LOOP
    assert hazard.read_op.name == "scf.for" and hazard.write_op.name == "stream.async.update"
    assert "stream.async.splat" in hazard.storage and "in every iteration of scf.for" in hazard.line()
    assert hazard.write_range == ["arg3", "arg3 + 8"]  # (the induction variable's bytes)


def test_a_version_made_in_the_loops_body_is_no_hazard() -> None:
    """Made again in every iteration: each write consumes its own."""
    report = _written_in_a_loop(made="", inside=_MADE)
    assert report.hazards == []


def test_a_version_handed_to_each_iteration_is_no_hazard() -> None:
    """An iteration argument is the version the iteration before yielded: written in place, it
    is consumed once."""
    report = _written_in_a_loop(
        made="",
        inside="%v = stream.async.clone %acc : !stream.resource<variable>{%c64} -> !stream.resource<variable>{%c64}",
    )
    assert report.hazards == []
    handed = _WRITTEN_IN_A_LOOP.replace("with(%v as %c", "with(%acc as %c").replace("-> %v{{%c64}}", "-> %acc{{%c64}}")
    report = _check(handed.format(made=_MADE, bounds="%c0 to %n step %c8", inside=""))
    assert report.hazards == []


@pytest.mark.parametrize("bounds", ["%c0 to %c8 step %c8", "%c8 to %c0 step %c8", "%c0 to %c4 step %c8"])
def test_a_loop_of_at_most_one_iteration_writes_the_version_once(bounds: str) -> None:
    """Constant bounds that give one iteration, or none: no second run meets the write."""
    assert _written_in_a_loop(bounds=bounds).hazards == []


def test_two_constant_iterations_are_a_hazard() -> None:
    (hazard,) = _written_in_a_loop(bounds="%c0 to %c16 step %c8").hazards
    assert hazard.verdict is ScheduleVerdict.CONSUMED_IN_A_LOOP


def test_a_global_loaded_in_every_iteration_is_left_to_the_globals_contents() -> None:
    """A load in the body reads what the global holds in that iteration (the loop stores the
    write back): a version of each iteration, not one made before the loop, though the check
    links loads of one global to one another."""
    report = _written_in_a_loop(
        made="%v1 = util.global.load @cache : !stream.resource<variable>",
        inside="%v = util.global.load @cache : !stream.resource<variable>",
    )
    assert ScheduleVerdict.CONSUMED_IN_A_LOOP not in [h.verdict for h in report.hazards]


def test_a_global_loaded_before_the_loop_and_written_in_it_is_a_hazard() -> None:
    """The load made before the loop is one version for every iteration."""
    (hazard,) = _written_in_a_loop(made="%v = util.global.load @cache : !stream.resource<variable>").hazards
    assert hazard.verdict is ScheduleVerdict.CONSUMED_IN_A_LOOP and hazard.storage == "@cache"


def test_a_branch_in_the_loop_is_no_second_run() -> None:
    """``scf.if`` runs its arm at most once per run of it: the loop around it is what repeats."""
    report = _check("""
util.func public @f(%row: !stream.resource<transient>, %p: i1) -> !stream.resource<variable> {
  CONSTANTS
  %v = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}
  %r = scf.if %p -> !stream.resource<variable> {
    %u, %tp = stream.async.execute with(%v as %c: !stream.resource<variable>{%c64}, %row as %rw: !stream.resource<transient>{%c8}) -> %v{%c64} {
      %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{%c8} -> %c as !stream.resource<variable>{%c64}
      stream.yield %w : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %a = stream.timepoint.await %tp => %u : !stream.resource<variable>{%c64}
    scf.yield %a : !stream.resource<variable>
  } else {
    scf.yield %v : !stream.resource<variable>
  }
  util.return %r : !stream.resource<variable>
}""")
    assert report.hazards == []


_CF_LOOP = """
util.func public @f(%row: !stream.resource<transient>, %n: index) {{
  CONSTANTS
  {before}
  cf.br ^loop(%c0 : index)
^loop(%i: index):
  {inside}
  %u, %tp = stream.async.execute with(%v as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %v{{%c64}} {{
    %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
    stream.yield %w : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %a = stream.timepoint.await %tp => %u : !stream.resource<variable>{{%c64}}
  %next = arith.addi %i, %c8 : index
  %again = arith.cmpi slt, %next, %n : index
  cf.cond_br %again, ^loop(%next : index), ^done
^done:
  util.return
}}"""


def test_a_version_made_before_a_cf_loop_and_written_in_it_is_a_hazard() -> None:
    """A ``cf`` cycle back to the write that does not pass the block making the version."""
    (hazard,) = _check(_CF_LOOP.format(before=_MADE, inside="")).hazards
    assert hazard.verdict is ScheduleVerdict.CONSUMED_IN_A_LOOP and hazard.read_op.name == "cf.cond_br"
    assert "every iteration of the cf loop through cf.cond_br" in hazard.line()
    assert _check(_CF_LOOP.format(before="", inside=_MADE)).hazards == []


def test_a_callee_writing_a_version_made_before_the_loop_is_a_hazard() -> None:
    """A call in the loop passing the version to a callee that fills its argument in place:
    the hazard names the callee's write (what the repair gives a copy)."""
    report = _check(
        """
util.func public @f(%n: index) {
  CONSTANTS
  %v = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c64}
  %i0 = stream.timepoint.immediate => !stream.timepoint
  scf.for %i = %c0 to %n step %c8 {
    %u:2 = util.call @fill(%v, %i0) : (!stream.resource<variable>, !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint)
  }
  util.return
}""",
        _CALLEES.replace("CONSTANTS", _CONSTANTS),
    )
    (hazard,) = [h for h in report.hazards if h.function == "f"]
    assert hazard.verdict is ScheduleVerdict.CONSUMED_IN_A_LOOP
    assert hazard.write_op.name == "stream.async.fill" and "called through util.call" in hazard.write


@pytest.mark.parametrize("unmodelled", [False, True])
def test_a_write_by_an_op_the_check_does_not_model_is_said_to_be_possible(unmodelled: bool) -> None:
    """Closed world: an op the check does not model counts as writing every resource it is
    handed; its line says it may write, never that it writes (review 11: a ``cf.switch``)."""
    check = ScheduleCheck(
        function="f",
        read="util.global.load @c",
        read_location="in.mlir:3:5",
        write="cf.switch",
        write_location="in.mlir:9:5",
        storage="@c",
        read_range=None,
        write_range=None,
        verdict=ScheduleVerdict.IMMUTABLE_WRITTEN,
        detail="",
        write_unmodelled=unmodelled,
    )
    said = "cf.switch (in.mlir:9:5) in @f, an op the check does not model, may write bytes (unknown range)"
    assert (said in check.line()) is unmodelled
    assert ("cf.switch (in.mlir:9:5) in @f writes bytes" in check.line()) is not unmodelled
    assert "write_unmodelled" not in check.to_json()  # (the record is the pair's, as before)


# -- a store IREE erases after allocation ---------------------------------------------------------

#: @cache's loaded buffer: a clone of it stored first (IREE's copy-on-write makes one), then the
#: buffer filled in place by an execution region (its result tied to the capture) and stored
#: back. IREE's allocation makes the second store one of @cache's own load, which its
#: canonicalizer erases: @cache keeps the clone (stream seed 9091).
_STORED_BACK_AFTER_A_CLONE = """
util.func public @f() {{
  CONSTANTS
  %l = util.global.load @cache : !stream.resource<variable>
  %c, %ct = stream.async.execute with(%l as %a: !stream.resource<variable>{{%c64}}) -> !stream.resource<variable>{{%c64}} {{
    %k = stream.async.clone %a : !stream.resource<variable>{{%c64}} -> !stream.resource<variable>{{%c64}}
    stream.yield %k : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %cr = stream.timepoint.await %ct => %c : !stream.resource<variable>{{%c64}}
  util.global.store %cr, @cache : !stream.resource<variable>
  %w, %wt = stream.async.execute await(%ct) => with(%l as %a: !stream.resource<variable>{{%c64}}) -> {tied} {{
    %f = stream.async.fill %c7_i32, %a[%c0 to %c8 for %c8] : i32 -> %a as !stream.resource<variable>{{%c64}}
    stream.yield %f : !stream.resource<variable>{{%c64}}
  }} => !stream.timepoint
  %wr = stream.timepoint.await %wt => %w : !stream.resource<variable>{{%c64}}
  util.global.store %wr, @cache : !stream.resource<variable>
  util.return
}}"""


def test_a_store_of_the_loaded_buffer_after_a_store_of_another_is_a_hazard() -> None:
    """The second store stores @cache's loaded buffer (the region's result is tied to it), and a
    clone was stored since the load: IREE erases the second store. The hazard names the fill
    that made the stored version (the repair gives it a fresh copy) and the store kept."""
    report = _check(_STORED_BACK_AFTER_A_CLONE.format(tied="%l{%c64}"))
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.STORE_ERASED
    assert hazard.write_op.name == "stream.async.fill" and hazard.read_op.name == "util.global.store"
    line = hazard.line()
    assert "writes @cache's loaded buffer in place" in line and "EraseUnusedGlobalStoreOp" in line
    assert "@cache keeps that one" in line


def test_a_store_of_a_fresh_result_after_a_store_of_another_is_no_hazard() -> None:
    """The region's result is a buffer of its own (not tied): the store stores it, kept."""
    report = _check(_STORED_BACK_AFTER_A_CLONE.format(tied="!stream.resource<variable>{%c64}"))
    assert ScheduleVerdict.STORE_ERASED not in [h.verdict for h in report.hazards]


# -- a loop of no turn returns its init: IREE frees it as the loop's result -------------------

_MADE_IN_A_REGION = """
  %r, %tp = stream.async.execute with() -> !stream.resource<external>{%c64} {
    %a = stream.async.splat %c7_i32 : i32 -> !stream.resource<external>{%c64}
    stream.yield %a : !stream.resource<external>{%c64}
  } => !stream.timepoint"""
_A_TURN = """
    %r2, %tp2 = stream.async.execute await(%t) => with(%acc as %x: !stream.resource<external>{%c64}) -> !stream.resource<external>{%c64} {
      %b = stream.async.dispatch @ex::@read(%x[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<external>{%c64}
      stream.yield %b : !stream.resource<external>{%c64}
    } => !stream.timepoint"""


def _loop_of(init: str, after: str, bounds: str = "%c0 to %n", made: str = _MADE_IN_A_REGION) -> ScheduleReport:
    """``@f``: ``init`` (made by ``made``) handed to an ``scf.for`` over ``bounds`` that carries
    a timepoint; ``after``: the ops after the loop, ending in the return of one resource."""
    return _check(f"""
util.func public @f(%n: index) -> !stream.resource<external> {{
  CONSTANTS{made}
  %l:2 = scf.for %i = {bounds} step %c4 iter_args(%acc = {init}, %t = %tp) -> (!stream.resource<external>, !stream.timepoint) {{{_A_TURN}
    scf.yield %r2, %tp2 : !stream.resource<external>, !stream.timepoint
  }}
  {after}
}}""")


def _read_in_a_region(value: str, timepoint: str) -> str:
    """An execution region after the loop that reads ``value`` (ready at ``timepoint``)."""
    return f"""%q, %qtp = stream.async.execute await({timepoint}) => with({value} as %y: !stream.resource<external>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %z = stream.async.dispatch @ex::@read(%y[%c0 to %c64 for %c64]) : (!stream.resource<external>{{%c64}}) -> !stream.resource<transient>{{%c4}}
    stream.yield %z : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint"""


_INIT_RETURNED = """%w = stream.timepoint.await %tp => %r : !stream.resource<external>{%c64}
  util.return %w : !stream.resource<external>"""


def test_a_loop_of_no_turn_frees_its_init_used_after_it() -> None:
    """Nothing uses the loop's result: IREE's reference counting frees it right after the
    loop, and with no turn it is the init, which the return still hands out."""
    (hazard,) = _loop_of("%r", _INIT_RETURNED).hazards
    assert hazard.verdict is ScheduleVerdict.FREED_AS_A_LOOP_RESULT
    assert (hazard.write_op.name, hazard.read_op.name) == ("scf.for", "util.return")
    assert "frees that result right after the loop (nothing uses it)" in hazard.line()


def test_a_loop_result_read_before_the_init_is_used_frees_it_after_that_read() -> None:
    after = _read_in_a_region("%l#0", "%l#1") + "\n  " + _INIT_RETURNED
    (hazard,) = _loop_of("%r", after).hazards
    assert "after its last use, stream.async.dispatch" in hazard.line()


def test_a_loop_result_used_after_the_init_is_no_hazard() -> None:
    """The result is returned, after the init's last use: nothing frees it in the function."""
    after = (
        _read_in_a_region("%r", "%tp")
        + """
  %s = stream.timepoint.await %l#1 => %l#0 : !stream.resource<external>{%c64}
  util.return %s : !stream.resource<external>"""
    )
    assert _loop_of("%r", after).hazards == []


def test_a_loop_of_constant_bounds_that_turns_frees_no_init() -> None:
    assert _loop_of("%r", _INIT_RETURNED, bounds="%c0 to %c8").hazards == []


def test_a_loop_of_constant_bounds_that_never_turns_frees_its_init() -> None:
    assert [h.verdict for h in _loop_of("%r", _INIT_RETURNED, bounds="%c8 to %c0").hazards] == [
        ScheduleVerdict.FREED_AS_A_LOOP_RESULT
    ]


def test_a_global_s_buffer_handed_to_a_loop_is_not_the_function_s_to_free() -> None:
    """IREE frees that result too, but a global's buffer is no transient allocation (measured:
    local-task reads it right): outside what the check claims."""
    made = """
  %g = util.global.load @cache : !stream.resource<variable>
  %r = stream.async.transfer %g : !stream.resource<variable>{%c64} -> !stream.resource<external>{%c64}
  %tp = stream.timepoint.immediate => !stream.timepoint"""
    after = "util.return %r : !stream.resource<external>"
    assert _loop_of("%r", after, made=made).hazards == []


def test_a_while_loop_handing_its_init_on_unchanged_frees_it() -> None:
    report = _check(f"""
util.func public @f(%n: index) -> !stream.resource<external> {{
  CONSTANTS{_MADE_IN_A_REGION}
  %l:3 = scf.while (%acc = %r, %t = %tp, %k = %c0) : (!stream.resource<external>, !stream.timepoint, index) -> (!stream.resource<external>, !stream.timepoint, index) {{
    %go = arith.cmpi slt, %k, %n : index
    scf.condition(%go) %acc, %t, %k : !stream.resource<external>, !stream.timepoint, index
  }} do {{
  ^bb0(%acc: !stream.resource<external>, %t: !stream.timepoint, %k: index):{_A_TURN}
    %k2 = arith.addi %k, %c4 : index
    scf.yield %r2, %tp2, %k2 : !stream.resource<external>, !stream.timepoint, index
  }}
  {_INIT_RETURNED}
}}""")
    (hazard,) = report.hazards
    assert (hazard.verdict, hazard.write_op.name) == (ScheduleVerdict.FREED_AS_A_LOOP_RESULT, "scf.while")


# -- a loop writing the buffer it is handed as an init -------------------------------------------
# The loop's first turn is handed the init's own buffer: an in-place write of the iteration
# argument writes the init's bytes (stream campaign seed 23002: IREE moved a slice of a global's
# load after the loop that scales the global in place).

_LOOP_WRITES_ITS_INIT = """
util.func public @f(%row: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>{before}
  %l = scf.for %i = %c0 to %n step %c4 iter_args(%x = %cache) -> (!stream.resource<variable>) {{
    %u, %tp = stream.async.execute with(%x as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %x{{%c64}} {{
      %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
      stream.yield %w : !stream.resource<variable>{{%c64}}
    }} => !stream.timepoint
    %a = stream.timepoint.await %tp => %u : !stream.resource<variable>{{%c64}}
    scf.yield {yielded} : !stream.resource<variable>
  }}{after}
  util.global.store %l, @cache : !stream.resource<variable>
  util.return %b : !stream.resource<transient>
}}"""


def _read_of_the_cache(a: str = "%c0", b: str = "%c64", n: str = "%c64") -> str:
    return f"""
  %r, %tp2 = stream.async.execute with(%cache as %c: !stream.resource<variable>{{%c64}}) -> !stream.resource<transient>{{%c4}} {{
    %d = {_read("%c", a, b, n)}
    stream.yield %d : !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %b = stream.timepoint.await %tp2 => %r : !stream.resource<transient>{{%c4}}"""


def _loop_writes_its_init(before: str = "", after: str = "", yielded: str = "%a") -> ScheduleReport:
    return _check(_LOOP_WRITES_ITS_INIT.format(before=before, after=after, yielded=yielded))


def test_a_read_of_the_init_after_the_loop_that_writes_it_in_place_is_a_hazard() -> None:
    """The hazard names the body's write and the loop, which a repair starts from a fresh copy
    of the init (its operand position)."""
    (hazard,) = _loop_writes_its_init(after=_read_of_the_cache()).hazards
    assert hazard.verdict in (ScheduleVerdict.READ_AFTER_WRITE, ScheduleVerdict.UNORDERED)
    assert (hazard.write_op.name, hazard.write_init) == ("scf.for", 0)
    assert (hazard.read_range, hazard.write_range) == (["0", "64"], ["0", "8"])
    assert "stream.async.update" in hazard.write and "in the body of scf.for" in hazard.line()


def test_a_read_of_the_init_awaited_before_the_loop_is_ordered() -> None:
    report = _loop_writes_its_init(before=_read_of_the_cache())
    assert report.hazards == [] and "ordered-before" in _verdicts(report)


def test_a_read_of_the_init_after_the_loop_of_bytes_it_does_not_write_is_disjoint() -> None:
    """The body's bytes are the loop's where the argument holds the init's buffer, at its
    start, on every turn."""
    report = _loop_writes_its_init(after=_read_of_the_cache("%c8", "%c16", "%c8"))
    assert report.hazards == [] and "disjoint" in _verdicts(report)


def test_a_loop_whose_turn_hands_back_a_fresh_buffer_still_writes_its_init_on_the_first() -> None:
    fresh = """
    %y = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{{%c64}}"""
    text = _LOOP_WRITES_ITS_INIT.replace("    scf.yield {yielded}", fresh + "\n    scf.yield {yielded}")
    report = _check(text.format(before="", after=_read_of_the_cache(), yielded="%y"))
    assert [h.write_init for h in report.hazards] == [0]


def test_a_loop_writing_a_fresh_copy_of_its_argument_writes_no_init() -> None:
    copied = _LOOP_WRITES_ITS_INIT.replace(
        "with(%x as %c:",
        "with(%x as %x0:",
    ).replace(
        "-> %x{{%c64}} {{\n",
        "-> !stream.resource<variable>{{%c64}} {{\n      %c = stream.async.clone %x0 : !stream.resource<variable>{{%c64}} -> !stream.resource<variable>{{%c64}}\n",
    )
    assert copied != _LOOP_WRITES_ITS_INIT
    report = _check(copied.format(before="", after=_read_of_the_cache(), yielded="%a"))
    assert report.hazards == []


def test_an_argument_handed_the_other_init_on_a_later_turn_writes_that_init() -> None:
    """Two iteration arguments swapped every turn: the second turn writes, through ``%x``, the
    buffer of ``%y``'s init, at the bytes the body writes (``%x`` holds it at its start)."""
    swapped = """
util.func public @f(%row: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %other = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{{%c64}}
  %l:2 = scf.for %i = %c0 to %n step %c4 iter_args(%x = %other, %y = %cache) -> (!stream.resource<variable>, !stream.resource<variable>) {{
    %u, %tp = stream.async.execute with(%x as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %x{{%c64}} {{
      %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
      stream.yield %w : !stream.resource<variable>{{%c64}}
    }} => !stream.timepoint
    %a = stream.timepoint.await %tp => %u : !stream.resource<variable>{{%c64}}
    scf.yield {handed_back} : !stream.resource<variable>, !stream.resource<variable>
  }}{read}
  util.global.store %l#1, @cache : !stream.resource<variable>
  util.return %b : !stream.resource<transient>
}}"""
    report = _check(swapped.format(handed_back="%y, %a", read=_read_of_the_cache()))
    (hazard,) = report.hazards
    assert (hazard.storage, hazard.write_init, hazard.write_range) == ("@cache", 1, ["0", "8"])
    report = _check(swapped.format(handed_back="%y, %a", read=_read_of_the_cache("%c8", "%c16", "%c8")))
    assert report.hazards == []
    report = _check(swapped.format(handed_back="%a, %y", read=_read_of_the_cache()))
    assert report.hazards == []  # (not swapped: only %other is written)


def test_an_inner_loop_writing_the_outer_loops_argument_writes_the_outer_init() -> None:
    """The inner loop's writes are the outer body's: the repair copies the outer loop's init."""
    nested = _LOOP_WRITES_ITS_INIT.replace(
        "  %l = scf.for %i = %c0 to %n step %c4 iter_args(%x = %cache)",
        "  %l = scf.for %j = %c0 to %n step %c4 iter_args(%o = %cache) -> (!stream.resource<variable>) {{\n"
        "  %li = scf.for %i = %c0 to %n step %c4 iter_args(%x = %o)",
    ).replace("  }}{after}", "  }}\n  scf.yield %li : !stream.resource<variable>\n  }}{after}")
    assert nested != _LOOP_WRITES_ITS_INIT
    (hazard,) = _check(nested.format(before="", after=_read_of_the_cache(), yielded="%a")).hazards
    assert (hazard.write_op.name, hazard.write_init) == ("scf.for", 0)
    assert hazard.write_op.operands[3].owner.name == "util.global.load"
    assert hazard.write_range == ["0", "8"]


def test_a_while_loop_writing_what_its_condition_hands_on_writes_its_init() -> None:
    report = _check(f"""
util.func public @f(%row: !stream.resource<transient>, %n: index) -> !stream.resource<transient> {{
  CONSTANTS
  %cache = util.global.load @cache : !stream.resource<variable>
  %l:2 = scf.while (%x = %cache, %k = %c0) : (!stream.resource<variable>, index) -> (!stream.resource<variable>, index) {{
    %go = arith.cmpi slt, %k, %n : index
    scf.condition(%go) %x, %k : !stream.resource<variable>, index
  }} do {{
  ^bb0(%x: !stream.resource<variable>, %k: index):
    %u, %tp = stream.async.execute with(%x as %c: !stream.resource<variable>{{%c64}}, %row as %rw: !stream.resource<transient>{{%c8}}) -> %x{{%c64}} {{
      %w = stream.async.update %rw, %c[%c0 to %c8] : !stream.resource<transient>{{%c8}} -> %c as !stream.resource<variable>{{%c64}}
      stream.yield %w : !stream.resource<variable>{{%c64}}
    }} => !stream.timepoint
    %a = stream.timepoint.await %tp => %u : !stream.resource<variable>{{%c64}}
    %k2 = arith.addi %k, %c4 : index
    scf.yield %a, %k2 : !stream.resource<variable>, index
  }}{_read_of_the_cache()}
  util.global.store %l#0, @cache : !stream.resource<variable>
  util.return %b : !stream.resource<transient>
}}""")
    (hazard,) = report.hazards
    assert (hazard.write_op.name, hazard.write_init, hazard.write_range) == ("scf.while", 0, ["0", "8"])


def test_a_callee_writing_its_argument_in_a_loop_writes_what_the_caller_passes() -> None:
    """The callee hands its argument to a loop whose body fills it in place: a call writes the
    value it passes, named by the body's fill."""
    in_a_loop = """
util.func private @fill_in_a_loop(%x: !stream.resource<variable>, %t: !stream.timepoint) -> (!stream.resource<variable>, !stream.timepoint) {
  CONSTANTS
  %l:2 = scf.for %i = %c0 to %c16 step %c4 iter_args(%y = %x, %ty = %t) -> (!stream.resource<variable>, !stream.timepoint) {
    %u, %tu = stream.async.execute await(%ty) => with(%y as %c: !stream.resource<variable>{%c64}) -> %y{%c64} {
      %w = stream.async.fill %c7_i32, %c[%c0 to %c4 for %c4] : i32 -> %c as !stream.resource<variable>{%c64}
      stream.yield %w : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    scf.yield %u, %tu : !stream.resource<variable>, !stream.timepoint
  }
  util.return %l#0, %l#1 : !stream.resource<variable>, !stream.timepoint
}
"""
    report = _check(
        _CALLER.format(read=_read("%c"), callee="@fill_in_a_loop"), in_a_loop.replace("CONSTANTS", _CONSTANTS)
    )
    (hazard,) = report.hazards
    assert hazard.function == "f" and hazard.storage == "@cache"
    assert hazard.write_op.name == "stream.async.fill" and "called through util.call" in hazard.write
