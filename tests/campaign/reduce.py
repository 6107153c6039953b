"""Greedy reduction of a failing program description, after hypothesis's shrinking.

Why a second stage: hypothesis shrinks the *choices* that built a batch, and each attempt costs
a compile; its shrinker gives up on slow progress (minutes), often with a few ops and other
programs' slots left. This pass works on the one failing program's *description* directly:
it tries dropping each op (with everything that uses its results), dropping a global with its
load, making ranges constant and plainly spelled, and dropping ``util.assume.int`` -- keeping a
change when the program still fails the same way -- until nothing more can go. Every candidate
is re-checked with :func:`.program.check`, so the result is a valid program.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable, Iterator

from .program import Discard, For, InvalidProgram, Lin, Load, Program, Range, check


def failure_kind(detail: str) -> str:
    """A coarse class of failure, so that reduction does not slide into a different bug."""
    # Runtime evidence first: a miscompile that the audit also flags must stay a miscompile.
    for marker in (
        "crashed the compiler",
        "crashed the runtime",
        "fails to compile",
        "fails to load",
        "not deterministic",
        "runtime error",
        "expected",
        "unsound alias",
    ):
        if marker in detail:
            return marker
    return detail[:30]


def _without_op(p: Program, i: int) -> Program | None:
    ops = list(p.ops)
    dead = set(ops[i].defs())
    kept = []
    for j, op in enumerate(ops):
        if j == i:
            continue
        used = set(op.uses()) | ({op.value} if isinstance(op, Discard) else set())
        if used & dead:
            dead |= set(op.defs())
            continue
        kept.append(op)
    return dataclasses.replace(p, ops=tuple(kept))


def _without_global(p: Program, name: str) -> Program | None:
    load = next((i for i, op in enumerate(p.ops) if isinstance(op, Load) and op.glob == name), None)
    if load is None:
        return None
    q = _without_op(p, load)
    return dataclasses.replace(q, globals=tuple(g for g in p.globals if g.name != name)) if q else None


def _simpler_ranges(p: Program) -> Iterator[Program]:
    for i, op in enumerate(p.ops):
        for f in dataclasses.fields(op):
            value = getattr(op, f.name)
            simpler = []
            if isinstance(value, Range):
                if value.form:
                    simpler.append(dataclasses.replace(value, form=0))
                if isinstance(value.start, Lin) and value.start.c1:
                    simpler.append(dataclasses.replace(value, start=Lin(value.start.c0, 0, value.start.ci)))
                if value.length.c1:
                    simpler.append(dataclasses.replace(value, length=Lin(value.length.c0)))
            elif isinstance(value, Lin) and value.c1:
                simpler.append(Lin(value.c0, 0, value.ci))
            for s in simpler:
                ops = list(p.ops)
                ops[i] = dataclasses.replace(op, **{f.name: s})
                yield dataclasses.replace(p, ops=tuple(ops))


def _candidates(p: Program) -> Iterator[Program]:
    for g in p.globals:
        q = _without_global(p, g.name)
        if q is not None:
            yield q
    for i in reversed(range(len(p.ops))):
        if not isinstance(p.ops[i], Load):
            q = _without_op(p, i)
            if q is not None:
                yield q
    if p.assume_max is not None:
        yield dataclasses.replace(p, assume_max=None)
    if p.step_loads != 1:
        yield dataclasses.replace(p, step_loads=1)
    if p.step_global:
        yield dataclasses.replace(p, step_global="", step_cap=0, step_loads=1)
    if p.step_name != "step":
        yield dataclasses.replace(p, step_name="step")
    for i, op in enumerate(p.ops):
        # Drop one op of a loop body (with what uses it), keeping the yields' producers.
        if isinstance(op, For):
            for j in reversed(range(len(op.body))):
                body = _without_op(dataclasses.replace(p, ops=op.body), j).ops  # type: ignore[union-attr]
                if set(op.yields) - set(op.args) <= {d for x in body for d in x.defs()}:
                    ops = list(p.ops)
                    ops[i] = dataclasses.replace(op, body=body)
                    yield dataclasses.replace(p, ops=tuple(ops))
    yield from _simpler_ranges(p)


def _valid(p: Program) -> bool:
    try:
        check(p)
    except InvalidProgram:
        return False
    return bool(p.ops)


def reduce_program(program: Program, still_fails: Callable[[Program], bool], max_attempts: int = 200) -> Program:
    """The smallest program reachable by the moves above for which ``still_fails`` holds."""
    attempts = 0
    progress = True
    while progress and attempts < max_attempts:
        progress = False
        for candidate in _candidates(program):
            if not _valid(candidate):
                continue
            attempts += 1
            if still_fails(candidate):
                program, progress = candidate, True
                break
            if attempts >= max_attempts:
                break
    return program
