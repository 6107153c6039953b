"""A program description to tensor-level MLIR: what a user hands ``iree-compile``.

One ``module @m`` with the globals, the helpers (``util.func private``) and the public
functions (``util.func public @f<k>``, returning tensors). Every value is a fresh ``%v<n>``;
constants an op needs (an index offset, a trip count, a fill value) are spelled next to it, as
people write them. The statements and their operands come from :mod:`.walk`, so the text and the
interpreter (:mod:`.interp`) read one resolution.
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import dataclass, field

from .program import OBSERVER, Program, name_of_function, name_of_global, name_of_helper
from .walk import I1, I32, INDEX, Index, ResolvedHelper, Walker, resolve_helpers

NEVER_INLINE = "attributes {inlining_policy = #util.inline.never} "


def tensor(n: int) -> str:
    return f"tensor<{n}xi32>"


def dense(values: tuple[int, ...] | list[int]) -> str:
    return "dense<[" + ", ".join(str(v) for v in values) + "]>"


def _type(key: int | str) -> str:
    return {INDEX: "index", I1: "i1", I32: "i32"}[key] if isinstance(key, str) else tensor(key)


def _generic_add(out: Callable[[str], None], name: str, a: str, b: str, n: int, empty: str) -> None:
    t = tensor(n)
    out(f"{empty} = tensor.empty() : {t}")
    out(
        f'{name} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]}} '
        f"ins({a}, {b} : {t}, {t}) outs({empty} : {t}) {{"
    )
    out(f"^bb0({name}_x: i32, {name}_y: i32, {name}_o: i32):")
    out(f"  {name}_z = arith.addi {name}_x, {name}_y : i32")
    out(f"  linalg.yield {name}_z : i32")
    out(f"}} -> {t}")


@dataclass
class _Text:
    """The renderer's backend: emits a function's lines, block by block (the entry block
    first; a :class:`.program.Block` or a ``cf`` diamond starts new ones); values are SSA names."""

    program: Program
    blocks: list[list[str]] = field(default_factory=lambda: [[]])
    current: int = 0
    depth: int = 2
    counter: int = 0
    spelled_count: int = 0  # (index constants spelled so far: each takes the next form)

    def fresh(self, prefix: str = "v") -> str:
        self.counter += 1
        return f"%{prefix}{self.counter}"

    def out(self, line: str) -> None:
        self.blocks[self.current].append("  " * self.depth + line)

    def _new_block(self, args: str = "") -> tuple[str, int]:
        """A new block's label (``^b<n>``) and index; its first line is its header."""
        label = f"^b{len(self.blocks)}"
        self.blocks.append([f"  {label}{args}:"])
        return label, len(self.blocks) - 1

    def lines(self, reversed_: bool) -> list[str]:
        """The blocks in text order: execution order, or the entry block and then the others
        reversed."""
        order = [self.blocks[0], *(self.blocks[:0:-1] if reversed_ else self.blocks[1:])]
        return [line for block in order for line in block]

    def block(self) -> None:
        label, index = self._new_block()
        self.out(f"cf.br {label}")
        self.current = index

    def _offset(self, offset: Index[str]) -> str:
        """An offset as an SSA index value (for ``tensor.insert``/``extract``)."""
        if offset.value is not None:
            return offset.value
        return self._index_constant(offset.static)

    def _index_constant(self, value: int) -> str:
        """An index constant; in a program with :attr:`~.program.Program.spelled` constants, an
        integer expression of constants of that value (its form in turn: ``(c + 3) - 3``,
        ``c * 1``, ``max(c, 0)``)."""
        c = self.fresh("c")
        if not self.program.spelled:
            self.out(f"{c} = arith.constant {value} : index")
            return c
        a, b = self.fresh("c"), self.fresh("c")
        self.spelled_count += 1
        form = self.spelled_count % 3
        first, second, op = ((value + 3, 3, "subi"), (value, 1, "muli"), (value, 0, "maxsi"))[form]
        self.out(f"{a} = arith.constant {first} : index")
        self.out(f"{b} = arith.constant {second} : index")
        self.out(f"{c} = arith.{op} {a}, {b} : index")
        return c

    def _condition_constant(self, value: bool) -> str:
        """An ``i1`` constant; with :attr:`~.program.Program.spelled` constants, a compare of two
        index constants of that value."""
        b = self.fresh("b")
        if not self.program.spelled:
            self.out(f"{b} = arith.constant {'true' if value else 'false'}")
            return b
        x, y = self.fresh("c"), self.fresh("c")
        self.out(f"{x} = arith.constant 2 : index")
        self.out(f"{y} = arith.constant 3 : index")
        self.out(f"{b} = arith.cmpi {'slt' if value else 'sge'}, {x}, {y} : index")
        return b

    @staticmethod
    def _static(offset: Index[str]) -> str:
        """An offset as ``insert_slice``/``extract_slice`` spell it: a value or a constant."""
        return offset.value if offset.value is not None else str(offset.static)

    def load(self, g: int) -> str:
        v = self.fresh()
        self.out(f"{v} = util.global.load @{name_of_global(g)} : {tensor(self.program.globals_[g].size)}")
        return v

    def store(self, value: str, g: int) -> None:
        self.out(f"util.global.store {value}, @{name_of_global(g)} : {tensor(self.program.globals_[g].size)}")

    def const(self, values: tuple[int, ...], unfoldable: bool) -> str:
        v = self.fresh()
        op = "util.unfoldable_constant" if unfoldable else "arith.constant"
        self.out(f"{v} = {op} {dense(values)} : {tensor(len(values))}")
        return v

    def insert_row(self, dest: str, size: int, row: str, offset: Index[str]) -> str:
        v = self.fresh()
        self.out(
            f"{v} = tensor.insert_slice {row} into {dest}[{self._static(offset)}] [1] [1] : "
            f"{tensor(1)} into {tensor(size)}"
        )
        return v

    def extract_row(self, source: str, size: int, offset: Index[str]) -> str:
        v = self.fresh()
        self.out(f"{v} = tensor.extract_slice {source}[{self._static(offset)}] [1] [1] : {tensor(size)} to {tensor(1)}")
        return v

    def extract_half(self, source: str, offset: int) -> str:
        v = self.fresh()
        self.out(f"{v} = tensor.extract_slice {source}[{offset}] [4] [1] : {tensor(8)} to {tensor(4)}")
        return v

    def extract(self, source: str, size: int, offset: Index[str]) -> str:
        i = self._offset(offset)
        v = self.fresh()
        self.out(f"{v} = tensor.extract {source}[{i}] : {tensor(size)}")
        return v

    def insert_scalar(self, dest: str, size: int, scalar: str | None, value: int, offset: Index[str]) -> str:
        if scalar is None:
            scalar = self.fresh("k")
            self.out(f"{scalar} = arith.constant {value} : i32")
        i = self._offset(offset)
        v = self.fresh()
        self.out(f"{v} = tensor.insert {scalar} into {dest}[{i}] : {tensor(size)}")
        return v

    def add(self, lhs: str, rhs: str, size: int, generic: bool) -> str:
        v = self.fresh()
        if generic:
            _generic_add(self.out, v, lhs, rhs, size, self.fresh("e"))
        else:
            self.out(f"{v} = arith.addi {lhs}, {rhs} : {tensor(size)}")
        return v

    def same(self, value: str, size: int, how: int) -> str:
        """An op of ``value`` with itself (or all ones) that MLIR folds to ``value``."""
        v = self.fresh()
        t = tensor(size)
        if how == 4:
            ones = self.fresh("k")
            self.out(f"{ones} = arith.constant dense<-1> : {t}")
            self.out(f"{v} = arith.andi {value}, {ones} : {t}")
            return v
        op = ("andi", "ori", "maxsi", "minsi")[how]
        self.out(f"{v} = arith.{op} {value}, {value} : {t}")
        return v

    def barrier(self, value: str, size: int) -> str:
        v = self.fresh()
        self.out(f"{v} = util.optimization_barrier {value} : {tensor(size)}")
        return v

    def fill(self, dest: str, size: int, value: int) -> str:
        k = self.fresh("k")
        self.out(f"{k} = arith.constant {value} : i32")
        v = self.fresh()
        self.out(f"{v} = linalg.fill ins({k} : i32) outs({dest} : {tensor(size)}) -> {tensor(size)}")
        return v

    def zero(self, size: int) -> str:
        v = self.fresh()
        self.out(f"{v} = arith.constant dense<0> : {tensor(size)}")
        return v

    def for_(
        self, trip: Index[str], init: str | None, size: int | None, body: Callable[[str, str | None], str | None]
    ) -> str | None:
        lb, step = self._index_constant(0), self._index_constant(1)
        ub = self._offset(trip)
        iv = self.fresh("i")
        result = self.fresh() if init is not None else None
        acc = self.fresh("acc") if init is not None else None
        if init is not None:
            head = (
                f"{result} = scf.for {iv} = {lb} to {ub} step {step} iter_args({acc} = {init}) -> ({tensor(size)}) {{"  # type: ignore[arg-type]
            )
        else:
            head = f"scf.for {iv} = {lb} to {ub} step {step} {{"
        self.out(head)
        self.depth += 1
        yielded = body(iv, acc)
        if yielded is not None:
            self.out(f"scf.yield {yielded} : {tensor(size)}")  # type: ignore[arg-type]
        self.depth -= 1
        self.out("}")
        return result

    def while_(
        self,
        trip: Index[str],
        init: str,
        size: int,
        before: Callable[[str, str], str],
        after: Callable[[str, str], str],
        cf: bool,
    ) -> str:
        t = tensor(size)
        lb, step = self._index_constant(0), self._index_constant(1)
        ub = self._offset(trip)
        i, acc, j, acc2, cond, n, result = (self.fresh(p) for p in ("i", "acc", "i", "acc", "b", "n", "w"))
        if cf:
            return self._cf_loop(ub, lb, step, init, t, (i, acc, j, acc2, cond, n, result), before, after)
        self.out(f"{result}:2 = scf.while ({i} = {lb}, {acc} = {init}) : (index, {t}) -> (index, {t}) {{")
        self.depth += 1
        passed = before(i, acc)
        self.out(f"{cond} = arith.cmpi slt, {i}, {ub} : index")
        self.out(f"scf.condition({cond}) {i}, {passed} : index, {t}")
        self.depth -= 1
        self.out("} do {")
        self.out(f"^bb0({j}: index, {acc2}: {t}):")
        self.depth += 1
        yielded = after(j, acc2)
        self.out(f"{n} = arith.addi {j}, {step} : index")
        self.out(f"scf.yield {n}, {yielded} : index, {t}")
        self.depth -= 1
        self.out("}")
        return f"{result}#1"

    def _cf_loop(
        self,
        ub: str,
        lb: str,
        step: str,
        init: str,
        t: str,
        names: tuple[str, ...],
        before: Callable[[str, str], str],
        after: Callable[[str, str], str],
    ) -> str:
        """An ``scf.while`` as a ``cf`` loop: a header block (the before region) branching to a
        body block (the after region, back to the header) or to an exit block, whose argument
        is the result."""
        i, acc, j, acc2, cond, n, result = names
        head, head_index = self._new_block(f"({i}: index, {acc}: {t})")
        body, body_index = self._new_block(f"({j}: index, {acc2}: {t})")
        exit_, exit_index = self._new_block(f"({result}: {t})")
        self.out(f"cf.br {head}({lb}, {init} : index, {t})")
        self.current = head_index
        passed = before(i, acc)
        self.out(f"{cond} = arith.cmpi slt, {i}, {ub} : index")
        self.out(f"cf.cond_br {cond}, {body}({i}, {passed} : index, {t}), {exit_}({passed} : {t})")
        self.current = body_index
        yielded = after(j, acc2)
        self.out(f"{n} = arith.addi {j}, {step} : index")
        self.out(f"cf.br {head}({n}, {yielded} : index, {t})")
        # (the exit block is written after the loop's blocks, as execution reaches it)
        self.blocks.append(self.blocks.pop(exit_index))
        self.current = len(self.blocks) - 1
        return result

    def if_(
        self,
        cond: str | None,
        static: bool,
        size: int | None,
        then: Callable[[], str | None],
        else_: Callable[[], str | None],
        cf: str,
    ) -> str | None:
        if cond is None:
            cond = self._condition_constant(static)
        if cf:
            return self._diamond(cond, size, then, else_, switch=cf == "cf.switch")
        result = self.fresh() if size is not None else None
        self.out(f"{result} = scf.if {cond} -> ({tensor(size)}) {{" if size is not None else f"scf.if {cond} {{")
        for k, arm in enumerate((then, else_)):
            self.depth += 1
            yielded = arm()
            if yielded is not None:
                self.out(f"scf.yield {yielded} : {tensor(size)}")  # type: ignore[arg-type]
            self.depth -= 1
            self.out("} else {" if k == 0 else "}")
        return result

    def _diamond(
        self,
        cond: str,
        size: int | None,
        then: Callable[[], str | None],
        else_: Callable[[], str | None],
        switch: bool = False,
    ) -> str | None:
        """An ``scf.if`` as ``cf.cond_br`` (or ``cf.switch`` on ``cond`` widened to ``i32``) to
        two blocks that branch to a join block (whose argument is the result)."""
        result = self.fresh() if size is not None else None
        join_args = f"({result}: {tensor(size)})" if size is not None else ""
        arms = [self._new_block() for _ in (then, else_)]
        join, join_index = self._new_block(join_args)
        if switch:
            wide = self.fresh("w")
            self.out(f"{wide} = arith.extui {cond} : i1 to i32")
            self.out(f"cf.switch {wide} : i32, [default: {arms[1][0]}, 1: {arms[0][0]}]")
        else:
            self.out(f"cf.cond_br {cond}, {arms[0][0]}, {arms[1][0]}")
        for (_, index), arm in zip(arms, (then, else_)):
            self.current = index
            yielded = arm()
            self.out(f"cf.br {join}({yielded} : {tensor(size)})" if size is not None else f"cf.br {join}")  # type: ignore[arg-type]
        # (the join block is written after the arms' blocks, as execution reaches it)
        self.blocks.append(self.blocks.pop(join_index))
        self.current = len(self.blocks) - 1
        return result

    def call(self, helper: ResolvedHelper, args: list[str]) -> str | None:
        params = ", ".join(_type(k) for k in helper.params)
        result = self.fresh() if helper.result is not None else None
        results = tensor(helper.result) if helper.result is not None else "()"
        lhs = f"{result} = " if result is not None else ""
        self.out(f"{lhs}util.call @{name_of_helper(helper.k)}({', '.join(args)}) : ({params}) -> {results}")
        return result


