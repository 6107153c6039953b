"""The numpy interpreter of a program's value semantics: the answer every build must compute.

Every value is an array of its own (an insert, a fill, a slice makes a new one); a global is
changed only by a store, and keeps its value across the calls of one context. ``i32``
arithmetic wraps, as the hardware's does. The walk (:mod:`.walk`) is the renderer's, so a loop
body or an arm is the text's.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field
from typing import Any

import numpy as np

from .answer import Answer
from .program import OBSERVER, Program
from .walk import Index, ResolvedHelper, Walker

Value = Any  # an int32 array (tensors), an int (index, i32) or a bool (i1)


def _array(values: Any) -> np.ndarray:
    return np.array(values, dtype=np.int32)


@dataclass
class _Values:
    """The interpreter's backend; ``globals_`` is the context's state."""

    program: Program
    globals_: list[np.ndarray] = field(init=False)

    def __post_init__(self) -> None:
        self.globals_ = [_array(g.init) for g in self.program.globals_]

    @staticmethod
    def _at(offset: Index[Value]) -> int:
        return int(offset.value) if offset.value is not None else offset.static

    def load(self, g: int) -> Value:
        return self.globals_[g].copy()

    def store(self, value: Value, g: int) -> None:
        self.globals_[g] = _array(value)

    def const(self, values: tuple[int, ...], unfoldable: bool) -> Value:
        return _array(values)

    def insert_row(self, dest: Value, size: int, row: Value, offset: Index[Value]) -> Value:
        out = _array(dest)
        out[self._at(offset)] = row[0]
        return out

    def extract_row(self, source: Value, size: int, offset: Index[Value]) -> Value:
        i = self._at(offset)
        return _array(source[i : i + 1])

    def extract_half(self, source: Value, offset: int) -> Value:
        return _array(source[offset : offset + 4])

    def extract(self, source: Value, size: int, offset: Index[Value]) -> Value:
        return int(source[self._at(offset)])

    def insert_scalar(self, dest: Value, size: int, scalar: Value | None, value: int, offset: Index[Value]) -> Value:
        out = _array(dest)
        out[self._at(offset)] = np.int32(value if scalar is None else scalar)
        return out

    def add(self, lhs: Value, rhs: Value, size: int, generic: bool) -> Value:
        return _array(lhs) + _array(rhs)  # (int32 + int32 wraps)

    def same(self, value: Value, size: int, how: int) -> Value:
        return _array(value)  # (v & v, v | v, max(v, v), min(v, v), v & -1: v)

    def barrier(self, value: Value, size: int) -> Value:
        return _array(value)

    def fill(self, dest: Value, size: int, value: int) -> Value:
        return np.full(size, value, dtype=np.int32)

    def zero(self, size: int) -> Value:
        return np.zeros(size, dtype=np.int32)

    def for_(
        self, trip: Index[Value], init: Value | None, size: int | None, body: Callable[[Value, Value | None], Value]
    ) -> Value | None:
        acc = init
        for iv in range(self._at(trip)):
            acc = body(iv, acc)
        return acc

    def while_(
        self,
        trip: Index[Value],
        init: Value,
        size: int,
        before: Callable[[Value, Value], Value],
        after: Callable[[Value, Value], Value],
        cf: bool,
    ) -> Value:
        i, acc = 0, init
        while True:
            passed = before(i, acc)
            if not i < self._at(trip):
                return passed
            acc = after(i, passed)
            i += 1

    def if_(
        self,
        cond: Value | None,
        static: bool,
        size: int | None,
        then: Callable[[], Value | None],
        else_: Callable[[], Value | None],
        cf: str,
    ) -> Value | None:
        taken = bool(cond) if cond is not None else static
        return then() if taken else else_()

    def block(self) -> None:
        pass

    def call(self, helper: ResolvedHelper, args: list[Value]) -> Value | None:
        g, k = helper.global_, helper.kind
        if k == "get":
            return self.globals_[g].copy()
        if k == "get-if":
            return self.globals_[g].copy() if args[0] else np.zeros(helper.size, dtype=np.int32)
        if k == "set":
            self.globals_[g] = _array(args[0])
        elif k == "update":
            self.globals_[g] = self.insert_row(self.globals_[g], helper.size, args[0], Index(None, helper.offset))
        elif k == "double":
            self.globals_[g] = self.globals_[g] + self.globals_[g]
        elif k == "insert":
            return self.insert_row(args[0], helper.size, args[1], Index(None, helper.offset))
        return None


def argument(kind: str, value: int) -> Value:
    """A call's argument as the interpreter takes it (a row is a 1-element array)."""
    if kind == "row":
        return _array([value])
    return bool(value) if kind == "i1" else int(value)


def interpret(p: Program) -> Answer:
    """The value-semantics answer of :meth:`Program.calls`, in one context."""
    backend = _Values(p)
    walker = Walker(p, backend)
    answer: Answer = []
    for k, args in p.calls():
        if k == OBSERVER:
            answer.append([[int(x) for x in backend.globals_[g]] for g in p.observed_globals()])
            continue
        fn = p.functions[k]
        results = walker.function(fn, [argument(kind, a) for kind, a in zip(fn.params, args)])
        answer.append([[int(x) for x in np.asarray(v).ravel()] for _, v in results])
    return answer
