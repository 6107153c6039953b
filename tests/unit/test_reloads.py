"""A load of a global after a store to it in its block takes the stored value, and only then."""

from __future__ import annotations

from iree.compiler import ir

from rewriter.repair.reloads import find_reloads, forward_reloads, may_misread_globals
from stream_model.ir.naming import Names

_HEAD = """
util.global private mutable @g : !stream.resource<variable>
util.global private mutable @h : !stream.resource<variable>
util.global private mutable @n : index
util.func private @touches_nothing() {
  util.return
}
"""


def _forward(body: str) -> tuple[list[str], str]:
    """The loads forwarded in ``@f``, and ``@f``'s return operand afterwards."""
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        text = (
            _HEAD
            + "util.func public @f(%x: !stream.resource<variable>, %c: i1) -> !stream.resource<variable> {\n"
            + body
            + "}\n"
        )
        module = ir.Module.parse(text)
        names = Names(module, text)  # values named as written
        found = [r.load for r in find_reloads(module, names)]
        assert [r.load for r in forward_reloads(module, names)] == found
        f = list(module.body.operations)[-1]
        ret = list(f.regions[0].blocks[0].operations)[-1]
        return found, names.name(ret.operands[0])


def test_a_load_after_a_store_in_its_block_takes_the_stored_value() -> None:
    found, returned = _forward(
        """
  util.global.store %x, @g : !stream.resource<variable>
  %y = util.global.load @g : !stream.resource<variable>
  util.return %y : !stream.resource<variable>
"""
    )
    assert found == ["util.global.load %y"] and returned == "%x"


def test_a_load_of_another_global_is_left() -> None:
    found, returned = _forward(
        """
  util.global.store %x, @h : !stream.resource<variable>
  %y = util.global.load @g : !stream.resource<variable>
  util.return %y : !stream.resource<variable>
"""
    )
    assert found == [] and returned == "%y"


def test_a_call_in_between_ends_what_is_known() -> None:
    """The callee may store the global (this one does not: the rule does not look)."""
    found, _ = _forward(
        """
  util.global.store %x, @g : !stream.resource<variable>
  util.call @touches_nothing() : () -> ()
  %y = util.global.load @g : !stream.resource<variable>
  util.return %y : !stream.resource<variable>
"""
    )
    assert found == []


def test_an_op_with_regions_in_between_ends_what_is_known() -> None:
    found, _ = _forward(
        """
  util.global.store %x, @g : !stream.resource<variable>
  scf.if %c {
    util.global.store %x, @g : !stream.resource<variable>
  }
  %y = util.global.load @g : !stream.resource<variable>
  util.return %y : !stream.resource<variable>
"""
    )
    assert found == []


def test_a_store_is_not_known_in_a_nested_block_but_one_there_is() -> None:
    found, _ = _forward(
        """
  util.global.store %x, @g : !stream.resource<variable>
  %y = scf.if %c -> !stream.resource<variable> {
    %in = util.global.load @g : !stream.resource<variable>
    util.global.store %in, @h : !stream.resource<variable>
    %again = util.global.load @h : !stream.resource<variable>
    scf.yield %again : !stream.resource<variable>
  } else {
    scf.yield %x : !stream.resource<variable>
  }
  util.return %y : !stream.resource<variable>
"""
    )
    assert found == ["util.global.load %again"]


def test_a_store_read_only_by_forwarded_loads_and_stored_over_is_dropped() -> None:
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        text = _HEAD + (
            "util.func public @f(%x: !stream.resource<variable>, %z: !stream.resource<variable>) -> !stream.resource<variable> {\n"
            "  util.global.store %x, @g : !stream.resource<variable>\n"
            "  %y = util.global.load @g : !stream.resource<variable>\n"
            "  util.global.store %z, @g : !stream.resource<variable>\n"
            "  util.return %y : !stream.resource<variable>\n"
            "}\n"
        )
        module = ir.Module.parse(text)
        (record,) = forward_reloads(module, Names(module, text))
        assert record.store_dropped and "the store, read by no one now, is dropped" in record.line()
        stores = [op for op in list(module.body.operations)[-1].regions[0].blocks[0].operations]
        assert [op.name for op in stores] == ["util.global.store", "util.return"]


def test_a_store_another_load_still_reads_is_kept() -> None:
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        text = _HEAD + (
            "util.func public @f(%x: !stream.resource<variable>, %z: !stream.resource<variable>) -> !stream.resource<variable> {\n"
            "  util.global.store %x, @g : !stream.resource<variable>\n"
            "  util.call @touches_nothing() : () -> ()\n"
            "  util.global.store %z, @g : !stream.resource<variable>\n"
            "  %y = util.global.load @g : !stream.resource<variable>\n"
            "  util.return %y : !stream.resource<variable>\n"
            "}\n"
        )
        module = ir.Module.parse(text)
        (record,) = forward_reloads(module, Names(module, text))
        assert not record.store_dropped  # the load took the second store's value; the call may read the first
        ops = [op.name for op in list(module.body.operations)[-1].regions[0].blocks[0].operations]
        assert ops == ["util.global.store", "util.call", "util.global.store", "util.return"]


def test_a_load_before_the_store_is_no_reload_and_costs_one_walk() -> None:
    with ir.Context() as context:
        context.allow_unregistered_dialects = True
        text = _HEAD + (
            "util.func public @f(%x: !stream.resource<variable>) -> !stream.resource<variable> {\n"
            "  %y = util.global.load @g : !stream.resource<variable>\n"
            "  util.global.store %x, @g : !stream.resource<variable>\n"
            "  util.return %y : !stream.resource<variable>\n"
            "}\n"
        )
        module = ir.Module.parse(text)
        assert not may_misread_globals(module) and find_reloads(module, Names(module, text)) == []


def test_a_scalar_globals_load_after_its_store_is_left() -> None:
    """IREE 3.13 reads a scalar global after its store right: only buffers are misread."""
    found, returned = _forward(
        """
  %k = arith.constant 4 : index
  util.global.store %k, @n : index
  %m = util.global.load @n : index
  util.return %x : !stream.resource<variable>
"""
    )
    assert found == [] and returned == "%x"
