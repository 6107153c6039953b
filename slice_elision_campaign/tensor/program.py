"""The description of a generated tensor-level program: what hypothesis draws and shrinks.

Why a description and not text: shrinking and the greedy reduction act on structure (drop a
statement, a global, a function), and two independent consumers -- the MLIR renderer
(:mod:`.render`) and the numpy interpreter (:mod:`.interp`) -- must read one source of truth.

Why *picks*: a statement names the values it uses by a number taken modulo the values of the
right type in scope where it stands, counted back from the latest (:mod:`.walk` resolves them, once, for both consumers).
So every description is a valid program -- a statement whose operand has no candidate is left
out, by both consumers alike -- and dropping any statement leaves a valid program: the later
picks land on other values, which is what a reduction wants to try anyway.

A program is a few private globals (``tensor<4xi32>`` or ``tensor<8xi32>``, mutable or not), a
few private helpers of fixed shapes (getters, setters, callees updating a global or their
argument in place; some ``#util.inline.never``), and 1-3 public functions, each called twice in
one runtime context (:meth:`Program.calls`: every function once, then every function again),
globals persisting between calls.
"""

from __future__ import annotations

from dataclasses import dataclass, field, fields, is_dataclass
from typing import Any, Literal

#: Tensor sizes of globals and values (``tensor<Nxi32>``); rows are ``tensor<1xi32>``.
SIZES = (4, 8)
#: Parameter kinds of a public function: a 1-element row, an index (0..:data:`INDEX_MAX`), a flag.
ParamKind = Literal["row", "index", "i1"]
#: Index arguments stay in 0..3: in bounds as offsets into any tensor, small as trip counts.
INDEX_MAX = 3


@dataclass(frozen=True)
class Global:
    """``util.global private [mutable] @g<k> = dense<init> : tensor<Nxi32>``."""

    size: int
    mutable: bool
    init: tuple[int, ...]


@dataclass(frozen=True)
class Static:
    """A constant offset or trip count, taken modulo what is in bounds where it is used."""

    value: int


@dataclass(frozen=True)
class Dynamic:
    """An index value in scope (an index argument, an induction variable), by pick; a static
    ``pick`` where there is none."""

    pick: int


Offset = Static | Dynamic


@dataclass(frozen=True)
class Load:
    """``util.global.load`` of a global (any)."""

    global_: int


@dataclass(frozen=True)
class Store:
    """``util.global.store`` of a tensor of the global's size into a global (left out where the
    global is immutable)."""

    value: int
    global_: int


@dataclass(frozen=True)
class Const:
    """``arith.constant`` (or ``util.unfoldable_constant``) of a tensor: its size is ``len(values)``."""

    values: tuple[int, ...]
    unfoldable: bool = False


@dataclass(frozen=True)
class InsertRow:
    """``tensor.insert_slice`` of a row (``tensor<1xi32>``) into a tensor at an offset."""

    dest: int
    row: int
    offset: Offset


@dataclass(frozen=True)
class ExtractRow:
    """``tensor.extract_slice`` of one element as a row."""

    source: int
    offset: Offset


@dataclass(frozen=True)
class ExtractHalf:
    """``tensor.extract_slice`` of four elements out of a ``tensor<8xi32>`` (static offset 0..4)."""

    source: int
    offset: int


@dataclass(frozen=True)
class Extract:
    """``tensor.extract`` of one ``i32``."""

    source: int
    offset: Offset


@dataclass(frozen=True)
class InsertScalar:
    """``tensor.insert`` of an ``i32`` in scope (by pick), or of the constant ``value`` where
    there is none."""

    dest: int
    scalar: int
    offset: Offset
    value: int = 0


@dataclass(frozen=True)
class Add:
    """Elementwise ``arith.addi`` of two tensors of one size (``lhs`` twice where ``lhs``'s size
    has no other value); ``generic``: spelled as a ``linalg.generic``."""

    lhs: int
    rhs: int
    generic: bool = False


@dataclass(frozen=True)
class Same:
    """An elementwise op of a tensor with itself, or with all ones, that MLIR folds to the
    tensor (``how``, modulo 5: ``arith.andi v, v``, ``arith.ori v, v``, ``arith.maxsi v, v``,
    ``arith.minsi v, v``, ``arith.andi v, dense<-1>``): the value the user wrote through an op,
    which IREE's folds of globals read as the value itself."""

    value: int
    how: int = 0


