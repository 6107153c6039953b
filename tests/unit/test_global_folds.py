"""IREE's folds of globals before the splice (``global_folds``): one behaviour each.

Each case is an input module and the module as IREE's stages before the splice might leave it,
both written by hand with the locations IREE keeps (``loc("in.mlir":line:col)``); no IREE pass
runs here. The tensor programs (``tests/data/global_reloads/own_load_stored_back*.mlir``,
``global_chained_*.mlir``) run IREE on both folds.
"""

from __future__ import annotations

import pytest
from iree.compiler import ir

from stream_model.schedule.global_folds import GlobalFoldHazard, check_input_folds
from stream_model.schedule.global_order import global_events, input_order

_KEEP_ALIVE: list[object] = []


def _module(text: str) -> ir.Module:
    context = ir.Context()
    context.allow_unregistered_dialects = True
    _KEEP_ALIVE.append(context)
    module = ir.Module.parse("module {" + text + "}", context)
    _KEEP_ALIVE.append(module)
    return module


def _folds(user: str, spliced: str) -> list[GlobalFoldHazard]:
    original = _module(user)
    with original.context:
        order = input_order(original)
    at_splice = _module(spliced)
    with at_splice.context:
        return check_input_folds(order, global_events(at_splice))


def _global(name: str, init: int = 0) -> str:
    return f'\n  util.global private mutable @{name} = {init} : i32 loc("in.mlir":1:1)'


def _fn(name: str, *ops: str, result: str = "%v") -> str:
    body = "\n    ".join(ops)
    return f"""
  util.func public @{name}(%v: i32) -> i32 {{
    {body}
    util.return {result} : i32
  }}"""


def _load(result: str, name: str, line: int) -> str:
    return f'{result} = util.global.load @{name} : i32 loc("in.mlir":{line}:9)'


def _store(value: str, name: str, line: int) -> str:
    return f'util.global.store {value}, @{name} : i32 loc("in.mlir":{line}:3)'


# -- a store of the global's own load ---------------------------------------------------------

_READER = _fn("get", _load("%r", "k", 30), result="%r")


def test_a_store_of_the_globals_own_load_erased_after_a_store_of_it_is_a_hazard() -> None:
    user = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11), _store("%old", "k", 12)) + _READER
    spliced = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11)) + _READER
    (hazard,) = _folds(user, spliced)
    assert hazard.function == "f" and hazard.global_name == "k"
    assert "erased util.global.store @k (in.mlir:12:3)" in hazard.line()
    assert "util.global.store @k (in.mlir:11:3) wrote @k between them" in hazard.line()


def test_a_store_of_the_globals_own_load_with_no_write_between_may_go() -> None:
    user = _global("k") + _fn("f", _load("%old", "k", 10), _store("%old", "k", 12)) + _READER
    spliced = _global("k") + _fn("f", _load("%old", "k", 10)) + _READER
    assert _folds(user, spliced) == []


@pytest.mark.parametrize(("condition", "hazard"), [("true", False), ("false", True)])
def test_a_store_of_the_globals_own_load_in_an_else_arm_counts_only_where_the_arm_runs(
    condition: str, hazard: bool
) -> None:
    """(An ``scf.if %true``'s ``else`` never runs: MLIR folds it away with its store, and the
    erasure IREE is not asked about; an ``scf.if %false`` runs it, and IREE erases it.)"""
    arm = (
        f"%on = arith.constant {condition}\n    scf.if %on {{\n    }} else {{\n      {_store('%old', 'k', 12)}\n    }}"
    )
    user = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11), arm) + _READER
    spliced = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11)) + _READER
    assert bool(_folds(user, spliced)) is hazard


def test_a_write_of_another_global_between_is_no_write_of_it() -> None:
    user = (
        _global("k")
        + _global("h")
        + _fn("f", _load("%old", "k", 10), _store("%v", "h", 11), _store("%old", "k", 12))
        + _READER
    )
    spliced = _global("k") + _global("h") + _fn("f", _load("%old", "k", 10), _store("%v", "h", 11)) + _READER
    assert _folds(user, spliced) == []


def test_a_store_iree_kept_is_no_hazard() -> None:
    user = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11), _store("%old", "k", 12)) + _READER
    assert _folds(user, user) == []


def test_a_callee_that_stores_the_global_between_is_a_write_between() -> None:
    bump = f"""
  util.func private @bump(%x: i32) {{
    {_store("%x", "k", 3)}
    util.return
  }}"""
    user = (
        _global("k")
        + bump
        + _fn(
            "f",
            _load("%old", "k", 10),
            'util.call @bump(%v) : (i32) -> () loc("in.mlir":11:3)',
            _store("%old", "k", 12),
        )
        + _READER
    )
    inlined = 'util.global.store %v, @k : i32 loc(callsite("in.mlir":3:3 at "in.mlir":11:3))'
    spliced = _global("k") + _fn("f", _load("%old", "k", 10), inlined) + _READER
    (hazard,) = _folds(user, spliced)
    assert "util.global.store @k (in.mlir:3:3 at in.mlir:11:3) wrote @k between them" in hazard.line()


