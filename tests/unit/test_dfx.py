"""Specification of the generic ``dfx`` fixed-point framework, on toy analyses.

Two toy problems:

* *purity* over a call graph: a function is pure unless it, or anything it
  (transitively) calls, is intrinsically impure.  One ``IsPure`` element per
  function, holding a ``BooleanState``.  Cycles model recursion.
* *climbing*: integer bounds (a ``LatticeState`` ordered by ``max``) where each
  node is one more than its inputs, clamped at a per-node limit.  A two-node
  cycle climbs a couple of steps per pass, which makes convergence deliberately
  slow.
"""

from __future__ import annotations

import os
import subprocess
import sys
from dataclasses import dataclass, field
from pathlib import Path

import pytest
from hypothesis import given
from hypothesis import strategies as st

from dfx import (
    AbstractElement,
    BooleanState,
    ChangeStatus,
    DFXMisuseError,
    LatticeState,
    Solver,
    SolverResult,
)

CHANGED, UNCHANGED = ChangeStatus.CHANGED, ChangeStatus.UNCHANGED


# -- toy problem 1: purity over a call graph -----------------------------------


@dataclass
class Program:
    """A call graph: callees per function, and the intrinsically impure functions."""

    callees: dict[str, tuple[str, ...]]
    impure: frozenset[str] = frozenset()
    update_log: list[str] = field(default_factory=list)


class IsPure(AbstractElement[BooleanState]):
    """Assumes a function pure until one of its callees is not."""

    TRACK = True

    def create_state(self) -> BooleanState:
        return BooleanState()

    def initialize(self, solver: Solver) -> None:
        self.updates = 0
        if self.position in solver.context.impure:
            self.indicate_pessimistic_fixpoint()

    def update(self, solver: Solver) -> ChangeStatus:
        self.updates += 1
        solver.context.update_log.append(str(self.position))
        for callee in solver.context.callees.get(self.position, ()):
            element = solver.get_element(type(self), callee, track_dependence=self.TRACK)
            if not element.state.assumed:
                return self.state.set_assumed(False)
        return UNCHANGED

    def describe(self) -> str:
        return f"pure({self.position})={self.state.assumed} known={self.state.known}"


class IsPureUntracked(IsPure):
    """Same analysis, but queries its callees without recording dependences."""

    TRACK = False


def solve_purity(program: Program, *roots: str, **run_args: int) -> tuple[Solver, SolverResult]:
    solver = Solver(program)
    for root in roots:
        solver.get_element(IsPure, root)
    return solver, solver.run(**run_args)


def pure(solver: Solver, fn: str) -> bool:
    element = solver.lookup(IsPure, fn)
    assert element is not None, f"no element for {fn}"
    return element.state.assumed


# -- toy problem 2: a slowly climbing lattice ------------------------------------

TOP = 1000


def bound_state() -> LatticeState[int]:
    return LatticeState(bottom=0, top=TOP, join=max)


class Climb(AbstractElement[LatticeState[int]]):
    """``value >= min(input + 1, limit)`` for every input; context maps node -> (inputs, limit)."""

    def create_state(self) -> LatticeState[int]:
        return bound_state()

    def update(self, solver: Solver) -> ChangeStatus:
        inputs, limit = solver.context[self.position]
        status = UNCHANGED
        for name in inputs:
            value = solver.get_element(Climb, name).state.assumed
            status |= self.state.join_assumed(min(value + 1, limit))
        return status


# A and B chase each other up to 50, a couple of steps per pass; C reads A and D reads C.
# U reads nothing.
CLIMBING = {
    "A": (("B",), 50),
    "B": (("A",), 50),
    "C": (("A",), TOP),
    "D": (("C",), TOP),
    "U": ((), TOP),
}


def solve_climbing(max_iterations: int | None) -> tuple[Solver, SolverResult]:
    solver = Solver(CLIMBING)
    for root in ("D", "U"):
        solver.get_element(Climb, root)
    return solver, solver.run(max_iterations)


