"""Hypothesis strategies for tensor-level program descriptions (:mod:`.program`).

Every description is a valid program (:mod:`.walk` resolves picks modulo what is in scope), so
nothing here filters. What the draws are tuned for: the shapes IREE 3.13 gets wrong
(``tests/data/global_reloads``) need a global loaded, written in place (an insert or a fill of
the loaded value), reloaded in a nested region, a callee or after a region storing it, and the
update stored -- so loads, inserts, stores and regions are drawn often, picks are small (few
values in scope, so operands meet), and globals are few. Shrinking goes towards the first
choice of each ``sampled_from``: a load, a static offset, no region.
"""

from __future__ import annotations

from hypothesis import strategies as st

from .program import (
    INDEX_MAX,
    SIZES,
    Add,
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
    Program,
    Static,
    Stmt,
    Store,
)

#: Statement kinds, repeated by weight (shrinking prefers the first).
KINDS: tuple[str, ...] = (
    ("load",) * 5
    + ("insert",) * 5
    + ("store",) * 4
    + ("call",) * 3
    + ("if",) * 3
    + ("for",) * 3
    + ("add",) * 2
    + ("fill",) * 2
    + ("const",) * 2
    + ("extract-row", "extract-half", "extract", "insert-scalar")
)
#: How deep regions nest (a body's statements may hold one more region at depth 1).
MAX_DEPTH = 2
picks = st.integers(0, 5)
small = st.integers(0, 9)


def offsets() -> st.SearchStrategy[Static | Dynamic]:
    return st.one_of(st.builds(Static, st.integers(0, 7)), st.builds(Dynamic, picks))


def values(n: int) -> st.SearchStrategy[tuple[int, ...]]:
    return st.lists(st.integers(0, 50), min_size=n, max_size=n).map(tuple)


@st.composite
def statement(draw: st.DrawFn, depth: int = 0) -> Stmt:
    kinds = KINDS if depth < MAX_DEPTH else tuple(k for k in KINDS if k not in ("if", "for"))
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
            draw(st.integers(0, 9)),
            draw(st.integers(0, 9)),
            draw(st.booleans()),
        )
    if kind == "for":
        trip = draw(st.one_of(st.builds(Static, st.integers(0, INDEX_MAX)), st.builds(Dynamic, picks)))
        init = draw(st.one_of(picks, st.none()))
        return For(trip, init, draw(bodies(depth + 1)), draw(st.integers(0, 9)))
    if kind == "add":
        return Add(draw(picks), draw(picks), draw(st.booleans()))
    if kind == "fill":
        return Fill(draw(picks), draw(small))
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
    top = depth == 0
    return st.lists(statement(depth), min_size=min_size, max_size=8 if top else 4).map(tuple)


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
        picks,
        st.integers(0, 7),
        st.sampled_from(SIZES),
        st.booleans(),
    )


@st.composite
def functions(draw: st.DrawFn) -> Function:
    params = tuple(draw(st.lists(st.sampled_from(("row", "index", "i1")), max_size=3)))
    body = draw(bodies())
    results = tuple(draw(st.lists(st.integers(0, 9), min_size=1, max_size=2)))

    def arguments() -> tuple[int, ...]:
        bound = {"row": 99, "index": INDEX_MAX, "i1": 1}
        return tuple(draw(st.integers(0, bound[k])) for k in params)

    return Function(params, body, results, (arguments(), arguments()))


@st.composite
def programs(draw: st.DrawFn) -> Program:
    return Program(
        tuple(draw(st.lists(globals_(), min_size=1, max_size=3))),
        tuple(draw(st.lists(functions(), min_size=1, max_size=3))),
        tuple(draw(st.lists(helpers(), max_size=3))),
    )
