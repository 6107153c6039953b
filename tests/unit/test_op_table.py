"""The op table against IREE 3.13: every accessor an entry names exists on the generated op
class, the operand order a fold relies on is IREE's, and each op on a one-op snippet has the
reads, writes, ties and storage the table promises (an IREE upgrade that changes an op fails
here, loudly)."""

from __future__ import annotations

import inspect

import pytest
from iree.compiler import ir
from iree.compiler.dialects import stream

from stream_model.ir.naming import Names
from stream_model.semantics import ops
from stream_model.semantics.op_table import (
    OP_TABLE,
    AccessSpec,
    Bound,
    Kind,
    OpSpec,
    Plus,
    awaited_by_a_host_op,
    computes_for_any_bytes,
    constant_choice,
    effects_of,
    identity_fold,
    resource_flags,
)
from stream_model.semantics.region_flow import is_resource

ARGS = (
    "%r: !stream.resource<*>, %t: !stream.resource<*>, %x: !stream.resource<external>, %sg: !stream.resource<staging>, %bv: !hal.buffer_view, "
    "%o: index, %e: index, %o2: index, %e2: index, %z: index, %z2: index, %l: index, %v: i32, "
    "%count: index, %channel: !stream.channel"
)

#: One snippet per op of the table, each operand a value of its own, and what the op does:
#: accesses ``(value, kind, start, end, size, length)``, ties ``(result, operand)``, results
#: sharing an operand's storage, fresh and external results, escaping operands.
CASES: dict[str, tuple[str, dict[str, list[tuple[str, ...]]]]] = {
    "stream.async.slice": (
        "%s = stream.async.slice %r[%o to %e] : !stream.resource<*>{%z} -> !stream.resource<*>{%l}",
        {"accesses": [("%r", "read", "%o", "%e", "%z", "%l")], "fresh": [("%s",)]},
    ),
    "stream.async.update": (
        "%u = stream.async.update %r, %t[%o to %e] : !stream.resource<*>{%l} -> %t as !stream.resource<*>{%z}",
        {
            "accesses": [("%r", "read", "0", "%l", "%l", "None"), ("%t", "write", "%o", "%e", "%z", "%l")],
            "tied": [("%u", "%t")],
        },
    ),
    "stream.async.copy": (
        "%c = stream.async.copy %r[%o to %e], %t[%o2 to %e2], %l : !stream.resource<*>{%z} -> %t as "
        "!stream.resource<*>{%z2}",
        {
            "accesses": [("%r", "read", "%o", "%e", "%z", "%l"), ("%t", "write", "%o2", "%e2", "%z2", "%l")],
            "tied": [("%c", "%t")],
        },
    ),
    "stream.async.fill": (
        "%f = stream.async.fill %v, %t[%o to %e for %l] : i32 -> %t as !stream.resource<*>{%z}",
        {"accesses": [("%t", "write", "%o", "%e", "%z", "%l")], "tied": [("%f", "%t")]},
    ),
    "stream.async.collective": (
        "%g = stream.async.collective<all_gather : f32>[%count] channel(%channel) %r[%o to %e for %l], "
        "%t[%o2 to %e2 for %l] : !stream.resource<*>{%z} -> %t as !stream.resource<*>{%z2}",
        {
            "accesses": [("%r", "read", "%o", "%e", "%z", "%l"), ("%t", "write", "%o2", "%e2", "%z2", "%l")],
            "tied": [("%g", "%t")],
        },
    ),
    "stream.async.store": (
        "%st = stream.async.store %v, %sg[%o] : i32 -> !stream.resource<staging>{%z}",
        {"accesses": [("%sg", "write", "%o", "%o+4", "%z", "None")], "tied": [("%st", "%sg")]},
    ),
    "stream.async.load": (
        "%ld = stream.async.load %sg[%o] : !stream.resource<staging>{%z} -> i32",
        {"accesses": [("%sg", "read", "%o", "%o+4", "%z", "None")]},
    ),
    "stream.async.splat": ("%sp = stream.async.splat %v : i32 -> !stream.resource<*>{%l}", {"fresh": [("%sp",)]}),
    "stream.async.alloca": ("%al = stream.async.alloca : !stream.resource<*>{%l}", {"fresh": [("%al",)]}),
    "stream.async.constant": (
        "%k = stream.async.constant : !stream.resource<constant>{%l} = dense<3> : tensor<8xi8>",
        {"fresh": [("%k",)]},
    ),
    "stream.async.cast": (
        "%ca = stream.async.cast %r : !stream.resource<*>{%z} -> !stream.resource<external>{%z}",
        {"aliases": [("%ca", "%r")]},
    ),
    "stream.async.barrier": ("%b = stream.async.barrier %r : !stream.resource<*>{%z}", {"aliases": [("%b", "%r")]}),
    "stream.tensor.import": (
        "%im = stream.tensor.import %bv : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%l}",
        {"external": [("%im",)]},
    ),
    "stream.tensor.export": (
        "%ex = stream.tensor.export %x : tensor<4xi32> in !stream.resource<external>{%z} -> !hal.buffer_view",
        {"accesses": [("%x", "read", "0", "%z", "%z", "None")], "escapes": [("%x",)]},
    ),
}

