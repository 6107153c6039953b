"""The region flow table: each entry on a one-op snippet, and the table as the only place that
names region ops in ``stream_model``."""

from __future__ import annotations

import ast
import re
from pathlib import Path

import pytest
from iree.compiler import ir

from stream_model.ir.naming import Names
from stream_model.semantics import region_flow
from stream_model.semantics.region_flow import (
    BRANCH_OPS,
    REGION_FLOW,
    REGION_TERMINATORS,
    Runs,
    branch_operands,
    counted_loop,
    exit_flow,
    flow_of,
    folded_result,
    invariant_argument,
    invariant_result,
    is_back_edge,
    never_run,
    runs_again,
)

STREAM_MODEL = Path(region_flow.__file__).resolve().parent.parent
R = "!stream.resource<*>"


def _function(body: str, args: str = f"%r: {R}, %n: index, %c: i1") -> tuple[ir.Operation, Names]:
    """Parse ``body`` in a function; return the region op (the first op with regions) and the
    names the values have in the text."""
    text = f"util.func public @f({args}) {{\n{body}\n  util.return\n}}"
    module = ir.Module.parse(text, ir.Context())
    _KEEP.append(module)
    fn = module.body.operations[0].operation
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.regions and op != fn and not found:
            found.append(op)
        return ir.WalkResult.ADVANCE

    fn.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found[0], Names(module, text)


_KEEP: list[ir.Module] = []


def _names(names: Names, pairs: list[tuple[ir.Value, ir.Value]]) -> list[tuple[str, str]]:
    return [(names.name(a), names.name(b)) for a, b in pairs]


def _listed(names: Names, flowed: list[ir.Value] | None) -> list[str] | None:
    return None if flowed is None else [names.name(v) for v in flowed]


def _terminator_of(op: ir.Operation, region: int) -> ir.Operation:
    return list(op.regions[region].blocks[0].operations)[-1].operation


