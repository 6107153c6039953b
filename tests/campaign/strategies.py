"""Hypothesis strategies for valid stream-async programs (descriptions, :mod:`.program`).

Validity is by construction: the generator tracks which values are live and how large they are,
and only draws ranges that are in bounds for every step. Hypothesis re-runs this code on the
choices it shrinks, so every shrunk program is valid too (and :func:`.program.check` re-checks).

What the draws favour, and why:

* slices (the op under test) are the most common op, taken of globals, locals and slices;
* writes often reuse a range already sliced or written on the same storage -- the same range,
  the bytes right after or right before it, or straddling its end -- because adjacency and
  one-element overlaps are where wrong proofs hide; uniformly random ranges rarely hit them;
* in-place ops (update, copy, fill, scale, a call that scales its argument) build tied chains;
* reads of a slice can come before or after writes to its source, so both "write before the
  read" (must keep or prove disjoint) and "write after every read" (ordered-after) occur;
* ``step``-dependent sizes and offsets, sometimes bounded by ``util.assume.int``.

Shrinking goes towards: fewer programs, fewer ops, slices first, constant ranges, small sizes.
"""

from __future__ import annotations

from typing import Callable, Optional

from hypothesis import strategies as st

from .program import (
    STEP_MAX,
    Call,
    Clone,
    Copy,
    Discard,
    Fill,
    GlobalDecl,
    Iota,
    Lin,
    Load,
    Mix,
    Program,
    Range,
    Scale,
    Slice,
    Splat,
    Sum,
    Update,
)

#: Op kinds in draw order; repeats are weights. Shrinking moves towards the front.
KINDS = (
    "slice", "slice", "slice", "update", "fill", "scale", "sum", "slice", "copy", "update",
    "scale", "clone", "mix", "call", "iota", "splat", "discard", "fill", "sum", "call",
)


