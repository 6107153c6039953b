"""The reference: a numpy interpreter of a program's value semantics.

Every SSA value is an immutable array: a slice is a copy made where the slice is, an in-place
op produces a new array (its operand is dead afterwards, see :mod:`.program`), and ops run in
program order. This is what the stream-async program *means*; IREE, with or without the
rewrite, must compute exactly these bits. The interpreter shares no code with the compiler or
the analysis, so agreement between them is evidence, not a tautology.

Where IREE's meaning of an index op differs from the textbook one, the interpreter computes what
IREE computes (``util.align`` is a bit mask, :func:`.program._align_iree`); loops run as their
own comparison says (signed or unsigned 64-bit bounds).

The same run records a :class:`Trace` of every op instance: which *dynamic* values it used and
defined, which bytes of which *buffer* it read and wrote. Buffers are storage: an in-place op's
result, a loop's iteration argument, a region's result, a reloaded global all share the buffer
of the value they continue. The trace is what :mod:`.audit` checks alias decisions against
(analysis-level soundness, including races that the ``local-sync`` runtime never shows), and
what :func:`trace_races` finds racy programs with.
"""

from __future__ import annotations

from dataclasses import dataclass, field

import numpy as np

from . import executables as ex
from .program import (
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
    GStore,
    Import,
    Input,
    InvalidProgram,
    Iota,
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
    callee_numbers,
    import_initial,
    late_splat_value,
)
from .render import initial_base


@dataclass
class Event:
    """One executed op instance. ``name`` identifies the op the way the analysis' decisions do:
    ``("p", "v7")`` for the slice defining ``%v7`` in the program's function, ``("c3", "s")``
    for the slice inside callee number 3."""

    index: int
    kind: str
    name: tuple[str, str]
    uses: tuple[int, ...]
    defs: tuple[int, ...]
    reads: list[tuple[int, int, int]] = field(default_factory=list)  # (buffer, lo, hi) elements
    writes: list[tuple[int, int, int]] = field(default_factory=list)
    escapes: tuple[int, ...] = ()  # dynamic values it stores or exports (their storage outlives the step)
    src: tuple[int, int, int] | None = None  # a slice's source bytes
    program_index: int = -1  # position of a top-level op in program.ops (-1 inside bodies/callees)
    #: A fill of every byte of its target: IREE's canonicalizer makes it a fresh splat
    #: (FlattenFullFillToSplat), which writes no existing buffer once scheduling has run.
    whole_fill: bool = False


@dataclass
class Trace:
    events: list[Event] = field(default_factory=list)
    producer: dict[int, int] = field(default_factory=dict)  # dynamic value -> event index
    buffer: dict[int, int] = field(default_factory=dict)  # dynamic value -> buffer

    def ancestors(self, index: int) -> set[int]:
        """Events that event ``index`` depends on through resource def-use (transitively)."""
        seen: set[int] = set()
        work = list(self.events[index].uses)
        while work:
            d = work.pop()
            j = self.producer.get(d)
            if j is None or j in seen:
                continue
            seen.add(j)
            work.extend(self.events[j].uses)
        return seen


def _span(r: Range, step: int, iv: int, size: int, what: str) -> slice:
    a, b = r.at(step, iv)
    if not 0 <= a < b <= size:
        raise InvalidProgram(
            f"{what}: range [{a}, {b}) empty or out of bounds of {size} elements (step {step}, iteration {iv})"
        )
    return slice(a, b)


def interpret(program: Program, k: int, steps: tuple[int, ...] = STEPS) -> list[list[np.ndarray]]:
    """Outputs of program ``k`` (its position in the module: globals' initial values depend on
    it) for each call, with globals persisting between calls like the compiled module's."""
    state = _initial_state(program, k)
    results: list[list[np.ndarray]] = []
    for i, step in enumerate(steps):
        vals = _Machine(program, state, step, first=None if i else k).run()
        kept = [ex.iota(op.size, op.base) for op in program.kept_inputs()]  # the caller's, unchanged
        results.append([vals[v].copy() for v in program.outputs() + program.passed_back()] + kept)
    return results


