"""Program descriptions -> one stream-async module at the splice point (MLIR text).

Many programs share one module (one public function ``@p<k>`` each) because compiling is the
campaign's cost: one compile of 15 programs costs little more than one of a single program.
Programs never share state: globals are private and named per program, and every fresh value is
created with distinct contents, so that no upstream CSE/global fusion can merge buffers that the
program means to be distinct (a known IREE 3.13 fault with equal splats; see the facts notes).

Index arithmetic is spelled three ways (see :class:`.program.Range`), so proofs must work on
values, not on SSA identity. Every value still live at the end is copied by a dispatch into an
``external`` resource and exported as a ``!hal.buffer_view``: results that stay in device memory, or only in
never-read globals, are deleted by the pipeline and would make a miscompile invisible.
"""

from __future__ import annotations

from dataclasses import dataclass

from .executables import EXECUTABLE, executable_text
from .program import (
    ELEMENT_BYTES,
    Call,
    Clone,
    Copy,
    Discard,
    Fill,
    Iota,
    Lin,
    Load,
    Mix,
    Program,
    Range,
    Scale,
    Slice,
    Splat,
    Sum,
    Update,
    ValueInfo,
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


def _rtype(lifetime: str) -> str:
    return f"!stream.resource<{lifetime}>"


class _Emitter:
    """Straight-line code of one function: constants and index arithmetic on demand."""

    def __init__(self, step: str, indent: str = "    ") -> None:
        self.step = step
        self.indent = indent
        self.lines: list[str] = []
        self._consts: dict[tuple[str, int], str] = {}
        self._shared: dict[tuple[int, int], str] = {}
        self._n = 0

    def emit(self, line: str) -> None:
        self.lines.append(self.indent + line)

    def fresh(self, prefix: str = "t") -> str:
        self._n += 1
        return f"%{prefix}{self._n}"

    def const(self, value: int, type_: str = "index") -> str:
        key = (type_, value)
        if key not in self._consts:
            tag = "" if type_ == "index" else "_" + type_
            name = f"%c{value}{tag}".replace("-", "m")
            self._consts[key] = name
            self.emit(f"{name} = arith.constant {value} : {type_}")
        return self._consts[key]

    def lin(self, lin: Lin, form: int = 0) -> str:
        """An index value equal to ``lin`` (already in the wanted unit), spelled per ``form``."""
        if lin.c1 == 0:
            return self.const(lin.c0)
        if form == 0:
            key = (lin.c0, lin.c1)
            if key not in self._shared:
                self._shared[key] = self._arith(lin, commuted=False)
            return self._shared[key]
        if form == 1:
            name = self.fresh("a")
            self.emit(f"{name} = affine.apply affine_map<()[s0] -> (s0 * {lin.c1} + {lin.c0})>()[{self.step}]")
            return name
        return self._arith(lin, commuted=True)

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
        return self.lin(Lin(lin.c0 * ELEMENT_BYTES, lin.c1 * ELEMENT_BYTES), form)

    def byte_range(self, r: Range) -> tuple[str, str, str]:
        """(offset, end, length) in bytes."""
        if r.form == 2:
            off = self.bytes_(r.start, 2)
            length = self.bytes_(r.length, 2)
            end = self.fresh()
            self.emit(f"{end} = arith.addi {off}, {length} : index")
            return off, end, length
        return self.bytes_(r.start, r.form), self.bytes_(r.end, r.form), self.bytes_(r.length, r.form)


class _ProgramRenderer:
    def __init__(self, program: Program, k: int) -> None:
        self.p = program
        self.k = k
        self.info: dict[int, ValueInfo] = program.value_info()
        self.callees: list[str] = []

    def ty(self, v: int) -> str:
        return _rtype(self.info[v].lifetime)

    def render(self) -> tuple[str, tuple[int, ...]]:
        outputs = tuple(self.p.outputs())
        e = _Emitter("%step")
        header_arg = "%step" if self.p.assume_max is None else "%step_in"
        if self.p.assume_max is not None:
            e.emit(f"%step = util.assume.int %step_in<umin = 0, umax = {self.p.assume_max}> : index")
        self.sizes: dict[int, str] = {}
        for op in self.p.ops:
            self.op(e, op)
        for name, v in self.p.global_finals().items():
            e.emit(f"util.global.store %v{v}, @{global_symbol(self.k, name)} : !stream.resource<variable>")
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
            e.emit(f"{bv} = stream.tensor.export {ext} : {tensor} in !stream.resource<external>{{{size}}} -> !hal.buffer_view")
            results.append(bv)
        e.emit(f"util.return {', '.join(results)}" + (f" : {', '.join(['!hal.buffer_view'] * len(results))}" if results else ""))
        sig = ", ".join(["!hal.buffer_view"] * len(results))
        head = f"  util.func public @{function_name(self.k)}({header_arg}: index) -> ({sig}) {{\n"
        body = "\n".join(e.lines)
        return "".join(c + "\n" for c in self.callees) + head + body + "\n  }\n", outputs

    def size(self, e: _Emitter, v: int) -> str:
        """The byte size of ``v`` (one SSA value per value chain, computed once)."""
        if v not in self.sizes:
            self.sizes[v] = e.bytes_(self.info[v].size)
        return self.sizes[v]

    def op(self, e: _Emitter, op) -> None:  # noqa: C901 - one branch per op kind
        if isinstance(op, Load):
            e.emit(f"%v{op.out} = util.global.load @{global_symbol(self.k, op.glob)} : !stream.resource<variable>")
        elif isinstance(op, Iota):
            n = e.lin(op.size)
            base = e.const(op.base, "i32")
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@iota[{n}]({n}, {base}) : (index, i32) -> "
                f"!stream.resource<transient>{{{self.size(e, op.out)}}}"
            )
        elif isinstance(op, Splat):
            value = e.const(op.value, "i32")
            e.emit(f"%v{op.out} = stream.async.splat {value} : i32 -> !stream.resource<transient>{{{self.size(e, op.out)}}}")
        elif isinstance(op, Slice):
            off, end, length = e.byte_range(op.range)
            self.sizes[op.out] = length
            e.emit(
                f"%v{op.out} = stream.async.slice %v{op.src}[{off} to {end}] : "
                f"{self.ty(op.src)}{{{self.size(e, op.src)}}} -> {self.ty(op.out)}{{{length}}}"
            )
        elif isinstance(op, Update):
            off, end, _ = e.byte_range(Range(op.start, self.info[op.upd].size, op.form))
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            e.emit(
                f"%v{op.out} = stream.async.update %v{op.upd}, %v{op.dst}[{off} to {end}] : "
                f"{self.ty(op.upd)}{{{self.size(e, op.upd)}}} -> %v{op.dst} as {self.ty(op.dst)}{{{dsz}}}"
            )
        elif isinstance(op, Copy):
            so, se, length = e.byte_range(op.src_range)
            do, de, _ = e.byte_range(Range(op.dst_start, op.src_range.length, op.src_range.form))
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            e.emit(
                f"%v{op.out} = stream.async.copy %v{op.src}[{so} to {se}], %v{op.dst}[{do} to {de}], {length} : "
                f"{self.ty(op.src)}{{{self.size(e, op.src)}}} -> %v{op.dst} as {self.ty(op.dst)}{{{dsz}}}"
            )
        elif isinstance(op, Fill):
            off, end, length = e.byte_range(op.range)
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            value = e.const(op.value, "i32")
            e.emit(
                f"%v{op.out} = stream.async.fill {value}, %v{op.dst}[{off} to {end} for {length}] : "
                f"i32 -> %v{op.dst} as {self.ty(op.dst)}{{{dsz}}}"
            )
        elif isinstance(op, Scale):
            off, end, length = e.byte_range(op.range)
            n = e.lin(op.range.length)
            dsz = self.size(e, op.dst)
            self.sizes[op.out] = dsz
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@scale[{n}](%v{op.dst}[{off} to {end} for {length}], {n}) : "
                f"({self.ty(op.dst)}{{{dsz}}}, index) -> %v{op.dst}{{{dsz}}}"
            )
        elif isinstance(op, Clone):
            ssz = self.size(e, op.src)
            self.sizes[op.out] = ssz
            e.emit(f"%v{op.out} = stream.async.clone %v{op.src} : {self.ty(op.src)}{{{ssz}}} -> {self.ty(op.out)}{{{ssz}}}")
        elif isinstance(op, Sum):
            off, end, length = e.byte_range(op.range)
            n = e.lin(op.range.length)
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@wsum[{n}](%v{op.src}[{off} to {end} for {length}], {n}) : "
                f"({self.ty(op.src)}{{{self.size(e, op.src)}}}, index) -> !stream.resource<transient>{{{self.size(e, op.out)}}}"
            )
        elif isinstance(op, Mix):
            ao, ae, length = e.byte_range(op.a_range)
            bo, be, _ = e.byte_range(Range(op.b_start, op.a_range.length, op.a_range.form))
            n = e.lin(op.a_range.length)
            self.sizes[op.out] = length
            e.emit(
                f"%v{op.out} = stream.async.dispatch @{EXECUTABLE}::@mix[{n}](%v{op.a}[{ao} to {ae} for {length}], "
                f"%v{op.b}[{bo} to {be} for {length}], {n}) : ({self.ty(op.a)}{{{self.size(e, op.a)}}}, "
                f"{self.ty(op.b)}{{{self.size(e, op.b)}}}, index) -> !stream.resource<transient>{{{length}}}"
            )
        elif isinstance(op, Call):
            self.call(e, op)
        elif isinstance(op, Discard):
            pass
        else:  # pragma: no cover - a new op kind without a renderer
            raise TypeError(f"cannot render {op!r}")

    def call(self, e: _Emitter, op: Call) -> None:
        name = f"{function_name(self.k)}_c{len(self.callees)}"
        arg_ty = self.ty(op.arg)
        result_types = ([arg_ty] if op.out is not None else []) + ["!stream.resource<transient>"]
        c = _Emitter("%step")
        read = op.slice_range or op.sum_range
        assert read is not None
        if op.slice_range is not None:
            off, end, length = c.byte_range(op.slice_range)
            c.emit(f"%s = stream.async.slice %arg[{off} to {end}] : {arg_ty}{{%argsz}} -> {arg_ty}{{{length}}}")
        else:
            off, end, length = c.byte_range(op.sum_range)  # type: ignore[arg-type]
            n = c.lin(op.sum_range.length)  # type: ignore[union-attr]
            c.emit(
                f"%r = stream.async.dispatch @{EXECUTABLE}::@wsum[{n}](%arg[{off} to {end} for {length}], {n}) : "
                f"({arg_ty}{{%argsz}}, index) -> !stream.resource<transient>{{{c.const(4)}}}"
            )
        returned = []
        if op.scale_range is not None:
            so, se, slen = c.byte_range(op.scale_range)
            sn = c.lin(op.scale_range.length)
            c.emit(
                f"%u = stream.async.dispatch @{EXECUTABLE}::@scale[{sn}](%arg[{so} to {se} for {slen}], {sn}) : "
                f"({arg_ty}{{%argsz}}, index) -> %arg{{%argsz}}"
            )
            returned.append("%u")
        if op.slice_range is not None:
            n = c.lin(op.slice_range.length)
            zero = c.const(0)
            c.emit(
                f"%r = stream.async.dispatch @{EXECUTABLE}::@wsum[{n}](%s[{zero} to {length} for {length}], {n}) : "
                f"({arg_ty}{{{length}}}, index) -> !stream.resource<transient>{{{c.const(4)}}}"
            )
        returned.append("%r")
        c.emit(f"util.return {', '.join(returned)} : {', '.join(result_types)}")
        self.callees.append(
            f"  util.func private @{name}(%arg: {arg_ty}, %argsz: index, %step: index) -> ({', '.join(result_types)}) {{\n"
            + "\n".join(c.lines)
            + "\n  }"
        )
        outs = ([f"%v{op.out}"] if op.out is not None else []) + [f"%v{op.result}"]
        e.emit(
            f"{', '.join(outs)} = util.call @{name}(%v{op.arg}, {self.size(e, op.arg)}, %step) : "
            f"({arg_ty}, index, index) -> ({', '.join(result_types)})"
        )
        if op.out is not None:
            self.sizes[op.out] = self.size(e, op.arg)


