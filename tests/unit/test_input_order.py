"""The user's input against the module at the splice (``check_input_order``): one behaviour each.

Each case is an input function and the same function as IREE's stages before the splice might
leave it, both written by hand with the locations IREE keeps (``loc("in.mlir":line:col)``); no
IREE pass runs here. The e2e tests (``tests/e2e/test_presplice_global_order.py``) run IREE.
"""

from __future__ import annotations

from iree.compiler import ir

from stream_model.schedule.global_order import (
    BEFORE_THE_SPLICE,
    GlobalOrderHazard,
    OrderNotCompared,
    check_input_order,
    global_events,
    input_order,
)

_KEEP_ALIVE: list[object] = []

_GLOBALS = """
  util.global private mutable @k = 0 : i32 loc("in.mlir":1:1)
  util.func private @bump(%v: i32) {
    util.global.store %v, @k : i32 loc("in.mlir":2:3)
    util.return
  }
"""


def _module(body: str) -> ir.Module:
    context = ir.Context()
    context.allow_unregistered_dialects = True
    _KEEP_ALIVE.append(context)
    module = ir.Module.parse("module {" + _GLOBALS + body + "}", context)
    _KEEP_ALIVE.append(module)
    return module


def _compare(user: str, spliced: str) -> list[GlobalOrderHazard]:
    original = _module(user)
    with original.context:
        order = input_order(original)
    at_splice = _module(spliced)
    with at_splice.context:
        return check_input_order(order, global_events(at_splice))


_LOAD = 'util.global.load @k : i32 loc("in.mlir":{line}:9)'
_STORE = 'util.global.store %v, @k : i32 loc("in.mlir":{line}:3)'


def _fn(name: str, *ops: str) -> str:
    body = "\n    ".join(ops)
    return f"""
  util.func public @{name}(%v: i32, %c: i1) -> i32 {{
    {body}
    util.return %v : i32
  }}"""


def test_the_same_order_is_no_hazard() -> None:
    f = _fn("f", _STORE.format(line=10), f"%x = {_LOAD.format(line=11)}")
    assert _compare(f, f) == []


def test_a_load_moved_above_a_store_of_its_global_is_a_hazard() -> None:
    user = _fn("f", _STORE.format(line=10), f"%x = {_LOAD.format(line=11)}")
    spliced = _fn("f", f"%x = {_LOAD.format(line=11)}", _STORE.format(line=10))
    (hazard,) = _compare(user, spliced)
    assert hazard.stage == BEFORE_THE_SPLICE and hazard.global_name == "k"
    assert (
        "util.global.load @k (in.mlir:11:9)" in hazard.line() and "util.global.store @k (in.mlir:10:3)" in hazard.line()
    )


def test_two_loads_may_trade_places() -> None:
    user = _fn("f", f"%x = {_LOAD.format(line=10)}", f"%y = {_LOAD.format(line=11)}")
    spliced = _fn("f", f"%y = {_LOAD.format(line=11)}", f"%x = {_LOAD.format(line=10)}")
    assert _compare(user, spliced) == []


_CALL_BUMP = 'util.call @bump(%v) : (i32) -> () loc("in.mlir":10:3)'
_BUMPS_STORE = 'util.global.store %v, @k : i32 loc(callsite("in.mlir":2:3 at "in.mlir":10:3))'


def test_a_store_inlined_from_a_callee_is_the_callees_store_reached_through_the_call() -> None:
    """IREE inlines ``@bump``: its store keeps the callee's location, at the call's call site."""
    user = _fn("f", _CALL_BUMP, f"%x = {_LOAD.format(line=11)}")
    assert _compare(user, _fn("f", _BUMPS_STORE, f"%x = {_LOAD.format(line=11)}")) == []
    (hazard,) = _compare(user, _fn("f", f"%x = {_LOAD.format(line=11)}", _BUMPS_STORE))
    assert "util.global.store @k (in.mlir:2:3 at in.mlir:10:3)" in hazard.line()


