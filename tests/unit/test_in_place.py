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
    return _asked(text, name)


def _asked(text: str, name: str) -> bool:
    """May the last function of module ``text`` write global ``name``'s buffer in place?"""
    with ir.Context():
        module = ir.Module.parse(text)
        return may_write_in_place(list(module.body.operations)[-1].operation, name)


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


def _may_write_through(callee_body: str, call: str, name: str = "g") -> bool:
    """As :func:`_may_write`, with a callee ``@c(%a, %b)`` whose body (before its return) is
    ``callee_body`` and a call of it in ``@f``: ``call``."""
    text = (
        f"util.global private mutable @g : {T}\n"
        f"util.global private mutable @h : {T}\n"
        f"util.func private @c(%a: {T}, %b: {T}) {{\n"
        "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n"
        "  %c16 = arith.constant 16 : index\n  %c9 = arith.constant 9 : i32\n" + callee_body + "  util.return\n}\n"
        f"util.func private @pass_on(%x: {T}, %y: {T}) {{\n"
        f"  util.call @c(%y, %x) : ({T}, {T}) -> ()\n  util.return\n}}\n"
        "util.func public @f() {\n"
        "  %c16 = arith.constant 16 : index\n  %c9 = arith.constant 9 : i32\n"
        f"  %l = util.global.load @g : {T}\n  %lh = util.global.load @h : {T}\n"
        f"  %fresh = stream.async.splat %c9 : i32 -> {T}{{%c16}}\n" + call + "  util.return\n}\n"
    )
    return _asked(text, name)


def test_a_callee_writing_its_argument_writes_the_global_its_call_passes() -> None:
    assert _may_write_through(_fill("%a"), f"  util.call @c(%l, %fresh) : ({T}, {T}) -> ()\n")


def test_a_callee_writing_its_argument_writes_no_other_global() -> None:
    """The callee writes what the call passes (@h's buffer, fresh storage), not @g's: a copy of
    @g's load needs no barrier (which can fail IREE 3.13's hal/vm phase)."""
    assert not _may_write_through(_fill("%a"), f"  util.call @c(%lh, %l) : ({T}, {T}) -> ()\n")
    assert not _may_write_through(_fill("%a"), f"  util.call @c(%fresh, %l) : ({T}, {T}) -> ()\n")


def test_an_argument_is_followed_out_through_the_calls_that_passed_it() -> None:
    """@pass_on hands its second argument to @c's first: the write of @c's ``%a`` is one of
    what @f passes @pass_on second."""
    assert _may_write_through(_fill("%a"), f"  util.call @pass_on(%lh, %l) : ({T}, {T}) -> ()\n")
    assert not _may_write_through(_fill("%a"), f"  util.call @pass_on(%l, %lh) : ({T}, {T}) -> ()\n")


def test_an_argument_of_the_function_asked_about_may_be_any_buffer() -> None:
    """Asked about @c itself, no call says what ``%a`` is."""
    text = f"util.global private mutable @g : {T}\nutil.func private @c(%a: {T}) {{\n" + (
        "  %c0 = arith.constant 0 : index\n  %c4 = arith.constant 4 : index\n"
        "  %c16 = arith.constant 16 : index\n  %c9 = arith.constant 9 : i32\n" + _fill("%a") + "  util.return\n}\n"
    )
    assert _asked(text, "g")