def render_helper(p: Program, h: ResolvedHelper) -> list[str]:
    """A helper's definition (:data:`.program.HelperKind`)."""
    t, g = tensor(h.size), f"@{name_of_global(h.global_)}" if h.global_ >= 0 else ""
    attrs = NEVER_INLINE if h.never_inline else ""
    head = f"  util.func private @{name_of_helper(h.k)}"
    body: list[str]
    if h.kind == "get":
        head += f"() -> {t} {attrs}{{"
        body = [f"%v = util.global.load {g} : {t}", f"util.return %v : {t}"]
    elif h.kind == "get-if":
        head += f"(%c: i1) -> {t} {attrs}{{"
        body = [
            f"%r = scf.if %c -> ({t}) {{",
            f"  %v = util.global.load {g} : {t}",
            f"  scf.yield %v : {t}",
            "} else {",
            f"  %z = arith.constant dense<0> : {t}",
            f"  scf.yield %z : {t}",
            "}",
            f"util.return %r : {t}",
        ]
    elif h.kind == "set":
        head += f"(%x: {t}) {attrs}{{"
        body = [f"util.global.store %x, {g} : {t}", "util.return"]
    elif h.kind == "update":
        head += f"(%row: {tensor(1)}) {attrs}{{"
        body = [
            f"%v = util.global.load {g} : {t}",
            f"%u = tensor.insert_slice %row into %v[{h.offset}] [1] [1] : {tensor(1)} into {t}",
            f"util.global.store %u, {g} : {t}",
            "util.return",
        ]
    elif h.kind == "double":
        head += f"() {attrs}{{"
        body = [
            f"%v = util.global.load {g} : {t}",
            f"%d = arith.addi %v, %v : {t}",
            f"util.global.store %d, {g} : {t}",
            "util.return",
        ]
    else:  # insert
        head += f"(%x: {t}, %row: {tensor(1)}) -> {t} {attrs}{{"
        body = [
            f"%u = tensor.insert_slice %row into %x[{h.offset}] [1] [1] : {tensor(1)} into {t}",
            f"util.return %u : {t}",
        ]
    return [head, *("    " + line for line in body), "  }"]