def test_a_call_iree_keeps_stands_for_its_callees_events() -> None:
    user = _fn("f", _CALL_BUMP, f"%x = {_LOAD.format(line=11)}")
    assert _compare(user, user) == []
    (hazard,) = _compare(user, _fn("f", f"%x = {_LOAD.format(line=11)}", _CALL_BUMP))
    assert "util.call @bump (in.mlir:10:3)" in hazard.line()


_HELPERS = """
  util.func private @setter(%v: i32) {
    util.global.store %v, @k : i32 loc("in.mlir":3:3)
    util.return
  }
  util.func private @helper(%v: i32) -> i32 {
    util.call @setter(%v) : (i32) -> () loc("in.mlir":5:3)
    %x = util.global.load @k : i32 loc("in.mlir":6:8)
    util.return %x : i32
  }"""


def test_a_helper_that_loads_after_a_call_it_makes_is_no_hazard_when_inlined_in_order() -> None:
    """Review 31's false alarm: a helper's load after its own call of a setter IREE keeps (not
    inlined) stays after that call; it was taken as a read just before the helper's call."""
    call = 'util.call @helper(%v) : (i32) -> i32 loc("in.mlir":20:8)'
    user = _HELPERS + _fn("f", f"%y = {call}")
    kept = 'util.call @setter(%v) : (i32) -> () loc(callsite("in.mlir":5:3 at "in.mlir":20:8))'
    load = 'util.global.load @k : i32 loc(callsite("in.mlir":6:8 at "in.mlir":20:8))'
    assert _compare(user, _HELPERS + _fn("f", kept, f"%y = {load}")) == []
    (hazard,) = _compare(user, _HELPERS + _fn("f", f"%y = {load}", kept))
    assert "util.global.load @k (in.mlir:6:8 at in.mlir:20:8)" in hazard.line()


def test_one_helper_inlined_twice_keeps_each_call_sites_events_apart() -> None:
    """Review 31's false alarm: a helper storing, loading and storing one global, inlined; each
    of its events is matched at its own call site, never collapsed onto the call."""
    helper = """
  util.func private @twice(%v: i32) {
    util.global.store %v, @k : i32 loc("in.mlir":3:3)
    %x = util.global.load @k : i32 loc("in.mlir":4:8)
    util.global.store %x, @k : i32 loc("in.mlir":5:3)
    util.return
  }"""
    calls = [f'util.call @twice(%v) : (i32) -> () loc("in.mlir":{line}:3)' for line in (20, 21)]

    def inlined(line: int) -> list[str]:
        at = f'"in.mlir":{line}:3'
        return [
            f'util.global.store %v, @k : i32 loc(callsite("in.mlir":3:3 at {at}))',
            f'%x{line} = util.global.load @k : i32 loc(callsite("in.mlir":4:8 at {at}))',
            f'util.global.store %x{line}, @k : i32 loc(callsite("in.mlir":5:3 at {at}))',
        ]

    spliced = inlined(20) + inlined(21)
    assert _compare(helper + _fn("f", *calls), helper + _fn("f", *spliced)) == []


def test_an_access_iree_made_is_compared_with_nothing() -> None:
    """A load at a location the input has no access at (IREE's own) bounds nothing."""
    user = _fn("f", _STORE.format(line=10), f"%x = {_LOAD.format(line=11)}")
    made = 'util.global.load @k : i32 loc("in.mlir":40:1)'
    spliced = _fn("f", f"%m = {made}", _STORE.format(line=10), f"%x = {_LOAD.format(line=11)}")
    assert _compare(user, spliced) == []


def test_a_store_at_a_globals_declaration_is_its_initial_value() -> None:
    user = _fn("f", f"%x = {_LOAD.format(line=11)}", _STORE.format(line=12))
    initial = 'util.global.store %v, @k : i32 loc("in.mlir":1:1)'
    spliced = _fn("f", f"%x = {_LOAD.format(line=11)}", initial, _STORE.format(line=12))
    assert _compare(user, spliced) == []


