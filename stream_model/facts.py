"""The integer facts a proof may use, as DFX elements that settle when they are created.

* :class:`IndexExpr`: the symbolic (64-bit machine) value of an index SSA value;
* :class:`FunctionFacts`: facts that hold on every execution of a function (assumptions, loop
  bounds, in-bounds accesses, bounds of index globals);
* :class:`GlobalBound`: an upper bound of an index global proved by induction over its stores.
"""

from __future__ import annotations

from typing import Callable, Optional

import sympy
from iree.compiler import ir

from dfx import AbstractElement, BooleanState, ChangeStatus, Solver

from .program import FunctionModel, ModuleModel, OpInfo
from .proofs import Fact, prove_relation
from .semantics import Access, Bound, Kind, Plus
from .symbolic import pretty

#: The facts of the slice's function, fetched on first use (building them costs a pass over
#: every access of the function; a slice settled by ordering never needs them).
Facts = Callable[[], "list[Fact]"]


class Settled(AbstractElement[BooleanState]):
    """An element whose information is all known at creation (no fixpoint needed yet)."""

    def create_state(self) -> BooleanState:
        return BooleanState()

    def update(self, solver: Solver) -> ChangeStatus:
        return ChangeStatus.UNCHANGED


class IndexExpr(Settled):
    """The symbolic machine value of one index SSA value (position: the ``ir.Value``)."""

    expr: sympy.Expr

    def initialize(self, solver: Solver) -> None:
        model: ModuleModel = solver.context
        self.expr = model.translator.expr(self.position)
        self.indicate_optimistic_fixpoint()

    def describe(self) -> str:
        return f"IndexExpr {pretty(self.expr)}"


class FunctionFacts(Settled):
    """Facts that hold on every execution of a function (position: the function op).

    * ``util.assume.int`` bounds (on the operand in the entry block, on the result elsewhere);
    * ``lb <= iv < ub`` (signed) for the induction variable of every ``scf.for``: the body
      only runs for such values;
    * bounds of index globals that hold on every path (:class:`GlobalBound`);
    * in-bounds facts ``start <= end <= size`` for every access that runs on every call or on
      every iteration of its enclosing ``scf.for`` loops (an out-of-bounds access is undefined
      behaviour, and a value defined in a loop body only exists in iterations that ran);
    """

    facts: list[Fact]

    def initialize(self, solver: Solver) -> None:
        model: ModuleModel = solver.context
        fn: FunctionModel = model.function_of(self.position)
        facts: dict[tuple, Fact] = {}
        names: set[str] = set()
        for info in fn.ops:
            if not info.unconditional:
                continue
            for acc in info.effects.accesses:
                if not acc.range_known or acc.size is None or acc.kind is not Kind.WRITE and _dup(acc, info):
                    continue
                start = bound_expr(solver, acc.start)
                end = bound_expr(solver, acc.end)
                size = solver.get_element(IndexExpr, acc.size).expr
                for text, lhs, rhs in (("end <= size", end, size), ("start <= end", start, end)):
                    key = (lhs, "ule", rhs)
                    if key not in facts:
                        what = f"{model.describe(info.op)} {acc.kind.value} of {model.name(acc.value)}"
                        facts[key] = Fact(_unique(f"in-bounds: {what}: {text}", names), lhs, "ule", rhs)
        # Assume facts are recorded when the values they bound are translated: translate all.
        for info in fn.ops:
            if info.top_level and info.op.name == "util.assume.int":
                for r in info.op.results:
                    solver.get_element(IndexExpr, r)
        extra = list(model.translator.assume_facts(fn.op))
        extra += _loop_bound_facts(solver, model, fn)
        extra += _global_facts(solver, model, fn)
        for fact in extra:
            key = (fact.lhs, fact.rel, fact.rhs)
            if key not in facts:
                facts[key] = Fact(_unique(fact.name, names), fact.lhs, fact.rel, fact.rhs)
        self.facts = list(facts.values())
        self.indicate_optimistic_fixpoint()


