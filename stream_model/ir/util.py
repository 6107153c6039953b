"""Facts about IREE IR that more than one module needs, each written once.

* which ops are functions (:data:`FUNCTION_OPS`), the op defining a value, the function
  holding it;
* which phase of IREE's pipeline a module is at (:func:`classify_phase`), shared by the
  loader (``rewrite``/``explain``) and the compile driver (``compile_stream_async``);
* the operand layout of ``stream.async.dispatch`` (:data:`DISPATCH_OPERAND_SEGMENTS`);
* every use of every symbol, in one walk (:func:`symbol_uses`);
* the dialects whose ops the analyses view, loaded ahead (:func:`load_dialect_modules`).
"""

from __future__ import annotations

import ctypes
import functools
import importlib
import re
from collections.abc import Callable, Container, Iterator, Sequence
from typing import TypeAlias

from iree.compiler import ir

#: Ops whose body is a function the model analyses.
FUNCTION_OPS = ("func.func", "util.initializer", "util.func")  # in the order IREE nests its pipelines

#: ``stream.async.dispatch``'s variadic operand groups, in ODS order (IREE 3.13).
DISPATCH_OPERAND_SEGMENTS = (
    "workload",
    "resource_operands",
    "resource_operand_sizes",
    "resource_operand_offsets",
    "resource_operand_ends",
    "resource_operand_lengths",
    "result_sizes",
)


#: The dialects whose ops the analyses and the schedule check view (``op.opview``).
VIEWED_DIALECTS = ("stream", "hal", "util", "iree_tensor_ext", "arith")


def load_dialect_modules() -> None:
    """Import the Python modules of :data:`VIEWED_DIALECTS`. MLIR's bindings import a dialect's
    module the first time one of its ops is viewed (about 30 ms for these, in a fresh process);
    a caller with time to spare (the compile, while IREE's flow phase runs) pays it there."""
    for name in VIEWED_DIALECTS:
        importlib.import_module(f"iree.compiler.dialects.{name}")


def holds_any(module: ir.Module, names: Container[str]) -> bool:
    """Does any op of ``module`` (at any depth) have one of ``names``? A walk of op names only:
    no op is given a Python view, which would import its dialect's Python module."""
    found = False

    def visit(op: ir.Operation) -> ir.WalkResult:
        nonlocal found
        if op.name in names:
            found = True
            return ir.WalkResult.INTERRUPT
        return ir.WalkResult.ADVANCE

    module.operation.walk(visit)
    return found


def ops_named(root: ir.Operation, names: Container[str]) -> list[ir.Operation]:
    """Every op nested in ``root`` (at any depth, ``root`` too) whose name is one of ``names``,
    in program order. A walk of op names only, as :func:`holds_any`."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        if op.name in names:
            found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found


def nested_ops(root: ir.Operation) -> Iterator[ir.Operation]:
    """Every op nested in ``root`` (not ``root`` itself), pre-order: program order, each op
    before the ops of its regions. Read by MLIR's walk, which gives no op a Python view
    (iterating a block's ops does, importing each dialect's Python module: a tenth of a second
    on a module with HAL, stream, util and arith ops)."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        found.append(op)
        return ir.WalkResult.ADVANCE

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    return iter(found[1:])


def child_ops(root: ir.Operation) -> list[ir.Operation]:
    """The ops directly in ``root``'s regions, in order (as :func:`nested_ops`, without views)."""
    found: list[ir.Operation] = []

    def visit(op: ir.Operation) -> ir.WalkResult:
        found.append(op)  # (the first is ``root``: pre-order visits it before its regions)
        return ir.WalkResult.ADVANCE if len(found) == 1 else ir.WalkResult.SKIP

    root.walk(visit, ir.WalkOrder.PRE_ORDER)
    return found[1:]


def ops_by_block(root: ir.Operation) -> dict[ir.Block, list[ir.Operation]]:
    """The ops directly in ``root``'s regions, by block, each block's in order (as
    :func:`child_ops`: without views, which iterating ``block.operations`` makes)."""
    regions = root.regions
    if len(regions) == 1 and len(blocks := regions[0].blocks) == 1:
        return {blocks[0]: child_ops(root)}  # (most ops: no need to ask each op its block)
    found: dict[ir.Block, list[ir.Operation]] = {}
    for op in child_ops(root):
        found.setdefault(op.block, []).append(op)
    return found


