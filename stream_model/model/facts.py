"""The integer facts a proof may use, each with the block where it holds.

A fact is established by an op: ``util.assume.int``, an access (out of bounds is undefined
behaviour, so an execution we must preserve has ``start <= end <= size`` wherever the access
runs), an ``scf.for`` (its body runs only for ``lb <= iv < ub``), a load of an index global
with an inductive bound. It holds only where that op has run, which is wherever its *block* has
run: ops of a block run together (structured regions have no early exits). So every fact is
scoped to its block (:class:`ScopedFact`), and a query about two ops may use it only when
both ops lie inside that block (MLIR One-Shot Bufferize trusts dominance the same way, only
inside one repetitive region). Facts of the function's entry block hold on every call.

Without the scope, an empty ``scf.for`` would lend ``lb <= iv < ub`` (or the in-bounds facts of
its body) to ops outside it, "proving" ranges disjoint that overlap exactly when the loop runs
zero times.

:class:`FactStore` owns these facts and the symbolic values of index SSA values, computed on
first request and then fixed; it reads the model and never changes it.
"""

from __future__ import annotations

from dataclasses import dataclass

import sympy
from iree.compiler import ir

from ..semantics.op_table import Access, Bound, Kind
from ..semantics.ops import ASSUME_INT, GLOBAL_LOAD, GLOBAL_STORE
from ..semantics.region_flow import counted_loop
from ..symbolic.proofs import ByteRange, Fact, ProofVerdict, prove_relation
from .program import FunctionModel, ModuleModel, OpInfo

#: A scope of ``None`` is the whole function (facts of the entry block).
FUNCTION_WIDE: int | None = None


@dataclass(frozen=True, slots=True)
class ScopedFact:
    """A fact and the block (id within its function) whose ops it holds for."""

    fact: Fact
    block: int | None

    def holds_for(self, a: OpInfo, b: OpInfo) -> bool:
        """May a query about ``a`` and ``b`` use the fact? Both must lie inside its block."""
        return self.block is None or (a.within(self.block) and b.within(self.block))


class FactStore:
    """Symbolic index values, range of accesses and scoped facts, memoised per module."""

    def __init__(self, model: ModuleModel, timeout_ms: int) -> None:
        self.model = model
        self.timeout_ms = timeout_ms
        self._facts: dict[str, list[ScopedFact]] = {}
        self._global_bounds: dict[str, int | None] = {}
        self._renamed: dict[tuple[str, sympy.Symbol], sympy.Symbol] = {}
        self._moves: dict[tuple[sympy.Expr, sympy.Expr, sympy.Expr], bool] = {}
        self._ranges: dict[Access, ByteRange | None] = {}  # (an access is its own identity)

    # -- values and ranges --------------------------------------------------------------------
    def expr(self, value: ir.Value) -> sympy.Expr:
        """The symbolic machine value of an index SSA value."""
        return self.model.translator.expr(value)

    def bound(self, b: Bound) -> sympy.Expr:
        """A known range bound as an expression."""
        e = self.model.translator.bound(b)
        if e is None:
            raise ValueError("bound() of an unknown bound")
        return e

    def access_range(self, acc: Access) -> ByteRange | None:
        """``[start, end)`` of an access, or None when unknown: no bounds, or a byte count
        (``length``) that is not provably ``end - start`` (IREE moves ``length`` bytes).
        Memoised per access: a decision asks for its write's range when describing the check
        and again when comparing it."""
        if acc in self._ranges:
            return self._ranges[acc]
        found = None
        if acc.range_known:
            start, end = self.bound(acc.start), self.bound(acc.end)
            if acc.length is None or self._moves_its_range(start, end, self.bound(acc.length)):
                found = ByteRange(start, end)
        self._ranges[acc] = found
        return found

    def _moves_its_range(self, start: sympy.Expr, end: sympy.Expr, length: sympy.Expr) -> bool:
        """Is a byte count ``length`` provably ``end - start``? Memoised per store: every layer
        of a model asks it of the same few expressions, and the algebra is slow."""
        key = (start, end, length)
        found = self._moves.get(key)
        if found is None:
            # The usual spelling, [0 to %n for %n], needs no algebra.
            found = self._moves[key] = bool(start == 0 and end == length) or _equal_mod_2_64(end - start, length)
        return found

    def renamed(self, fn: FunctionModel, symbol: sympy.Symbol) -> sympy.Symbol:
        """The symbol that stands for ``symbol`` in another iteration of a loop: fresh (named
        by the translator's registry, so it can never be a real value's), one per symbol."""
        key = (fn.name, symbol)
        if key not in self._renamed:
            self._renamed[key] = self.model.translator.fresh_symbol(fn.op, symbol.name + "_other")
        return self._renamed[key]

    # -- facts ----------------------------------------------------------------------------------
    def facts_for(self, fn: FunctionModel, a: OpInfo, b: OpInfo) -> list[Fact]:
        """The facts of ``fn`` that hold for a query about ops ``a`` and ``b``."""
        return [sf.fact for sf in self.scoped_facts(fn) if sf.holds_for(a, b)]

    def scoped_facts(self, fn: FunctionModel) -> list[ScopedFact]:
        """Every fact of ``fn`` with its scope (built on first use: it translates every access
        of the function, and a slice settled by ordering alone never needs it)."""
        found = self._facts.get(fn.name)
        if found is None:
            found = self._facts[fn.name] = _Collector(self, fn).collect()
        return found

    def global_bound(self, name: str) -> int | None:
        """An upper bound of index global ``@name`` on every path, if one is proved."""
        if name not in self._global_bounds:
            self._global_bounds[name] = _prove_global_bound(self, name)
        return self._global_bounds[name]


