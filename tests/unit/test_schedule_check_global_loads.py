"""The schedule check on two values that are one global's buffer: one behaviour per test.

A ``util.global.load`` returns the buffer the global holds, so two loads of one global with
nothing between them that may store it are one version (``stream_model.schedule.global_contents``):
an in-place write of one while the other is still to be read is a hazard. Each module below is
scheduled IR as the check reads it in a compile; in each, ``%second`` is filled in place in an
execution region that then reads ``%first``, so the read runs after the write whenever the two
are one buffer. What differs is what comes between them.
"""

from __future__ import annotations

from stream_model.schedule.check import ScheduleVerdict
from tests.unit.test_schedule_check import _check, _read

_CALLEES = """
util.global private @table : !stream.resource<variable>
util.func private @get() -> !stream.resource<variable> {
  %g = util.global.load @cache : !stream.resource<variable>
  util.return %g : !stream.resource<variable>
}
util.func private @get_after_a_store(%v: !stream.resource<variable>) -> !stream.resource<variable> {
  util.global.store %v, @cache : !stream.resource<variable>
  %g = util.global.load @cache : !stream.resource<variable>
  util.return %g : !stream.resource<variable>
}
util.func private @nothing() {
  util.return
}
util.func private @set(%v: !stream.resource<variable>) {
  util.global.store %v, @cache : !stream.resource<variable>
  util.return
}
util.func private @calls_set(%v: !stream.resource<variable>) {
  util.call @set(%v) : (!stream.resource<variable>) -> ()
  util.return
}
util.func private @external()
"""


def _fill_second_then_read_first(first: str, between: str, second: str) -> str:
    return f"""
util.func public @f(%fresh: !stream.resource<variable>, %flag: i1) -> !stream.resource<transient> {{
  CONSTANTS
  {first}
  {between}
  {second}
  %r:2, %tp = stream.async.execute with(%first as %x: !stream.resource<variable>{{%c64}}, %second as %y: !stream.resource<variable>{{%c64}}) -> (%second{{%c64}}, !stream.resource<transient>{{%c4}}) {{
    %f = stream.async.fill %c7_i32, %y[%c0 to %c8 for %c8] : i32 -> %y as !stream.resource<variable>{{%c64}}
    %d = {_read("%x")}
    stream.yield %f, %d : !stream.resource<variable>{{%c64}}, !stream.resource<transient>{{%c4}}
  }} => !stream.timepoint
  %w:2 = stream.timepoint.await %tp => %r#0, %r#1 : !stream.resource<variable>{{%c64}}, !stream.resource<transient>{{%c4}}
  util.global.store %w#0, @cache : !stream.resource<variable>
  util.return %w#1 : !stream.resource<transient>
}}"""


_LOAD_FIRST = "%first = util.global.load @cache : !stream.resource<variable>"
_LOAD_SECOND = "%second = util.global.load @cache : !stream.resource<variable>"


def _hazards(first: str, between: str, second: str = _LOAD_SECOND) -> list[str]:
    report = _check(_fill_second_then_read_first(first, between, second), _CALLEES)
    return [str(h.verdict) for h in report.hazards]


def test_two_loads_of_one_global_are_one_version() -> None:
    report = _check(_fill_second_then_read_first(_LOAD_FIRST, "", _LOAD_SECOND), _CALLEES)
    (hazard,) = report.hazards
    assert hazard.verdict is ScheduleVerdict.READ_AFTER_WRITE
    assert hazard.storage == "@cache"
    assert (hazard.read_range, hazard.write_range) == (["0", "64"], ["0", "8"])


def test_a_getters_result_and_a_load_are_one_version() -> None:
    """The long campaign's miscompile (``campaign-schedule-getter-result-and-a-load-of-one-global-are-one-buffer``): a getter's result and a load."""
    first = "%first = util.call @get() : () -> !stream.resource<variable>"
    assert _hazards(first, "") == ["read-after-write"]


def test_a_load_and_a_later_getters_result_are_one_version() -> None:
    second = "%second = util.call @get() : () -> !stream.resource<variable>"
    assert _hazards(_LOAD_FIRST, "", second) == ["read-after-write"]


def test_a_call_that_touches_no_global_keeps_them_one_version() -> None:
    assert _hazards(_LOAD_FIRST, "util.call @nothing() : () -> ()") == ["read-after-write"]


def test_a_store_of_another_global_keeps_them_one_version() -> None:
    assert _hazards(_LOAD_FIRST, "util.global.store %fresh, @table : !stream.resource<variable>") == [
        "read-after-write"
    ]


def test_a_store_of_the_global_between_makes_the_second_load_the_stored_value() -> None:
    between = "util.global.store %fresh, @cache : !stream.resource<variable>"
    assert _hazards(_LOAD_FIRST, between) == []


def test_a_load_after_a_store_is_the_stored_values_version() -> None:
    """``%first`` is what the global holds after the store: the value stored."""
    first = "%first = arith.select %flag, %fresh, %fresh : !stream.resource<variable>"
    between = "util.global.store %first, @cache : !stream.resource<variable>"
    assert _hazards(first, between) == ["read-after-write"]


def test_a_setter_makes_the_second_load_its_argument_not_the_first_load() -> None:
    """``@set`` stores its argument on every path: ``%second`` is ``%fresh``'s buffer. The fill
    of it meets no read of ``%first``; what is left is the call's own read of ``%fresh``,
    whose end the schedule does not say (a call may read what it is given at any time)."""
    assert _hazards(_LOAD_FIRST, "util.call @set(%fresh) : (!stream.resource<variable>) -> ()") == ["unknown"]


def test_a_setter_called_through_another_function_is_followed() -> None:
    assert _hazards(_LOAD_FIRST, "util.call @calls_set(%fresh) : (!stream.resource<variable>) -> ()") == ["unknown"]


def test_a_call_of_a_function_the_module_does_not_define_may_leave_the_global_as_it_was() -> None:
    """Closed world: what a function the module does not define does is unknown, so it may
    store nothing, and ``%second`` may still be ``%first``'s buffer."""
    assert _hazards(_LOAD_FIRST, "util.call @external() : () -> ()") == ["read-after-write"]


def test_a_getter_that_stores_before_it_loads_returns_no_known_version() -> None:
    second = (
        "%second = util.call @get_after_a_store(%fresh) : (!stream.resource<variable>) -> !stream.resource<variable>"
    )
    assert _hazards(_LOAD_FIRST, "", second) == []


def test_a_store_in_one_arm_of_a_branch_may_leave_the_global_as_it_was() -> None:
    """Finding 4's surfaces: where ``%flag`` is false the store never runs, and ``%second`` is
    ``%first``'s buffer (the old check ended what it knew at the region and missed it)."""
    between = """scf.if %flag {
    util.global.store %fresh, @cache : !stream.resource<variable>
  }"""
    assert _hazards(_LOAD_FIRST, between) == ["read-after-write"]


def test_a_store_in_both_arms_of_a_branch_makes_the_second_load_one_of_the_stored_values() -> None:
    between = """scf.if %flag {
    util.global.store %fresh, @cache : !stream.resource<variable>
  } else {
    util.global.store %fresh, @cache : !stream.resource<variable>
  }"""
    assert _hazards(_LOAD_FIRST, between) == []


def test_an_op_with_a_region_that_stores_nothing_keeps_them_one_version() -> None:
    between = """scf.if %flag {
    util.call @nothing() : () -> ()
  }"""
    assert _hazards(_LOAD_FIRST, between) == ["read-after-write"]
