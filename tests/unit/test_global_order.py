"""The order of each global's loads, stores and calls, before and after scheduling."""

from __future__ import annotations

from iree.compiler import ir

from stream_model.schedule.global_order import check_global_order, global_events

_HEAD = """
util.global private mutable @g : index
util.global private mutable @h : index
util.func private @reads_g() {
  %g = util.global.load @g : index
  util.return
}
util.func private @touches_h() {
  %c = arith.constant 1 : index
  util.global.store %c, @h : index
  util.return
}
"""


def _module(body: str) -> ir.Module:
    return ir.Module.parse(_HEAD + "util.func public @f(%x: index) -> index {\n" + body + "}\n")


def _hazards(before: str, after: str) -> list[str]:
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        return [h.line() for h in check_global_order(global_events(_module(before)), _module(after))]


# Each op keeps its location through scheduling, as IREE keeps it: a load is known by it.
STORE_THEN_LOAD = """
  util.global.store %x, @g : index loc("f.mlir":1:1)
  %y = util.global.load @g : index loc("f.mlir":2:1)
  util.return %y : index
"""
LOAD_THEN_STORE = """
  %y = util.global.load @g : index loc("f.mlir":2:1)
  util.global.store %x, @g : index loc("f.mlir":1:1)
  util.return %y : index
"""


def test_an_unchanged_order_is_no_hazard() -> None:
    assert _hazards(STORE_THEN_LOAD, STORE_THEN_LOAD) == []


def test_a_dropped_access_is_no_hazard() -> None:
    assert _hazards(STORE_THEN_LOAD, "  util.global.store %x, @g : index\n  util.return %x : index\n") == []


def test_a_store_moved_after_a_load_of_its_global_is_a_hazard() -> None:
    (line,) = _hazards(STORE_THEN_LOAD, LOAD_THEN_STORE)
    assert "util.global.store @g" in line and "util.global.load @g" in line
    assert "the order of @g's loads and stores changed" in line


def test_two_loads_may_trade_places() -> None:
    loads = "  %a = util.global.load @g : index\n  %b = util.global.load @h : index\n"
    swapped = "  %b = util.global.load @h : index\n  %a = util.global.load @g : index\n"
    two = "  %y = util.global.load @g : index\n  util.call @reads_g() : () -> ()\n  util.return %y : index\n"
    swap = "  util.call @reads_g() : () -> ()\n  %y = util.global.load @g : index\n  util.return %y : index\n"
    assert _hazards(loads + "  util.return %a : index\n", swapped + "  util.return %a : index\n") == []
    assert _hazards(two, swap) == []


def test_a_store_moved_past_a_call_that_does_not_touch_its_global_is_no_hazard() -> None:
    before = "  util.global.store %x, @g : index\n  util.call @touches_h() : () -> ()\n  util.return %x : index\n"
    after = "  util.call @touches_h() : () -> ()\n  util.global.store %x, @g : index\n  util.return %x : index\n"
    assert _hazards(before, after) == []


def test_a_store_moved_past_a_call_that_touches_its_global_is_a_hazard() -> None:
    before = "  util.global.store %x, @h : index\n  util.call @touches_h() : () -> ()\n  util.return %x : index\n"
    after = "  util.call @touches_h() : () -> ()\n  util.global.store %x, @h : index\n  util.return %x : index\n"
    (line,) = _hazards(before, after)
    assert "@h" in line


# A store of what was just loaded (IREE erases it), a read, then a store of another value.
STORE_BACK_THEN_READ_THEN_STORE = """
  %v = util.global.load @g : index loc("f.mlir":1:1)
  util.global.store %v, @g : index loc("f.mlir":2:1)
  util.call @reads_g() : () -> () loc("f.mlir":3:1)
  util.global.store %x, @g : index loc("f.mlir":4:1)
  util.return %x : index
"""


def test_a_dropped_store_leaves_the_reads_after_it_in_place() -> None:
    """IREE erases a store of what was just loaded from the same global; the next store of the
    global is not that one, so the read between them is still between the same writes."""
    after = """
  util.call @reads_g() : () -> () loc("f.mlir":3:1)
  util.global.store %x, @g : index loc("f.mlir":4:1)
  util.return %x : index
"""
    assert _hazards(STORE_BACK_THEN_READ_THEN_STORE, after) == []


