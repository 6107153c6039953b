"""Whose buffers a function's arguments are (``stream_model.semantics.abi``): one behaviour each."""

from __future__ import annotations

from iree.compiler import ir

from stream_model.semantics.abi import given_over_arguments

_KEEP: list[object] = []


def _given_over(body: str) -> dict[str, frozenset[int]]:
    context = ir.Context()
    context.allow_unregistered_dialects = True
    _KEEP.append(context)
    module = ir.Module.parse(body, context)
    _KEEP.append(module)
    with context:
        return given_over_arguments(module)


_SIGNATURE = "(%a: !hal.buffer_view, %b: !hal.buffer_view, %t: !hal.buffer) -> !hal.buffer_view"


def _fn(*ops: str) -> str:
    body = "\n    ".join(ops)
    return f"""
  util.func public @f{_SIGNATURE} {{
    %x = hal.tensor.import %a : !hal.buffer_view -> tensor<4xf32>
    {body}
    util.return %a : !hal.buffer_view
  }}"""


def test_an_argument_imported_plainly_is_the_callers() -> None:
    assert _given_over("module {" + _fn() + "}") == {}


def test_an_argument_imported_with_consume_is_given_over() -> None:
    module = "module {" + _fn("%y = hal.tensor.import consume %b : !hal.buffer_view -> tensor<4xf32>") + "}"
    assert _given_over(module) == {"f": frozenset({1})}


def test_the_storage_of_an_alias_is_given_over() -> None:
    module = "module {" + _fn("%y = hal.tensor.alias %x : tensor<4xf32> to %b : !hal.buffer_view") + "}"
    assert _given_over(module) == {"f": frozenset({1})}


def test_storage_lent_for_transients_is_given_over() -> None:
    module = "module {" + _fn("%y = hal.tensor.transients %x : tensor<4xf32> from %t : !hal.buffer") + "}"
    assert _given_over(module) == {"f": frozenset({2})}