def traces(program: Program, steps: tuple[int, ...] = STEPS) -> list[Trace]:
    """One :class:`Trace` per call of :data:`STEPS` (globals persist between them)."""
    state = _initial_state(program, 0)
    out = []
    for i, step in enumerate(steps):
        m = _Machine(program, state, step, Trace(), first=None if i else 0)
        m.run()
        out.append(m.trace)  # type: ignore[arg-type]
    return out


def check_bounds(program: Program) -> None:
    """Run every step, raising :class:`InvalidProgram` on a range that is empty or out of
    bounds in an op instance that executes (see :func:`.program.check`)."""
    state = _initial_state(program, 0)
    for i, step in enumerate(STEPS):
        _Machine(program, state, step, first=None if i else 0).run()


def _initial_state(program: Program, k: int) -> dict[str, np.ndarray]:
    """Each global's ``iota``; a twin starts equal to the global it is the twin of."""
    index = {g.name: gi for gi, g in enumerate(program.globals)}
    return {g.name: ex.iota(g.size, initial_base(k, index[g.twin or g.name])) for g in program.globals}


def trace_races(program: Program) -> list[str]:
    """Reads (of kept values) that come before an in-place write of the same bytes in program
    order but that nothing orders before it, found on the trace (loops, branches and callees
    too)."""
    found = []
    for step, trace in zip(STEPS, traces(program)):
        for w in trace.events:
            if not w.writes:
                continue
            before = trace.ancestors(w.index)
            for r in trace.events[: w.index]:
                if r.index in before or r is w:
                    continue
                if any(b == wb and lo < whi and wlo < hi for b, lo, hi in r.reads for wb, wlo, whi in w.writes):
                    found.append(f"step {step}: {r.kind} {r.name[1]} before {w.kind} {w.name[1]}")
    return found


