"""Which identical producers IREE 3.13 merges after the splice, checked on the runtime.

``stream_model.postsplice.merges`` claims that two producers with equal attributes and operands are one
buffer after IREE's post-splice stages exactly when the op is in
``semantics.MERGEABLE_PRODUCERS`` (a clone of a dispatch result too: IREE turns it back into a
dispatch). The soundness of every "two allocations are two buffers" rests on the other half:
what the table leaves out is never merged. Each probe compiles two identical producers through
the post-splice pipeline (``compile_stream_async``), writes one in place, reads the other and
compares with value semantics. If IREE starts or stops merging one of them, a probe fails here
first and the table must follow.
"""

from __future__ import annotations

from pathlib import Path

import numpy as np
import pytest

from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_stream_async
from rewriter.repair.copy_dispatch import CopyDispatches
from rewriter.runtime import run_steps
from stream_model import parse_module
from stream_model.semantics.op_table import MERGEABLE_PRODUCERS
from tests.campaign.executables import executable_text, iota, wsum

pytestmark = pytest.mark.e2e

T = "!stream.resource<variable>"
#: Each probe: how to write the producer (one op, or a template of lines defining ``%{r}``;
#: ``%src`` is an iota dispatch result, ``%gl`` a global's buffer), the bytes it holds
#: (12 x i32), and whether IREE merges two of them.
PROBES: dict[str, tuple[str, np.ndarray, bool]] = {
    "dispatch": (
        f"stream.async.dispatch @ex::@iota[%c12](%c12, %c1000_i32) : (index, i32) -> {T}{{%c48}}",
        iota(12, 1000),
        "stream.async.dispatch" in MERGEABLE_PRODUCERS,
    ),
    "slice": (
        f"stream.async.slice %src[%c0 to %c48] : {T}{{%c48}} -> {T}{{%c48}}",
        iota(12, 1000),
        "stream.async.slice" in MERGEABLE_PRODUCERS,
    ),
    "transfer": (
        f"stream.async.transfer %src : {T}{{%c48}} -> {T}{{%c48}}",
        iota(12, 1000),
        "stream.async.transfer" in MERGEABLE_PRODUCERS,
    ),
    # The model makes such a clone its source's storage, so "merged" is what it expects.
    "clone of a dispatch result": (f"stream.async.clone %src : {T}{{%c48}} -> {T}{{%c48}}", iota(12, 1000), True),
    "constant": (
        f"stream.async.constant : {T}{{%c48}} = dense<[1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12]> : tensor<12xi32>",
        np.arange(1, 13, dtype=np.int32),
        "stream.async.constant" in MERGEABLE_PRODUCERS,
    ),
    "splat": (
        f"stream.async.splat %c5_i32 : i32 -> {T}{{%c48}}",
        np.full(12, 5, np.int32),
        "stream.async.splat" in MERGEABLE_PRODUCERS,
    ),
    # A 64-bit pattern becomes a builtin splat dispatch after the splice, which CSE merges
    # (op_table.is_mergeable_producer; the merge model's review, case e2).
    "splat of a 64-bit pattern": (
        f"stream.async.splat %c5_i64 : i64 -> {T}{{%c48}}",
        np.tile(np.array([5, 0], np.int32), 6),
        True,
    ),
    "alloca": (
        f"%{{r}}0 = stream.async.alloca : {T}{{{{%c48}}}}\n"
        f"    %{{r}} = stream.async.fill %c5_i32, %{{r}}0[%c0 to %c48 for %c48] : i32 -> %{{r}}0 as {T}{{{{%c48}}}}",
        np.full(12, 5, np.int32),
        "stream.async.alloca" in MERGEABLE_PRODUCERS,
    ),
    "clone of a global's buffer": (
        f"stream.async.clone %gl : {T}{{%c48}} -> {T}{{%c48}}",
        iota(12, 5),
        "stream.async.clone" in MERGEABLE_PRODUCERS,
    ),
}

_CONSTANTS = """    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %c5_i32 = arith.constant 5 : i32
    %c5_i64 = arith.constant 5 : i64
    %c9_i32 = arith.constant 9 : i32
    %c1000_i32 = arith.constant 1000 : i32
"""