def _equal_mod_2_64(a: sympy.Expr, b: sympy.Expr) -> bool:
    diff = sympy.expand(a - b)
    return diff == 0 or (isinstance(diff, sympy.Integer) and int(diff) % 2**64 == 0)


class _Collector:
    """Gathers the facts of one function, deduplicated, with unique names."""

    def __init__(self, store: FactStore, fn: FunctionModel) -> None:
        self.store, self.fn, self.model = store, fn, store.model
        self.found: dict[tuple[sympy.Expr, str, sympy.Expr, int | None], ScopedFact] = {}
        self.names: set[str] = set()

    def scope_of(self, info: OpInfo) -> int | None:
        """The block whose runs run ``info`` (once each): its own, or the block holding the
        execution region around it (:meth:`.FunctionModel.runs_with`)."""
        chain = self.fn.runs_with(info)
        return FUNCTION_WIDE if chain == (self.fn.entry_block_id,) else chain[-1]

    def add(self, fact: Fact, scope: int | None) -> None:
        key = (fact.lhs, fact.rel, fact.rhs, scope)
        if key not in self.found:
            named = Fact(_unique(fact.name, self.names), fact.lhs, fact.rel, fact.rhs)
            self.found[key] = ScopedFact(named, scope)

    def collect(self) -> list[ScopedFact]:
        for info in self.fn.ops:
            self.in_bounds(info)
        # Assume facts are recorded when the values they bound are translated: translate all.
        for info in self.fn.ops:
            if info.name == ASSUME_INT:
                for r in info.op.results:
                    self.store.expr(r)
        for fact, op in self.model.translator.assume_facts(self.fn.op):
            holder = self.fn.info(op)
            if holder is not None:
                self.add(fact, self.scope_of(holder))
        for info in self.fn.ops:
            if counted_loop(info.op) is not None:
                self.loop_bounds(info)
            elif info.name == GLOBAL_LOAD:
                self.global_load(info)
        return list(self.found.values())

    def in_bounds(self, info: OpInfo) -> None:
        for acc in info.effects.accesses:
            if acc.size is None or acc.kind is not Kind.WRITE and _dup(acc, info):
                continue
            rng = self.store.access_range(acc)
            if rng is None:
                continue
            size = self.store.expr(acc.size)
            what = f"{self.model.names.describe(info.op)} {acc.kind.value} of {self.model.names.name(acc.value)}"
            for text, lhs, rhs in (("end <= size", rng.end, size), ("start <= end", rng.start, rng.end)):
                self.add(Fact(f"in-bounds: {what}: {text}", lhs, "ule", rhs), self.scope_of(info))

    def loop_bounds(self, info: OpInfo) -> None:
        """``lb <= iv < ub`` in the loop body, compared as the loop compares (``unsigned``)."""
        loop = counted_loop(info.op)
        assert loop is not None
        lb, ub, iv = loop.lower, loop.upper, loop.iv
        body_info = self.fn.info(list(loop.body.operations)[0].operation)
        if body_info is None:
            return
        unsigned = loop.unsigned
        ge, lt = ("uge", "ult") if unsigned else ("sge", "slt")
        e_iv, name = self.store.expr(iv), self.model.names.name(iv)
        suffix = " (unsigned)" if unsigned else ""
        self.add(Fact(f"loop bounds: {name} >= lower bound{suffix}", e_iv, ge, self.store.expr(lb)), body_info.block_id)
        self.add(Fact(f"loop bounds: {name} < upper bound{suffix}", e_iv, lt, self.store.expr(ub)), body_info.block_id)

    def global_load(self, info: OpInfo) -> None:
        result = info.op.results[0]
        if str(result.type) not in ("index", "i64"):
            return
        name = ir.FlatSymbolRefAttr(info.op.attributes["global"]).value
        upper = self.store.global_bound(name)
        if upper is not None:
            value = self.store.expr(result)
            self.add(
                Fact(f"global @{name} <= {upper} on every path", value, "ule", sympy.Integer(upper)),
                self.scope_of(info),
            )