@dataclass(frozen=True)
class Barrier:
    """``util.optimization_barrier`` of a tensor (by pick): its value, through an op no fold
    sees through (a user's, or the one ``util.unfoldable_constant`` becomes). On a loop's
    carried value IREE 3.13 hands it the value unawaited (``stream_model.schedule.unawaited``)."""

    value: int


@dataclass(frozen=True)
class Fill:
    """``linalg.fill`` of a tensor with a constant."""

    dest: int
    value: int


@dataclass(frozen=True)
class For:
    """``scf.for`` from 0 to ``trip`` (static 0..3, or an index value), carrying ``init`` (a
    tensor, by pick; None: nothing carried) and yielding ``result`` (a tensor of the carried
    size in the body's scope, by pick)."""

    trip: Static | Dynamic
    init: int | None
    body: tuple[Stmt, ...]
    result: int = 0


@dataclass(frozen=True)
class If:
    """``scf.if`` on an ``i1`` argument (``static`` where there is none), with a tensor result
    of ``size`` (None: none) that each arm yields by pick (a zero constant where the arm has no
    tensor of that size). ``cf``: at a function's top level, spelled as a ``cf.cond_br``
    diamond (each arm a block, the result the join block's argument); with ``switch``, its
    branch a ``cf.switch`` on the condition widened to ``i32`` (case 1: the then arm; default:
    the else arm)."""

    cond: int
    then: tuple[Stmt, ...]
    else_: tuple[Stmt, ...]
    size: int | None = None
    then_result: int = 0
    else_result: int = 0
    static: bool = True
    cf: bool = False
    switch: bool = False


@dataclass(frozen=True)
class While:
    """``scf.while`` counting from 0 to ``trip``, carrying a tensor (``init``, by pick): the
    before region runs ``before`` and passes on ``before_result`` (by pick, of the carried
    size), the after region runs ``after`` and yields ``after_result``. The before region runs
    once more than the after region; the loop's result is the before region's last value.
    ``cf``: at a function's top level, spelled as a ``cf`` loop (a header block running
    ``before`` that branches to a body block running ``after`` and back, or to an exit block
    whose argument is the result): a cycle of blocks."""

    trip: Static | Dynamic
    init: int
    before: tuple[Stmt, ...]
    after: tuple[Stmt, ...] = ()
    before_result: int = 0
    after_result: int = 0
    cf: bool = False


@dataclass(frozen=True)
class Block:
    """At a function's top level: the statements after it are a new block, which the block
    before branches to (``cf.br``). A function's blocks may be written out of execution order
    (:attr:`Function.blocks_reversed`)."""


@dataclass(frozen=True)
class Call:
    """``util.call`` of a helper (by pick among those that resolve), its operands by pick."""

    helper: int
    args: tuple[int, ...] = ()


Stmt = (
    Load
    | Store
    | Const
    | InsertRow
    | ExtractRow
    | ExtractHalf
    | Extract
    | InsertScalar
    | Add
    | Same
    | Barrier
    | Fill
    | For
    | If
    | While
    | Block
    | Call
)

#: Helper shapes. ``get``: ``() -> g``; ``get-if``: ``(i1) -> g`` loading in an ``scf.if`` arm
#: (zeros otherwise); ``set``: ``(tensor) -> ()`` storing it; ``update``: ``(row) -> ()``
#: inserting the row into ``g`` and storing it; ``double``: ``() -> ()`` storing ``g + g``;
#: ``insert``: ``(tensor, row) -> tensor`` inserting the row into its argument.
HelperKind = Literal["get", "get-if", "set", "update", "double", "insert"]
#: The helpers that store into their global (which must be mutable).
WRITERS = ("set", "update", "double")


@dataclass(frozen=True)
class Helper:
    """A private helper function of a fixed shape (:data:`HelperKind`) over a global (by pick;
    ``insert`` uses ``size`` instead), inserting at ``offset`` (modulo the size)."""

    kind: HelperKind
    global_: int = 0
    offset: int = 0
    size: int = 4
    never_inline: bool = False


@dataclass(frozen=True)
class Function:
    """A public function: its parameters, body, results (tensors at its top level, by pick) and
    the argument values of its two calls (one per parameter; missing ones are 0).
    ``blocks_reversed``: its blocks (:class:`Block`, ``cf`` arms) are written in the text in
    reverse execution order, the entry block first (as IREE's own CFG output can leave them)."""

    params: tuple[ParamKind, ...]
    body: tuple[Stmt, ...]
    results: tuple[int, ...]
    calls: tuple[tuple[int, ...], tuple[int, ...]] = ((), ())
    blocks_reversed: bool = False


#: The index of the observer (``@state``) in :meth:`Program.calls`.
OBSERVER = -1