def render(p: Program) -> str:
    """The program as one tensor-level module."""
    lines = ["#id = affine_map<(d0) -> (d0)>", "module @m {"]
    for k, g in enumerate(p.globals_):
        mutable = "mutable " if g.mutable else ""
        lines.append(f"  util.global private {mutable}@{name_of_global(k)} = {dense(g.init)} : {tensor(g.size)}")
    for h in resolve_helpers(p):
        lines += render_helper(p, h)
    for k, fn in enumerate(p.functions):
        text = _Text(p)
        params = [f"%a{i}" for i in range(len(fn.params))]
        kinds = [1 if kind == "row" else kind for kind in fn.params]
        # (Frontends' form: tensors cross the boundary as buffer views.)
        entry = [
            f'    {a} = hal.tensor.import {a}v "input{i}" : !hal.buffer_view -> {_type(kind)}'
            for i, (a, kind) in enumerate(zip(params, kinds))
            if p.abi and isinstance(kind, int)
        ]
        results = Walker(p, text).function(fn, params)
        signature = ", ".join(
            f"{a}v: !hal.buffer_view" if p.abi and isinstance(kind, int) else f"{a}: {_type(kind)}"
            for a, kind in zip(params, kinds)
        )
        returned = [v for _, v in results]
        types = ", ".join(tensor(n) for n, _ in results)
        if p.abi and results:
            for j, (n, v) in enumerate(results):
                text.out(f'%e{j} = hal.tensor.export {v} "output{j}" : {tensor(n)} -> !hal.buffer_view')
            returned = [f"%e{j}" for j in range(len(results))]
            types = ", ".join("!hal.buffer_view" for _ in results)
        arrow = f" -> ({types})" if results else ""
        text.out(f"util.return {', '.join(returned)} : {types}" if results else "util.return")
        lines.append(f"  util.func public @{name_of_function(k)}({signature}){arrow} {{")
        lines += entry + text.lines(fn.blocks_reversed)  # (the entry block is first)
        lines.append("  }")
    if p.observed():
        seen = p.observed_globals()
        types = ", ".join(tensor(p.globals_[k].size) for k in seen)
        lines.append(f"  util.func public @{name_of_function(OBSERVER)}() -> ({types}) {{")
        for k in seen:
            lines.append(f"    %s{k} = util.global.load @{name_of_global(k)} : {tensor(p.globals_[k].size)}")
        lines.append(f"    util.return {', '.join(f'%s{k}' for k in seen)} : {types}")
        lines.append("  }")
    lines.append("}")
    return "\n".join(lines) + "\n"


def render_calls(p: Program) -> str:
    """The call sequence as :func:`tests.campaign.tensor_programs.run` spells it: ``f0:[77],1;f1``
    (rows in brackets)."""
    out = []
    for k, args in p.calls():
        kinds = p.params(k)
        shown = [f"[{a}]" if kind == "row" else str(a) for kind, a in zip(kinds, args)]
        out.append(name_of_function(k) + (":" + ",".join(shown) if shown else ""))
    return ";".join(out)