def _module(producer: str, where: str) -> str:
    """Two ``producer``s: stored to @A and @B by the initializer (``where == "globals"``), or
    made in ``@f`` (``"function"``); ``@f`` fills the first 4 elements of the second with 9 in
    place and returns ``wsum`` of the first. (@S, read through ``%gl``, is stored by an
    initializer of its own: IREE 3.13 cannot run a command on a global loaded after a store to
    it in the same function.)"""
    init_s = (
        "  util.initializer {\n" + _CONSTANTS + f"    %x = stream.async.dispatch @ex::@iota[%c12](%c12, %c5_i32) : "
        f"(index, i32) -> {T}{{%c48}}\n    util.global.store %x, @S : {T}\n    util.return\n  }}\n"
    )
    make = (
        f"    %gl = util.global.load @S : {T}\n"
        f"    %src = stream.async.dispatch @ex::@iota[%c12](%c12, %c1000_i32) : (index, i32) -> {T}{{%c48}}\n"
        f"    {_define(producer, 'a')}\n    {_define(producer, 'b')}\n"
    )
    fill = f"    %u = stream.async.fill %c9_i32, %b[%c0 to %c16 for %c16] : i32 -> %b as {T}{{%c48}}\n"
    read = (
        f"    %d = stream.async.dispatch @ex::@wsum[%c12](%a[%c0 to %c48 for %c48], %c12) : ({T}{{%c48}}, index) "
        "-> !stream.resource<external>{%c4}\n"
        "    %bv = stream.tensor.export %d : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view\n"
        "    util.return %bv : !hal.buffer_view\n  }\n"
    )
    if where == "globals":
        body = (
            init_s
            + "  util.initializer {\n"
            + _CONSTANTS
            + make
            + f"    util.global.store %a, @A : {T}\n    util.global.store %b, @B : {T}\n    util.return\n  }}\n"
            + "  util.func public @f() -> !hal.buffer_view {\n"
            + _CONSTANTS
            + f"    %b = util.global.load @B : {T}\n"
            + fill
            + f"    util.global.store %u, @B : {T}\n    %a = util.global.load @A : {T}\n"
            + read
        )
    else:
        body = (
            init_s
            + "  util.func public @f() -> !hal.buffer_view {\n"
            + _CONSTANTS
            + make
            + fill
            + f"    util.global.store %u, @B : {T}\n"
            + read
        )
    return (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        '  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", '
        '"embedded-elf-x86_64">]> : !hal.device\n'
        + executable_text(("iota", "wsum"))
        + f"  util.global private mutable @A : {T}\n  util.global private mutable @B : {T}\n"
        + f"  util.global private mutable @S : {T}\n"
        + body
        + "}\n"
    )


def _define(producer: str, name: str) -> str:
    return producer.format(r=name) if "%{r}" in producer else f"%{name} = {producer}"


def _merged(text: str, tmp_path: Path, contents: np.ndarray) -> bool:
    """Did the write of the second producer show in the first? (Value semantics: it must not.)"""
    out = tmp_path / "probe.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS))
    (result,) = run_steps(out, "f", [[]])[0]
    written = contents.copy()
    written[:4] = 9
    if int(result[0]) == int(wsum(contents)[0]):
        return False
    assert int(result[0]) == int(wsum(written)[0]), "neither the value nor the merged value"
    return True


#: Probes that cannot run: two 64-bit splats in one function do not compile on IREE 3.13 (its CSE
#: merges the builtin splat dispatches across an execution region, which then yields a value it
#: never captured: "used resource not listed in explicit captures"), with or without the tool.
_CANNOT_RUN = {("clone of a dispatch result", "function"), ("splat of a 64-bit pattern", "function")}
CASES = [(k, w) for k in PROBES for w in ("globals", "function") if (k, w) not in _CANNOT_RUN]


@pytest.mark.parametrize(("kind", "where"), CASES)
def test_iree_merges_identical_producers_exactly_as_the_table_says(kind: str, where: str, tmp_path: Path) -> None:
    producer, contents, mergeable = PROBES[kind]
    assert _merged(_module(producer, where), tmp_path, contents) is mergeable


def test_salted_copy_dispatches_of_one_value_are_never_merged(tmp_path: Path) -> None:
    """The shared-globals repair's copy (``rewriter.repair.copy_dispatch``): two copies of one value
    are two buffers."""
    text = _module(f"stream.async.slice %src[%c0 to %c48] : {T}{{%c48}} -> {T}{{%c48}}", "function")
    loaded = parse_module(text)
    with loaded.context:
        f = list(loaded.module.body.operations)[-1].operation
        a, b = (op.operation for op in f.regions[0].blocks[0].operations if op.operation.name == "stream.async.slice")
        copies = CopyDispatches(loaded.module)
        for slice_op in (a, b):
            view = slice_op.opview
            slice_op.results[0].replace_all_uses_with(
                copies.copy_before(slice_op, view.source, view.source_size, False)
            )
            slice_op.erase()
        assert loaded.module.operation.verify()
    assert _merged(str(loaded.module), tmp_path, iota(12, 1000)) is False
