"""May a function write a global's buffer in place (``rewriter.repair.in_place``)? The test a repair
copy's barrier rests on: where it says no, the copy reads the global's buffer directly."""

from __future__ import annotations

from iree.compiler import ir

from rewriter.repair.in_place import may_write_in_place

T = "!stream.resource<variable>"


def _may_write(body: str, name: str = "g") -> bool:
    """May ``@f`` (``body`` after a load ``%l`` of @g and a fresh splat ``%fresh``) write
    global ``name``'s buffer in place?"""
    text = (
        f"util.global private mutable @g : {T}\n"
        f"util.global private mutable @h : {T}\n"
        "util.func public @f() {\n"
        "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n"
        "  %c8 = arith.constant 8 : index\n  %c16 = arith.constant 16 : index\n"
        "  %c9 = arith.constant 9 : i32\n"
        f"  %l = util.global.load @g : {T}\n"
        f"  %fresh = stream.async.splat %c9 : i32 -> {T}{{%c16}}\n" + body + "  util.return\n}\n"
    )
    with ir.Context():
        module = ir.Module.parse(text)
        function = list(module.body.operations)[-1].operation
        return may_write_in_place(function, name)


def _fill(value: str, size: str = "%c16") -> str:
    return f"  %w = stream.async.fill %c9, {value}[%c0 to %c4 for %c4] : i32 -> {value} as {T}{{{size}}}\n"


def test_a_fill_of_the_globals_load_writes_it() -> None:
    assert _may_write(_fill("%l"))


def test_a_fill_of_fresh_storage_writes_no_global() -> None:
    assert not _may_write(_fill("%fresh"))


def test_a_fill_of_another_globals_load_writes_only_that_global() -> None:
    body = f"  %lh = util.global.load @h : {T}\n" + _fill("%lh")
    assert not _may_write(body, "g")
    assert _may_write(body, "h")


def test_a_fill_of_a_slice_of_the_globals_load_writes_it() -> None:
    """A whole slice is its source once IREE folds it (review 16): a slice is no fresh storage."""
    body = f"  %s = stream.async.slice %l[%c0 to %c16] : {T}{{%c16}} -> {T}{{%c16}}\n" + _fill("%s")
    assert _may_write(body)


def test_a_fill_of_a_slice_of_fresh_storage_writes_no_global() -> None:
    body = f"  %s = stream.async.slice %fresh[%c0 to %c8] : {T}{{%c16}} -> {T}{{%c8}}\n" + _fill("%s", "%c8")
    assert not _may_write(body)