_KEEP: list[ir.Module] = []


def _op(name: str) -> tuple[ir.Operation, Names]:
    text = f"util.func public @f({ARGS}) {{\n  {CASES[name][0]}\n  util.return\n}}"
    module = ir.Module.parse(text, ir.Context())
    _KEEP.append(module)
    op = list(module.body.operations[0].regions[0].blocks[0].operations)[0].operation
    assert op.name == name
    return op, Names(module, text)


def _op_class(name: str) -> type:
    classes = [
        c
        for _, c in inspect.getmembers(stream, inspect.isclass)
        if getattr(c, "OPERATION_NAME", None) == name and issubclass(c, ir.OpView)
    ]
    assert len(classes) == 1, f"no generated class for {name} in iree.compiler.dialects.stream"
    return classes[0]


def _accessors(spec: OpSpec) -> set[str]:
    """Every accessor name the entry uses."""
    names: set[str] = set(spec.escapes) | set(spec.operands)
    for a in spec.accesses:
        names |= {a.operand, a.size, *([a.length] if a.length else [])}
        names |= {a.start} if isinstance(a.start, str) else set()
        names |= set(a.end[1:]) if isinstance(a.end, tuple) else {a.end}
    names |= {n for n in (spec.tied_to, spec.alias_of) if n is not None}
    if spec.fold is not None:
        names |= {spec.fold.source, *spec.fold.shifted}
        names |= {n for n in (spec.fold.size, spec.fold.unless_also) if n is not None}
    return names


def _bound(names: Names, b: Bound) -> str:
    if isinstance(b, ir.Value):
        return names.name(b)
    if isinstance(b, Plus):
        return f"{names.name(b.base)}+{b.delta}"
    return str(b)


def test_every_op_of_the_table_has_a_case() -> None:
    assert sorted(CASES) == sorted(OP_TABLE)


@pytest.mark.parametrize("name", sorted(OP_TABLE))
def test_every_accessor_of_the_entry_exists_on_the_generated_op_class(name: str) -> None:
    cls = _op_class(name)
    missing = sorted(n for n in _accessors(OP_TABLE[name]) if not isinstance(getattr(cls, n, None), property))
    assert missing == [], f"{name}: {missing} are not accessors of {cls.__name__} in IREE 3.13"


@pytest.mark.parametrize("name", sorted(n for n, spec in OP_TABLE.items() if spec.operands))
def test_the_declared_operand_order_is_irees(name: str) -> None:
    """A fold rewrites operands by position: ``operands[i]`` must be the accessor of operand ``i``."""
    op, _ = _op(name)
    view = op.opview
    spec = OP_TABLE[name]
    assert len(spec.operands) == len(op.operands)
    assert all(op.operands[i] == getattr(view, n) for i, n in enumerate(spec.operands))


