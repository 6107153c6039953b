"""Locations the MLIR bindings cannot read back (:func:`stream_model.model.loader.location_problem`
and :func:`~stream_model.model.loader.path_problem`).

Why it matters: reading a location's file name that is not UTF-8 aborts the process inside the
bindings (no exception to catch), so such input must be refused before any location is read.
"""

from __future__ import annotations

import os
from pathlib import Path

from stream_model.model.loader import file_location_problem, location_problem, path_problem


def test_a_module_without_escaped_locations_has_no_problem() -> None:
    assert location_problem(b'func.func @f() { return loc("a.mlir":1:2) }') is None


def test_an_escaped_byte_that_is_not_utf8_is_a_problem_with_its_line() -> None:
    found = location_problem(b'module {\n  func.func @f() { return loc("p\\FF.mlir":1:2) }\n}')
    assert found is not None and found.startswith("line 2: a location names b'p\\xff.mlir'")


def test_escaped_bytes_that_spell_utf8_are_fine() -> None:
    assert location_problem(b'func.func @f() { return loc("caf\\C3\\A9.mlir":1:2) }') is None


def test_escaped_quotes_and_backslashes_are_fine() -> None:
    assert location_problem(b'func.func @f() { return loc("a\\"b\\\\c.mlir":1:2) }') is None


def test_a_nested_location_is_looked_into() -> None:
    text = b'#loc = loc(callsite(loc("a.mlir":1:2) at loc(fused["n", loc("b\\FE":3:4)])))'
    assert "b'b\\xfe'" in (location_problem(text) or "")


def test_a_location_name_that_is_not_utf8_is_a_problem() -> None:
    assert location_problem(b'%0 = arith.constant 0 : index loc("\\80name")') is not None


def test_an_escape_outside_locations_is_not_looked_at() -> None:
    assert location_problem(b'util.global private @g = "\\FF" : !util.buffer') is None


def test_bytecode_is_not_looked_into() -> None:
    assert location_problem(b'ML\xefR loc("p\\FF":1:2)') is None


def test_a_path_that_is_not_utf8_is_a_problem() -> None:
    assert "the path is not UTF-8" in (path_problem(os.fsdecode(b"/tmp/p\xff.mlir")) or "")
    assert path_problem("/tmp/caf\u00e9.mlir") is None


def test_a_file_is_searched_a_piece_at_a_time_with_the_line_of_the_whole_file(tmp_path: Path) -> None:
    src = tmp_path / "big.mlir"
    src.write_bytes(b"// filler\n" * 50 + b'func.func @f() { return loc("p\\FF.mlir":1:2) }\n' + b"// end\n")
    found = file_location_problem(src, chunk=64)
    assert found is not None and found.startswith("line 51: a location names b'p\\xff.mlir'")
    src.write_bytes(b"// filler\n" * 50)
    assert file_location_problem(src, chunk=64) is None
