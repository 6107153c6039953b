"""Program descriptions -> one stream-async module at the splice point (MLIR text).

Many programs share one module (one public function ``@p<k>`` each) because compiling is the
campaign's cost: one compile of 15 programs costs little more than one of a single program.
Programs never share state: globals are private and named per program, and every fresh value is
created with distinct contents, so that no upstream CSE/global fusion can merge buffers that the
program means to be distinct (a known IREE 3.13 fault with equal splats; see the facts notes) --
except where a program asks for equal contents on purpose: twin ``iota`` values and twin globals
(:class:`.program.GlobalDecl` ``twin``), which IREE merges and the rewrite must keep apart.

Index arithmetic is spelled three ways (see :class:`.program.Range`), so proofs must work on
values, not on SSA identity. Every value still live at the end is copied by a dispatch into an
``external`` resource and exported as a ``!hal.buffer_view``: results that stay in device memory, or only in
never-read globals, are deleted by the pipeline and would make a miscompile invisible.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass

from .executables import EXECUTABLE, executable_text
from .program import (
    ELEMENT_BYTES,
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
    Index,
    Input,
    Iota,
    Ix,
    Lin,
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
    ValueInfo,
    callee_numbers,
    import_initial,
    late_splat_value,
    walk,
)

DEVICE = (
    'util.global private @__device_0 = #hal.device.target<"local", '
    '[#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device'
)


def function_name(k: int) -> str:
    return f"p{k}"


def global_symbol(k: int, name: str) -> str:
    return f"p{k}_{name}"


def initial_base(k: int, global_index: int) -> int:
    """The ``iota`` base a global starts from: distinct for every global of the module."""
    return 1_000_000 * (k + 1) + 10_007 * (global_index + 1)


@dataclass(frozen=True)
class RenderedModule:
    text: str
    #: Per program: the exported public function and the value ids of its results, in order.
    functions: tuple[str, ...]
    outputs: tuple[tuple[int, ...], ...]
    #: Per program: the arguments after ``step``, as ``(c0, c1)`` of ``c0 + c1 * step``.
    arguments: tuple[tuple[tuple[int, int], ...], ...] = ()
    #: Per program: its imports (:class:`.program.Import`), the buffer-view arguments after
    #: those, as ``(size, iota base)`` of the array the host passes at the first call; at every
    #: later call the host passes back the last results of the call before, as they are (the
    #: same buffer objects: :func:`.runner.run_isolated`).
    imports: tuple[tuple[tuple[int, int], ...], ...] = ()
    #: Per program: its inputs (:class:`.program.Input`), the buffer-view arguments after the
    #: imports, as ``(size, iota base, given over)``: the host passes a fresh array each call
    #: and, for one it keeps, reads it back after the call.
    inputs: tuple[tuple[tuple[int, int, bool], ...], ...] = ()


def _rtype(lifetime: str) -> str:
    return f"!stream.resource<{lifetime}>"


class _Emitter:
    """Code of one block list: constants and index arithmetic on demand. A nested region gets a
    :meth:`child` that sees what this one defined so far (it dominates the region) and whose own
    definitions stay inside the region."""

    def __init__(self, step: str, indent: str = "    ", iv: str | None = None) -> None:
        self.step = step
        self.iv = iv
        self.indent = indent
        self.lines: list[str] = []
        self._consts: dict[tuple[str, int], str] = {}
        self._shared: dict[tuple, str] = {}
        #: Shared by every emitter of one function: a counter and the constant names taken
        #: (blocks of a cf loop share one name scope with the code after the loop).
        self._function: dict = {"n": 0, "names": set()}

    def child(self, iv: str | None = None, extra: str = "  ") -> _Emitter:
        c = _Emitter(self.step, self.indent + extra, self.iv if iv is None else iv)
        c._consts = dict(self._consts)
        c._shared = dict(self._shared)
        c._function = self._function
        return c

    def emit(self, line: str) -> None:
        self.lines.append(self.indent + line)

    def label(self, line: str) -> None:
        self.lines.append(self.indent[:-2] + line)

    def fresh(self, prefix: str = "t") -> str:
        self._function["n"] += 1
        return f"%{prefix}{self._function['n']}"

    def const(self, value: int, type_: str = "index") -> str:
        key = (type_, value)
        if key not in self._consts:
            tag = "" if type_ == "index" else "_" + type_
            name = f"%c{value}{tag}".replace("-", "m")
            if name in self._function["names"]:
                name = f"{name}_{self.fresh('')[1:]}"
            self._function["names"].add(name)
            self._consts[key] = name
            self.emit(f"{name} = arith.constant {value} : {type_}")
        return self._consts[key]

    def lin(self, lin: Lin, form: int = 0) -> str:
        """An index value equal to ``lin`` (already in the wanted unit), spelled per ``form``."""
        if lin.c1 == 0 and lin.ci == 0:
            return self.const(lin.c0)
        if lin.ci != 0:
            return self._lin_iv(lin, form)
        if form == 0:
            key = (self.step, lin.c0, lin.c1)
            if key not in self._shared:
                self._shared[key] = self._arith(lin, commuted=False)
            return self._shared[key]
        if form == 1:
            name = self.fresh("a")
            self.emit(f"{name} = affine.apply affine_map<()[s0] -> (s0 * {lin.c1} + {lin.c0})>()[{self.step}]")
            return name
        return self._arith(lin, commuted=True)

    def _lin_iv(self, lin: Lin, form: int) -> str:
        assert self.iv is not None, "an iteration-dependent range outside a loop"
        if form == 1:
            name = self.fresh("a")
            self.emit(
                f"{name} = affine.apply affine_map<()[s0, s1] -> (s0 * {lin.c1} + s1 * {lin.ci} + {lin.c0})>"
                f"()[{self.step}, {self.iv}]"
            )
            return name
        key = ("iv", self.step, lin.c0, lin.c1, lin.ci)
        if form == 0 and key in self._shared:
            return self._shared[key]
        terms = []
        for coeff, var in ((lin.ci, self.iv), (lin.c1, self.step)):
            if coeff:
                m = self.fresh()
                self.emit(f"{m} = arith.muli {var}, {self.const(coeff)} : index")
                terms.append(m)
        if lin.c0:
            terms.append(self.const(lin.c0))
        acc = terms[0]
        for t in terms[1:]:
            r = self.fresh()
            self.emit(f"{r} = arith.addi {acc}, {t} : index")
            acc = r
        if form == 0:
            self._shared[key] = acc
        return acc

    def _arith(self, lin: Lin, commuted: bool) -> str:
        if commuted and lin.c0 and lin.c0 % lin.c1 == 0:
            # (step + c0 / c1) * c1: the same value, a different expression tree.
            s = self.fresh()
            self.emit(f"{s} = arith.addi {self.step}, {self.const(lin.c0 // lin.c1)} : index")
            r = self.fresh()
            self.emit(f"{r} = arith.muli {s}, {self.const(lin.c1)} : index")
            return r
        m = self.fresh()
        operands = (self.const(lin.c1), self.step) if commuted else (self.step, self.const(lin.c1))
        self.emit(f"{m} = arith.muli {operands[0]}, {operands[1]} : index")
        if not lin.c0:
            return m
        r = self.fresh()
        operands = (self.const(lin.c0), m) if commuted else (m, self.const(lin.c0))
        self.emit(f"{r} = arith.addi {operands[0]}, {operands[1]} : index")
        return r

    def bytes_(self, lin: Lin, form: int = 0) -> str:
        return self.lin(Lin(lin.c0 * ELEMENT_BYTES, lin.c1 * ELEMENT_BYTES, lin.ci * ELEMENT_BYTES), form)

    def index_bytes(self, x: Index, form: int = 0, size_of=None) -> str:
        """An offset in bytes: a :class:`Lin` per ``form``, an :class:`Ix` through its ops
        (``size_of(v)`` spells ``stream.resource.size`` of value ``v``)."""
        if isinstance(x, Lin):
            return self.bytes_(x, form)
        a = self.index_bytes(x.a, form, size_of)
        r = self.fresh("x")
        if x.op == "add":
            c = self.index_bytes(x.c, form, size_of)  # type: ignore[arg-type]
            self.emit(f"{r} = arith.addi {a}, {c} : index")
        elif x.op == "align":
            self.emit(f"{r} = util.align {a}, {self.const(x.b)} : index")
        elif x.op == "minui":
            self.emit(f"{r} = arith.minui {a}, {self.const(x.b * ELEMENT_BYTES)} : index")
        elif x.op == "divmul":
            d = self.const(x.b * ELEMENT_BYTES)
            q = self.fresh("x")
            self.emit(f"{q} = arith.divui {a}, {d} : index")
            self.emit(f"{r} = arith.muli {q}, {d} : index")
        elif x.op == "remui":
            self.emit(f"{r} = arith.remui {a}, {self.const(x.b * ELEMENT_BYTES)} : index")
        elif x.op == "select":
            c = self.index_bytes(x.c, form, size_of)  # type: ignore[arg-type]
            cond = self.fresh("x")
            self.emit(f"{cond} = arith.cmpi ult, {self.step}, {self.const(x.b)} : index")
            self.emit(f"{r} = arith.select {cond}, {a}, {c} : index")
        elif x.op == "size":
            sz = size_of(x.b)
            self.emit(f"{r} = arith.subi {sz}, {a} : index")
        else:  # pragma: no cover
            raise ValueError(x.op)
        return r

    def byte_range(self, r: Range, size_of=None, short: int = 0) -> tuple[str, str, str]:
        """(offset, end, length) in bytes; ``end`` spelled ``short`` elements short when asked."""
        if isinstance(r.start, Ix) or short:
            off = self.index_bytes(r.start, r.form, size_of)
            length = self.bytes_(r.length, r.form)
            spelled = length if not short else self.bytes_(Lin(r.length.c0 - short, r.length.c1, r.length.ci), r.form)
            end = self.fresh()
            self.emit(f"{end} = arith.addi {off}, {spelled} : index")
            return off, end, length
        if r.form == 2:
            off = self.bytes_(r.start, 2)
            length = self.bytes_(r.length, 2)
            end = self.fresh()
            self.emit(f"{end} = arith.addi {off}, {length} : index")
            return off, end, length
        return self.bytes_(r.start, r.form), self.bytes_(r.end, r.form), self.bytes_(r.length, r.form)  # type: ignore[arg-type]


class _ProgramRenderer:
    def __init__(
        self, program: Program, k: int, unrefined: bool = False, hardened: bool = False, separated: bool = False
    ) -> None:
        self.p = program
        self.k = k
        self.unrefined = unrefined
        self.hardened = hardened
        self.separated = separated
        self.stored_twins = program.stored_twins()
        self.info: dict[int, ValueInfo] = program.value_info()
        self.callees: list[str] = []
        self.decls: list[str] = []
        self.rendered_callees: set[int] = set()
        self.numbers = callee_numbers(program)
        self.loops = 0
        self.blocks = 0
        #: Getter and setter functions of globals (GetGlobal, SetGlobal), by what they do.
        self.accessors: dict[tuple, str] = {}

    def ty(self, v: int) -> str:
        return self.res(self.info[v].lifetime)

    def res(self, lifetime: str) -> str:
        """A function-internal resource type: ``!stream.resource<*>`` when unrefined (as IREE's
        conversion emits it, for ``iree-stream-refine-usage`` to assign), else ``lifetime``."""
        return _rtype("*" if self.unrefined else lifetime)

    def load(self, e: _Emitter, out: str, symbol: str, v: int) -> None:
        """``out = util.global.load`` of a resource global; unrefined, through a transfer to
        ``<*>`` as IREE's conversion spells it."""
        if not self.unrefined:
            e.emit(f"{out} = util.global.load @{symbol} : !stream.resource<variable>")
            return
        raw = e.fresh("gl")
        size = self.size(e, v)
        e.emit(f"{raw} = util.global.load @{symbol} : !stream.resource<variable>")
        e.emit(f"{out} = stream.async.transfer {raw} : !stream.resource<variable>{{{size}}} -> {self.ty(v)}{{{size}}}")

    def copy_of(self, e: _Emitter, v: int) -> str:
        """A fresh ``@copy`` dispatch of ``v`` (what the sharing-free reference stores to a
        second global: its own buffer, the same contents)."""
        copy = e.fresh("sep")
        size = self.size(e, v)
        count = e.lin(self.info[v].size)
        e.emit(
            f"{copy} = stream.async.dispatch @{EXECUTABLE}::@copy[{count}](%v{v}[{e.const(0)} to {size} for {size}], "
            f"{count}) : ({self.ty(v)}{{{size}}}, index) -> {self.ty(v)}{{{size}}}"
        )
        return copy

    def target(self, e: _Emitter, v: int, size: str) -> str:
        """The value an in-place op writes. Hardened: a fresh ``@copy`` dispatch of ``v``, so no
        earlier reader of ``v`` can see the write whatever order IREE schedules them in; the
        value semantics (what the interpreter computes) are the same. A dispatch, not
        ``stream.async.clone``: IREE folds, re-dispatches and CSEs clones."""
        if not self.hardened:
            return f"%v{v}"
        copy = e.fresh("h")
        count = e.lin(self.info[v].size)
        e.emit(
            f"{copy} = stream.async.dispatch @{EXECUTABLE}::@copy[{count}](%v{v}[{e.const(0)} to {size} for {size}], "
            f"{count}) : ({self.ty(v)}{{{size}}}, index) -> {self.ty(v)}{{{size}}}"
        )
        return copy

    def store(self, e: _Emitter, value: str, symbol: str, size_of: Callable[[], str]) -> None:
        """``util.global.store`` of a resource; unrefined, through a transfer to ``variable``
        (of ``size_of()`` bytes, spelled only then: the concrete form is unchanged)."""
        if self.unrefined:
            size = size_of()
            raw = e.fresh("gs")
            e.emit(
                f"{raw} = stream.async.transfer {value} : !stream.resource<*>{{{size}}} -> "
                f"!stream.resource<variable>{{{size}}}"
            )
            value = raw
        e.emit(f"util.global.store {value}, @{symbol} : !stream.resource<variable>")

    def render(self) -> tuple[str, tuple[int, ...]]:
        outputs = tuple(self.p.outputs())
        name = self.p.step_name
        arg = f"%{name}_in" if name == "step" and self.p.assume_max is not None else f"%{name}"
        step = f"%{name}" if name == "step" else (f"%{name}_a" if self.p.assume_max is not None else f"%{name}")
        e = _Emitter(step)
        if self.p.assume_max is not None:
            e.emit(f"{step} = util.assume.int {arg}<umin = 0, umax = {self.p.assume_max}> : index")
        loads = self._step_through_global(e, step) if self.p.step_global else [step]
        e.step = loads[0]
        self.sizes: dict[int, str] = {}
        for i, op in enumerate(self.p.ops):  # (with two loads of the step, each op uses one in turn)
            e.step = loads[i % len(loads)]
            self.op(e, op)
        e.step = loads[0]
        for gname, v in self.p.global_finals().items():
            self.store(e, f"%v{v}", global_symbol(self.k, gname), lambda v=v: self.size(e, v))
        results = []
        for v in outputs:
            size = self.size(e, v)
            n = self.info[v].size
            ext = e.fresh("e")
            count = e.lin(n)
            e.emit(
                f"{ext} = stream.async.dispatch @{EXECUTABLE}::@copy[{count}](%v{v}[{e.const(0)} to {size} for {size}], {count}) : "
                f"({self.ty(v)}{{{size}}}, index) -> !stream.resource<external>{{{size}}}"
            )
            tensor = f"tensor<{n.c0}xi32>" if not n.c1 else f"tensor<?xi32>{{{count}}}"
            bv = e.fresh("bv")
            e.emit(
                f"{bv} = stream.tensor.export {ext} : {tensor} in !stream.resource<external>{{{size}}} -> !hal.buffer_view"
            )
            results.append(bv)
        for v in self.p.passed_back():
            # The global's buffer itself, not a copy: what the host passes back next call.
            size = self.size(e, v)
            n = self.info[v].size
            exported = f"%v{v}"
            if self.unrefined:
                exported = e.fresh("x")
                e.emit(
                    f"{exported} = stream.async.transfer %v{v} : {self.ty(v)}{{{size}}} -> "
                    f"!stream.resource<external>{{{size}}}"
                )
            ty = "!stream.resource<external>" if self.unrefined else self.ty(v)
            bv = e.fresh("bv")
            e.emit(f"{bv} = stream.tensor.export {exported} : tensor<{n.c0}xi32> in {ty}{{{size}}} -> !hal.buffer_view")
            results.append(bv)
        e.emit(
            f"util.return {', '.join(results)}"
            + (f" : {', '.join(['!hal.buffer_view'] * len(results))}" if results else "")
        )
        sig = ", ".join(["!hal.buffer_view"] * len(results))
        extra = ", %n: index" if self.p.n_arg is not None else ""
        extra += "".join(f", %import{j}: !hal.buffer_view" for j in range(len(self.p.imports())))
        extra += "".join(f", %input{j}: !hal.buffer_view" for j in range(len(self.p.inputs())))
        head = f"  util.func public @{function_name(self.k)}({arg}: index{extra}) -> ({sig}) {{\n"
        body = "\n".join(e.lines)
        return (
            "".join(d + "\n" for d in self.decls) + "".join(c + "\n" for c in self.callees) + head + body + "\n  }\n"
        ), outputs + tuple(self.p.passed_back())

    def _step_through_global(self, e: _Emitter, step: str) -> list[str]:
        """Set an index global to ``step`` (directly or through its address), load it back
        (``step_loads`` times) and store a capped value: ranges then see ``step`` through a
        global load."""
        sym = f"{global_symbol(self.k, 'idx')}"
        self.decls.append(f"  util.global private mutable @{sym} = 0 : index")
        if self.p.step_global == "indirect":
            ptr = e.fresh("ptr")
            e.emit(f"{ptr} = util.global.address @{sym} : !util.ptr<index>")
            e.emit(f"util.global.store.indirect {step}, {ptr} : index -> !util.ptr<index>")
        else:
            e.emit(f"util.global.store {step}, @{sym} : index")
        loads = []
        for _ in range(self.p.step_loads):
            loaded = e.fresh("stepg")
            e.emit(f"{loaded} = util.global.load @{sym} : index")
            loads.append(loaded)
        capped = e.fresh("cap")
        e.emit(f"{capped} = arith.minui {loads[0]}, {e.const(self.p.step_cap)} : index")
        e.emit(f"util.global.store {capped}, @{sym} : index")
        return loads

    def size(self, e: _Emitter, v: int) -> str:
        """The byte size of ``v`` (one SSA value per value, computed once per scope)."""
        if v not in self.sizes:
            self.sizes[v] = e.bytes_(self.info[v].size)
        return self.sizes[v]

    def size_query(self, e: _Emitter):
        def of(v: int) -> str:
            name = e.fresh("sz")
            e.emit(f"{name} = stream.resource.size %v{v} : {self.ty(v)}")
            return name

        return of

    def ops(self, e: _Emitter, ops: tuple) -> None:
        for op in ops:
            self.op(e, op)

    def scoped(self, e: _Emitter, ops: tuple) -> None:
        """Render a nested body: size values it computes do not escape it."""
        saved = dict(self.sizes)
        self.ops(e, ops)
        self.sizes = saved

    def op(self, e: _Emitter, op) -> None:  # noqa: C901 - one branch per op kind
        q = self.size_query(e)
        if isinstance(op, (Load, GLoad)):
            self.load(e, f"%v{op.out}", global_symbol(self.k, op.glob), op.out)
        elif isinstance(op, GStore) and op.via == "setter2":
            # One setter of both globals given the value twice (the separated reference: the
            # second a copy).
            first = self.copy_of(e, op.value) if self.separated and op.value in self.stored_twins else f"%v{op.value}"
            second = self.copy_of(e, op.value) if self.separated else f"%v{op.value}"
            ty = self.ty(op.value)
            e.emit(f"util.call @{self.putter2(op.glob, op.also, op.value)}({first}, {second}) : ({ty}, {ty}) -> ()")
        elif isinstance(op, GStore):
            for glob in (op.glob, op.also) if op.also else (op.glob,):
                value = f"%v{op.value}"
                if self.separated and (glob == op.also or op.value in self.stored_twins):
                    value = self.copy_of(e, op.value)
                if glob == op.also and op.via == "setter":
                    e.emit(f"util.call @{self.putter(glob, op.value)}({value}) : ({self.ty(op.value)}) -> ()")
                    continue
                if glob == op.also and op.via == "getter" and not self.separated:
                    value = e.fresh("got")
                    e.emit(f"{value} = util.call @{self.getter(op.glob, op.value)}() : () -> {self.ty(op.value)}")
                self.store(e, value, global_symbol(self.k, glob), lambda: self.size(e, op.value))
        elif isinstance(op, GetGlobal):
            getter = self.getter(op.glob, op.out)
            e.emit(f"%v{op.out} = util.call @{getter}() : () -> {self.ty(op.out)}")
        elif isinstance(op, SetGlobal):
            e.emit(f"util.call @{self.setter(op.glob, op.range, op.value)}({e.step}) : (index) -> ()")
        elif isinstance(op, Import):
            j = self.p.imports().index(op)
            n = self.info[op.out].size
            size = self.size(e, op.out)
            imported = f"%v{op.out}" if not self.unrefined else e.fresh("imp")
            e.emit(
                f"{imported} = stream.tensor.import %import{j} : !hal.buffer_view -> tensor<{n.c0}xi32> in "
                f"!stream.resource<external>{{{size}}}"
            )
            if self.unrefined:  # as IREE's conversion spells an import
                e.emit(
                    f"%v{op.out} = stream.async.transfer {imported} : !stream.resource<external>{{{size}}} -> "
                    f"{self.ty(op.out)}{{{size}}}"
                )
        elif isinstance(op, Input):
            j = self.p.inputs().index(op)
            size = self.size(e, op.out)
            imported = f"%v{op.out}" if not self.unrefined else e.fresh("imp")
            consume = "consume " if op.given else ""
            e.emit(
                f"{imported} = stream.tensor.import {consume}%input{j} : !hal.buffer_view -> tensor<{op.size}xi32> in "
                f"!stream.resource<external>{{{size}}}"
            )
            if self.unrefined:  # as IREE's conversion spells an import
                e.emit(
                    f"%v{op.out} = stream.async.transfer {imported} : !stream.resource<external>{{{size}}} -> "
                    f"{self.ty(op.out)}{{{size}}}"
                )
        elif isinstance(op, Iota):
            n = e.lin(op.size)
            base = e.const(op.base, "i32")
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@iota[{n}]({n}, {base}) : (index, i32) -> "
                f"{self.ty(op.out)}{{{self.size(e, op.out)}}}"
            )
        elif isinstance(op, Splat):
            value = e.const(op.value, "i32")
            e.emit(f"%v{op.out} = stream.async.splat {value} : i32 -> {self.ty(op.out)}{{{self.size(e, op.out)}}}")
        elif isinstance(op, Slice):
            off, end, length = e.byte_range(op.range, q)
            self.sizes[op.out] = length
            e.emit(
                f"%v{op.out} = stream.async.slice %v{op.src}[{off} to {end}] : "
                f"{self.ty(op.src)}{{{self.size(e, op.src)}}} -> {self.ty(op.out)}{{{length}}}"
            )
        elif isinstance(op, Update):
            off, end, _ = e.byte_range(Range(op.start, self.info[op.upd].size, op.form), q, op.short)
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            t = self.target(e, op.dst, dsz)
            e.emit(
                f"%v{op.out} = stream.async.update %v{op.upd}, {t}[{off} to {end}] : "
                f"{self.ty(op.upd)}{{{self.size(e, op.upd)}}} -> {t} as {self.ty(op.dst)}{{{dsz}}}"
            )
        elif isinstance(op, Copy):
            so, se, length = e.byte_range(op.src_range, q)
            do, de, _ = e.byte_range(Range(op.dst_start, op.src_range.length, op.src_range.form), q, op.short)
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            t = self.target(e, op.dst, dsz)
            e.emit(
                f"%v{op.out} = stream.async.copy %v{op.src}[{so} to {se}], {t}[{do} to {de}], {length} : "
                f"{self.ty(op.src)}{{{self.size(e, op.src)}}} -> {t} as {self.ty(op.dst)}{{{dsz}}}"
            )
        elif isinstance(op, Fill):
            off, end, length = e.byte_range(op.range, q)
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            value = e.const(op.value, "i32")
            t = self.target(e, op.dst, dsz)
            e.emit(
                f"%v{op.out} = stream.async.fill {value}, {t}[{off} to {end} for {length}] : "
                f"i32 -> {t} as {self.ty(op.dst)}{{{dsz}}}"
            )
        elif isinstance(op, Scale):
            off, end, length = e.byte_range(op.range, q)
            n = e.lin(op.range.length)
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            t = self.target(e, op.dst, dsz)
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@scale[{n}]({t}[{off} to {end} for {length}], {n}) : "
                f"({self.ty(op.dst)}{{{dsz}}}, index) -> {t}{{{dsz}}}"
            )
        elif isinstance(op, Clone):
            ssz = self.size(e, op.src)
            self.sizes[op.out] = ssz
            e.emit(
                f"%v{op.out} = stream.async.clone %v{op.src} : {self.ty(op.src)}{{{ssz}}} -> {self.ty(op.out)}{{{ssz}}}"
            )
        elif isinstance(op, Sum):
            off, end, length = e.byte_range(op.range, q)
            n = e.lin(op.range.length)
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@wsum[{n}](%v{op.src}[{off} to {end} for {length}], {n}) : "
                f"({self.ty(op.src)}{{{self.size(e, op.src)}}}, index) -> {self.ty(op.out)}{{{self.size(e, op.out)}}}"
            )
        elif isinstance(op, Mix):
            ao, ae, length = e.byte_range(op.a_range, q)
            bo, be, _ = e.byte_range(Range(op.b_start, op.a_range.length, op.a_range.form), q)
            n = e.lin(op.a_range.length)
            self.sizes[op.out] = length
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@mix[{n}](%v{op.a}[{ao} to {ae} for {length}], "
                f"%v{op.b}[{bo} to {be} for {length}], {n}) : ({self.ty(op.a)}{{{self.size(e, op.a)}}}, "
                f"{self.ty(op.b)}{{{self.size(e, op.b)}}}, index) -> {self.ty(op.out)}{{{length}}}"
            )
        elif isinstance(op, Call):
            self.call(e, op)
        elif isinstance(op, For):
            (self.cf_loop if op.style == "cf" else self.scf_loop)(e, op)
        elif isinstance(op, Branch):
            self.branch(e, op)
        elif isinstance(op, Discard):
            pass
        else:  # pragma: no cover - a new op kind without a renderer
            raise TypeError(f"cannot render {op!r}")

    def _types(self, values) -> str:
        return ", ".join(self.ty(v) for v in values)

    def _bounds(self, e: _Emitter, op: For) -> tuple[str, str]:
        if op.from_arg:
            return e.const(0), "%n"
        n = e.lin(op.trip)
        if not op.lb:
            return e.const(0), n
        lb = e.const(op.lb if op.lb < 1 << 63 else op.lb - (1 << 64))
        ub = e.fresh("ub")
        e.emit(f"{ub} = arith.addi {lb}, {n} : index")
        return lb, ub

    def _iteration(self, body: _Emitter, iv: str, lb: str, op: For) -> None:
        """The iteration number the body's ranges use: ``iv - lb``."""
        if op.lb:
            j = body.fresh("j")
            body.emit(f"{j} = arith.subi {iv}, {lb} : index")
            body.iv = j

    def scf_loop(self, e: _Emitter, op: For) -> None:
        lb, ub = self._bounds(e, op)
        one = e.const(1)
        iv = f"%i{self.loops}"
        self.loops += 1
        body = e.child(iv=iv)
        self._iteration(body, iv, lb, op)
        self.scoped(body, op.body)
        outs = ", ".join(f"%v{v}" for v in op.outs)
        unsigned = "unsigned " if op.style == "unsigned" else ""
        head = f"scf.for {unsigned}{iv} = {lb} to {ub} step {one}"
        if op.inits:
            carried = ", ".join(f"%v{a} = %v{i}" for a, i in zip(op.args, op.inits))
            head = f"{outs} = {head} iter_args({carried}) -> ({self._types(op.inits)})"
            body.emit(f"scf.yield {', '.join(f'%v{y}' for y in op.yields)} : {self._types(op.yields)}")
        e.emit(head + " {")
        e.lines.extend(body.lines)
        e.emit("}")

    def cf_loop(self, e: _Emitter, op: For) -> None:
        lb, ub = self._bounds(e, op)
        iv = f"%i{self.loops}"
        self.loops += 1
        h, b, x = (f"^bb{self.blocks + i + 1}" for i in range(3))
        self.blocks += 3
        types = self._types(op.inits)
        args = "".join(f", %v{i}" for i in op.inits)
        e.emit(f"cf.br {h}({lb}{args} : index{', ' + types if types else ''})")
        header = e.child(iv=iv, extra="")
        header.label(f"{h}({iv}: index" + "".join(f", %v{a}: {self.ty(a)}" for a in op.args) + "):")
        cond = header.fresh("cond")
        header.emit(f"{cond} = arith.cmpi slt, {iv}, {ub} : index")
        exits = ", ".join(f"%v{a}" for a in op.args)
        header.emit(f"cf.cond_br {cond}, {b}, {x}" + (f"({exits} : {types})" if op.args else ""))
        body = header.child(extra="")
        body.label(f"{b}:")
        self._iteration(body, iv, lb, op)
        self.scoped(body, op.body)
        nxt = body.fresh("inext")
        body.emit(f"{nxt} = arith.addi {iv}, {body.const(1)} : index")
        yields = "".join(f", %v{y}" for y in op.yields)
        body.emit(f"cf.br {h}({nxt}{yields} : index{', ' + types if types else ''})")
        e.lines.extend(header.lines)
        e.lines.extend(body.lines)
        e.label(f"{x}" + (f"({', '.join(f'%v{o}: {self.ty(o)}' for o in op.outs)})" if op.outs else "") + ":")

    def branch(self, e: _Emitter, op: Branch) -> None:
        outs = ", ".join(f"%v{v}" for v in op.outs)
        types = self._types(op.outs)
        bodies = []
        for ops, ys in zip(op.branches, op.yields):
            c = e.child()
            self.scoped(c, ops)
            c.emit(f"scf.yield {', '.join(f'%v{y}' for y in ys)} : {self._types(ys)}" if ys else "scf.yield")
            bodies.append(c.lines)
        lhs = f"{outs} = " if op.outs else ""
        if op.style == "if":
            cond = e.fresh("cond")
            e.emit(f"{cond} = arith.cmpi ult, {e.step}, {e.const(op.cond)} : index")
            e.emit(f"{lhs}scf.if {cond}" + (f" -> ({types})" if op.outs else "") + " {")
            e.lines.extend(bodies[0])
            e.emit("} else {")
            e.lines.extend(bodies[1])
            e.emit("}")
        elif op.style == "switch":
            e.emit(f"{lhs}scf.index_switch {e.step}" + (f" -> {types}" if op.outs else ""))
            for case, lines in zip(op.cases, bodies):
                e.emit(f"case {case} {{")
                e.lines.extend(lines)
                e.emit("}")
            e.emit("default {")
            e.lines.extend(bodies[-1])
            e.emit("}")
        else:
            e.emit(f"{lhs}scf.execute_region" + (f" -> ({types})" if op.outs else "") + " {")
            e.lines.extend(bodies[0])
            e.emit("}")

    def getter(self, glob: str, v: int) -> str:
        """``@p<k>_get_<glob>``: returns the global's buffer (rendered once)."""
        key = ("get", glob)
        if key not in self.accessors:
            name = self.accessors[key] = f"{function_name(self.k)}_get_{glob}"
            c = _Emitter("%unused")
            sz = c.bytes_(self.info[v].size)
            symbol = global_symbol(self.k, glob)
            if self.unrefined:
                c.emit(f"%raw = util.global.load @{symbol} : !stream.resource<variable>")
                c.emit(f"%g = stream.async.transfer %raw : !stream.resource<variable>{{{sz}}} -> {self.ty(v)}{{{sz}}}")
            else:
                c.emit(f"%g = util.global.load @{symbol} : !stream.resource<variable>")
            c.emit(f"util.return %g : {self.ty(v)}")
            self.callees.append(f"  util.func private @{name}() -> {self.ty(v)} {{\n" + "\n".join(c.lines) + "\n  }")
        return self.accessors[key]

    def putter(self, glob: str, v: int) -> str:
        """``@p<k>_put_<glob>(%r)``: stores its argument to the global (rendered once)."""
        key = ("put", glob)
        if key not in self.accessors:
            name = self.accessors[key] = f"{function_name(self.k)}_put_{glob}"
            c = _Emitter("%unused")
            sz = c.bytes_(self.info[v].size)
            self.store(c, "%r", global_symbol(self.k, glob), lambda: sz)
            c.emit("util.return")
            self.callees.append(f"  util.func private @{name}(%r: {self.ty(v)}) {{\n" + "\n".join(c.lines) + "\n  }")
        return self.accessors[key]

    def putter2(self, glob: str, also: str, v: int) -> str:
        """``@p<k>_put2_<glob>_<also>(%r1, %r2)``: stores its first argument to ``glob``, its
        second to ``also`` (rendered once)."""
        key = ("put2", glob, also)
        if key not in self.accessors:
            name = self.accessors[key] = f"{function_name(self.k)}_put2_{glob}_{also}"
            c = _Emitter("%unused")
            sz = c.bytes_(self.info[v].size)
            self.store(c, "%r1", global_symbol(self.k, glob), lambda: sz)
            self.store(c, "%r2", global_symbol(self.k, also), lambda: sz)
            c.emit("util.return")
            ty = self.ty(v)
            self.callees.append(
                f"  util.func private @{name}(%r1: {ty}, %r2: {ty}) {{\n" + "\n".join(c.lines) + "\n  }"
            )
        return self.accessors[key]

    def setter(self, glob: str, r: Range, value: int) -> str:
        """``@p<k>_set<n>(%step)``: loads the global, fills ``r`` with ``value`` in place,
        stores it."""
        key = ("set", glob, r, value)
        if key not in self.accessors:
            name = self.accessors[key] = f"{function_name(self.k)}_set{len(self.accessors)}"
            size = next(g.size for g in self.p.globals if g.name == glob)
            c = _Emitter("%step")
            sz = c.bytes_(Lin(size))
            symbol = global_symbol(self.k, glob)
            if self.unrefined:
                c.emit(f"%raw = util.global.load @{symbol} : !stream.resource<variable>")
                c.emit(
                    f"%g = stream.async.transfer %raw : !stream.resource<variable>{{{sz}}} -> {self.res('variable')}{{{sz}}}"
                )
            else:
                c.emit(f"%g = util.global.load @{symbol} : !stream.resource<variable>")
            off, end, length = c.byte_range(r)
            fill = c.const(value, "i32")
            c.emit(
                f"%w = stream.async.fill {fill}, %g[{off} to {end} for {length}] : i32 -> %g as "
                f"{self.res('variable')}{{{sz}}}"
            )
            self.store(c, "%w", symbol, lambda: sz)
            c.emit("util.return")
            self.callees.append(f"  util.func private @{name}(%step: index) {{\n" + "\n".join(c.lines) + "\n  }")
        return self.accessors[key]

    def call(self, e: _Emitter, op: Call) -> None:
        n = self.numbers[id(op)]
        name = f"{function_name(self.k)}_c{n}"
        arg_ty = self.ty(op.arg)
        result_types = ([arg_ty] if op.out is not None else []) + [self.res("transient")]
        signature = f"(%arg: {arg_ty}, %argsz: index, %step: index) -> ({', '.join(result_types)})"
        if n not in self.rendered_callees:
            self.rendered_callees.add(n)
            inner = f"{name}_b" if op.forward else name
            self.callees.append(self._callee(op, inner, arg_ty, result_types, n))
            if op.forward:
                self.callees.append(
                    f"  util.func {'public' if op.public else 'private'} @{name}{signature} {{\n"
                    f"    %f:{len(result_types)} = util.call @{inner}(%arg, %argsz, %step) : "
                    f"({arg_ty}, index, index) -> ({', '.join(result_types)})\n"
                    f"    util.return {', '.join(f'%f#{i}' for i in range(len(result_types)))} : {', '.join(result_types)}\n"
                    "  }"
                )
        outs = ([f"%v{op.out}"] if op.out is not None else []) + [f"%v{op.result}"]
        e.emit(
            f"{', '.join(outs)} = util.call @{name}(%v{op.arg}, {self.size(e, op.arg)}, {e.step}) : "
            f"({arg_ty}, index, index) -> ({', '.join(result_types)})"
        )
        if op.out is not None:
            self.sizes[op.out] = self.size(e, op.arg)

    def _callee(self, op: Call, name: str, arg_ty: str, result_types: list[str], n: int) -> str:
        c = _Emitter("%step")
        read = op.slice_range or op.sum_range
        assert read is not None
        sum_ty = self.res("variable" if op.late else "transient")
        if op.slice_range is not None:
            off, end, length = c.byte_range(op.slice_range)
            c.emit(f"%s = stream.async.slice %arg[{off} to {end}] : {arg_ty}{{%argsz}} -> {arg_ty}{{{length}}}")
        else:
            off, end, length = c.byte_range(op.sum_range)  # type: ignore[arg-type]
            cnt = c.lin(op.sum_range.length)  # type: ignore[union-attr]
            c.emit(
                f"%r = stream.async.dispatch @{EXECUTABLE}::@wsum[{cnt}](%arg[{off} to {end} for {length}], {cnt}) : "
                f"({arg_ty}{{%argsz}}, index) -> {sum_ty}{{{c.const(4)}}}"
            )
        returned = []
        if op.scale_range is not None:
            so, se, slen = c.byte_range(op.scale_range)
            sn = c.lin(op.scale_range.length)
            t = "%arg"
            if self.hardened:
                t = "%h"
                cnt = c.lin(self.info[op.arg].size)
                c.emit(
                    f"%h = stream.async.dispatch @{EXECUTABLE}::@copy[{cnt}](%arg[{c.const(0)} to %argsz for %argsz], "
                    f"{cnt}) : ({arg_ty}{{%argsz}}, index) -> {arg_ty}{{%argsz}}"
                )
            c.emit(
                f"%u = stream.async.dispatch @{EXECUTABLE}::@scale[{sn}]({t}[{so} to {se} for {slen}], {sn}) : "
                f"({arg_ty}{{%argsz}}, index) -> {t}{{%argsz}}"
            )
            returned.append("%u")
        if op.set_global:
            assert op.set_range is not None
            c.emit(f"util.call @{self.setter(op.set_global, op.set_range, op.set_value)}(%step) : (index) -> ()")
        if op.slice_range is not None:
            cnt = c.lin(op.slice_range.length)
            zero = c.const(0)
            c.emit(
                f"%r = stream.async.dispatch @{EXECUTABLE}::@wsum[{cnt}](%s[{zero} to {length} for {length}], {cnt}) : "
                f"({arg_ty}{{{length}}}, index) -> {sum_ty}{{{c.const(4)}}}"
            )
        if op.late:
            sink = f"{name}_sink"
            self.decls.append(f"  util.global private mutable @{sink} : !stream.resource<variable>")
            self.store(c, "%r", sink, lambda: c.const(4))
            value = c.const(late_splat_value(n), "i32")
            c.emit(f"%z = stream.async.splat {value} : i32 -> {self.res('transient')}{{{c.const(4)}}}")
            returned.append("%z")
        else:
            returned.append("%r")
        c.emit(f"util.return {', '.join(returned)} : {', '.join(result_types)}")
        visibility = "public" if op.public and not op.forward else "private"
        return (
            f"  util.func {visibility} @{name}(%arg: {arg_ty}, %argsz: index, %step: index) -> "
            f"({', '.join(result_types)}) {{\n" + "\n".join(c.lines) + "\n  }"
        )