@pytest.mark.parametrize("name", sorted(OP_TABLE))
def test_the_op_on_a_snippet_reads_writes_and_ties_what_the_table_says(name: str) -> None:
    op, names = _op(name)
    fx = effects_of(op)
    expected = CASES[name][1]
    got = {
        "accesses": [
            (
                names.name(a.value),
                a.kind.value,
                _bound(names, a.start),
                _bound(names, a.end),
                names.name(a.size) if a.size is not None else "None",
                _bound(names, a.length),
            )
            for a in fx.accesses
        ],
        "tied": [(names.name(r), names.name(o)) for r, o in fx.tied],
        "aliases": [(names.name(r), names.name(o)) for r, o in fx.aliases],
        "fresh": [(names.name(r),) for r in fx.fresh],
        "external": [(names.name(r),) for r in fx.external],
        "escapes": [(names.name(v),) for v in fx.escapes],
    }
    assert {k: v for k, v in got.items() if v} == expected
    assert not fx.unknown


def test_access_kinds_are_read_and_write() -> None:
    assert {a.kind for spec in OP_TABLE.values() for a in spec.accesses} == {Kind.READ, Kind.WRITE}
    assert all(isinstance(a, AccessSpec) for spec in OP_TABLE.values() for a in spec.accesses)


# -- resource flags ---------------------------------------------------------------------------


def test_resource_flags_of_a_dispatch_match_its_operands_types() -> None:
    """A dispatch's flags are read from its operand groups (only ``resource_operands`` may
    hold resources); they must be what testing every operand's type says, a scalar passed
    among the resources included."""
    text = (
        "util.func public @f(%r: !stream.resource<*>, %w: index, %n: index, %c0: index, %c16: index) -> !stream.resource<*> {\n"
        "  %0 = stream.async.dispatch @ex::@k[%w](%r[%c0 to %c16 for %c16], %n, %r[%c0 to %c16 for %c16]) : "
        "(!stream.resource<*>{%c16}, index, !stream.resource<*>{%c16}) -> !stream.resource<*>{%c16}\n"
        "  util.return %0 : !stream.resource<*>\n}"
    )
    module = ir.Module.parse(text, ir.Context())
    _KEEP.append(module)
    op = list(module.body.operations[0].regions[0].blocks[0].operations)[0].operation
    operands = tuple(op.operands)
    flags = resource_flags(op, operands)
    assert flags == tuple(is_resource(v) for v in operands)
    assert sum(flags) == 2 and len(flags) == len(operands)


@pytest.mark.parametrize("name", sorted(n for n, spec in OP_TABLE.items() if spec.operands))
def test_the_tables_resource_flags_are_the_operands_types(name: str) -> None:
    """An op the table lists the operands of answers from the table (``OpSpec.resources``, no
    type test): it must say what testing every operand's type says."""
    op, _ = _op(name)
    operands = tuple(op.operands)
    assert resource_flags(op, operands) == OP_TABLE[name].resources
    assert resource_flags(op, operands) == tuple(is_resource(v) for v in operands)


@pytest.mark.parametrize("name", sorted(OP_TABLE))
def test_the_effects_from_the_walks_operands_are_the_accessors(name: str) -> None:
    """The model's walk hands effects_of the operands it read; the table's fixed-arity ops
    then take them by position instead of through the generated accessors: the same effects."""
    op, _ = _op(name)
    by_accessor, by_position = effects_of(op), effects_of(op, tuple(op.operands))

    def bound(b):  # noqa: ANN001, ANN202 - a Bound (a Plus compares by identity)
        return ("+", b.base, b.delta) if isinstance(b, Plus) else b

    def shape(fx):  # noqa: ANN001, ANN202 - an OpEffects
        return (
            [(a.value, a.kind, bound(a.start), bound(a.end), a.size, bound(a.length), a.why) for a in fx.accesses],
            fx.tied,
            fx.aliases,
            fx.fresh,
            fx.external,
            fx.escapes,
            fx.unknown,
        )

    assert shape(by_position) == shape(by_accessor)


