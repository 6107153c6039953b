"""The reference: a numpy interpreter of a program's value semantics.

Every SSA value is an immutable array: a slice is a copy made where the slice is, an in-place
op produces a new array (its operand is dead afterwards, see :mod:`.program`), and ops run in
program order. This is what the stream-async program *means*; IREE, with or without the
rewrite, must compute exactly these bits. The interpreter shares no code with the compiler or
the analysis, so agreement between them is evidence, not a tautology.
"""

from __future__ import annotations

import numpy as np

from . import executables as ex
from .program import (
    STEPS,
    Call,
    Clone,
    Copy,
    Discard,
    Fill,
    Iota,
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
from .render import initial_base


def _span(r: Range, step: int) -> slice:
    a, b = r.at(step)
    return slice(a, b)


def interpret(program: Program, k: int, steps: tuple[int, ...] = STEPS) -> list[list[np.ndarray]]:
    """Outputs of program ``k`` (its position in the module: globals' initial values depend on
    it) for each call, with globals persisting between calls like the compiled module's."""
    state = {g.name: ex.iota(g.size, initial_base(k, gi)) for gi, g in enumerate(program.globals)}
    finals = program.global_finals()
    outputs = program.outputs()
    results: list[list[np.ndarray]] = []
    for step in steps:
        vals = _run(program, state, step)
        for name, v in finals.items():
            state[name] = vals[v].copy()
        results.append([vals[v].copy() for v in outputs])
    return results


def interpret_variant_at(program: Program, variant: Program, k: int, call: int,
                         steps: tuple[int, ...] = STEPS) -> list[np.ndarray]:
    """The outputs of call number ``call`` when calls before it run ``program`` and that call
    runs ``variant`` (same value ids, e.g. a :func:`.program.race_reorderings` entry): what
    IREE computes if the variant's order happened in that call only."""
    state = {g.name: ex.iota(g.size, initial_base(k, gi)) for gi, g in enumerate(program.globals)}
    finals = program.global_finals()
    for step in steps[:call]:
        vals = _run(program, state, step)
        for name, v in finals.items():
            state[name] = vals[v].copy()
    vals = _run(variant, state, steps[call])
    return [vals[v].copy() for v in program.outputs()]


def _run(program: Program, state: dict[str, np.ndarray], step: int) -> dict[int, np.ndarray]:  # noqa: C901
    vals: dict[int, np.ndarray] = {}

    def new(v: int, array: np.ndarray) -> None:
        array = np.ascontiguousarray(array, dtype=np.int32)
        array.flags.writeable = False  # values are immutable: a bug here would be loud
        vals[v] = array

    for op in program.ops:
        if isinstance(op, Load):
            new(op.out, state[op.glob].copy())
        elif isinstance(op, Iota):
            new(op.out, ex.iota(op.size.at(step), op.base))
        elif isinstance(op, Splat):
            new(op.out, np.full(op.size.at(step), op.value, dtype=np.int32))
        elif isinstance(op, Slice):
            new(op.out, vals[op.src][_span(op.range, step)].copy())
        elif isinstance(op, Update):
            out = vals[op.dst].copy()
            upd = vals[op.upd]
            start = op.start.at(step)
            out[start : start + len(upd)] = upd
            new(op.out, out)
        elif isinstance(op, Copy):
            out = vals[op.dst].copy()
            src = vals[op.src][_span(op.src_range, step)]
            start = op.dst_start.at(step)
            out[start : start + len(src)] = src
            new(op.out, out)
        elif isinstance(op, Fill):
            out = vals[op.dst].copy()
            out[_span(op.range, step)] = op.value
            new(op.out, out)
        elif isinstance(op, Scale):
            out = vals[op.dst].copy()
            span = _span(op.range, step)
            out[span] = ex.scale(out[span])
            new(op.out, out)
        elif isinstance(op, Clone):
            new(op.out, vals[op.src].copy())
        elif isinstance(op, Sum):
            new(op.out, ex.wsum(vals[op.src][_span(op.range, step)]))
        elif isinstance(op, Mix):
            a = vals[op.a][_span(op.a_range, step)]
            start = op.b_start.at(step)
            b = vals[op.b][start : start + len(a)]
            new(op.out, ex.mix(a, b))
        elif isinstance(op, Call):
            arg = vals[op.arg]
            read = arg[_span(op.slice_range or op.sum_range, step)].copy()  # type: ignore[arg-type]
            if op.scale_range is not None:
                out = arg.copy()
                span = _span(op.scale_range, step)
                out[span] = ex.scale(out[span])
                new(op.out, out)  # type: ignore[arg-type]
            new(op.result, ex.wsum(read))
        elif isinstance(op, Discard):
            pass
        else:  # pragma: no cover
            raise TypeError(f"cannot interpret {op!r}")
    return vals