def test_a_store_sunk_below_a_region_that_loads_the_global_is_a_hazard() -> None:
    """``iree-util-simplify-global-accesses`` moves a store past an op with regions without
    looking into it (here the region's load is an access of the input at its location)."""
    region_load = """scf.if %c {
      %y = util.global.load @k : i32 loc("in.mlir":13:12)
    } loc("in.mlir":13:3)"""
    user = _fn("f", _STORE.format(line=12), region_load)
    (hazard,) = _compare(user, _fn("f", region_load, _STORE.format(line=12)))
    assert "util.global.store @k (in.mlir:12:3)" in hazard.line()


def test_a_function_is_compared_with_its_async_twin() -> None:
    """IREE's coarse-fences ABI moves a public function's body into ``f$async``."""
    user = _fn("f", _STORE.format(line=10), f"%x = {_LOAD.format(line=11)}")
    spliced = _fn("f$async", f"%x = {_LOAD.format(line=11)}", _STORE.format(line=10))
    (hazard,) = _compare(user, spliced)
    assert hazard.function == "f"


def _blocks(name: str, entry: str, *blocks: str) -> str:
    """A function of several blocks, written in the order given (not execution order)."""
    return f"""
  util.func public @{name}(%v: i32, %c: i1) -> i32 {{
    {entry}
  {"".join(blocks)}
  }}"""


def _read_written_before_write(entry: str) -> str:
    """``^read`` (load, return) written before ``^write`` (store, branch to ``^read``), which
    ``entry`` branches to: executed, the store runs first."""
    return _blocks(
        "f",
        entry,
        f"""^read:
    %x = {_LOAD.format(line=11)}
    util.return %x : i32
  """,
        f"""^write:
    {_STORE.format(line=12)}
    cf.br ^read
  """,
    )


def test_blocks_written_out_of_execution_order_are_compared_in_execution_order() -> None:
    """Finding 4/02: ``^read`` is written before ``^write`` but runs after it. IREE merges the
    blocks in execution order: store, then load. Nothing was reordered."""
    user = _read_written_before_write("cf.cond_br %c, ^write, ^write")
    spliced = _fn("f", _STORE.format(line=12), f"%x = {_LOAD.format(line=11)}")
    assert _compare(user, spliced) == []


def test_a_reorder_across_blocks_written_out_of_order_is_still_a_hazard() -> None:
    """Executed, the store runs before the load; a splice with the load first reordered them
    (text order would read the input as load-then-store and miss it)."""
    user = _read_written_before_write("cf.br ^write")
    spliced = _fn("f", f"%x = {_LOAD.format(line=11)}", _STORE.format(line=12))
    (hazard,) = _compare(user, spliced)
    assert "util.global.load @k (in.mlir:11:9)" in hazard.line()


def _notes(user: str, spliced: str) -> tuple[list[GlobalOrderHazard], list[OrderNotCompared]]:
    """What :func:`check_input_order` finds, and what it says it did not compare."""
    original = _module(user)
    with original.context:
        order = input_order(original)
    at_splice = _module(spliced)
    notes: list[OrderNotCompared] = []
    with at_splice.context:
        return check_input_order(order, global_events(at_splice), notes), notes


def _not_compared(user: str, spliced: str) -> list[OrderNotCompared]:
    """What :func:`check_input_order` says it did not compare (it finds no hazard here)."""
    hazards, notes = _notes(user, spliced)
    assert hazards == []
    return notes


def _store_in_an_arm_then_a_load() -> str:
    """A store in one arm of a branch on a run-time flag, and a load after the join."""
    return _blocks(
        "f",
        "cf.cond_br %c, ^arm, ^join",
        f"""^arm:
    {_STORE.format(line=12)}
    cf.br ^join
  """,
        f"""^join:
    %x = {_LOAD.format(line=13)}
    util.return %x : i32
  """,
    )


def test_accesses_in_one_arm_of_a_cf_branch_are_not_compared_and_said_so() -> None:
    """A store in one arm has no single place among the accesses every execution runs: where
    the splice keeps the arm, no hazard is claimed, and the note names the access."""
    user = _store_in_an_arm_then_a_load()
    (note,) = _not_compared(user, user)
    assert note.global_name == "k" and "util.global.store @k (in.mlir:12:3)" in note.line()