def _entry_points(programs) -> tuple[str, ...]:
    used = set()
    for p in programs:
        if p.outputs():
            used.add("copy")
        if p.globals:
            used.add("iota")
        for op in walk(p.ops):
            if isinstance(op, Iota):
                used.add("iota")
            elif isinstance(op, (Sum, Call)):
                used.add("wsum")
                if isinstance(op, Call) and op.scale_range is not None:
                    used.add("scale")
            elif isinstance(op, Scale):
                used.add("scale")
            elif isinstance(op, Mix):
                used.add("mix")
    return tuple(sorted(used))


def render_module(
    programs: list[Program] | tuple[Program, ...],
    first: int = 0,
    unrefined: bool = False,
    hardened: bool = False,
    numbers: tuple[int, ...] | None = None,
    separated: bool = False,
) -> RenderedModule:
    """One module holding every program (program ``i`` is ``@p<first + i>``; ``first`` lets a
    single program be rendered exactly as it was at its position in a batch).

    ``unrefined``: the module as IREE's flow-to-stream conversion would leave it, before its
    pre-splice stream passes: function-internal resources are ``!stream.resource<*>`` and global
    loads and stores go through ``stream.async.transfer``. The oracle runs IREE's own pre-splice
    stages on that (:func:`.oracle.normalize`), so the hook sees what a real compile shows it.
    Otherwise: concrete lifetimes, at the splice directly (the analysis-level tests).

    ``hardened``: every in-place op writes a fresh ``@copy`` dispatch of its target (same
    values; the oracle's reference build, which IREE's scheduling faults cannot touch).
    ``numbers``: the programs' numbers when they are not ``first, first + 1, ...``.
    ``separated``: the sharing-free reference: a twin global gets a ``@copy`` dispatch of its
    twin's ``iota``, and a second global stored the same value a ``@copy`` of it (same values;
    IREE cannot make them share a buffer), so that a build of it shows what the program computes
    without IREE's shared-globals fault."""
    numbers = tuple(numbers) if numbers is not None else tuple(range(first, first + len(programs)))
    parts = [
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n",
        f"  {DEVICE}\n",
        executable_text(
            _entry_points(programs)
            if not (hardened or separated)
            else tuple(sorted({*_entry_points(programs), "copy"}))
        ),
    ]
    init = _Emitter("%unused")
    for k, program in zip(numbers, programs):
        index = {g.name: gi for gi, g in enumerate(program.globals)}
        made: dict[str, str] = {}
        for g in program.globals:
            sym = global_symbol(k, g.name)
            parts.append(f"  util.global private mutable @{sym} : !stream.resource<variable>\n")
            if g.twin and separated:  # a copy of the twin's iota: a buffer of its own
                n = init.const(g.size)
                nbytes = init.const(g.size * ELEMENT_BYTES)
                v = init.fresh("sep")
                init.emit(
                    f"{v} = stream.async.dispatch @{EXECUTABLE}::@copy[{n}]({made[g.twin]}[{init.const(0)} to {nbytes} "
                    f"for {nbytes}], {n}) : (!stream.resource<variable>{{{nbytes}}}, index) -> "
                    f"!stream.resource<variable>{{{nbytes}}}"
                )
                init.emit(f"util.global.store {v}, @{sym} : !stream.resource<variable>")
                continue
            if g.shared:  # the twin's iota itself: one value stored to two globals
                init.emit(f"util.global.store {made[g.twin]}, @{sym} : !stream.resource<variable>")
                continue
            n = init.const(g.size)
            nbytes = init.const(g.size * ELEMENT_BYTES)
            # A twin is made by a second, identical iota: IREE merges the two producers.
            base = init.const(initial_base(k, index[g.twin or g.name]), "i32")
            v = made[g.name] = init.fresh("g")
            init.emit(
                f"{v} = stream.async.dispatch @{EXECUTABLE}::@iota[{n}]({n}, {base}) : (index, i32) -> "
                f"!stream.resource<variable>{{{nbytes}}}"
            )
            init.emit(f"util.global.store {v}, @{sym} : !stream.resource<variable>")
    if init.lines:
        parts.append("  util.initializer {\n" + "\n".join(init.lines) + "\n    util.return\n  }\n")
    functions, outputs, arguments, imports, inputs = [], [], [], [], []
    for k, program in zip(numbers, programs):
        text, outs = _ProgramRenderer(program, k, unrefined, hardened, separated).render()
        parts.append(text)
        functions.append(function_name(k))
        outputs.append(outs)
        arguments.append(((program.n_arg.c0, program.n_arg.c1),) if program.n_arg is not None else ())
        sizes = {g.name: g.size for g in program.globals}
        imports.append(tuple(import_initial(k, j, sizes[op.glob]) for j, op in enumerate(program.imports())))
        inputs.append(tuple((op.size, op.base, op.given) for op in program.inputs()))
    parts.append("}\n")
    return RenderedModule(
        "".join(parts),
        tuple(functions),
        tuple(outputs),
        tuple(arguments),
        tuple(imports) if any(imports) else (),
        tuple(inputs) if any(inputs) else (),
    )
