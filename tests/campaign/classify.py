"""Which known class of wrong alias a failing program most likely shows (a diagnostic).

Why: the campaign reports failures by program; whoever fixes the rule wants to know which
class each one belongs to, and the soundness tracker asks which shape reaches which finding
(``/work/shared/soundness-findings``, the two causes of the soundness issue). The predicates
read the program's shape and the analysis' own log of the wrong decision (facts used,
verdicts); they never decide pass or fail -- the interpreter and the audit do -- and a failure
that matches none is reported as ``unclassified`` (a new class: look at it first).
"""

from __future__ import annotations

import re
from typing import Iterable

from .program import Branch, Call, For, Ix, Program, Slice, walk

#: Class id -> what it is (the folder or cause it stands for).
CLASSES: dict[str, str] = {
    "f01": "in-bounds facts of a loop-body access used outside a zero-trip loop",
    "f02": "index global written through util.global.address + store.indirect",
    "f03": "'other iteration' symbol renaming collides with a real value's name",
    "f04": "a cf.br/cf.cond_br loop checked as straight-line code",
    "f05": "util.align with a non-power-of-two alignment (IREE's bit mask)",
    "f06": "a forwarding call hides its callee's late reads",
    "f08": "stream.resource.size taken as an ordering",
    "f10": "scf.index_switch / scf.execute_region result not followed as storage",
    "f11": "copy/update writes length bytes beyond the spelled end",
    "f12": "scf.for unsigned bounds recorded as signed facts",
    "cause1": "callee slice aliased on an unsettled ArgumentStable (caller writes the argument unordered)",
    "cause2": "scf.for bound facts used outside the loop",
}


def _loop_values(program: Program, style: str | None = None) -> set[int]:
    """Values defined inside loop bodies (of the given style)."""
    out: set[int] = set()
    for op in walk(program.ops):
        if isinstance(op, For) and (style is None or op.style == style):
            for inner in walk(op.body):
                out |= set(inner.defs())
    return out


def _ix_ops(x) -> list[Ix]:
    if isinstance(x, Ix):
        return [x] + _ix_ops(x.a) + _ix_ops(x.c)
    return []


def suspected_classes(program: Program, k: int, decisions: Iterable, detail: str = "") -> list[str]:
    """Classes of :data:`CLASSES` the failing program ``k`` matches (possibly several)."""
    found: dict[str, None] = {}
    aliased = [d for d in decisions if d.decision == "alias" and getattr(d, "kind", "slice") == "slice"]
    facts = [f for d in aliased for c in d.checks for f in c.facts_used]
    in_loops = _loop_values(program)
    top_slices = {f"v{op.out}" for op in program.ops if isinstance(op, Slice)}
    ops = walk(program.ops)

    def has(cid: str, cond: bool) -> None:
        if cond:
            found[cid] = None

    # Cause 1: a callee's slice aliased with "callers order their writes around the call".
    has("cause1", any(re.fullmatch(rf"p{k}_c\d+(?:_b)?", d.function)
                      and any(c.verdict == "ordered-around-calls" for c in d.checks) for d in aliased)
        and "in callee" in detail.split("writes")[0])
    # f01: an in-bounds fact of an access inside a loop body.
    has("f01", any(f.startswith("in-bounds:") and any(int(v) in in_loops for v in re.findall(r"%v(\d+)", f))
                   for f in facts))
    # Cause 2: loop-bound facts proving a slice outside every loop.
    has("cause2", any(d.result.lstrip("%") in top_slices and any("loop bounds" in f for c in d.checks
                                                                  for f in c.facts_used) for d in aliased))
    has("f02", program.step_global == "indirect" and any(f"global @p{k}_idx" in f for f in facts))
    has("f03", program.step_name != "step" and any("iteration" in f for f in facts))
    cf_values = _loop_values(program, "cf")
    has("f04", any(d.function == f"p{k}" and int(d.result.lstrip("%v") or -1) in cf_values
                   for d in aliased if re.fullmatch(r"%v\d+", d.result)))
    starts = [getattr(op, f) for op in ops for f in ("start", "dst_start", "b_start") if hasattr(op, f)]
    starts += [getattr(op, f).start for op in ops for f in ("range", "src_range", "a_range")
               if getattr(op, f, None) is not None]
    aligns = [x for s in starts for x in _ix_ops(s) if x.op == "align"]
    has("f05", any(a.b & (a.b - 1) for a in aligns))
    forwarded = {op.arg for op in ops if isinstance(op, Call) and op.forward and op.late}
    has("f06", any(f"v{v}" in {d.result.lstrip("%") for d in aliased} for v in forwarded))
    has("f08", any(x.op == "size" for s in starts for x in _ix_ops(s))
        and any(c.verdict == "ordered-after" for d in aliased for c in d.checks))
    switched = {v for op in ops if isinstance(op, Branch) and op.style in ("switch", "exec") for v in op.consumes_}
    has("f10", bool(switched) and any("no op writes" in d.reason for d in aliased))
    has("f11", any(getattr(op, "short", 0) for op in ops))
    has("f12", any(isinstance(op, For) and op.style == "unsigned" and op.lb >= 1 << 62 for op in ops)
        and any("loop bounds" in f for f in facts))
    return list(found) or ["unclassified"]
