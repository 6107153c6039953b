"""Hand-picked tensor-level programs, as users write them: each with the calls to make in one
runtime context and the value-semantics answer, and plain ``iree-compile`` 3.13's answer.

The stream-level campaign cannot state these shapes (its programs enter at the flow-to-stream
conversion, after IREE's global forwarding and inlining, and its value semantics forbid reloading
a global while an in-place version of it is live); here IREE's whole pipeline runs on them. Each
is a surface of ``../shared/soundness-findings-4`` or of IREE #16168: a reload of a global in a
nested region, a loop body, a callee or a ``cf`` successor after an in-place update of it; a
callee writing in place what its caller still reads; blocks written out of execution order;
constants written in place; a hand-written kernel, whose bindings say nothing (issue 35's false
alarm on IREE's ``samples/custom_dispatch``). The e2e tests (``tests/e2e/test_global_reloads.py``) judge the
tool's builds on them; the mutation tests (``test_tensor_mutations.py``) weaken the schedule
check and show a program that then computes plain iree-compile's wrong answer.
"""

from __future__ import annotations

import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import numpy as np
from iree import runtime as rt

from rewriter.cli.entry import main
from rewriter.pipeline import DEFAULT_CPU_FLAGS
from rewriter.pipeline.common import tool

__all__ = [
    "CASES",
    "CRASHED",
    "DATA",
    "DENIED",
    "FREED",
    "Case",
    "build_both",
    "by_file",
    "compile_stock",
    "compile_stock_file",
    "compile_tool",
    "compile_tool_file",
    "load",
    "run",
    "run_apart",
]

DATA = Path(__file__).resolve().parents[1] / "data" / "global_reloads"
FLAGS = list(DEFAULT_CPU_FLAGS)
#: What a call of a constant written in place ends in on plain iree-compile 3.13: IREE maps
#: the constant read-only and its in-place update faults.
DENIED = "PERMISSION_DENIED"


@dataclass(frozen=True)
class Case:
    file: str
    #: The calls, in one context: ``"f:1,[77]"`` calls ``f(1, [77])``; ``;`` separates calls.
    calls: str
    expected: str  # the program's answer (value semantics), as :func:`run` prints it
    stock: str  # plain iree-compile's answer (or the error it ends in), pinned to 3.13
    modes: tuple[str, ...] = ("copy",)
    #: Where the tool must refuse (a hazard IREE makes that no repair is known for): words its
    #: refusal says. ``expected`` is then what a right build would compute.
    refused: str = ""


_WRONG_ROW = "f=101 177 103 104; f=101 188 103 104"
#: What a use of a buffer IREE 3.13 freed (a transient one) ends in on local-task: the host's
#: map of it, or the call itself (where the device work reading it waits), whose message then
#: names whichever import waited (it varies with timing).
FREED = "transient buffer has not been committed"
#: What a build that crashes the process ends in (:func:`run_apart`: a signal, not an error).
CRASHED = "crashed"
#: Plain iree-compile's answer where its build races on local-task: wrong in some run, and
#: varying (what the device work had finished when the host read it, an error, or a hang:
#: such a build runs apart, :func:`run_apart`).
RACED = "raced"
#: What a build that hangs ends in (:func:`run_apart`: the runtime waiting for good).
HUNG = "hung"

#: Plain iree-compile's answer where it binds a 16-byte buffer with a 128-byte size.
_STOCK_OUT_OF_RANGE_128 = (
    "Error invoking function: c/runtime/src/iree/hal/buffer.c:437: OUT_OF_RANGE; attempted to access an address "
    "outside of the valid buffer range (offset=0, adjusted_length=128, end=127, buffer byte_length=16); while "
    "invoking native function hal.device.queue.execute; while calling import; "
)