def back_edges(blocks: list[ir.Block]) -> set[tuple[int, int]]:
    """The back edges ``(from, to)`` (block indices) of a depth-first search over the branch
    successors of ``blocks`` (one region's), from each block not yet reached in turn: empty
    exactly when no block reaches itself."""
    return _back_edges(
        [[next(i for i, b in enumerate(blocks) if b == s) for s in block.successors] for block in blocks]
    )


def _back_edges(successors: list[list[int]]) -> set[tuple[int, int]]:
    """:func:`back_edges` over successor lists by index."""
    back: set[tuple[int, int]] = set()
    state = [0] * len(successors)  # 0 new, 1 on the DFS stack, 2 done
    for root in range(len(successors)):
        if state[root]:
            continue
        state[root] = 1
        stack = [(root, iter(successors[root]))]
        while stack:
            node, it = stack[-1]
            nxt = next(it, None)
            if nxt is None:
                state[node] = 2
                stack.pop()
            elif state[nxt] == 1:
                back.add((node, nxt))
            elif state[nxt] == 0:
                state[nxt] = 1
                stack.append((nxt, iter(successors[nxt])))
    return back


def blocks_in_execution_order(
    region: ir.Region, successors_of: Callable[[ir.Block], Sequence[ir.Block]] | None = None
) -> list[tuple[ir.Block, bool]]:
    """The blocks of ``region`` that its entry reaches, in an order execution follows, each
    with whether it is *ordered*: run exactly once in every execution of the region (it lies on
    every path from the entry to an exit, and on no cycle). Ordered blocks are listed in the
    order every execution runs them; the others (the arms of a ``cf`` branch, a ``cf`` loop's
    blocks) sit where a topological order puts them, which is no order execution promises.
    MLIR lets blocks after the entry be written in any order, so the text order says nothing.
    ``successors_of``: where a block may branch to (default: every successor; a caller that
    knows which branches are on constants passes the successors they take).
    """
    blocks = list(region.blocks)
    if len(blocks) <= 1:
        return [(b, True) for b in blocks]
    successors = _successor_indices(blocks, successors_of)
    reached = _reached(successors, 0, None)
    back = _back_edges(successors)
    cyclic: set[int] = set()
    if back:
        predecessors: list[list[int]] = [[] for _ in blocks]
        for i, succ in enumerate(successors):
            for j in succ:
                predecessors[j].append(i)
        for tail, head in back:  # (the blocks of the cycle: from the head on, back to the tail)
            cyclic |= _reached(successors, head, None) & _reached(predecessors, tail, None)
    exits = [i for i in reached if not successors[i]]
    ordered = {
        i for i in reached if i not in cyclic and (i == 0 or not any(e in _reached(successors, 0, i) for e in exits))
    }
    # A topological order of the reached blocks with the back edges left out: every ordered
    # block comes after the ordered blocks that run before it.
    indegree = {i: 0 for i in reached}
    for i in reached:
        for j in successors[i]:
            if (i, j) not in back:
                indegree[j] += 1
    out: list[tuple[ir.Block, bool]] = []
    ready = [0]
    while ready:
        i = ready.pop()
        out.append((blocks[i], i in ordered))
        for j in reversed(successors[i]):
            if (i, j) in back:
                continue
            indegree[j] -= 1
            if indegree[j] == 0:
                ready.append(j)
    return out


def c_address(obj: object) -> int:
    """The address of the C object behind a binding object (its ``_CAPIPtr`` capsule). For an
    op, a key while its module lives: the bindings hash an op by walking it (tens of
    microseconds for an execution region of thousands of operands), and a memo keyed by the op
    itself pays that at every ask."""
    get_name, get_pointer = capsule_functions()
    capsule = obj._CAPIPtr  # type: ignore[attr-defined]
    return int(get_pointer(capsule, get_name(capsule)))