def value(solver: Solver, name: str) -> int:
    element = solver.lookup(Climb, name)
    assert element is not None
    return element.state.assumed


# -- states ---------------------------------------------------------------------


def test_change_status_or_is_changed_if_either_side_changed() -> None:
    assert UNCHANGED | UNCHANGED is UNCHANGED
    assert UNCHANGED | CHANGED is CHANGED
    assert CHANGED | UNCHANGED is CHANGED
    assert CHANGED | CHANGED is CHANGED


def test_boolean_state_starts_optimistic_and_not_at_fixpoint() -> None:
    state = BooleanState()
    assert (state.known, state.assumed) == (False, True)
    assert state.is_valid_state() and not state.is_at_fixpoint()


def test_boolean_state_assumed_only_goes_down() -> None:
    state = BooleanState()
    assert state.set_assumed(True) is UNCHANGED
    assert state.set_assumed(False) is CHANGED
    assert state.set_assumed(True) is UNCHANGED
    assert state.assumed is False
    assert state.is_at_fixpoint() and not state.is_valid_state()


def test_boolean_state_known_fact_cannot_be_unassumed() -> None:
    state = BooleanState()
    state.set_known()
    assert state.set_assumed(False) is UNCHANGED
    assert state.assumed is True and state.is_at_fixpoint()


def test_boolean_state_fixpoints_copy_one_value_onto_the_other() -> None:
    optimistic, pessimistic = BooleanState(), BooleanState()
    assert optimistic.indicate_optimistic_fixpoint() is UNCHANGED
    assert (optimistic.known, optimistic.assumed) == (True, True)
    assert pessimistic.indicate_pessimistic_fixpoint() is CHANGED
    assert (pessimistic.known, pessimistic.assumed) == (False, False)
    # A fixed state is final.
    assert optimistic.indicate_pessimistic_fixpoint() is UNCHANGED
    assert optimistic.assumed is True


UNIVERSE = frozenset("abcd")
subsets = st.frozensets(st.sampled_from(sorted(UNIVERSE)))


def set_state() -> LatticeState[frozenset[str]]:
    return LatticeState(bottom=frozenset(), top=UNIVERSE, join=frozenset.union)


@given(st.lists(subsets, max_size=8))
def test_lattice_state_join_is_monotone_and_accumulates(values: list[frozenset[str]]) -> None:
    state = set_state()
    seen: frozenset[str] = frozenset()
    for v in values:
        before = state.assumed
        status = state.join_assumed(v)
        seen |= v
        assert state.leq(before, state.assumed)
        assert state.assumed == seen
        assert (status is CHANGED) == (state.assumed != before)
        assert state.is_at_fixpoint() == (seen == UNIVERSE)


def test_lattice_state_pessimistic_fixpoint_is_top() -> None:
    state = set_state()
    state.join_assumed(frozenset("a"))
    assert state.indicate_pessimistic_fixpoint() is CHANGED
    assert state.assumed == UNIVERSE and state.is_at_fixpoint() and not state.is_valid_state()


def test_lattice_state_optimistic_fixpoint_freezes_assumed() -> None:
    state = set_state()
    state.join_assumed(frozenset("a"))
    state.indicate_optimistic_fixpoint()
    assert state.known == frozenset("a") and state.is_at_fixpoint()
    assert state.join_assumed(frozenset("b")) is UNCHANGED
    assert state.indicate_pessimistic_fixpoint() is UNCHANGED
    assert state.assumed == frozenset("a")


# -- solver: creation and dependences ---------------------------------------------


def test_elements_are_created_lazily_only_when_queried() -> None:
    program = Program({"main": ("a",), "a": ("b",), "b": (), "dead": ("a",)})
    solver, _ = solve_purity(program, "main")
    assert [e.position for e in solver.elements()] == ["main", "a", "b"]
    assert solver.lookup(IsPure, "dead") is None


