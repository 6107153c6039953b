"""The description of a generated program: what hypothesis draws and shrinks.

Why a description and not text: shrinking must act on program structure (drop an op, make a
range constant, shrink a size), and two independent consumers -- the MLIR renderer
(:mod:`.render`) and the numpy interpreter (:mod:`.interp`) -- must read one source of truth.

A program is one public function ``@p<k>(%step: index)`` (plus ``%n`` when a loop runs to an
argument, and a ``!hal.buffer_view`` per :class:`Import`, a global's buffer the host passes
back from the call before): it loads its private globals, runs a list of ops over resource *values* -- some of
them region ops with nested op lists (:class:`For`, :class:`Branch`), some storing and reloading
globals (:class:`GStore`, :class:`GLoad`) -- stores the globals back and exports every value
still live. Values are numbered; each op names the values it uses and defines.
:meth:`Program.shapes` names the shapes a program contains (what the summary counts).

Validity, kept by construction (see :mod:`.strategies`) and checked by :func:`check`:

* every range is in bounds and non-empty in every op instance that runs, for every ``step``
  of :data:`STEPS` and every loop iteration (checked by running the interpreter, so a range in
  the body of a loop that runs zero times at some step need not be valid there);
* a nested body reads outer values but writes only its own (a loop's iteration arguments, a
  branch's consumed values); a global is held by at most one live value, and a body leaves
  every global held or free as it found it -- but for a branch choosing between globals'
  buffers (:meth:`Program.global_choices`): each arm reloads a free global and yields it, and
  the result holds every global it may be, is only read, and frees them when discarded;
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

import collections
import dataclasses
import json
from dataclasses import dataclass
from typing import Any, ClassVar

#: Largest ``step`` a program is run with; ranges are valid for every step in 0..STEP_MAX.
STEP_MAX = 3
#: The order of calls at run time. Globals persist between calls, so order matters; it is not
#: monotonic on purpose.
STEPS: tuple[int, ...] = (0, 2, 1, 3)
ELEMENT_BYTES = 4


@dataclass(frozen=True)
class Lin:
    """``c0 + c1 * step + ci * iv`` (elements). ``iv`` is the iteration number (0, 1, ...) of the
    innermost enclosing loop; outside loops ``ci`` is 0. Coefficients may be negative inside loop
    bodies, where a range only has to be valid in the iterations that run (see :func:`check`)."""

    c0: int
    c1: int = 0
    ci: int = 0

    def at(self, step: int, iv: int = 0) -> int:
        return self.c0 + self.c1 * step + self.ci * iv

    def __add__(self, other: Index) -> Index:
        if isinstance(other, Lin):
            return Lin(self.c0 + other.c0, self.c1 + other.c1, self.ci + other.ci)
        return Ix("add", self, 0, other)

    def lo(self) -> int:
        return min(self.at(0), self.at(STEP_MAX))

    def fits_in(self, other: Lin) -> bool:
        """``self <= other`` for every step in 0..STEP_MAX (linear: the endpoints suffice)."""
        return all(self.at(s) <= other.at(s) for s in (0, STEP_MAX)) and self.ci == other.ci == 0

    def __str__(self) -> str:
        parts = [f"{c}{x}" if c != 1 else x for c, x in ((self.c1, "s"), (self.ci, "i")) if c]
        if self.c0 or not parts:
            parts.insert(0, str(self.c0))
        return "+".join(parts).replace("+-", "-")


U64 = 1 << 64


def _align_iree(value: int, alignment: int) -> int:
    """``util.align`` as IREE lowers it: ``(v + a - 1) & ~(a - 1)`` on 64 bits. Equal to rounding
    up to a multiple only for powers of two (soundness finding f05)."""
    return ((value + alignment - 1) & ~(alignment - 1)) % U64


@dataclass(frozen=True)
class Ix:
    """An offset spelled through index ops (elements), for boundary values the analysis must
    translate exactly: ``op`` with operands ``a`` (an index), ``b`` (an integer) and ``c`` (an
    index), evaluated the way IREE computes it:

    ============  ============================================  ======================================
    ``op``        value                                         spelled
    ============  ============================================  ======================================
    ``add``       ``a + c``                                     ``arith.addi``
    ``align``     ``bitmask(4a, b) / 4`` (``b`` in bytes)       ``util.align`` (IREE's bit mask)
    ``minui``     ``min(a, b)`` (``b`` may be huge)             ``arith.minui``
    ``divmul``    ``(a // b) * b``                              ``arith.divui`` then ``arith.muli``
    ``remui``     ``a % b``                                     ``arith.remui``
    ``select``    ``a if step < b else c``                      ``arith.cmpi ult`` + ``arith.select``
    ``size``      ``c - a`` where ``c`` is the size of value    ``stream.resource.size %v<b>`` minus
                  ``v<b>``                                      ``a`` (a host query, no ordering: f08)
    ============  ============================================  ======================================
    """

    op: str
    a: Index
    b: int = 0
    c: Index | None = None

    def at(self, step: int, iv: int = 0) -> int:
        a = self.a.at(step, iv)
        if self.op == "add":
            return a + self.c.at(step, iv)  # type: ignore[union-attr]
        if self.op == "align":
            return _align_iree(4 * a, self.b) // 4
        if self.op == "minui":
            return min(a % U64, self.b)
        if self.op == "divmul":
            return (a // self.b) * self.b
        if self.op == "remui":
            return a % self.b
        if self.op == "select":
            return a if step < self.b else self.c.at(step, iv)  # type: ignore[union-attr]
        if self.op == "size":
            return self.c.at(step, iv) - a  # type: ignore[union-attr]
        raise ValueError(f"unknown index op {self.op}")

    def __add__(self, other: Index) -> Index:
        return Ix("add", self, 0, other)

    def __str__(self) -> str:
        if self.op == "add":
            return f"({self.a}+{self.c})"
        if self.op == "size":
            return f"(size v{self.b} - {self.a})"
        if self.op == "select":
            return f"(s<{self.b} ? {self.a} : {self.c})"
        return f"{self.op}({self.a}, {self.b})"


Index = Lin | Ix


@dataclass(frozen=True)
class Range:
    """``[start, start + length)``; ``form`` picks how the renderer spells the arithmetic
    (0: shared arith ops, 1: a fresh ``affine.apply`` per bound, 2: fresh arith ops in another
    order, end = start + length), so equal values often have different SSA spellings. A start
    that is an :class:`Ix` is spelled through its index ops whatever the form."""

    start: Index
    length: Lin
    form: int = 0

    @property
    def end(self) -> Index:
        return self.start + self.length

    def at(self, step: int, iv: int = 0) -> tuple[int, int]:
        return self.start.at(step, iv), self.end.at(step, iv)

    def __str__(self) -> str:
        return f"[{self.start}, {self.end})"


@dataclass(frozen=True)
class GlobalDecl:
    """A private mutable ``!stream.resource<variable>`` global, initialized by ``iota``.

    ``twin``: an earlier global of the same size this one starts equal to: made by a second,
    identical ``iota`` (producers IREE merges after the splice), or with ``shared`` by storing
    the twin's ``iota`` itself (one value stored to two globals). Either way IREE makes the two
    one buffer, which the rewrite must give their own copies."""

    name: str
    size: int
    twin: str = ""
    shared: bool = False


# -- ops --------------------------------------------------------------------------------------


@dataclass(frozen=True)
class Op:
    kind: ClassVar[str] = ""

    def uses(self) -> tuple[int, ...]:
        return ()

    def consumed(self) -> int | None:
        """The value this op writes in place (dead afterwards), if any."""
        return None

    def consumes(self) -> tuple[int, ...]:
        """Every value that is dead after this op (region ops consume several)."""
        c = self.consumed()
        return () if c is None else (c,)

    def defs(self) -> tuple[int, ...]:
        return ()

    def bodies(self) -> tuple[tuple[Op, ...], ...]:
        """Nested op lists (loop body, branches); empty for plain ops."""
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
    """``stream.async.splat``: a fresh value. ``lifetime``: its resource type (``variable`` for
    the fresh target of a whole copy of a global's value: IREE folds such a copy into its source
    only when the two types match, see :meth:`Program.whole_copies`)."""

    kind: ClassVar[str] = "splat"
    out: int
    size: Lin
    value: int
    lifetime: str = dataclasses.field(default="transient", metadata={"omit_default": True})

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
    start: Index
    form: int = 0
    #: Spell ``target_end`` this many elements short of ``start + size(upd)``: the verifier
    #: accepts it and IREE writes the whole update (soundness finding f11).
    short: int = 0

    def uses(self) -> tuple[int, ...]:
        return (self.upd, self.dst)

    def consumed(self) -> int | None:
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
    dst_start: Index
    #: Spell ``target_end`` this many elements short of ``dst_start + length``; the ``length``
    #: operand stays the real one, which is what IREE copies (soundness finding f11).
    short: int = 0

    def uses(self) -> tuple[int, ...]:
        return (self.src, self.dst)

    def consumed(self) -> int | None:
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

    def consumed(self) -> int | None:
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

    def consumed(self) -> int | None:
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
    """The ``mix`` dispatch: fresh ``a[a_range] + 3 * b[b_start, + len)``. ``lifetime``: its
    result's resource type (``variable`` for a dispatch result stored to a global, see
    :meth:`Program.elided_fills`)."""

    kind: ClassVar[str] = "mix"
    out: int
    a: int
    a_range: Range
    b: int
    b_start: Lin
    lifetime: str = dataclasses.field(default="transient", metadata={"omit_default": True})

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

    Variants, for the interprocedural parts of the rule:

    * ``late``: the sum is stored to a private sink global and ``result`` is a fresh splat, so
      the callee's read of ``arg`` is off the path to its results (a *late read*);
    * ``forward``: the call goes through a private function that only forwards to the real
      callee (soundness finding f06: late reads lost through a forwarding call);
    * ``public``: the callee is ``util.func public`` (callers the analysis cannot see: a public
      function that slices its resource argument);
    * ``share``: calls with the same ``share >= 0`` (and the same callee parameters) call one
      function, so one callee has several callers (some may race with it, some not);
    * ``set_global``: between its read and its sum, the callee calls a setter that fills
      ``set_range`` of that global with ``set_value`` (:class:`SetGlobal`). ``arg`` is the
      global's buffer, unchanged since it was loaded, and the call consumes it: the callee's
      argument *is* storage a call writes (third review, finding 02).
    """

    kind: ClassVar[str] = "call"
    out: int | None
    result: int
    arg: int
    slice_range: Range | None
    sum_range: Range | None
    scale_range: Range | None
    late: bool = False
    forward: bool = False
    public: bool = False
    share: int = -1
    set_global: str = ""
    set_range: Range | None = None
    set_value: int = 0

    def callee_key(self) -> tuple:
        """What the callee's text depends on (calls sharing a callee must agree on it)."""
        return (
            self.slice_range,
            self.sum_range,
            self.scale_range,
            self.late,
            self.forward,
            self.public,
            self.set_global,
            self.set_range,
            self.set_value,
        )

    def uses(self) -> tuple[int, ...]:
        return (self.arg,)

    def consumed(self) -> int | None:
        return self.arg if self.scale_range is not None or self.set_global else None

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


@dataclass(frozen=True)
class GLoad(Op):
    """``util.global.load`` of a global that is not held by a live value (stored earlier with
    :class:`GStore`): the result is the stored buffer (same storage)."""

    kind: ClassVar[str] = "gload"
    out: int
    glob: str

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class GStore(Op):
    """``util.global.store`` of ``value`` (consumed: later in-place writes go through a reload).

    ``also``: store the same value to that global too (one value stored to two globals: IREE
    makes them share a buffer, which the rewrite must give their own copies). ``via``: how the
    value reaches ``also``: stored directly (""), passed to a private setter that stores its
    argument (``"setter"``), or read back through a getter of ``glob`` and stored
    (``"getter"``); the same sharing, through calls (review of the third round, case 02). Or
    ``"setter2"``: one call of a private setter of both globals given the value twice, its
    first argument stored to ``glob``, its second to ``also`` (review 4, finding 03: the
    repair must copy the second operand, not the first that holds the same value)."""

    kind: ClassVar[str] = "gstore"
    value: int
    glob: str
    also: str = ""
    via: str = ""

    def uses(self) -> tuple[int, ...]:
        return (self.value,)

    def consumed(self) -> int | None:
        return self.value


@dataclass(frozen=True)
class GetGlobal(Op):
    """``util.call`` of a private function that returns global ``glob``'s buffer: a call result
    that *is* a global's storage (third review, finding 01). Like :class:`GLoad`: the global
    must not be held, and ``out`` holds it."""

    kind: ClassVar[str] = "getglobal"
    out: int
    glob: str

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class SetGlobal(Op):
    """``util.call`` of a private function that loads global ``glob``, fills ``range`` with
    ``value`` in place and stores it back: a call that writes a global (third review, findings
    01 and 02). Nothing orders it after the caller's earlier reads. The global must not be held."""

    kind: ClassVar[str] = "setglobal"
    glob: str
    range: Range
    value: int


@dataclass(frozen=True)
class Import(Op):
    """``stream.tensor.import`` of a ``!hal.buffer_view`` argument the host passes back: the
    buffer this program's function exported, at the end of its previous call, as global
    ``glob``'s buffer itself (:meth:`Program.passed_back`). From the second call on, ``out``
    *is* the global's buffer, though nothing in the IR says so: a write of the global writes it
    (the open issue's class "imports that are globals"). At the first call the host passes a
    fresh array of the global's size (:func:`import_initial`).

    Value semantics: ``out`` is the global's value at the start of the call (the first call: the
    host's array). It is only read, at the top level, and never after the first op that may
    write a global's storage (:func:`check`): in IREE such a read would see the write, which
    value semantics does not (the host, not the program, made the two one buffer).

    At the splice the host really passes back the global's buffer (measured: an in-place write
    of the import changes the global). Through IREE's pre-splice stages (the export spelled as
    IREE's conversion does, through a transfer to an external resource) the buffer passed back
    was not the one the next call wrote (measured on ``handpicked.IMPORT_OF_A_GLOBAL_WRITTEN_IN_PLACE``):
    there the runtime cannot show a wrong alias of an import; the alias audit's trace takes the
    import as the global's either way."""

    kind: ClassVar[str] = "import"
    out: int
    glob: str

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


@dataclass(frozen=True)
class Input(Op):
    """``stream.tensor.import`` of a ``!hal.buffer_view`` argument: an array the caller passes
    at every call (``iota(size, base)``, fresh each time) and keeps, unless it gives it over
    (``given``: the import is ``consume``). The caller's inputs are the caller's
    (iree-org/iree#16168): ``out`` is a value like any other and may be written in place, but
    IREE writes such a write into the caller's buffer, so the caller's array after the call is
    part of what a call computes: the array it passed, unchanged, unless it was given over
    (:meth:`Program.kept_inputs`; the runner reads the array back after each call)."""

    kind: ClassVar[str] = "input"
    out: int
    size: int
    base: int
    given: bool = False

    def defs(self) -> tuple[int, ...]:
        return (self.out,)


def import_initial(k: int, position: int, size: int) -> tuple[int, int]:
    """``(size, iota base)`` of the array the host passes program ``k``'s import number
    ``position`` at its first call (distinct from every global's initial value)."""
    return size, 77_000_000 + 100_003 * k + 1_009 * (position + 1)


def _read_in_a_loop_then_written(ops: tuple) -> bool:
    """A value a top-level loop's body reads, written in place after the loop: IREE carries a
    timepoint through the iterations, which the schedule check follows by induction."""
    for i, op in enumerate(ops):
        if isinstance(op, For):
            read = set(_captured(op.body, op.args))
            if any(later.consumed() in read for later in ops[i + 1 :]):
                return True
    return False


def _captured(body: tuple, own: tuple[int, ...] = ()) -> tuple[int, ...]:
    """Values a nested op list uses that it does not define (in first-use order)."""
    defined = set(own)
    out: dict[int, None] = {}
    for op in body:
        for v in op.uses():
            if v not in defined:
                out[v] = None
        for d in op.defs():
            defined.add(d)
    return tuple(out)


@dataclass(frozen=True)
class For(Op):
    """A counted loop: ``trip`` iterations (``c0 + c1 * step``, possibly zero) over ``body``.

    ``inits`` are passed as iteration arguments ``args`` (consumed: the body may write them in
    place); the body ends by yielding ``yields`` (one per argument, same size and lifetime),
    which become the next iteration's arguments and, after the last iteration, ``outs`` (the
    inits when the loop runs zero times). The body may read outer values but not write them.
    ``Lin.ci`` in the body's ranges counts iterations (0, 1, ...).

    ``style``: ``scf`` (``scf.for``, signed bounds), ``unsigned`` (``scf.for unsigned``) or
    ``cf`` (the same loop as ``cf.br``/``cf.cond_br`` blocks; top level only). The bounds are
    ``lb`` and ``lb + trip`` on 64 bits, so a large ``lb`` makes a signed loop run zero times
    and an unsigned one ``trip`` times (soundness finding f12).
    """

    kind: ClassVar[str] = "for"
    outs: tuple[int, ...]
    inits: tuple[int, ...]
    args: tuple[int, ...]
    body: tuple
    yields: tuple[int, ...]
    trip: Lin
    lb: int = 0
    style: str = "scf"
    #: The upper bound is the function's argument ``%n`` (then ``trip`` must equal
    #: :attr:`Program.n_arg` and ``lb`` is 0): a trip count that is zero at some steps without
    #: the analysis knowing when (soundness finding f01).
    from_arg: bool = False

    def uses(self) -> tuple[int, ...]:
        return tuple(dict.fromkeys(self.inits + _captured(self.body, self.args)))

    def consumes(self) -> tuple[int, ...]:
        return self.inits

    def defs(self) -> tuple[int, ...]:
        return self.outs

    def bodies(self) -> tuple[tuple, ...]:
        return (self.body,)

    def trips(self, step: int) -> int:
        """Iterations at ``step``, by the loop's own comparison (what MLIR says it means)."""
        lb = self.lb % U64
        ub = (self.lb + self.trip.at(step)) % U64
        if self.style == "unsigned":
            return max(0, ub - lb)
        signed = lambda x: x - U64 if x >= 1 << 63 else x  # noqa: E731
        return max(0, signed(ub) - signed(lb))


@dataclass(frozen=True)
class Branch(Op):
    """A region op that runs one of ``branches`` and yields ``yields[b]`` as ``outs``.

    ``style``: ``if`` (``scf.if``: branch 0 when ``step < cond`` else branch 1), ``switch``
    (``scf.index_switch`` on ``step``: the branch of the case equal to it, else the last,
    default one) or ``exec`` (``scf.execute_region``, one branch). Branches may write in place
    and yield the outer values in ``consumes`` (dead afterwards); a yielded outer value *is*
    that storage (soundness finding f10), which the result then carries.
    """

    kind: ClassVar[str] = "branch"
    outs: tuple[int, ...]
    consumes_: tuple[int, ...]
    branches: tuple
    yields: tuple
    style: str = "if"
    cond: int = 1
    cases: tuple[int, ...] = ()

    def uses(self) -> tuple[int, ...]:
        used: dict[int, None] = dict.fromkeys(self.consumes_)
        for b in self.branches:
            used.update(dict.fromkeys(_captured(b)))
        return tuple(used)

    def consumes(self) -> tuple[int, ...]:
        return self.consumes_

    def defs(self) -> tuple[int, ...]:
        return self.outs

    def bodies(self) -> tuple[tuple, ...]:
        return tuple(self.branches)

    def taken(self, step: int) -> int:
        if self.style == "if":
            return 0 if step < self.cond else 1
        if self.style == "switch":
            return self.cases.index(step) if step in self.cases else len(self.branches) - 1
        return 0


OP_TYPES: dict[str, type] = {
    cls.kind: cls
    for cls in (
        Load,
        Iota,
        Splat,
        Slice,
        Update,
        Copy,
        Fill,
        Scale,
        Clone,
        Sum,
        Mix,
        Call,
        Discard,
        GLoad,
        GStore,
        GetGlobal,
        SetGlobal,
        Import,
        Input,
        For,
        Branch,
    )
}
AnyOp = (
    Load
    | Iota
    | Splat
    | Slice
    | Update
    | Copy
    | Fill
    | Scale
    | Clone
    | Sum
    | Mix
    | Call
    | Discard
    | GLoad
    | GStore
    | GetGlobal
    | SetGlobal
    | Import
    | Input
    | For
    | Branch
)


def walk(ops: tuple) -> list[Op]:
    """Every op of ``ops`` and of their nested bodies, in program (pre-)order."""
    out: list[Op] = []
    for op in ops:
        out.append(op)
        for body in op.bodies():
            out.extend(walk(body))
    return out


@dataclass(frozen=True)
class Program:
    globals: tuple[GlobalDecl, ...]
    ops: tuple[AnyOp, ...]
    #: ``util.assume.int %step<umin = 0, umax = assume_max>`` when set (>= STEP_MAX).
    assume_max: int | None = None
    #: How ranges see ``step``: directly (``""``), or through a private index global that the
    #: function first sets to ``step`` -- with ``util.global.store`` (``"direct"``) or through
    #: ``util.global.address`` + ``util.global.store.indirect`` (``"indirect"``, soundness
    #: finding f02) -- then loads, and finally stores ``minui(loaded, step_cap)`` to.
    step_global: str = ""
    step_cap: int = 0
    #: With ``step_global``: how many times the function loads it (before the capped store).
    #: With 2, the ops use the two loads in turn: IREE's CSE makes them one value after the
    #: splice, and the producers whose offsets they are identical (review of the third round's
    #: fixes, case 01: the merge model takes loads of one global as one value).
    step_loads: int = 1
    #: The SSA name of the step argument (``%step``). Names such as ``i0_other`` collide with
    #: the names the analysis gives other loop iterations' values (soundness finding f03).
    step_name: str = "step"
    #: A second index argument ``%n``, passed ``n_arg.at(step)`` at run time, when set: a trip
    #: count the analysis cannot relate to ``step`` (loops with ``from_arg``).
    n_arg: Lin | None = None

    # -- derived facts ---------------------------------------------------------------------
    def value_info(self) -> dict[int, ValueInfo]:
        """Size, lifetime and storage chain of every value, nested bodies included (chains: one
        per fresh buffer; a region result takes the chain of what it continues)."""
        info: dict[int, ValueInfo] = {}
        sizes = {g.name: g.size for g in self.globals}
        gchain: dict[str, int] = {}
        chain_count = 0

        def fresh(v: int, size: Lin, lifetime: str) -> None:
            nonlocal chain_count
            info[v] = ValueInfo(size, lifetime, chain_count)
            chain_count += 1

        def visit(ops: tuple) -> None:
            for op in ops:
                if isinstance(op, Load):
                    fresh(op.out, Lin(sizes[op.glob]), "variable")
                    gchain[op.glob] = info[op.out].chain
                elif isinstance(op, (GLoad, GetGlobal)):
                    info[op.out] = ValueInfo(Lin(sizes[op.glob]), "variable", gchain[op.glob])
                elif isinstance(op, Import):
                    fresh(op.out, Lin(sizes[op.glob]), "external")
                elif isinstance(op, Input):
                    fresh(op.out, Lin(op.size), "external")
                elif isinstance(op, Iota):
                    fresh(op.out, op.size, "transient")
                elif isinstance(op, Splat):
                    fresh(op.out, op.size, op.lifetime)
                elif isinstance(op, Slice):
                    fresh(op.out, op.range.length, info[op.src].lifetime)
                elif isinstance(op, (Update, Copy, Fill, Scale)):
                    info[op.out] = info[op.dst]
                elif isinstance(op, Clone):
                    fresh(op.out, info[op.src].size, "transient")
                elif isinstance(op, Sum):
                    fresh(op.out, Lin(1), "transient")
                elif isinstance(op, Mix):
                    fresh(op.out, op.a_range.length, op.lifetime)
                elif isinstance(op, Call):
                    if op.out is not None:
                        info[op.out] = info[op.arg]
                    fresh(op.result, Lin(1), "transient")
                elif isinstance(op, For):
                    for a, i in zip(op.args, op.inits):
                        info[a] = info[i]
                    visit(op.body)
                    for o, i in zip(op.outs, op.inits):
                        info[o] = info[i]
                elif isinstance(op, Branch):
                    for b in op.branches:
                        visit(b)
                    for j, o in enumerate(op.outs):
                        info[o] = info[op.yields[0][j]]

        visit(self.ops)
        return info

    def outputs(self) -> list[int]:
        """Values exported at the end, in order: every live top-level value not discarded."""
        live: dict[int, None] = {}
        for op in self.ops:
            if isinstance(op, Discard):
                live.pop(op.value, None)
                continue
            for c in op.consumes():
                live.pop(c, None)
            for d in op.defs():
                live[d] = None
        return list(live)

    def imports(self) -> list[Import]:
        """The imports of globals' buffers the host passes back (top level), in order: argument
        ``j`` after ``step`` (and ``%n``) is import ``j``'s buffer view."""
        return [op for op in self.ops if isinstance(op, Import)]

    def inputs(self) -> list[Input]:
        """The caller's arrays (top level), in order: the buffer-view arguments after the
        imports'."""
        return [op for op in self.ops if isinstance(op, Input)]

    def chains_written_in_place(self) -> set[int]:
        """The storage chains (:meth:`value_info`) some op writes in place, nested bodies too."""
        info = self.value_info()
        return {info[c].chain for op in walk(self.ops) if (c := op.consumed()) is not None and c in info}

    def kept_inputs(self) -> list[Input]:
        """The inputs the caller keeps (not given over): after each call its array must be what
        it passed, which the oracle compares after the outputs and what is passed back."""
        return [op for op in self.inputs() if not op.given]

    def passed_back(self) -> list[int]:
        """Per import, the value exported for the host to pass back at the next call: the one
        holding its global at the end, exported as the global's buffer itself (no copy), after
        :meth:`outputs` (:func:`check` requires the global held at the end)."""
        finals = self.global_finals()
        return [finals[op.glob] for op in self.imports()]

    def global_finals(self) -> dict[str, int]:
        """Global name -> the value stored back at the end (the value holding it then).

        A global is *held* by the value loaded from it until that value is stored (then it is
        free) or consumed by an op whose result continues it: the tied result, or the region
        result at the same position as the consumed value."""
        held: dict[str, int] = {}
        for op in self.ops:
            if isinstance(op, (Load, GLoad, GetGlobal)):
                held[op.glob] = op.out
                continue
            if isinstance(op, GStore):
                held.pop(op.glob, None)
                held.pop(op.also, None)
                continue
            if isinstance(op, Call) and op.set_global:
                held.pop(op.set_global, None)  # the callee's setter stored it
                continue
            for g, v in list(held.items()):
                if v in op.consumes():
                    held[g] = continuation(op, v)
        return held

    def reloads_after_store(self) -> bool:
        """Does the function load a global (or get it from a call) after storing it (here or in a
        setter)? IREE 3.13 mis-runs such a load at the splice (it reads the buffer from before
        the store, or fails); its own pre-splice passes forward it, so only programs entering
        at the splice meet it."""
        stored: set[str] = set()
        for op in walk(self.ops):
            if isinstance(op, (GLoad, GetGlobal)) and op.glob in stored:
                return True
            if isinstance(op, GStore):
                stored |= {op.glob, op.also} - {""}
            elif isinstance(op, SetGlobal):
                stored.add(op.glob)
            elif isinstance(op, Call) and op.set_global:
                stored.add(op.set_global)
        return False

    def slice_count(self) -> int:
        ops = walk(self.ops)
        return sum(isinstance(op, Slice) for op in ops) + sum(
            isinstance(op, Call) and op.slice_range is not None for op in ops
        )

    def shapes(self) -> list[str]:
        """The shapes this program contains (what the campaign summary counts), see
        :data:`SHAPES`."""
        found: dict[str, None] = {}
        ops = walk(self.ops)

        def has(name: str, cond: bool) -> None:
            if cond:
                found[name] = None

        fors = [op for op in ops if isinstance(op, For)]
        has("scf.for", any(op.style == "scf" for op in fors))
        has("scf.for unsigned", any(op.style == "unsigned" for op in fors))
        has("cf loop", any(op.style == "cf" for op in fors))
        has("zero-trip loop", any(min(op.trips(s) for s in STEPS) == 0 for op in fors))
        has("trip count from an argument", any(op.from_arg for op in fors))
        has("nested loops", any(any(isinstance(x, For) for x in walk(op.body)) for op in fors))
        has("loop-carried resource", any(op.inits for op in fors))
        has("iv-dependent range", any(_mentions_iv(x) for op in fors for x in walk(op.body)))
        has("slice in a loop", any(isinstance(x, Slice) for op in fors for x in walk(op.body)))
        has("a value a loop reads, written in place after it", _read_in_a_loop_then_written(self.ops))
        branches = [op for op in ops if isinstance(op, Branch)]
        has("scf.if", any(op.style == "if" for op in branches))
        has("scf.index_switch", any(op.style == "switch" for op in branches))
        has("scf.execute_region", any(op.style == "exec" for op in branches))
        has(
            "region yields a consumed value",
            any(set(op.consumes_) & {v for y in op.yields for v in y} for op in branches),
        )
        calls = [op for op in ops if isinstance(op, Call)]
        has("call", bool(calls))
        has("call: late read", any(op.late for op in calls))
        has("call: forwarding", any(op.forward for op in calls))
        has("call: public callee", any(op.public for op in calls))
        shares = collections.Counter(op.share for op in calls if op.share >= 0)
        has("call: shared callee", any(n > 1 for n in shares.values()))
        has("call then write of its argument", _written_after_call(self.ops))
        has("call reads a slice after its source is written in place", _slice_read_by_call_after_write(self.ops))
        has("global store/reload", any(isinstance(op, (GLoad, GStore)) for op in ops))
        iotas = [(op.size, op.base) for op in ops if isinstance(op, Iota)]
        has("equal-content producers", len(iotas) != len(set(iotas)))
        has(
            "globals sharing a buffer (twins, one value or equal producers stored to two)",
            any(g.twin for g in self.globals)
            or any(isinstance(op, GStore) and op.also for op in ops)
            or bool(self.stored_twins()),
        )
        has("one value given to two globals through a call", any(isinstance(op, GStore) and op.via for op in ops))
        has("one value passed twice to a setter", any(isinstance(op, GStore) and op.via == "setter2" for op in ops))
        has("slice folded into a twin producer", _fold_twins(ops))
        has("whole copy over a fresh target", bool(self.whole_copies()))
        has("equal producers through a branch of one value", self.producers_equal_through_a_branch())
        has("a branch choosing between two globals' buffers", bool(self.global_choices()))
        has("a branch yielding a global's load or another value, written in place", self.global_or_value_written())
        has("a global stored, then reloaded inside a branch", self.reloaded_in_a_branch_after_a_store())
        has("equal producers through an elided fill of a splat", self.producers_equal_through_an_elided_fill())
        has("call result is a global's buffer", any(isinstance(op, GetGlobal) for op in ops))
        has(
            "call writes a global",
            any(isinstance(op, SetGlobal) or isinstance(op, Call) and op.set_global for op in ops),
        )
        has("callee's argument is a global a call writes", any(isinstance(op, Call) and op.set_global for op in ops))
        has("import of a global's buffer the host passes back", any(isinstance(op, Import) for op in ops))
        written = self.chains_written_in_place()
        chain = {v: i.chain for v, i in self.value_info().items()}
        has("caller's input written in place", any(chain[op.out] in written for op in self.kept_inputs()))
        has("input given over, written in place", any(chain[op.out] in written for op in self.inputs() if op.given))
        has("global written in a loop", any(isinstance(x, GStore) for op in fors for x in walk(op.body)))
        has("step through an index global", bool(self.step_global))
        has("store.indirect", self.step_global == "indirect")
        has("two loads of the step global", self.step_loads == 2)
        has("colliding name", self.step_name != "step")
        starts = [r.start for op in ops for r in _ranges(op)] + [
            s for op in ops for s in (getattr(op, "start", None), getattr(op, "dst_start", None)) if s is not None
        ]
        ix_ops = {n for s in starts for n in _ix_ops(s)}
        has("util.align", "align" in ix_ops)
        has("index ops (minui/divui/remui/select)", bool(ix_ops & {"minui", "divmul", "remui", "select"}))
        has("resource.size offset", "size" in ix_ops)
        has("length beyond end", any(getattr(op, "short", 0) for op in ops))
        return list(found)

    def stored_twins(self) -> set[int]:
        """Values stored to a global (at the top level) that an earlier op stored to another
        global equals (the same producer: a slice, ``mix`` or ``iota`` of the same operands, an
        operand taken through a branch whose every arm yields one value to that value): IREE
        merges the two producers after the splice, and the two globals share a buffer.
        The sharing-free reference stores a copy of each."""
        producers = self._producer_keys()
        stored: dict[int, str] = {}
        twins: set[int] = set()
        for op in self.ops:
            if not isinstance(op, GStore) or op.value not in producers:
                continue
            mine = producers[op.value]
            for other, glob in stored.items():
                if glob != op.glob and producers[other] == mine:
                    twins.add(op.value)
            stored.setdefault(op.value, op.glob)
        return twins | self._stored_whole_copies() | self._stored_choices()

    def _producer_keys(self, through_branches: bool = True, through_fills: bool = True) -> dict[int, Op]:
        """Top-level producers IREE merges when equal (a slice, ``mix`` or ``iota``): their
        result -> what CSE compares (the op without its result; with ``through_branches``, its
        operands taken through :meth:`one_value_branches` to the value IREE folds them into, and
        with ``through_fills`` through :meth:`elided_fills`)."""
        folds = self.one_value_branches() if through_branches else {}
        if through_fills:
            folds = {**folds, **self.elided_fills()}

        def origin(v: int) -> int:
            while v in folds:
                v = folds[v]
            return v

        keys: dict[int, Op] = {}
        for op in self.ops:
            if isinstance(op, Slice):
                keys[op.out] = dataclasses.replace(op, out=0, src=origin(op.src))
            elif isinstance(op, Mix):
                keys[op.out] = dataclasses.replace(op, out=0, a=origin(op.a), b=origin(op.b))
            elif isinstance(op, Iota):
                keys[op.out] = dataclasses.replace(op, out=0)
        return keys

    def one_value_branches(self) -> dict[int, int]:
        """Results of region ops (``scf.if``, ``scf.index_switch``, ``scf.execute_region``, at any
        depth) whose every branch yields one value: the result -> that value. IREE's canonicalizer
        folds such a result into the value after the splice (``stream_model.postsplice.merges._one_of``),
        so a producer of it and the same producer of the value are one buffer to its CSE."""
        out: dict[int, int] = {}
        for op in walk(self.ops):
            if isinstance(op, Branch):
                for j, o in enumerate(op.outs):
                    yielded = {ys[j] for ys in op.yields}
                    if len(yielded) == 1:
                        out[o] = yielded.pop()
        return out

    def global_choices(self) -> dict[int, tuple[str, ...]]:
        """Results of branches (at any depth) whose every arm yields, at that position, a global's
        buffer it reloads itself, two globals or more among the arms: the result -> those globals,
        in arm order. Such a result *may be* either global's buffer (double buffering: review 4,
        finding 04): a write of either global is a write of its storage, and neither global is
        given the other's buffer. It holds every global it may be while it lives and is only read
        (an in-place write or a store would write, or share, whichever global it is)."""
        out: dict[int, tuple[str, ...]] = {}
        for op in walk(self.ops):
            if not isinstance(op, Branch):
                continue
            reloads = [{x.out: x.glob for x in arm if isinstance(x, GLoad)} for arm in op.branches]
            for j, o in enumerate(op.outs):
                chosen = [loads.get(ys[j]) for loads, ys in zip(reloads, op.yields)]
                if None not in chosen and len(set(chosen)) > 1:
                    out[o] = tuple(chosen)  # type: ignore[arg-type]
        return out

    def global_or_value_written(self) -> bool:
        """A branch result that one arm yields as a global's load made before the branch and
        another arm as another value, then written in place: IREE folds such a branch into an
        ``arith.select`` of the two buffers, so the write may write the global's."""
        loads = {op.out for op in walk(self.ops) if isinstance(op, GLoad)}
        written = {op.consumed() for op in walk(self.ops)} - {None}
        for op in walk(self.ops):
            if not isinstance(op, Branch):
                continue
            inside = {v for arm in op.branches for x in walk(arm) for v in x.defs()}
            for j, o in enumerate(op.outs):
                chosen = {ys[j] for ys in op.yields}
                if len(chosen) > 1 and o in written and any(y in loads and y not in inside for y in chosen):
                    return True
        return False

    def reloaded_in_a_branch_after_a_store(self) -> bool:
        """A top-level store of a global, then a branch one of whose arms reloads it: IREE 3.13's
        schedule can move the store after the execution region that makes its value, past the
        branch, and then drop it as overwritten by a later store, so that the arm's reload
        reads the global's old buffer (stream seed 8081; the schedule check's global order)."""
        stored: set[str] = set()
        for op in self.ops:
            if isinstance(op, GStore):
                stored.update(g for g in (op.glob, op.also) if g)
            elif isinstance(op, Branch) and any(
                isinstance(x, GLoad) and x.glob in stored for arm in op.branches for x in walk(arm)
            ):
                return True
        return False

    def producers_equal_through_a_branch(self) -> bool:
        """Two top-level producers equal only through a branch of one value
        (:meth:`one_value_branches`): IREE merges them after the splice."""
        return self._equal_only_through(self._producer_keys(through_branches=False))

    def elided_fills(self) -> dict[int, int]:
        """Top-level fills IREE's canonicalizer elides before its post-splice CSE: the fill's
        result -> its target. A fill of a value that is by then a splat of the fill's own value
        is that splat (``ElideRedundantFill``), so a producer of the fill and the same producer
        of its target are one buffer to CSE (the merge model's ``merges._may_be_splat``). A fill
        of the whole target is left out: IREE may make it a splat of its own first
        (``FlattenFullFillToSplat``)."""
        info: dict[int, ValueInfo] | None = None
        made: dict[int, int] = {}  # value -> the splat value IREE makes it
        out: dict[int, int] = {}
        for op in self.ops:
            if isinstance(op, Splat):
                made[op.out] = op.value
            elif isinstance(op, Slice) and op.src in made:
                made[op.out] = made[op.src]  # PropagateSplatsThroughSlices
            elif isinstance(op, (Update, Copy)) and (written := op.upd if isinstance(op, Update) else op.src) in made:
                info = info if info is not None else self.value_info()
                if self._covers_an_untied_target(op, info):
                    made[op.out] = made[written]
            elif isinstance(op, Fill) and made.get(op.dst) == op.value:
                info = info if info is not None else self.value_info()
                made[op.out] = op.value
                if op.range.length != info[op.dst].size:
                    out[op.out] = op.dst
        return out

    def _covers_an_untied_target(self, op: Update | Copy, info: dict[int, ValueInfo]) -> bool:
        """Does an update (or a copy of a whole value) write the whole of a target an untied
        top-level op made? IREE makes such a write of a splat a splat: it folds the update into
        its update operand (``AsyncUpdateOp::fold``: same type, a target of value semantics), or
        makes it a whole fill (``CombineSplatUpdateFromToFill``, a copy of a whole source first
        an update, ``AsyncCopyFullSourceToUpdate``) and that a splat (``FlattenFullFillToSplat``:
        an untied target), whatever the target held."""
        untied = (Iota, Splat, Slice, Mix, Clone, Sum, Load, GLoad)
        if op.short or not any(isinstance(x, untied) and op.dst in x.defs() for x in self.ops):
            return False
        if isinstance(op, Update):
            return op.start == Lin(0) and info[op.upd].size == info[op.dst].size
        return (
            op.src_range.start == Lin(0)
            and op.dst_start == Lin(0)
            and op.src_range.length == info[op.src].size == info[op.dst].size
        )

    def producers_equal_through_an_elided_fill(self) -> bool:
        """Two top-level producers equal only through a fill IREE elides (:meth:`elided_fills`):
        IREE merges them after the splice."""
        return self._equal_only_through(self._producer_keys(through_fills=False))

    def _equal_only_through(self, plain: dict[int, Op]) -> bool:
        """Do two producers that differ as keyed in ``plain`` key alike through every fold
        (:meth:`_producer_keys`)?"""
        seen: dict[Op, set[Op]] = {}
        for v, key in self._producer_keys().items():
            seen.setdefault(key, set()).add(plain[v])
        return any(len(forms) > 1 for forms in seen.values())

    def _stored_choices(self) -> set[int]:
        """Branch results stored to a global (at the top level) that an arm yields as a load of
        another global made before the branch: IREE folds a branch whose arms only yield into a
        select of the buffers, and the store may give the second global the first's buffer
        (review 17)."""
        loads = {op.out: op.glob for op in self.ops if isinstance(op, GLoad)}
        chosen: dict[int, set[str]] = {}
        for op in self.ops:
            if isinstance(op, Branch) and not any(op.branches):
                for j, o in enumerate(op.outs):
                    chosen[o] = {loads[ys[j]] for ys in op.yields if ys[j] in loads}
        return {
            op.value
            for op in self.ops
            if isinstance(op, GStore) and any(g not in (op.glob, op.also) for g in chosen.get(op.value, ()))
        }

    def _stored_whole_copies(self) -> set[int]:
        """Whole copies over a fresh target (:meth:`whole_copies`) stored to a global while what
        they copy is another global's too (stored to it, or its value at the end): IREE folds the
        copy into its source after the splice, and the two globals share a buffer."""
        copies = self.whole_copies()
        if not copies:
            return set()

        def origin(v: int) -> int:
            while v in copies:
                v = copies[v]
            return v

        holders = [(g, op.value) for op in self.ops if isinstance(op, GStore) for g in (op.glob, op.also) if g]
        holders += list(self.global_finals().items())
        return {
            op.value
            for op in self.ops
            if isinstance(op, GStore)
            and op.value in copies
            and any(g not in (op.glob, op.also) and origin(v) == origin(op.value) for g, v in holders)
        }

    def whole_copies(self) -> dict[int, int]:
        """Copies of a whole value into a fresh splat of its size and type (at any depth): the
        copy's result -> the value copied. IREE 3.13's canonicalizer makes such a copy an update
        of the whole target (``AsyncCopyFullSourceToUpdate``) and folds that into the value
        copied (``AsyncUpdateOp::fold``: the target has value semantics), so after the splice the
        result *is* its source's buffer (``stream_model.postsplice.merges.folded_pairs``): an in-place
        write of it writes the source, and storing both to two globals makes them share one."""
        ops = walk(self.ops)
        splats = {op.out: op for op in ops if isinstance(op, Splat)}
        info: dict[int, ValueInfo] | None = None
        out: dict[int, int] = {}
        for op in ops:
            if not isinstance(op, Copy) or op.dst not in splats or op.short:
                continue
            if info is None:
                info = self.value_info()
            source, target = info[op.src], splats[op.dst]
            if (
                op.src_range.start == Lin(0)
                and op.dst_start == Lin(0)
                and op.src_range.length == source.size == target.size
                and target.lifetime == source.lifetime
            ):
                out[op.out] = op.src
        return out

    # -- serialization (regression files) --------------------------------------------------
    def to_json(self) -> dict[str, Any]:
        data: dict[str, Any] = {
            "globals": [dataclasses.asdict(g) for g in self.globals],
            "ops": [_op_json(op) for op in self.ops],
            "assume_max": self.assume_max,
        }
        if self.step_global:
            data["step_global"], data["step_cap"] = self.step_global, self.step_cap
        if self.step_loads != 1:
            data["step_loads"] = self.step_loads
        if self.step_name != "step":
            data["step_name"] = self.step_name
        if self.n_arg is not None:
            data["n_arg"] = _to_plain(self.n_arg)
        return data

    @staticmethod
    def from_json(data: dict[str, Any]) -> Program:
        return Program(
            globals=tuple(GlobalDecl(**g) for g in data["globals"]),
            ops=tuple(_op_from_json(raw) for raw in data["ops"]),
            assume_max=data.get("assume_max"),
            step_global=data.get("step_global", ""),
            step_cap=data.get("step_cap", 0),
            step_loads=data.get("step_loads", 1),
            step_name=data.get("step_name", "step"),
            n_arg=_revive(data["n_arg"]) if "n_arg" in data else None,
        )

    def dumps(self) -> str:
        return json.dumps(self.to_json(), sort_keys=True)

    def describe(self) -> str:
        """A compact human-readable listing (used in failure reports)."""

        def decl(g: GlobalDecl) -> str:
            twin = f" ({'stored the iota of' if g.shared else 'twin of'} @{g.twin})" if g.twin else ""
            return f"@{g.name}[{g.size}]{twin}"

        lines = [f"globals: {', '.join(decl(g) for g in self.globals) or '-'}"]
        if self.assume_max is not None:
            lines.append(f"assume step <= {self.assume_max}")
        if self.step_global:
            loads = ", loaded twice" if self.step_loads == 2 else ""
            lines.append(f"step through an index global ({self.step_global} store{loads}, then minui {self.step_cap})")
        if self.step_name != "step":
            lines.append(f"step is named %{self.step_name}")
        if self.n_arg is not None:
            lines.append(f"argument %n = {self.n_arg}")
        _describe_ops(self.ops, "  ", lines)
        lines.append(f"exports: {', '.join(f'v{v}' for v in self.outputs())}")
        if self.imports():
            back = zip(self.imports(), self.passed_back())
            lines.append(f"passes back: {', '.join(f'@{op.glob} (v{v}, as v{op.out} next call)' for op, v in back)}")
        return "\n".join(lines)


#: Every shape :meth:`Program.shapes` can report, in summary order.
def _fold_twins(ops: list) -> bool:
    """A ``mix`` of a slice from offset 0 and a ``mix`` of the slice's source over the same
    bytes (identical once the slice is folded into the first)."""
    from_zero = {op.out: op.src for op in ops if isinstance(op, Slice) and op.range.start == Lin(0)}
    mixes = [op for op in ops if isinstance(op, Mix)]
    return any(
        m.a in from_zero
        and n.a == from_zero[m.a]
        and (m.a_range.start, m.a_range.length, m.b, m.b_start) == (n.a_range.start, n.a_range.length, n.b, n.b_start)
        for m in mixes
        for n in mixes
    )


SHAPES: tuple[str, ...] = (
    "scf.for",
    "scf.for unsigned",
    "cf loop",
    "zero-trip loop",
    "trip count from an argument",
    "nested loops",
    "loop-carried resource",
    "iv-dependent range",
    "slice in a loop",
    "a value a loop reads, written in place after it",
    "scf.if",
    "scf.index_switch",
    "scf.execute_region",
    "region yields a consumed value",
    "call",
    "call: late read",
    "call: forwarding",
    "call: public callee",
    "call: shared callee",
    "call then write of its argument",
    "call reads a slice after its source is written in place",
    "global store/reload",
    "equal-content producers",
    "globals sharing a buffer (twins, one value or equal producers stored to two)",
    "one value given to two globals through a call",
    "one value passed twice to a setter",
    "slice folded into a twin producer",
    "whole copy over a fresh target",
    "equal producers through a branch of one value",
    "a branch choosing between two globals' buffers",
    "a branch yielding a global's load or another value, written in place",
    "a global stored, then reloaded inside a branch",
    "equal producers through an elided fill of a splat",
    "call result is a global's buffer",
    "call writes a global",
    "callee's argument is a global a call writes",
    "import of a global's buffer the host passes back",
    "caller's input written in place",
    "input given over, written in place",
    "global written in a loop",
    "step through an index global",
    "store.indirect",
    "two loads of the step global",
    "colliding name",
    "util.align",
    "index ops (minui/divui/remui/select)",
    "resource.size offset",
    "length beyond end",
)


def callee_numbers(program: Program) -> dict[int, int]:
    """``id(call op) -> n``: the callee ``@p<k>_c<n>`` each call calls. Calls are numbered in
    program (pre-)order; a call with ``share >= 0`` calls the callee of the first earlier call
    with the same ``share``, the same :meth:`Call.callee_key` and an argument of the same
    lifetime (the callee's argument type)."""
    out: dict[int, int] = {}
    first: dict[tuple, int] = {}
    n = 0
    info: dict[int, ValueInfo] | None = None
    for op in walk(program.ops):
        if not isinstance(op, Call):
            continue
        if op.share >= 0 and info is None:
            info = program.value_info()
        key = (op.share, op.callee_key(), info[op.arg].lifetime if info is not None else "")
        if op.share >= 0 and key in first:
            out[id(op)] = first[key]
        else:
            out[id(op)] = n
            if op.share >= 0:
                first[key] = n
        n += 1
    return out


def late_splat_value(callee: int) -> int:
    """The value a ``late`` callee returns (distinct per callee: equal splats may be merged)."""
    return 9_000_000 + 101 * callee


def continuation(op: Op, consumed: int) -> int | None:
    """The result of ``op`` that continues the storage role of ``consumed`` (see
    :meth:`Program.global_finals`)."""
    if isinstance(op, For):
        return op.outs[op.inits.index(consumed)]
    if isinstance(op, Branch):
        i = op.consumes_.index(consumed)
        return op.outs[i] if i < len(op.outs) else None
    if isinstance(op, GStore):
        return None
    return getattr(op, "out", None)


def _ranges(op: Op) -> list[Range]:
    return [
        getattr(op, f)
        for f in ("range", "src_range", "a_range", "slice_range", "sum_range", "scale_range", "set_range")
        if getattr(op, f, None) is not None
    ]


def _ix_ops(x: Any) -> list[str]:
    if isinstance(x, Ix):
        return [x.op] + _ix_ops(x.a) + _ix_ops(x.c)
    return []


def _mentions_iv(op: Op) -> bool:
    def lin_iv(x: Any) -> bool:
        if isinstance(x, Lin):
            return x.ci != 0
        if isinstance(x, Ix):
            return lin_iv(x.a) or lin_iv(x.c)
        return False

    values = [r.start for r in _ranges(op)] + [r.length for r in _ranges(op)]
    values += [getattr(op, f) for f in ("start", "dst_start", "b_start") if getattr(op, f, None) is not None]
    return any(lin_iv(v) for v in values)


def _written_after_call(ops: tuple) -> bool:
    """A call's argument is written in place later while still holding the value passed."""
    for i, op in enumerate(ops):
        if isinstance(op, Call) and op.scale_range is None:
            if any(op.arg in later.consumes() for later in ops[i + 1 :]):
                return True
        for body in op.bodies():
            if _written_after_call(body):
                return True
    return False


def _slice_read_by_call_after_write(ops: tuple) -> bool:
    """A slice passed to a call after its source was written in place (the call needs the
    alias as a value: a subview of the source's live version, when the write is disjoint)."""
    for i, op in enumerate(ops):
        if isinstance(op, Slice):
            later = ops[i + 1 :]
            written = next((j for j, w in enumerate(later) if op.src in w.consumes()), None)
            if written is not None and any(isinstance(c, Call) and c.arg == op.out for c in later[written + 1 :]):
                return True
        for body in op.bodies():
            if _slice_read_by_call_after_write(body):
                return True
    return False


@dataclass(frozen=True)
class ValueInfo:
    size: Lin
    lifetime: str  # "variable" | "transient"
    chain: int


def _op_json(op: Op) -> dict[str, Any]:
    """Every field, but those added later (``omit_default``) only when they are not their default:
    the JSON of a program that does not use them, and so its digests, stay what they were."""
    return {
        "kind": op.kind,
        **{
            f.name: _to_plain(getattr(op, f.name))
            for f in dataclasses.fields(op)
            if not (f.metadata.get("omit_default") and getattr(op, f.name) == f.default)
        },
    }


def _op_from_json(raw: dict[str, Any]) -> Op:
    raw = dict(raw)
    cls = OP_TYPES[raw.pop("kind")]
    kwargs = {}
    for f in dataclasses.fields(cls):
        if f.name in raw:
            kwargs[f.name] = _revive(raw[f.name])
    return cls(**kwargs)


def _plain(op: Op) -> dict[str, Any]:
    return {f.name: _to_plain(getattr(op, f.name)) for f in dataclasses.fields(op)}


def _to_plain(x: Any) -> Any:
    if isinstance(x, Lin):
        return {"lin": [x.c0, x.c1] + ([x.ci] if x.ci else [])}
    if isinstance(x, Ix):
        return {"ix": [x.op, _to_plain(x.a), x.b, _to_plain(x.c)]}
    if isinstance(x, Range):
        if isinstance(x.start, Lin) and not x.start.ci and not x.length.ci:
            return {"range": [[x.start.c0, x.start.c1], [x.length.c0, x.length.c1], x.form]}
        return {"range2": [_to_plain(x.start), _to_plain(x.length), x.form]}
    if isinstance(x, tuple):
        return [_op_json(y) if isinstance(y, Op) else _to_plain(y) for y in x]
    return x


def _revive(x: Any) -> Any:
    if isinstance(x, dict) and "kind" in x:  # a nested op (its fields may be called "range")
        return _op_from_json(x)
    if isinstance(x, dict) and "lin" in x:
        return Lin(*x["lin"])
    if isinstance(x, dict) and "ix" in x:
        op, a, b, c = x["ix"]
        return Ix(op, _revive(a), b, _revive(c))
    if isinstance(x, dict) and "range" in x:
        (s0, s1), (l0, l1), form = x["range"]
        return Range(Lin(s0, s1), Lin(l0, l1), form)
    if isinstance(x, dict) and "range2" in x:
        start, length, form = x["range2"]
        return Range(_revive(start), _revive(length), form)
    if isinstance(x, list):
        return tuple(_revive(y) for y in x)
    return x


def _describe_ops(ops: tuple, indent: str, lines: list[str]) -> None:
    for op in ops:
        lines.append(indent + _describe_op(op))
        if isinstance(op, For):
            _describe_ops(op.body, indent + "    ", lines)
            lines.append(indent + f"  yield {', '.join(f'v{v}' for v in op.yields)}")
        elif isinstance(op, Branch):
            for j, b in enumerate(op.branches):
                lines.append(indent + f"  branch {j}:")
                _describe_ops(b, indent + "    ", lines)
                lines.append(indent + f"    yield {', '.join(f'v{v}' for v in op.yields[j])}")


def _describe_op(op: Op) -> str:
    if isinstance(op, Load):
        return f"v{op.out} = load @{op.glob}"
    if isinstance(op, GLoad):
        return f"v{op.out} = reload @{op.glob}"
    if isinstance(op, GStore):
        return f"store v{op.value} -> @{op.glob}" + (f", @{op.also}" if op.also else "")
    if isinstance(op, GetGlobal):
        return f"v{op.out} = call get @{op.glob}"
    if isinstance(op, Import):
        return f"v{op.out} = import @{op.glob} (the buffer the host passes back)"
    if isinstance(op, Input):
        given = ", given over" if op.given else ", the caller keeps it"
        return f"v{op.out} = input[{op.size}] base {op.base}{given}"
    if isinstance(op, SetGlobal):
        return f"call set @{op.glob}{op.range} = {op.value}"
    if isinstance(op, Iota):
        return f"v{op.out} = iota[{op.size}] base {op.base}"
    if isinstance(op, Splat):
        lifetime = f" ({op.lifetime})" if op.lifetime != "transient" else ""
        return f"v{op.out} = splat[{op.size}] {op.value}{lifetime}"
    if isinstance(op, Slice):
        return f"v{op.out} = slice v{op.src}{op.range}"
    if isinstance(op, Update):
        short = f" (end spelled {op.short} short)" if op.short else ""
        return f"v{op.out} = update v{op.dst}[{op.start}..] <- v{op.upd}{short}"
    if isinstance(op, Copy):
        short = f" (end spelled {op.short} short)" if op.short else ""
        return f"v{op.out} = copy v{op.dst}[{op.dst_start}..] <- v{op.src}{op.src_range}{short}"
    if isinstance(op, Fill):
        return f"v{op.out} = fill v{op.dst}{op.range} {op.value}"
    if isinstance(op, Scale):
        return f"v{op.out} = scale v{op.dst}{op.range} (in place)"
    if isinstance(op, Clone):
        return f"v{op.out} = clone v{op.src}"
    if isinstance(op, Sum):
        return f"v{op.out} = wsum v{op.src}{op.range}"
    if isinstance(op, Mix):
        lifetime = f" ({op.lifetime})" if op.lifetime != "transient" else ""
        return f"v{op.out} = mix v{op.a}{op.a_range} + 3 * v{op.b}[{op.b_start}..]{lifetime}"
    if isinstance(op, Call):
        parts = []
        if op.slice_range is not None:
            parts.append(f"slice {op.slice_range}")
        if op.sum_range is not None:
            parts.append(f"wsum {op.sum_range}")
        if op.scale_range is not None:
            parts.append(f"scale {op.scale_range}")
        if op.set_global:
            parts.append(f"call set @{op.set_global}{op.set_range} = {op.set_value}")
        flags = [f for f in ("late", "forward", "public") if getattr(op, f)]
        if op.share >= 0:
            flags.append(f"share {op.share}")
        outs = f"v{op.out}, v{op.result}" if op.out is not None else f"v{op.result}"
        return f"{outs} = call(v{op.arg}) {{{'; '.join(parts)}}}" + (f" [{', '.join(flags)}]" if flags else "")
    if isinstance(op, Discard):
        return f"discard v{op.value}"
    if isinstance(op, For):
        outs = ", ".join(f"v{v}" for v in op.outs)
        carried = ", ".join(f"v{a} = v{i}" for a, i in zip(op.args, op.inits))
        bounds = f"{op.lb} to {op.lb}+({op.trip})" if op.lb else f"0 to {'%n = ' if op.from_arg else ''}{op.trip}"
        return f"{outs + ' = ' if outs else ''}for[{op.style}] i = {bounds} ({carried})"
    if isinstance(op, Branch):
        outs = ", ".join(f"v{v}" for v in op.outs)
        how = {"if": f"if step < {op.cond}", "switch": f"switch step cases {list(op.cases)}", "exec": "execute_region"}[
            op.style
        ]
        consumed = f" consuming {', '.join(f'v{v}' for v in op.consumes_)}" if op.consumes_ else ""
        return f"{outs + ' = ' if outs else ''}{how}{consumed}"
    return repr(op)


def _loaded_from(program: Program, v: int) -> str | None:
    """The global ``v`` was loaded from (a load, reload or getter call defines it), if any."""
    for op in walk(program.ops):
        if isinstance(op, (Load, GLoad, GetGlobal)) and op.out == v:
            return op.glob
    return None


class InvalidProgram(ValueError):
    """A description that breaks the validity rules of the module docstring."""


def check(program: Program) -> None:
    """Raise :class:`InvalidProgram` unless ``program`` obeys the rules (module docstring).

    Two passes: a static one over the op lists (liveness, consumption, scoping of nested
    bodies, which global each value holds), then a dynamic one -- the interpreter run with
    bounds checking on every step and every iteration that executes (:func:`.interp.check_bounds`):
    a range in a loop body only has to be valid in the iterations that run, which is what
    makes zero-trip loops with otherwise-invalid bodies valid programs."""
    try:
        info_all = program.value_info()
    except (KeyError, IndexError) as err:
        raise InvalidProgram(f"use of an undefined value {err}") from None
    globals_ = {g.name: g for g in program.globals}
    for i, g in enumerate(program.globals):
        if g.twin and (g.twin not in [h.name for h in program.globals[:i]] or globals_[g.twin].size != g.size):
            raise InvalidProgram(f"@{g.name} is the twin of @{g.twin}, which is not an earlier global of its size")
        if g.shared and not g.twin:
            raise InvalidProgram(f"@{g.name} shares the initial value of no twin")
    loaded: set[str] = set()
    defined: set[int] = set()
    held: dict[str, int] = {}
    _check_ops(program, program.ops, set(), held, loaded, defined, info_all, top=True, frozen=set())
    if loaded != set(globals_):
        raise InvalidProgram("every declared global is loaded")
    if program.imports():
        _check_imports(program, info_all)
    if program.step_global not in ("", "direct", "indirect"):
        raise InvalidProgram(f"unknown step_global {program.step_global!r}")
    if program.step_loads not in (1, 2) or (program.step_loads == 2 and not program.step_global):
        raise InvalidProgram(f"step_loads {program.step_loads} (2 only with step_global)")
    from .interp import check_bounds  # the interpreter evaluates ranges; no import cycle at load

    check_bounds(program)


def _check_imports(program: Program, info: dict[int, ValueInfo]) -> None:
    """The rules of :class:`Import`: one import per global, of a global held at the end (its
    buffer then is what the host passes back), in a program whose globals share no buffer
    (IREE would make a write of the other global one of the import's); no read of an import
    (the import itself included, and the export of a live one at the end) in or after the first
    top-level op that may write a global's storage: an in-place write of a value holding a
    global, a setter, a store."""
    globals_ = {g.name for g in program.globals}
    finals = program.global_finals()
    seen: set[str] = set()
    for op in program.imports():
        if op.glob not in globals_ or op.glob in seen:
            raise InvalidProgram(f"an import of @{op.glob}, undeclared or imported twice")
        seen.add(op.glob)
        if op.glob not in finals:
            raise InvalidProgram(f"imports @{op.glob}, which no value holds at the end (its buffer is passed back)")
    if (
        any(g.twin for g in program.globals)
        or any(isinstance(x, GStore) and (x.also or x.via) for x in walk(program.ops))
        or program.stored_twins()
    ):
        raise InvalidProgram("an import in a program whose globals may share a buffer")
    global_chains = {info[x.out].chain for x in program.ops if isinstance(x, Load)}
    imported = {op.out for op in program.imports()}
    first = next((i for i, op in enumerate(program.ops) if _may_write_a_global(op, info, global_chains)), None)
    if first is None:
        return
    for i, op in enumerate(program.ops[first:], first):
        if isinstance(op, Import) or imported & set(op.uses()):
            raise InvalidProgram(f"op {i} ({_describe_op(op)}): reads an import at or after a write of a global")
    if imported & set(program.outputs()):
        raise InvalidProgram("exports an import after a write of a global")


def _may_write_a_global(op: Op, info: dict[int, ValueInfo], global_chains: set[int]) -> bool:
    """Does ``op`` (or an op in its bodies) write a global's storage or store to a global?"""
    for x in walk((op,)):
        if isinstance(x, (SetGlobal, GStore)) or isinstance(x, Call) and x.set_global:
            return True
        if isinstance(x, (Update, Copy, Fill, Scale, Call)) and x.consumed() is not None:
            if info[x.consumed()].chain in global_chains:  # type: ignore[index]
                return True
    return False


def _check_ops(
    program: Program,
    ops: tuple,
    live: set[int],
    held: dict[str, int],
    loaded: set[str],
    defined: set[int],
    info_all: dict[int, ValueInfo],
    top: bool,
    frozen: set[int],
) -> None:
    """The static rules over one op list; ``live`` is updated in place (the caller's copy for a
    nested body). ``frozen``: outer values the list may read but not write or consume (a loop
    body runs again, a branch may only write what its op consumes)."""
    globals_ = {g.name: g for g in program.globals}
    choices = program.global_choices()
    imported = {x.out for x in walk(program.ops) if isinstance(x, Import)}
    seen_non_load = not top
    for i, op in enumerate(ops):
        what = f"op {i} ({_describe_op(op)})"
        if isinstance(op, Load):
            if seen_non_load or op.glob not in globals_ or op.glob in loaded:
                raise InvalidProgram(f"{what}: loads come first, once per declared global")
            loaded.add(op.glob)
            held[op.glob] = op.out
        else:
            seen_non_load = True
        for v in op.uses():
            if v not in live:
                raise InvalidProgram(f"{what}: v{v} is not live (undefined, consumed or out of scope)")
        for c in op.consumes():
            if c in frozen:
                raise InvalidProgram(f"{what}: writes or consumes v{c}, which it may only read here")
            if c in choices:
                raise InvalidProgram(f"{what}: writes or stores v{c}, which may be any of several globals' buffers")
            if c in imported:
                raise InvalidProgram(f"{what}: writes or stores v{c}, an import of a global's buffer")
        if isinstance(op, (Import, Input)) and not top:
            raise InvalidProgram(f"{what}: an import is only allowed at the top level")
        if isinstance(op, Input) and op.size < 1:
            raise InvalidProgram(f"{what}: empty input")
        if isinstance(op, Discard) and op.value not in live:
            raise InvalidProgram(f"{what}: v{op.value} is not live")
        if isinstance(op, Update) and op.upd == op.dst or isinstance(op, Copy) and op.src == op.dst:
            raise InvalidProgram(f"{what}: reads and writes the same value")
        if isinstance(op, (Update, Copy)) and op.short < 0:
            raise InvalidProgram(f"{what}: negative short end")
        if isinstance(op, Call):
            if (op.slice_range is None) == (op.sum_range is None):
                raise InvalidProgram(f"{what}: exactly one of slice_range and sum_range")
            if (op.scale_range is None) != (op.out is None):
                raise InvalidProgram(f"{what}: out exactly when the callee scales")
        if isinstance(op, (Iota, Splat)) and op.size.lo() < 1:
            raise InvalidProgram(f"{what}: empty value")
        if isinstance(op, (Splat, Mix)) and op.lifetime not in ("transient", "variable"):
            raise InvalidProgram(f"{what}: unknown lifetime {op.lifetime!r}")
        if isinstance(op, GStore) and op.also:
            if op.also not in globals_ or op.also not in loaded or op.also == op.glob:
                raise InvalidProgram(f"{what}: a second store to a global that was never loaded")
            if op.also in held or globals_[op.also].size != globals_[op.glob].size:
                raise InvalidProgram(f"{what}: @{op.also} is held, or of another size")
        if isinstance(op, SetGlobal) and (op.glob not in globals_ or op.glob not in loaded or op.glob in held):
            raise InvalidProgram(f"{what}: a setter of a global that is held or was never loaded")
        if isinstance(op, Call) and op.set_global:
            if held.get(op.set_global) != op.arg or _loaded_from(program, op.arg) != op.set_global:
                raise InvalidProgram(f"{what}: the argument is not @{op.set_global}'s buffer as loaded")
            if op.scale_range is not None or op.set_range is None:
                raise InvalidProgram(f"{what}: a setter call neither scales nor lacks a range")
        if isinstance(op, (GLoad, GStore, GetGlobal)):
            if op.glob not in globals_ or op.glob not in loaded:
                raise InvalidProgram(f"{what}: a reload or store of a global that was never loaded")
            if isinstance(op, (GLoad, GetGlobal)) and op.glob in held:
                raise InvalidProgram(f"{what}: @{op.glob} is still held by v{held[op.glob]}")
            if isinstance(op, GStore) and info_all[op.value].size != Lin(globals_[op.glob].size):
                raise InvalidProgram(f"{what}: stores a value of another size")
            if isinstance(op, GStore) and info_all[op.value].lifetime != "variable":
                raise InvalidProgram(f"{what}: stores a transient value")
        if isinstance(op, For):
            if op.style == "cf" and not top:
                raise InvalidProgram(f"{what}: a cf loop is only allowed at the top level")
            if not (len(op.inits) == len(op.args) == len(op.yields) == len(op.outs)):
                raise InvalidProgram(f"{what}: inits, args, yields and outs differ in number")
            if len(set(op.inits)) != len(op.inits) or min(op.trip.c0, op.trip.c1) < 0 or op.trip.ci:
                raise InvalidProgram(f"{what}: repeated init or a negative trip count")
            if op.from_arg and (op.trip != program.n_arg or op.lb or op.style == "unsigned"):
                raise InvalidProgram(f"{what}: a loop to %n runs n_arg times from 0 (signed)")
            body_live = (live - set(op.inits)) | set(op.args)
            for a in op.args:
                if a in defined:
                    raise InvalidProgram(f"{what}: v{a} defined twice")
                defined.add(a)
            body_held = {g: v for g, v in held.items() if v not in op.inits}
            start = dict(body_held)
            _check_ops(
                program,
                op.body,
                body_live,
                body_held,
                loaded,
                defined,
                info_all,
                top=False,
                frozen=frozen | (body_live - set(op.args)),
            )
            if body_held != start:
                raise InvalidProgram(f"{what}: the body leaves a global held or stored differently")
            for y, a in zip(op.yields, op.args):
                if y not in body_live:
                    raise InvalidProgram(f"{what}: yields v{y}, which is not live at the end of the body")
                if (info_all[y].size, info_all[y].lifetime) != (info_all[a].size, info_all[a].lifetime):
                    raise InvalidProgram(f"{what}: yields v{y} of another size or lifetime than v{a}")
        if isinstance(op, Branch):
            n = len(op.branches)
            if (
                op.style == "if"
                and n != 2
                or op.style == "exec"
                and n != 1
                or op.style == "switch"
                and (n != len(op.cases) + 1 or len(set(op.cases)) != len(op.cases))
            ):
                raise InvalidProgram(f"{what}: wrong number of branches")
            if (
                len(op.yields) != n
                or any(len(y) != len(op.outs) for y in op.yields)
                or len(op.outs) < len(op.consumes_)
            ):
                raise InvalidProgram(f"{what}: every branch yields one value per result (and one per consumed value)")
            chosen: dict[str, int] = {}  # globals the result may be -> the result
            for b, ys in zip(op.branches, op.yields):
                b_live = set(live)
                b_held = {g: v for g, v in held.items() if v not in op.consumes_}
                start = dict(b_held)
                reloads = {x.out: x.glob for x in b if isinstance(x, GLoad)}
                # A result choosing between globals: the arm ends holding the global it yields.
                picked = {reloads[ys[j]]: ys[j] for j, o in enumerate(op.outs) if o in choices}
                chosen.update({reloads[ys[j]]: o for j, o in enumerate(op.outs) if o in choices})
                if set(picked) & set(start):
                    raise InvalidProgram(f"{what}: a branch chooses a global that is held")
                start.update(picked)
                _check_ops(
                    program,
                    b,
                    b_live,
                    b_held,
                    loaded,
                    defined,
                    info_all,
                    top=False,
                    frozen=frozen | (live - set(op.consumes_)),
                )
                if b_held != start:
                    raise InvalidProgram(f"{what}: a branch leaves a global held or stored differently")
                for j, y in enumerate(ys):
                    if y not in b_live:
                        raise InvalidProgram(f"{what}: yields v{y}, which is not live at the end of the branch")
                    first = op.yields[0][j]
                    if (info_all[y].size, info_all[y].lifetime) != (info_all[first].size, info_all[first].lifetime):
                        raise InvalidProgram(f"{what}: branches yield values of different size or lifetime")
            held.update(chosen)
            # Consumed values only become dead at the op.
        for c in op.consumes():
            live.discard(c)
        if isinstance(op, Discard):
            live.discard(op.value)
            if op.value in choices:  # only read: the globals it may be are as they were
                for g in [g for g, v in held.items() if v == op.value]:
                    del held[g]
        if isinstance(op, GStore):
            held.pop(op.glob, None)
            held.pop(op.also, None)
        if isinstance(op, Call) and op.set_global:
            held.pop(op.set_global, None)
        if isinstance(op, (GLoad, GetGlobal)):
            held[op.glob] = op.out
        for g, v in list(held.items()):
            if v in op.consumes() and not isinstance(op, GStore):
                cont = continuation(op, v)
                if cont is None:
                    raise InvalidProgram(f"{what}: consumes v{v}, which holds @{g}, without a result that continues it")
                held[g] = cont
        for d in op.defs():
            if d in defined:
                raise InvalidProgram(f"{what}: v{d} defined twice")
            defined.add(d)
            live.add(d)
