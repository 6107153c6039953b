"""Hypothesis strategies for tensor-level program descriptions (:mod:`.program`).

Every description is a valid program (:mod:`.walk` resolves picks modulo what is in scope), so
nothing here filters for validity; :func:`programs` leaves out classes IREE 3.13 does not
build, where no build can be judged. Statements are drawn two ways:

* one at a time, with small picks (0 is the latest value of the right type, so operands chain);
* as a *pattern*: a run of statements that makes one of the shapes IREE 3.13 is known to get
  wrong (``tests/data/global_reloads``) -- a global loaded, written in place, reloaded in an
  ``scf.if`` arm, an ``scf.for`` body or a getter, the update stored after; a callee writing a
  global (or its argument) its caller still reads; a load forwarded across a loop that stores;
  a store forwarded across an ``scf.if`` that stores; a store before a loop reading it and
  another after; a constant written in place; a global's own load stored back after a store of
  it (as it is, or through an op MLIR folds to it: ``v & v``, :class:`.program.Same`); a global stored with another's load (IREE may take one for the other); a value stored,
  then stored again in a loop. A pattern's picks are computed from its own
  statements and the program's globals and helpers (drawn first), so it makes its shape as
  drawn; statements drawn around it, and shrinking, may make something else of it, which is
  the point of drawing it among others.

A third of the programs spell their constant bounds, offsets and conditions as integer
expressions of constants (:attr:`.program.Program.spelled`), which MLIR folds before IREE's
folds of globals read them.

Shrinking goes towards the first choice of each ``sampled_from``: no pattern, a load, a static
offset, no region.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .features import iree_does_not_build
from .program import (
    INDEX_MAX,
    SIZES,
    Add,
    Barrier,
    Block,
    Call,
    Const,
    Dynamic,
    Extract,
    ExtractHalf,
    ExtractRow,
    Fill,
    For,
    Function,
    Global,
    Helper,
    If,
    InsertRow,
    InsertScalar,
    Load,
    ParamKind,
    Program,
    Same,
    Static,
    Stmt,
    Store,
    While,
)
from .walk import ResolvedHelper, resolve_helpers

#: Statement kinds, repeated by weight (shrinking prefers the first).
KINDS: tuple[str, ...] = (
    ("load",) * 5
    + ("insert",) * 5
    + ("store",) * 4
    + ("call",) * 3
    + ("if",) * 3
    + ("for",) * 3
    + ("while",) * 2
    + ("block",)
    + ("add",) * 2
    + ("same",)
    + ("barrier",)
    + ("fill",) * 2
    + ("const",) * 2
    + ("extract-row", "extract-half", "extract", "insert-scalar")
)
#: The patterns (module docstring), and the parameters each needs.
PATTERNS: dict[str, tuple[ParamKind, ...]] = {
    "reload-in-if": ("row", "i1"),
    "reload-in-for": ("row",),
    "reload-in-while": ("row",),
    "reload-in-later-block": ("row",),
    "reload-in-getter": ("row", "i1"),
    "callee-writes-global": ("row",),
    "callee-writes-argument": ("row",),
    "load-forwarded-across-loop": ("index", "row"),
    "store-forwarded-across-if": ("i1",),
    "store-dropped-before-loop": ("index",),
    "constant-written": ("row", "index"),
    "own-load-stored-back": ("row",),
    "global-chained": (),
    "stores-of-one-value": ("index",),
}
#: How deep regions nest (a body's statements may hold one more region at depth 1).
MAX_DEPTH = 2
picks = st.integers(0, 5)
small = st.integers(0, 9)


def offsets() -> st.SearchStrategy[Static | Dynamic]:
    return st.one_of(st.builds(Static, st.integers(0, 7)), st.builds(Dynamic, picks))


def trips() -> st.SearchStrategy[Static | Dynamic]:
    return st.one_of(st.builds(Static, st.integers(0, INDEX_MAX)), st.builds(Dynamic, picks))


def values(n: int) -> st.SearchStrategy[tuple[int, ...]]:
    return st.lists(st.integers(0, 50), min_size=n, max_size=n).map(tuple)


@st.composite
def statement(draw: st.DrawFn, depth: int = 0) -> Stmt:
    kinds = KINDS if depth < MAX_DEPTH else tuple(k for k in KINDS if k not in ("if", "for", "while"))
    if depth > 0:  # (a block boundary is a function's top level's; regions hold one block)
        kinds = tuple(k for k in kinds if k != "block")
    kind = draw(st.sampled_from(kinds))
    if kind == "load":
        return Load(draw(picks))
    if kind == "insert":
        return InsertRow(draw(picks), draw(picks), draw(offsets()))
    if kind == "store":
        return Store(draw(picks), draw(picks))
    if kind == "call":
        return Call(draw(picks), tuple(draw(st.lists(picks, max_size=2))))
    if kind == "if":
        return If(
            draw(picks),
            draw(bodies(depth + 1)),
            draw(bodies(depth + 1, min_size=0)),
            draw(st.sampled_from((None, *SIZES))),
            draw(st.integers(0, 3)),
            draw(st.integers(0, 3)),
            draw(st.booleans()),
            cf := draw(st.booleans()),
            cf and draw(st.booleans()),
        )
    if kind == "while":
        before, after = draw(bodies(depth + 1, min_size=0)), draw(bodies(depth + 1, min_size=0))
        return While(
            draw(trips()),
            draw(picks),
            before,
            after,
            draw(st.integers(0, 3)),
            draw(st.integers(0, 3)),
            cf=draw(st.booleans()),
        )
    if kind == "block":
        return Block()
    if kind == "for":
        init = draw(st.one_of(picks, st.none()))
        return For(draw(trips()), init, draw(bodies(depth + 1)), draw(st.integers(0, 3)))
    if kind == "add":
        return Add(draw(picks), draw(picks), draw(st.booleans()))
    if kind == "fill":
        return Fill(draw(picks), draw(small))
    if kind == "same":
        return Same(draw(picks), draw(st.integers(0, 4)))
    if kind == "barrier":
        return Barrier(draw(picks))
    if kind == "const":
        n = draw(st.sampled_from(SIZES))
        return Const(draw(values(n)), draw(st.booleans()))
    if kind == "extract-row":
        return ExtractRow(draw(picks), draw(offsets()))
    if kind == "extract-half":
        return ExtractHalf(draw(picks), draw(st.integers(0, 4)))
    if kind == "extract":
        return Extract(draw(picks), draw(offsets()))
    return InsertScalar(draw(picks), draw(picks), draw(offsets()), draw(small))


def bodies(depth: int = 0, min_size: int = 1) -> st.SearchStrategy[tuple[Stmt, ...]]:
    return st.lists(statement(depth), min_size=min_size, max_size=6 if depth == 0 else 3).map(tuple)


@st.composite
def in_place(draw: st.DrawFn) -> Stmt:
    """A write of the latest tensor that IREE makes in place: a row, a fill, an element."""
    kind = draw(st.sampled_from(("insert", "fill", "insert-scalar")))
    if kind == "insert":
        return InsertRow(0, 0, draw(offsets()))
    if kind == "fill":
        return Fill(0, draw(small))
    return InsertScalar(0, 0, draw(offsets()), draw(small))


def _helper(helpers: list[ResolvedHelper], kinds: tuple[str, ...], g: int) -> int | None:
    """The pick of a resolved helper of one of ``kinds`` over global ``g`` (None: none)."""
    return next((i for i, h in enumerate(helpers) if h.kind in kinds and h.global_ == g), None)


@st.composite
def pattern(draw: st.DrawFn, kind: str, globals_: tuple[Global, ...], helpers: list[ResolvedHelper]) -> list[Stmt]:
    """The statements of pattern ``kind`` over a mutable global (module docstring)."""
    mutable = [k for k, g in enumerate(globals_) if g.mutable]
    if not mutable:
        return []
    g = draw(st.sampled_from(mutable))
    n = globals_[g].size
    zeros = Const((0,) * n)
    if kind == "reload-in-if":
        # L; U = L written; R = if c { L' + L' } else { U or L }; store U; (R is the latest)
        arm = (Load(g), Add(0, 0, draw(st.booleans())))
        cf = draw(st.booleans())  # (a cf.cond_br diamond where the pattern is at the top level)
        switch = cf and draw(st.booleans())  # (its branch a cf.switch)
        branch = If(0, arm, (), n, 0, draw(st.integers(0, 1)), cf=cf, switch=switch)
        return [Load(g), draw(in_place()), branch, Store(1, g)]
    if kind == "reload-in-for":
        # L; U; Z; R = for (acc = Z) { acc + L' }; store U
        body = (Load(g), Add(1, 0))
        return [Load(g), draw(in_place()), zeros, For(draw(trips()), 0, body, 0), Store(2, g)]
    if kind == "reload-in-while":
        # L; U; Z; R = while (acc = Z) { before: acc + L' | after: acc + L' }; store U
        reload = (Load(g), Add(1, 0))
        before, after = (reload, ()) if draw(st.booleans()) else ((), reload)
        return [Load(g), draw(in_place()), zeros, While(draw(trips()), 0, before, after), Store(2, g)]
    if kind == "reload-in-later-block":
        # L; U; store U; ^later: L' + L' (the function's blocks written in reverse order)
        return [Load(g), draw(in_place()), Store(0, g), Block(), Load(g), Add(0, 0)]
    if kind == "reload-in-getter":
        getter = _helper(helpers, ("get", "get-if"), g)
        if getter is None:
            return []
        return [Load(g), draw(in_place()), Call(getter, (0,)), Store(1, g)]
    if kind == "callee-writes-global":
        writer = _helper(helpers, ("update", "double", "set"), g)
        if writer is None:
            return []
        # L; a callee writes g; L read after it
        return [Load(g), zeros, Call(writer, (0,)), Add(1, 1)]
    if kind == "callee-writes-argument":
        inserter = next((i for i, h in enumerate(helpers) if h.kind == "insert" and h.size == n), None)
        if inserter is None:
            return []
        # L; R = callee(L) writing its argument; L + R
        return [Load(g), Call(inserter, (0, 0)), Add(1, 0)]
    if kind == "load-forwarded-across-loop":
        body = (Load(g), draw(st.sampled_from((Add(0, 0), InsertRow(0, 0, Dynamic(0))))), Store(0, g))
        return [Load(g), For(draw(trips()), None, body), Load(g)]
    if kind == "store-forwarded-across-if":
        return [Const(draw(values(n))), Store(0, g), If(0, (Load(g), Add(0, 0), Store(0, g)), ()), Load(g)]
    if kind == "store-dropped-before-loop":
        others = [k for k in mutable if k != g and globals_[k].size == n] or [g]
        h = draw(st.sampled_from(others))
        body = (Load(g), Add(0, 0), Store(0, h))
        return [
            Const(draw(values(n))),
            Store(0, g),
            For(draw(trips()), None, body),
            Const(draw(values(n))),
            Store(0, g),
        ]
    if kind == "own-load-stored-back":
        # L; U = L written; store U; store L (a roll-back IREE erases as a store of g's own value),
        # or store L & L (an op MLIR folds to L: the same roll-back)
        if draw(st.booleans()):
            return [Load(g), draw(in_place()), Store(0, g), Same(1, draw(st.integers(0, 4))), Store(0, g)]
        return [Load(g), draw(in_place()), Store(0, g), Store(1, g)]
    if kind == "global-chained":
        # store (load h), g: with no other store of g, IREE takes g for h
        others = [k for k in range(len(globals_)) if k != g and globals_[k].size == n]
        if not others:
            return []
        return [Load(draw(st.sampled_from(others))), Store(0, g)]
    if kind == "stores-of-one-value":
        # C; store C; for { store C } (IREE reorders the two stores of one value)
        return [Const(draw(values(n))), Store(0, g), For(draw(trips()), None, (Store(0, g),))]
    # constant-written: a constant (foldable or not) written in place, in a loop or not
    write = [Const(draw(values(n)), draw(st.booleans())), draw(in_place())]
    if draw(st.booleans()):
        return [zeros, For(draw(trips()), 0, (*write, Add(2, 0)), 0)]
    return write


def globals_() -> st.SearchStrategy[Global]:
    @st.composite
    def one(draw: st.DrawFn) -> Global:
        n = draw(st.sampled_from(SIZES))
        mutable = draw(st.sampled_from((True, True, True, False)))
        return Global(n, mutable, draw(values(n)))

    return one()


def helpers() -> st.SearchStrategy[Helper]:
    return st.builds(
        Helper,
        st.sampled_from(("get", "update", "set", "get-if", "double", "insert")),
        st.integers(0, 2),
        st.integers(0, 7),
        st.sampled_from(SIZES),
        st.booleans(),
    )


@st.composite
def functions(draw: st.DrawFn, globals_: tuple[Global, ...], resolved: list[ResolvedHelper]) -> Function:
    kind = draw(st.sampled_from((None, None, *PATTERNS)))
    params = list(draw(st.lists(st.sampled_from(("row", "index", "i1")), max_size=2)))
    statements = list(draw(bodies()))
    if kind is not None:
        params += [k for k in PATTERNS[kind] if k not in params]
        at = draw(st.integers(0, len(statements)))
        statements[at:at] = draw(pattern(kind, globals_, resolved))
    results = tuple(draw(st.lists(st.integers(0, 3), min_size=1, max_size=2)))
    bound = {"row": 99, "index": INDEX_MAX, "i1": 1}

    def arguments() -> tuple[int, ...]:
        return tuple(draw(st.integers(0, bound[k])) for k in params)

    calls = (arguments(), arguments())
    reverse = kind == "reload-in-later-block" or draw(st.booleans())
    return Function(tuple(params), tuple(statements), results, calls, reverse)


@st.composite
def _programs(draw: st.DrawFn) -> Program:
    gs = tuple(draw(st.lists(globals_(), min_size=1, max_size=3)))
    hs = tuple(draw(st.lists(helpers(), max_size=3)))
    resolved = resolve_helpers(Program(gs, (), hs))
    fns = tuple(draw(st.lists(functions(gs, resolved), min_size=1, max_size=3)))
    spelled = draw(st.sampled_from((False, False, True)))
    return Program(gs, fns, hs, draw(st.booleans()), abi=draw(st.booleans()), spelled=spelled)


def programs() -> st.SearchStrategy[Program]:
    """Programs, less those of classes IREE 3.13 is known not to build
    (:func:`.features.iree_does_not_build`: a constant stored into a global and returned; a
    kept callee given a tensor inside a region): neither build exists, so the tool cannot be
    judged on them, and drawing them spent a sixth of a campaign."""
    return _programs().filter(lambda p: not iree_does_not_build(p))