class _Machine:
    """One call of the program's function: values by static id, and (when tracing) dynamic
    values, buffers and events."""

    def __init__(
        self,
        program: Program,
        state: dict[str, np.ndarray],
        step: int,
        trace: Trace | None = None,
        finals: dict[str, int] | None = None,
        first: int | None = None,
    ) -> None:
        """``first``: at the first call, the program's number (what the host passes its imports
        then depends on it); None at later calls, where the host passes back the buffers the
        call before exported."""
        self.p = program
        self.first = first
        self.state = state
        self.step = step
        self.trace = trace
        self.finals = program.global_finals() if finals is None else finals
        self.vals: dict[int, np.ndarray] = {}
        self.dyn: dict[int, int] = {}
        self._dyn_count = 0
        self._buf_count = 0
        self.gbuf: dict[str, int] = {}
        self.glast: dict[str, int] = {}
        self.callee_number = callee_numbers(program)
        self.sizes = {g.name: g.size for g in program.globals}

    # -- values ------------------------------------------------------------------------------
    def new_buffer(self) -> int:
        self._buf_count += 1
        return self._buf_count

    def define(self, v: int, array: np.ndarray, buffer: int | None = None) -> int:
        array = np.ascontiguousarray(array, dtype=np.int32)
        array.flags.writeable = False  # values are immutable: a bug here would be loud
        self.vals[v] = array
        self._dyn_count += 1
        d = self._dyn_count
        self.dyn[v] = d
        if self.trace is not None:
            self.trace.buffer[d] = self.new_buffer() if buffer is None else buffer
        return d

    def bind(self, v: int, source: int) -> None:
        """``v`` is another name of ``source`` (region argument or result): same array, same
        dynamic value."""
        self.vals[v] = self.vals[source]
        self.dyn[v] = self.dyn[source]

    def buf(self, v: int) -> int:
        return self.trace.buffer[self.dyn[v]] if self.trace is not None else 0

    def event(
        self,
        kind: str,
        name: tuple[str, str],
        uses: tuple[int, ...],
        defs: tuple[int, ...],
        reads=(),
        writes=(),
        escapes=(),
        src=None,
        top: int = -1,
    ) -> None:
        if self.trace is None:
            return
        t = self.trace
        e = Event(
            len(t.events),
            kind,
            name,
            tuple(self.dyn[u] for u in uses),
            tuple(self.dyn[d] for d in defs),
            [(self.buf(v), a, b) for v, a, b in reads],
            [(self.buf(v), a, b) for v, a, b in writes],
            tuple(self.dyn[v] for v in escapes),
            None if src is None else (self.buf(src[0]), src[1], src[2]),
            top,
        )
        t.events.append(e)
        for d in e.defs:
            t.producer[d] = e.index

    # -- running -----------------------------------------------------------------------------
    def run(self) -> dict[int, np.ndarray]:
        for name in self.p.globals:
            self.gbuf[name.name] = self.new_buffer()
        self.ops(self.p.ops, iv=0, top=True)
        for name, v in self.finals.items():
            self.state[name] = self.vals[v].copy()
            self.event("store", ("p", f"store {name}"), (v,), (), escapes=(v,))
        for v in self.p.outputs():
            n = len(self.vals[v])
            self.event("export", ("p", f"export v{v}"), (v,), (), reads=[(v, 0, n)], escapes=(v,))
        return self.vals

    def ops(self, ops: tuple, iv: int, top: bool = False, where: str = "p") -> None:
        for i, op in enumerate(ops):
            self.op(op, iv, i if top else -1, where)

    def op(self, op, iv: int, top: int, where: str) -> None:  # noqa: C901 - one branch per op kind
        step = self.step
        vals = self.vals
        what = f"{op.kind} at step {step}"
        name = (where, f"v{op.defs()[0]}" if op.defs() else op.kind)
        if isinstance(op, Load):
            d = self.define(op.out, self.state[op.glob].copy(), self.gbuf[op.glob])
            self.event("load", name, (), (op.out,), top=top)
            del d
        elif isinstance(op, (GLoad, GetGlobal)):
            # A getter call returns the global's buffer: the same as a reload.
            self.define(op.out, self.state[op.glob].copy(), self.gbuf[op.glob])
            if self.trace is not None:
                last = self.glast.get(op.glob)
                e_uses = () if last is None else (last,)
                self.trace.events.append(
                    Event(len(self.trace.events), "gload", name, e_uses, (self.dyn[op.out],), program_index=top)
                )
                self.trace.producer[self.dyn[op.out]] = len(self.trace.events) - 1
        elif isinstance(op, Import):
            # From the second call on the global's buffer (its value at the start of the call);
            # at the first, a fresh array. Traced as the global's storage either way.
            size = self.sizes[op.glob]
            if self.first is not None:
                n, base = import_initial(self.first, self.p.imports().index(op), size)
                value = ex.iota(n, base)
            else:
                value = self.state[op.glob].copy()
            self.define(op.out, value, self.gbuf.get(op.glob) if self.trace is not None else None)
            self.event("import", name, (), (op.out,), top=top)
        elif isinstance(op, Input):
            self.define(op.out, ex.iota(op.size, op.base))
            self.event("input", name, (), (op.out,), top=top)
        elif isinstance(op, GStore):
            for glob in (op.glob, op.also) if op.also else (op.glob,):
                self.state[glob] = vals[op.value].copy()
                if self.trace is not None:
                    # The second global gets a buffer of its own: what value semantics means,
                    # and what the rewrite's repair of the sharing IREE makes of it gives.
                    self.gbuf[glob] = self.buf(op.value) if glob == op.glob else self.new_buffer()
                    self.glast[glob] = self.dyn[op.value]
            self.event("gstore", name, (op.value,), (), escapes=(op.value,), top=top)
        elif isinstance(op, SetGlobal):
            self.set_global(op.glob, op.range, op.value, (where, f"set {op.glob}"), top)
        elif isinstance(op, Iota):
            self.define(op.out, ex.iota(op.size.at(step), op.base))
            self.event("iota", name, (), (op.out,), top=top)
        elif isinstance(op, Splat):
            self.define(op.out, np.full(op.size.at(step), op.value, dtype=np.int32))
            self.event("splat", name, (), (op.out,), top=top)
        elif isinstance(op, Slice):
            span = _span(op.range, step, iv, len(vals[op.src]), what)
            self.define(op.out, vals[op.src][span].copy())
            self.event(
                "slice",
                name,
                (op.src,),
                (op.out,),
                reads=[(op.src, span.start, span.stop)],
                src=(op.src, span.start, span.stop),
                top=top,
            )
        elif isinstance(op, Update):
            out = vals[op.dst].copy()
            upd = vals[op.upd]
            start = op.start.at(step, iv)
            if not (0 <= start and start + len(upd) <= len(out)) or op.short >= len(upd):
                raise InvalidProgram(
                    f"{what}: update at {start} of {len(upd)} out of bounds of {len(out)} (or spelled {op.short} short)"
                )
            out[start : start + len(upd)] = upd
            self.define(op.out, out, self.buf(op.dst))
            self.event(
                "update",
                name,
                (op.upd, op.dst),
                (op.out,),
                reads=[(op.upd, 0, len(upd))],
                writes=[(op.dst, start, start + len(upd))],
                top=top,
            )
        elif isinstance(op, Copy):
            out = vals[op.dst].copy()
            span = _span(op.src_range, step, iv, len(vals[op.src]), what)
            src = vals[op.src][span]
            start = op.dst_start.at(step, iv)
            if not (0 <= start and start + len(src) <= len(out)) or op.short >= len(src):
                raise InvalidProgram(
                    f"{what}: copy to {start} of {len(src)} out of bounds of {len(out)} (or spelled {op.short} short)"
                )
            out[start : start + len(src)] = src
            self.define(op.out, out, self.buf(op.dst))
            self.event(
                "copy",
                name,
                (op.src, op.dst),
                (op.out,),
                reads=[(op.src, span.start, span.stop)],
                writes=[(op.dst, start, start + len(src))],
                top=top,
            )
        elif isinstance(op, Fill):
            out = vals[op.dst].copy()
            span = _span(op.range, step, iv, len(out), what)
            out[span] = op.value
            self.define(op.out, out, self.buf(op.dst))
            self.event("fill", name, (op.dst,), (op.out,), writes=[(op.dst, span.start, span.stop)], top=top)
            if self.trace is not None:
                self.trace.events[-1].whole_fill = span.start == 0 and span.stop == len(out)
        elif isinstance(op, Scale):
            out = vals[op.dst].copy()
            span = _span(op.range, step, iv, len(out), what)
            out[span] = ex.scale(out[span])
            self.define(op.out, out, self.buf(op.dst))
            self.event(
                "scale",
                name,
                (op.dst,),
                (op.out,),
                reads=[(op.dst, span.start, span.stop)],
                writes=[(op.dst, span.start, span.stop)],
                top=top,
            )
        elif isinstance(op, Clone):
            self.define(op.out, vals[op.src].copy())
            self.event("clone", name, (op.src,), (op.out,), reads=[(op.src, 0, len(vals[op.src]))], top=top)
        elif isinstance(op, Sum):
            span = _span(op.range, step, iv, len(vals[op.src]), what)
            self.define(op.out, ex.wsum(vals[op.src][span]))
            self.event("sum", name, (op.src,), (op.out,), reads=[(op.src, span.start, span.stop)], top=top)
        elif isinstance(op, Mix):
            span = _span(op.a_range, step, iv, len(vals[op.a]), what)
            a = vals[op.a][span]
            start = op.b_start.at(step, iv)
            if not (0 <= start and start + len(a) <= len(vals[op.b])):
                raise InvalidProgram(f"{what}: mix operand b out of bounds")
            b = vals[op.b][start : start + len(a)]
            self.define(op.out, ex.mix(a, b))
            self.event(
                "mix",
                name,
                (op.a, op.b),
                (op.out,),
                reads=[(op.a, span.start, span.stop), (op.b, start, start + len(a))],
                top=top,
            )
        elif isinstance(op, Call):
            self.call(op, iv, top)
        elif isinstance(op, For):
            for a, i in zip(op.args, op.inits):
                self.bind(a, i)
            for j in range(op.trips(step)):
                self.ops(op.body, j, where=where)
                carried = [(a, self.vals[y], self.dyn[y]) for a, y in zip(op.args, op.yields)]
                for a, array, d in carried:
                    self.vals[a], self.dyn[a] = array, d
            for o, a in zip(op.outs, op.args):
                self.bind(o, a)
        elif isinstance(op, Branch):
            b = op.taken(step)
            self.ops(op.branches[b], iv, where=where)
            for o, y in zip(op.outs, op.yields[b]):
                self.bind(o, y)
        elif isinstance(op, Discard):
            pass
        else:  # pragma: no cover
            raise TypeError(f"cannot interpret {op!r}")

    def set_global(self, glob: str, r: Range, value: int, name: tuple[str, str], top: int = -1) -> None:
        """A setter call: the global's stored value, filled in place over ``r``. Its write is
        ordered after nothing but the last store of the global (the setter's load)."""
        new = self.state[glob].copy()
        span = _span(r, self.step, 0, len(new), f"setter of @{glob} at step {self.step}")
        new[span] = value
        self.state[glob] = new
        if self.trace is None:
            return
        last = self.glast.get(glob)
        self.trace.events.append(
            Event(
                len(self.trace.events),
                "setglobal",
                name,
                () if last is None else (last,),
                (),
                writes=[(self.gbuf[glob], span.start, span.stop)],
                program_index=top,
            )
        )

    def call(self, op: Call, iv: int, top: int) -> None:
        """The callee's ops as events of their own (function ``c<n>``): the argument is the
        caller's dynamic value, so dependences cross the call exactly as SSA says."""
        step = self.step
        where = f"c{self.callee_number[id(op)]}"
        arg = self.vals[op.arg]
        what = f"call at step {step}"
        read_range = op.slice_range or op.sum_range
        span = _span(read_range, step, 0, len(arg), what)  # type: ignore[arg-type]
        read = arg[span].copy()
        # Callee-local values get negative static ids (distinct from the program's).
        s_id, u_id, r_id = -1_000_000 - 3 * op.result, -1_000_001 - 3 * op.result, -1_000_002 - 3 * op.result
        if op.slice_range is not None:
            self.define(s_id, read)
            self.event(
                "slice",
                (where, "s"),
                (op.arg,),
                (s_id,),
                reads=[(op.arg, span.start, span.stop)],
                src=(op.arg, span.start, span.stop),
            )
        else:
            self.define(r_id, ex.wsum(read))
            self.event("sum", (where, "r"), (op.arg,), (r_id,), reads=[(op.arg, span.start, span.stop)])
        if op.scale_range is not None:
            out = arg.copy()
            sspan = _span(op.scale_range, step, 0, len(arg), what)
            out[sspan] = ex.scale(out[sspan])
            self.define(u_id, out, self.buf(op.arg))
            self.event(
                "scale",
                (where, "u"),
                (op.arg,),
                (u_id,),
                reads=[(op.arg, sspan.start, sspan.stop)],
                writes=[(op.arg, sspan.start, sspan.stop)],
            )
            self.bind(op.out, u_id)  # type: ignore[arg-type]
        if op.set_global:
            assert op.set_range is not None
            self.set_global(op.set_global, op.set_range, op.set_value, (where, f"set {op.set_global}"))
        if op.slice_range is not None:
            self.define(r_id, ex.wsum(read))
            self.event("sum", (where, "r"), (s_id,), (r_id,), reads=[(s_id, 0, len(read))])
        if op.late:
            # The sum goes to a sink global; the result is a fresh splat that does not wait for it.
            self.event("gstore", (where, "sink"), (r_id,), (), escapes=(r_id,))
            self.define(op.result, np.full(1, late_splat_value(self.callee_number[id(op)]), dtype=np.int32))
            self.event("splat", (where, "z"), (), (op.result,))
        else:
            self.bind(op.result, r_id)
