"""The description of a generated program: what hypothesis draws and shrinks.

Why a description and not text: shrinking must act on program structure (drop an op, make a
range constant, shrink a size), and two independent consumers -- the MLIR renderer
(:mod:`.render`) and the numpy interpreter (:mod:`.interp`) -- must read one source of truth.

A program is one public function ``@p<k>(%step: index)``: it loads its private globals, runs a
straight-line list of ops over resource *values*, stores the globals back and exports every
value still live. Values are numbered; each op names the values it uses and defines.

Validity, kept by construction (see :mod:`.strategies`) and checked by :func:`check`:

* every range is in bounds and non-empty for every ``step`` in ``0..STEP_MAX``;
* a value written in place (the tied operand of update/copy/fill/scale, or the argument of a
  call that scales it) is *consumed*: later ops use the op's result, never the old value. That
  is the form IREE's copy-on-write materialization leaves behind, and the only form in which
  "every SSA value is an immutable array" (the interpreter's semantics) is what the program
  means. Uses *earlier* in program order are allowed even when SSA does not order them after
  the write: the slice-before-update pattern this project exists for;
* a copy or update never reads and writes the same value.

Sizes and offsets are in ``i32`` elements (4 bytes); ``Lin(c0, c1)`` is ``c0 + c1 * step``.
"""

from __future__ import annotations

import dataclasses
import json
from dataclasses import dataclass
from typing import Any, ClassVar, Optional, Union

#: Largest ``step`` a program is run with; ranges are valid for every step in 0..STEP_MAX.
STEP_MAX = 3
#: The order of calls at run time. Globals persist between calls, so order matters; it is not
#: monotonic on purpose.
STEPS: tuple[int, ...] = (0, 2, 1, 3)
ELEMENT_BYTES = 4


@dataclass(frozen=True)
class Lin:
    """``c0 + c1 * step`` (elements, non-negative coefficients)."""

    c0: int
    c1: int = 0

    def at(self, step: int) -> int:
        return self.c0 + self.c1 * step

    def __add__(self, other: "Lin") -> "Lin":
        return Lin(self.c0 + other.c0, self.c1 + other.c1)

    def lo(self) -> int:
        return min(self.at(0), self.at(STEP_MAX))

    def fits_in(self, other: "Lin") -> bool:
        """``self <= other`` for every step in 0..STEP_MAX (linear: the endpoints suffice)."""
        return all(self.at(s) <= other.at(s) for s in (0, STEP_MAX))

    def __str__(self) -> str:
        if not self.c1:
            return str(self.c0)
        return f"{self.c0}+{self.c1}s" if self.c0 else f"{self.c1}s"


@dataclass(frozen=True)
class Range:
    """``[start, start + length)``; ``form`` picks how the renderer spells the arithmetic
    (0: shared arith ops, 1: a fresh ``affine.apply`` per bound, 2: fresh arith ops in another
    order, end = start + length), so equal values often have different SSA spellings."""

    start: Lin
    length: Lin
    form: int = 0

    @property
    def end(self) -> Lin:
        return self.start + self.length

    def at(self, step: int) -> tuple[int, int]:
        return self.start.at(step), self.end.at(step)

    def __str__(self) -> str:
        return f"[{self.start}, {self.end})"


@dataclass(frozen=True)
class GlobalDecl:
    """A private mutable ``!stream.resource<variable>`` global, initialized by ``iota``."""

    name: str
    size: int


# -- ops --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    kind: ClassVar[str] = ""

    def uses(self) -> tuple[int, ...]:
        return ()

    def consumed(self) -> Optional[int]:
        """The value this op writes in place (dead afterwards), if any."""
        return None

    def defs(self) -> tuple[int, ...]:
        return ()