def _entry_points(programs) -> tuple[str, ...]:
    used = set()
    for p in programs:
        if p.outputs():
            used.add("copy")
        if p.globals:
            used.add("iota")
        for op in p.ops:
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


def render_module(programs: list[Program] | tuple[Program, ...], first: int = 0) -> RenderedModule:
    """One module holding every program (program ``i`` is ``@p<first + i>``; ``first`` lets a
    single program be rendered exactly as it was at its position in a batch)."""
    parts = [
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n",
        f"  {DEVICE}\n",
        executable_text(_entry_points(programs)),
    ]
    init = _Emitter("%unused")
    for k, program in enumerate(programs, start=first):
        for gi, g in enumerate(program.globals):
            sym = global_symbol(k, g.name)
            parts.append(f"  util.global private mutable @{sym} : !stream.resource<variable>\n")
            n = init.const(g.size)
            nbytes = init.const(g.size * ELEMENT_BYTES)
            base = init.const(initial_base(k, gi), "i32")
            v = init.fresh("g")
            init.emit(
                f"{v} = stream.async.dispatch @{EXECUTABLE}::@iota[{n}]({n}, {base}) : (index, i32) -> "
                f"!stream.resource<variable>{{{nbytes}}}"
            )
            init.emit(f"util.global.store {v}, @{sym} : !stream.resource<variable>")
    if init.lines:
        parts.append("  util.initializer {\n" + "\n".join(init.lines) + "\n    util.return\n  }\n")
    functions, outputs = [], []
    for k, program in enumerate(programs, start=first):
        text, outs = _ProgramRenderer(program, k).render()
        parts.append(text)
        functions.append(function_name(k))
        outputs.append(outs)
    parts.append("}\n")
    return RenderedModule("".join(parts), tuple(functions), tuple(outputs))