def test_a_load_moved_above_a_store_of_an_arm_before_it_is_a_hazard() -> None:
    """Review 26: where both run, the arm's store runs before the load after the join (the
    arm's block reaches the join's, which every execution runs once). A splice of one block
    with the load first (MLIR folded the branch) reordered them."""
    spliced = _fn("f", f"%x = {_LOAD.format(line=13)}", _STORE.format(line=12))
    hazards, _ = _notes(_store_in_an_arm_then_a_load(), spliced)
    (hazard,) = hazards
    assert "util.global.load @k (in.mlir:13:9)" in hazard.line()


def test_a_store_of_an_arm_kept_before_the_load_is_no_hazard() -> None:
    spliced = _fn("f", _STORE.format(line=12), f"%x = {_LOAD.format(line=13)}")
    hazards, _ = _notes(_store_in_an_arm_then_a_load(), spliced)
    assert hazards == []


def test_a_cf_loops_accesses_are_not_compared_and_said_so() -> None:
    user = _blocks(
        "f",
        "cf.br ^loop",
        f"""^loop:
    {_STORE.format(line=12)}
    cf.cond_br %c, ^loop, ^exit
  """,
        f"""^exit:
    %x = {_LOAD.format(line=13)}
    util.return %x : i32
  """,
    )
    assert [n.global_name for n in _not_compared(user, user)] == ["k"]


def test_a_reorder_of_the_accesses_every_path_runs_is_caught_beside_a_cf_arm() -> None:
    """Review 4's p23: a load in a ``cf`` arm has no single order, but the store and the
    region's load before the branch do: their reorder is still a hazard."""
    region_load = """scf.if %c {
      %y = util.global.load @k : i32 loc("in.mlir":11:12)
    } loc("in.mlir":11:3)"""
    arm = f"""^arm:
    %z = {_LOAD.format(line=13)}
    util.return %z : i32
  """
    other = """^other:
    util.return %v : i32
  """
    user = _blocks(
        "f", _STORE.format(line=10) + "\n    " + region_load + "\n    cf.cond_br %c, ^arm, ^other", arm, other
    )
    spliced = _blocks(
        "f", region_load + "\n    " + _STORE.format(line=10) + "\n    cf.cond_br %c, ^arm, ^other", arm, other
    )
    (hazard,) = _compare(user, spliced)
    assert "util.global.store @k (in.mlir:10:3)" in hazard.line()


# -- accesses IREE removes across a region (``_dropped_across``) ----------------------------

_LOOP_STORES = """scf.if %c {{
      {double}
      {store}
    }} loc("in.mlir":12:3)""".format(
    double='%d = arith.addi %v, %v : i32 loc("in.mlir":12:5)',
    store='util.global.store %d, @k : i32 loc("in.mlir":12:9)',
)
_LOOP_LOADS = """scf.if %c {
      %y = util.global.load @k : i32 loc("in.mlir":12:14)
      util.global.store %y, @k2 : i32 loc("in.mlir":12:40)
    } loc("in.mlir":12:3)"""


def _returning(name: str, *ops: str, result: str = "%x") -> str:
    """A function whose result is ``result`` (so that a load of it is read)."""
    body = "\n    ".join(ops)
    return f"""
  util.global private mutable @k2 = 0 : i32 loc("in.mlir":1:2)
  util.func public @{name}(%v: i32, %c: i1) -> i32 {{
    {body}
    util.return {result} : i32
  }}"""


def test_a_read_load_gone_where_a_region_before_it_stores_the_global_was_forwarded_across_it() -> None:
    """RAW: the load after the region is its block's next access after the store at line 10;
    ``iree-util-simplify-global-accesses`` forwards the store's value to it, past the region's
    store (``tests/data/global_reloads/load_forwarded_across_a_loop.mlir`` on IREE)."""
    user = _returning("f", _STORE.format(line=10), _LOOP_STORES, f"%x = {_LOAD.format(line=13)}")
    spliced = _returning("f", _STORE.format(line=10), _LOOP_STORES, result="%v")
    (hazard,) = _compare(user, spliced)
    assert hazard.across == "util.global.store @k (in.mlir:12:9)"
    assert "took util.global.load @k (in.mlir:13:9), which the program reads, as util.global.store @k" in hazard.line()