@dataclass(frozen=True)
class Load(Op):
    """``util.global.load`` (all loads come first, one per global)."""

    kind: ClassVar[str] = "load"
    out: int
    glob: str

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Iota(Op):
    kind: ClassVar[str] = "iota"
    out: int
    size: Lin
    base: int

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Splat(Op):
    kind: ClassVar[str] = "splat"
    out: int
    size: Lin
    value: int

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Slice(Op):
    kind: ClassVar[str] = "slice"
    out: int
    src: int
    range: Range

    def uses(self) -> tuple[int, ...]:
        return (self.src,)

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Update(Op):
    """``dst[start, start + size(upd)) = upd`` in place."""

    kind: ClassVar[str] = "update"
    out: int
    upd: int
    dst: int
    start: Lin
    form: int = 0

    def uses(self) -> tuple[int, ...]:
        return (self.upd, self.dst)

    def consumed(self) -> Optional[int]:
        return self.dst

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Copy(Op):
    """``dst[dst_start, + len) = src[src_range]`` in place."""

    kind: ClassVar[str] = "copy"
    out: int
    src: int
    src_range: Range
    dst: int
    dst_start: Lin

    def uses(self) -> tuple[int, ...]:
        return (self.src, self.dst)

    def consumed(self) -> Optional[int]:
        return self.dst

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Fill(Op):
    kind: ClassVar[str] = "fill"
    out: int
    dst: int
    range: Range
    value: int

    def uses(self) -> tuple[int, ...]:
        return (self.dst,)

    def consumed(self) -> Optional[int]:
        return self.dst

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Scale(Op):
    """The tied ``scale`` dispatch over ``dst[range]`` (x -> 2x + 1 in place)."""

    kind: ClassVar[str] = "scale"
    out: int
    dst: int
    range: Range

    def uses(self) -> tuple[int, ...]:
        return (self.dst,)

    def consumed(self) -> Optional[int]:
        return self.dst

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Clone(Op):
    kind: ClassVar[str] = "clone"
    out: int
    src: int

    def uses(self) -> tuple[int, ...]:
        return (self.src,)

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Sum(Op):
    """The ``wsum`` dispatch over ``src[range]`` into a fresh one-element value."""

    kind: ClassVar[str] = "sum"
    out: int
    src: int
    range: Range

    def uses(self) -> tuple[int, ...]:
        return (self.src,)

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Mix(Op):
    """The ``mix`` dispatch: fresh ``a[a_range] + 3 * b[b_start, + len)``."""

    kind: ClassVar[str] = "mix"
    out: int
    a: int
    a_range: Range
    b: int
    b_start: Lin

    def uses(self) -> tuple[int, ...]:
        return (self.a, self.b)

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Call(Op):
    """A call of a private ``util.func`` made for this op, passing ``arg``, its size and step.

    The callee, in order: slices ``arg[slice_range]`` (if given) else sums ``arg[sum_range]``;
    scales ``arg[scale_range]`` in place (if given; then ``arg`` is consumed and ``out`` is the
    returned, tied-through value); sums the slice (if any). ``result`` is the sum.
    """

    kind: ClassVar[str] = "call"
    out: Optional[int]
    result: int
    arg: int
    slice_range: Optional[Range]
    sum_range: Optional[Range]
    scale_range: Optional[Range]

    def uses(self) -> tuple[int, ...]:
        return (self.arg,)

    def consumed(self) -> Optional[int]:
        return self.arg if self.scale_range is not None else None

    def defs(self) -> tuple[int, ...]:
        return ((self.out,) if self.out is not None else ()) + (self.result,)


@dataclass(frozen=True)
class Discard(Op):
    """Not an op: ``value`` is no longer exported (so writes after its last read may be ordered
    after every read, the 'ordered-after' case)."""

    kind: ClassVar[str] = "discard"
    value: int

    def uses(self) -> tuple[int, ...]:
        return ()


OP_TYPES: dict[str, type] = {
    cls.kind: cls for cls in (Load, Iota, Splat, Slice, Update, Copy, Fill, Scale, Clone, Sum, Mix, Call, Discard)
}
AnyOp = Union[Load, Iota, Splat, Slice, Update, Copy, Fill, Scale, Clone, Sum, Mix, Call, Discard]