def test_a_write_between_that_iree_folded_away_too_is_no_write() -> None:
    """(An ``scf.if %false`` around it, say: the splice no longer has it, and the erasure is right.)"""
    user = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11), _store("%old", "k", 12)) + _READER
    spliced = _global("k") + _fn("f", _load("%old", "k", 10)) + _READER
    assert _folds(user, spliced) == []


def test_a_store_of_the_globals_own_value_between_is_no_write() -> None:
    user = _global("k") + _fn("f", _load("%old", "k", 10), _store("%old", "k", 11), _store("%old", "k", 12)) + _READER
    assert _folds(user, _global("k") + _fn("f", _load("%old", "k", 10)) + _READER) == []


def test_a_restore_the_next_store_overwrites_unread_may_go() -> None:
    user = (
        _global("k")
        + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11), _store("%old", "k", 12), _store("%v", "k", 13))
        + _READER
    )
    spliced = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11), _store("%v", "k", 13)) + _READER
    assert _folds(user, spliced) == []


def test_a_global_nothing_loads_shows_nothing() -> None:
    user = _global("k") + _fn("f", _load("%old", "k", 10), _store("%v", "k", 11), _store("%old", "k", 12))
    assert _folds(user, _global("k") + _fn("f")) == []


# -- a global IREE takes for another ----------------------------------------------------------

_COPY = _fn("copy", _load("%a", "a", 10), _store("%a", "b", 11))
_GET_B = _fn("get_b", _load("%r", "b", 20), result="%r")
_SET_A = _fn("set_a", _store("%v", "a", 30))
#: The splice after IREE took @b for @a: @b is gone, its load reads @a.
_RENAMED = _global("a") + _fn("get_b", _load("%r", "a", 20), result="%r")


def test_a_global_taken_for_another_with_another_initial_value_is_a_hazard() -> None:
    user = _global("a", 1) + _global("b", 2) + _COPY + _GET_B
    (hazard,) = _folds(user, _RENAMED)
    assert hazard.function == "get_b" and hazard.global_name == "b"
    assert "took @b for @a" in hazard.line() and "util.global.load @b (in.mlir:20:9)" in hazard.line()
    assert "@b and @a are not declared with one initial value" in hazard.line()


def test_a_global_taken_for_another_it_always_equals_is_no_hazard() -> None:
    user = _global("a", 1) + _global("b", 1) + _COPY + _GET_B
    assert _folds(user, _RENAMED) == []


def test_a_write_of_the_other_global_that_no_copy_follows_is_a_hazard() -> None:
    user = _global("a", 1) + _global("b", 1) + _COPY + _GET_B + _SET_A
    (hazard,) = _folds(user, _RENAMED + _SET_A)
    assert hazard.function == "get_b" and "may return with @a written" in hazard.line()


def test_a_load_right_after_a_copy_holds_the_other_globals_value() -> None:
    sync_then_read = _fn(
        "sync_get", _store("%v", "a", 40), _load("%a", "a", 41), _store("%a", "b", 42), _load("%r", "b", 43)
    )
    user = _global("a", 1) + _global("b", 1) + sync_then_read
    assert _folds(user, _global("a") + _fn("sync_get", _store("%v", "a", 40), _load("%r", "a", 43))) == []


def test_a_load_a_loop_brings_back_after_a_write_of_the_other_global_is_a_hazard() -> None:
    loop = f"""
  util.func public @f(%v: i32, %n: index) -> i32 {{
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    {_load("%a", "a", 50)}
    {_store("%a", "b", 51)}
    scf.for %i = %c0 to %n step %c1 {{
      {_load("%r", "b", 52)}
      "test.use"(%r) : (i32) -> ()
      {_store("%v", "a", 53)}
    }}
    util.return %v : i32
  }}"""
    user = _global("a", 1) + _global("b", 1) + loop
    (hazard,) = _folds(user, _global("a") + _fn("f"))
    assert "util.global.load @b (in.mlir:52:9)" in hazard.line() and "a loop comes back" in hazard.line()


def test_a_load_forwarded_from_a_copy_just_before_it_reads_the_copy() -> None:
    """IREE forwards the store of @b to the load after it in the block, then deletes @b as
    unused: no load reads @a for @b (review 6: r2_25)."""
    fn = _fn("f", _load("%a", "a", 40), _store("%a", "b", 41), _store("%v", "a", 42), _load("%r", "b", 43), result="%r")
    user = _global("a", 1) + _global("b", 1) + fn
    assert _folds(user, _global("a") + _fn("f", _load("%a", "a", 40), _store("%v", "a", 42), result="%a")) == []