def test_a_load_forwarded_from_an_earlier_load_across_a_regions_store_is_a_hazard() -> None:
    """RAR: the same pairing, the earlier access a load (which the program reads: stored in @k2)."""
    kept = 'util.global.store %w, @k2 : i32 loc("in.mlir":10:40)'
    user = _returning("f", f"%w = {_LOAD.format(line=10)}", kept, _LOOP_STORES, f"%x = {_LOAD.format(line=13)}")
    spliced = _returning("f", f"%w = {_LOAD.format(line=10)}", kept, _LOOP_STORES, result="%w")
    (hazard,) = _compare(user, spliced)
    assert "as util.global.load @k (in.mlir:10:9)" in hazard.line()


def test_a_load_forwarded_across_a_region_that_stores_the_same_value_may_go() -> None:
    """The region stores the value the load is forwarded from: what it left is that value."""
    same = """scf.if %c {
      util.global.store %v, @k : i32 loc("in.mlir":12:9)
    } loc("in.mlir":12:3)"""
    user = _returning("f", _STORE.format(line=10), same, f"%x = {_LOAD.format(line=13)}")
    assert _compare(user, _returning("f", _STORE.format(line=10), same, result="%v")) == []


def test_a_load_nothing_reads_may_go() -> None:
    user = _returning("f", _STORE.format(line=10), _LOOP_STORES, f"%x = {_LOAD.format(line=13)}", result="%v")
    spliced = _returning("f", _STORE.format(line=10), _LOOP_STORES, result="%v")
    assert _compare(user, spliced) == []


def test_a_store_dropped_for_a_later_one_though_a_region_between_reads_it_is_a_hazard() -> None:
    """WAW: the store at line 10 is its block's previous store before line 13's; a region
    between them reads @k (``store_dropped_before_a_loop_reads.mlir`` on IREE)."""
    user = _returning("f", _STORE.format(line=10), _LOOP_LOADS, _STORE.format(line=13), result="%v")
    spliced = _returning("f", _LOOP_LOADS, _STORE.format(line=13), result="%v")
    (hazard,) = _compare(user, spliced)
    assert "dropped util.global.store @k (in.mlir:10:3) as overwritten by util.global.store @k (in.mlir:13:3)" in (
        hazard.line()
    )
    assert hazard.across == "util.global.load @k (in.mlir:12:14)"


def test_a_store_of_the_globals_own_value_may_go() -> None:
    """IREE folds ``store (load @k), @k``: nothing is lost."""
    reload = 'util.global.store %w, @k : i32 loc("in.mlir":10:3)'
    user = _returning("f", f"%w = {_LOAD.format(line=9)}", reload, _LOOP_LOADS, _STORE.format(line=13), result="%v")
    spliced = _returning("f", f"%w = {_LOAD.format(line=9)}", _LOOP_LOADS, _STORE.format(line=13), result="%v")
    assert _compare(user, spliced) == []


def test_a_call_iree_keeps_between_bounds_the_pairing() -> None:
    """A call blocks the pass's motion: the access before it is no partner of one after it."""
    call = 'util.call @bump(%v) : (i32) -> () loc("in.mlir":11:3)'
    user = _returning("f", f"%w = {_LOAD.format(line=10)}", call, _LOOP_STORES, f"%x = {_LOAD.format(line=13)}")
    spliced = _returning("f", f"%w = {_LOAD.format(line=10)}", call, _LOOP_STORES, result="%w")
    hazards, _ = _notes(user, spliced)
    assert not any(h.across for h in hazards)


