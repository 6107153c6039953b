"""Resolving a description's picks, once, for every consumer: the renderer, the interpreter and
the shape features all walk a program through :func:`walk_function` with a :class:`Backend`.

Why one walker: a pick means "the n-th value of this type in scope", so the renderer and the
interpreter must agree on scopes and on which statements are left out (an operand without a
candidate). Here that is decided from the description's structure alone -- never from values --
so a loop body resolves the same way however often the interpreter runs it, and an ``scf.if``
arm the same way whether it runs or not.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Generic, Protocol, TypeVar

from .program import (
    INDEX_MAX,
    WRITERS,
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
    If,
    InsertRow,
    InsertScalar,
    Load,
    Offset,
    Program,
    Same,
    Static,
    Stmt,
    Store,
    While,
)

V = TypeVar("V")

#: Scope keys: ``4``/``8`` tensors of that size, ``1`` rows, and the scalar kinds.
INDEX, I1, I32 = "index", "i1", "i32"


@dataclass(frozen=True)
class Index(Generic[V]):
    """A resolved offset or trip count: an index value in scope, or a constant."""

    value: V | None
    static: int = 0


@dataclass(frozen=True)
class ResolvedHelper:
    """A helper whose global is resolved: its name's number, shape, global, size and offset
    (in bounds), and its signature (scope keys of its parameters; its result's, or None)."""

    k: int
    kind: str
    global_: int
    size: int
    offset: int
    never_inline: bool
    params: tuple[int | str, ...]
    result: int | None


def resolve_helpers(p: Program) -> list[ResolvedHelper]:
    """The helpers that resolve, in order: a helper's global is its pick among all globals, and
    a writer's must be mutable (a writer of an immutable one is left out, as a store into one
    is: so a load, a store and a helper with one pick mean one global)."""
    out = []
    for k, h in enumerate(p.helpers):
        if h.kind == "insert":
            out.append(ResolvedHelper(k, h.kind, -1, h.size, h.offset % h.size, h.never_inline, (h.size, 1), h.size))
            continue
        if not p.globals_:
            continue
        g = h.global_ % len(p.globals_)
        if h.kind in WRITERS and not p.globals_[g].mutable:
            continue
        n = p.globals_[g].size
        params: tuple[int | str, ...] = {"get": (), "get-if": (I1,), "set": (n,), "update": (1,), "double": ()}[h.kind]
        result = n if h.kind in ("get", "get-if") else None
        out.append(ResolvedHelper(k, h.kind, g, n, h.offset % n, h.never_inline, params, result))
    return out


class Backend(Protocol[V]):
    """What a consumer does with each resolved statement (values are its own: SSA names,
    arrays, provenance records)."""

    def load(self, g: int) -> V: ...
    def store(self, value: V, g: int) -> None: ...
    def const(self, values: tuple[int, ...], unfoldable: bool) -> V: ...
    def insert_row(self, dest: V, size: int, row: V, offset: Index[V]) -> V: ...
    def extract_row(self, source: V, size: int, offset: Index[V]) -> V: ...
    def extract_half(self, source: V, offset: int) -> V: ...
    def extract(self, source: V, size: int, offset: Index[V]) -> V: ...
    def insert_scalar(self, dest: V, size: int, scalar: V | None, value: int, offset: Index[V]) -> V: ...
    def add(self, lhs: V, rhs: V, size: int, generic: bool) -> V: ...
    def same(self, value: V, size: int, how: int) -> V: ...
    def barrier(self, value: V, size: int) -> V: ...
    def fill(self, dest: V, size: int, value: int) -> V: ...
    def zero(self, size: int) -> V: ...
    def for_(
        self, trip: Index[V], init: V | None, size: int | None, body: Callable[[V, V | None], V | None]
    ) -> V | None: ...
    def while_(
        self,
        trip: Index[V],
        init: V,
        size: int,
        before: Callable[[V, V], V],
        after: Callable[[V, V], V],
        cf: bool,
    ) -> V: ...
    def if_(
        self,
        cond: V | None,
        static: bool,
        size: int | None,
        then: Callable[[], V | None],
        else_: Callable[[], V | None],
        cf: str,
    ) -> V | None: ...
    def block(self) -> None: ...
    def call(self, helper: ResolvedHelper, args: list[V]) -> V | None: ...


@dataclass
class Scope(Generic[V]):
    """The values visible at a point, by scope key, in definition order; ``full`` holds every
    tensor of size 4 or 8 (with its size) in one order, for picks that take either size. A pick
    counts back from the latest value (0: the value just defined), so a statement's operand is
    most often its predecessor's result, and chains of updates are drawn as often as strays."""

    by_key: dict[int | str, list[V]] = field(default_factory=dict)
    full: list[tuple[int, V]] = field(default_factory=list)

    def add(self, key: int | str, value: V) -> None:
        self.by_key.setdefault(key, []).append(value)
        if key in (4, 8):
            self.full.append((key, value))  # type: ignore[arg-type]

    def pick(self, key: int | str, k: int) -> V | None:
        values = self.by_key.get(key, [])
        return values[-1 - k % len(values)] if values else None

    def pick_full(self, k: int) -> tuple[int, V] | None:
        return self.full[-1 - k % len(self.full)] if self.full else None

    def child(self) -> Scope[V]:
        return Scope({key: list(vs) for key, vs in self.by_key.items()}, list(self.full))


@dataclass
class Walker(Generic[V]):
    """Walks one program's functions for one backend."""

    program: Program
    backend: Backend[V]
    helpers: list[ResolvedHelper] = field(init=False)
    #: How many regions enclose the statement walked (``cf`` only at 0: regions hold one block).
    depth: int = 0

    def __post_init__(self) -> None:
        self.helpers = resolve_helpers(self.program)

    def function(self, fn: Function, params: list[V]) -> list[tuple[int, V]]:
        """Walk ``fn`` with its parameters' values; its results (size, value) by its picks."""
        scope: Scope[V] = Scope()
        for kind, value in zip(fn.params, params):
            scope.add(1 if kind == "row" else kind, value)
        self.body(fn.body, scope)
        return [r for r in (scope.pick_full(k) for k in fn.results) if r is not None]

    def body(self, body: tuple[Stmt, ...], scope: Scope[V]) -> None:
        for s in body:
            self.statement(s, scope)

    def _index(self, offset: Offset, scope: Scope[V], bound: int) -> Index[V]:
        """An offset in ``[0, bound)`` (index values in scope are 0..3, in bounds of every size)."""
        if isinstance(offset, Dynamic):
            value = scope.pick(INDEX, offset.pick)
            return Index(value) if value is not None else Index(None, offset.pick % bound)
        return Index(None, offset.value % bound)

    def statement(self, s: Stmt, scope: Scope[V]) -> None:
        b = self.backend
        p = self.program
        if isinstance(s, Load):
            if p.globals_:
                g = s.global_ % len(p.globals_)
                scope.add(p.globals_[g].size, b.load(g))
        elif isinstance(s, Store):
            g = s.global_ % len(p.globals_) if p.globals_ else -1
            if g >= 0 and p.globals_[g].mutable:
                value = scope.pick(p.globals_[g].size, s.value)
                if value is not None:
                    b.store(value, g)
        elif isinstance(s, Const):
            scope.add(len(s.values), b.const(s.values, s.unfoldable))
        elif isinstance(s, InsertRow):
            dest, row = scope.pick_full(s.dest), scope.pick(1, s.row)
            if dest is not None and row is not None:
                n, d = dest
                scope.add(n, b.insert_row(d, n, row, self._index(s.offset, scope, n)))
        elif isinstance(s, ExtractRow):
            source = scope.pick_full(s.source)
            if source is not None:
                n, v = source
                scope.add(1, b.extract_row(v, n, self._index(s.offset, scope, n)))
        elif isinstance(s, ExtractHalf):
            v = scope.pick(8, s.source)
            if v is not None:
                scope.add(4, b.extract_half(v, s.offset % 5))
        elif isinstance(s, Extract):
            source = scope.pick_full(s.source)
            if source is not None:
                n, v = source
                scope.add(I32, b.extract(v, n, self._index(s.offset, scope, n)))
        elif isinstance(s, InsertScalar):
            dest = scope.pick_full(s.dest)
            if dest is not None:
                n, d = dest
                scalar = scope.pick(I32, s.scalar)
                scope.add(n, b.insert_scalar(d, n, scalar, s.value, self._index(s.offset, scope, n)))
        elif isinstance(s, Add):
            lhs = scope.pick_full(s.lhs)
            if lhs is not None:
                n, a = lhs
                rhs = scope.pick(n, s.rhs)
                scope.add(n, b.add(a, a if rhs is None else rhs, n, s.generic))
        elif isinstance(s, Same):
            source = scope.pick_full(s.value)
            if source is not None:
                n, v = source
                scope.add(n, b.same(v, n, s.how % 5))
        elif isinstance(s, Barrier):
            source = scope.pick_full(s.value)
            if source is not None:
                n, v = source
                scope.add(n, b.barrier(v, n))
        elif isinstance(s, Fill):
            dest = scope.pick_full(s.dest)
            if dest is not None:
                n, d = dest
                scope.add(n, b.fill(d, n, s.value))
        elif isinstance(s, For):
            self._for(s, scope)
        elif isinstance(s, If):
            self._if(s, scope)
        elif isinstance(s, While):
            self._while(s, scope)
        elif isinstance(s, Block):
            if self.depth == 0:
                b.block()
        elif isinstance(s, Call):
            self._call(s, scope)
        else:  # pragma: no cover - a statement kind added to program.py and not here
            raise TypeError(f"unknown statement {s!r}")

    def _nested(self, stmts: tuple[Stmt, ...], inner: Scope[V]) -> None:
        self.depth += 1
        try:
            self.body(stmts, inner)
        finally:
            self.depth -= 1

    def _trip(self, trip: Static | Dynamic, scope: Scope[V]) -> Index[V]:
        if isinstance(trip, Dynamic):
            return self._index(trip, scope, INDEX_MAX + 1)
        return Index(None, trip.value % (INDEX_MAX + 1))

    def _for(self, s: For, scope: Scope[V]) -> None:
        trip = self._trip(s.trip, scope)
        init = scope.pick_full(s.init) if s.init is not None else None
        size = init[0] if init is not None else None

        def body(iv: V, acc: V | None) -> V | None:
            inner = scope.child()
            inner.add(INDEX, iv)
            if acc is not None and size is not None:
                inner.add(size, acc)
            self._nested(s.body, inner)
            return inner.pick(size, s.result) if size is not None else None

        result = self.backend.for_(trip, init[1] if init is not None else None, size, body)
        if result is not None and size is not None:
            scope.add(size, result)

    def _while(self, s: While, scope: Scope[V]) -> None:
        init = scope.pick_full(s.init)
        if init is None:
            return
        size = init[0]
        cf = s.cf and self.depth == 0

        def region(stmts: tuple[Stmt, ...], pick: int) -> Callable[[V, V], V]:
            def run(iv: V, acc: V) -> V:
                inner = scope.child()
                inner.add(INDEX, iv)
                inner.add(size, acc)
                if cf:  # (a block of a cf loop is a block of the function: no region around it)
                    self.body(stmts, inner)
                else:
                    self._nested(stmts, inner)
                return inner.pick(size, pick)  # type: ignore[return-value]  # (acc at least)

            return run

        before, after = region(s.before, s.before_result), region(s.after, s.after_result)
        scope.add(size, self.backend.while_(self._trip(s.trip, scope), init[1], size, before, after, cf))

    def _if(self, s: If, scope: Scope[V]) -> None:
        cond = scope.pick(I1, s.cond)
        cf = ("cf.switch" if s.switch else "cf.cond_br") if s.cf and self.depth == 0 else ""

        def arm(stmts: tuple[Stmt, ...], pick: int) -> Callable[[], V | None]:
            def run() -> V | None:
                inner = scope.child()
                if cf:  # (an arm of a cf diamond is a block of the function: no region around it)
                    self.body(stmts, inner)
                else:
                    self._nested(stmts, inner)
                if s.size is None:
                    return None
                chosen = inner.pick(s.size, pick)
                return chosen if chosen is not None else self.backend.zero(s.size)

            return run

        then, else_ = arm(s.then, s.then_result), arm(s.else_, s.else_result)
        result = self.backend.if_(cond, s.static, s.size, then, else_, cf)
        if result is not None and s.size is not None:
            scope.add(s.size, result)

    def _call(self, s: Call, scope: Scope[V]) -> None:
        if not self.helpers:
            return
        helper = self.helpers[s.helper % len(self.helpers)]
        args = []
        for i, key in enumerate(helper.params):
            value = scope.pick(key, s.args[i] if i < len(s.args) else 0)
            if value is None:
                return
            args.append(value)
        result = self.backend.call(helper, args)
        if result is not None and helper.result is not None:
            scope.add(helper.result, result)