@functools.cache
def capsule_functions() -> tuple[Callable[..., bytes], Callable[..., int]]:
    """``PyCapsule_GetName`` and ``PyCapsule_GetPointer``, their signatures declared once."""
    get_name = ctypes.pythonapi.PyCapsule_GetName
    get_name.restype, get_name.argtypes = ctypes.c_char_p, [ctypes.py_object]
    get_pointer = ctypes.pythonapi.PyCapsule_GetPointer
    get_pointer.restype, get_pointer.argtypes = ctypes.c_void_p, [ctypes.py_object, ctypes.c_char_p]
    return get_name, get_pointer


def blocks_reached(
    region: ir.Region, successors_of: Callable[[ir.Block], Sequence[ir.Block]] | None = None
) -> list[set[int]]:
    """Per block of ``region`` (by index), the indices of the blocks it reaches, itself
    included; ``successors_of`` as for :func:`blocks_in_execution_order`."""
    successors = _successor_indices(list(region.blocks), successors_of)
    return [_reached(successors, i, None) for i in range(len(successors))]


def _successor_indices(
    blocks: list[ir.Block], successors_of: Callable[[ir.Block], Sequence[ir.Block]] | None
) -> list[list[int]]:
    """Per block (by index), the indices of its successors, each once (default: every one)."""
    index = {b: i for i, b in enumerate(blocks)}
    successors_of = successors_of or (lambda b: list(b.successors))
    return [list(dict.fromkeys(index[s] for s in successors_of(b))) for b in blocks]


def _reached(successors: list[list[int]], start: int, avoid: int | None) -> set[int]:
    """The blocks ``start`` reaches (itself included) without passing through ``avoid``."""
    seen = {start}
    todo = [start]
    while todo:
        for j in successors[todo.pop()]:
            if j != avoid and j not in seen:
                seen.add(j)
                todo.append(j)
    return seen


def defining_op(value: ir.Value) -> ir.Operation | None:
    """The op whose result ``value`` is (None for a block argument)."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return None
    return getattr(owner, "operation", owner)


def user_op(use: ir.OpOperand) -> ir.Operation:
    """The op that holds the use."""
    owner = use.owner
    return getattr(owner, "operation", owner)


def parent_op(op: ir.Operation) -> ir.Operation | None:
    parent = op.parent
    return getattr(parent, "operation", parent) if parent is not None else None


def visibility(op: ir.Operation) -> str:
    """A symbol op's visibility: ``public`` unless it says otherwise."""
    return ir.StringAttr(op.attributes["sym_visibility"]).value if "sym_visibility" in op.attributes else "public"


def parent_op_of_block(block: ir.Block) -> ir.Operation | None:
    """The op whose region holds ``block``."""
    owner = block.owner
    return getattr(owner, "operation", owner) if owner is not None else None


def defined_inside(value: ir.Value, region_op: ir.Operation) -> bool:
    """Is ``value`` defined inside ``region_op``'s regions, at any depth (a block argument of
    one, or a result of an op nested in one; a result of ``region_op`` itself is not)?"""
    owner = value.owner
    holder = parent_op_of_block(owner) if isinstance(owner, ir.Block) else parent_op(getattr(owner, "operation", owner))
    while holder is not None:
        if holder == region_op:
            return True
        holder = parent_op(holder)
    return False


def function_name(fn: ir.Operation) -> str:
    """The name the model gives a function op (:attr:`FunctionModel.name`): its symbol, or the
    op's name for an initializer, which has none."""
    return str(ir.StringAttr(fn.attributes["sym_name"]).value) if "sym_name" in fn.attributes else str(fn.name)


def function_of_value(value: ir.Value) -> ir.Operation | None:
    """The function-like op whose body defines ``value`` (None for module-level values)."""
    owner = value.owner
    op: ir.Operation | None = owner.owner if isinstance(owner, ir.Block) else getattr(owner, "operation", owner)
    op = getattr(op, "operation", op)
    while op is not None and op.name not in FUNCTION_OPS:
        op = parent_op(op)
    return op