def test_a_read_moved_past_the_store_after_a_dropped_one_is_a_hazard() -> None:
    after = """
  util.global.store %x, @g : index loc("f.mlir":4:1)
  util.call @reads_g() : () -> () loc("f.mlir":3:1)
  util.return %x : index
"""
    (line,) = _hazards(STORE_BACK_THEN_READ_THEN_STORE, after)
    assert "util.call @reads_g" in line


def test_a_store_with_no_place_in_the_original_bounds_no_read() -> None:
    # Before: a call that stores @h, then a load of @h. After: a store of @h the original does
    # not have (a callee's, inlined), then the load. The new store is no write of the original:
    # the load still sits after every original write it sat after (it once indexed past them).
    before = """
  util.call @touches_h() : () -> () loc("f.mlir":1:1)
  %y = util.global.load @h : index loc("f.mlir":2:1)
  util.return %y : index
"""
    after = """
  util.global.store %x, @h : index loc("f.mlir":9:1)
  %y = util.global.load @h : index loc("f.mlir":2:1)
  util.return %y : index
"""
    assert _hazards(before, after) == []


# A store, a branch whose arm reloads the global, then a store of another value (stream seed
# 8081's shape: IREE's schedule moved the first store past the branch, then dropped it).
STORE_THEN_RELOAD_IN_A_BRANCH_THEN_STORE = """
  util.global.store %x, @g : index loc("f.mlir":1:1)
  %c = arith.cmpi eq, %x, %x : index
  %y = scf.if %c -> index {
    %r = util.global.load @g : index loc("f.mlir":2:1)
    scf.yield %r : index
  } else {
    scf.yield %x : index
  }
  util.global.store %y, @g : index loc("f.mlir":3:1)
  util.return %y : index
"""


def test_a_store_gone_before_a_read_still_there_is_a_hazard() -> None:
    """The arm's reload is where it was, the store before it is gone: the reload reads what
    @g held before the store, whatever order the accesses left keep."""
    after = STORE_THEN_RELOAD_IN_A_BRANCH_THEN_STORE.replace(
        '  util.global.store %x, @g : index loc("f.mlir":1:1)\n', ""
    )
    (line,) = _hazards(STORE_THEN_RELOAD_IN_A_BRANCH_THEN_STORE, after)
    assert "dropped util.global.store @g (f.mlir:1:1)" in line
    assert "util.global.load @g (f.mlir:2:1) reads after it" in line
    assert "the next write it left is util.global.store @g (f.mlir:3:1)" in line


def test_a_store_gone_with_the_reads_that_read_it_is_no_hazard() -> None:
    """A pass forwarded the stored value to the reload and dropped the store as overwritten:
    nothing reads the global between the two stores any more."""
    after = """
  %c = arith.cmpi eq, %x, %x : index
  %y = scf.if %c -> index {
    scf.yield %x : index
  } else {
    scf.yield %x : index
  }
  util.global.store %y, @g : index loc("f.mlir":3:1)
  util.return %y : index
"""
    assert _hazards(STORE_THEN_RELOAD_IN_A_BRANCH_THEN_STORE, after) == []


def test_the_functions_last_store_gone_with_an_earlier_one_left_is_a_hazard() -> None:
    """The last store is gone and an earlier store of another value is the last now: the global
    holds the earlier value when the function returns (review 20, t05)."""
    before = """
  util.global.store %x, @g : index loc("f.mlir":1:1)
  %y = arith.addi %x, %x : index
  util.global.store %y, @g : index loc("f.mlir":2:1)
  util.return %y : index
"""
    after = """
  %y = arith.addi %x, %x : index
  util.global.store %x, @g : index loc("f.mlir":1:1)
  util.return %y : index
"""
    (line,) = _hazards(before, after)
    assert "dropped util.global.store @g (f.mlir:2:1), the function's last write of @g" in line
    assert "holds what util.global.store @g (f.mlir:1:1) stored" in line


