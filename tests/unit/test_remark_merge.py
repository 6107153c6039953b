"""IREE's remark files and this tool's become one file, numbered through as one run numbers them."""

from __future__ import annotations

from rewriter.report.remarks import Remark, merge_yaml, render_yaml


def _one(name: str) -> str:
    return render_yaml([Remark(True, name, "f", "m", {"file": "a.mlir", "line": 1, "column": 2})], "slice-elision")


def test_each_part_numbers_from_one_and_the_merge_numbers_through() -> None:
    first, second = _one("Aliased"), _one("Aliased")
    assert "RemarkId:        '1'" in first and "RemarkId:        '1'" in second
    merged = merge_yaml([first, "", second])
    assert merged.count("--- !Passed") == 2
    assert "RemarkId:        '1'" in merged and "RemarkId:        '2'" in merged


def test_a_filter_that_selects_nothing_renders_nothing() -> None:
    assert render_yaml([Remark(False, "Unread", "f", "m", None)], "other") == ""
