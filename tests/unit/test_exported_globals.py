"""An export of a global's own buffer the module may write in place exports a copy
(``rewriter.repair.exported_globals``; which exports hand a global's buffer:
``stream_model.semantics.abi.globals_exported``). Run on IREE: the data file
``tests/data/reloads/global_exported_then_passed_back.mlir`` (``tests/e2e/test_schedule_guard.py``),
the campaign's regression it came from and its weakening
(``test_an_export_of_a_globals_own_buffer_left_uncopied_is_killed``)."""

from __future__ import annotations

from iree.compiler import ir

from stream_model.ir.naming import Names
from tests.unit.test_own_size import PROLOGUE, T, _fill, _module

_EXPORT = "  %bv = stream.tensor.export {value} : tensor<4xi32> in {type}{{%c16}} -> !hal.buffer_view\n"


def _function(body: str, *, export: str, exported_type: str = T) -> str:
    return (
        "util.func public @f() -> !hal.buffer_view {\n"
        + PROLOGUE
        + body
        + _EXPORT.format(value=export, type=exported_type)
        + "  util.return %bv : !hal.buffer_view\n}\n"
    )


def _exported(functions: str) -> list[tuple[str, str]]:
    """(global, function) of each export the repair would give a copy."""
    from rewriter.repair.exported_globals import find_exported_globals

    with ir.Context():
        module = ir.Module.parse(_module(functions))
        return [(r.global_name, r.function) for r in find_exported_globals(module, Names(module))]


_LOAD = f"  %g = util.global.load @g : {T}\n"


#: A second function that fills @g in place.
_FILL_G = (
    "util.func public @fill() {\n"
    + PROLOGUE
    + _LOAD
    + _fill("%g")
    + f"  util.global.store %w, @g : {T}\n  util.return\n}}\n"
)


def test_an_export_of_a_global_filled_in_place_and_stored_back_exports_a_copy() -> None:
    body = _LOAD + _fill("%g") + f"  util.global.store %w, @g : {T}\n"
    assert _exported(_function(body, export="%w")) == [("g", "f")]


def test_an_export_of_a_fresh_value_stored_to_a_global_another_function_fills_exports_a_copy() -> None:
    """The stored value becomes the global's buffer; a later call of @fill writes it in place."""
    body = f"  util.global.store %copy, @g : {T}\n"
    assert _exported(_function(body, export="%copy") + _FILL_G) == [("g", "f")]


def test_an_export_of_a_global_nothing_writes_in_place_is_left_as_it_is() -> None:
    """The caller's buffer never changes: IREE reads it as the module wrote it."""
    body = f"  util.global.store %copy, @g : {T}\n"
    assert _exported(_function(body, export="%copy")) == []


def test_an_export_of_a_slice_of_a_global_filled_elsewhere_exports_a_copy() -> None:
    """IREE may fold the slice into a view of the global's buffer."""
    body = (
        _LOAD
        + f"  %s = stream.async.slice %g[%c0 to %c16] : {T}{{%c16}} -> {T}{{%c16}}\n"
        + _fill("%copy", "%w")
        + f"  util.global.store %w, @h : {T}\n"
    )
    # @h is filled in place through %copy; @g is not written in place: nothing to copy yet.
    assert _exported(_function(body, export="%s")) == []
    assert _exported(_function(body, export="%s") + _FILL_G) == [("g", "f")]


def test_an_export_of_a_transfer_of_a_global_is_a_copy_already() -> None:
    """IREE's flow-to-stream conversion exports a global's value so."""
    external = "!stream.resource<external>"
    body = (
        _LOAD
        + _fill("%g")
        + f"  util.global.store %w, @g : {T}\n"
        + f"  %x = stream.async.transfer %w : {T}{{%c16}} -> {external}{{%c16}}\n"
    )
    assert _exported(_function(body, export="%x", exported_type=external)) == []


def test_the_repair_exports_a_copy_dispatch_of_the_value() -> None:
    from rewriter.repair.copy_dispatch import ENTRY, EXECUTABLE
    from rewriter.repair.exported_globals import copy_exported_globals

    body = _LOAD + _fill("%g") + f"  util.global.store %w, @g : {T}\n"
    with ir.Context():
        module = ir.Module.parse(_module(_function(body, export="%w")))
        (record,) = copy_exported_globals(module, Names(module))
        assert module.operation.verify()
        (function,) = [op.operation for op in module.body.operations if op.operation.name == "util.func"]
        ops = [op.operation for op in function.regions[0].blocks[0].operations]
        (export,) = [op for op in ops if op.name == "stream.tensor.export"]
        (fill,) = [op for op in ops if op.name == "stream.async.fill"]
        copy = export.operands[0].owner
        assert copy.name == "stream.async.dispatch" and f"@{EXECUTABLE}::@{ENTRY}" in str(
            copy.attributes["entry_points"]
        )
        assert list(copy.opview.resource_operands)[0] == fill.results[0]
    assert record.to_json()["repair"] == "export-a-copy"


def test_an_export_of_a_value_a_whole_slice_of_which_is_stored_exports_a_copy() -> None:
    """IREE may fold the slice into a view: the global's buffer is the exported value's (review
    of the repair, v15)."""
    body = (
        f"  %s = stream.async.slice %copy[%c0 to %c16] : {T}{{%c16}} -> {T}{{%c16}}\n  util.global.store %s, @g : {T}\n"
    )
    assert _exported(_function(body, export="%copy") + _FILL_G) == [("g", "f")]