def test_inlined_copies_of_one_setter_are_named_by_the_calls_they_were_inlined_through() -> None:
    """Two calls of one setter IREE inlined: one store location, two call sites (review 21)."""
    setter = 'loc(callsite("f.mlir":9:1 at "f.mlir":{}:1))'
    before = f"""
  util.global.store %x, @g : index {setter.format(1)}
  %y = arith.addi %x, %x : index
  util.global.store %y, @g : index {setter.format(2)}
  util.return %y : index
"""
    after = f"""
  %y = arith.addi %x, %x : index
  util.global.store %x, @g : index {setter.format(1)}
  util.return %y : index
"""
    (line,) = _hazards(before, after)
    assert "dropped util.global.store @g (f.mlir:9:1 at f.mlir:2:1)" in line
    assert "holds what util.global.store @g (f.mlir:9:1 at f.mlir:1:1) stored" in line


def test_the_functions_own_location_is_no_call_an_op_was_inlined_through() -> None:
    """IREE wraps a public function's body and inlines it back: its ops' outermost frame is the
    function's own location, which a message does not name."""
    text = """
util.global private mutable @g : index
util.func public @f(%x: index) {
  util.global.store %x, @g : index loc(callsite("f.mlir":9:1 at callsite("f.mlir":5:1 at "f.mlir":3:1)))
  util.return
} loc("f.mlir":3:1)
"""
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        (store,) = global_events(ir.Module.parse(text)).events["f"]
    assert store.describe() == "util.global.store @g (f.mlir:9:1 at f.mlir:5:1)"


def test_a_store_of_the_globals_own_load_after_another_store_is_no_store_to_drop() -> None:
    """A store of @g's own load puts the loaded value back when a store came between: dropping
    it (IREE's canonicalizer does) leaves the store between (review 20, m07)."""
    before = """
  %l = util.global.load @g : index loc("f.mlir":1:1)
  util.global.store %x, @g : index loc("f.mlir":2:1)
  util.global.store %l, @g : index loc("f.mlir":3:1)
  util.return %x : index
"""
    after = """
  util.global.store %x, @g : index loc("f.mlir":2:1)
  util.return %x : index
"""
    (line,) = _hazards(before, after)
    assert "dropped util.global.store @g (f.mlir:3:1), the function's last write of @g" in line


def test_the_last_of_two_stores_of_one_value_may_go() -> None:
    """Both store %x: whichever is left, @g holds %x when the function returns."""
    before = """
  util.global.store %x, @g : index loc("f.mlir":1:1)
  util.global.store %x, @g : index loc("f.mlir":2:1)
  util.return %x : index
"""
    after = """
  util.global.store %x, @g : index loc("f.mlir":1:1)
  util.return %x : index
"""
    assert _hazards(before, after) == []


def test_the_last_of_two_constants_gone_is_no_hazard_shown() -> None:
    """Two constants may hold equal bytes (one written as a fill, one as a dense literal, two
    SSA values at the splice): which one the global keeps is no hazard the check can show
    (review 21, r01: a right build was refused)."""
    before = """
  %a = arith.constant 7 : index
  %b = arith.constant 7 : index
  util.global.store %a, @g : index loc("f.mlir":1:1)
  util.global.store %b, @g : index loc("f.mlir":2:1)
  util.return %x : index
"""
    after = """
  %a = arith.constant 7 : index
  util.global.store %a, @g : index loc("f.mlir":1:1)
  util.return %x : index
"""
    assert _hazards(before, after) == []


def test_a_store_back_after_a_store_of_a_copy_of_the_same_load_may_go() -> None:
    """The store between stores the loaded value too (a copy of the load): @g holds it either
    way (review 21, s02)."""
    before = """
  %l = util.global.load @g : index loc("f.mlir":1:1)
  %t = arith.addi %l, %x : index
  util.global.store %l, @g : index loc("f.mlir":2:1)
  util.call @touches_h() : () -> () loc("f.mlir":3:1)
  util.global.store %l, @g : index loc("f.mlir":4:1)
  util.return %t : index
"""
    after = """
  %l = util.global.load @g : index loc("f.mlir":1:1)
  %t = arith.addi %l, %x : index
  util.call @touches_h() : () -> () loc("f.mlir":3:1)
  util.return %t : index
"""
    assert _hazards(before, after) == []
