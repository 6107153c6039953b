"""A fresh copy a repair makes is stored to a global through a barrier, so that IREE 3.13 gives it
a size global of its own (``rewriter.repair.own_size``): which stores the copy's buffer reaches.

The fault it avoids, run on IREE, is the campaign's regression
``tests/regressions/campaign-schedule-repair-stores-a-copy-whose-size-global-iree-fuses.json``
and the mutation ``test_a_repaired_global_stored_without_a_size_of_its_own_is_killed``
(``tests/campaign/test_schedule_mutations.py``)."""

from __future__ import annotations

from iree.compiler import ir

from rewriter.repair.own_size import store_with_own_size, stores_reached
from stream_model.ir.util import ops_named

T = "!stream.resource<variable>"

EXECUTABLE = """
stream.executable private @ex {
  stream.executable.export public @k workgroups(%n: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  builtin.module {
    func.func @k(%in: !stream.binding, %out: !stream.binding) {
      return
    }
  }
}
"""


def _module(functions: str) -> str:
    """``functions`` beside globals @g and @h and a kernel ``@ex::@k``; in each function the
    fresh copy a repair made is the splat ``%copy`` (16 bytes)."""
    return f"util.global private mutable @g : {T}\nutil.global private mutable @h : {T}\n" + EXECUTABLE + functions


PROLOGUE = (
    "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n"
    "  %c16 = arith.constant 16 : index\n  %c9 = arith.constant 9 : i32\n"
    f"  %copy = stream.async.splat %c9 : i32 -> {T}{{%c16}}\n"
)


def _fill(value: str, result: str = "%w") -> str:
    return f"  {result} = stream.async.fill %c9, {value}[%c0 to %c4 for %c4] : i32 -> {value} as {T}{{%c16}}\n"


def _copies(module: ir.Module) -> list[ir.Value]:
    return [op.results[0] for op in _ops(module, "stream.async.splat")]


def _stored(functions: str) -> list[str]:
    """The globals (with their function) whose stores the copies reach."""
    with ir.Context():
        module = ir.Module.parse(_module(functions))
        return [_where(store) for store in stores_reached(module, _copies(module))]


def _where(store: ir.Operation) -> str:
    function = store.parent
    while function.name != "util.func":
        function = function.parent
    name = ir.StringAttr(function.attributes["sym_name"]).value
    return f"{name}:@{ir.FlatSymbolRefAttr(store.attributes['global']).value}"


def test_the_copy_written_in_place_and_stored_reaches_that_store_only() -> None:
    body = (
        "util.func public @f() {\n" + PROLOGUE + f"  %l = util.global.load @h : {T}\n" + _fill("%copy") + "  "
        f"util.global.store %w, @g : {T}\n  util.global.store %l, @h : {T}\n  util.return\n}}\n"
    )
    assert _stored(body) == ["f:@g"]


def test_a_setter_storing_the_copy_and_a_caller_storing_what_a_callee_returns_are_reached() -> None:
    body = (
        f"util.func private @set(%v: {T}) {{\n  util.global.store %v, @h : {T}\n  util.return\n}}\n"
        f"util.func private @make() -> {T} {{\n" + PROLOGUE + _fill("%copy") + f"  util.return %w : {T}\n}}\n"
        "util.func public @f() {\n"
        f"  %m = util.call @make() : () -> {T}\n"
        f"  util.call @set(%m) : ({T}) -> ()\n"
        f"  util.global.store %m, @g : {T}\n  util.return\n}}\n"
    )
    assert sorted(_stored(body)) == ["f:@g", "set:@h"]


def test_a_branch_yielding_the_copy_reaches_the_store_of_its_result() -> None:
    body = (
        "util.func public @f(%p: i1) {\n" + PROLOGUE + f"  %l = util.global.load @g : {T}\n"
        f"  %r = scf.if %p -> ({T}) {{\n    scf.yield %copy : {T}\n  }} else {{\n    scf.yield %l : {T}\n  }}\n"
        f"  util.global.store %r, @g : {T}\n  util.return\n}}\n"
    )
    assert _stored(body) == ["f:@g"]


def test_a_dispatch_result_computed_from_the_copy_is_a_buffer_of_its_own() -> None:
    body = (
        "util.func public @f() {\n"
        + PROLOGUE
        + f"  %d = stream.async.dispatch @ex::@k[%c4](%copy[%c0 to %c16 for %c16]) :"
        f" ({T}{{%c16}}) -> {T}{{%c16}}\n"
        f"  util.global.store %d, @g : {T}\n  util.return\n}}\n"
    )
    assert _stored(body) == []


def test_a_dispatch_result_tied_to_the_copy_is_the_copy() -> None:
    body = (
        "util.func public @f() {\n"
        + PROLOGUE
        + f"  %d = stream.async.dispatch @ex::@k[%c4](%copy[%c0 to %c16 for %c16]) :"
        f" ({T}{{%c16}}) -> %copy{{%c16}}\n"
        f"  util.global.store %d, @g : {T}\n  util.return\n}}\n"
    )
    assert _stored(body) == ["f:@g"]


def test_each_store_reached_stores_through_one_barrier_and_a_second_repair_adds_none() -> None:
    body = (
        "util.func public @f() {\n" + PROLOGUE + f"  %l = util.global.load @h : {T}\n" + _fill("%copy") + "  "
        f"util.global.store %w, @g : {T}\n  util.global.store %l, @h : {T}\n  util.return\n}}\n"
    )
    with ir.Context():
        module = ir.Module.parse(_module(body))
        assert len(store_with_own_size(module, _copies(module))) == 1
        assert store_with_own_size(module, _copies(module)) == []
        module.operation.verify()
        stores = {_where(s).split(":")[1]: s for s in _ops(module, "util.global.store")}
        (barrier,) = _ops(module, "util.optimization_barrier")
        assert stores["@g"].operands[0] == barrier.results[0]
        assert barrier.operands[0].owner.name == "stream.async.fill"
        assert stores["@h"].operands[0].owner.name == "util.global.load"  # stored as it is


def _ops(module: ir.Module, name: str) -> list[ir.Operation]:
    return ops_named(module.operation, {name})


def test_a_store_in_a_region_gets_its_barrier_too() -> None:
    """``iree-util-fuse-globals`` reads no store in a region, so the barrier keeps no size apart
    there; it keeps the host's wait before the store, as in a function's block."""
    body = (
        "util.func public @f(%c: i1) {\n" + PROLOGUE + _fill("%copy") + "  scf.if %c {\n"
        f"    util.global.store %w, @g : {T}\n  }}\n  util.return\n}}\n"
    )
    with ir.Context():
        module = ir.Module.parse(_module(body))
        assert len(store_with_own_size(module, _copies(module))) == 1
