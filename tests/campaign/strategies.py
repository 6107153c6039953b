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

import dataclasses
from collections.abc import Callable

from hypothesis import strategies as st

from .program import (
    STEP_MAX,
    STEPS,
    Branch,
    Call,
    Clone,
    Copy,
    Discard,
    Fill,
    For,
    GetGlobal,
    GLoad,
    GlobalDecl,
    GStore,
    Import,
    Index,
    Input,
    InvalidProgram,
    Iota,
    Ix,
    Lin,
    Load,
    Mix,
    Program,
    Range,
    Scale,
    SetGlobal,
    Slice,
    Splat,
    Sum,
    Update,
    _align_iree,
    check,
    walk,
)

#: Op kinds in draw order; repeats are weights. Shrinking moves towards the front. The shapes
#: after the first line (loops, branches, reloads, calls racing with writes) come last so that a
#: failure shrinks towards straight-line code when it can.
KINDS = (
    "slice",
    "slice",
    "slice",
    "update",
    "fill",
    "scale",
    "sum",
    "slice",
    "copy",
    "update",
    "scale",
    "clone",
    "mix",
    "call",
    "iota",
    "splat",
    "discard",
    "fill",
    "sum",
    "call",
    "loop",
    "branch",
    "callwrite",
    "reload",
    "prefetch",
    "loop",
    "boundary",
    "slicecall",
    "switchwrite",
    "spelledwrite",
    "boundary",
    "twin",
    "globalcall",
    "globalcallee",
    "storetwice",
    "boundary",
    "slice",
    "foldtwin",
)
#: The kinds of the first campaign (straight-line code with calls), for tests that must not meet
#: the new shapes (the mutation tests' shrinking check).
CLASSIC_KINDS = KINDS[:20]
#: What a loop body draws (no cf loops, discards or reloads inside). No calls: IREE 3.13 fails to
#: compile most modules with a util.call in an scf region (a timepoint argument is added to the
#: callee but not to such call sites), and a failing module is re-judged one program at a time.
LOOP_KINDS = ("slice", "update", "fill", "sum", "slice", "scale", "loop", "iota", "copy", "branch")
#: What a branch draws.
BRANCH_KINDS = ("fill", "update", "slice", "sum", "scale", "loop")
#: Focused profiles (``--campaign-profile``): the kinds each draws, weighted towards one family
#: of shapes, for checks that must reach a shape quickly (``tests/campaign/test_campaign.py``).
FOCUSED_KINDS: dict[str, tuple[str, ...]] = {
    "loops": (
        "slice",
        "update",
        "sum",
        "loop",
        "boundary",
        "prefetch",
        "prefetch",
        "fill",
        "slice",
        "reload",
        "boundary",
        "cfreload",
        "layersread",
    ),
    # With imports of globals' buffers the host passes back: a write of the global, or a call
    # writing it, writes the import (the open issue's class "imports that are globals").
    "calls": ("slice", "call", "callwrite", "callwrite", "fill", "update", "sum", "slicecall", "slicecall", "import"),
    "classic": CLASSIC_KINDS,
    # Loops whose other iterations matter: rows read ahead, cf loops over a reloaded global.
    "iterations": ("prefetch", "prefetch", "cfreload", "slice", "sum", "loop"),
    "regions": ("slice", "branch", "switchwrite", "update", "fill", "sum", "slice", "iota", "switchwrite"),
    # Storage IREE makes one buffer (equal contents, one value stored to two globals), calls
    # that return or write a global's buffer (the third review's findings).
    "globals": (
        "twin",
        "globalcall",
        "globalcallee",
        "storetwice",
        "slice",
        "fill",
        "sum",
        "reload",
        "twin",
        "foldtwin",
        "globalchoice",
        "globalchoice",
    ),
    # The caller's arrays (iree-org/iree#16168): written in place, read before and after, passed
    # to callees that write them, carried through loops and branches; kept or given over.
    "inputs": ("input", "slice", "fill", "input", "scale", "update", "sum", "callwrite", "loop", "branch", "slice"),
    "offsets": (
        "slice",
        "update",
        "fill",
        "sum",
        "spelledwrite",
        "copy",
        "spelledwrite",
        "boundary",
        "sizewrite",
        "spelledwrite",
        "wholecopy",
        "branchtwin",
        "elidedfill",
    ),
}
#: Program-level draws per focused profile: how often ranges see step through an index global
#: and how often index-op spellings (util.align ...) replace a plain offset (1 in n).
FOCUSED_RATES: dict[str, dict[str, int]] = {
    "classic": {"classic": 1},
    "globals": {"setter_twice": 2, "double_buffer": 1},
    "offsets": {"step_global": 3, "spell": 2, "odd_align": 1, "two_loads": 1, "third_global": 1},
    "loops": {"collide": 2, "small_assume": 1},
    "iterations": {"collide": 1, "small_assume": 1, "deep_prefetch": 1},
}