def test_the_two_arms_of_an_if_are_not_one_block() -> None:
    """A store in the then-arm is no partner of a load in the else-arm."""
    arms = """%x = scf.if %c -> i32 {{
      {store}
      scf.yield %v : i32
    }} else {{
      %l = {load}
      scf.yield %l : i32
    }} loc("in.mlir":11:3)""".format(
        store='util.global.store %v, @k : i32 loc("in.mlir":11:9)', load=_LOAD.format(line=12)
    )
    user = _returning("f", arms)
    spliced = _returning("f", arms.replace(f"%l = {_LOAD.format(line=12)}", "%l = arith.addi %v, %v : i32"))
    assert _compare(user, spliced) == []


def test_a_removal_whose_region_access_is_gone_too_is_not_checked_and_said_so() -> None:
    """The region's store is gone as well (its region dropped as dead, say): nothing shows the
    program still depends on the order, so it is a note, not a refusal."""
    user = _returning("f", _STORE.format(line=10), _LOOP_STORES, f"%x = {_LOAD.format(line=13)}")
    hazards, notes = _notes(user, _returning("f", _STORE.format(line=10), result="%v"))
    assert hazards == []
    (note,) = notes
    assert note.gone_across == "util.global.store @k (in.mlir:12:9)"
    assert "was not checked" in note.line()


def test_two_stores_of_one_value_may_trade_places() -> None:
    """Nothing touches the global between them: either order leaves it holding the value."""
    loop_store = 'util.global.store %v, @k : i32 loc("in.mlir":11:3)'
    user = _fn("f", _STORE.format(line=10), loop_store)
    assert _compare(user, _fn("f", loop_store, _STORE.format(line=10))) == []


def test_two_stores_of_two_values_may_not() -> None:
    other = 'util.global.store %c2, @k : i32 loc("in.mlir":11:3)'
    c2 = '%c2 = arith.constant 2 : i32 loc("in.mlir":9:9)'
    user = _fn("f", c2, _STORE.format(line=10), other)
    (hazard,) = _compare(user, _fn("f", c2, other, _STORE.format(line=10)))
    assert "reordered" in hazard.line()


def test_a_load_between_two_stores_of_one_value_keeps_them_apart() -> None:
    """The load is read (the function returns it): moved before both stores, it reads what the
    global held before them."""
    second = 'util.global.store %v, @k : i32 loc("in.mlir":12:3)'
    user = _returning(
        "f",
        '%w = util.global.load @k : i32 loc("in.mlir":9:9)',
        _STORE.format(line=10),
        f"%x = {_LOAD.format(line=11)}",
        second,
    )
    spliced = _returning(
        "f",
        '%w = util.global.load @k : i32 loc("in.mlir":9:9)',
        second,
        f"%x = {_LOAD.format(line=11)}",
        _STORE.format(line=10),
    )
    (hazard,) = _compare(user, spliced)
    assert "util.global.load @k (in.mlir:11:9)" in hazard.line() or "in.mlir:12:3" in hazard.line()


def test_a_load_nothing_reads_between_two_stores_of_one_value_keeps_nothing_apart() -> None:
    """It reads no value: the stores leave the global holding ``%v`` in either order."""
    second = 'util.global.store %v, @k : i32 loc("in.mlir":12:3)'
    load = f"%x = {_LOAD.format(line=11)}"
    user = _fn("f", _STORE.format(line=10), load, second)
    assert _compare(user, _fn("f", second, load, _STORE.format(line=10))) == []


def test_two_stores_of_one_value_one_in_a_cf_arm_are_not_one_store() -> None:
    """Review 6 (r3_01): the arm's store may not run; the merge block's store is compared as it is."""
    arm = 'util.global.store %v, @k : i32 loc("in.mlir":11:3)'
    merge = 'util.global.store %v, @k : i32 loc("in.mlir":13:3)'
    user = f"""
  util.func public @f(%v: i32, %c: i1) -> i32 {{
    cf.cond_br %c, ^arm, ^merge
  ^arm:
    {arm}
    cf.br ^merge
  ^merge:
    {merge}
    %x = {_LOAD.format(line=14)}
    util.return %x : i32
  }}"""
    spliced = user.replace(f"{merge}\n    %x = {_LOAD.format(line=14)}", f"%x = {_LOAD.format(line=14)}\n    {merge}")
    hazards = _compare(user, spliced)
    assert hazards and "util.global.load @k (in.mlir:14:9)" in hazards[0].line()