def test_get_element_returns_the_same_element_for_the_same_key() -> None:
    solver = Solver(Program({"f": ()}))
    assert solver.get_element(IsPure, "f") is solver.get_element(IsPure, "f")
    assert solver.get_element(IsPureUntracked, "f") is not solver.get_element(IsPure, "f")


def test_query_records_dependence_and_change_reruns_the_dependent() -> None:
    program = Program({"main": ("a",), "a": ("io",)}, impure=frozenset({"io"}))
    solver, result = solve_purity(program, "main")
    main, a = solver.lookup(IsPure, "main"), solver.lookup(IsPure, "a")
    assert solver.dependents(a) == (main,)
    # main first saw `a` assumed pure, then was re-run when `a` turned impure.
    assert main.updates == 2 and not main.state.assumed
    # Pass 1 updates main; pass 2 updates a (changes); pass 3 re-runs main.
    assert result.iterations == 3 and solver.iterations == 3
    assert program.update_log == ["main", "a", "main"]


def test_querying_a_settled_element_records_no_dependence() -> None:
    program = Program({"main": ("io",)}, impure=frozenset({"io"}))
    solver, _ = solve_purity(program, "main")
    assert solver.dependents(solver.lookup(IsPure, "io")) == ()


def test_untracked_query_records_no_dependence_and_never_reruns() -> None:
    program = Program({"main": ("a",), "a": ()})
    solver = Solver(program)
    main = solver.get_element(IsPureUntracked, "main")
    solver.run()
    assert solver.dependents(solver.lookup(IsPureUntracked, "a")) == ()
    assert main.updates == 1


def test_update_must_return_a_change_status() -> None:
    class Broken(IsPure):
        def update(self, solver: Solver) -> ChangeStatus:
            return None  # type: ignore[return-value]

    solver = Solver(Program({"f": ()}))
    solver.get_element(Broken, "f")
    with pytest.raises(TypeError, match="ChangeStatus"):
        solver.run()


# -- solver: fixpoints ------------------------------------------------------------


def test_pure_recursive_cycle_reaches_optimistic_fixpoint() -> None:
    program = Program({"f": ("g", "h"), "g": ("f",), "h": ()})
    solver, result = solve_purity(program, "f")
    assert result.converged and result.pessimised == ()
    for fn in ("f", "g", "h"):
        state = solver.lookup(IsPure, fn).state
        assert (state.known, state.assumed) == (True, True)


def test_impurity_propagates_through_a_cycle_to_every_caller() -> None:
    program = Program(
        {"main": ("f",), "f": ("g",), "g": ("f", "io"), "other": ()},
        impure=frozenset({"io"}),
    )
    solver, result = solve_purity(program, "main", "other")
    assert result.converged
    assert {fn: pure(solver, fn) for fn in ("main", "f", "g", "io", "other")} == {
        "main": False,
        "f": False,
        "g": False,
        "io": False,
        "other": True,
    }
    assert all(e.is_at_fixpoint() for e in solver.elements())


def test_slow_problem_converges_to_its_least_fixpoint_given_enough_passes() -> None:
    solver, result = solve_climbing(max_iterations=None)
    assert result.converged and result.pessimised == ()
    assert {n: value(solver, n) for n in CLIMBING} == {"A": 50, "B": 50, "C": 51, "D": 52, "U": 0}


def test_iteration_cap_forces_pessimistic_answer_on_element_and_all_dependents() -> None:
    solver, result = solve_climbing(max_iterations=5)
    assert not result.converged and result.iterations == 5
    # The climbing cycle and everything reading it fall back to top (unknown),
    # which is sound: it over-approximates the true bounds 50/50/51/52.
    for name in ("A", "B", "C", "D"):
        element = solver.lookup(Climb, name)
        assert element.state.assumed == TOP and element.is_at_fixpoint()
    assert len(result.pessimised) == 4
    # U settled on its own in pass 1 and keeps its precise answer.
    assert value(solver, "U") == 0
    assert all(e.is_at_fixpoint() for e in solver.elements())