# -- the names semantics gives the rest of the model ---------------------------------------------


def _named_ops() -> dict[str, str]:
    """Every op name ``stream_model.semantics.ops`` gives (the constant, its value)."""
    return {k: v for k, v in vars(ops).items() if k.isupper() and isinstance(v, str)}


@pytest.mark.parametrize("constant", sorted(_named_ops()))
def test_every_op_name_semantics_gives_is_one_iree_registers(constant: str) -> None:
    """A name the model asks by (``semantics/ops.py``) is an op of IREE 3.13: a typo, or an op
    IREE renames, fails here instead of matching nothing."""
    assert ir.Context().is_registered_operation(_named_ops()[constant]), constant


def test_the_named_groups_hold_named_ops() -> None:
    named = set(_named_ops().values())
    for group in (ops.CALLS, ops.RETURNS, ops.DIRECT_GLOBAL_ACCESS_OPS, ops.INDIRECT_OPS):
        assert group <= named


@pytest.mark.parametrize(("condition", "chosen"), [("true", "%a"), ("false", "%b"), (None, None)])
def test_a_select_on_a_constant_is_the_operand_it_chooses(condition: str | None, chosen: str | None) -> None:
    constant = f"  %on = arith.constant {condition}\n" if condition else ""
    text = f"""util.func public @f(%a: index, %b: index, %c: i1) -> index {{
{constant}  %r = arith.select {"%on" if condition else "%c"}, %a, %b : index
  util.return %r : index
}}"""
    with ir.Context():
        module = ir.Module.parse(text)
        names = Names(module, text)
        body = module.body.operations[0].regions[0].blocks[0]
        select = next(op.operation for op in body.operations if op.operation.name == "arith.select")
        picked = constant_choice(select)
        assert (None if picked is None else names.name(picked)) == chosen


@pytest.mark.parametrize(
    ("constant", "add", "folds"),
    [
        ("dense<0> : tensor<4xi32>", "arith.addi", True),
        ("dense<[0, 1, 0, 0]> : tensor<4xi32>", "arith.addi", False),
        ("dense<1> : tensor<4xi32>", "arith.addi", False),
        ("dense_resource<blob> : tensor<4xi32>", "arith.addi", False),
        ("dense<0.0> : tensor<4xf32>", "arith.addf", False),
    ],
)
def test_an_addition_of_a_zero_splat_is_its_other_operand(constant: str, add: str, folds: bool) -> None:
    kind = constant.rsplit(": ", 1)[1]
    text = (
        f"util.func public @f(%x: {kind}) -> {kind} {{\n"
        f"  %k = arith.constant {constant}\n  %y = {add} %x, %k : {kind}\n  util.return %y : {kind}\n}}"
    )
    module = ir.Module.parse(text, ir.Context())
    body = module.body.operations[0].operation.regions[0].blocks[0]
    folded = identity_fold(list(body.operations)[1].operation)
    assert (folded is not None and folded == body.arguments[0]) is folds


@pytest.mark.parametrize(
    ("op", "same", "folds"),
    [
        ("arith.andi", True, True),
        ("arith.ori", True, True),
        ("arith.maxsi", True, True),
        ("arith.minui", True, True),
        ("arith.xori", True, False),  # (x ^ x is zero, not x)
        ("arith.andi", False, False),
    ],
)
def test_an_idempotent_op_of_one_value_twice_is_that_value(op: str, same: bool, folds: bool) -> None:
    """Review 36: ``x & x``, ``max(x, x)`` fold to ``x``."""
    text = (
        "util.func public @f(%x: tensor<4xi32>, %y: tensor<4xi32>) -> tensor<4xi32> {\n"
        f"  %r = {op} %x, {'%x' if same else '%y'} : tensor<4xi32>\n  util.return %r : tensor<4xi32>\n}}"
    )
    module = ir.Module.parse(text, ir.Context())
    body = module.body.operations[0].operation.regions[0].blocks[0]
    folded = identity_fold(list(body.operations)[0].operation)
    assert (folded is not None and folded == body.arguments[0]) is folds