CASES = [
    Case("reload_in_if_arm.mlir", "f:1,[77];f:1,[88]", "f=101 102 103 104; f=101 177 103 104", _WRONG_ROW),
    # (Frontends' ABI: a load read by a hal.tensor.export, an op with a ``name`` of its own.)
    Case(
        "reload_in_if_arm_through_the_abi.mlir",
        "f:1,[77];f:1,[88]",
        "f=101 102 103 104 1 77 3 4; f=101 177 103 104 1 88 3 4",
        "f=101 102 103 104 1 77 3 4; f=101 177 103 104 1 88 3 4",
    ),
    Case("reload_in_switch_case.mlir", "f:1,[77];f:1,[88]", "f=101 102 103 104; f=101 177 103 104", _WRONG_ROW),
    Case("reload_in_cf_arm.mlir", "f:1,[77];f:1,[88]", "f=101 102 103 104; f=101 177 103 104", _WRONG_ROW),
    Case("reload_in_callee.mlir", "f:[77];f:[88]", "f=101 102 103 104; f=101 177 103 104", _WRONG_ROW),
    Case("getter_loads_in_if.mlir", "f:1,[77];f:1,[88]", "f=101 102 103 104; f=101 177 103 104", _WRONG_ROW),
    Case("reload_in_for_body.mlir", "f:[77];f:[88]", "f=2 4 6 8; f=2 154 6 8", "f=2 154 6 8; f=2 176 6 8"),
    Case("reload_in_cf_loop.mlir", "f:[77];f:[88]", "f=2 4 6 8; f=2 154 6 8", "f=2 154 6 8; f=2 176 6 8"),
    Case("reload_in_while_before.mlir", "f:[77];f:[88]", "f=3 6 9 12; f=3 231 9 12", "f=3 156 9 12; f=3 253 9 12"),
    Case("reload_in_while_after.mlir", "f:[77];f:[88]", "f=2 4 6 8; f=2 154 6 8", "f=2 154 6 8; f=2 176 6 8"),
    Case(
        "callee_writes_in_place.mlir",
        "f:[77];get;f:[88]",
        "f=101 102 103 104; get=1 77 3 4; f=101 177 103 104",
        "f=101 177 103 104; get=1 77 3 4; f=101 188 103 104",
    ),
    Case(
        "update_stored_on_one_path.mlir",
        "f:0,[77];get;f:1,[88]",
        "f=101 102 103 104; get=1 2 3 4; f=101 188 103 104",
        "f=101 177 103 104; get=1 77 3 4; f=101 188 103 104",
    ),
    Case(
        "reload_in_arm_that_does_not_store.mlir",
        "f:0,[77];get;f:1,[88]",
        "f=101 102 103 104; get=1 2 3 4; f=1 88 3 4",
        "f=101 177 103 104; get=1 77 3 4; f=1 88 3 4",
    ),
    Case(
        "blocks_out_of_text_order.mlir",
        "step:[5. 6. 7. 8.],1;step:[5. 6. 7. 8.],1",
        "step=15 18 21 24; step=15 18 21 24",
        "step=15 18 21 24; step=15 18 21 24",
    ),
    Case(
        "unfoldable_constant_written.mlir",
        "f:1,[77];f:2,[88]",
        "f=1 77 3 4; f=1 2 88 4",
        DENIED,
        ("copy", "mmap"),
    ),
    Case(
        "unfoldable_constant_written_in_a_loop.mlir",
        "f:1,[77];f:1,[77]",
        "f=2 154 6 8; f=2 154 6 8",
        DENIED,
        ("copy", "mmap"),
    ),
    Case(
        "constant_written_in_a_loop.mlir",
        "f:1,[77];f:0,[5]",
        "f=2 79 80 8; f=6 7 6 8",
        "f=2 154 80 8; f=10 7 6 8",
        ("copy", "mmap"),
    ),
    Case(
        "tensor_written_in_a_loop.mlir",
        "f:1,[77],[1 2 3 4];f:0,[5],[1 1 1 1]",
        "f=4 81 83 16; f=7 7 4 4",
        "f=4 154 83 16; f=10 7 4 4",
    ),
    Case(
        "immutable_global_written.mlir",
        "f:1,[77];f:2,[88]",
        "f=1 77 3 4; f=1 2 88 4",
        "f=1 77 3 4; f=1 2 88 4",
        ("copy", "mmap"),
    ),
    Case(
        "constant_written_then_read_by_another_function.mlir",
        "f:1,[77];read;f:2,[88];read",
        "f=1 77 3 4; read=1 2 3 4; f=1 2 88 4; read=1 2 3 4",
        "f=1 77 3 4; read=1 2 3 4; f=1 2 88 4; read=1 2 3 4",
        ("copy", "mmap"),
    ),
    Case(
        "arith_constant_written.mlir",
        "f:1,[77];f:2,[88]",
        "f=1 77 3 4; f=1 2 88 4",
        "f=1 77 3 4; f=1 2 88 4",
        ("copy", "mmap"),
    ),
    Case(
        "tied_call_then_the_old_value_read.mlir",
        "f:[77];get;f:[88];get",
        "f=2 4 6 8; get=1 77 3 4; f=2 154 6 8; get=1 88 3 4",
        "f=2 4 6 8; get=1 77 3 4; f=2 154 6 8; get=1 88 3 4",
    ),
    Case(
        "load_forwarded_across_a_loop.mlir",
        "f:2;f:2",
        "f=1 2 3 4 4 8 12 16; f=4 8 12 16 16 32 48 64",
        "f=1 2 3 4 1 2 3 4; f=4 8 12 16 4 8 12 16",
        refused="took util.global.load @g",
    ),
    Case(
        "store_dropped_before_a_loop_reads.mlir",
        "f:2;get;f:1;get",
        "f; get=20 40 60 80; f; get=20 40 60 80",
        "f; get=2 4 6 8; f; get=0 0 0 0",
        refused="dropped util.global.store @g",
    ),
    Case(
        "store_forwarded_across_an_if.mlir",
        "f:1,[5 6 7 8];f:0,[1 1 1 1]",
        "f=10 12 14 16; f=1 1 1 1",
        "f=5 6 7 8; f=1 1 1 1",
        refused="reordered util.global.store @g",
    ),
    Case(
        "unused_load_between_a_loop_and_its_reload.mlir",
        "f:2;f:2",
        "f=1 2 3 4 4 8 12 16; f=4 8 12 16 16 32 48 64",
        "f=1 2 3 4 1 2 3 4; f=4 8 12 16 4 8 12 16",
        refused="took util.global.load @g",
    ),
    Case(
        "setter_kept_in_a_loop_between_load_and_reload.mlir",
        "f:2;f:2",
        "f=1 2 3 4 4 8 12 16; f=4 8 12 16 16 32 48 64",
        "f=1 2 3 4 1 2 3 4; f=4 8 12 16 4 8 12 16",
        refused="across util.call @dbl",
    ),
    Case(
        "load_forwarded_across_a_loop_updating_in_place.mlir",
        "f:2,[9];f:1,[7]",
        "f=1 2 3 4 9 9 3 4; f=9 9 3 4 7 9 3 4",
        "f=1 2 3 4 1 2 3 4; f=9 9 3 4 9 9 3 4",
        refused="took util.global.load @g",
    ),
    Case(
        "reload_only_dead_code_reads.mlir",
        "f:2;get;f:1",
        "f=1 2 3 4; get=4 8 12 16; f=4 8 12 16",
        "f=1 2 3 4; get=4 8 12 16; f=4 8 12 16",
    ),
    Case(
        "region_folded_after_inlining.mlir",
        "f;f",
        "f=1 2 3 4 2 4 6 8; f=2 4 6 8 4 8 12 16",
        "f=1 2 3 4 2 4 6 8; f=2 4 6 8 4 8 12 16",
    ),
    Case(
        "own_load_stored_back_after_a_store.mlir",
        "try:[77];get;try:[88];get",
        "try=1 77 3 4; get=1 2 3 4; try=1 88 3 4; get=1 2 3 4",
        "try=1 77 3 4; get=1 77 3 4; try=1 88 3 4; get=1 88 3 4",
        refused="erased util.global.store @g",
    ),
    Case(
        "load_written_after_a_store_in_an_arm.mlir",
        "f:0;get;f:1;get",
        "f; get=7 7 1 1; f; get=7 7 1 1",
        "f; get=50 50 50 50; f; get=7 7 50 50",
    ),
    Case(
        "load_written_after_a_store_and_a_call.mlir",
        "f:0;get;f:1;get",
        "f; get=7 7 1 1; f; get=7 7 1 1",
        "f; get=50 50 50 50; f; get=51 51 51 51",
        refused="the function's last write of @g",
    ),
    Case(
        "own_load_stored_back.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4 1 77 3 4; f=1 88 3 4; get=1 2 3 4 1 88 3 4",
        "f=1 77 3 4; get=1 2 3 4 1 77 3 4; f=1 88 3 4; get=1 2 3 4 1 88 3 4",
    ),
    Case(
        "global_chained_to_another.mlir",
        "snapshot;step:[77];get_prev;snapshot;get_prev",
        "snapshot; step; get_prev=1 2 3 4; snapshot; get_prev=1 77 3 4",
        "snapshot; step; get_prev=1 77 3 4; snapshot; get_prev=1 77 3 4",
        refused="took @prev for @cur",
    ),
    Case(
        "global_fused_with_another_stored_apart_in_an_arm.mlir",
        "geta;getb;f:1;geta;getb;f:0;getb",
        "geta=1 2 3 4; getb=1 2 3 4; f; geta=1 2 3 4; getb=2 4 6 8; f; getb=2 4 6 8",
        "geta=1 2 3 4; getb=1 2 3 4; f; geta=1 2 3 4; getb=1 2 3 4; f; getb=1 2 3 4",
        refused="(iree-util-fuse-globals) took @b for @a",
    ),
    Case(
        "global_fused_with_another_set_apart_by_a_setter_in_an_arm.mlir",
        "geta;getb;f:1;geta;getb",
        "geta=1 2 3 4; getb=1 2 3 4; f; geta=1 2 3 4; getb=2 4 6 8",
        "geta=1 2 3 4; getb=1 2 3 4; f; geta=1 2 3 4; getb=1 2 3 4",
        refused="(iree-util-fuse-globals) took @b for @a",
    ),
    Case(
        "globals_fused_and_both_updated_in_an_arm.mlir",
        "geta;getb;f:1;geta;getb",
        "geta=2 4 6 8; getb=2 4 6 8; f; geta=4 8 12 16; getb=4 8 12 16",
        "geta=2 4 6 8; getb=2 4 6 8; f; geta=4 8 12 16; getb=4 8 12 16",
    ),
    Case(
        "globals_fused_and_one_set_apart_then_overwritten.mlir",
        "f:1,[5 6 7 8];geta;getb",
        "f; geta=10 12 14 16; getb=10 12 14 16",
        "f; geta=10 12 14 16; getb=10 12 14 16",
    ),
    Case(
        "globals_fused_and_set_apart_only_in_a_dead_function.mlir",
        "geta;getb;f:0,[5 6 7 8];geta;getb",
        "geta=2 4 6 8; getb=2 4 6 8; f; geta=10 12 14 16; getb=10 12 14 16",
        "geta=2 4 6 8; getb=2 4 6 8; f; geta=10 12 14 16; getb=10 12 14 16",
    ),
    Case(
        "global_stored_apart_in_an_arm_beside_another.mlir",
        "geta;getb;f:1;geta;getb;f:0;getb",
        "geta=1 2 3 4; getb=2 4 6 8; f; geta=1 2 3 4; getb=4 8 12 16; f; getb=4 8 12 16",
        "geta=1 2 3 4; getb=2 4 6 8; f; geta=1 2 3 4; getb=4 8 12 16; f; getb=4 8 12 16",
    ),
    Case(
        "global_stored_from_a_kept_getter_of_an_immutable_global.mlir",
        "read;sync;read",
        "read=5 6 7 8; sync; read=1 2 3 4",
        "read=1 2 3 4; sync; read=1 2 3 4",
        refused="took @copy for the global IREE 3.13 outlines the constant",
    ),
    Case(
        "global_stored_through_a_getter_of_a_getter.mlir",
        "rb;sync;rb;set_a:[7 7 7 7];rb",
        "rb=5 6 7 8; sync; rb=1 2 3 4; set_a; rb=1 2 3 4",
        "rb=1 2 3 4; sync; rb=1 2 3 4; set_a; rb=7 7 7 7",
        refused="took @b for @a",
    ),
    Case(
        "global_stored_through_a_getter_and_from_the_global_it_follows.mlir",
        "f1;set_c:[7 7 7 7];rb;ra;f2;rb",
        "f1; set_c; rb=1 2 3 4; ra=7 7 7 7; f2; rb=7 7 7 7",
        "f1; set_c; rb=7 7 7 7; ra=7 7 7 7; f2; rb=7 7 7 7",
        refused="took @b for @c",
    ),
    Case(
        "global_stored_from_a_kept_getter_of_an_equal_global.mlir",
        "read;sync;read",
        "read=1 2 3 4; sync; read=1 2 3 4",
        "read=1 2 3 4; sync; read=1 2 3 4",
    ),
    Case(
        "global_chained_through_a_loop_of_no_iteration.mlir",
        "read;sync;copy;read",
        "read=0 0 0 0; sync=1 2 3 4; copy=1 2 3 4; read=1 2 3 4",
        "read=1 2 3 4; sync=1 2 3 4; copy=1 2 3 4; read=1 2 3 4",
        refused="took @mirror for @cur",
    ),
    Case(
        "global_chained_through_a_global_synced_in_a_loop.mlir",
        "copy_c;step:[77];read_c",
        "copy_c; step; read_c=1 2 3 4",
        "copy_c; step; read_c=1 77 3 4",
        refused="took @c for @a",
    ),
    Case(
        "global_chained_through_a_global_synced_through_a_select.mlir",
        "copy_c;step:[77];read_c",
        "copy_c; step; read_c=1 2 3 4",
        "copy_c; step; read_c=1 77 3 4",
        refused="took @c for @a",
    ),
    Case(
        "global_reset_read_unused_then_set_to_a_constant.mlir",
        "state;f0;state;f0;state",
        "state=0 0 0 0; f0=42 0 0 0; state=42 0 0 0; f0=42 0 0 0; state=42 0 0 0",
        "state=42 0 0 0; f0=42 0 0 0; state=42 0 0 0; f0=42 0 0 0; state=42 0 0 0",
        refused="took @g0 for the global IREE 3.13 outlines the constant",
    ),
    Case(
        "global_reset_read_then_set_to_a_constant.mlir",
        "state;f0;state;f0;state",
        "state=0 0 0 0; f0=0 0 0 0; state=42 0 0 0; f0=0 0 0 0; state=42 0 0 0",
        "state=42 0 0 0; f0=0 0 0 0; state=42 0 0 0; f0=0 0 0 0; state=42 0 0 0",
        refused="took @g0 for the global IREE 3.13 outlines the constant",
    ),
    Case(
        "old_value_stored_through_a_setter_after_a_write.mlir",
        "snap:[77];rb;ra",
        "snap; rb=1 2 3 4; ra=1 77 3 4",
        "snap; rb=1 77 3 4; ra=1 77 3 4",
        refused="took @b for @a",
    ),
    Case(
        "global_chained_through_a_helper_loop_of_no_iteration.mlir",
        "read;sync;copy;read",
        "read=0 0 0 0; sync=1 2 3 4; copy=1 2 3 4; read=1 2 3 4",
        "read=1 2 3 4; sync=1 2 3 4; copy=1 2 3 4; read=1 2 3 4",
        refused="took @mirror for @cur",
    ),
    Case(
        "global_kept_equal_and_synced_in_a_helper_loop_of_no_iteration.mlir",
        "read;sync;read;step:[77];sync;read",
        "read=1 2 3 4; sync=1 2 3 4; read=1 2 3 4; step=1 77 3 4; sync=1 77 3 4; read=1 77 3 4",
        "read=1 2 3 4; sync=1 2 3 4; read=1 2 3 4; step=1 77 3 4; sync=1 77 3 4; read=1 77 3 4",
    ),
    Case(
        "global_kept_equal_and_synced_in_a_loop_of_no_iteration.mlir",
        "read;sync;read;step:[77];sync;read",
        "read=1 2 3 4; sync=1 2 3 4; read=1 2 3 4; step=1 77 3 4; sync=1 77 3 4; read=1 77 3 4",
        "read=1 2 3 4; sync=1 2 3 4; read=1 2 3 4; step=1 77 3 4; sync=1 77 3 4; read=1 77 3 4",
    ),
    Case(
        "constant_handed_to_an_inner_cf_cycle_through_a_switch.mlir",
        "f:2,1,10,1;f:3,2,0,0;f:2,1,10,1;f:2,2,3,0",
        "f=11 13 6 8; f=10 7 10 18; f=11 13 6 8; f=8 7 11 16",
        "f=11 13 6 8; f=10 7 10 18; f=11 13 6 8; f=8 7 11 16",
    ),
    Case(
        "global_chained_and_kept_equal.mlir",
        "step:[77];step:[88]",
        "step=1 77 3 4; step=1 88 3 4",
        "step=1 77 3 4; step=1 88 3 4",
    ),
    Case(
        "two_globals_fused_before_the_splice.mlir",
        "share;upd:[9];get2",
        "share; upd; get2=101 102 103 104",
        "share; upd; get2=101 109 103 104",
        refused="took @g2 for @g1",
    ),
    Case(
        "globals_swapped_in_a_loop.mlir",
        "f:[9],1",
        "f=101 102 103 104",
        "f=110 120 130 140",
        refused="took @g1 for @g2",
    ),
    Case(
        "global_stored_with_another_globals_buffer_in_a_loop.mlir",
        "f:[77]",
        "f=11 22 33 44",
        "f=20 154 60 80",
        refused="took @g for @h",
    ),
    Case(
        "mirror_stored_in_a_while_loops_condition.mlir",
        "get;sync;get;sync",
        "get=0 43 37 41; sync=38 32 36 11; get=38 32 36 11; sync=38 32 36 11",
        "get=38 32 36 11; sync=38 32 36 11; get=38 32 36 11; sync=38 32 36 11",
        refused="took @copy for @src",
    ),
    Case(
        "mirror_stored_in_a_loop_carrying_a_load.mlir",
        "get;sync:1;get;sync:2",
        "get=0 43 37 41; sync=38 32 36 11; get=38 32 36 11; sync=38 32 36 11",
        "get=38 32 36 11; sync=38 32 36 11; get=38 32 36 11; sync=38 32 36 11",
        refused="took @copy for @src",
    ),
    Case(
        "restore_in_a_loop_whose_bounds_are_one_value.mlir",
        "f:[77],3;get;f:[88],5;get",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
    ),
    Case(
        "restore_in_a_while_body_a_false_condition_never_runs.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
    ),
    Case(
        "mirror_stored_in_a_loop_whose_bounds_are_one_value.mlir",
        "sync:3;bump:[77];getc;gets",
        "sync=1 2 3 4; bump; getc=9 9 9 9; gets=1 77 3 4",
        "sync=1 2 3 4; bump; getc=9 9 9 9; gets=1 77 3 4",
    ),
    Case(
        "updater_inlined_twice_the_second_in_an_arm.mlir",
        "f:[7],0;get;f:[8],1;get",
        "f; get=7 20 48 30; f; get=8 20 48 30",
        "f; get=7 20 48 30; f; get=8 20 48 30",
    ),
    Case(
        "one_value_stored_twice_in_a_loop_body.mlir",
        "f:[54];get;f:[49];get",
        "f=31 45 54 38; get=31 45 54 38; f=31 45 49 38; get=31 45 49 38",
        "f=31 45 54 38; get=31 45 54 38; f=31 45 49 38; get=31 45 49 38",
    ),
    Case(
        "two_stores_of_one_value.mlir",
        "get;reset:1;get;reset:0;get",
        "get=1 2 3 4; reset=0 0 0 0; get=0 0 0 0; reset=1 1 1 1; get=1 1 1 1",
        "get=1 2 3 4; reset=0 0 0 0; get=0 0 0 0; reset=1 1 1 1; get=1 1 1 1",
    ),
    Case(
        "restore_after_a_write_folded_away.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
    ),
    Case(
        "restore_in_an_arm_never_taken.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
    ),
    Case(
        "restore_in_an_arm_always_taken.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        refused="erased util.global.store @g",
    ),
    Case(
        "updater_in_a_cf_arm_a_constant_takes.mlir",
        "f;f",
        "f=66 0 94 100; f=132 0 188 200",
        "f=33 0 47 50; f=66 0 94 100",
        refused="reordered util.global.load @g",
    ),
    Case(
        "updater_in_a_switch_case_a_constant_takes.mlir",
        "f;f",
        "f=66 0 94 100; f=132 0 188 200",
        "f=33 0 47 50; f=66 0 94 100",
        refused="reordered util.global.load @g",
    ),
    Case(
        "updater_in_an_arm_a_folded_comparison_takes.mlir",
        "f;f",
        "f=66 0 94 100; f=132 0 188 200",
        "f=33 0 47 50; f=66 0 94 100",
        refused="reordered util.global.load @g",
    ),
    Case(
        "updater_in_two_arms_of_one_content.mlir",
        "f:1;f:0",
        "f=66 0 94 100; f=132 0 188 200",
        "f=33 0 47 50; f=66 0 94 100",
        refused="reordered util.global.load @g",
    ),
    # (Stock right by accident: see the file. The tool refuses, as the straight-line form.)
    Case(
        "setter_in_two_arms_of_one_content_then_a_reload.mlir",
        "f:0,[77];get",
        "f=1 77 3 4; get=1 77 3 4",
        "f=1 77 3 4; get=1 77 3 4",
        refused="reordered util.global.load @g",
    ),
    Case(
        "switch_on_an_i3_constant.mlir",
        "f:[77];get",
        "f=1 77 3 4; get=1 77 3 4",
        "f=1 77 3 4; get=1 77 3 4",
    ),
    Case(
        "global_given_a_constant_and_an_equal_value_of_constants.mlir",
        "get;set1;get;set2;get",
        "get=1 2 3 4; set1; get=10 20 30 40; set2; get=10 20 30 40",
        "get=10 20 30 40; set1; get=10 20 30 40; set2; get=10 20 30 40",
        refused="renameChainedGlobals",
    ),
    Case(
        "global_given_only_a_value_of_constants.mlir",
        "f;f",
        "f=0 25 49 0; f=0 72 26 82",
        "f=0 72 26 82; f=0 72 26 82",
        # (MLIR folds the sum: the check reads it as the constant IREE outlines.)
        refused="took @g for the global IREE 3.13 outlines the constant dense<[0, 72, 26, 82]>",
    ),
    Case(
        "load_summed_round_a_loop_into_two_carried_values.mlir",
        "f:3;f:2",
        "f=6 12 18 24; f=18 36 54 72",
        "f=6 12 18 24; f=18 36 54 72",
    ),
    Case(
        "load_carried_by_a_loop_that_drops_it.mlir",
        "f:2;f:1",
        "f=0 0 0 0; f=0 0 0 0",
        "f=0 0 0 0; f=0 0 0 0",
    ),
    Case(
        "reload_in_the_arm_a_constant_takes.mlir",
        "f;f",
        "f=66 0 94 100; f=132 0 188 200",
        "f=33 0 47 50; f=66 0 94 100",
        refused="reordered util.global.load @g",
    ),
    Case(
        "reload_in_the_case_a_constant_switch_selects.mlir",
        "f;f",
        "f=66 0 94 100; f=132 0 188 200",
        "f=33 0 47 50; f=66 0 94 100",
        refused="reordered util.global.load @g",
    ),
    Case(
        "updater_in_an_i1_switch_case_true_selects.mlir",
        "f;f",
        "f=66 0 94 100; f=132 0 188 200",
        "f=33 0 47 50; f=66 0 94 100",
        refused="reordered util.global.load @g",
    ),
    Case(
        "restore_after_a_write_a_flag_turns_off.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
    ),
    Case(
        "global_chained_through_an_if_on_a_constant.mlir",
        "getb;sync;getb",
        "getb=0 0 0 0; sync; getb=1 2 3 4",
        "getb=1 2 3 4; sync; getb=1 2 3 4",
        refused="took @b for @a",
    ),
    Case(
        "rollback_chosen_by_a_select_on_a_constant.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        refused="erased util.global.store @g",
    ),
    Case(
        "restore_in_a_loop_of_no_iteration.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
    ),
    Case(
        "restore_in_a_chosen_arm_overwritten_after.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9",
        "f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9",
    ),
    Case(
        "rollback_through_an_inlined_setter.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        refused="erased util.global.store @g",
    ),
    Case(
        "old_value_from_a_getter_stored_through_a_setter_after_a_write.mlir",
        "snap:[77];rb;ra",
        "snap; rb=1 2 3 4; ra=1 77 3 4",
        "snap; rb=1 77 3 4; ra=1 77 3 4",
        refused="took @b for @a",
    ),
    Case(
        "rollback_through_a_setter_overwritten_after_the_call.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9",
        "f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9",
    ),
    Case(
        "rollback_through_a_setter_overwritten_by_the_setter.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9",
        "f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9",
    ),
    Case(
        "rollback_in_a_setters_cf_arm_turned_off.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
    ),
    Case(
        "own_load_handed_to_a_kept_setter_then_stored_back.mlir",
        "get;f;get;f;get",
        "get=1 2 3 4; f; get=1 2 3 4; f; get=1 2 3 4",
        "get=1 2 3 4; f; get=1 2 3 4; f; get=1 2 3 4",
    ),
    Case(
        "rollback_then_the_old_load_through_two_calls.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_then_the_old_load_handed_to_a_kept_setter.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
    ),
    Case(
        "restore_overwritten_unread.mlir",
        "f:[77];get;f:[88];get",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
    ),
    Case(
        "restore_overwritten_in_a_while_condition.mlir",
        "f:[77],2;get;f:[88],0;get",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
    ),
    Case(
        "restore_overwritten_only_in_a_while_body.mlir",
        "f:[77],0;get;f:[88],1;get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 88 3 88",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 88",
        refused="erased util.global.store @g",
    ),
    Case(
        "own_load_stored_back_then_the_global_renamed.mlir",
        "f:1;f:0;f:2",
        "f=0 0 0 0; f=0 0 0 0; f=0 0 0 0",
        "f=0 0 0 0; f=0 0 0 0; f=0 0 0 0",
    ),
    Case(
        "own_load_plus_zero_stored_back_then_the_global_renamed.mlir",
        "f:1;f:0;f:1",
        "f=0 0 0 37; f=0 0 0 0; f=0 0 0 0",
        "f=0 0 0 0; f=0 0 0 0; f=0 0 0 0",
        # (Both folds show: the rename, and the roll-back erased after the zeros; the splice has
        # no access to @g left, and the erased roll-back is named first since 37e6f61.)
        refused="erased util.global.store @g",
    ),
    Case(
        "own_load_respelled_stored_back_then_the_global_renamed.mlir",
        "f:1;f:0;f:1",
        "f=0 0 0 37; f=0 0 0 0; f=0 0 0 0",
        "f=0 0 0 0; f=0 0 0 0; f=0 0 0 0",
        # (MLIR folds `(old + 5) - 5` into the load: the roll-back IREE erases is named first.)
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_overwritten_by_its_own_value_respelled_in_a_while_condition.mlir",
        "f:[77],2;get;f:[88],0;get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_overwritten_by_its_own_value_in_a_while_condition.mlir",
        "f:[77],2;get;f:[88],0;get",
        "f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4",
        "f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4",
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_overwritten_after_a_read_through_an_address.mlir",
        "f:[77],0;geth;get;f:[88],0;geth;get",
        "f=1 77 3 4; geth=2; get=1 77 3 77; f=1 88 3 77; geth=77; get=1 88 3 88",
        "f=1 77 3 4; geth=77; get=1 77 3 77; f=1 88 3 77; geth=88; get=1 88 3 88",
        refused="erased util.global.store @g",
    ),
    Case(
        "own_load_stored_back_then_reloaded_before_the_rename.mlir",
        "f;sync;f",
        "f=9 9 9 9; sync; f=1 2 3 4",
        "f=1 2 3 4; sync; f=1 2 3 4",
        refused="took @b for @a",
    ),
    Case(
        "store_of_another_global_then_a_rollback_then_a_reload.mlir",
        "f;f;seta:[5];f",
        "f=9 9 9 9; f=9 9 9 9; seta; f=9 9 9 9",
        "f=1 2 3 4; f=1 2 3 4; seta; f=5 2 3 4",
        refused="erased util.global.store @b",  # (its write forwarded to the reload: seed 14103's rule)
    ),
    Case(
        "store_of_another_global_then_a_rollback_read_elsewhere.mlir",
        "get;f;get;seta:[5];get",
        "get=9 9 9 9; f; get=9 9 9 9; seta; get=9 9 9 9",
        "get=1 2 3 4; f; get=1 2 3 4; seta; get=5 2 3 4",
        refused="took @b for @a",
    ),
    Case(
        "rollback_in_an_arms_loop_overwritten_after_the_join.mlir",
        "f:[77],1,2;get;f:[88],0,0;get",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
    ),
    Case(
        "rollback_in_an_arms_loop_read_on_its_next_turn.mlir",
        "f:[77],1,2;get;f:[88],1,1;get",
        "f=1 2 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_in_a_cf_loop_read_on_its_next_turn.mlir",
        "f:[77],1;get;f:[88],0;get",
        "f=1 2 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_in_a_while_body_read_by_its_condition.mlir",
        "f:[77],1;get;f:[88],0;get",
        "f=2; get=1 77 3 77; f=88; get=1 88 3 88",
        "f=77; get=1 77 3 77; f=88; get=1 88 3 88",
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_before_an_irreducible_cycle_that_reads.mlir",
        "f:[77],0,1;get;f:[88],1,1;get",
        "f=1 2 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        "f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88",
        refused="erased util.global.store @g",
    ),
    Case(
        "rollback_in_an_arm_beside_the_write.mlir",
        "f:0;f:1;f:0",
        "f=0 35 46 32; f=0 35 46 32; f=0 0 0 0",
        "f=0 35 46 32; f=0 35 46 32; f=0 0 0 0",
    ),
    Case(
        "rollback_in_an_arm_a_sibling_reads_then_overwritten.mlir",
        "f:[77],1;get;f:[88],0;get",
        "f=0; get=1 77 3 77; f=88; get=1 88 3 88",
        "f=0; get=1 77 3 77; f=88; get=1 88 3 88",
    ),
    Case(
        "global_copied_and_read_back_in_one_block.mlir",
        "f:[77];f:[88];f:[99]",
        "f=1 2 3 4; f=1 77 3 4; f=1 88 3 4",
        "f=1 2 3 4; f=1 77 3 4; f=1 88 3 4",
    ),
    Case(
        "global_copied_at_the_top_of_a_cf_loop.mlir",
        "f:2,[77];get;f:1,[88];get",
        "f; get=77 77 3 4; f; get=88 77 3 4",
        "f; get=77 77 3 4; f; get=88 77 3 4",
    ),
    Case(
        "global_copied_in_an_arm.mlir",
        "step:[77],0;get_prev;step:[88],1;get_prev;step:[99],0;get_prev",
        "step; get_prev=1 2 3 4; step; get_prev=1 88 3 4; step; get_prev=1 88 3 4",
        "step; get_prev=1 77 3 4; step; get_prev=1 88 3 4; step; get_prev=1 99 3 4",
        refused="took @prev for @cur",
    ),
    Case(
        "one_value_stored_in_a_cf_arm_and_after.mlir",
        "f:0,1,[5 6 7 8];get;f:1,2,[9 9 9 9]",
        "f=5 6 7 8; get=5 6 7 8; f=9 9 9 9",
        "f=1 2 3 4; get=5 6 7 8; f=9 9 9 9",
        refused="reordered util.global.load @g",
    ),
    Case(
        "cache_row_stored_again_in_a_loop.mlir",
        "f:[5],0,2;f:[6],1,0;f:[7],2,3;get",
        "f=5 0 0 0; f=5 6 0 0; f=5 6 7 0; get=5 6 7 0 0 0 0 0",
        "f=5 0 0 0; f=5 6 0 0; f=5 6 7 0; get=5 6 7 0 0 0 0 0",
    ),
    Case(
        "global_copied_then_read_after_a_branch.mlir",
        "step:[77],0;step:[88],1;step:[99],0",
        "step=1 2 3 4; step=1 77 3 4; step=1 88 3 4",
        "step=1 77 3 4; step=1 88 3 4; step=1 99 3 4",
        refused="took @prev for @cur",
    ),
    Case(
        "mirror_cleared_then_copied.mlir",
        "step:[77];get_mirror;sync;get_mirror;step:[88];get_mirror",
        "step; get_mirror=1 2 3 4; sync; get_mirror=1 77 3 4; step; get_mirror=1 77 3 4",
        "step; get_mirror=1 77 3 4; sync; get_mirror=1 77 3 4; step; get_mirror=1 88 3 4",
        refused="took @mirror for @state",
    ),
    Case(
        "initializer_seeds_a_global_from_another.mlir",
        "get_work;edit:[77];get_work;save;edit:[88];get_work",
        "get_work=5 6 7 8; edit; get_work=5 77 7 8; save; edit; get_work=5 88 7 8",
        "get_work=0 0 0 0; edit; get_work=0 77 0 0; save; edit; get_work=0 88 0 0",
        refused="took @defaults for @work",
    ),
    Case(
        "snapshot_taken_with_a_full_insert.mlir",
        "snapshot;step:[77];get_snap;snapshot;step:[88];get_snap",
        "snapshot; step; get_snap=1 2 3 4; snapshot; step; get_snap=1 77 3 4",
        "snapshot; step; get_snap=1 77 3 4; snapshot; step; get_snap=1 88 3 4",
        refused="took @snap for @cur",
    ),
    Case(
        "copy_read_in_an_if_then_updated.mlir",
        "step:[77],1;get;step:[88],0;get;step:[99],1;get",
        "step=1 2 3 4; get=1 77 3 4; step=1 77 3 4; get=1 77 3 4; step=1 77 3 4; get=1 99 3 4",
        "step=1 2 3 4; get=1 77 3 4; step=1 77 3 4; get=1 77 3 4; step=1 77 3 4; get=1 99 3 4",
    ),
    Case(
        "repaired_copy_stored_in_an_arm_beside_a_packed_global.mlir",
        "f:[10],1,2;geta;getb;f:[20],1,1;geta;getb",
        "f=3 6 11 18; geta=2 4 6 8; getb=10 4 9 16; f=11 5 10 17; geta=2 4 6 8; getb=20 4 9 16",
        "f=3 6 11 18; geta=2 4 6 8; getb=10 4 9 16; f=11 5 10 17; geta=2 4 6 8; getb=20 4 9 16",
    ),
    Case(
        "repaired_copy_stored_in_an_arm_beside_a_global_named_like_a_size.mlir",
        "f:[9],1,2;getb;f:[7],1,0;getb;geta;getn",
        "f=3 6 11 18; getb=9 4 9 16; f=9 4 9 16; getb=7 4 9 16; geta=2 4 6 8; getn=5",
        "f=3 6 11 18; getb=9 4 9 16; f=9 4 9 16; getb=7 4 9 16; geta=2 4 6 8; getn=5",
    ),
    Case(
        "repaired_copy_stored_in_an_arm_of_a_global_of_one_size.mlir",
        "reset:[1 2 3 4];step:[5],0;step:[6],1;step:[7],1;get",
        "reset; step=1 2 3 4; step=1 2 3 4; step=1 6 3 4; get=1 7 3 4",
        "reset; step=1 2 3 4; step=1 2 3 4; step=1 6 3 4; get=1 7 3 4",
    ),
    Case(
        "globals_fused_and_stored_one_value_on_two_paths.mlir",
        "f:1;geta;getb;f:0;geta;getb",
        "f; geta=4 8 12 16; getb=2 4 6 8; f; geta=4 8 12 16; getb=8 16 24 32",
        "f; geta=4 8 12 16; getb=4 8 12 16; f; geta=4 8 12 16; getb=4 8 12 16",
        refused="(iree-util-fuse-globals) took @b for @a",
    ),
    Case(
        "globals_fused_through_setters_inlined_into_one_block.mlir",
        "f:1;geta;getb;f:0;geta;getb",
        "f; geta=1 2 3 4; getb=2 4 6 8; f; geta=1 2 3 4; getb=2 4 6 8",
        "f; geta=1 2 3 4; getb=1 2 3 4; f; geta=1 2 3 4; getb=1 2 3 4",
        refused="(iree-util-fuse-globals) took @b for @a",
    ),
    Case(
        "global_fused_with_another_beside_an_addressed_global.mlir",
        "f:1;geta;getb;getc",
        "f; geta=1 2 3 4; getb=2 4 6 8; getc=7 7 7 7",
        "f; geta=1 2 3 4; getb=1 2 3 4; getc=7 7 7 7",
        refused="(iree-util-fuse-globals) took @b for @a",
    ),
    Case(
        "shared_global_stored_in_an_arm_beside_packed_globals.mlir",
        "f:1;upd2:[9];get2;get1;get0",
        "f; upd2; get2=1 4 9 9; get1=1 4 9 16; get0=2 4 6 8",
        "f; upd2; get2=1 4 9 9; get1=1 4 9 9; get0=2 4 6 8",
    ),
    Case(
        "reload_in_an_arm_updated_beside_a_packed_global.mlir",
        "f:[1 2 3 4],[9],1;geta;getb",
        "f=2 4 6 8; geta=2 4 6 8; getb=2 9 6 8",
        "f=2 4 6 8; geta=2 4 6 8; getb=2 4 6 8",
    ),
    Case(
        "repaired_copy_stored_in_an_arm_beside_a_global_at_its_offset.mlir",
        "step:[9],1;getx;gety;getz;getw",
        "step=1 4 9 16; getx=1 9 9 16; gety=2 8 18 32; getz=0 2 6 12; getw=2 4 6 8",
        "step=1 4 9 16; getx=1 9 9 16; gety=2 8 18 32; getz=0 2 6 12; getw=2 4 6 8",
    ),
    Case(
        "repaired_copy_stored_in_an_arm_beside_globals_of_no_location.mlir",
        "step:[9],1;getx;getw",
        "step=1 4 9 16; getx=1 9 9 16; getw=2 4 6 8",
        "step=1 4 9 16; getx=1 9 9 16; getw=2 4 6 8",
    ),
    Case(
        "reload_in_an_arm_after_a_call_that_repacks_its_global.mlir",
        "f:[1 2 3 4],[9],1;sumx;updx:[7];getx",
        "f; sumx=4 18 12 16; updx; getx=2 9 7 8",
        _STOCK_OUT_OF_RANGE_128,
    ),
    Case(
        "repaired_copy_stored_at_the_top_beside_a_global_stored_in_an_arm.mlir",
        "g:[1 2 3 4],1;gety;getz;h:[1 2 3 4],1;getx;getw",
        "g; gety=1 4 9 16; getz=2 4 6 8; h; getx=2 4 6 8; getw=0 0 0 0",
        "g; gety=1 4 9 16; getz=2 4 6 8; h; getx=2 4 6 8; getw=0 0 0 0",
    ),
    Case(
        "repaired_copy_stored_in_an_arm_of_a_global_named_with_a_quote.mlir",
        "step:[9],1;getx;gety;getz;getw",
        "step=1 4 9 16; getx=1 9 9 16; gety=2 8 18 32; getz=0 2 6 12; getw=2 4 6 8",
        "step=1 4 9 16; getx=1 9 9 16; gety=2 8 18 32; getz=0 2 6 12; getw=2 4 6 8",
    ),
    Case(
        "reload_in_an_arm_beside_a_global_located_like_a_tag.mlir",
        "f:[1 2 3 4],[9],1;geta;getb",
        "f=2 4 6 8; geta=2 4 6 8; getb=2 9 6 8",
        "f=2 4 6 8; geta=2 4 6 8; getb=2 4 6 8",
    ),
    Case(
        "globals_of_initial_values_each_updated_in_its_own_arm.mlir",
        "f:[9],1,1;geta;getb;f:[7],0,1;geta;getb",
        "f; geta=1 9 3 4; getb=5 6 9 8; f; geta=1 9 3 4; getb=5 6 7 8",
        "f; geta=1 9 3 4; getb=1 9 3 4; f; geta=1 9 3 4; getb=1 9 3 4",
        modes=("copy", "task"),
    ),
    Case(
        "globals_of_equal_initial_values_each_updated_in_its_own_arm.mlir",
        "f:[9],1,1;geta;getb;f:[7],0,1;geta;getb",
        "f; geta=1 9 3 4; getb=1 2 9 4; f; geta=1 9 3 4; getb=1 2 7 4",
        "f; geta=1 9 3 4; getb=1 9 3 4; f; geta=1 9 3 4; getb=1 9 3 4",
        modes=("copy", "task"),
    ),
    Case(
        "one_constant_stored_to_two_globals_each_updated_in_its_own_arm.mlir",
        "f:[9],1,0;getk;getv;reset;f:[7],0,1;getk;getv;f:[3],1,0;getk;getv",
        "f; getk=1 9 3 4; getv=5 6 7 8; reset; f; getk=0 0 0 0; getv=0 0 7 0; f; getk=0 3 0 0; getv=0 0 7 0",
        "Error invoking function: c/runtime/src/iree/hal/buffer.c:403: OUT_OF_RANGE; attempted to access an address "
        "off the end of the valid buffer range (offset=64, length=16, buffer byte_length=16); while invoking native "
        "function hal.device.queue.copy; while calling import; ",
    ),
    Case(
        "one_constant_stored_to_two_globals_beside_a_repaired_copy.mlir",
        "g:[5],1,2;getc;f:[9],1,0;getk;getv;reset;f:[7],0,1;getk;getv;f:[3],1,0;getk;getv;g:[6],1,1;getc",
        "g=3 4 5 6; getc=5 2 3 4; f; getk=1 9 3 4; getv=5 6 7 8; reset; f; getk=0 0 0 0; getv=0 0 7 0; f; "
        "getk=0 3 0 0; getv=0 0 7 0; g=6 3 4 5; getc=6 2 3 4",
        "Error invoking function: c/runtime/src/iree/hal/buffer.c:403: OUT_OF_RANGE; attempted to access an address "
        "off the end of the valid buffer range (offset=64, length=16, buffer byte_length=16); while invoking native "
        "function hal.device.queue.copy; while calling import; ",
    ),
    Case(
        "load_yielded_by_an_arm_then_filled_over.mlir",
        "f0:1;f0:1;f0:0",
        "f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0",
        "f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0",
    ),
    Case(
        "shared_global_reloaded_in_an_arm_of_fresh_buffers.mlir",
        "f:[1 2 3 4],1,[9];get0;get1;upd0:[66];get0;get1;f:[2 2 2 2],0,[5];get0;get1",
        "f; get0=1 4 9 16; get1=9 4 9 16; upd0; get0=1 66 9 16; get1=9 4 9 16; f; get0=4 4 4 4; get1=4 4 4 4",
        "f; get0=1 4 9 16; get1=1 4 9 16; upd0; get0=1 66 9 16; get1=1 66 9 16; f; get0=4 4 4 4; get1=4 4 4 4",
    ),
    Case(
        "copy_through_an_inlined_sync.mlir",
        "f:[77];f:[88];f:[99]",
        "f=1 2 3 4; f=1 77 3 4; f=1 88 3 4",
        "f=1 2 3 4; f=1 77 3 4; f=1 88 3 4",
    ),
    Case(
        "copy_read_through_an_inlined_getter.mlir",
        "f:[77];f:[88];f:[99]",
        "f=1 2 3 4; f=1 77 3 4; f=1 88 3 4",
        "f=1 2 3 4; f=1 77 3 4; f=1 88 3 4",
    ),
    Case(
        "loop_work_overwritten_after_a_dropped_store.mlir",
        "get;f:2;get;f:0;get",
        "get=1 2 3 4; f; get=9 9 9 9; f; get=9 9 9 9",
        "get=1 2 3 4; f; get=9 9 9 9; f; get=9 9 9 9",
    ),
    Case(
        "global_set_to_one_constant.mlir",
        "state;f1;state",
        "state=0 46 27 0 20 28 22 18; f1=22 38 7 34 12 34 5 22; state=22 38 7 34 12 34 5 22",
        "state=22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=22 38 7 34 12 34 5 22",
        refused="took @g2 for the global IREE 3.13 outlines the constant",
    ),
    Case(
        "global_reset_to_its_initial_value.mlir",
        "get;reset;get",
        "get=1 2 3 4; reset; get=1 2 3 4",
        "get=1 2 3 4; reset; get=1 2 3 4",
    ),
    Case(
        "global_set_from_a_constant_two_ways.mlir",
        "get;set;get;set2;get",
        "get=1 2 3 4; set; get=5 6 7 8; set2; get=5 6 7 8",
        "get=5 6 7 8; set; get=5 6 7 8; set2; get=5 6 7 8",
        refused="took @s for the global IREE 3.13 outlines the constant",
    ),
    Case(
        "hand_written_kernel_reads_the_argument.mlir",
        "f:[1. 2. 3. 4.];f:[1. 2. 3. 4.]",
        "f=3 6 9 12; f=3 6 9 12",
        "f=3 6 9 12; f=3 6 9 12",
    ),
    Case(
        "select_of_two_globals_stored_to_one.mlir",
        "choose:1;updg:[77];getg;geth;updh:[88];getg;geth",
        "choose; updg; getg=1 77 3 4; geth=1 2 3 4; updh; getg=1 77 3 4; geth=1 2 88 4",
        "choose; updg; getg=1 77 3 4; geth=1 77 3 4; updh; getg=1 77 88 4; geth=1 77 88 4",
    ),
    # Tensor campaign seed 14101: a roll-back IREE erases, written over on the loop's next turn,
    # in the seed's cf form and in scf form.
    Case(
        "rollback_in_a_cf_loop_header_after_the_body_stores.mlir",
        "f0;f1;f0;f1",
        "f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6",
        "f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_in_a_while_condition_after_the_body_stores.mlir",
        "f0;f1;f0;f1",
        "f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6",
        "f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6",
        refused="erased util.global.store @g0",
    ),
    # Review 34: the cf form read path by path. Refused where a path from the write comes back
    # to the roll-back and one from the roll-back ends before anything overwrites it...
    Case(
        "rollback_in_an_inner_cf_loop_header_after_its_body_stores.mlir",
        "f1:2;get;f1:3;get",
        "f1; get=1 2 3 4; f1; get=1 2 3 4",
        "f1; get=4 8 12 16; f1; get=32 64 96 128",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_in_an_irreducible_cycle_after_the_write.mlir",
        "f1:2,1;get;f1:2,0;get",
        "f1; get=1 2 3 4; f1; get=1 2 3 4",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    # ... and built where every path from the roll-back meets the write first.
    Case(
        "rollback_in_a_cf_loop_overwritten_in_its_own_block.mlir",
        "f1:2;get;f1:1;get",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
    ),
    Case(
        "rollback_in_a_cf_loop_always_overwritten_before_the_exit.mlir",
        "f1:2;get;f1:1;get",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
    ),
    Case(
        "rollback_in_a_cf_loop_whose_header_reloads.mlir",
        "f1:2;get;f1:1;get",
        "f1=3 6 9 12; get=4 8 12 16; f1=4 8 12 16; get=8 16 24 32",
        "f1=3 6 9 12; get=4 8 12 16; f1=4 8 12 16; get=8 16 24 32",
    ),
    # Review 34's scf forms, on the same paths: a loop's next turn runs the write before the
    # roll-back again...
    Case(
        "rollback_then_read_then_write_in_a_for_body.mlir",
        "f1:2;get;f1:1;get",
        "f1=2 4 6 8; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=3 6 9 12; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_then_read_then_a_kept_setter_in_a_for_body.mlir",
        "f1:2;get;f1:1;get",
        "f1=2 4 6 8; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=3 6 9 12; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_in_an_arm_always_taken_on_a_loops_turn.mlir",
        "f1:2;get;f1:1;get",
        "f1=2 4 6 8; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=3 6 9 12; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_in_a_cf_loop_header_after_a_write_in_a_steady_arm.mlir",
        "f1:2,1;get;f1:2,0;get",
        "f1; get=1 2 3 4; f1; get=1 2 3 4",
        "f1; get=2 4 6 8; f1; get=2 4 6 8",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_in_a_steady_arm_of_a_cf_loops_header.mlir",
        "f1:2,1;get;f1:2,1;get",
        "f1; get=1 2 3 4; f1; get=1 2 3 4",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "mirror_synced_in_an_arm_always_taken.mlir",
        "f;set:[77];f;set:[88];f",
        "f=1 2 3 4; set; f=1 77 3 4; set; f=1 88 3 4",
        "f=1 2 3 4; set; f=1 77 3 4; set; f=1 88 3 4",
    ),
    Case(
        "rollback_then_read_then_write_beside_an_scf_parallel.mlir",
        "f1:2;get;f1:1;get",
        "f1=2 4 6 8; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=3 6 9 12; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_with_a_write_in_an_arm_on_a_later_blocks_condition.mlir",
        "f1:2,1;get;f1:1,1;get",
        "f1=2 4 6 8; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=3 6 9 12; get=3 6 9 12; f1=3 6 9 12; get=6 12 18 24",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_in_a_cf_loop_inside_an_execute_region.mlir",
        "f1:2;get;f1:3;get",
        "f1; get=1 2 3 4; f1; get=1 2 3 4",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    # ... and built where no path shows the erased roll-back: restored, overwritten, no next turn.
    Case(
        "rollback_restored_through_an_optimization_barrier.mlir",
        "f1:3;get;f1:2;get",
        "f1=3 6 9 12; get=1 2 3 4; f1=2 4 6 8; get=1 2 3 4",
        "f1=3 6 9 12; get=1 2 3 4; f1=2 4 6 8; get=1 2 3 4",
    ),
    Case(
        "rollback_in_a_while_body_overwritten_by_its_condition.mlir",
        "f1:2;get;f1:0;get",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
    ),
    Case(
        "rollback_guarded_to_a_loops_first_turn.mlir",
        "f1:3;get;f1:1;get",
        "f1=5 10 15 20; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=5 10 15 20; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
    ),
    Case(
        "rollback_overwritten_by_an_inner_loop_of_two_turns.mlir",
        "f1:2;get;f1:1;get",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
        "f1; get=2 4 6 8; f1; get=4 8 12 16",
    ),
    Case(
        "rollback_in_a_loop_of_one_turn.mlir",
        "get;f1;get;f1;get",
        "get=1 2 3 4; f1=1 2 3 4; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "get=1 2 3 4; f1=1 2 3 4; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
    ),
    Case(
        "global_stored_only_a_fill_of_a_constant.mlir",
        "state;f0;state;f0;state",
        "state=0 12 21 36 28 0 20 26; f0=0 0 0 0; state=0 12 21 36 0 0 0 0; f0=0 0 0 0; state=0 12 21 36 0 0 0 0",
        "state=0 12 21 36 0 0 0 0; f0=0 0 0 0; state=0 12 21 36 0 0 0 0; f0=0 0 0 0; state=0 12 21 36 0 0 0 0",
        refused="took @g1 for the global IREE 3.13 hoists a value of constants into",
    ),
    # Review 35: folds MLIR makes before IREE's folds of globals read the function.
    Case(
        "rollback_after_a_store_of_its_load_plus_zero.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
    ),
    Case(
        "rollback_in_a_cf_loop_read_only_behind_a_folded_compare.mlir",
        "f1:2;get;f1:1;get",
        "f1; get=3 6 9 12; f1; get=9 18 27 36",
        "f1; get=3 6 9 12; f1; get=9 18 27 36",
    ),
    Case(
        "rollback_in_an_arm_a_folded_compare_rules_out.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
    ),
    Case(
        "rollback_erased_its_write_forwarded_past_an_unused_load.mlir",
        "f0:[77];get;f0:[88];get",
        "f0=1 2 3 4; get=2 4 6 8; f0=2 4 6 8; get=4 8 12 16",
        "f0=1 2 3 4; get=2 154 6 8; f0=2 154 6 8; get=4 176 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "global_filled_from_its_own_load_with_a_constant.mlir",
        "f0:[12];f0:[37]",
        "f0=3 3 3 3 3 3 3 3; f0=3 3 3 3 3 3 3 3",
        "f0=3 3 3 3 3 3 3 3; f0=3 3 3 3 3 3 3 3",
    ),
    Case(
        "global_filled_from_its_own_load_handed_to_an_unread_block_argument.mlir",
        "f0:[12],0;f0:[37],1",
        "f0=3 3 3 3 3 3 3 3; f0=3 3 3 3 3 3 3 3",
        "f0=3 3 3 3 3 3 3 3; f0=3 3 3 3 3 3 3 3",
    ),
    # Tensor campaign seed 14103: a write between a load and the roll-back to it that IREE
    # forwards to a callee's load, once it erased the roll-back, and then erases.
    Case(
        "rollback_erased_its_write_forwarded_to_a_callees_load.mlir",
        "f0:[48];f0:[6]",
        "f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 38 46 56 60",
        "f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60",
        refused="erased util.global.store @g0",
    ),
    # Review 33: the shared-globals repair's copy forwarded into an arm after the store.
    Case(
        "shared_global_reloaded_in_an_if_without_else.mlir",
        "f:[1 2 3 4],1,[77];get0;get1;upd0:[66];get0;get1;f:[1 2 3 4],0,[55];get0;get1",
        "f; get0=1 4 9 16; get1=77 4 9 16; upd0; get0=1 66 9 16; get1=77 4 9 16; f; get0=1 4 9 16; get1=1 4 9 16",
        "f; get0=1 4 9 16; get1=1 4 9 16; upd0; get0=1 66 9 16; get1=1 66 9 16; f; get0=1 4 9 16; get1=1 4 9 16",
    ),
    Case(
        "shared_global_reloaded_in_an_arm_stored_to_a_third.mlir",
        "f:[1 2 3 4],1;upd2:[66];get0;get1;get2;upd1:[44];get0;get1;get2",
        "f=1 2 3 4; upd2; get0=1 4 9 16; get1=1 4 9 16; get2=1 4 9 66; upd1; get0=1 4 9 16; get1=1 4 44 16; get2=1 4 9 66",
        "f=1 2 3 4; upd2; get0=1 4 9 66; get1=1 4 9 66; get2=1 4 9 66; upd1; get0=1 4 44 66; get1=1 4 44 66; "
        "get2=1 4 44 66",
    ),
    # IREE 3.13's reference counting frees a loop's result that, with no turn, is its init's
    # buffer, still used after the loop: on local-task the call fails (tensor campaign seed 13102).
    Case(
        "loop_of_no_turn_frees_its_init.mlir",
        "f:[1 2 3 4],0;f:[1 2 3 4],2",
        "f=2 4 6 8; f=2 4 6 8",
        FREED,
        ("task",),
    ),
    # The init is a copy of a global's load IREE exports before the loop's result is last used:
    # the caller reads it after the free (review 59's a09).
    Case(
        "loop_of_no_turn_frees_the_load_copy_it_returns.mlir",
        "f:0;f:0;f:1;f:0;f:0",
        "f=1 2 3 4; f=1 2 3 4; f=1 2 3 4; f=2 4 6 8; f=2 4 6 8",
        FREED,
        ("task",),
    ),
    # The copy the loop returns as its first result (freed) is its second result too (exported).
    Case(
        "loop_of_no_turn_frees_the_load_copy_another_result_returns.mlir",
        "f:0;f:1;f:0;f:2;f:0",
        "f=1 2 3 4; f=1 2 3 4; f=2 3 4 5; f=2 3 4 5; f=4 5 6 7",
        FREED,
        ("task",),
    ),
    # Every turn hands the copy on through a barrier: IREE frees it whatever the trip count
    # (review 59's a11).
    Case(
        "loop_hands_on_through_a_barrier_the_load_copy_it_returns.mlir",
        "f:0;f:0;f:0;f:0",
        "f=1 2 3 4 4 8 12 16; f=1 2 3 4 4 8 12 16; f=1 2 3 4 4 8 12 16; f=1 2 3 4 4 8 12 16",
        FREED,
        ("task",),
    ),
    Case(
        "while_loop_of_no_turn_frees_its_init.mlir",
        "f:[1 2 3 4],0;f:[1 2 3 4],2",
        "f=2 4 6 8; f=2 4 6 8",
        FREED,
        ("task",),
    ),
    Case(
        "loop_result_read_then_its_init_returned.mlir",
        "f:[1 1 1 1],0;f:[1 1 1 1],2",
        "f=2 2 2 2 2 2 2 2; f=4 4 4 4 2 2 2 2",
        FREED,
        ("task",),
    ),
    # Review 32's shapes of the same fault: one allocation with another value, an outer loop, an
    # arm, an in-place update of the init, two loops in a chain, the outer loop's value.
    Case(
        "loop_of_no_turn_frees_an_allocation_shared_with_another_value.mlir",
        "f:[1 2 3 4],0;f:[1 2 3 4],2",
        "f=3 6 9 12; f=3 6 9 12",
        FREED,
        ("task",),
    ),
    Case(
        "inner_loop_of_no_turn_frees_a_value_read_after_the_outer_loop.mlir",
        "f:[1 2 3 4],2,0;f:[1 2 3 4],0,0;f:[1 2 3 4],2,1",
        "f=3 6 9 12 4 16 36 64; f=1 2 3 4 4 16 36 64; f=3 6 9 12 4 16 36 64",
        FREED,
        ("task",),
    ),
    Case(
        "loop_of_no_turn_in_an_arm_frees_a_value_read_after_the_if.mlir",
        "f:[1 2 3 4],0,1;f:[1 2 3 4],2,1;f:[1 2 3 4],0,0",
        "f=4 16 36 64 3 6 9 12; f=4 16 36 64 5 10 15 20; f=4 16 36 64 1 2 3 4",
        FREED,
        ("task",),
    ),
    Case(
        "inner_loop_of_no_turn_frees_a_value_used_after_the_outer_loop.mlir",
        "f:[1 2 3 4],2,0;f:[1 2 3 4],0,0;f:[1 2 3 4],2,1",
        "f=3 6 9 12 2 4 6 8; f=1 2 3 4 2 4 6 8; f=3 6 9 12 2 4 6 8",
        FREED,
        ("task",),
    ),
    Case(
        "loop_of_no_turn_in_an_arm_frees_a_value_returned_after_the_if.mlir",
        "f:[1 2 3 4],0,1;f:[1 2 3 4],2,1;f:[1 2 3 4],0,0",
        "f=2 4 6 8 3 6 9 12; f=2 4 6 8 5 10 15 20; f=2 4 6 8 1 2 3 4",
        FREED,
        ("task",),
    ),
    Case(
        "loop_of_no_turn_frees_an_in_place_update_of_its_init.mlir",
        "f:[1 2 3 4],[9],0;f:[1 2 3 4],[9],2",
        "f=2 9 6 8; f=2 9 6 8",
        FREED,
        ("task",),
    ),
    Case(
        "chained_loops_of_no_turn_free_the_first_init.mlir",
        "f:[1 2 3 4],0,0;f:[1 2 3 4],2,0;f:[1 2 3 4],0,2;f:[1 2 3 4],1,1",
        "f=2 4 6 8; f=2 4 6 8; f=2 4 6 8; f=2 4 6 8",
        FREED,
        ("task",),
    ),
    Case("barrier_on_a_loops_carried_value.mlir", "f:[1 2 3 4],50", "f=51 102 153 204", RACED, ("task",)),
    Case(
        "immutable_global_returned_from_an_arm_of_a_kept_callee_written.mlir",
        "f0:0;f0:1",
        "f0=0 0 0 0; f0=0 0 35 0",
        DENIED,
        ("copy", "task"),
    ),
    Case(
        "immutable_global_returned_by_a_kept_callee_written_in_a_loop.mlir",
        "f:1,4;f:1,2;get",
        "f=0 1 2 3; f=0 1 9 10; get=7 8 9 10",
        DENIED,
        ("copy", "task"),
    ),
    Case(
        "immutable_global_returned_by_a_kept_callee_handed_to_the_next_turn.mlir",
        "f:1,3,[1 1 1 1];f:1,3,[1 1 1 1];get",
        "f=15 12 14 23; f=15 12 14 23; get=7 8 9 10",
        DENIED,
        ("copy", "task"),
    ),
    Case(
        "barrier_in_a_while_condition_on_a_constant_it_carries.mlir",
        "f0:[0];f0:[0]",
        "f0=35 24 27 31; f0=35 24 27 31",
        "f0=35 24 27 31; f0=35 24 27 31",
        ("copy", "task"),
    ),
    Case(
        "barrier_on_one_of_two_values_sharing_a_timepoint.mlir",
        "f:[1 2 3 4],50",
        "f=51 102 153 204 101 202 303 404",
        RACED,
        ("task",),
    ),
    Case(
        "barrier_on_a_value_an_inner_loop_makes_each_turn.mlir",
        "f:[1 2 3 4],50",
        "f=52 104 156 208 401 804 1209 1616",
        RACED,
        ("task",),
    ),
    Case(
        "barrier_in_an_inner_loop_on_the_outer_loops_value.mlir",
        "f:[1 2 3 4],50",
        "f=101 102 103 104",
        "f=101 102 103 104",
        ("task",),
    ),
    Case(
        "barrier_after_a_host_read_of_a_value_sharing_its_timepoint.mlir",
        "f:[1 2 3 4],50",
        "f=51 102 153 204 101 202 303 404 1275",
        "f=51 102 153 204 101 202 303 404 1275",
        ("task",),
    ),
    Case(
        "inner_loop_of_no_turn_frees_the_outer_loops_value.mlir",
        "f:[1 2 3 4],2,0;f:[1 2 3 4],0,0;f:[1 2 3 4],2,1",
        "f=4 8 12 16 2 4 6 8; f=2 4 6 8 2 4 6 8; f=4 8 12 16 2 4 6 8",
        FREED,
        ("task",),
    ),
    Case(
        "inner_loop_of_no_turn_frees_a_value_the_outer_loops_next_turn_reads.mlir",
        "f:[1 2 3 4],2,0;f:[1 2 3 4],2,1",
        "f=5 10 15 20; f=5 10 15 20",
        FREED,
        ("task",),
    ),
    Case(
        "loop_of_no_turn_in_a_callee_frees_its_callers_value.mlir",
        "f:[1 2 3 4],0;f:[1 2 3 4],3;f:[1 2 3 4],0",
        "f=3 6 9 12 2 4 6 8; f=6 12 18 24 2 4 6 8; f=3 6 9 12 2 4 6 8",
        FREED,
        ("task",),
    ),
    # Tensor campaign seeds 15101/15102: a store IREE moves below a while loop, past an arm's
    # reload whose work the loop's store overwrites unread (built), and the same shape where
    # the loop may turn no time, or a read (after the arm, or one the loop carries) takes what
    # the arm stored (refused: stock is wrong).
    Case(
        "store_moved_below_a_loop_past_an_arms_dead_reload.mlir",
        "f:1;get;f:0;get",
        "f; get=17 22 32 31; f; get=17 22 32 31",
        "f; get=17 22 32 31; f; get=17 22 32 31",
    ),
    Case(
        "store_moved_below_a_loop_of_no_turn_past_an_arms_reload.mlir",
        "f:1,0;get;f:0,0;get;f:1,2;get",
        "f; get=34 44 64 62; f; get=17 22 32 31; f; get=17 22 32 31",
        "f; get=17 22 32 31; f; get=17 22 32 31; f; get=17 22 32 31",
        refused="reordered util.global.store @g0",
    ),
    Case(
        "store_moved_below_a_loop_past_an_arms_reload_read_after.mlir",
        "f:1;get;f:0;get",
        "f=68 88 128 124; get=17 22 32 31; f=34 44 64 62; get=17 22 32 31",
        "f=34 44 64 62; get=17 22 32 31; f=34 44 64 62; get=17 22 32 31",
        refused="reordered util.global.store @g0",
    ),
    Case(
        "store_moved_below_a_loop_past_an_arms_reload_the_loop_carries.mlir",
        "f:1;get;f:0;get",
        "f=68 88 128 124; get=17 22 32 31; f=34 44 64 62; get=17 22 32 31",
        "f=34 44 64 62; get=17 22 32 31; f=34 44 64 62; get=17 22 32 31",
        refused="reordered util.global.store @g0",
    ),
    # Review 36's bounds and conditions spelled as integer expressions of constants, which MLIR
    # folds before IREE's folds of globals (built), and a live arm on one (refused: stock wrong).
    Case(
        "loop_bound_spelled_as_a_sum_of_constants.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=1 2 3 4; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
    ),
    Case(
        "dead_arm_on_a_conjunction_of_constants.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
    ),
    Case(
        "dead_block_on_a_compare_of_cast_constants.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
    ),
    Case(
        "live_arm_on_a_compare_of_a_sign_extended_constant.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=2 4 6 8; f1=2 4 6 8; get=4 8 12 16",
        "f1=1 2 3 4; get=6 12 18 24; f1=6 12 18 24; get=36 72 108 144",
        refused="erased util.global.store @g0",
    ),
    # Tensor campaign seed 17101: a second store of one value, through a loop's result MLIR
    # folds into its init, which IREE moves above the first (built); and the same shape with a
    # loop that changes what it carries (refused: stock wrong).
    Case(
        "store_again_in_an_arm_through_a_loop_of_no_turn.mlir",
        "f:1;get;f:0;get",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
    ),
    Case(
        "store_again_in_an_arm_through_a_loop_carrying_it_unchanged.mlir",
        "f:1;get;f:0;get",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
    ),
    Case(
        "store_again_in_an_arm_through_a_while_carrying_it_unchanged.mlir",
        "f:1;get;f:0;get",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
    ),
    Case(
        "store_again_in_an_arm_of_a_loop_that_changes_it.mlir",
        "f:1;get;f:0;get",
        "f=2 4 6 8; get=8 16 24 32; f=0 0 0 0; get=0 0 0 0",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
        refused="reordered util.global.store @g0",
    ),
    # Review 39: roll-backs through loops MLIR folds into the load (refused: stock wrong), and a
    # loop of one turn yielding a value of outside it (built).
    *(
        Case(
            file,
            calls,
            "f=2 4 6 8; get=1 2 3 4; f=2 4 6 8; get=1 2 3 4",
            "f=2 4 6 8; get=2 4 6 8; f=4 8 12 16; get=4 8 12 16",
            refused="erased util.global.store @g0",
        )
        for file, calls in (
            ("rollback_through_a_loop_yielding_its_init.mlir", "f:2;get;f:2;get"),
            ("rollback_through_a_while_handing_on_the_load.mlir", "f;get;f;get"),
            ("rollback_through_a_while_of_a_false_condition.mlir", "f;get;f;get"),
            ("rollback_through_nested_loops_handing_it_on.mlir", "f;get;f;get"),
        )
    ),
    # Tensor campaign seed 17101: a store IREE moves below a while loop inside a block of a cf
    # loop, and of a cf arm (refused: stock wrong).
    Case(
        "own_value_stored_back_moved_below_a_while_in_a_cf_loop.mlir",
        "f0;f0",
        "f0=27 0 0 0 0 0 0 0; f0=27 0 0 0 0 0 0 0",
        "f0=36 17 13 20 36 24 16 22; f0=36 17 13 20 36 24 16 22",
        refused="reordered util.global.store @g0",
    ),
    Case(
        "own_value_stored_back_moved_below_a_while_in_a_cf_arm.mlir",
        "f0:1;f0:0",
        "f0=27 0 0 0 0 0 0 0; f0=27 0 0 0 0 0 0 0",
        "f0=36 17 13 20 36 24 16 22; f0=36 17 13 20 36 24 16 22",
        refused="reordered util.global.store @g0",
    ),
    # Review 41: two stores in a block of a cf arm or loop that IREE swaps, neither ever read
    # (built: stock right).
    Case(
        "store_sunk_below_a_storing_while_in_a_cf_arm_overwritten_in_the_join.mlir",
        "f:[5 5 5 5],1;get;f:[7 7 7 7],0;get",
        "f=10 10 10 10; get=10 10 10 10; f=14 14 14 14; get=14 14 14 14",
        "f=10 10 10 10; get=10 10 10 10; f=14 14 14 14; get=14 14 14 14",
    ),
    Case(
        "store_sunk_below_a_storing_while_in_a_cf_loop_overwritten_by_its_header.mlir",
        "f:[5 5 5 5],2;get;f:[7 7 7 7],1;get",
        "f=10 10 10 10; get=10 10 10 10; f=14 14 14 14; get=14 14 14 14",
        "f=10 10 10 10; get=10 10 10 10; f=14 14 14 14; get=14 14 14 14",
    ),
    # Tensor campaign seed 18101: a roll-back through a while loop IREE's integer range folds
    # never enter (refused: stock wrong).
    Case(
        "rollback_through_a_while_its_counters_range_never_enters.mlir",
        "f0:[0];f0:[0]",
        "f0=21 32 11 0 11 18 27 39; f0=21 32 11 0 11 18 27 39",
        "f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39",
        refused="erased util.global.store @g0",
    ),
    # Review 42: stores in a block of a cf arm that trade places and are read (refused: stock
    # wrong).
    Case(
        "store_sunk_below_a_while_storing_in_both_regions_in_a_cf_arm.mlir",
        "f:[5 5 5 5],1;get;f:[6 6 6 6],0;get",
        "f=9 9 9 9; get=9 9 9 9; f=9 9 9 9; get=9 9 9 9",
        "f=5 5 5 5; get=5 5 5 5; f=5 5 5 5; get=5 5 5 5",
        refused="reordered util.global.store @g",
    ),
    Case(
        "store_sunk_below_a_storing_while_read_through_an_address_in_the_join.mlir",
        "f:[5 5 5 5],1;get;f:[6 6 6 6],0;get",
        "f=9 9 9 9; get=10 10 10 10; f=10 10 10 10; get=12 12 12 12",
        "f=5 5 5 5; get=10 10 10 10; f=10 10 10 10; get=12 12 12 12",
        refused="reordered util.global.store @g",
    ),
    # Review 41: removals across a region inside a block of a cf arm (refused: stock wrong).
    Case(
        "store_dropped_across_a_reading_while_in_a_cf_arm.mlir",
        "f:[5 5 5 5],1;get;f:[7 7 7 7],1;get",
        "f=10 10 10 10; get=10 10 10 10; f=14 14 14 14; get=14 14 14 14",
        "f=2 4 6 8; get=10 10 10 10; f=20 20 20 20; get=14 14 14 14",
        refused="dropped util.global.store @g",
    ),
    Case(
        "reload_forwarded_across_a_storing_if_in_a_cf_arm.mlir",
        "f:[5 5 5 5],1,1;f:[5 5 5 5],1,0;f:[5 5 5 5],0,1;get",
        "f=6 7 8 9; f=12 14 16 18; f=12 14 16 18; get=12 14 16 18",
        "f=2 4 6 8; f=4 8 12 16; f=4 8 12 16; get=4 8 12 16",
        refused="took util.global.load @g",
    ),
    # Review 40: roll-backs through folds MLIR makes and the check's own folds do not (refused:
    # stock wrong); the check reads the input as MLIR's folds leave it (rewriter/guard/input_folds.py).
    *(
        Case(
            file,
            "f:3;get;f:0;get",
            "f=2 4 6 8; get=1 2 3 4; f=2 4 6 8; get=1 2 3 4",
            "f=2 4 6 8; get=2 4 6 8; f=4 8 12 16; get=4 8 12 16",
            refused="erased util.global.store @g0",
        )
        for file in (
            "rollback_through_a_loop_bounded_by_n_plus_zero.mlir",
            "rollback_through_a_while_on_n_below_n.mlir",
            "rollback_through_a_while_its_condition_truth_makes_invariant.mlir",
            "rollback_through_a_loop_yielding_x_plus_t_minus_t.mlir",
            "rollback_through_a_loop_yielding_a_shape_round_trip.mlir",
        )
    ),
    Case(
        "store_again_in_an_arm_through_a_loop_of_one_turn_yielding_it.mlir",
        "f:1;get;f:0;get",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
        "f=2 4 6 8; get=2 4 6 8; f=0 0 0 0; get=0 0 0 0",
    ),
    # Review 36: values MLIR folds to an operand of one value twice (x & x, max(x, x)).
    Case(
        "rollback_to_a_conjunction_of_its_load_with_itself.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=2 4 6 8; get=2 4 6 8; f1=4 8 12 16; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_to_the_max_of_its_load_with_itself.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=2 4 6 8; get=2 4 6 8; f1=4 8 12 16; get=4 8 12 16",
        refused="erased util.global.store @g0",
    ),
    Case(
        "write_of_a_conjunction_of_a_load_with_itself_before_a_rollback.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
    ),
    # Review 37: dead work that may fault on what it reads (a gather), and a read that shares
    # the dead reload's location (refused: stock crashes, or reads the old value).
    Case(
        "dead_work_gathers_with_the_moved_past_load.mlir",
        "f:1;get",
        "f; get=0 1 2 3",
        CRASHED,
        refused="reordered util.global.store @g0",
    ),
    Case(
        "dead_work_overwritten_by_a_rollback_iree_erases.mlir",
        "f:1;get;f:0;get",
        "f; get=7 27 50 3; f; get=7 27 50 3",
        "f; get=17 22 32 31; f; get=17 22 32 31",
        refused="reordered util.global.store @g0",
    ),
    Case(
        "reader_shares_the_dead_loads_location.mlir",
        "f:1,1;get;f:1,1;get",
        "f=17 22 32 31; get=17 22 32 31; f=17 22 32 31; get=17 22 32 31",
        "f=7 27 50 3; get=17 22 32 31; f=17 22 32 31; get=17 22 32 31",
        refused="reordered util.global.store @g0",
    ),
    Case(
        "reader_named_over_the_dead_loads_position.mlir",
        "f:1,1;get;f:1,1;get",
        "f=17 22 32 31; get=17 22 32 31; f=17 22 32 31; get=17 22 32 31",
        "f=7 27 50 3; get=17 22 32 31; f=17 22 32 31; get=17 22 32 31",
        refused="reordered util.global.store @g0",
    ),
    Case(
        "kept_setter_restores_the_load_before_the_rollback.mlir",
        "f1;get;f1;get",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
        "f1=1 2 3 4; get=1 2 3 4; f1=1 2 3 4; get=1 2 3 4",
    ),
    Case(
        "rollback_by_a_setter_then_the_global_folded_away.mlir",
        "f0;f0",
        "f0=40 0 0 0; f0=40 0 0 0",
        "f0=0 0 0 0; f0=0 0 0 0",
        refused="erased util.global.store @g0",
    ),
    Case(
        "rollback_by_a_setter_then_the_global_folded_away_through_a_select.mlir",
        "f0;f0",
        "f0=40 0 0 0; f0=40 0 0 0",
        "f0=0 0 0 0; f0=0 0 0 0",
        refused="erased util.global.store @g0",
    ),
    Case(
        "helpers_doubling_overwritten_before_the_global_is_renamed.mlir",
        "f0;f0",
        "f0=0 0 0 0; f0=0 0 0 0",
        "f0=0 0 0 0; f0=0 0 0 0",
    ),
    Case(
        "setter_called_twice_rolls_back_after_its_first_write.mlir",
        "f0;f0",
        "f0=40 0 0 0; f0=40 0 0 0",
        "f0=0 0 0 0; f0=0 0 0 0",
        refused="erased util.global.store @g0",
    ),
    Case(
        "helpers_doubling_overwritten_past_an_arms_unread_reload.mlir",
        "f0:0;f0:0",
        "f0=0 0 0 0; f0=0 0 0 0",
        "f0=0 0 0 0; f0=0 0 0 0",
    ),
    Case(
        "loop_result_returned_after_its_init_is_read.mlir",
        "f:[1 1 1 1],0;f:[1 1 1 1],2",
        "f=2 2 2 2 2 2 2 2; f=2 2 2 2 4 4 4 4",
        "f=2 2 2 2 2 2 2 2; f=2 2 2 2 4 4 4 4",
        ("task",),
    ),
]


def _argument(text: str) -> object:
    text = text.strip()
    if text.startswith("["):
        if "." in text:
            return np.array([float(x) for x in text[1:-1].split()], dtype=np.float32)
        return np.array([int(x) for x in text[1:-1].split()], dtype=np.int32)
    return int(text)


def load(vmfb: Path, mode: str = "copy") -> tuple[rt.Config, Any]:
    """A runtime context holding ``vmfb``, copied in or mmap'd (``mode``), on local-sync, or
    copied in on local-task (``mode`` ``"task"``: the queue runs beside the host, so a buffer
    freed too early is gone when the host maps it): its config (for device arrays) and the
    module's functions by name."""
    config = rt.Config("local-task" if mode == "task" else "local-sync")
    context = rt.SystemContext(config=config)
    if mode == "mmap":
        module = rt.VmModule.mmap(context.instance, str(vmfb))
    else:
        module = rt.VmModule.copy_buffer(context.instance, vmfb.read_bytes())
    context.add_vm_module(module)
    return config, context.modules[module.name]


#: Seconds the host waits after a call on local-task before it reads the results: the queue
#: runs beside the host, and what the call queued last (a dealloca of a buffer it returned,
#: IREE 3.13's reference-counting fault) runs then or a little later. Read at once, the
#: fault shows or not by the race (measured: a loaded machine read the buffer first).
_QUEUE_SETTLES = 0.1


def run(vmfb: Path, mode: str, calls: str) -> str:
    """Every call of ``calls`` in one context, each result printed as ``fn=v v v`` (``fn`` where
    it returns nothing); or the
    first error's status (IREE's own word for it)."""
    _, functions = load(vmfb, mode)
    out = []
    for call in calls.split(";"):
        name, _, args = call.partition(":")
        arguments = [_argument(a) for a in args.split(",")] if args else []
        try:
            result = functions[name](*arguments)
            if mode == "task":
                time.sleep(_QUEUE_SETTLES)
            if result is None:  # (a function with no results)
                out.append(name)
                continue
            values = np.asarray(_to_host(result)).ravel()
        except (RuntimeError, IndexError) as err:  # (the call, or the host's map of a result; OUT_OF_RANGE: IndexError)
            return next((word for word in (DENIED, FREED) if word in str(err)), str(err).splitlines()[0])
        out.append(name + "=" + " ".join(str(int(v)) if float(v).is_integer() else str(v) for v in values))
    return "; ".join(out)


def run_apart(vmfb: Path, mode: str, calls: str, timeout_s: float = 600.0) -> str:
    """:func:`run` in a process of its own: a build that crashes (a read out of bounds) ends in
    :data:`CRASHED` instead of taking the caller down, and one that hangs (a race that leaves
    the runtime waiting) in :data:`HUNG` after ``timeout_s``."""
    code = (
        "import sys; from pathlib import Path; from tests.campaign.tensor_programs import run; "
        f"print('ANSWER:' + run(Path({str(vmfb)!r}), {mode!r}, {calls!r}))"
    )
    root = str(Path(__file__).resolve().parents[2])
    try:
        done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, cwd=root, timeout=timeout_s)
    except subprocess.TimeoutExpired:
        return HUNG
    if done.returncode < 0:
        return CRASHED
    answers = [line[len("ANSWER:") :] for line in done.stdout.splitlines() if line.startswith("ANSWER:")]
    return answers[-1] if answers else done.stderr.strip().splitlines()[-1] if done.stderr.strip() else CRASHED


def _to_host(result: Any) -> Any:
    """A result on the host: a device array's contents, each of a tuple's, or the value."""
    if isinstance(result, tuple | list):
        return np.concatenate([np.asarray(_to_host(r)).ravel() for r in result])
    return result.to_host() if hasattr(result, "to_host") else result


def by_file(file: str) -> Case:
    return next(c for c in CASES if c.file == file)


def compile_stock(case: Case, out: Path) -> Path:
    """Plain iree-compile's build of ``case``."""
    return compile_stock_file(DATA / case.file, out)


def compile_stock_file(source: Path, out: Path) -> Path:
    """:func:`compile_stock` of any file."""
    subprocess.run([tool("iree-compile"), *FLAGS, str(source), "-o", str(out)], check=True, capture_output=True)
    return out


def build_both(sources: list[Path], root: Path) -> dict[str, tuple[Path, Path]]:
    """Per source (by file name): plain iree-compile's build and the tool's (which must build)."""
    out: dict[str, tuple[Path, Path]] = {}
    for source in sources:
        stem = source.name.removesuffix(".mlir")
        ours = compile_tool_file(source, root / f"{stem}.tool.vmfb")
        assert ours is not None, f"the tool refused {source.name}"
        out[source.name] = (compile_stock_file(source, root / f"{stem}.stock.vmfb"), ours)
    return out


def compile_tool(case: Case, out: Path) -> Path | None:
    """``slice-elision compile``'s build of ``case``, in this process (so that a test's patch
    reaches the schedule check); None when it refuses."""
    return compile_tool_file(DATA / case.file, out)


def compile_tool_file(source: Path, out: Path) -> Path | None:
    """:func:`compile_tool` of any file."""
    try:
        code = main(["compile", str(source), "-o", str(out), *FLAGS])
    except SystemExit as refused:
        code = refused.code
    return out if code in (0, None) and out.exists() else None