class _Gen:
    """The generator's view of a program under construction."""

    def __init__(self, draw: Callable) -> None:
        self.draw = draw
        self.ops: list = []
        self.size: dict[int, Lin] = {}
        self.chain: dict[int, int] = {}
        self.live: list[int] = []
        self.read: set[int] = set()
        self.hints: dict[int, list[Range]] = {}
        self._next = 0
        self._chains = 0

    # -- values ----------------------------------------------------------------------------
    def new_value(self, size: Lin, chain: Optional[int] = None) -> int:
        v = self._next
        self._next += 1
        self.size[v] = size
        if chain is None:
            chain = self._chains
            self._chains += 1
        self.chain[v] = chain
        self.live.append(v)
        return v

    def consume(self, v: int) -> None:
        self.live.remove(v)

    def pick(self, candidates: Optional[list[int]] = None) -> Optional[int]:
        pool = self.live if candidates is None else candidates
        if not pool:
            return None
        return self.draw(st.sampled_from(sorted(pool)))

    def unique(self, salt: int) -> int:
        """A value no other creation in this program uses (distinct buffers stay distinct)."""
        return 101 * (len(self.ops) + 1) + salt

    # -- ranges ----------------------------------------------------------------------------
    def draw_lin(self, lo: int, hi: int) -> Lin:
        c1 = self.draw(st.sampled_from((0, 1, 0, 2)))
        return Lin(self.draw(st.integers(lo, hi)), c1)

    def _max_c0(self, bounds: list[Lin], c1: int, minus: Optional[Lin] = None) -> int:
        """Largest c0 with ``Lin(c0, c1) + minus <= b`` for every bound and every step."""
        best = None
        for b in bounds:
            for s in (0, STEP_MAX):
                room = b.at(s) - c1 * s - (minus.at(s) if minus else 0)
                best = room if best is None else min(best, room)
        return best if best is not None else 0

    def draw_length(self, bounds: list[Lin]) -> Optional[Lin]:
        c1 = self.draw(st.sampled_from((0, 1, 0, 2)))
        top = self._max_c0(bounds, c1)
        if top < 1:
            c1, top = 0, self._max_c0(bounds, 0)
            if top < 1:
                return None
        return Lin(self.draw(st.integers(1, min(top, 12))), c1)

    def draw_start(self, size: Lin, length: Lin, chain: Optional[int]) -> Lin:
        """A start with ``start + length <= size`` for every step; often next to a hint."""
        hints = self.hints.get(chain, []) if chain is not None else []
        if hints and self.draw(st.integers(0, 3)) != 0:
            h = self.draw(st.sampled_from(hints))
            # Adjacent (disjoint, needs a proof) twice as often as overlapping (must keep).
            how = self.draw(st.sampled_from(
                ("after", "before", "same", "after", "before", "straddle-end", "straddle-start")))
            start = {
                "same": h.start,
                "after": h.end,
                "before": Lin(h.start.c0 - length.c0, h.start.c1 - length.c1),
                "straddle-end": Lin(h.end.c0 - 1, h.end.c1),
                "straddle-start": Lin(h.start.c0 - length.c0 + 1, h.start.c1 - length.c1),
            }[how]
            if min(start.c0, start.c1) >= 0 and (start + length).fits_in(size):
                return start
        c1 = self.draw(st.sampled_from((0, 1, 0, 2)))
        top = self._max_c0([size], c1, length)
        if top < 0:
            c1, top = 0, self._max_c0([size], 0, length)
        return Lin(self.draw(st.integers(0, max(top, 0))), c1)

    def draw_range(self, v: int, extra_bounds: tuple[Lin, ...] = ()) -> Optional[Range]:
        chain = self.chain[v]
        hints = self.hints.get(chain, [])
        if hints and self.draw(st.integers(0, 3)) == 3:
            h = self.draw(st.sampled_from(hints))
            if h.end.fits_in(self.size[v]) and all(h.length.fits_in(b) for b in extra_bounds):
                return Range(h.start, h.length, self.draw(st.integers(0, 2)))
        length = self.draw_length([self.size[v], *extra_bounds])
        if length is None:
            return None
        start = self.draw_start(self.size[v], length, chain)
        return Range(start, length, self.draw(st.integers(0, 2)))

    def note(self, v: int, r: Range) -> None:
        self.hints.setdefault(self.chain[v], []).append(r)

    # -- ops -------------------------------------------------------------------------------
    def add(self, kind: str) -> None:  # noqa: C901 - one branch per op kind
        if kind == "slice":
            src = self.pick()
            if src is None:
                return
            r = self.draw_range(src)
            if r is None:
                return
            out = self.new_value(r.length)
            self.ops.append(Slice(out, src, r))
            self.read.add(src)
            self.note(src, r)
        elif kind in ("fill", "scale"):
            dst = self.pick()
            if dst is None:
                return
            r = self.draw_range(dst)
            if r is None:
                return
            self.consume(dst)
            out = self.new_value(self.size[dst], self.chain[dst])
            if kind == "fill":
                self.ops.append(Fill(out, dst, r, self.unique(7)))
            else:
                self.ops.append(Scale(out, dst, r))
            self.note(dst, r)
        elif kind == "update":
            dst = self.pick()
            if dst is None:
                return
            upd = self.pick([v for v in self.live if v != dst and self.size[v].fits_in(self.size[dst])])
            if upd is None:
                return
            start = self.draw_start(self.size[dst], self.size[upd], self.chain[dst])
            self.consume(dst)
            out = self.new_value(self.size[dst], self.chain[dst])
            self.ops.append(Update(out, upd, dst, start, self.draw(st.integers(0, 2))))
            self.read.add(upd)
            self.note(dst, Range(start, self.size[upd]))
        elif kind == "copy":
            src = self.pick()
            dst = self.pick([v for v in self.live if v != src])
            if src is None or dst is None:
                return
            r = self.draw_range(src, (self.size[dst],))
            if r is None:
                return
            start = self.draw_start(self.size[dst], r.length, self.chain[dst])
            self.consume(dst)
            out = self.new_value(self.size[dst], self.chain[dst])
            self.ops.append(Copy(out, src, r, dst, start))
            self.read.add(src)
            self.note(dst, Range(start, r.length))
        elif kind == "clone":
            src = self.pick()
            if src is None:
                return
            self.ops.append(Clone(self.new_value(self.size[src]), src))
            self.read.add(src)
        elif kind == "sum":
            src = self.pick()
            if src is None:
                return
            r = self.draw_range(src)
            if r is None:
                return
            self.ops.append(Sum(self.new_value(Lin(1)), src, r))
            self.read.add(src)
        elif kind == "mix":
            a = self.pick()
            b = self.pick()
            if a is None or b is None:
                return
            r = self.draw_range(a, (self.size[b],))
            if r is None:
                return
            b_start = self.draw_start(self.size[b], r.length, self.chain[b])
            self.ops.append(Mix(self.new_value(r.length), a, r, b, b_start))
            self.read.update((a, b))
        elif kind == "call":
            arg = self.pick()
            if arg is None:
                return
            read = self.draw_range(arg)
            scale = self.draw_range(arg) if self.draw(st.booleans()) else None
            if read is None:
                return
            via_slice = self.draw(st.booleans())
            out = None
            if scale is not None:
                self.consume(arg)
                out = self.new_value(self.size[arg], self.chain[arg])
                self.note(arg, scale)
            result = self.new_value(Lin(1))
            self.ops.append(
                Call(out, result, arg, read if via_slice else None, None if via_slice else read, scale)
            )
            self.read.add(arg)
        elif kind in ("iota", "splat"):
            size = self.draw_lin(1, 20)
            out = self.new_value(size)
            if kind == "iota":
                self.ops.append(Iota(out, size, self.unique(3) * 1000 + 7))
            else:
                self.ops.append(Splat(out, size, self.unique(5)))
        elif kind == "discard":
            v = self.pick([v for v in self.live if v in self.read])
            if v is not None:
                self.live.remove(v)
                self.ops.append(Discard(v))


@st.composite
def programs(draw: Callable, max_ops: int = 9) -> Program:
    """One valid program (see the module docstring for what it favours)."""
    g = _Gen(draw)
    n_globals = draw(st.integers(0, 2))
    decls = tuple(GlobalDecl(f"g{i}", draw(st.integers(2, 24))) for i in range(n_globals))
    for decl in decls:
        g.ops.append(Load(g.new_value(Lin(decl.size)), decl.name))
    if not decls:
        size = g.draw_lin(2, 20)
        g.ops.append(Iota(g.new_value(size), size, 7))
    for _ in range(draw(st.integers(1, max_ops))):
        g.add(draw(st.sampled_from(KINDS)))
    assume = draw(st.sampled_from((None, None, STEP_MAX, 4, 1000)))
    return Program(decls, tuple(g.ops), assume)


@st.composite
def batches(draw: Callable, size: int = 16, max_ops: int = 9) -> list[Program]:
    """Up to ``size`` programs for one module. Each slot may be empty, and empty is what a slot
    shrinks to, so a failing batch shrinks to the one program that fails."""
    out = []
    for _ in range(size):
        if draw(st.integers(0, 15)) != 0:
            out.append(draw(programs(max_ops=max_ops)))
    return out