_GATHER_BODY = """^bb0(%in: i32, %out: i32):
      %i = arith.index_cast %in : i32 to index
      %y = tensor.extract %table[%i] : tensor<4xi32>
      linalg.yield %y : i32"""
_ADD_BODY = """^bb0(%in: i32, %out: i32):
      %y = arith.addi %in, %in : i32
      linalg.yield %y : i32"""
_DIVIDE_BODY = """^bb0(%in: i32, %out: i32):
      %y = arith.divsi %out, %in : i32
      linalg.yield %y : i32"""


@pytest.mark.parametrize(
    ("op", "computes"),
    [
        ("%r = arith.addi %x, %x : tensor<4xi32>", True),
        ("%r = arith.divsi %x, %x : tensor<4xi32>", False),  # (a zero divisor faults)
        ("%r = arith.remui %x, %x : tensor<4xi32>", False),
        ("%r = arith.divf %f, %f : tensor<4xf32>", True),  # (floats divide by zero to infinities)
        ("%r = math.absi %x : tensor<4xi32>", True),
        ("%r = tensor.extract_slice %x[1] [2] [1] : tensor<4xi32> to tensor<2xi32>", True),
        (
            "%r = tensor.gather %table[%ix] gather_dims([0]) : (tensor<4xi32>, tensor<4x1xindex>) -> tensor<4xi32>",
            False,
        ),
        (
            f'%r = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%x : tensor<4xi32>) outs(%e : tensor<4xi32>) {{\n{_ADD_BODY}\n    }} -> tensor<4xi32>',
            True,
        ),
        (
            f'%r = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%x : tensor<4xi32>) outs(%e : tensor<4xi32>) {{\n{_GATHER_BODY}\n    }} -> tensor<4xi32>',
            False,
        ),
        (
            f'%r = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel"]}} ins(%x : tensor<4xi32>) outs(%e : tensor<4xi32>) {{\n{_DIVIDE_BODY}\n    }} -> tensor<4xi32>',
            False,
        ),
    ],
)
def test_work_that_may_fault_on_what_it_reads_does_not_compute_for_any_bytes(op: str, computes: bool) -> None:
    """Review 37: a gather indexed by a stale load crashed both builds; work a stale load feeds
    is harmless only where nothing it computes can fault."""
    text = f"""#id = affine_map<(d0) -> (d0)>
util.func public @f(%x: tensor<4xi32>, %f: tensor<4xf32>, %table: tensor<4xi32>, %ix: tensor<4x1xindex>) {{
    %e = tensor.empty() : tensor<4xi32>
    {op}
    util.return
}}"""
    module = ir.Module.parse(text, ir.Context())
    body = module.body.operations[0].operation.regions[0].blocks[0]
    assert computes_for_any_bytes(list(body.operations)[1].operation) is computes


_CARRIED = """
util.func public @f(%r: !stream.resource<external>, %n: index) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %o = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %r) -> (!stream.resource<external>) {
    %b = util.optimization_barrier %acc : !stream.resource<external>
    scf.yield %b : !stream.resource<external>
  }
  util.return %o : !stream.resource<external>
}
"""


def test_iree_makes_a_host_op_wait_for_all_but_a_loops_region_argument() -> None:
    """``iree-stream-propagate-timepoints`` leaves a loop's (or a branch's) region argument
    unawaited for a host op such as a barrier; a function's argument and a region op's result
    it awaits."""
    module = ir.Module.parse(_CARRIED, context=ir.Context())
    func = module.body.operations[0]
    loop = next(op for op in func.regions[0].blocks[0].operations if op.name == "scf.for")
    carried = loop.regions[0].blocks[0].arguments[1]
    assert not awaited_by_a_host_op(carried)
    assert awaited_by_a_host_op(func.regions[0].blocks[0].arguments[0])
    assert awaited_by_a_host_op(loop.results[0])