def test_scf_for_ties_init_iteration_argument_yield_and_result() -> None:
    op, v = _function(
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %out = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> ({R}) {{
    %next = util.optimization_barrier %acc : {R}
    scf.yield %next : {R}
  }}"""
    )
    flow = flow_of(op)
    assert flow is not None and flow.runs is Runs.REPEATS and flow.counted and flow.alias_followed
    assert _names(v, flow.storage_edges(op)) == [("%out", "%r"), ("%out", "%acc"), ("%out", "%next")]
    assert _listed(v, flow.entry(op, 3)) == ["%acc", "%out"]
    assert flow.entry(op, 0) is None  # the lower bound enters nothing
    yield_op = _terminator_of(op, 0)
    assert _listed(v, exit_flow(yield_op, 0)) == ["%out", "%acc"]
    assert is_back_edge(yield_op)
    loop = counted_loop(op)
    assert loop is not None and [v.name(x) for x in (loop.iv, *loop.inits, *loop.yielded)] == ["%i", "%r", "%next"]


@pytest.mark.parametrize(
    ("bounds", "again"),
    [
        ("%c0 to %n step %c1", True),  # (bounds not known)
        ("%c0 to %c2 step %c1", True),
        ("%c0 to %c1 step %c1", False),
        ("%c2 to %c0 step %c1", False),  # (no iteration)
        ("%c0 to %c2 step %c2", False),
        ("unsigned %cm1 to %c0 step %c1", False),  # (2^64 - 1 is above 0 compared unsigned)
        ("%cm1 to %c1 step %c1", True),  # (-1 to 1 signed: two iterations)
    ],
)
def test_a_loop_runs_its_body_again_unless_its_constant_bounds_give_one_iteration(bounds: str, again: bool) -> None:
    """What the schedule check asks of a region op around an in-place write of a value made
    before it: may a second run of the body meet the same value?"""
    op, _ = _function(
        f"""
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %cm1 = arith.constant -1 : index
  scf.for {bounds.split(" ", 1)[0] if bounds.startswith("unsigned") else ""} %i = {bounds.removeprefix("unsigned ")} {{
  }}"""
    )
    assert runs_again(op) is again


def test_branches_run_at_most_once_and_unknown_region_ops_may_repeat() -> None:
    branch, _ = _function("  scf.if %c {\n  }")
    assert runs_again(branch) is False
    context = ir.Context()
    context.allow_unregistered_dialects = True
    module = ir.Module.parse('"test.loop"() ({\n  "test.end"() : () -> ()\n}) : () -> ()', context)
    _KEEP.append(module)
    assert runs_again(module.body.operations[0].operation) is None  # (closed world: it may)


@pytest.mark.parametrize(
    ("condition", "dead"), [("%true = arith.constant true", {1}), ("%true = arith.constant false", {0}), ("", set())]
)
def test_an_if_on_a_constant_never_runs_the_arm_it_does_not_choose(condition: str, dead: set[int]) -> None:
    selector = "%true" if condition else "%c"
    op, _ = _function(f"  {condition}\n  scf.if {selector} {{\n  }} else {{\n  }}")
    assert never_run(op) == dead


@pytest.mark.parametrize(("index", "dead"), [("2", {0, 1}), ("7", {1, 2}), (None, set())])
def test_a_switch_on_a_constant_runs_its_case_or_its_default_alone(index: str | None, dead: set[int]) -> None:
    constant = f"  %i = arith.constant {index} : index\n" if index is not None else ""
    selector = "%i" if index is not None else "%n"
    op, _ = _function(
        f"""{constant}  scf.index_switch {selector}
  case 1 {{
    scf.yield
  }}
  case 2 {{
    scf.yield
  }}
  default {{
  }}"""
    )
    assert never_run(op) == dead


@pytest.mark.parametrize(("condition", "value"), [("true", "%a"), ("false", "%b"), (None, None)])
def test_a_result_of_an_if_on_a_constant_is_what_its_chosen_arm_yields(
    condition: str | None, value: str | None
) -> None:
    constant = f"  %on = arith.constant {condition}\n" if condition else ""
    op, v = _function(
        f"""{constant}  %a = arith.constant 1 : index
  %b = arith.constant 2 : index
  %res = scf.if {"%on" if condition else "%c"} -> index {{
    scf.yield %a : index
  }} else {{
    scf.yield %b : index
  }}"""
    )
    folded = folded_result(op.results[0])
    assert (None if folded is None else v.name(folded)) == value


@pytest.mark.parametrize(
    ("bounds", "dead"),
    [
        ("%c0 to %c0 step %c1", {0}),
        ("%c0 to %c1 step %c1", set()),
        ("%c0 to %c0 step %n", {0}),  # (one value for both bounds: none, whatever the step)
        ("%n to %n step %c1", {0}),
        ("%c0 to %n step %c1", set()),
    ],
)
def test_a_counted_loop_of_no_iteration_never_runs_its_body(bounds: str, dead: set[int]) -> None:
    loop, _ = _function(
        f"  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n  scf.for %i = {bounds} {{\n  }}"
    )
    assert never_run(loop) == dead


@pytest.mark.parametrize(("condition", "dead"), [("false", {1}), ("true", set()), (None, set())])
def test_a_while_loop_on_a_false_condition_never_runs_its_body(condition: str | None, dead: set[int]) -> None:
    constant = f"  %on = arith.constant {condition}\n" if condition else ""
    loop, _ = _function(
        f"""{constant}  scf.while : () -> () {{
    scf.condition({"%on" if condition else "%c"})
  }} do {{
    scf.yield
  }}"""
    )
    assert never_run(loop) == dead


@pytest.mark.parametrize(
    ("start", "bound", "enters"),
    [("%c0", "%c2", True), ("%c2", "%c2", False), ("%c0", "%n", False), ("%n", "%c2", False)],
)
def test_a_while_loop_enters_its_body_on_its_first_turn_where_its_condition_holds_on_its_inits(
    start: str, bound: str, enters: bool
) -> None:
    """Tensor campaign seeds 15101 and 15102: ``i < 2`` from ``i = 0`` runs the body at least
    once; from a value not known, or to a bound not known, it may not."""
    loop, _ = _function(
        f"""  %c0 = arith.constant 0 : index
  %c2 = arith.constant 2 : index
  %w = scf.while (%i = {start}) : (index) -> index {{
    %go = arith.cmpi slt, %i, {bound} : index
    scf.condition(%go) %i : index
  }} do {{
  ^bb0(%j: index):
    scf.yield %j : index
  }}"""
    )
    flow = region_flow.flow_of(loop)
    assert flow is not None and flow.enters_body is not None
    assert flow.enters_body(loop) is enters


def test_an_unknown_region_op_has_no_region_that_never_runs() -> None:
    context = ir.Context()
    context.allow_unregistered_dialects = True
    module = ir.Module.parse('"test.if"() ({\n  "test.end"() : () -> ()\n}) : () -> ()', context)
    _KEEP.append(module)
    assert never_run(module.body.operations[0].operation) == frozenset()


@pytest.mark.parametrize(("yielded", "value"), [("%acc", "%r"), ("%other", None)])
def test_a_for_argument_every_turn_yields_back_unchanged_is_its_init(yielded: str, value: str | None) -> None:
    loop, v = _function(
        f"""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> ({R}) {{
    %other = util.optimization_barrier %acc : {R}
    scf.yield {yielded} : {R}
  }}"""
    )
    body = loop.regions[0].blocks[0]
    entered = invariant_argument(body.arguments[1])
    assert (None if entered is None else v.name(entered)) == value
    assert invariant_argument(body.arguments[0]) is None  # (the induction variable)


@pytest.mark.parametrize(("yielded", "value"), [("%d", "%r"), ("%e", None)])
def test_a_while_argument_and_result_the_condition_hands_on_and_the_body_yields_back_are_its_init(
    yielded: str, value: str | None
) -> None:
    op, v = _function(
        f"""
  %res = scf.while (%a = %r) : ({R}) -> {R} {{
    scf.condition(%c) %a : {R}
  }} do {{
  ^bb0(%d: {R}):
    %e = util.optimization_barrier %d : {R}
    scf.yield {yielded} : {R}
  }}"""
    )
    arguments = [block.arguments[0] for block in (op.regions[0].blocks[0], op.regions[1].blocks[0])]
    for folded in [*(invariant_argument(a) for a in arguments), invariant_result(op.results[0])]:
        assert (None if folded is None else v.name(folded)) == value


@pytest.mark.parametrize(
    ("upper", "yielded", "value"),
    [("%n", "%acc", "%r"), ("%n", "%other", None), ("%c0", "%other", "%r"), ("%c1", "%other", None)],
)
def test_a_for_result_is_its_init_where_the_loop_never_turns_or_hands_it_on(
    upper: str, yielded: str, value: str | None
) -> None:
    """MLIR folds an ``scf.for``'s result into its init where every turn yields the carried
    value back (``ForOpIterArgsFolder``) or where constant bounds give no turn
    (``SimplifyTrivialLoops``); a loop of one turn that changes the value keeps its result."""
    loop, v = _function(
        f"""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %res = scf.for %i = %c0 to {upper} step %c1 iter_args(%acc = %r) -> ({R}) {{
    %other = util.optimization_barrier %acc : {R}
    scf.yield {yielded} : {R}
  }}"""
    )
    folded = invariant_result(loop.results[0])
    assert (None if folded is None else v.name(folded)) == value


@pytest.mark.parametrize(
    ("loop", "value"),
    [
        # (the body yields the init itself: ForOpIterArgsFolder forwards it, at any trip count)
        (f"scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> ({R}) {{\n    scf.yield %r : {R}\n  }}", "%r"),
        # (a value of outside, yielded by a loop of one turn: MLIR inlines the loop)
        (f"scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %z) -> ({R}) {{\n    scf.yield %r : {R}\n  }}", "%r"),
        # (... but a loop that may not turn may return its init)
        (f"scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> ({R}) {{\n    scf.yield %r : {R}\n  }}", None),
        # (a while condition handing on a value of outside the loop)
        (
            f"scf.while (%a = %z) : ({R}) -> {R} {{\n    scf.condition(%c) %r : {R}\n  }} do {{\n"
            f"  ^bb0(%d: {R}):\n    scf.yield %d : {R}\n  }}",
            "%r",
        ),
        # (a while loop of a constant false condition: the before region runs once, on the inits)
        (
            f"scf.while (%a = %r) : ({R}) -> {R} {{\n    scf.condition(%false) %a : {R}\n  }} do {{\n"
            f"  ^bb0(%d: {R}):\n    %e = util.optimization_barrier %d : {R}\n    scf.yield %e : {R}\n  }}",
            "%r",
        ),
    ],
)
def test_a_loop_result_is_the_value_mlir_folds_it_into(loop: str, value: str | None) -> None:
    op, v = _function(
        f"""  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %false = arith.constant false
  %z = util.optimization_barrier %r : {R}
  %res = {loop}"""
    )
    folded = invariant_result(op.results[0])
    assert (None if folded is None else v.name(folded)) == value


def test_scf_while_hands_the_condition_arguments_on_and_the_body_back() -> None:
    op, v = _function(
        f"""
  %res = scf.while (%a = %r) : ({R}) -> {R} {{
    %b = util.optimization_barrier %a : {R}
    scf.condition(%c) %b : {R}
  }} do {{
  ^bb0(%d: {R}):
    %e = util.optimization_barrier %d : {R}
    scf.yield %e : {R}
  }}"""
    )
    flow = flow_of(op)
    assert flow is not None and flow.runs is Runs.REPEATS and not flow.alias_followed
    assert _names(v, flow.storage_edges(op)) == [("%a", "%r"), ("%a", "%e"), ("%res", "%b"), ("%res", "%d")]
    assert _listed(v, flow.entry(op, 0)) == ["%a"]
    condition, again = _terminator_of(op, 0), _terminator_of(op, 1)
    assert exit_flow(condition, 0) is None  # the condition itself
    assert _listed(v, exit_flow(condition, 1)) == ["%res", "%d"]
    assert _listed(v, exit_flow(again, 0)) == ["%a"]
    assert is_back_edge(again) and not is_back_edge(condition)


@pytest.mark.parametrize(
    "text,name,edges",
    [
        (
            f"""
  %x = scf.if %c -> {R} {{
    scf.yield %r : {R}
  }} else {{
    %y = util.optimization_barrier %r : {R}
    scf.yield %y : {R}
  }}""",
            "scf.if",
            [("%x", "%r"), ("%x", "%y")],
        ),
        (
            f"""
  %x = scf.index_switch %n -> {R}
  case 0 {{
    scf.yield %r : {R}
  }}
  default {{
    %y = util.optimization_barrier %r : {R}
    scf.yield %y : {R}
  }}""",
            "scf.index_switch",
            [("%x", "%y"), ("%x", "%r")],  # (its default region is its first)
        ),
    ],
)
def test_branch_arms_yield_into_the_result(text: str, name: str, edges: list[tuple[str, str]]) -> None:
    op, v = _function(text)
    flow = flow_of(op)
    assert op.name == name and flow is not None and flow.runs is Runs.AT_MOST_ONCE and flow.alternatives
    assert _names(v, flow.storage_edges(op)) == edges
    assert flow.entry(op, 0) is None
    assert _listed(v, exit_flow(_terminator_of(op, 1), 0)) == ["%x"]


def test_execute_region_runs_once_and_yields_into_its_result() -> None:
    op, v = _function(
        f"""
  %x = scf.execute_region -> {R} {{
    %y = util.optimization_barrier %r : {R}
    scf.yield %y : {R}
  }}"""
    )
    flow = flow_of(op)
    assert flow is not None and flow.runs is Runs.ONCE and flow.multi_block and not flow.alternatives
    assert _names(v, flow.storage_edges(op)) == [("%x", "%y")]


SCHEDULED = """
  %c0 = arith.constant 0 : index
  %c64 = arith.constant 64 : index
  %g = util.optimization_barrier %r : !stream.resource<*>
  %e:2, %tp = stream.async.execute with(%g as %cg: !stream.resource<*>{%c64}) -> (%g{%c64}, !stream.resource<*>{%c64}) {
    %k:2 = stream.async.concurrent with(%cg as %in: !stream.resource<*>{%c64}) -> (%cg{%c64}, !stream.resource<*>{%c64}) {
      %t = stream.async.fill %v, %in[%c0 to %c64 for %c64] : i32 -> %in as !stream.resource<*>{%c64}
      %s = stream.async.slice %in[%c0 to %c64] : !stream.resource<*>{%c64} -> !stream.resource<*>{%c64}
      stream.yield %t, %s : !stream.resource<*>{%c64}, !stream.resource<*>{%c64}
    }
    stream.yield %k#0, %k#1 : !stream.resource<*>{%c64}, !stream.resource<*>{%c64}
  } => !stream.timepoint
  %w:2 = stream.timepoint.await %tp => %e#0, %e#1 : !stream.resource<*>{%c64}, !stream.resource<*>{%c64}"""


def _device_regions() -> tuple[ir.Operation, ir.Operation, Names]:
    execute, names = _function(SCHEDULED, args=f"%r: {R}, %v: i32")
    concurrent = list(execute.regions[0].blocks[0].operations)[0].operation
    return execute, concurrent, names


def test_execution_region_captures_yields_and_ties_and_is_ready_at_its_timepoint() -> None:
    op, concurrent, v = _device_regions()
    flow = flow_of(op)
    assert op.name == "stream.async.execute" and flow is not None
    assert flow.device_body and flow.serial_body and flow.submitted and not flow.alias_followed
    (g,), (cg,) = list(op.operands)[:1], list(op.regions[0].blocks[0].arguments)
    e0, e1, tp = op.results
    k0, k1 = concurrent.results
    assert flow.storage_edges(op) == [(cg, g), (e0, k0), (e1, k1), (e0, g)]
    assert flow.ends_at(op) == tp and flow.waits_for(op) is None
    assert flow.entry(op, 0) == [cg]
    assert flow.entry(op, 1) is None  # a size


def test_concurrent_region_results_are_ready_when_it_ends() -> None:
    execute, op, v = _device_regions()
    flow = flow_of(op)
    assert op.name == "stream.async.concurrent" and flow is not None
    assert flow.device_body and not flow.serial_body and not flow.submitted and flow.alias_followed
    cg = execute.regions[0].blocks[0].arguments[0]
    (inner,) = list(op.regions[0].blocks[0].arguments)
    k0, k1 = op.results
    assert [v.name(x) for x in _flat(flow.storage_edges(op))] == [
        "%in",
        "%cg",
        "%k#0",
        "%t",
        "%k#1",
        "%s",
        "%k#0",
        "%cg",
    ]
    assert flow.storage_edges(op)[0] == (inner, cg)
    assert exit_flow(_terminator_of(op, 0), 1) == [k1]


def _flat(pairs: list[tuple[ir.Value, ir.Value]]) -> list[ir.Value]:
    return [x for pair in pairs for x in pair]


def test_branches_pass_their_operands_to_their_successors() -> None:
    module = ir.Module.parse(
        f"""util.func public @f(%r: {R}, %c: i1) {{
  cf.cond_br %c, ^a(%r : {R}), ^b
^a(%x: {R}):
  cf.br ^b
^b:
  util.return
}}""",
        ir.Context(),
    )
    blocks = list(module.body.operations[0].regions[0].blocks)
    cond_br = list(blocks[0].operations)[-1].operation
    br = list(blocks[1].operations)[-1].operation
    assert branch_operands(cond_br) == [[blocks[0].arguments[0]], []]
    assert branch_operands(br) == [[]]


# -- the table is the one place ----------------------------------------------------------------

#: Every op name the table declares: region ops, their terminators, the branches.
DECLARED = frozenset(REGION_FLOW) | REGION_TERMINATORS | BRANCH_OPS
#: An op of a dialect all of whose ops are control flow, or a declared op, named as a token.
NAMED = re.compile(
    r"(?<![\w.])(?:(?:scf|cf)\.[a-z_]+|" + "|".join(re.escape(n) for n in sorted(DECLARED)) + r")(?![\w.])"
)


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (f-strings' literal parts
    included)."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = getattr(node, "body", [])
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def test_region_op_names_appear_only_in_the_flow_table() -> None:
    """Adding a region op is one entry in :data:`REGION_FLOW`: no other module of
    ``stream_model`` names one (docstrings and comments aside)."""
    found = []
    for path in sorted(STREAM_MODEL.rglob("*.py")):
        if path.name == "region_flow.py":
            continue
        for line, text in _strings(ast.parse(path.read_text())):
            if NAMED.search(text):
                found.append(f"{path.relative_to(STREAM_MODEL)}:{line}: {text!r}")
    assert found == []


def test_the_scan_sees_a_region_op_name_in_code_not_in_docstrings() -> None:
    tree = ast.parse('"""scf.for in a docstring"""\nX = "scf.for"\nY = f"{X} in stream.async.execute"\nZ = "scf."\n')
    assert [text for _, text in _strings(tree) if NAMED.search(text)] == ["scf.for", " in stream.async.execute"]
    assert not NAMED.search("stream.async.executed") and NAMED.search("cf.switch")


@pytest.mark.parametrize(
    ("compare", "taken"),
    [
        ("arith.cmpi eq, %c0, %c1 : index", 0),
        ("arith.cmpi slt, %c0, %c1 : index", 1),
        ("arith.cmpi ult, %m1, %c1 : index", 0),  # (-1 is the largest unsigned index)
        ("arith.cmpi sgt, %m1, %c1 : index", 0),
        ("arith.cmpi ne, %n, %c1 : index", None),  # (an argument: no constant)
    ],
)
def test_a_compare_of_two_constants_is_the_constant_mlir_folds_it_to(compare: str, taken: int | None) -> None:
    op, _ = _function(
        "  %c0 = arith.constant 0 : index\n  %c1 = arith.constant 1 : index\n"
        f"  %m1 = arith.constant -1 : index\n  %b = {compare}\n  scf.if %b {{\n  }}"
    )
    assert region_flow.constant_condition(op.operands[0]) == taken


@pytest.mark.parametrize(
    ("expression", "kind", "value"),
    [
        ("arith.addi %c0, %c1 : index", "index", 1),
        ("arith.subi %i8min, %i8one : i8", "i8", 127),  # (arith's integers wrap)
        ("arith.muli %c2, %c3 : index", "index", 6),
        ("arith.andi %t, %f : i1", "i1", 0),
        ("arith.ori %t, %f : i1", "i1", -1),  # (an i1 true reads as -1, as the bindings read it)
        ("arith.xori %t, %t : i1", "i1", 0),
        ("arith.index_cast %i32m1 : i32 to index", "index", -1),
        ("arith.index_castui %i32m1 : i32 to index", "index", 2**32 - 1),
        ("arith.extsi %i8m56 : i8 to i32", "i32", -56),
        ("arith.extui %i8m56 : i8 to i32", "i32", 200),
        ("arith.trunci %i32big : i32 to i8", "i8", 44),
        ("arith.select %t, %c2, %c3 : index", "index", 2),
        ("arith.maxsi %i32m1, %i32one : i32", "i32", 1),
        ("arith.maxui %i32m1, %i32one : i32", "i32", -1),
        ("arith.addi %n, %c1 : index", "index", None),  # (an argument: no constant)
        ("arith.divsi %c3, %c2 : index", "index", None),  # (an op the folds do not read)
    ],
)
def test_an_integer_expression_of_constants_is_the_constant_mlir_folds_it_to(
    expression: str, kind: str, value: int | None
) -> None:
    """Review 36: bounds and conditions spelled ``0 + 1``, ``true & false``, casts of constants."""
    text = f"""util.func public @f(%n: index) -> {kind} {{
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c2 = arith.constant 2 : index
  %c3 = arith.constant 3 : index
  %t = arith.constant true
  %f = arith.constant false
  %i8min = arith.constant -128 : i8
  %i8one = arith.constant 1 : i8
  %i8m56 = arith.constant 200 : i8
  %i32m1 = arith.constant -1 : i32
  %i32one = arith.constant 1 : i32
  %i32big = arith.constant 300 : i32
  %x = {expression}
  util.return %x : {kind}
}}"""
    module = ir.Module.parse(text, ir.Context())
    _KEEP.append(module)
    ret = list(module.body.operations[0].regions[0].blocks[0].operations)[-1]
    assert region_flow.constant_int(ret.operands[0]) == value


def test_a_condition_of_folded_constants_is_one_or_zero() -> None:
    text = """util.func public @f() -> i1 {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %sum = arith.addi %c0, %c1 : index
  %x = arith.cmpi eq, %sum, %c1 : index
  util.return %x : i1
}"""
    module = ir.Module.parse(text, ir.Context())
    _KEEP.append(module)
    ret = list(module.body.operations[0].regions[0].blocks[0].operations)[-1]
    assert region_flow.constant_condition(ret.operands[0]) == 1


def test_a_branch_operand_becomes_its_successors_block_argument() -> None:
    text = (
        "util.func public @f(%c: i1, %a: index, %b: index) {\n"
        "  cf.cond_br %c, ^t(%a : index), ^e(%b, %a : index, index)\n"
        "^t(%x: index):\n  util.return\n^e(%y: index, %z: index):\n  util.return\n}"
    )
    module = ir.Module.parse(text, ir.Context())
    _KEEP.append(module)
    fn = module.body.operations[0].operation
    branch = list(fn.regions[0].blocks[0].operations)[-1].operation
    names = Names(module, text)
    assert region_flow.branch_arguments(branch, 0) is None  # (the condition)
    assert [[names.name(v) for v in region_flow.branch_arguments(branch, n) or []] for n in (1, 2, 3)] == [
        ["%x"],
        ["%y"],
        ["%z"],
    ]