def _loop_bound_facts(solver: Solver, model: ModuleModel, fn: FunctionModel) -> list[Fact]:
    out = []
    for info in fn.ops:
        if info.op.name != "scf.for":
            continue
        lb, ub = info.op.operands[0], info.op.operands[1]
        iv = info.op.regions[0].blocks[0].arguments[0]
        e_iv = solver.get_element(IndexExpr, iv).expr
        name = model.name(iv)
        out.append(Fact(f"loop bounds: {name} >= lower bound", e_iv, "sge", solver.get_element(IndexExpr, lb).expr))
        out.append(Fact(f"loop bounds: {name} < upper bound", e_iv, "slt", solver.get_element(IndexExpr, ub).expr))
    return out


def _global_facts(solver: Solver, model: ModuleModel, fn: FunctionModel) -> list[Fact]:
    out = []
    for info in fn.ops:
        if info.op.name != "util.global.load" or not is_64bit_index(info.op.results[0]):
            continue
        name = ir.FlatSymbolRefAttr(info.op.attributes["global"]).value
        bound = solver.get_element(GlobalBound, name)
        if bound.upper is not None:
            value = solver.get_element(IndexExpr, info.op.results[0]).expr
            out.append(Fact(f"global @{name} <= {bound.upper} on every path", value, "ule", sympy.Integer(bound.upper)))
    return out


def is_64bit_index(value: ir.Value) -> bool:
    return str(value.type) in ("index", "i64")


class GlobalBound(Settled):
    """An upper bound of an index global that holds on every path (position: its name).

    Proved by induction over every store in the module: the initial value is within the bound,
    and each stored value is within it whenever the global was (the loaded value may appear in
    what is stored, as in ``step + 1`` wrapped by ``remui``/``minui``). Only private globals
    qualify: nothing outside the module can store to them. Candidate bounds are the constants
    of the initial and stored values (and one less: ``remui x, 4096`` is at most 4095); the
    smallest that survives the induction is kept.
    """

    upper: Optional[int] = None

    def initialize(self, solver: Solver) -> None:
        model: ModuleModel = solver.context
        self.indicate_optimistic_fixpoint()
        info = model.globals.get(self.position)
        if info is None or not info.private or info.initial is None:
            return
        stores = [
            (fn, i.op) for fn in model.functions for i in fn.ops
            if i.op.name == "util.global.store" and ir.FlatSymbolRefAttr(i.op.attributes["global"]).value == self.position
        ]
        exprs = [(fn, solver.get_element(IndexExpr, op.operands[0]).expr) for fn, op in stores]
        constants = {int(c) % 2**64 for _, e in exprs for c in e.atoms(sympy.Integer)}
        candidates = {info.initial} | constants | {c - 1 for c in constants if c > 0}
        for bound in sorted(c for c in candidates if c >= info.initial):
            if all(self._preserved(solver, model, fn, e, bound) for fn, e in exprs):
                self.upper = bound
                return

    def _preserved(self, solver: Solver, model: ModuleModel, fn: FunctionModel, stored: sympy.Expr, bound: int) -> bool:
        loads = [
            solver.get_element(IndexExpr, i.op.results[0]).expr for i in fn.ops
            if i.op.name == "util.global.load" and ir.FlatSymbolRefAttr(i.op.attributes["global"]).value == self.position
        ]
        hypothesis = [Fact(f"induction: load #{k} <= {bound}", e, "ule", sympy.Integer(bound)) for k, e in enumerate(loads)]
        proof = prove_relation(stored, "ule", sympy.Integer(bound), hypothesis, model.proof_timeout_ms)
        return proof.verdict == "proved"


def _unique(name: str, taken: set[str]) -> str:
    """Fact names must be unique (they name the facts a proof used): number repeats."""
    candidate, n = name, 1
    while candidate in taken:
        n += 1
        candidate = f"{name} #{n}"
    taken.add(candidate)
    return candidate


def _dup(acc: Access, info: OpInfo) -> bool:
    """A tied operand is both read and written over one range: one pair of facts is enough."""
    return any(a is not acc and a.value == acc.value and a.kind is Kind.WRITE for a in info.effects.accesses)


def bound_expr(solver: Solver, b: Bound) -> sympy.Expr:
    if isinstance(b, int):
        return sympy.Integer(b)
    if isinstance(b, Plus):
        return solver.get_element(IndexExpr, b.base).expr + b.delta
    return solver.get_element(IndexExpr, b).expr
