"""IREE 3.13's ``iree-stream-elide-async-copies`` gives a callee that writes its argument in place
the buffer its caller still reads: the upstream fault behind
``tests/regressions/campaign-callee-writes-an-argument-the-caller-reads-after.json``, reproduced
with that pass alone.

The pass decides every clone of one round from one analysis made before it elides any: a clone
whose source and result are never written in place goes (``%a``: the clones hide the call from
the source's uses), and so does a clone that is its source's last user (``%b``: the cache of the
source's last users was made when the first clone was checked, ``%c``, before ``%a``'s read moved
to the source). Each alone is sound; together the call is given ``%s`` itself, which the callee
fills in place (its own clone of the argument is what the pass's first run drops, the argument
being by-value), and the transfer after the call reads it. The schedule check takes the call as
an in-place write of what it passes (``stream_model.schedule.check``, ``argument_writes``), so the
tool's guard repairs what IREE makes of such a module.
"""

from __future__ import annotations

from iree.compiler import ir, passmanager

from rewriter.pipeline.common import new_context

_MODULE = """
util.func private @callee(%arg0: !stream.resource<*>) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c7 = arith.constant 7 : i32
  %0 = stream.async.fill %c7, %arg0[%c0 to %c4 for %c4] : i32 -> %arg0 as !stream.resource<*>{%c8}
  util.return %0 : !stream.resource<*>
}
util.func public @f() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c8 = arith.constant 8 : index
  %c1 = arith.constant 1 : i32
  %c9 = arith.constant 9 : i32
  %s = stream.async.splat %c1 : i32 -> !stream.resource<*>{%c8}
  %c = stream.async.clone %s : !stream.resource<*>{%c8} -> !stream.resource<*>{%c8}
  %w = stream.async.fill %c9, %c[%c0 to %c4 for %c4] : i32 -> %c as !stream.resource<*>{%c8}
  %a = stream.async.clone %s : !stream.resource<*>{%c8} -> !stream.resource<*>{%c8}
  %b = stream.async.clone %s : !stream.resource<*>{%c8} -> !stream.resource<*>{%c8}
  %r = util.call @callee(%b) : (!stream.resource<*>) -> !stream.resource<*>
  %x = stream.async.transfer %a : !stream.resource<*>{%c8} -> !stream.resource<external>{%c8}
  util.return %w, %r, %x : !stream.resource<*>, !stream.resource<*>, !stream.resource<external>
}
"""


def test_elide_async_copies_gives_a_callee_the_buffer_its_caller_reads_after_the_call() -> None:
    with new_context():
        module = ir.Module.parse(_MODULE)
        passmanager.PassManager.parse("builtin.module(iree-stream-elide-async-copies)").run(module.operation)
        (f,) = [
            op.operation
            for op in module.body.operations
            if ir.StringAttr(op.operation.attributes["sym_name"]).value == "f"
        ]
        ops = [op.operation for op in f.regions[0].blocks[0].operations]
        names = [op.name for op in ops]
        (splat,) = [op for op in ops if op.name == "stream.async.splat"]
        (call,) = [op for op in ops if op.name == "util.call"]
        (transfer,) = [op for op in ops if op.name == "stream.async.transfer"]
        source = splat.results[0]
        # The callee writes its argument in place, and is given the buffer the transfer after
        # the call reads: the transfer sees the fill.
        assert call.operands[0] == source and transfer.operands[0] == source
        assert names.index("util.call") < names.index("stream.async.transfer")
        assert "stream.async.clone" in names  # (%c, filled in place: the pass keeps what it must)