@dataclass(frozen=True)
class Program:
    globals: tuple[GlobalDecl, ...]
    ops: tuple[AnyOp, ...]
    #: ``util.assume.int %step<umin = 0, umax = assume_max>`` when set (>= STEP_MAX).
    assume_max: Optional[int] = None

    # -- derived facts ---------------------------------------------------------------------
    def value_info(self) -> dict[int, "ValueInfo"]:
        """Size, lifetime and storage chain of every value (chains: one per fresh buffer)."""
        info: dict[int, ValueInfo] = {}
        sizes = {g.name: g.size for g in self.globals}
        chain_count = 0

        def fresh(v: int, size: Lin, lifetime: str) -> None:
            nonlocal chain_count
            info[v] = ValueInfo(size, lifetime, chain_count)
            chain_count += 1

        for op in self.ops:
            if isinstance(op, Load):
                fresh(op.out, Lin(sizes[op.glob]), "variable")
            elif isinstance(op, (Iota, Splat)):
                fresh(op.out, op.size, "transient")
            elif isinstance(op, Slice):
                fresh(op.out, op.range.length, info[op.src].lifetime)
            elif isinstance(op, (Update, Copy, Fill, Scale)):
                info[op.out] = info[op.dst]
            elif isinstance(op, Clone):
                fresh(op.out, info[op.src].size, "transient")
            elif isinstance(op, Sum):
                fresh(op.out, Lin(1), "transient")
            elif isinstance(op, Mix):
                fresh(op.out, op.a_range.length, "transient")
            elif isinstance(op, Call):
                if op.out is not None:
                    info[op.out] = info[op.arg]
                fresh(op.result, Lin(1), "transient")
        return info

    def outputs(self) -> list[int]:
        """Values exported at the end, in order: every live value not discarded."""
        live: dict[int, None] = {}
        for op in self.ops:
            if isinstance(op, Discard):
                live.pop(op.value, None)
                continue
            c = op.consumed()
            if c is not None:
                live.pop(c, None)
            for d in op.defs():
                live[d] = None
        return list(live)

    def global_finals(self) -> dict[str, int]:
        """Global name -> the value stored back at the end (the chain's last version)."""
        finals: dict[str, int] = {}
        current: dict[int, str] = {}
        for op in self.ops:
            if isinstance(op, Load):
                finals[op.glob] = op.out
                current[op.out] = op.glob
            elif op.consumed() is not None and op.consumed() in current:
                g = current.pop(op.consumed())
                new = op.out  # type: ignore[union-attr]
                finals[g] = new
                current[new] = g
        return finals

    def slice_count(self) -> int:
        return sum(isinstance(op, Slice) for op in self.ops) + sum(
            isinstance(op, Call) and op.slice_range is not None for op in self.ops
        )

    # -- serialization (regression files) --------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        return {
            "globals": [dataclasses.asdict(g) for g in self.globals],
            "ops": [{"kind": op.kind, **_plain(op)} for op in self.ops],
            "assume_max": self.assume_max,
        }

    @staticmethod
    def from_json(data: dict[str, Any]) -> "Program":
        ops = []
        for raw in data["ops"]:
            raw = dict(raw)
            cls = OP_TYPES[raw.pop("kind")]
            kwargs = {}
            for f in dataclasses.fields(cls):
                kwargs[f.name] = _revive(raw[f.name])
            ops.append(cls(**kwargs))
        return Program(
            globals=tuple(GlobalDecl(**g) for g in data["globals"]),
            ops=tuple(ops),
            assume_max=data.get("assume_max"),
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    def describe(self) -> str:
        """A compact human-readable listing (used in failure reports)."""
        lines = [f"globals: {', '.join(f'@{g.name}[{g.size}]' for g in self.globals) or '-'}"]
        if self.assume_max is not None:
            lines.append(f"assume step <= {self.assume_max}")
        for op in self.ops:
            lines.append("  " + _describe_op(op))
        lines.append(f"exports: {', '.join(f'v{v}' for v in self.outputs())}")
        return "\n".join(lines)


@dataclass(frozen=True)
class ValueInfo:
    size: Lin
    lifetime: str  # "variable" | "transient"
    chain: int


def _plain(op: Op) -> dict[str, Any]:
    return {f.name: _to_plain(getattr(op, f.name)) for f in dataclasses.fields(op)}


def _to_plain(x: Any) -> Any:
    if isinstance(x, Lin):
        return {"lin": [x.c0, x.c1]}
    if isinstance(x, Range):
        return {"range": [[x.start.c0, x.start.c1], [x.length.c0, x.length.c1], x.form]}
    return x


def _revive(x: Any) -> Any:
    if isinstance(x, dict) and "lin" in x:
        return Lin(*x["lin"])
    if isinstance(x, dict) and "range" in x:
        (s0, s1), (l0, l1), form = x["range"]
        return Range(Lin(s0, s1), Lin(l0, l1), form)
    return x


def _describe_op(op: Op) -> str:
    if isinstance(op, Load):
        return f"v{op.out} = load @{op.glob}"
    if isinstance(op, Iota):
        return f"v{op.out} = iota[{op.size}] base {op.base}"
    if isinstance(op, Splat):
        return f"v{op.out} = splat[{op.size}] {op.value}"
    if isinstance(op, Slice):
        return f"v{op.out} = slice v{op.src}{op.range}"
    if isinstance(op, Update):
        return f"v{op.out} = update v{op.dst}[{op.start}..] <- v{op.upd}"
    if isinstance(op, Copy):
        return f"v{op.out} = copy v{op.dst}[{op.dst_start}..] <- v{op.src}{op.src_range}"
    if isinstance(op, Fill):
        return f"v{op.out} = fill v{op.dst}{op.range} {op.value}"
    if isinstance(op, Scale):
        return f"v{op.out} = scale v{op.dst}{op.range} (in place)"
    if isinstance(op, Clone):
        return f"v{op.out} = clone v{op.src}"
    if isinstance(op, Sum):
        return f"v{op.out} = wsum v{op.src}{op.range}"
    if isinstance(op, Mix):
        return f"v{op.out} = mix v{op.a}{op.a_range} + 3 * v{op.b}[{op.b_start}..]"
    if isinstance(op, Call):
        parts = []
        if op.slice_range is not None:
            parts.append(f"slice {op.slice_range}")
        if op.sum_range is not None:
            parts.append(f"wsum {op.sum_range}")
        if op.scale_range is not None:
            parts.append(f"scale {op.scale_range}")
        outs = f"v{op.out}, v{op.result}" if op.out is not None else f"v{op.result}"
        return f"{outs} = call(v{op.arg}) {{{'; '.join(parts)}}}"
    if isinstance(op, Discard):
        return f"discard v{op.value}"
    return repr(op)


class InvalidProgram(ValueError):
    """A description that breaks the validity rules of the module docstring."""


def check(program: Program) -> None:
    """Raise :class:`InvalidProgram` unless ``program`` obeys the rules (module docstring)."""
    info: dict[int, ValueInfo] = {}
    live: set[int] = set()
    globals_ = {g.name: g for g in program.globals}
    loaded: set[str] = set()
    seen_non_load = False
    try:
        info_all = program.value_info()
    except KeyError as err:
        raise InvalidProgram(f"use of an undefined value {err}") from None

    def in_bounds(r: Range, v: int, what: str) -> None:
        if r.length.lo() < 1 or min(r.length.c0, r.length.c1, r.start.c0, r.start.c1) < 0:
            raise InvalidProgram(f"{what}: empty or negative range {r}")
        if not r.end.fits_in(info_all[v].size):
            raise InvalidProgram(f"{what}: range {r} out of bounds of v{v} (size {info_all[v].size})")

    for i, op in enumerate(program.ops):
        what = f"op {i} ({_describe_op(op)})"
        if isinstance(op, Load):
            if seen_non_load or op.glob not in globals_ or op.glob in loaded:
                raise InvalidProgram(f"{what}: loads come first, once per declared global")
            loaded.add(op.glob)
        else:
            seen_non_load = True
        for v in op.uses():
            if v not in live:
                raise InvalidProgram(f"{what}: v{v} is not live (undefined or consumed)")
        if isinstance(op, Discard) and op.value not in live:
            raise InvalidProgram(f"{what}: v{op.value} is not live")
        if isinstance(op, (Slice, Sum, Fill, Scale)):
            in_bounds(op.range, op.uses()[0], what)
        elif isinstance(op, Update):
            if op.upd == op.dst:
                raise InvalidProgram(f"{what}: reads and writes the same value")
            in_bounds(Range(op.start, info_all[op.upd].size), op.dst, what)
        elif isinstance(op, Copy):
            if op.src == op.dst:
                raise InvalidProgram(f"{what}: reads and writes the same value")
            in_bounds(op.src_range, op.src, what)
            in_bounds(Range(op.dst_start, op.src_range.length), op.dst, what)
        elif isinstance(op, Mix):
            in_bounds(op.a_range, op.a, what)
            in_bounds(Range(op.b_start, op.a_range.length), op.b, what)
        elif isinstance(op, Call):
            if (op.slice_range is None) == (op.sum_range is None):
                raise InvalidProgram(f"{what}: exactly one of slice_range and sum_range")
            if (op.scale_range is None) != (op.out is None):
                raise InvalidProgram(f"{what}: out exactly when the callee scales")
            for r in (op.slice_range, op.sum_range, op.scale_range):
                if r is not None:
                    in_bounds(r, op.arg, what)
        elif isinstance(op, (Iota, Splat)):
            if op.size.lo() < 1:
                raise InvalidProgram(f"{what}: empty value")
        c = op.consumed()
        if c is not None:
            live.discard(c)
        if isinstance(op, Discard):
            live.discard(op.value)
        for d in op.defs():
            if d in info or d in live:
                raise InvalidProgram(f"{what}: v{d} defined twice")
            info[d] = info_all[d]
            live.add(d)
    if loaded != set(globals_):
        raise InvalidProgram("every declared global is loaded")


# -- facts about a program's runs (used to classify a mismatch) --------------------------------


def _reads(op: Op, info: dict[int, ValueInfo]) -> list[tuple[int, Range]]:
    """(value, range) for each value ``op`` reads without writing it."""
    if isinstance(op, (Slice, Sum)):
        return [(op.src, op.range)]
    if isinstance(op, Mix):
        return [(op.a, op.a_range), (op.b, Range(op.b_start, op.a_range.length))]
    if isinstance(op, Copy):
        return [(op.src, op.src_range)]
    if isinstance(op, Update):
        return [(op.upd, Range(Lin(0), info[op.upd].size))]
    if isinstance(op, Clone):
        return [(op.src, Range(Lin(0), info[op.src].size))]
    if isinstance(op, Call) and op.scale_range is None:
        return [(op.arg, op.slice_range or op.sum_range)]  # type: ignore[list-item]
    return []


def _write(op: Op, info: dict[int, ValueInfo]) -> Optional[tuple[int, Range]]:
    """(value consumed, range written) of an in-place op."""
    if isinstance(op, Update):
        return op.dst, Range(op.start, info[op.upd].size)
    if isinstance(op, Copy):
        return op.dst, Range(op.dst_start, op.src_range.length)
    if isinstance(op, (Fill, Scale)):
        return op.dst, op.range
    if isinstance(op, Call) and op.scale_range is not None:
        return op.arg, op.scale_range
    return None


def _overlap(a: Range, b: Range, steps: tuple[int, ...]) -> bool:
    for s in steps:
        a0, a1 = a.at(s)
        b0, b1 = b.at(s)
        if a0 < b1 and b0 < a1:
            return True
    return False


def racy_reads(program: Program, steps: tuple[int, ...] = STEPS) -> list[str]:
    """Reads that come before an in-place write of the same bytes in program order but that
    nothing orders before it (the write does not depend on the read's result).

    IREE 3.13 may run such a read after the write (``tests/upstream_faults/minimal/
    read-moved-after-tied-write.json``), so a program with one has no single meaning on IREE:
    the interpreter's program order is one of the outcomes it can produce."""
    found = [f"op {j} ({_describe_op(program.ops[j])}) before op {i} ({_describe_op(program.ops[i])})"
             for j, i, _ in _race_pairs(program, steps)]
    for i, op in enumerate(program.ops):
        if isinstance(op, Call) and op.scale_range is not None:
            read = op.slice_range or op.sum_range
            if read is not None and _overlap(read, op.scale_range, steps):
                found.append(f"op {i} ({_describe_op(op)}): the callee reads before it scales in place")
    return found


def _race_pairs(program: Program, steps: tuple[int, ...] = STEPS) -> list[tuple[int, int, int]]:
    """``(read op, write op, value)`` for each read of :func:`racy_reads` between two ops."""
    info = program.value_info()
    producer: dict[int, int] = {}
    found = []
    for i, op in enumerate(program.ops):
        written = _write(op, info)
        if written is not None:
            value, wrange = written
            before = _ancestors(program, i, producer)
            for j, earlier in enumerate(program.ops[:i]):
                if j in before:
                    continue
                if any(v == value and _overlap(r, wrange, steps) for v, r in _reads(earlier, info)):
                    found.append((j, i, value))
        for d in op.defs():
            producer[d] = i
    return found


#: The fields through which each op reads a value without writing it (see :func:`_reads`).
_READ_FIELDS: dict[type, tuple[str, ...]] = {
    Slice: ("src",), Sum: ("src",), Mix: ("a", "b"), Copy: ("src",), Update: ("upd",), Clone: ("src",),
    Call: ("arg",),
}


def race_reorderings(program: Program, steps: tuple[int, ...] = STEPS) -> list[tuple[str, Program]]:
    """For each racy read, the program as IREE runs it when the race goes the other way: the
    read (and whatever depends on it before the write) moved after the in-place write, reading
    the written version. Value ids are unchanged, so outputs can be compared id by id; the
    result is for the interpreter only (it need not pass :func:`check`). Each variant comes
    with the reading op's name in :func:`slice_dependence`'s terms (``v<id>`` for a slice,
    ``call<n>`` for the n-th call, else ``""``), so a caller can leave out reads through aliases."""
    calls = {k: n for n, k in enumerate(k for k, op in enumerate(program.ops) if isinstance(op, Call))}
    variants = []
    for j, i, value in _race_pairs(program, steps):
        ops = list(program.ops)
        moved_defs = set(ops[j].defs())
        moved = [j]
        for k in range(j + 1, i):
            if set(ops[k].uses()) & moved_defs:
                moved.append(k)
                moved_defs |= set(ops[k].defs())
        reader = ops[j]
        fields = {f: ops[i].defs()[0] for f in _READ_FIELDS.get(type(reader), ()) if getattr(reader, f) == value}
        if not fields:
            continue
        ops[j] = dataclasses.replace(reader, **fields)
        stay = [op for k, op in enumerate(ops[: i + 1]) if k not in moved]
        name = f"v{reader.out}" if isinstance(reader, Slice) else f"call{calls[j]}" if j in calls else ""
        variants.append((name, dataclasses.replace(program, ops=tuple(stay + [ops[k] for k in moved] + ops[i + 1:]))))
    return variants


def _ancestors(program: Program, index: int, producer: dict[int, int]) -> set[int]:
    """Indices of the ops ``program.ops[index]`` depends on through values (transitively)."""
    seen: set[int] = set()
    work = [v for v in program.ops[index].uses()]
    while work:
        v = work.pop()
        j = producer.get(v)
        if j is None or j in seen:
            continue
        seen.add(j)
        work.extend(program.ops[j].uses())
    return seen


def slice_dependence(program: Program, across_calls: bool = True) -> dict[int, set[str]]:
    """For each value, the slices its contents derive from: ``"v<id>"`` for a slice op's result,
    ``"call<k>"`` for the slice inside the k-th call's callee. Values stored to globals feed every
    later step, so (``across_calls``) every value also depends on whatever flows into a global."""
    deps: dict[int, set[str]] = {}
    calls = 0
    for op in program.ops:
        if isinstance(op, Discard):
            continue
        inherited: set[str] = set()
        for v in op.uses():
            inherited |= deps.get(v, set())
        if isinstance(op, Slice):
            inherited = inherited | {f"v{op.out}"}
        if isinstance(op, Call):
            if op.slice_range is not None:
                inherited = inherited | {f"call{calls}"}
            calls += 1
        for d in op.defs():
            deps[d] = set(inherited)
    carried: set[str] = set()
    for v in (program.global_finals().values() if across_calls else ()):
        carried |= deps.get(v, set())
    return {v: s | carried for v, s in deps.items()}


def whole_slices_written_later(program: Program) -> list[tuple[int, int]]:
    """``(slice, source)`` for slices that cover their whole source and where the slice or its source is then written in
    place. IREE 3.13 may fold such a slice into its source after the splice, so the write shows
    through the "copy" (``tests/upstream_faults/minimal/whole-global-slice-sees-later-write``)."""
    info = program.value_info()
    found = []
    for i, op in enumerate(program.ops):
        if not isinstance(op, Slice):
            continue
        size = info[op.src].size
        if op.range.start != Lin(0) or op.range.length != size:
            continue
        if any(later.consumed() in (op.out, op.src) for later in program.ops[i + 1:]):
            found.append((op.out, op.src))
    return found