#: The long profile (``make fuzz``): the default's kinds and, rarer, the kinds and program-level
#: draws that only focused profiles draw (each shape that :data:`.program.SHAPES` names is then
#: drawn in a few minutes' run). The default profile (``make test``) stays as it is, byte for
#: byte; the long one runs fresh seeds anyway.
LONG_KINDS: tuple[str, ...] = KINDS + (
    "import",
    "input",
    "wholecopy",
    "branchtwin",
    "globalchoice",
    "elidedfill",
    "storetwice",
    "branchtwin",
    "storetwice",
    "branchtwin",
    "globalorvalue",
)
LONG_RATES: dict[str, int] = {
    "setter_twice": 2,
    "two_loads": 1,
    "double_buffer": 3,
    "third_global": 1,
    "third_of_two_sizes": 1,
}
FOCUSED_KINDS["long"] = LONG_KINDS
FOCUSED_RATES["long"] = LONG_RATES


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
        # Scopes (loop bodies, branches): values of enclosing scopes are readable, not writable.
        self.frozen: set[int] = set()
        self.visible: set[int] = set()  # defined in this scope or an enclosing one (SSA dominance)
        self.loops: list[For] = []  # enclosing loops, innermost last (their bodies not yet filled)
        self.depth = 0
        self.decls: tuple[GlobalDecl, ...] = ()
        self.var_chains: set[int] = set()  # chains of variable-lifetime values (globals, slices of them)
        self.assume_max: int | None = None
        self.calls: list[Call] = []
        self.results: list[int] = []  # results of reads (for offsets spelled via resource.size)
        self._global_chain: dict[str, int] = {}
        self.spell_rate = 5  # 1 in n offsets is spelled through index ops
        self.odd_align = False  # forced spellings favour util.align with non-power-of-two alignments
        self.setter_twice = 0  # 1 in n setters of a value stored twice is one setter given it twice
        self.classic = False  # the first campaign's programs: plain offsets and ends
        self.deep_prefetch = False  # prefetch rows far ahead (past an assumed bound of step)
        self.n_arg: Lin | None = None  # the value of a second argument %n, once a loop uses it

    # -- values ----------------------------------------------------------------------------
    def new_value(self, size: Lin, chain: int | None = None) -> int:
        v = self._next
        self._next += 1
        self.size[v] = size
        if chain is None:
            chain = self._chains
            self._chains += 1
        self.chain[v] = chain
        self.live.append(v)
        self.visible.add(v)
        return v

    def consume(self, v: int) -> None:
        self.live.remove(v)

    def writable(self) -> list[int]:
        return [v for v in self.live if v not in self.frozen]

    def pick(self, candidates: list[int] | None = None) -> int | None:
        pool = self.live if candidates is None else candidates
        if not pool:
            return None
        return self.draw(st.sampled_from(sorted(pool)))

    def unique(self, salt: int) -> int:
        """A value no other creation in this program uses (distinct buffers stay distinct)."""
        return 101 * (self._next + 1) + salt

    # -- ranges ----------------------------------------------------------------------------
    def draw_lin(self, lo: int, hi: int) -> Lin:
        c1 = self.draw(st.sampled_from((0, 1, 0, 2)))
        return Lin(self.draw(st.integers(lo, hi)), c1)

    def _max_c0(self, bounds: list[Lin], c1: int, minus: Lin | None = None) -> int:
        """Largest c0 with ``Lin(c0, c1) + minus <= b`` for every bound and every step."""
        best = None
        for b in bounds:
            for s in (0, STEP_MAX):
                room = b.at(s) - c1 * s - (minus.at(s) if minus else 0)
                best = room if best is None else min(best, room)
        return best if best is not None else 0

    def draw_length(self, bounds: list[Lin]) -> Lin | None:
        c1 = self.draw(st.sampled_from((0, 1, 0, 2)))
        top = self._max_c0(bounds, c1)
        if top < 1:
            c1, top = 0, self._max_c0(bounds, 0)
            if top < 1:
                return None
        return Lin(self.draw(st.integers(1, min(top, 12))), c1)

    def draw_start(self, size: Lin, length: Lin, chain: int | None) -> Lin:
        """A start with ``start + length <= size`` for every step; often next to a hint."""
        hints = self.hints.get(chain, []) if chain is not None else []
        if hints and self.draw(st.integers(0, 3)) != 0:
            h = self.draw(st.sampled_from(hints))
            # Adjacent (disjoint, needs a proof) twice as often as overlapping (must keep).
            # "step-0 only": overlapping at step 0, after the hint from step 1 on -- where a fact
            # that only holds when a zero-trip loop runs would make a wrong proof.
            how = self.draw(
                st.sampled_from(
                    (
                        "after",
                        "before",
                        "same",
                        "after",
                        "before",
                        "straddle-end",
                        "straddle-start",
                        "step-0 only",
                        "step-0 end",
                    )
                )
            )
            start = {
                "same": h.start,
                "after": h.end,
                "before": Lin(h.start.c0 - length.c0, h.start.c1 - length.c1),
                "straddle-end": Lin(h.end.c0 - 1, h.end.c1),
                "straddle-start": Lin(h.start.c0 - length.c0 + 1, h.start.c1 - length.c1),
                "step-0 only": Lin(h.start.c0, h.start.c1 + h.length.c0),
                "step-0 end": Lin(h.end.c0 - 1, h.end.c1 + 1),
            }[how]
            if min(start.c0, start.c1) >= 0 and (start + length).fits_in(size):
                return start
        c1 = self.draw(st.sampled_from((0, 1, 0, 2)))
        top = self._max_c0([size], c1, length)
        if top < 0:
            c1, top = 0, self._max_c0([size], 0, length)
        return Lin(self.draw(st.integers(0, max(top, 0))), c1)

    def draw_range(self, v: int, extra_bounds: tuple[Lin, ...] = ()) -> Range | None:
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
        if isinstance(r.start, Lin) and not r.start.ci and not r.length.ci:
            self.hints.setdefault(self.chain[v], []).append(r)

    # -- scopes ----------------------------------------------------------------------------
    def run_steps(self) -> list[int]:
        """Steps at which the current scope runs (every enclosing loop has iterations)."""
        return [s for s in STEPS if all(loop.trips(s) > 0 for loop in self.loops)]

    def fits(self, start: Index, length: Lin, size: Lin) -> bool:
        """``[start, start + length)`` non-empty and within ``size`` in every instance that runs."""
        for s in self.run_steps():
            for i in range(self.loops[-1].trips(s) if self.loops else 1):
                a, n = start.at(s, i), length.at(s, i)
                if a < 0 or n < 1 or a + n > size.at(s):
                    return False
        return True

    def ivify(self, r: Range, size: Lin) -> Range:
        """In a loop body, often make the range move with the iteration (row ``i``)."""
        if not self.loops or not isinstance(r.start, Lin) or self.draw(st.integers(0, 2)) == 0:
            return r
        ci = self.draw(st.sampled_from((1, max(1, r.length.c0), 2)))
        for cand in (Lin(r.start.c0, r.start.c1, ci), Lin(0, 0, ci), Lin(0, r.start.c1, ci)):
            if self.fits(cand, r.length, size):
                return dataclasses.replace(r, start=cand)
        return r

    def loop_only_range(self, v: int, force: bool = False) -> Range | None:
        """In a loop body that does not run at every step, sometimes a range that is only valid
        at the steps where it runs (empty or reversed otherwise): its in-bounds facts are false
        when the loop runs zero times (soundness finding f01)."""
        steps = self.run_steps()
        if not self.loops or not steps or min(steps) == 0 or not force and self.draw(st.integers(0, 2)) != 0:
            return None
        m = self.draw(st.sampled_from((2, 3)))
        length = Lin(1 - m * min(steps), m)  # negative at step 0: "start <= end" means step >= 1
        start = self.draw_start(self.size[v], Lin(1), self.chain[v])
        if isinstance(start, Lin) and self.fits(start, length, self.size[v]):
            return Range(start, length, self.draw(st.integers(0, 2)))
        return None

    def maybe_spelled(self, start: Index, length: Lin, size: Lin, force: bool = False) -> Index:
        """Sometimes spell a start through index ops over boundary values (:class:`.program.Ix`):
        ``util.align`` with non-power-of-two alignments, ``minui`` with huge operands, ``divui``,
        ``remui``, ``select`` on the step, ``stream.resource.size`` of a read's result. The value
        is what IREE computes; a spelling whose value leaves the bounds is not used."""
        if (
            self.classic
            or not isinstance(start, Lin)
            or start.ci
            or not force
            and self.draw(st.integers(0, self.spell_rate - 1)) != 0
        ):
            return start
        how = self.draw(st.sampled_from(("align", "align", "minui", "divmul", "remui", "select", "size", "size")))
        odd = force and self.odd_align and self.draw(st.booleans())
        cand: Index | None = None
        if odd or how == "align":
            a = self.draw(st.sampled_from((12, 20, 24, 48) if odd else (4, 8, 12, 20, 24, 48, 64)))
            cand = Ix("align", start, a)
            if not start.c1:
                for x in range(start.c0, max(0, start.c0 - 16) - 1, -1):
                    if _align_iree(4 * x, a) == 4 * start.c0:
                        cand = Ix("align", Lin(x), a)
                        break
        elif how == "minui":
            cand = Ix("minui", start, self.draw(st.sampled_from((1 << 40, (1 << 61) - 1, 1, 5))))
        elif how == "divmul":
            d = self.draw(st.sampled_from((1, 2, 3, 5)))
            cand = Ix("divmul", start + Lin(self.draw(st.integers(0, d - 1))), d)
        elif how == "remui":
            b = self.draw(st.sampled_from((7, 1000, 1 << 33)))
            cand = Ix("remui", Lin(start.c0 + b, start.c1), b)
        elif how == "select":
            other = self.draw_start(size, length, None)
            cand = Ix("select", start, self.draw(st.integers(1, 3)), other)
        elif how == "size" and self.results and not start.c1:
            v = self.draw(st.sampled_from(self.results))
            if v in self.visible and self.size[v].c0 >= start.c0 and not self.size[v].c1:
                cand = Ix("size", Lin(self.size[v].c0 - start.c0), v, self.size[v])
        if cand is not None and self.fits(cand, length, size):
            return cand
        return start

    def draw_short(self, length: Lin) -> int:
        """How many elements short of its length a write's end is spelled (usually 0)."""
        if self.classic or length.lo() < 2 or length.c1 or self.draw(st.integers(0, 3)) != 0:
            return 0
        return self.draw(st.integers(1, length.c0 - 1))

    def latest(self, chain: int) -> int | None:
        """The live, writable value of ``chain`` in this scope (what a body yields)."""
        found = [v for v in self.writable() if self.chain[v] == chain]
        return found[-1] if found else None

    def enter(self, consumes: list[int]) -> tuple:
        """Open a nested body: enclosing values become read-only except ``consumes``."""
        saved = (self.ops, list(self.live), set(self.frozen), set(self.visible), self.hints, self.results)
        self.ops = []
        self.frozen = self.frozen | (set(self.live) - set(consumes))
        self.visible = set(self.visible)
        self.hints = {c: [h for h in hs] for c, hs in self.hints.items()}
        self.results = []
        self.depth += 1
        return saved

    def leave(self, saved: tuple) -> list:
        body = self.ops
        self.ops, self.live, self.frozen, self.visible, self.hints, self.results = saved
        self.depth -= 1
        return body

    def add_loop(
        self, body: Callable[[list[int]], None] | None = None, glob: str | None = None, style: str | None = None
    ) -> None:
        """An ``scf.for`` (or ``cf`` / ``unsigned``) loop: trip count from ``step`` (often zero
        at step 0), sometimes a carried value, 0-3 body ops (nested loops included); ``body``
        builds a fixed body instead, ``glob`` reloads and stores that global in every iteration."""
        if self.depth >= 2:
            return
        if style is None:
            style = self.draw(st.sampled_from(("scf", "scf", "scf", "cf", "unsigned")))
        if style == "cf" and self.depth:
            style = "scf"
        trip = Lin(self.draw(st.integers(0, 2)), self.draw(st.sampled_from((1, 2, 1, 0))))
        lb = 0
        if style == "unsigned" or self.draw(st.integers(0, 4)) == 0:
            # 2^63 - 1: as signed bounds the loop is empty, as unsigned ones it runs (f12).
            lb = self.draw(st.sampled_from((0, 5, (1 << 63) - 1)))
        inits: list[int] = []
        if glob is None and (body is not None or self.draw(st.booleans())):  # a carried value
            v = self.pick(self.writable())
            if v is not None:
                inits.append(v)
        if body is not None and not inits and glob is None:
            return
        saved = self.enter(inits)
        args = [self.new_value(self.size[i], self.chain[i]) for i in inits]
        self.loops.append(For((), (), (), (), (), trip, lb, style))
        reloaded: list[int] = []
        if glob is not None:
            x = self.new_value(Lin(self._global_size(glob)), self._global_chain[glob])
            self.ops.append(GLoad(x, glob))
            reloaded.append(x)
        if body is not None:
            body(args or reloaded)
        else:
            for _ in range(self.draw(st.integers(0, 3))):
                self.add(self.draw(st.sampled_from(LOOP_KINDS)))
        yields = [self.latest(self.chain[a]) for a in args]
        if glob is not None:
            last = self.latest(self._global_chain[glob])
            if last is not None:
                self.consume(last)
                self.ops.append(GStore(last, glob))
        self.loops.pop()
        ops = self.leave(saved)
        if any(y is None for y in yields):
            return
        for i in inits:
            self.consume(i)
        outs = [self.new_value(self.size[i], self.chain[i]) for i in inits]
        self.ops.append(For(tuple(outs), tuple(inits), tuple(args), tuple(ops), tuple(yields), trip, lb, style))  # type: ignore[arg-type]

    def add_prefetch(self, glob: str | None = None, style: str | None = None) -> None:
        """The row loop of a cache: iteration ``i`` slices row ``i + d`` of the carried value,
        writes row ``i`` and reads the slice (before or after the write). Row ``i + d`` is
        written ``d`` iterations later, which nothing orders after the read."""
        r = self.draw(st.integers(1, 3))
        d = self.draw(st.sampled_from((4, 5, 1) if self.deep_prefetch else (0, 1, 2, 4, 5, 0)))
        order = self.draw(st.booleans())
        fill = self.draw(st.booleans())

        def body(args: list[int]) -> None:
            (a,) = args
            sl = self.new_value(Lin(r))
            self.ops.append(Slice(sl, a, Range(Lin(r * d, 0, r), Lin(r), self.draw(st.integers(0, 2)))))
            reads = [Sum(self.new_value(Lin(1)), sl, Range(Lin(0), Lin(r)))]
            upd = [v for v in self.live if self.size[v] == Lin(r) and v != sl]
            self.consume(a)
            out = self.new_value(self.size[a], self.chain[a])
            if fill or not upd:
                write = Fill(out, a, Range(Lin(0, 0, r), Lin(r)), self.unique(11))
            else:
                write = Update(out, self.draw(st.sampled_from(upd)), a, Lin(0, 0, r))
            self.ops.extend(reads + [write] if order else [write] + reads)

        self.add_loop(body, glob, style)

    def _global_size(self, name: str) -> int:
        return next(g.size for g in self.decls if g.name == name)

    def add_reload(self, how: str | None = None, style: str | None = None) -> None:
        """Store a global's current value and reload it later -- in the next iterations of a
        loop (the global written inside the loop) or right away."""
        if self.depth:
            return
        finals = Program(self.decls, tuple(self.ops)).global_finals()
        candidates = [(g, v) for g, v in finals.items() if v in self.writable()]
        if not candidates:
            return
        g, v = self.draw(st.sampled_from(candidates))
        self.consume(v)
        self.ops.append(GStore(v, g))
        self._global_chain[g] = self.chain[v]
        how = how or self.draw(st.sampled_from(("none", "loop", "rows")))
        if how == "loop":
            self.add_loop(glob=g, style=style)
        elif how == "rows":
            self.add_prefetch(glob=g, style=style)
        x = self.new_value(Lin(self._global_size(g)), self.chain[v])
        self.ops.append(GLoad(x, g))

    def add_branch(self, consume: int | None = None) -> None:
        """``scf.if`` / ``scf.index_switch`` / ``scf.execute_region``: each branch may write the
        consumed value in place (or yield it untouched, or a fresh value instead); the result
        carries whichever storage the taken branch yields."""
        if self.depth >= 2:
            return
        style = self.draw(st.sampled_from(("if", "switch", "exec")))
        cond, cases, n = 1, (), 1
        if style == "if":
            cond, n = self.draw(st.integers(1, 3)), 2
        elif style == "switch":
            cases = self.draw(st.sampled_from(((0,), (1,), (0, 2), (2, 0, 1), (3,))))
            n = len(cases) + 1
        consumes: list[int] = [consume] if consume is not None else []
        if consume is None and self.draw(st.integers(0, 3)) != 0:
            v = self.pick(self.writable())
            if v is not None:
                consumes.append(v)
        branches, yields = [], []
        for _ in range(n):
            saved = self.enter(consumes)
            for _ in range(self.draw(st.integers(0, 2))):
                self.add(self.draw(st.sampled_from(BRANCH_KINDS)))
            ys: list[int | None] = []
            for c in consumes:
                y = self.latest(self.chain[c])
                if self.chain[c] not in self.var_chains and (y is None or self.draw(st.integers(0, 3)) == 0):
                    y = self.new_value(self.size[c])
                    self.ops.append(Iota(y, self.size[c], self.unique(13) * 1000 + 7))
                ys.append(y)
            branches.append(tuple(self.leave(saved)))
            yields.append(tuple(ys))
        if any(y is None for ys in yields for y in ys):
            return
        for c in consumes:
            self.consume(c)
        outs = [self.new_value(self.size[c], self.chain[c]) for c in consumes]
        self.ops.append(Branch(tuple(outs), tuple(consumes), tuple(branches), tuple(yields), style, cond, cases))  # type: ignore[arg-type]

    def add_call(self, then_write: bool = False) -> None:
        """A call (see :class:`.program.Call` for the variants); often one that reuses an
        earlier call's callee. ``then_write``: then write the passed value in place over the
        bytes the callee read -- a fill (no dependence on the call's results) or an update of
        its result (a dependence)."""
        shared = [c for c in self.calls if c.share == 0]
        if shared and self.draw(st.integers(0, 2)) == 0:
            c = self.draw(st.sampled_from(shared))
            arg = self.pick(self.writable() if c.scale_range is not None else None)
            if arg is None:
                return
            read, scale = c.slice_range or c.sum_range, c.scale_range
            via_slice, late, forward, public, share = (c.slice_range is not None, c.late, c.forward, c.public, 0)
        else:
            arg = self.pick()
            if arg is None:
                return
            read = self.draw_range(arg)
            scale = self.draw_range(arg) if arg in self.writable() and self.draw(st.booleans()) else None
            if read is None:
                return
            via_slice = self.draw(st.booleans())
            late = self.draw(st.integers(0, 4)) == 0
            forward = self.draw(st.integers(0, 4)) == 0
            public = self.draw(st.integers(0, 9)) == 0
            share = 0 if self.draw(st.booleans()) else -1
        out = None
        if scale is not None:
            self.consume(arg)
            out = self.new_value(self.size[arg], self.chain[arg])
            self.note(arg, scale)
        result = self.new_value(Lin(1))
        call = Call(
            out,
            result,
            arg,
            read if via_slice else None,
            None if via_slice else read,
            scale,
            late,
            forward,
            public,
            share,
        )
        self.ops.append(call)
        self.calls.append(call)
        self.read.add(arg)
        self.note(arg, read)
        if not self.depth:
            self.results.append(result)
        if then_write and scale is None and arg in self.writable() and isinstance(read.start, Lin):
            self.consume(arg)
            w = self.new_value(self.size[arg], self.chain[arg])
            if self.draw(st.booleans()):
                self.ops.append(Fill(w, arg, Range(read.start, Lin(1)), self.unique(17)))
            else:
                self.ops.append(Update(w, result, arg, read.start))

    def _slice_of_writable(self) -> tuple[int, int, Range] | None:
        """A slice of a writable value: (source, slice, range)."""
        src = self.pick(self.writable())
        if src is None:
            return None
        r = self.draw_range(src)
        if r is None:
            return None
        out = self.new_value(r.length)
        if self.chain[src] in self.var_chains:
            self.var_chains.add(self.chain[out])
        self.ops.append(Slice(out, src, r))
        self.read.add(src)
        self.note(src, r)
        return src, out, r

    def _write_over(self, src: int, r: Range, upd: int | None = None, start: Index | None = None) -> int:
        """Write ``src`` in place at ``start`` (default: a start drawn next to ``r``): an update
        of ``upd`` when given (a dependence on it), else a fill. Returns the new version."""
        n = self.size[upd] if upd is not None else Lin(self.draw(st.integers(1, 2)))
        if start is None:
            start = self.draw_start(self.size[src], n, self.chain[src])
        self.consume(src)
        out = self.new_value(self.size[src], self.chain[src])
        if upd is not None:
            self.ops.append(Update(out, upd, src, start))
        else:
            self.ops.append(Fill(out, src, Range(start, n), self.unique(19)))
        return out

    def add_layers_read(self) -> None:
        """A loop over "layers" reading a live value (often a global's) into a carried sum, then
        that value written in place after the loop over bytes the loop may read: IREE carries a
        timepoint through the loop, and the schedule check follows it by induction
        (``handpicked.LAYERS_READ_THEN_ROW_WRITTEN``)."""
        if self.depth:
            return
        x = self.pick(self.writable())
        if x is None:
            return
        r = self.draw_range(x)
        if r is None or not isinstance(r.start, Lin):
            return
        trip = Lin(self.draw(st.integers(1, 3)), self.draw(st.sampled_from((0, 0, 1))))
        acc = self.new_value(r.length)
        self.ops.append(Iota(acc, r.length, self.unique(67)))
        saved = self.enter([acc])
        arg = self.new_value(r.length, self.chain[acc])
        self.loops.append(For((), (), (), (), (), trip))
        mixed = self.new_value(r.length, self.chain[acc])
        self.ops.append(Mix(mixed, arg, Range(Lin(0), r.length), x, r.start))
        self.loops.pop()
        body = self.leave(saved)
        self.consume(acc)
        out = self.new_value(r.length, self.chain[acc])
        self.ops.append(For((out,), (acc,), (arg,), tuple(body), (mixed,), trip))
        n = Lin(self.draw(st.integers(1, 2)))
        near = (r.start + n).fits_in(self.size[x]) and self.draw(st.booleans())
        start = r.start if near else self.draw_start(self.size[x], n, self.chain[x])
        self.consume(x)
        written = self.new_value(self.size[x], self.chain[x])
        if self.draw(st.booleans()):
            self.ops.append(Fill(written, x, Range(start, n), self.unique(71)))
        else:
            self.ops.append(Scale(written, x, Range(start, n)))
        self.read.update((x, out))

    def add_boundary(self) -> None:
        """A loop whose trip count is zero at step 0 (empty, or with a range only valid when it
        runs), next to a slice and an in-place write of its source that overlap only at step 0:
        loop facts (bounds, in-bounds) that leak out of the loop prove them disjoint (the
        loop-bound cause of the soundness issue, finding f01)."""
        if self.depth:
            return
        got = self._slice_of_writable()
        if got is None:
            return
        src, sl, r = got
        if not isinstance(r.start, Lin) or r.length.c1:
            return
        trip = Lin(0, self.draw(st.sampled_from((1, 2))))
        from_arg = self.draw(st.booleans()) and self.n_arg in (None, trip)
        if from_arg:
            self.n_arg = trip  # the trip count comes in as %n: the analysis cannot tie it to step
        saved = self.enter([])
        self.loops.append(For((), (), (), (), (), trip))
        if self.draw(st.booleans()):
            other = self.pick()
            if other is not None:
                lr = self.loop_only_range(other, force=True) or self.draw_range(other)
                if lr is not None:
                    self.ops.append(Slice(self.new_value(lr.length), other, lr))
        self.loops.pop()
        body = self.leave(saved)
        style = "scf" if from_arg else self.draw(st.sampled_from(("scf", "scf", "cf")))
        loop = For((), (), (), tuple(body), (), trip, 0, style, from_arg)
        n = Lin(self.draw(st.integers(1, 2)))
        how = self.draw(st.sampled_from(("start", "end")))
        start = Lin(r.start.c0, r.start.c1 + r.length.c0) if how == "start" else Lin(r.end.c0 - 1, r.end.c1 + 1)  # type: ignore[union-attr]
        where = self.draw(st.integers(0, 2))
        if where == 0:
            self.ops.append(loop)
        upd = self.pick([v for v in self.live if self.size[v] == n and v not in (src, sl)])
        self._write_over(src, r, upd, start)
        if where == 1:
            self.ops.append(loop)
        self.ops.append(Sum(self.new_value(Lin(1)), sl, Range(Lin(0), r.length)))
        if where == 2:
            self.ops.append(loop)

    def add_spelled_write(self) -> None:
        """A slice, then an in-place write of its source next to it whose offset is spelled
        through index ops (``util.align`` with odd alignments, ...: finding f05) or whose end
        is spelled short of its length (finding f11), then a read of the slice."""
        got = self._slice_of_writable()
        if got is None:
            return
        src, sl, r = got
        how = self.draw(st.sampled_from(("update", "fill", "copy")))
        n = Lin(self.draw(st.integers(1, 4)))
        start = self.draw_start(self.size[src], n, self.chain[src])
        start = self.maybe_spelled(start, n, self.size[src], force=self.draw(st.booleans()))
        short = self.draw_short(n)
        if how == "copy":
            other = self.pick([v for v in self.live if v not in (src, sl) and n.fits_in(self.size[v])])
            if other is None:
                return
            self.consume(src)
            out = self.new_value(self.size[src], self.chain[src])
            self.ops.append(Copy(out, other, Range(Lin(0), n), src, start, short))
        elif how == "update":
            upd = self.pick([v for v in self.live if v not in (src, sl) and self.size[v] == n])
            if upd is None:
                upd = self.new_value(n)
                self.ops.append(Iota(upd, n, self.unique(23) * 1000 + 7))
            self.consume(src)
            out = self.new_value(self.size[src], self.chain[src])
            self.ops.append(Update(out, upd, src, start, 0, short))
        else:
            self.consume(src)
            out = self.new_value(self.size[src], self.chain[src])
            self.ops.append(Fill(out, src, Range(start, n), self.unique(29)))
        self.ops.append(Sum(self.new_value(Lin(1)), sl, Range(Lin(0), r.length)))

    def add_slice_call(self) -> None:
        """An alias handed to a call (late, forwarding, shared ... callee), then the slice's
        source written in place, after or without a dependence on the call's result
        (finding f06: late reads lost through a forwarding call). Half the time the source
        is written in place *before* the call instead, next to the slice (disjoint or not): the
        call then needs the alias as a value after its source was consumed, which only a
        subview of the storage's live version can give (issue 10, item 3)."""
        got = self._slice_of_writable()
        if got is None:
            return
        src, sl, r = got
        write_first = self.draw(st.integers(0, 1)) == 0
        if write_first:
            self._write_over(src, r)
        result = self.new_value(Lin(1))
        read = Range(Lin(0), r.length)
        late = self.draw(st.booleans())
        forward = self.draw(st.booleans())
        via_slice = self.draw(st.booleans())
        call = Call(
            None,
            result,
            sl,
            read if via_slice else None,
            None if via_slice else read,
            None,
            late,
            forward,
            False,
            0 if self.draw(st.booleans()) else -1,
        )
        self.ops.append(call)
        self.calls.append(call)
        if self.draw(st.booleans()):
            self.live.remove(sl)
            self.ops.append(Discard(sl))
        if not write_first:
            self._write_over(src, r, result if self.draw(st.booleans()) else None)

    def add_region_then_write(self) -> None:
        """A slice, then a region op (index_switch, execute_region, if) that consumes the
        slice's source and yields it (written or not) or a fresh value, then an in-place write
        of the region's result and a read of the slice (finding f10)."""
        got = self._slice_of_writable()
        if got is None:
            return
        src, sl, r = got
        before = len(self.ops)
        self.add_branch(consume=src)
        if len(self.ops) == before or not isinstance(self.ops[-1], Branch):
            return
        (out,) = self.ops[-1].outs or (None,)
        if out is None:
            return
        self._write_over(out, r)
        self.ops.append(Sum(self.new_value(Lin(1)), sl, Range(Lin(0), r.length)))

    def add_size_write(self) -> None:
        """A slice read by a dispatch, then its source written at an offset computed from
        ``stream.resource.size`` of the read's result: an index that orders nothing
        (finding f08)."""
        if self.depth:
            return
        got = self._slice_of_writable()
        if got is None:
            return
        src, sl, r = got
        res = self.new_value(Lin(1))
        self.ops.append(Sum(res, sl, Range(Lin(0), r.length)))
        self.live.remove(sl)  # no export: the dispatch is the alias' only read
        self.ops.append(Discard(sl))
        n = Lin(1)
        start = self.draw_start(self.size[src], n, self.chain[src])
        if isinstance(start, Lin):
            # size(res) - 1 + start: the value of start, spelled through the read's result.
            start = Ix("add", Ix("size", Lin(1), res, Lin(1)), 0, start)
        upd = self.pick([v for v in self.live if self.size[v] == n and v not in (src, sl, res)])
        self._write_over(src, r, upd, start)

    # -- storage IREE merges, calls that are globals --------------------------------------
    def _held_globals(self) -> list[tuple[str, int]]:
        """(global, the writable value holding it) at the top level."""
        if self.depth:
            return []
        finals = Program(self.decls, tuple(self.ops)).global_finals()
        return [(g, v) for g, v in finals.items() if v in self.writable()]

    def _release(self, g: str, v: int) -> None:
        """Store ``v``, which holds ``g``, back: the global is free (a call may load it)."""
        self.consume(v)
        self.ops.append(GStore(v, g))
        self._global_chain[g] = self.chain[v]

    def _reload(self, g: str) -> int:
        x = self.new_value(Lin(self._global_size(g)), self._global_chain[g])
        self.ops.append(GLoad(x, g))
        self.var_chains.add(self.chain[x])
        return x

    def _race(self, read_from: int, write: int) -> None:
        """Slice ``read_from``, write ``write`` in place next to (or over) the slice's range,
        read the slice: the write reaches the slice's bytes only if IREE made the two values
        one buffer, which value semantics says they are not."""
        r = self.draw_range(read_from)
        if r is None:
            return
        sl = self.new_value(r.length)
        if self.chain[read_from] in self.var_chains:
            self.var_chains.add(self.chain[sl])
        self.ops.append(Slice(sl, read_from, r))
        self.read.add(read_from)
        self.note(write, r)
        self._write_over(write, r)
        self.ops.append(Sum(self.new_value(Lin(1)), sl, Range(Lin(0), r.length)))

    def add_twin(self) -> None:
        """Two values of equal contents, one read through a slice while the other is written
        in place: twin globals (``GlobalDecl.twin``) when the program has them, else a second
        ``iota`` identical to an earlier one. IREE merges such producers into one buffer after
        the splice (third review, finding 06)."""
        held = dict((g, v) for g, v in self._held_globals())
        twins = [(g.twin, g.name) for g in self.decls if g.twin and g.twin in held and g.name in held]
        if twins:
            a, b = self.draw(st.sampled_from(twins))
            pair = (held[a], held[b]) if self.draw(st.booleans()) else (held[b], held[a])
            self._race(*pair)
            return
        iotas = [op for op in self.ops if isinstance(op, Iota) and op.out in self.writable()]
        if not iotas:
            return
        first = self.draw(st.sampled_from(iotas))
        twin = self.new_value(first.size)
        self.ops.append(Iota(twin, first.size, first.base))
        pair = (first.out, twin) if self.draw(st.booleans()) else (twin, first.out)
        self._race(*pair)

    def add_global_call(self) -> None:
        """A call that returns a global's buffer (or a reload), sliced; the global stored back;
        a call that writes the global; the slice read after it (third review, finding 01)."""
        held = self._held_globals()
        if not held:
            return
        g, v = self.draw(st.sampled_from(held))
        self._release(g, v)
        x = self.new_value(Lin(self._global_size(g)), self._global_chain[g])
        self.ops.append(GetGlobal(x, g) if self.draw(st.integers(0, 3)) else GLoad(x, g))
        self.var_chains.add(self.chain[x])
        r = self.draw_range(x)
        if r is None:
            return
        sl = self.new_value(r.length)
        self.var_chains.add(self.chain[sl])
        self.ops.append(Slice(sl, x, r))
        self.read.add(x)
        self.note(x, r)
        self._release(g, x)
        n = Lin(self.draw(st.integers(1, 2)))
        start = self.draw_start(Lin(self._global_size(g)), n, self._global_chain[g])
        self.ops.append(SetGlobal(g, Range(start, n), self.unique(23)))
        self.ops.append(Sum(self.new_value(Lin(1)), sl, Range(Lin(0), r.length)))
        self._reload(g)

    def add_global_callee(self) -> None:
        """A global's buffer (reloaded or returned by a call) passed to a callee that slices it,
        calls a setter of that global, then reads the slice (third review, finding 02)."""
        held = self._held_globals()
        if not held:
            return
        g, v = self.draw(st.sampled_from(held))
        self._release(g, v)
        x = self.new_value(Lin(self._global_size(g)), self._global_chain[g])
        self.ops.append(GetGlobal(x, g) if self.draw(st.booleans()) else GLoad(x, g))
        read = self.draw_range(x)
        if read is None:
            return
        n = Lin(self.draw(st.integers(1, 2)))
        start = self.draw_start(Lin(self._global_size(g)), n, self.chain[x])
        result = self.new_value(Lin(1))
        via_slice = self.draw(st.integers(0, 3)) != 0
        call = Call(
            None,
            result,
            x,
            read if via_slice else None,
            None if via_slice else read,
            None,
            late=self.draw(st.integers(0, 3)) == 0,
            forward=self.draw(st.integers(0, 3)) == 0,
            set_global=g,
            set_range=Range(start, n),
            set_value=self.unique(29),
        )
        self.consume(x)
        self.ops.append(call)
        self.calls.append(call)
        self.results.append(result)
        self._reload(g)

    def add_import(self) -> None:
        """The host passes back the buffer the call before exported as a held global's
        (:class:`.program.Import`): the import is sliced right after the loads, before any write
        of a global (and discarded); the global is then written over the slice's bytes -- in
        place on the value holding it (a scale or a fill), through a setter call, a scale or
        fill of a reload, or a callee given a reload that calls a setter -- and the slice read
        after the write (by a ``mix`` with the written value where there is one: a dependence).
        The global is held at the end (its buffer is what the host passes back)."""
        if self.depth or any(d.twin for d in self.decls):
            return
        imported = {op.glob for op in self.ops if isinstance(op, Import)}
        held = [(g, v) for g, v in self._held_globals() if g not in imported]
        if not held:
            return
        g, v = self.draw(st.sampled_from(held))
        size = Lin(self._global_size(g))
        x = self.new_value(size, self.chain[v])
        self.live.remove(x)  # only its slice reads it
        r = self.draw_range(x)
        if r is None:
            return
        sl = self.new_value(r.length)
        at = next(i for i, op in enumerate(self.ops + [None]) if not isinstance(op, Load))
        self.ops[at:at] = [Import(x, g), Slice(sl, x, r), Discard(x)]
        self.read.add(x)
        self.note(x, r)
        how = self.draw(st.sampled_from(("scale", "fill", "scale", "global", "callee")))
        if how in ("scale", "fill"):
            n = Lin(self.draw(st.integers(1, 2)))
            near = isinstance(r.start, Lin) and (r.start + n).fits_in(size)
            start = r.start if near and self.draw(st.booleans()) else self.draw_start(size, n, self.chain[v])
            self.consume(v)
            written = self.new_value(size, self.chain[v])
            if how == "scale":
                self.ops.append(Scale(written, v, Range(start, n)))
            else:
                self.ops.append(Fill(written, v, Range(start, n), self.unique(43)))
            self.ops.append(Mix(self.new_value(r.length), sl, Range(Lin(0), r.length), written, Lin(0)))
            self.read.update((sl, written))
            return
        self._release(g, v)
        if how == "global":
            self._write_global(g, r, then_read=sl)
        else:
            y = self._reload(g)
            read = self.draw_range(y)
            if read is None:
                return
            n = Lin(self.draw(st.integers(1, 2)))
            start = self.draw_start(size, n, self.chain[y])
            result = self.new_value(Lin(1))
            call = Call(
                None,
                result,
                y,
                None,
                read,
                None,
                forward=self.draw(st.integers(0, 3)) == 0,
                set_global=g,
                set_range=Range(start, n),
                set_value=self.unique(47),
            )
            self.consume(y)
            self.ops.append(call)
            self.calls.append(call)
            self.results.append(result)
            self.ops.append(Sum(self.new_value(Lin(1)), sl, Range(Lin(0), r.length)))
            self.read.add(sl)
        self._reload(g)

    def add_input(self) -> None:
        """An array the caller passes (:class:`.program.Input`), kept or given over, at the top
        level; often sliced and then written in place at once (the read before the write that
        makes the caller's old contents observable in the program too)."""
        if self.depth:
            return
        size = self.draw(st.integers(2, 16))
        x = self.new_value(Lin(size))
        self.ops.append(Input(x, size, self.unique(13) * 1000 + 11, self.draw(st.integers(0, 2)) == 0))
        how = self.draw(st.sampled_from(("slice-then-fill", "fill", "scale", "none")))
        if how == "none":
            return
        if how == "slice-then-fill":
            r = self.draw_range(x)
            if r is None:
                return
            self.ops.append(Slice(self.new_value(r.length), x, r))
            self.read.add(x)
            self.note(x, r)
        r = self.draw_range(x)
        if r is None:
            return
        self.consume(x)
        out = self.new_value(Lin(size), self.chain[x])
        self.ops.append(Scale(out, x, r) if how == "scale" else Fill(out, x, r, self.unique(17)))
        self.note(x, r)

    def add_fold_twin(self) -> None:
        """A slice of a value from offset 0; a ``mix`` of the value, then the same ``mix``
        through the slice: identical once the rewrite folds the alias into it, and IREE merges
        identical producers after the splice. The second is written in place, the first read
        after it (review of the third round's fixes, case 05)."""
        a = self.pick()
        b = self.pick()
        if a is None or b is None:
            return
        r = self.draw_range(a, (self.size[b],))
        if r is None or not isinstance(r.start, Lin) or r.start.ci or r.length.ci:
            return
        sl = self.new_value(r.start + r.length)
        if self.chain[a] in self.var_chains:
            self.var_chains.add(self.chain[sl])
        self.ops.append(Slice(sl, a, Range(Lin(0), r.start + r.length)))
        b_start = self.draw_start(self.size[b], r.length, self.chain[b])
        first, second = self.new_value(r.length), self.new_value(r.length)
        self.ops.append(Mix(first, a, r, b, b_start))
        self.ops.append(Mix(second, sl, Range(r.start, r.length, r.form), b, b_start))
        self.read.update((a, b, sl))
        filled = self._write_over(second, Range(Lin(0), r.length))
        self.ops.append(Mix(self.new_value(r.length), first, Range(Lin(0), r.length), filled, Lin(0)))

    def add_store_twice(self) -> None:
        """One value stored to two globals of one size (IREE makes them one buffer), both
        reloaded, one read through a slice while the other is written in place."""
        held = self._held_globals()
        pairs = [
            (a, b) for a in held for b in held if a[0] != b[0] and self._global_size(a[0]) == self._global_size(b[0])
        ]
        if not pairs:
            return
        (g1, v1), (g2, v2) = self.draw(st.sampled_from(pairs))
        if any(
            isinstance(op, SetGlobal) and op.glob == g1 or isinstance(op, Call) and op.set_global == g1
            for op in self.ops
        ):
            # Its buffer, reloaded after a call stored it: no copy of it can run on IREE 3.13,
            # and the rewrite refuses the repair (tests/e2e/test_shared_globals.py).
            return
        self._release(g2, v2)
        self.consume(v1)
        via = self.draw(st.sampled_from(["", "setter", "getter"]))
        if via == "setter" and self.setter_twice and self.draw(st.integers(0, self.setter_twice - 1)) == 0:
            # One setter of both globals given the value twice (review 4, finding 03; a draw of
            # its own: only where asked, the default profile stays as it is).
            via = "setter2"
        self.ops.append(GStore(v1, g1, g2, via))
        self._global_chain[g1] = self.chain[v1]
        x1, x2 = self._reload(g1), self._reload(g2)
        self._race(*((x1, x2) if self.draw(st.booleans()) else (x2, x1)))

    def _whole_copy(self, src: int) -> int:
        """A copy of the whole of ``src`` into a fresh splat of its size and type (top level)."""
        lifetime = Program(self.decls, tuple(self.ops)).value_info()[src].lifetime
        target = self.new_value(self.size[src])
        self.ops.append(Splat(target, self.size[src], self.unique(31), lifetime))
        if lifetime == "variable":
            self.var_chains.add(self.chain[target])
        self.consume(target)
        out = self.new_value(self.size[src], self.chain[target])
        self.ops.append(Copy(out, src, Range(Lin(0), self.size[src]), target, Lin(0)))
        self.read.add(src)
        return out

    def add_whole_copy(self) -> None:
        """A copy of a whole value into a fresh splat of its size and type, which IREE folds into
        the value copied after the splice (review 4, finding 06): a global's value and its whole
        copy stored to two globals of one size (IREE makes them share a buffer), both reloaded,
        one read through a slice while the other is written in place; or a slice of a value,
        then the whole copy of the value written in place next to (or over) the slice, and the
        slice read. The value copied is used no more there (stock IREE's build would write it)."""
        held = self._held_globals()
        pairs = [
            (a, b) for a in held for b in held if a[0] != b[0] and self._global_size(a[0]) == self._global_size(b[0])
        ]
        if pairs and self.draw(st.integers(0, 3)) != 0:
            (g1, v1), (g2, v2) = self.draw(st.sampled_from(pairs))
            if any(
                isinstance(op, SetGlobal) and op.glob == g1 or isinstance(op, Call) and op.set_global == g1
                for op in self.ops
            ) or any(
                isinstance(x, GStore) and g1 in (x.glob, x.also)
                for op in self.ops
                for body in op.bodies()
                for x in walk(body)
            ):
                # Its buffer, reloaded after a call or a loop stored it: the rewrite cannot copy it
                # (IREE 3.13 cannot run a copy of it) and refuses the repair.
                return
            copy = self._whole_copy(v1)
            self._release(g2, v2)
            self._release(g1, v1)
            self._release(g2, copy)
            x1, x2 = self._reload(g1), self._reload(g2)
            self._race(*((x1, x2) if self.draw(st.booleans()) else (x2, x1)))
            return
        if self.depth:
            return
        holders = set(Program(self.decls, tuple(self.ops)).global_finals().values())
        src = self.pick([v for v in self.live if v not in holders])
        if src is None:
            return
        r = self.draw_range(src)
        if r is None:
            return
        sl = self.new_value(r.length)
        if self.chain[src] in self.var_chains:
            self.var_chains.add(self.chain[sl])
        self.ops.append(Slice(sl, src, r))
        self.read.add(src)
        out = self._whole_copy(src)
        self.live.remove(src)
        self.ops.append(Discard(src))
        self.note(out, r)
        self._write_over(out, r)
        self.ops.append(Sum(self.new_value(Lin(1)), sl, Range(Lin(0), r.length)))

    def add_branch_twin(self) -> None:
        """A slice of a global's value, a branch whose every arm yields that value untouched, and
        the same slice of the branch's result, stored to two globals of one size: IREE folds the
        branch into the value after the splice and merges the two slices, so the globals share a
        buffer (the merge model's closed world, ``merges._one_of``). Before the stores, the two
        globals' values (the step before's slices) race: one read through a slice while the other
        is written in place."""
        held = dict(self._held_globals())
        size = {g.name: g.size for g in self.decls}
        triples = [
            (g, h1, h2)
            for g in held
            for h1 in held
            for h2 in held
            if len({g, h1, h2}) == 3 and h1 < h2 and size[h1] == size[h2] < size[g]
        ]
        if not triples:
            return
        g, h1, h2 = self.draw(st.sampled_from(triples))
        if self.draw(st.booleans()):
            h1, h2 = h2, h1
        x1, x2 = held[h1], held[h2]
        self._race(*((x1, x2) if self.draw(st.booleans()) else (x2, x1)))
        v, n = held[g], Lin(size[h1])
        r = Range(Lin(self.draw(st.integers(0, size[g] - size[h1]))), n)
        style = self.draw(st.sampled_from(("if", "switch", "exec")))
        cond, cases, arms = 1, (), 1
        if style == "if":
            cond, arms = self.draw(st.integers(1, 3)), 2
        elif style == "switch":
            cases = self.draw(st.sampled_from(((0,), (1,), (0, 2), (2, 0, 1), (3,))))
            arms = len(cases) + 1
        first = self.new_value(n)
        self.var_chains.add(self.chain[first])
        self.ops.append(Slice(first, v, r))
        self.consume(v)
        b = self.new_value(self.size[v], self.chain[v])
        self.ops.append(Branch((b,), (v,), ((),) * arms, ((v,),) * arms, style, cond, cases))  # type: ignore[arg-type]
        second = self.new_value(n)
        self.var_chains.add(self.chain[second])
        self.ops.append(Slice(second, b, r))
        self.read.update((v, b))
        for value, glob in ((first, h1), (second, h2)):
            self.consume(value)
            self.ops.append(GStore(value, glob))
            self._global_chain[glob] = self.chain[value]

    def _draw_two_way_branch(self) -> tuple[str, int, tuple[int, ...], int]:
        """An ``scf.if`` (twice as often) or an ``scf.index_switch`` to choose between values:
        its style, condition, cases and number of arms."""
        style = self.draw(st.sampled_from(("if", "if", "switch")))
        if style == "if":
            return style, self.draw(st.integers(1, 3)), (), 2
        cases = self.draw(st.sampled_from(((0,), (1,), (0, 2), (2, 0, 1), (3,))))
        return style, 1, cases, len(cases) + 1

    def add_global_choice(self) -> None:
        """Double buffering (review 4, finding 04): two globals of one size stored back, a branch
        whose arms reload one each and yield it, and a slice of its result, which may be either
        global's buffer. Then writes of either global: a scale or fill of a reload (read with the
        slice by a mix: ordered before its read) or a setter call, and sometimes one more after
        the slice's last read; both globals reloaded at the end. A write of the global the taken
        arm reloads writes the slice's source."""
        held = dict(self._held_globals())
        decls = {d.name: d for d in self.decls}
        pairs = [
            (a, b)
            for a in held
            for b in held
            if a < b and decls[a].size == decls[b].size and decls[b].twin != a and decls[a].twin != b
        ]
        if not pairs:
            return
        a, b = self.draw(st.sampled_from(pairs))
        if self.draw(st.booleans()):
            a, b = b, a
        for g in (a, b):
            self._release(g, held[g])
        size = Lin(decls[a].size)
        style, cond, cases, arms = self._draw_two_way_branch()
        branches, yields = [], []
        for i in range(arms):
            saved = self.enter([])
            g = (a, b)[i % 2]
            x = self.new_value(size, self._global_chain[g])
            self.ops.append(GLoad(x, g))
            branches.append(tuple(self.leave(saved)))
            yields.append((x,))
        chosen = self.new_value(size)
        self.var_chains.add(self.chain[chosen])
        self.ops.append(Branch((chosen,), (), tuple(branches), tuple(yields), style, cond, cases))  # type: ignore[arg-type]
        r = self.draw_range(chosen)
        if r is None:
            return
        sl = self.new_value(r.length)
        self.var_chains.add(self.chain[sl])
        self.ops.append(Slice(sl, chosen, r))
        self.read.add(chosen)
        self.live.remove(chosen)
        self.ops.append(Discard(chosen))
        self._write_global(self.draw(st.sampled_from((a, b))), r, sl)
        if self.draw(st.booleans()):
            self.live.remove(sl)
            self.ops.append(Discard(sl))
            self._write_global(self.draw(st.sampled_from((a, b))), r)
        for g in (a, b):
            self._reload(g)

    def add_global_or_value(self) -> None:
        """A reload of a global and a fresh value of its size, a branch whose arms yield one or
        the other untouched, then an in-place write of its result and a read of the reload; or,
        with another global of its size, the result stored to that one, the first global written
        and the second read. IREE folds such a branch into an ``arith.select`` of the two
        buffers: the write may write the global's buffer, which the reload still names (stream
        seed 7074: the check must follow a select as it follows a branch); the store may give
        the second global the first's buffer (review 17: the shared-globals repair must too)."""
        held = dict(self._held_globals())
        if not held:
            return
        g = self.draw(st.sampled_from(sorted(held)))
        others = [h for h in sorted(held) if h != g and self._global_size(h) == self._global_size(g)]
        second = self.draw(st.sampled_from(others)) if others and self.draw(st.booleans()) else None
        self._release(g, held[g])
        if second is not None:
            self._release(second, held[second])
        x = self._reload(g)
        size = Lin(self._global_size(g))
        v = self.new_value(size)
        self.ops.append(Mix(v, x, Range(Lin(0), size), x, Lin(0), "variable"))
        style, cond, cases, arms = self._draw_two_way_branch()
        first = self.draw(st.integers(0, 1))
        yields = tuple(((x,) if (i + first) % 2 == 0 else (v,)) for i in range(arms))
        self.consume(v)
        b = self.new_value(size)
        self.var_chains.add(self.chain[b])
        self.ops.append(Branch((b,), (v,), ((),) * arms, yields, style, cond, cases))  # type: ignore[arg-type]
        r = self.draw_range(b)
        if r is None:
            return
        if second is not None:
            self._release(second, b)
            self._release(g, x)
            self._write_global(g, r)
            y = self._reload(second)
            self.ops.append(Sum(self.new_value(Lin(1)), y, Range(Lin(0), size)))
            self.read.add(y)
            return
        self.consume(b)
        written = self.new_value(size, self.chain[b])
        self.ops.append(Fill(written, b, r, self.unique(41)))
        self.read.add(x)
        self.ops.append(Sum(self.new_value(Lin(1)), x, Range(Lin(0), size)))

    def _write_global(self, g: str, near: Range, then_read: int | None = None) -> None:
        """Write global ``g`` next to (or over) ``near``: a setter call, or a scale or fill of a
        reload stored back. ``then_read``: read that slice after the write (a mix with the written
        value when there is one: a dependence, so IREE cannot run the read first)."""
        n = Lin(self.draw(st.integers(1, 2)))
        size = Lin(self._global_size(g))
        start = near.start if isinstance(near.start, Lin) and (near.start + n).fits_in(size) else Lin(0)
        if self.draw(st.booleans()):
            start = self.draw_start(size, n, None)
        how = self.draw(st.sampled_from(("scale", "fill", "setter")))
        written = None
        if how == "setter":
            self.ops.append(SetGlobal(g, Range(start, n), self.unique(29)))
        else:
            x = self._reload(g)
            self.consume(x)
            written = self.new_value(size, self.chain[x])
            if how == "scale":
                self.ops.append(Scale(written, x, Range(start, n)))
            else:
                self.ops.append(Fill(written, x, Range(start, n), self.unique(31)))
        if then_read is not None:
            length = self.size[then_read]
            if written is not None and length.fits_in(size):
                self.ops.append(Mix(self.new_value(length), then_read, Range(Lin(0), length), written, Lin(0)))
                self.read.add(written)
            else:
                self.ops.append(Sum(self.new_value(Lin(1)), then_read, Range(Lin(0), length)))
        if written is not None:
            self._release(g, written)

    def add_elided_fill_twin(self) -> None:
        """A splat written over the whole of a fresh ``iota`` (an update, or a copy of the whole
        splat), which IREE makes a splat whatever the target held; a ``mix`` of it; a fill of it
        with the splat's own value, short of its whole, which IREE then elides; the same ``mix``
        of the fill; the two mixes stored to two globals of one size. After the splice IREE's
        CSE merges the mixes, so the globals share a buffer (the merge model's
        ``merges._may_be_splat``; ``tests/regressions/soundness/p1_*``). Before the stores, the
        two globals' values (the step before's mixes) race: one read through a slice while the
        other is written in place."""
        held = dict(self._held_globals())
        size = {g.name: g.size for g in self.decls}
        pairs = [(h1, h2) for h1 in held for h2 in held if h1 < h2 and size[h1] == size[h2]]
        if not pairs:
            return
        h1, h2 = self.draw(st.sampled_from(pairs))
        if self.draw(st.booleans()):
            h1, h2 = h2, h1
        x1, x2 = held[h1], held[h2]
        self._race(*((x1, x2) if self.draw(st.booleans()) else (x2, x1)))
        n = size[h1]
        whole = Lin(n + self.draw(st.integers(0, 4)))
        value = self.unique(37)
        splat = self.new_value(whole)
        lifetime = self.draw(st.sampled_from(("transient", "variable")))
        self.ops.append(Splat(splat, whole, value, lifetime))
        target = self.new_value(whole)
        self.ops.append(Iota(target, whole, self.unique(41) * 1000 + 7))
        self.consume(target)
        made = self.new_value(whole, self.chain[target])
        if self.draw(st.booleans()):
            self.ops.append(Update(made, splat, target, Lin(0)))
        else:
            self.ops.append(Copy(made, splat, Range(Lin(0), whole), target, Lin(0)))
        r = Range(Lin(self.draw(st.integers(0, whole.c0 - n))), Lin(n))
        b_start = Lin(self.draw(st.integers(0, whole.c0 - n)))
        first = self.new_value(Lin(n))
        self.var_chains.add(self.chain[first])
        self.ops.append(Mix(first, made, r, made, b_start, "variable"))
        length = self.draw(st.integers(1, whole.c0 - 1))
        self.consume(made)
        filled = self.new_value(whole, self.chain[made])
        self.ops.append(
            Fill(filled, made, Range(Lin(self.draw(st.integers(0, whole.c0 - length))), Lin(length)), value)
        )
        second = self.new_value(Lin(n))
        self.var_chains.add(self.chain[second])
        self.ops.append(Mix(second, filled, r, filled, b_start, "variable"))
        self.read.update((splat, made, filled))
        for v, glob in ((first, h1), (second, h2)):
            self.consume(v)
            self.ops.append(GStore(v, glob))
            self._global_chain[glob] = self.chain[v]

    # -- transactions (top level) ----------------------------------------------------------
    def snapshot(self) -> tuple:
        return (
            list(self.ops),
            dict(self.size),
            dict(self.chain),
            list(self.live),
            set(self.read),
            {c: list(h) for c, h in self.hints.items()},
            self._next,
            self._chains,
            set(self.visible),
            list(self.calls),
            list(self.results),
            set(self.var_chains),
            dict(self._global_chain),
            self.n_arg,
        )

    def restore(self, snap: tuple) -> None:
        (
            self.ops,
            self.size,
            self.chain,
            self.live,
            self.read,
            self.hints,
            self._next,
            self._chains,
            self.visible,
            self.calls,
            self.results,
            self.var_chains,
            self._global_chain,
            self.n_arg,
        ) = snap

    def program(self, **flags) -> Program:
        return Program(self.decls, tuple(self.ops), self.assume_max, n_arg=self.n_arg, **flags)

    # -- ops -------------------------------------------------------------------------------
    def add(self, kind: str) -> None:  # noqa: C901 - one branch per op kind
        if kind == "slice":
            src = self.pick()
            if src is None:
                return
            r = self.loop_only_range(src) or self.draw_range(src)
            if r is None:
                return
            r = self.ivify(r, self.size[src])
            r = dataclasses.replace(r, start=self.maybe_spelled(r.start, r.length, self.size[src]))
            out = self.new_value(r.length)
            if self.chain[src] in self.var_chains:
                self.var_chains.add(self.chain[out])
            self.ops.append(Slice(out, src, r))
            self.read.add(src)
            self.note(src, r)
        elif kind in ("fill", "scale"):
            dst = self.pick(self.writable())
            if dst is None:
                return
            r = self.draw_range(dst)
            if r is None:
                return
            r = self.ivify(r, self.size[dst])
            if kind == "fill":
                r = dataclasses.replace(r, start=self.maybe_spelled(r.start, r.length, self.size[dst]))
            self.consume(dst)
            out = self.new_value(self.size[dst], self.chain[dst])
            if kind == "fill":
                self.ops.append(Fill(out, dst, r, self.unique(7)))
            else:
                self.ops.append(Scale(out, dst, r))
            self.note(dst, r)
        elif kind == "update":
            dst = self.pick(self.writable())
            if dst is None:
                return
            upd = self.pick([v for v in self.live if v != dst and self.size[v].fits_in(self.size[dst])])
            if upd is None:
                return
            start = self.draw_start(self.size[dst], self.size[upd], self.chain[dst])
            short = self.draw_short(self.size[upd])
            start = self.maybe_spelled(start, self.size[upd], self.size[dst])
            self.consume(dst)
            out = self.new_value(self.size[dst], self.chain[dst])
            self.ops.append(Update(out, upd, dst, start, self.draw(st.integers(0, 2)), short))
            self.read.add(upd)
            self.note(dst, Range(start, self.size[upd]))
        elif kind == "copy":
            src = self.pick()
            dst = self.pick([v for v in self.writable() if v != src])
            if src is None or dst is None:
                return
            r = self.draw_range(src, (self.size[dst],))
            if r is None:
                return
            start = self.draw_start(self.size[dst], r.length, self.chain[dst])
            short = self.draw_short(r.length)
            self.consume(dst)
            out = self.new_value(self.size[dst], self.chain[dst])
            self.ops.append(Copy(out, src, r, dst, start, short))
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
            r = self.ivify(r, self.size[src])
            out = self.new_value(Lin(1))
            self.ops.append(Sum(out, src, r))
            self.read.add(src)
            if not self.depth:
                self.results.append(out)
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
            self.add_call()
        elif kind == "callwrite":
            self.add_call(then_write=True)
        elif kind == "loop":
            self.add_loop()
        elif kind == "branch":
            self.add_branch()
        elif kind == "reload":
            self.add_reload()
        elif kind == "prefetch":
            self.add_prefetch()
        elif kind == "boundary":
            self.add_boundary()
        elif kind == "layersread":
            self.add_layers_read()
        elif kind == "slicecall":
            self.add_slice_call()
        elif kind == "switchwrite":
            self.add_region_then_write()
        elif kind == "sizewrite":
            self.add_size_write()
        elif kind == "spelledwrite":
            self.add_spelled_write()
        elif kind == "cfreload":
            self.add_reload("rows", "cf")
        elif kind == "twin":
            self.add_twin()
        elif kind == "globalcall":
            self.add_global_call()
        elif kind == "globalcallee":
            self.add_global_callee()
        elif kind == "storetwice":
            self.add_store_twice()
        elif kind == "foldtwin":
            self.add_fold_twin()
        elif kind == "import":
            self.add_import()
        elif kind == "input":
            self.add_input()
        elif kind == "wholecopy":
            self.add_whole_copy()
        elif kind == "branchtwin":
            self.add_branch_twin()
        elif kind == "globalchoice":
            self.add_global_choice()
        elif kind == "elidedfill":
            self.add_elided_fill_twin()
        elif kind == "globalorvalue":
            self.add_global_or_value()
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
def programs(
    draw: Callable, max_ops: int = 9, kinds: tuple[str, ...] = KINDS, rates: dict[str, int] | None = None
) -> Program:
    """One valid program (see the module docstring for what it favours).

    Each top-level draw is a transaction: when the program with it fails :func:`.program.check`
    (a range of a loop body that is out of bounds in some iteration that runs, say), the draw is
    undone. Shapes are drawn freely and validity stays exact, which the range arithmetic of
    nested scopes could not promise by construction alone."""
    g = _Gen(draw)
    rates = rates or {}
    g.spell_rate = rates.get("spell", 5)
    g.odd_align = bool(rates.get("odd_align"))
    g.classic = bool(rates.get("classic"))
    g.deep_prefetch = bool(rates.get("deep_prefetch"))
    g.setter_twice = rates.get("setter_twice", 0)
    n_globals = draw(st.integers(0, 2))
    decls = tuple(GlobalDecl(f"g{i}", draw(st.integers(2, 24))) for i in range(n_globals))
    if n_globals == 2 and ("twin" in kinds or "wholecopy" in kinds) and draw(st.integers(0, 3)) == 0:
        # Twin globals (equal initial contents), or two globals of one size (for one value, or
        # a value and its whole copy, stored to both).
        twin = draw(st.sampled_from(("", "identical", "shared"))) if "twin" in kinds else ""
        decls = (decls[0], GlobalDecl("g1", decls[0].size, "g0" if twin else "", twin == "shared"))
    if (
        n_globals == 2
        and rates.get("double_buffer")
        and not decls[1].twin
        and draw(st.integers(0, rates["double_buffer"])) == 0
    ):
        # Two globals of one size (for a branch choosing between them; a draw of its own: only
        # where asked; 1 in rate + 1).
        decls = (decls[0], GlobalDecl("g1", decls[0].size))
    if (
        n_globals == 2
        and rates.get("third_global")
        and not (rates.get("third_of_two_sizes") and decls[0].size == decls[1].size)
        and draw(st.integers(0, rates["third_global"])) == 0
    ):
        # A third global of the smaller one's size (for equal slices of the larger stored to
        # two globals of one size; a draw of its own: only where asked; 1 in rate + 1; with
        # ``third_of_two_sizes`` only when the two differ in size, else no global is larger).
        decls = (*decls, GlobalDecl("g2", min(d.size for d in decls)))
    g.decls = decls
    for decl in decls:
        v = g.new_value(Lin(decl.size))
        g.ops.append(Load(v, decl.name))
        g.var_chains.add(g.chain[v])
        g._global_chain[decl.name] = g.chain[v]
    if not decls:
        size = g.draw_lin(2, 20)
        g.ops.append(Iota(g.new_value(size), size, 7))
    g.assume_max = draw(
        st.sampled_from((STEP_MAX, 4) if rates.get("small_assume") else (None, None, STEP_MAX, 4, 1000))
    )
    flags = {
        "step_global": draw(st.sampled_from(("",) * (2 * rates.get("step_global", 4) - 2) + ("direct", "indirect"))),
        "step_name": draw(st.sampled_from(("step",) * (2 * rates.get("collide", 4) - 2) + ("i0_other", "i1_other"))),
    }
    if flags["step_global"]:
        flags["step_cap"] = draw(st.sampled_from((0, 1, 3)))
        if rates.get("two_loads"):  # (a draw of its own: only where asked, the default profile stays as it is)
            flags["step_loads"] = draw(st.sampled_from((1, 2)))
    if rates.get("classic"):
        flags = {}
    if flags.get("step_name", "step") != "step":
        # Collide with the name the analysis gives another iteration of one of the loops
        # (they are numbered i0, i1, ... in program order when rendered).
        loops = sum(isinstance(op, For) for op in walk(tuple(g.ops)))
        if loops:
            flags["step_name"] = f"i{draw(st.integers(0, loops - 1))}_other"
    for _ in range(draw(st.integers(1, max_ops))):
        kind = draw(st.sampled_from(kinds))
        snap = g.snapshot()
        g.add(kind)
        try:
            check(g.program(**flags))
        except InvalidProgram:
            g.restore(snap)
    return g.program(**flags)


@st.composite
def batches(
    draw: Callable,
    size: int = 16,
    max_ops: int = 9,
    kinds: tuple[str, ...] = KINDS,
    rates: dict[str, int] | None = None,
) -> list[Program]:
    """Up to ``size`` programs for one module. Each slot may be empty, and empty is what a slot
    shrinks to, so a failing batch shrinks to the one program that fails."""
    out = []
    for _ in range(size):
        if draw(st.integers(0, 15)) != 0:
            out.append(draw(programs(max_ops=max_ops, kinds=kinds, rates=rates)))
    return out
