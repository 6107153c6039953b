"""The iteration cap: when the fixpoint is cut short, every decision that depends on it keeps
its copy, with the reason; with room to converge, the same program is aliased."""

from __future__ import annotations

from benchmarks.ir_cases import wrap
from rewriter.rewrite.elide import elide_slices
from stream_model import parse_module

DEPTH = 12


def pathological_program(depth: int = DEPTH) -> str:
    """A chain of private functions, each passing its argument to the next, down to a mutually
    recursive pair that reads the argument and bumps an unrelated global counter. "Writes
    @counter" needs one pass per link to travel back to the top; it is harmless to the
    slices (their source is another global), so the converged answer is alias."""
    funcs = []
    for i in range(depth):
        callee = f"@link{i + 1}" if i + 1 < depth else "@ping"
        funcs.append(
            f"util.func private @link{i}(%buf: !stream.resource<variable>, %n: index) -> !stream.resource<*> {{\n"
            f"  %r = util.call {callee}(%buf, %n) : (!stream.resource<variable>, index) -> !stream.resource<*>\n"
            "  util.return %r : !stream.resource<*>\n}\n"
        )
    for me, other in (("ping", "pong"), ("pong", "ping")):
        funcs.append(
            f"util.func private @{me}(%buf: !stream.resource<variable>, %n: index) -> !stream.resource<*> {{\n"
            "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  %c4 = arith.constant 4 : index\n"
            "  %done = arith.cmpi eq, %n, %c0 : index\n"
            "  %r = scf.if %done -> !stream.resource<*> {\n"
            "    %d = stream.async.dispatch @ex::@read(%buf[%c0 to %c4 for %c4]) : (!stream.resource<variable>{%c4}) -> !stream.resource<*>{%c4}\n"
            "    %g = util.global.load @counter : !stream.resource<variable>\n"
            "    %c1_i32 = arith.constant 1 : i32\n"
            "    %f = stream.async.fill %c1_i32, %g[%c0 to %c4 for %c4] : i32 -> %g as !stream.resource<variable>{%c4}\n"
            "    util.global.store %f, @counter : !stream.resource<variable>\n"
            "    scf.yield %d : !stream.resource<*>\n  } else {\n"
            "    %m = arith.subi %n, %c1 : index\n"
            f"    %rr = util.call @{other}(%buf, %m) : (!stream.resource<variable>, index) -> !stream.resource<*>\n"
            "    scf.yield %rr : !stream.resource<*>\n  }\n"
            "  util.return %r : !stream.resource<*>\n}\n"
        )
    main = (
        "util.func public @entry(%n: index) -> (!stream.resource<*>, !stream.resource<*>) {\n"
        "  %c0 = arith.constant 0 : index\n  %c64 = arith.constant 64 : index\n  %c128 = arith.constant 128 : index\n"
        "  %c1024 = arith.constant 1024 : index\n"
        "  %t = util.global.load @weights : !stream.resource<variable>\n"
        "  %a = stream.async.slice %t[%c0 to %c64] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c64}\n"
        "  %b = stream.async.slice %t[%c64 to %c128] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c64}\n"
        "  %ra = util.call @link0(%a, %n) : (!stream.resource<variable>, index) -> !stream.resource<*>\n"
        "  %rb = util.call @link0(%b, %n) : (!stream.resource<variable>, index) -> !stream.resource<*>\n"
        "  util.return %ra, %rb : !stream.resource<*>, !stream.resource<*>\n}\n"
    )
    return wrap("".join(funcs) + main)


def test_cap_reached_keeps_every_copy_with_the_reason() -> None:
    module = parse_module(pathological_program()).module
    report = elide_slices(module, max_iterations=3)
    assert report.decisions and all(d.decision == "keep" for d in report.decisions)
    assert all("did not converge before the iteration cap" in d.reason for d in report.decisions)


def test_same_program_converges_and_aliases_with_room() -> None:
    module = parse_module(pathological_program()).module
    report = elide_slices(module)
    assert [d.decision for d in report.decisions] == ["alias", "alias"]