def operand_segments(
    op: ir.Operation, names: tuple[str, ...], operands: Sequence[ir.Value] | None = None
) -> dict[str, list[ir.Value]]:
    """All operand groups of an op with ``operandSegmentSizes``, reading its operands once
    (each generated group accessor rereads the attribute and slices the operand list);
    ``operands``: all of them, when the caller has read them."""
    operands = list(op.operands) if operands is None else list(operands)
    sizes = list(ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"]))
    if len(sizes) != len(names):
        raise ValueError(f"{op.name} has {len(sizes)} operand groups, the model knows {len(names)}")
    out, start = {}, 0
    for name, size in zip(names, sizes):
        out[name] = operands[start : start + size]
        start += size
    return out


def dispatch_operand_index(op: ir.Operation, group: str, position: int) -> int:
    """The index in ``op.operands`` of element ``position`` of a dispatch's operand ``group``."""
    return dispatch_group_starts(op)[group] + position


def dispatch_group_starts(op: ir.Operation) -> dict[str, int]:
    """Where each of a dispatch's operand groups starts in ``op.operands`` (read once, for a
    caller that needs several)."""
    starts, at = {}, 0
    for name, size in zip(DISPATCH_OPERAND_SEGMENTS, ir.DenseI32ArrayAttr(op.attributes["operandSegmentSizes"])):
        starts[name] = at
        at += int(size)
    return starts


class ModuleScope:
    """A ``builtin.module`` nested in another, seen as a module: its own symbol table, with the
    ``body``/``operation``/``context`` of an :class:`ir.Module` (what the model reads)."""

    def __init__(self, op: ir.Operation, symbol_path: str) -> None:
        self.operation = op
        #: ``state_update::@`` for ``module @state_update``: how its symbols are named from the
        #: outermost module (empty for the outermost module itself).
        self.symbol_path = symbol_path

    @property
    def body(self) -> ir.Block:
        return self.operation.regions[0].blocks[0]

    @property
    def context(self) -> ir.Context:
        return self.operation.context


#: What the model reads a module through: a parsed module, or one nested in it.
ModuleLike: TypeAlias = "ir.Module | ModuleScope"


def modules_with_functions(module: ir.Module) -> list[ModuleScope]:
    """Every module of ``module`` that holds functions: itself and the ``builtin.module`` ops
    nested in it (at any depth, through modules only: the modules inside executables are device
    code), outermost first. A module nested in an unnamed outer one (as the seed issue's repro
    is written) is code a user means to be read."""
    found: list[ModuleScope] = []

    def visit(op: ir.Operation, path: str) -> None:
        children = child_ops(op)
        if any(child.name in FUNCTION_OPS for child in children):
            found.append(ModuleScope(op, path))
        for child in children:
            if child.name == "builtin.module":
                name = ir.StringAttr(child.attributes["sym_name"]).value if "sym_name" in child.attributes else None
                visit(child, f"{path}{name}::@" if name else path)

    visit(module.operation, "")
    return found


# -- attributes --------------------------------------------------------------------------------

_SSA_NAME = re.compile(r"%[\w.$#-]+")


def readable_attributes(op: ir.Operation) -> list[tuple[str, ir.Attribute | None]]:
    """``op``'s attributes by name; ``None`` for one the Python bindings cannot hand out.

    The bindings hand out an attribute only as its concrete class, and for a dense elements
    attribute of an element type they have no class for (``complex<f32>``: IREE's FFT tests)
    they raise ``TypeError``; through ``NamedAttribute.attr`` the process even aborts. So each
    attribute is read by name, where the error is an exception (:func:`attribute_key` gives an
    exact stand-in for comparing one)."""
    attributes = op.attributes
    out: list[tuple[str, ir.Attribute | None]] = []
    for name in [attributes[i].name for i in range(len(attributes))]:
        try:
            out.append((name, attributes[name]))
        except TypeError:
            out.append((name, None))
    return out


def attribute_key(op: ir.Operation) -> str:
    """The op's generic form without its SSA names: equal keys mean equal attributes (and
    types), for an op with an attribute :func:`readable_attributes` cannot read."""
    return _SSA_NAME.sub("%", op.get_asm(print_generic_op_form=True))


# -- symbols -----------------------------------------------------------------------------------

_SYMBOL_TOKEN = re.compile(r'@(?:"((?:[^"\\]|\\.)*)"|([\w.$-]+))')
_NO_SYMBOLS = (
    ir.StringAttr,
    ir.IntegerAttr,
    ir.TypeAttr,
    ir.FloatAttr,
    ir.BoolAttr,
    ir.UnitAttr,
    ir.DenseI32ArrayAttr,
    ir.DenseI64ArrayAttr,
)


#: The same kinds, as exact types: a set lookup, where ``isinstance`` tries each in turn.
_NO_SYMBOL_TYPES = frozenset(_NO_SYMBOLS)


#: Ops that open a symbol table of their own inside the module: references inside resolve
#: there first, and code outside reaches their symbols only through nested references.
NESTED_SYMBOL_TABLES = frozenset({"stream.executable", "hal.executable", "builtin.module"})


def _names_in(attr: ir.Attribute) -> set[str]:
    """The symbol names ``attr`` refers to (see :func:`symbol_uses`)."""
    out: set[str] = set()
    if isinstance(attr, _NO_SYMBOLS):
        return out
    if isinstance(attr, ir.FlatSymbolRefAttr):
        out.add(attr.value)
    elif isinstance(attr, ir.SymbolRefAttr):
        out.update(attr.value)
    elif isinstance(attr, ir.ArrayAttr):
        for a in attr:
            out |= _names_in(a)
    elif isinstance(attr, ir.DictAttr):
        for i in range(len(attr)):
            out |= _names_in(attr[i].attr)
    else:
        for quoted, plain in _SYMBOL_TOKEN.findall(str(attr)):
            out.add(quoted or plain)
    return out


def symbol_uses(module: ModuleLike) -> dict[str, list[ir.Operation]]:
    """Every op that mentions each symbol name in one of its attributes (:func:`survey`)."""
    return survey(module)[1]


def survey(module: ModuleLike) -> tuple[set[str], dict[str, list[ir.Operation]]]:
    """In one walk of ``module``: the name of every op in it (nested symbol tables, device code
    included: what :func:`~stream_model.semantics.phase.classify_phase` reads), and every op
    that mentions each symbol name in one of its attributes (outside nested symbol tables).

    Symbol references are read from typed attributes where the bindings expose them (flat
    symbol refs, nested refs, arrays and dictionaries of them); any other attribute kind (a
    dialect attribute that may nest a reference) is scanned in its printed form. That can only
    over-count uses, which is the safe direction: an extra use makes a function external or a
    global address-taken, never the reverse."""
    found: dict[str, list[ir.Operation]] = {}
    op_names: set[str] = set()
    # Attributes are uniqued in their context: the names in one (an affinity every op spells
    # alike, say) are read once.
    read: dict[ir.Attribute, frozenset[str]] = {}
    top = module.operation

    def name_only(op: ir.Operation) -> ir.WalkResult:
        op_names.add(op.name)
        return ir.WalkResult.ADVANCE

    def visit(op: ir.Operation) -> ir.WalkResult:
        name = op.name
        if name in NESTED_SYMBOL_TABLES and op != top:
            op.walk(name_only)  # (its ops' names, for the phase)
            return ir.WalkResult.SKIP  # its symbols, and references to them, are its own
        op_names.add(name)
        names: set[str] = set()
        for _, attr in readable_attributes(op):
            if attr is None:  # (unreadable: its symbols as printed, over-counting at worst)
                names |= {quoted or plain for quoted, plain in _SYMBOL_TOKEN.findall(attribute_key(op))}
                continue
            if type(attr) in _NO_SYMBOL_TYPES:
                continue  # (most attributes: no memo lookup, which hashes the attribute)
            known = read.get(attr)
            if known is None:
                known = read[attr] = frozenset(_names_in(attr))  # (empty for the kinds of _NO_SYMBOLS)
            if known:
                names |= known
        if names:
            for name in sorted(names):
                found.setdefault(name, []).append(op)
        return ir.WalkResult.ADVANCE

    # Pre-order: a nested symbol table is skipped before its ops are visited (the default,
    # post-order, visits them first: SKIP would come too late).
    module.operation.walk(visit, ir.WalkOrder.PRE_ORDER)
    return op_names, found