@dataclass(frozen=True)
class Program:
    """Globals, public functions, helpers; ``observe``: the module also has ``@state()``
    returning every global (``observe_only``: that one global alone), called first and after
    every call (a global's state is then part of the answer, as it is for a user who reads it in
    a later call, or before any other). ``abi``: the public functions take and return tensors
    as frontends write them, ``!hal.buffer_view``s through ``hal.tensor.import`` and
    ``hal.tensor.export`` (the ops IREE's own ABI lowering makes; the values are the same);
    ``spelled``: constants spelled as expressions (below)."""

    globals_: tuple[Global, ...]
    functions: tuple[Function, ...]
    helpers: tuple[Helper, ...] = field(default=())
    observe: bool = False
    observe_only: int | None = None
    abi: bool = False
    #: Constant trip counts, offsets and conditions spelled as integer expressions of constants
    #: (``(c + 3) - 3``, ``c * 1``, ``max(c, 0)``, a compare of two constants), which MLIR folds
    #: before IREE's folds of globals read them; the values are the same.
    spelled: bool = False

    def observed(self) -> bool:
        return self.observe and bool(self.globals_)

    def observed_globals(self) -> list[int]:
        """The globals ``@state()`` returns, by index."""
        return list(range(len(self.globals_))) if self.observe_only is None else [self.observe_only]

    def calls(self) -> list[tuple[int, tuple[int, ...]]]:
        """The fixed call sequence: every function in order, then every function again; each
        with its arguments (function index, argument values, one per parameter), and each
        followed by ``@state()`` (index :data:`OBSERVER`) where the program is observed, which
        is then called first too (the globals' initial values: IREE may fold a global into
        another that starts from a different value, wrong only before the first store)."""
        out: list[tuple[int, tuple[int, ...]]] = [(OBSERVER, ())] if self.observed() else []
        for round_ in (0, 1):
            for k, fn in enumerate(self.functions):
                given = fn.calls[round_] if round_ < len(fn.calls) else ()
                out.append((k, tuple(given[i] if i < len(given) else 0 for i in range(len(fn.params)))))
                if self.observed():
                    out.append((OBSERVER, ()))
        return out

    def params(self, k: int) -> tuple[ParamKind, ...]:
        return () if k == OBSERVER else self.functions[k].params


def name_of_function(k: int) -> str:
    return "state" if k == OBSERVER else f"f{k}"


def name_of_global(k: int) -> str:
    return f"g{k}"


def name_of_helper(k: int) -> str:
    return f"h{k}"


def statements(body: tuple[Stmt, ...]) -> list[Stmt]:
    """Every statement of ``body``, nested ones included (pre-order)."""
    out: list[Stmt] = []
    for s in body:
        out.append(s)
        if isinstance(s, For):
            out += statements(s.body)
        elif isinstance(s, If):
            out += statements(s.then) + statements(s.else_)
        elif isinstance(s, While):
            out += statements(s.before) + statements(s.after)
    return out


def size(p: Program) -> int:
    """How big a program is (statements, results, parameters, globals, helpers, functions):
    what reduction lowers."""
    return (
        sum(len(statements(f.body)) + len(f.results) + len(f.params) for f in p.functions)
        + len(p.globals_)
        + len(p.helpers)
        + len(p.functions)
        + p.observe
    )


def encode(value: object) -> object:
    """A description as JSON-able data (each dataclass tagged with its class): findings are
    saved in this form and read back with :func:`decode`."""
    if is_dataclass(value) and not isinstance(value, type):
        return {"_": type(value).__name__, **{f.name: encode(getattr(value, f.name)) for f in fields(value)}}
    if isinstance(value, (tuple, list)):
        return [encode(v) for v in value]
    return value


def decode(data: object) -> Any:
    """The inverse of :func:`encode` (lists become tuples, as the frozen dataclasses hold them)."""
    if isinstance(data, dict):
        cls = _CLASSES[data["_"]]
        return cls(**{k: decode(v) for k, v in data.items() if k != "_"})
    if isinstance(data, list):
        return tuple(decode(v) for v in data)
    return data


_CLASSES: dict[str, type] = {
    c.__name__: c
    for c in (
        Global,
        Static,
        Dynamic,
        Load,
        Store,
        Const,
        InsertRow,
        ExtractRow,
        ExtractHalf,
        Extract,
        InsertScalar,
        Add,
        Same,
        Barrier,
        Fill,
        For,
        If,
        While,
        Block,
        Call,
        Helper,
        Function,
        Program,
    )
}
