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
from collections.abc import Iterable

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


def _enclosing_loop_numbers(program: Program) -> dict[str, int]:
    """``"v<id>"`` -> number of the innermost loop whose body defines it (pre-order, as the
    renderer names induction variables ``%i<n>``)."""
    out: dict[str, int] = {}
    counter = [0]

    def visit(ops, current) -> None:
        for op in ops:
            for d in op.defs():
                if current is not None:
                    out[f"v{d}"] = current
            if isinstance(op, For):
                n = counter[0]
                counter[0] += 1
                visit(op.body, n)
            else:
                for body in op.bodies():
                    visit(body, current)

    visit(program.ops, None)
    return out


def _ix_ops(x) -> list[Ix]:
    if isinstance(x, Ix):
        return [x] + _ix_ops(x.a) + _ix_ops(x.c)
    return []


_FLAGGED = re.compile(r"slice (v\d+|s in callee c\d+) \[\d+, \d+\) at step \d+: \w+ (\S+(?: in callee c\d+)?) writes")


def flagged(detail: str) -> list[tuple[str, str]]:
    """(slice, write) pairs the audit named in a failure's detail (``v7``, ``s in callee c0``)."""
    return _FLAGGED.findall(detail)


def suspected_classes(program: Program, k: int, decisions: Iterable, detail: str = "") -> list[str]:
    """Classes of :data:`CLASSES` the failing program ``k`` matches (possibly several).

    When the audit named the wrong alias (its slice and the write), only that slice's decision
    and that write count; a runtime-only mismatch falls back to every aliased slice."""
    found: dict[str, None] = {}
    decisions = list(decisions)
    if decisions:  # judged alone after a whole-module failure, the program is @p0 whatever k says
        k = int(re.match(r"p(\d+)", decisions[0].function).group(1))  # type: ignore[union-attr]
    pairs = flagged(detail)
    top = {f"v{op.out}": op for op in walk(program.ops) if isinstance(op, Slice)}
    names = {s.split()[0] if s.startswith("v") else s for s, _ in pairs}
    aliased = [d for d in decisions if d.decision == "alias" and getattr(d, "kind", "slice") == "slice"]
    if pairs:
        callee_slices = {s.rsplit(" ", 1)[1] for s, _ in pairs if not s.startswith("v")}
        aliased = [
            d
            for d in aliased
            if d.result.lstrip("%") in names
            and d.function == f"p{k}"
            or re.fullmatch(rf"p{k}_(c\d+)(?:_b)?", d.function)
            and re.fullmatch(rf"p{k}_(c\d+)(?:_b)?", d.function).group(1) in callee_slices
        ]
    facts = [f for d in aliased for c in d.checks for f in c.facts_used]
    ops = walk(program.ops)
    by_out = {f"v{d}": op for op in ops for d in op.defs()}
    writes = [by_out.get(w) for _, w in pairs]
    slices = [top.get(n) for n in names]
    in_loops = _loop_values(program)

    def has(cid: str, cond: bool) -> None:
        if cond:
            found[cid] = None

    # Cause 1: a callee's slice, written by its caller (or another callee) during the call.
    has(
        "cause1",
        any(not s.startswith("v") and not w.endswith(s.rsplit(" ", 1)[1]) for s, w in pairs)
        or not pairs
        and any(
            re.fullmatch(rf"p{k}_c\d+(?:_b)?", d.function)
            and any(c.verdict == "ordered-around-calls" for c in d.checks)
            for d in aliased
        ),
    )
    # f01: an in-bounds fact of an access inside a loop body proved a slice outside it.
    has(
        "f01",
        any(f.startswith("in-bounds:") and any(int(v) in in_loops for v in re.findall(r"%v(\d+)", f)) for f in facts),
    )
    # Cause 2: bound facts of a loop proving a slice outside that loop (loops are %i0, %i1 ...
    # in program order when rendered).
    home = _enclosing_loop_numbers(program)

    def foreign_bounds(d) -> bool:
        own = home.get(d.result.lstrip("%"))
        return any(
            m is not None and int(m) != own
            for c in d.checks
            for f in c.facts_used
            for m in re.findall(r"loop bounds: %i(\d+)", f)
        )

    has("cause2", any(d.function == f"p{k}" and d.result.lstrip("%") in top and foreign_bounds(d) for d in aliased))
    has("f02", program.step_global == "indirect" and any(f"global @p{k}_idx" in f for f in facts))
    has("f03", program.step_name != "step" and any("iteration" in f for f in facts))
    cf_values = _loop_values(program, "cf")
    has("f04", any(int(n[1:]) in cf_values for n in names if n.startswith("v")))
    unsigned_values = {
        v
        for op in ops
        if isinstance(op, For) and op.style == "unsigned" and op.lb >= 1 << 62
        for inner in walk(op.body)
        for v in inner.defs()
    }
    has("f12", any(int(n[1:]) in unsigned_values for n in names if n.startswith("v")))
    spelled = [
        getattr(op, f) for op in [*writes, *slices] if op is not None for f in ("start", "dst_start") if hasattr(op, f)
    ]
    spelled += [
        getattr(op, f).start
        for op in [*writes, *slices]
        if op is not None
        for f in ("range", "src_range")
        if getattr(op, f, None) is not None
    ]
    if not pairs:
        spelled += [getattr(op, f) for op in ops for f in ("start", "dst_start") if hasattr(op, f)]
        spelled += [
            getattr(op, f).start for op in ops for f in ("range", "src_range") if getattr(op, f, None) is not None
        ]
    ix = [x for sp in spelled for x in _ix_ops(sp)]
    has("f05", any(x.op == "align" and x.b & (x.b - 1) for x in ix))
    # f08: a size query anywhere upstream of the write (it may order a whole tied chain).
    every = [getattr(op, f) for op in ops for f in ("start", "dst_start") if hasattr(op, f)]
    every += [getattr(op, f).start for op in ops for f in ("range", "src_range") if getattr(op, f, None) is not None]
    has(
        "f08",
        any(x.op == "size" for sp in every for x in _ix_ops(sp))
        and any(c.verdict == "ordered-after" for d in aliased for c in d.checks),
    )
    forwarded = {f"v{op.arg}" for op in ops if isinstance(op, Call) and op.forward and op.late}
    has("f06", bool(forwarded & ({d.result.lstrip("%") for d in aliased} if pairs else names or set())))
    switched = {v for op in ops if isinstance(op, Branch) and op.style in ("switch", "exec") for v in op.consumes_}
    switch_outs = {o for op in ops if isinstance(op, Branch) and op.style in ("switch", "exec") for o in op.outs}
    has(
        "f10",
        bool(switched)
        and (
            any("no op writes" in d.reason for d in aliased)
            or any(getattr(w, "dst", None) in switch_outs for w in writes)
        ),
    )
    has("f11", any(getattr(op, "short", 0) for op in (writes if pairs else ops) if op is not None))
    return list(found) or ["unclassified"]