def test_a_store_dropped_before_a_region_whose_work_goes_only_to_the_global_may_go() -> None:
    """The region loads the global into nothing but its own store; the later store overwrites it."""
    scratch = """scf.if %c {
      %y = util.global.load @k : i32 loc("in.mlir":12:14)
      %d = arith.addi %y, %y : i32 loc("in.mlir":12:30)
      util.global.store %d, @k : i32 loc("in.mlir":12:40)
    } loc("in.mlir":12:3)"""
    user = _returning("f", _STORE.format(line=10), scratch, _STORE.format(line=13), result="%v")
    assert _compare(user, _returning("f", scratch, _STORE.format(line=13), result="%v")) == []


def _seed_15101(bound: str) -> tuple[str, str]:
    """Tensor campaign seeds 15101 and 15102, by hand: a store, an arm that reloads the global
    and stores twice what it read, a reload handed to a while loop ``i < bound`` from 0 that
    never uses it, and the loop's store of the first value; and the function as IREE leaves it,
    the first store moved below the loop."""
    arm = """scf.if %c {
      %y = util.global.load @k : i32 loc("in.mlir":11:14)
      %d = arith.addi %y, %y : i32 loc("in.mlir":11:30)
      util.global.store %d, @k : i32 loc("in.mlir":11:40)
    } loc("in.mlir":11:3)"""
    loop = f"""%c0 = arith.constant 0 : index loc("in.mlir":12:1)
    %c2 = arith.constant 2 : index loc("in.mlir":12:2)
    %u = util.global.load @k : i32 loc("in.mlir":12:9)
    %w:2 = scf.while (%i = %c0, %a = %u) : (index, i32) -> (index, i32) {{
      %go = arith.cmpi slt, %i, {bound} : index loc("in.mlir":13:1)
      scf.condition(%go) %i, %u : index, i32 loc("in.mlir":13:2)
    }} do {{
    ^bb0(%j: index, %b: i32):
      util.global.store %v, @k : i32 loc("in.mlir":14:3)
      scf.yield %j, %b : index, i32 loc("in.mlir":14:4)
    }} loc("in.mlir":13:3)"""
    spliced_loop = (
        loop.replace('%u = util.global.load @k : i32 loc("in.mlir":12:9)\n    ', "")
        .replace("%a = %u", "%a = %v")
        .replace("%i, %u", "%i, %v")
    )
    user = _fn("f", "%n = arith.constant 5 : index", _STORE.format(line=10), arm, loop).replace(
        "%n = arith.constant 5 : index", "%n = arith.index_cast %v : i32 to index"
    )
    spliced = _fn("f", "%n = arith.index_cast %v : i32 to index", arm, spliced_loop, _STORE.format(line=10))
    return user, spliced


def test_a_store_moved_past_a_reload_whose_work_a_loop_overwrites_unread_is_no_hazard() -> None:
    """The arm's reload only feeds the arm's store, and the loop (which turns) overwrites that
    before anything reads the global, in the input and as IREE leaves it: the reload's value
    shows nowhere, and the two stores of ``%v`` leave the same value in either order."""
    assert _compare(*_seed_15101("%c2")) == []


def test_a_store_moved_past_a_reload_a_loop_of_no_turn_leaves_unread_is_a_hazard() -> None:
    """With a loop that may turn no time, what the arm stored is the function's last value of
    the global in the input; IREE's moved store overwrites it."""
    (hazard,) = _compare(*_seed_15101("%n"))
    assert "reordered util.global.store @k (in.mlir:10:3)" in hazard.line()


def test_a_load_a_loop_carries_without_using_it_reads_nothing() -> None:
    user, _ = _seed_15101("%c2")
    module = _module(user)
    with module.context:
        events = global_events(module).events["f"]
    assert [(e.kind, e.own_location, e.idle) for e in events if e.kind == "load"] == [
        ("load", "in.mlir:11:14", False),
        ("load", "in.mlir:12:9", True),
    ]
