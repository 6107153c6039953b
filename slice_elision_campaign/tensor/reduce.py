"""Greedy reduction of a failing description, after hypothesis's shrinking.

Why a second stage: hypothesis shrinks the choices that built a program and gives up on slow
progress (each attempt is two compiles and eight runs); this pass works on the description
directly. It tries dropping a function, a helper, a global, a parameter, a result, any statement
(nested ones too), an ``scf.if``'s else arm, and a region's wrapper (its body hoisted in its
place), keeping a change when the program still gets the same verdict, until none goes. Every
candidate is a valid program (picks resolve in any program), so nothing is checked here.
"""

from __future__ import annotations

import time
from collections.abc import Callable, Iterator
from dataclasses import replace

from .program import For, Function, If, Program, Stmt, While, size


def _bodies(body: tuple[Stmt, ...]) -> Iterator[tuple[Stmt, ...]]:
    """``body`` with one statement dropped, one region hoisted or trimmed, or one nested body
    reduced the same way (largest cuts first)."""
    for i in range(len(body)):
        yield body[:i] + body[i + 1 :]
    for i, s in enumerate(body):
        if isinstance(s, For):
            yield body[:i] + s.body + body[i + 1 :]
        elif isinstance(s, If):
            yield body[:i] + s.then + body[i + 1 :]
            yield body[:i] + s.else_ + body[i + 1 :]
            if s.else_:
                yield body[:i] + (replace(s, else_=()),) + body[i + 1 :]
        elif isinstance(s, While):
            yield body[:i] + s.before + s.after + body[i + 1 :]
    for i, s in enumerate(body):
        if isinstance(s, For):
            for inner in _bodies(s.body):
                yield body[:i] + (replace(s, body=inner),) + body[i + 1 :]
        elif isinstance(s, If):
            for inner in _bodies(s.then):
                yield body[:i] + (replace(s, then=inner),) + body[i + 1 :]
            for inner in _bodies(s.else_):
                yield body[:i] + (replace(s, else_=inner),) + body[i + 1 :]
        elif isinstance(s, While):
            for inner in _bodies(s.before):
                yield body[:i] + (replace(s, before=inner),) + body[i + 1 :]
            for inner in _bodies(s.after):
                yield body[:i] + (replace(s, after=inner),) + body[i + 1 :]


def _without_param(fn: Function, i: int) -> Function:
    calls = tuple(c[:i] + c[i + 1 :] for c in fn.calls)
    return replace(fn, params=fn.params[:i] + fn.params[i + 1 :], calls=calls)  # type: ignore[arg-type]


def candidates(p: Program) -> Iterator[Program]:
    """Every one-step reduction of ``p``."""
    fns = p.functions
    if p.observe:
        yield replace(p, observe=False)
    if p.spelled:
        yield replace(p, spelled=False)
    for k in range(len(fns)) if len(fns) > 1 else ():
        yield replace(p, functions=fns[:k] + fns[k + 1 :])
    for k in range(len(p.helpers)):
        yield replace(p, helpers=p.helpers[:k] + p.helpers[k + 1 :])
    for k in range(len(p.globals_)):
        yield replace(p, globals_=p.globals_[:k] + p.globals_[k + 1 :])
    for k, fn in enumerate(fns):

        def with_fn(new: Function, k: int = k) -> Program:
            return replace(p, functions=fns[:k] + (new,) + fns[k + 1 :])

        for body in _bodies(fn.body):
            yield with_fn(replace(fn, body=body))
        for i in range(len(fn.results)) if len(fn.results) > 1 else ():
            yield with_fn(replace(fn, results=fn.results[:i] + fn.results[i + 1 :]))
        for i in range(len(fn.params)):
            yield with_fn(_without_param(fn, i))


def reduce_program(
    p: Program, still_fails: Callable[[Program], bool], seconds: float = 600.0, log: Callable[[str], None] = print
) -> Program:
    """The smallest ``p`` greedy one-step cuts reach while ``still_fails`` holds (within
    ``seconds``; the best so far after that)."""
    deadline = time.monotonic() + seconds
    progress = True
    while progress and time.monotonic() < deadline:
        progress = False
        for candidate in candidates(p):
            if time.monotonic() >= deadline:
                break
            if size(candidate) < size(p) and still_fails(candidate):
                p = candidate
                log(f"  reduced to size {size(p)}")
                progress = True
                break
    return p