def test_iteration_cap_zero_pessimises_everything_scheduled() -> None:
    solver = Solver(Program({"f": ()}))
    solver.get_element(IsPure, "f")
    result = solver.run(max_iterations=0)
    assert not result.converged and result.iterations == 0
    assert [e.describe() for e in result.pessimised] == ["pure(f)=False known=False"]


# -- determinism -------------------------------------------------------------------


def _purity_trace() -> str:
    """Creation order, update order and results of a purity run on a larger graph."""
    # fn_0..fn_19 only call each other (pure, with cycles); fn_20..fn_39 also
    # call into that half but some reach the impure fn_31.
    names = [f"fn_{i}" for i in range(40)]
    callees = {n: (names[(i * 7 + 3) % 20], names[(i * 11 + 5) % 20]) for n, i in zip(names, range(20))}
    callees |= {names[i]: (names[20 + (i * 7 + 3) % 20], names[i % 20]) for i in range(20, 40)}
    program = Program(callees, impure=frozenset({"fn_31"}))
    solver, result = solve_purity(program, "fn_20", "fn_0")
    return repr(([e.describe() for e in solver.elements()], program.update_log, result))


def test_two_runs_give_identical_order_and_results() -> None:
    assert _purity_trace() == _purity_trace()


def test_order_does_not_depend_on_hash_randomisation() -> None:
    script = "import runpy, sys; print(runpy.run_path(sys.argv[1])['_purity_trace']())"
    root = Path(__file__).resolve().parents[2]
    outputs = {
        subprocess.run(
            [sys.executable, "-c", script, __file__],
            cwd=root,
            env={**os.environ, "PYTHONHASHSEED": seed, "PYTHONPATH": str(root)},
            capture_output=True,
            text=True,
            check=True,
        ).stdout
        for seed in ("1", "2", "3")
    }
    assert len(outputs) == 1 and outputs == {_purity_trace() + "\n"}


# -- guards: the phases refuse misuse ---------------------------------------------------


class SettlesOnAssumption(IsPure):
    """Misuse: reads a callee's *assumed* purity and fixes itself optimistically at once,
    so a later refutation of the callee could never reach it (the bug class this guards)."""

    def update(self, solver: Solver) -> ChangeStatus:
        callee = solver.get_element(IsPure, "io")
        if callee.state.assumed:
            return self.indicate_optimistic_fixpoint()
        return self.indicate_pessimistic_fixpoint()


def test_optimistic_fixpoint_on_an_unsettled_input_raises() -> None:
    # "io" is impure but only learns it in its own first update, after the misuser read it.
    program = Program({"main": ("io",), "io": ("sink",)}, impure=frozenset({"sink"}))
    solver = Solver(program)
    solver.get_element(SettlesOnAssumption, "main")
    with pytest.raises(DFXMisuseError, match="optimistic fixpoint while an element it read"):
        solver.run()


def test_pessimistic_fixpoint_on_an_unsettled_input_is_allowed() -> None:
    class GivesUp(IsPure):
        def update(self, solver: Solver) -> ChangeStatus:
            solver.get_element(IsPure, "a")
            return self.indicate_pessimistic_fixpoint()

    solver = Solver(Program({"main": ("a",), "a": ()}))
    solver.get_element(GivesUp, "main")
    assert solver.run().converged
    assert not solver.lookup(GivesUp, "main").state.assumed


def test_element_first_asked_for_after_run_is_pessimistic() -> None:
    program = Program({"main": (), "late": ()})
    solver, _ = solve_purity(program, "main")
    late = solver.get_element(IsPure, "late")
    assert late.is_at_fixpoint() and not late.state.assumed
    # Elements that took part in the run keep their settled answer.
    assert solver.get_element(IsPure, "main").state.assumed