def _prove_global_bound(store: FactStore, name: str) -> int | None:
    """An upper bound of an index global that holds on every path, by induction over every
    store in the module: the initial value is within the bound, and each stored value is within
    it whenever the global was (the loaded value may appear in what is stored, as in
    ``step + 1`` wrapped by ``remui``/``minui``). Only private globals whose symbol is used by
    nothing but direct ``util.global.load``/``store`` qualify: then every store is one of those
    seen here (an ``util.global.address`` lets ``store.indirect`` write it unseen). Candidate
    bounds are the constants of the initial and stored values (and one less: ``remui x, 4096``
    is at most 4095); the smallest that survives the induction is kept."""
    model = store.model
    info = model.globals.get(name)
    if info is None or not info.private or info.initial is None or info.address_taken:
        return None
    stores = [
        (fn, i.op)
        for fn in model.functions
        for i in fn.ops
        if i.name == GLOBAL_STORE and ir.FlatSymbolRefAttr(i.op.attributes["global"]).value == name
    ]
    exprs = [(fn, store.expr(op.operands[0])) for fn, op in stores]
    constants = {int(c) % 2**64 for _, e in exprs for c in e.atoms(sympy.Integer)}
    candidates = {info.initial} | constants | {c - 1 for c in constants if c > 0}
    for bound in sorted(c for c in candidates if c >= info.initial):
        if all(_preserved(store, fn, name, e, bound) for fn, e in exprs):
            return bound
    return None


def _preserved(store: FactStore, fn: FunctionModel, name: str, stored: sympy.Expr, bound: int) -> bool:
    loads = [
        store.expr(i.op.results[0])
        for i in fn.ops
        if i.name == GLOBAL_LOAD and ir.FlatSymbolRefAttr(i.op.attributes["global"]).value == name
    ]
    hypothesis = [Fact(f"induction: load #{k} <= {bound}", e, "ule", sympy.Integer(bound)) for k, e in enumerate(loads)]
    proof = prove_relation(stored, "ule", sympy.Integer(bound), hypothesis, store.timeout_ms)
    return proof.verdict is ProofVerdict.PROVED


def _unique(name: str, taken: set[str]) -> str:
    """Fact names must be unique (they name the facts a proof used): number repeats."""
    candidate, n = name, 1
    while candidate in taken:
        n += 1
        candidate = f"{name} #{n}"
    taken.add(candidate)
    return candidate


def _dup(acc: Access, info: OpInfo) -> bool:
    """A tied operand is both read and written over one range: one pair of facts is enough. (A
    value given to a dispatch twice is read over each binding's range: each has its facts.)"""
    return any(
        a is not acc
        and a.value == acc.value
        and a.kind is Kind.WRITE
        and _same_bound(a.start, acc.start)
        and _same_bound(a.end, acc.end)
        for a in info.effects.accesses
    )


def _same_bound(a: Bound, b: Bound) -> bool:
    if isinstance(a, ir.Value) and isinstance(b, ir.Value):
        return bool(a == b)
    if isinstance(a, int) and isinstance(b, int):
        return a == b
    return a is b