def test_a_copy_in_an_arm_does_not_make_the_globals_equal_after_it() -> None:
    """Review 6 (r2_19): the copy may not run; the write before it does."""
    fn = f"""
  util.func public @step(%v: i32, %c: i1) -> i32 {{
    {_store("%v", "a", 50)}
    scf.if %c {{
      {_load("%x", "a", 51)}
      {_store("%x", "b", 52)}
    }}
    util.return %v : i32
  }}"""
    user = _global("a", 1) + _global("b", 1) + fn + _GET_B
    (hazard,) = _folds(user, _RENAMED + fn.replace(_load("%x", "a", 51), "").replace(_store("%x", "b", 52), ""))
    assert hazard.function == "get_b"


def test_a_global_taken_for_one_taken_for_a_third_is_compared_with_the_third() -> None:
    """Review 6 (r2_05): @c <- @b <- @a; IREE takes both for @a."""
    publish = _fn("publish", _load("%a", "a", 10), _store("%a", "b", 11), _load("%m", "b", 12), _store("%m", "c", 13))
    get_c = _fn("get_c", _load("%r", "c", 20), result="%r")
    user = _global("a", 1) + _global("b", 1) + _global("c", 1) + publish + get_c + _SET_A
    hazards = _folds(user, _global("a") + _fn("get_c", _load("%r", "a", 20), result="%r") + _SET_A)
    assert any(h.global_name == "c" and "took @c for @a" in h.line() for h in hazards)


def test_an_immutable_global_copied_in_an_initializer_is_taken_for_another_too() -> None:
    """Review 6 (r2_01): IREE renames immutable globals as well."""
    init = f"""
  util.initializer {{
    {_load("%a", "a", 5)}
    {_store("%a", "b", 6)}
    util.return
  }}"""
    user = _global("a", 1) + "\n  util.global private @b : i32" + init + _GET_B + _SET_A
    (hazard,) = _folds(user, _RENAMED + _SET_A)
    assert "took @b for @a" in hazard.line() and "may return with @a written" in hazard.line()


def test_a_global_still_there_at_the_splice_was_not_taken_for_another() -> None:
    user = _global("a", 1) + _global("b", 2) + _COPY + _GET_B
    assert _folds(user, user) == []


def test_a_global_stored_with_no_load_of_another_is_not_taken_for_another() -> None:
    user = _global("a", 1) + _global("b", 2) + _GET_B + _fn("set_b", _store("%v", "b", 60))
    assert _folds(user, _RENAMED) == []


def test_a_store_of_a_value_shown_as_no_load_does_not_hide_a_rename_the_splice_shows() -> None:
    """The tensor campaign (seed 6071): @b is also stored in a loop IREE erases (a value the
    input shows as no load); @b gone at the splice, the rest of its stores loads of @a, IREE
    took @b for @a. The store still counts as a write of @b nothing restores."""
    user = _global("a", 1) + _global("b", 2) + _COPY + _GET_B + _fn("set_b", _store("%v", "b", 60))
    (hazard,) = _folds(user, _RENAMED)
    assert "took @b for @a" in hazard.line() and "made its other stores such loads or erased them" in hazard.line()
    assert "@b and @a are not declared with one initial value" in hazard.line()


def test_a_store_of_a_value_shown_as_no_load_is_taken_as_the_load_iree_made() -> None:
    """Review 13 (p8): the rename confirms IREE made it a load of @a (an inlined setter's
    argument) or erased it; taken as a break, it refused right builds."""
    user = _global("a", 1) + _global("b", 1) + _COPY + _GET_B + _fn("set_b", _store("%v", "b", 60))
    assert _folds(user, _RENAMED + _fn("set_b")) == []


def test_a_chain_follows_a_global_shown_with_no_load_that_is_gone_at_the_splice() -> None:
    """Review 13 (p2b): @c <- @b <- @a, @b also stored a value shown as no load; both gone."""
    publish = _fn("publish", _load("%a", "a", 10), _store("%a", "b", 11), _load("%m", "b", 12), _store("%m", "c", 13))
    get_c = _fn("get_c", _load("%r", "c", 20), result="%r")
    set_b = _fn("set_b", _store("%v", "b", 60))
    user = _global("a", 1) + _global("b", 1) + _global("c", 1) + publish + get_c + _SET_A + set_b
    hazards = _folds(user, _global("a") + _fn("get_c", _load("%r", "a", 20), result="%r") + _SET_A + _fn("set_b"))
    assert any(h.global_name == "c" and "took @c for @a" in h.line() for h in hazards)
