"""Producers IREE may merge after the splice, and results it folds: which values can end up one
buffer although the IR at the splice makes them two.

"Two allocations are two buffers" is a claim about the program IREE finally runs, not about the
IR at the splice. After the splice IREE 3.13 runs canonicalize and CSE again (the cleanup after
``iree-stream-schedule-concurrency``, inside and across the new execution regions), and CSE
merges two side-effect-free ops (``Pure`` in ``StreamOps.td``) that have the same name,
attributes and result types and operands that are equal by then. Merged producers are one value:
one buffer, so an in-place write of one is a write of the other.

Which producers, checked on IREE 3.13 (``tests/e2e/test_merged_producers_on_iree.py`` runs the
post-splice pipeline on two identical producers stored to two globals, and on two identical
producers in one function of which one is written in place):

* merged: ``stream.async.dispatch``, ``stream.async.slice``, ``stream.async.transfer``
  (:data:`~stream_model.semantics.op_table.MERGEABLE_PRODUCERS`), and a clone of a dispatch result, which
  schedule-concurrency turns back into a second dispatch (the op table already makes such a clone
  its source's storage, :func:`~stream_model.semantics.op_table.effects_of`);
* never merged: ``stream.async.splat`` and ``stream.async.alloca`` (not ``Pure``), a clone of a
  global's buffer, calls.

Operands "equal by then", a closed world (:func:`_identity`): the same SSA value; resources
produced by producers merged before (in program order, so a chain of merges is followed); two
loads of one global (CSE makes them one); an await's result and the resource it waits on, a
cast's, barrier's, clone's or transfer's result and its source (a transfer within one affinity
is dispatched again as its source, a chain of transfers folds back); an ``scf.if`` (switch, ``execute_region``)
result or an ``arith.select`` whose arms are all one value, and that value; in scheduled IR, a
region's block argument and the value it captures, and a region's result and the value it
yields (closure canonicalization drops a duplicate capture or result). Any other resource the
model does not enumerate (a call's result, a loop's, a block argument a branch hands over, an
argument of an internal function, a value a branch chooses) may be any value: an op reading it
may merge with every op of its family whose other operands match. Results IREE's canonicalizer
folds into another value are :func:`folded_pairs`: whole slices, updates and copies, transfers
back to where a chain came from, and a fill (or an update or copy of a splat) over a value that
may be a splat by then (its writes are elided).

For scalars the test is the sound one (:func:`_may_be_made_equal`): two index values are
distinct when their difference is a nonzero constant (``%x`` and ``%x + 16``; two different
constants), or when it is a polynomial in values IREE knows nothing about that is nonzero under
the function's assumptions (z3 finds a counterexample). Anything else may be made one: later
passes may make two different-looking values one (``iree-util-ipo`` merges arguments every
caller passes equal, the canonicalizer folds ``%x + 0``, and ``(n / 16) * 16`` to ``n`` under an
assumed divisor or a no-wrap flag). Other scalars are distinct only when both are constants
with different values. Ops of different functions are never merged (no pass after the splice
inlines or combines functions).
"""

from __future__ import annotations

import itertools
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass, field
from typing import cast

import sympy
from iree.compiler import ir

from ..ir.util import attribute_key, defining_op, readable_attributes
from ..semantics.canonical import (
    FOLDED_BY_CANONICALIZER,
    FORWARDS,
    MAY_BE_SPLATS,
    NEVER_SPLATS,
    OWN_VALUES,
    SPLAT_THROUGH,
    WRITE_INTO_TARGET,
)
from ..semantics.op_table import is_mergeable_producer, resource_flags
from ..semantics.ops import (
    ARITH_CONSTANT,
    ARITH_SELECT,
    ASYNC_COPY,
    ASYNC_FILL,
    ASYNC_SLICE,
    ASYNC_TRANSFER,
    ASYNC_UPDATE,
    GLOBAL_LOAD,
)
from ..semantics.region_flow import (
    captured_by,
    device_holder,
    flow_of,
    is_device_region,
    is_resource,
    yielded_as,
)
from ..symbolic.proofs import ProofVerdict, prove_relation, refute_by_trial
from ..symbolic.ranges import IndexTranslator, is_64bit_integer
from .folds import folds_operand, resized_position, shifted_positions

#: The index expression of a 64-bit scalar.
Expr = Callable[[ir.Value], sympy.Expr]
#: Is a value one IREE knows nothing about (see :func:`folded_pairs`)?
Opaque = Callable[[ir.Value], bool]
#: An op's operands as its model read them already, if it did (None: read them).
OperandsOf = Callable[[ir.Operation], "tuple[ir.Value, ...] | None"]
_U64 = 2**64


def mergeable_pairs(
    functions: Iterable[tuple[ir.Operation, Iterable[ir.Operation]]],
    facts: MergeFacts,
    folded: Iterable[tuple[ir.Value, ir.Value]] = (),
    version_at: VersionAt | None = None,
) -> list[tuple[ir.Value, ir.Value]]:
    """Pairs of resource results that IREE may merge into one value after the splice (each
    function's ops given in program order; see the module docstring). ``facts``: what the passes
    over the same functions read of their ops (:class:`MergeFacts`: the scalars' translator, and
    which values IREE knows nothing about). ``folded``: results the canonicalizer may fold into
    another value (:func:`folded_pairs`), equal operands by then.

    With ``version_at``, the pairs IREE may merge once the rewrite has folded aliases into their
    consumers, whichever aliases it makes (see :func:`fold_variants`): a superset."""
    folded = list(folded)
    pairs: list[tuple[ir.Value, ir.Value]] = []
    for function, ops in functions:
        pairs += _merges_in_function(ops, facts.of(function), version_at, folded)
    return pairs


def fold_twins(
    functions: Iterable[tuple[ir.Operation, Iterable[ir.Operation]]],
    facts: MergeFacts,
    version_at: VersionAt,
    folded: Iterable[tuple[ir.Value, ir.Value]] = (),
    merged: Iterable[tuple[ir.Value, ir.Value]] = (),
) -> dict[ir.Value, ir.Value]:
    """Producers' results that folding aliases may make identical to a producer they are not
    identical to at the splice (with one such producer's result): IREE would merge two buffers
    the analysis kept apart. The rewrite does not fold into such a producer. ``merged``: the
    pairs IREE may merge as the IR is (:func:`mergeable_pairs` with the same ``folded``);
    ``facts``: as for :func:`mergeable_pairs`."""
    folded, merged = list(folded), list(merged)
    before = _Classes()
    for a, b in merged:
        before.union(a, b)
    twins: dict[ir.Value, ir.Value] = {}
    for function, ops in functions:
        ops, scalars = list(ops), facts.of(function)
        settled = scalars.settled if not merged else None
        if settled is not None and settled.folded == folded:
            # Nothing merged as the IR is: the classes and identities that pass took are the
            # ones this check takes (the same folds, no merge to add).
            taken = settled.identities
            identities = _Identities(taken.classes, scalars.opaque, dict(taken.memo))
        else:
            identities = _Identities(_initial_classes(ops, folded, scalars), scalars.opaque)
        if not _folds_meet_another_op(ops, scalars, version_at, identities, merged):
            continue  # folding leaves IREE merging what it merges as the IR is: no twins
        after = _Classes()
        for a, b in _merges_in_function(ops, scalars, version_at, folded):
            after.union(a, b)
        members: dict[ir.Value, list[ir.Value]] = {}
        for value in after.values():
            members.setdefault(after.find(value), []).append(value)
        for group in members.values():
            for value in group:
                other = next((v for v in group if before.find(v) != before.find(value)), None)
                if other is not None:
                    twins[value] = other
    return twins


def folded_pairs(
    functions: Iterable[tuple[ir.Operation, Iterable[ir.Operation]]], facts: MergeFacts
) -> list[tuple[ir.Value, ir.Value]]:
    """Pairs (result, value) whose result IREE's canonicalizer may fold into that value after
    the splice, so that the two are one buffer:

    * a slice whose result size may be its source size is the whole source (``AsyncSliceOp``'s
      folder returns the source);
    * an update whose update size may be its target size (of the same type) is its update
      operand (``AsyncUpdateOp``'s folder returns it; the result is the target's storage too,
      through the tie);
    * a copy of the whole source (``AsyncCopyFullSourceToUpdate`` makes it an update of the
      target) over the whole target (of the same type) is its source, as that update is.

    The folders fire only when the two sizes are one SSA value by then, which canonicalization
    (semantics-preserving) makes them only if they are equal in every execution IREE can see.
    So two sizes never fold when they differ by a nonzero constant, or when their difference
    depends on a value IREE knows nothing about (``opaque``: an argument of a function callers
    outside the module may call, a global the module stores): some execution makes it nonzero.
    Anything else (values IREE may yet fold to constants: a private function's arguments,
    constants of immutable globals, a callee's results) may fold. ``functions``: each function
    op with its ops in program order; ``facts``: as for :func:`mergeable_pairs`."""
    pairs: list[tuple[ir.Value, ir.Value]] = []
    for function, ops in functions:
        scalars = facts.of(function)
        for op in ops:
            name = op.name
            if name not in FOLDED_BY_CANONICALIZER:
                continue
            view = op.opview
            if name == ASYNC_SLICE:
                if _may_fold(view.result_size, view.source_size, scalars):
                    pairs.append((view.result, view.source))
            elif name == ASYNC_UPDATE:
                if view.update.type == view.result.type and _may_fold(view.update_size, view.target_size, scalars):
                    pairs.append((view.result, view.update))
            elif name == ASYNC_COPY:
                whole = (
                    view.source.type == view.result.type
                    and _may_fold(view.length, view.source_size, scalars)
                    and _may_fold(view.length, view.target_size, scalars)
                    and _may_be_zero(view.source_offset, scalars)
                    and _may_be_zero(view.target_offset, scalars)
                )
                if whole:
                    pairs.append((view.result, view.source))
            elif name == ASYNC_TRANSFER:
                # A transfer back to where a chain of transfers came from is that value
                # (AsyncTransferOp::fold), whichever affinities they name: the rewrite may make
                # any link between them an alias, so every earlier one of the result's type.
                back = _transferred_from(view.source, view.result.type)
                if back is not None:
                    pairs.append((view.result, back))
            elif name == ASYNC_FILL and _may_be_splat(view.target):
                # A fill of a splat with its own value is elided (ElideRedundantFill): the
                # result is the splat (the values may be one whatever they look like).
                pairs.append((view.result, view.target))
            if name in WRITE_INTO_TARGET:
                written = getattr(view, WRITE_INTO_TARGET[name])
                if _may_be_splat(written) and _may_be_splat(view.target):
                    # An update or copy of a splat becomes a fill (CombineSplatUpdateFromToFill),
                    # which a splat target elides in turn.
                    pairs.append((view.result, view.target))
    return pairs


def _transferred_from(value: ir.Value, result_type: ir.Type) -> ir.Value | None:
    """The nearest value up a chain of transfers ending in ``value`` (``value`` excluded) of
    ``result_type``, if any."""
    producer = defining_op(value)
    while producer is not None and producer.name == ASYNC_TRANSFER:
        value = producer.opview.source
        if value.type == result_type:
            return value
        producer = defining_op(value)
    return None


def _may_be_splat(value: ir.Value, depth: int = 0) -> bool:
    """May IREE's canonicalizer make ``value`` a splat before its post-splice CSE? (Its
    patterns propagate splats through slices and clones, turn splat constants and whole fills
    into splats, and updates or copies of a splat into fills, which may join into a whole one.)
    Anything the model cannot follow (a block argument, a call's result, a load) may be one."""
    producer = defining_op(value)
    if producer is None or depth > 16:
        return True
    name = producer.name
    if name in MAY_BE_SPLATS:
        return True
    if name in SPLAT_THROUGH:
        return _may_be_splat(producer.opview.source, depth + 1)
    if name in WRITE_INTO_TARGET:
        # An update or copy of a splat is a splat once it covers its target, whatever the target
        # was: folded whole, or made a fill (CombineSplatUpdateFromToFill) that adjacent fills
        # join (CoalesceAdjacentFills) and a whole fill makes a splat (FlattenFullFillToSplat).
        return _may_be_splat(getattr(producer.opview, WRITE_INTO_TARGET[name]), depth + 1)
    if name in NEVER_SPLATS:
        return False
    return True


def _loads_as_one(values: dict[sympy.Symbol, ir.Value]) -> dict[sympy.Symbol, sympy.Symbol]:
    """Each symbol of a ``util.global.load`` result, to the symbol of the first load of the same
    global (by symbol name, for a deterministic choice)."""
    first: dict[str, sympy.Symbol] = {}
    out: dict[sympy.Symbol, sympy.Symbol] = {}
    for symbol in sorted(values, key=lambda s: s.name):
        owner = values[symbol].owner
        op = getattr(owner, "operation", owner)
        if isinstance(op, ir.Operation) and op.name == GLOBAL_LOAD:
            name = ir.FlatSymbolRefAttr(op.attributes["global"]).value
            keep = first.setdefault(name, symbol)
            if keep != symbol:
                out[symbol] = keep
    return out


def _may_be_zero(a: ir.Value, scalars: _Scalars) -> bool:
    return scalars.may_equal(scalars.expr(a), sympy.Integer(0))


def _may_fold(a: ir.Value, b: ir.Value, scalars: _Scalars) -> bool:
    return a == b or scalars.may_equal(scalars.expr(a), scalars.expr(b))


def _may_be_made_equal(ea: sympy.Expr, eb: sympy.Expr, scalars: _Scalars) -> bool:
    """May canonicalization make two index values of ``scalars.function`` one value?"""
    values, same = scalars.symbols()
    # Two loads of one global are one value once IREE's CSE merges them (nothing need store the
    # global between them): each stands for the first load of its global.
    if same:
        ea, eb = ea.xreplace(same), eb.xreplace(same)
    difference = sympy.expand(ea - eb)
    if difference == 0:
        return True
    if isinstance(difference, sympy.Integer):
        return int(difference) % _U64 == 0
    if not all(s in values and scalars.opaque(values[s]) for s in difference.free_symbols):
        return True
    if not difference.is_polynomial(*difference.free_symbols):
        # A division, a remainder, a wrap-around: IREE folds these with what the model does not
        # carry into the query (an assumed divisor: ``(n / 16) * 16`` is ``n`` under
        # ``util.assume.int<udiv = 16>``; an overflow flag: ``divui(muli(n, 16) nuw, 16)`` is ``n``).
        return True
    # Only values IREE knows nothing about: they differ in some execution, unless what IREE
    # does know makes them equal (a util.assume.int range its integer optimizations read, an
    # identity its folders apply: maxui(n, n)). z3 decides, under every assumption of the
    # function; anything but a counterexample may fold.
    facts = [fact for fact, _ in scalars.translator.assume_facts(scalars.function)]
    if refute_by_trial(ea, "eq", eb, facts) is not None:
        return False  # (a small counterexample, found without a z3 query)
    return prove_relation(ea, "eq", eb, facts).verdict is not ProofVerdict.REFUTED


class MergeFacts:
    """What merging reads of each function's ops, read once for the module: the passes over a
    function (folds, merges as the IR is, merges with aliases folded) ask the same questions of
    the same ops (their families, scalar signatures, whether two scalars may be made one)."""

    def __init__(self, translator: IndexTranslator, opaque: Opaque, operands_of: OperandsOf | None = None) -> None:
        self.translator = translator
        self.opaque = opaque
        self.operands_of = operands_of
        self._of: dict[ir.Operation, _Scalars] = {}

    def of(self, function: ir.Operation) -> _Scalars:
        scalars = self._of.get(function)
        if scalars is None:
            scalars = self._of[function] = _Scalars(function, self.translator, self.opaque, self.operands_of)
        return scalars


class _Scalars:
    """Scalar operands of one function's ops, as far as merging goes: their signatures, and
    whether two of them may be made one value (see :func:`_compatible`); with each op's family,
    all memoised (a value's signature never changes, and every pass over the function asks for
    it again)."""

    def __init__(
        self, function: ir.Operation, translator: IndexTranslator, opaque: Opaque, operands_of: OperandsOf | None = None
    ) -> None:
        self.function = function
        self.translator = translator
        self.opaque = opaque
        self._operands_of = operands_of
        self._equal: dict[tuple[sympy.Expr, sympy.Expr], bool] = {}
        self._scalars: dict[ir.Value, _Scalar] = {}
        self._shifted: dict[tuple[ir.Value, sympy.Expr], _Scalar] = {}
        self._signatures: dict[ir.Operation, tuple[_Scalar, ...]] = {}
        self._families: dict[ir.Operation, tuple[object, ...]] = {}
        self._operands: dict[ir.Operation, tuple[tuple[ir.Value, ...], tuple[bool, ...]]] = {}
        self._positions: dict[ir.Operation, tuple[int, ...]] = {}
        self._symbols: tuple[int, dict[sympy.Symbol, ir.Value], dict[sympy.Symbol, sympy.Symbol]] | None = None
        self._producers: tuple[int, list[ir.Operation]] | None = None
        self._loads: tuple[int, list[tuple[str, ir.Value]]] | None = None
        #: What merging as the IR is left, when it merged nothing (:class:`_Settled`).
        self.settled: _Settled | None = None

    def expr(self, value: ir.Value) -> sympy.Expr:
        return self.translator.expr(value)

    def producers(self, ops: list[ir.Operation]) -> list[ir.Operation]:
        """The ops of ``ops`` (the function's, in program order: every pass hands the same)
        that IREE may merge (:func:`~stream_model.semantics.op_table.is_mergeable_producer`),
        found once: three passes ask, over every op of the function."""
        if self._producers is None or self._producers[0] != len(ops):
            self._producers = (len(ops), [op for op in ops if is_mergeable_producer(op)])
        return self._producers[1]

    def resource_loads(self, ops: list[ir.Operation]) -> list[tuple[str, ir.Value]]:
        """Each load of a resource global among ``ops`` (as for :meth:`producers`), with the
        global's name, in program order."""
        if self._loads is None or self._loads[0] != len(ops):
            loads = [
                (ir.FlatSymbolRefAttr(op.attributes["global"]).value, op.results[0])
                for op in ops
                if op.name == GLOBAL_LOAD and is_resource(op.results[0])
            ]
            self._loads = (len(ops), loads)
        return self._loads[1]

    def may_equal(self, ea: sympy.Expr, eb: sympy.Expr) -> bool:
        key = (ea, eb)
        if key not in self._equal:
            self._equal[key] = _may_be_made_equal(ea, eb, self)
        return self._equal[key]

    def symbols(self) -> tuple[dict[sympy.Symbol, ir.Value], dict[sympy.Symbol, sympy.Symbol]]:
        """The function's symbols minted so far, with their values, and each load's symbol to
        the first load of its global (:func:`_loads_as_one`); read again only once the
        translator has minted more."""
        minted = self.translator.minted
        if self._symbols is None or self._symbols[0] != minted:
            values = dict(self.translator.symbols_of(self.function))
            self._symbols = (minted, values, _loads_as_one(values))
        return self._symbols[1], self._symbols[2]

    def scalar(self, value: ir.Value) -> _Scalar:
        """The signature of scalar operand ``value`` (:func:`_scalar`)."""
        found = self._scalars.get(value)
        if found is None:
            found = self._scalars[value] = _scalar(value, self.expr)
        return found

    def shifted(self, value: ir.Value, shift: sympy.Expr) -> _Scalar:
        """The signature of 64-bit ``value`` grown by ``shift`` (an offset a fold adds)."""
        key = (value, shift)
        found = self._shifted.get(key)
        if found is None:
            found = self._shifted[key] = _scalar_of(sympy.expand(self.expr(value) + shift))
        return found

    def operands(self, op: ir.Operation) -> tuple[tuple[ir.Value, ...], tuple[bool, ...]]:
        """``op``'s operands, and which of them are resources."""
        found = self._operands.get(op)
        if found is None:
            recorded = self._operands_of(op) if self._operands_of is not None else None
            operands = tuple(op.operands) if recorded is None else recorded
            found = self._operands[op] = (operands, resource_flags(op, operands))
        return found

    def resource_positions(self, op: ir.Operation) -> tuple[int, ...]:
        """Where ``op``'s resource operands are."""
        found = self._positions.get(op)
        if found is None:
            _, resource = self.operands(op)
            found = self._positions[op] = tuple(i for i, r in enumerate(resource) if r)
        return found

    def signature(self, op: ir.Operation) -> tuple[_Scalar, ...]:
        """The signatures of ``op``'s scalar operands, in order."""
        found = self._signatures.get(op)
        if found is None:
            operands, resource = self.operands(op)
            found = self._signatures[op] = tuple(self.scalar(v) for v, r in zip(operands, resource) if not r)
        return found

    def family(self, op: ir.Operation) -> tuple[object, ...]:
        """What CSE compares besides operands: name, attributes (:func:`_attributes`) and
        result types."""
        found = self._families.get(op)
        if found is None:
            # (Types are uniqued in their context, like attributes: one object is one type.)
            found = self._families[op] = (op.name, _attributes(op), tuple(r.type for r in op.results))
        return found


@dataclass(frozen=True)
class _Settled:
    """Merging a function's producers as the IR is, when it merged none: the folds it took,
    its classes (so never grown past the initial ones) and the identities it took under them.
    The fold-twin check takes exactly these when nothing merged anywhere and the folds are the
    same (:func:`fold_twins`), instead of taking them all again."""

    folded: list[tuple[ir.Value, ir.Value]]
    identities: _Identities


def _merges_in_function(
    ops: Iterable[ir.Operation],
    scalars_of: _Scalars,
    version_at: VersionAt | None = None,
    folded: Iterable[tuple[ir.Value, ir.Value]] = (),
) -> list[tuple[ir.Value, ir.Value]]:
    ops, folded = list(ops), list(folded)
    identities = _Identities(_initial_classes(ops, folded, scalars_of), scalars_of.opaque)
    buckets: dict[tuple[object, ...], _Bucket] = {}
    wild: dict[tuple[object, ...], list[ir.Operation]] = {}  # family -> ops that match any
    family_ops: dict[tuple[object, ...], list[ir.Operation]] = {}
    # Per family, every key taken so far with its scalar signature, and those with an operand
    # that may be any value.
    keys: dict[tuple[object, ...], list[_Taken]] = {}
    loose: dict[tuple[object, ...], list[_Taken]] = {}
    pairs: list[tuple[ir.Value, ir.Value]] = []
    for op in scalars_of.producers(ops):
        family = scalars_of.family(op)
        operands, _ = scalars_of.operands(op)
        positions = scalars_of.resource_positions(op)
        variants: list[_Variant] = [(list(operands), None)]
        if version_at is not None:
            folds = fold_variants(op, scalars_of, version_at)
            if folds is None:
                variants = []  # too many ways to fold: it may equal anything of its family
            else:
                variants += folds
        found: list[ir.Operation] = list(wild.get(family, ()))
        if not variants:
            found += family_ops.get(family, [])
            wild.setdefault(family, []).append(op)
        for variant, scalars in variants:
            key, loose_key = identities.key(family, variant, positions)
            earlier = keys.setdefault(family, [])
            taken = _Taken(key[1], scalars, op)
            if loose_key:
                # An operand that may be any value: it meets every op of its family whose other
                # operands match and whose scalars may be its own (CSE compares scalars whatever
                # the resources are: copies salted apart stay apart).
                found += [t.op for t in earlier if t.meets(taken, scalars_of)]
                loose.setdefault(family, []).append(taken)
            else:
                found += [t.op for t in loose.get(family, ()) if t.meets(taken, scalars_of)]
                bucket = buckets.get(key)
                if bucket is None:
                    buckets[key] = _Bucket(op, scalars_of, scalars)
                else:
                    found += bucket.add(op, scalars)
            earlier.append(taken)
        family_ops.setdefault(family, []).append(op)
        seen: set[ir.Operation] = set()
        for other in found:
            if other in seen or other == op:
                continue
            seen.add(other)
            for r, s in zip(other.results, op.results, strict=True):
                if is_resource(r):
                    identities.union(r, s)
                    pairs.append((r, s))
    if version_at is None and not pairs:
        scalars_of.settled = _Settled(folded, identities)
    return pairs


def _initial_classes(
    ops: list[ir.Operation], folded: Iterable[tuple[ir.Value, ir.Value]], scalars_of: _Scalars
) -> _Classes:
    """The values of a function that are one before any producer merges: folded results with
    what they fold into, and the loads of each global."""
    classes = _Classes()
    for result, value in folded:
        classes.union(value, result)  # (the value is defined first: it stays the class's root)
    first_load: dict[str, ir.Value] = {}
    # IREE's CSE merges two loads of one global: taken as one value (a superset).
    for name, loaded in scalars_of.resource_loads(ops):
        classes.union(first_load.setdefault(name, loaded), loaded)
    return classes


@dataclass(slots=True)
class _Identities:
    """The identities of resource operands (:func:`_identity`) under ``classes``, each taken
    once: ``memo`` holds those taken so far, and :meth:`union`, which grows the classes, lets
    them go."""

    classes: _Classes
    opaque: Opaque
    memo: dict[ir.Value | _Captured, object] = field(default_factory=dict)

    def union(self, a: ir.Value, b: ir.Value) -> None:
        """``a`` and ``b`` are one value from now on (the identities taken before are not)."""
        self.classes.union(a, b)
        self.memo.clear()

    def key(
        self, family: tuple[object, ...], operands: Sequence[ir.Value | _Captured], positions: tuple[int, ...]
    ) -> tuple[tuple[tuple[object, ...], tuple[object, ...]], bool]:
        """What CSE compares of an op (or a fold variant of it), its scalar operands aside: its
        family, and the identities of its resource operands (at ``positions``; None at the
        scalar ones); and whether one of them may be any value (:data:`ANY_VALUE`)."""
        out: list[object] = [None] * len(operands)
        loose = False
        for i in positions:
            v = operands[i]
            found = self.memo.get(v, _MISSING)
            if found is _MISSING:
                found = self.memo[v] = _identity(v, self.classes, self.opaque)
            out[i] = found
            loose = loose or found is ANY_VALUE
        return (family, tuple(out)), loose


_MISSING = object()


def _matches(a: tuple[object, ...], b: tuple[object, ...]) -> bool:
    """May operands of identities ``a`` be those of ``b`` (any value matching anything)?"""
    return len(a) == len(b) and all(x is ANY_VALUE or y is ANY_VALUE or x == y for x, y in zip(a, b))


def _folds_meet_another_op(
    ops: list[ir.Operation],
    scalars_of: _Scalars,
    version_at: VersionAt,
    identities: _Identities,
    merged: Iterable[tuple[ir.Value, ir.Value]],
) -> bool:
    """May folding aliases make some producer of the function meet an op it would not meet as
    the IR is: does any fold variant share its key with another op, as it is or folded (or
    have too many variants to list, or an op of a family with a fold variant have an operand that
    may be any value)? When none does, merging with aliases folded finds
    exactly the merges found as the IR is, op by op: the plain variants meet the same ops in
    the same buckets, the classes grow alike, and a fold variant meets nobody.

    The keys are taken under the ``identities``' classes grown by every pair merged as the IR is
    (``merged``), the coarsest classes that pass ever reaches: two keys distinct under them are
    distinct under any finer classes, so "no fold variant meets another op" holds at every
    step."""
    for a, b in merged:
        identities.union(a, b)
    folds_of: dict[ir.Operation, list[_Variant]] = {}
    for op in scalars_of.producers(ops):
        folds = fold_variants(op, scalars_of, version_at, signatures=False)  # (keys only)
        if folds is None:
            return True  # it may equal anything of its family
        folds_of[op] = folds
    # Only a family with a fold variant can hold a key met by one: the others keep their keys,
    # and the classes (the coarsest already) do not grow.
    families = {scalars_of.family(op) for op, folds in folds_of.items() if folds}
    seen: dict[tuple[object, ...], list[tuple[ir.Operation, bool]]] = {}
    for op, folds in folds_of.items():
        family = scalars_of.family(op)
        if family not in families:
            continue
        operands, _ = scalars_of.operands(op)
        for variant, folded in [(operands, False), *((v, True) for v, _ in folds)]:
            key, loose_key = identities.key(family, variant, scalars_of.resource_positions(op))
            if loose_key:
                return True  # it may meet any op of its family
            seen.setdefault(key, []).append((op, folded))
    return any(any(folded for _, folded in entries) and len({op for op, _ in entries}) > 1 for entries in seen.values())


@dataclass(frozen=True, slots=True)
class _Captured:
    """A block argument of region op ``holder`` that captures ``value``: what a consumer's
    operand becomes when the rewrite reroutes its capture to the alias's root (see
    :func:`_fold_chain`)."""

    holder: ir.Operation
    value: ir.Value


class _AnyValue:
    """The identity of a resource operand the model cannot tell from other values: IREE may
    fold it into some other value before CSE runs (a call's result, a loop's, a block argument
    a branch hands over, a value ``scf.if`` chooses). It may equal anything."""

    def __repr__(self) -> str:
        return "<any value>"


ANY_VALUE = _AnyValue()


def _identity(operand: ir.Value | _Captured, classes: _Classes, opaque: Opaque) -> object:
    """What a resource operand is once IREE has folded and merged what it folds and merges: its
    class of merged values, or :data:`ANY_VALUE` where the model cannot tell (the model is
    closed-world: a value it does not enumerate here may be made any other).

    IREE's closure canonicalization (``ClosureOptimizationPattern``) gives one block argument
    to a value an execution or concurrent region captures twice, and one result to a value it
    yields twice: so a block argument stands for the value it captures, within that region,
    and a region's result for the value it yields, out of that region. An ``scf.if`` (or
    switch, or ``scf.execute_region``) result whose every arm yields one value folds to it;
    an ``arith.select`` of one value too. An entry-block argument of a function callers
    outside the module may call is a value of its own (no pass can merge it with another); an
    argument of an internal function may be (``iree-util-ipo`` merges arguments every caller
    passes alike), and any other block argument may be what its predecessors hand it."""
    if isinstance(operand, _Captured):
        return _within(("capture", operand.holder), _identity(operand.value, classes, opaque))
    owner = operand.owner
    if isinstance(owner, ir.Block):
        capture = captured_by(operand)
        if capture is not None:
            holder, outer = capture
            return _within(("capture", holder), _identity(outer, classes, opaque))
        return classes.find(operand) if opaque(operand) else ANY_VALUE
    op = getattr(owner, "operation", owner)
    produced = yielded_as(operand) if is_device_region(op) else None
    if produced is not None:
        region, inner = produced
        return _within(("result", region), _identity(inner, classes, opaque))
    forward = FORWARDS.get(op.name)
    if forward is not None:
        return _identity(forward(op, ir.OpResult(operand).result_number), classes, opaque)
    if is_mergeable_producer(op) or op.name in OWN_VALUES:
        return classes.find(operand)
    if op.name == ARITH_SELECT:
        return _one_of([op.operands[1], op.operands[2]], classes, opaque)
    flow = flow_of(op)
    if flow is not None and not flow.device_body and flow.at_most_once and not flow.multi_block:
        return _one_of([y for r, y in flow.storage_edges(op) if r == operand], classes, opaque)
    return ANY_VALUE


def _one_of(values: list[ir.Value], classes: _Classes, opaque: Opaque) -> object:
    """The identity of a value that is one of ``values`` (the arms of a branch, a select):
    theirs, when they all have one; else any value (a condition IREE folds picks an arm)."""
    found = {_identity(v, classes, opaque) for v in values}
    if len(found) != 1:
        return ANY_VALUE
    return found.pop()


def _within(where: tuple[object, ...], identity: object) -> object:
    return ANY_VALUE if identity is ANY_VALUE else (*where, identity)


#: The version of a value's storage live at a consumer (:func:`stream_model.model.versions.live_version`).
VersionAt = Callable[[ir.Value, ir.Operation], "ir.Value | None"]
#: Resource operands (all operands, in order) and scalar signature of one way to fold.
_Variant = tuple[list["ir.Value | _Captured"], "tuple[_Scalar, ...] | None"]
_MAX_VARIANTS = 16


def fold_variants(
    op: ir.Operation, scalars_of: _Scalars, version_at: VersionAt, signatures: bool = True
) -> list[_Variant] | None:
    """What ``op`` may look like once aliases are folded into it, one variant per choice of how
    far down each operand's chain of slices (and same-affinity transfers, and captures of
    slices yielded by another concurrent region) the rewrite folds: the operand becomes the
    version of that source live at ``op`` and the shifted scalars grow by the slices' offsets.
    None when there are too many choices to list (the op may then equal anything). Without
    ``signatures`` only the operands are worked out (each variant's signature is None): a
    caller comparing resource operands alone is spared the offset algebra."""
    per_operand: list[list[_Fold]] = []
    positions: list[int] = []
    operands, resource = scalars_of.operands(op)
    for i in scalars_of.resource_positions(op):
        value = operands[i]
        if _may_fold_deeper(value) and folds_operand(op, i):
            chain = _fold_chain(value, op, scalars_of.expr if signatures else None, version_at)
            if len(chain) > 1:
                per_operand.append(chain)
                positions.append(i)
    if not per_operand:
        return []
    count = 1
    for chain in per_operand:
        count *= len(chain)
    if count > _MAX_VARIANTS:
        return None
    variants: list[_Variant] = []
    for choice in itertools.product(*per_operand):
        if all(fold.size is None for fold in choice):
            continue  # the op as it is
        folded: list[ir.Value | _Captured] = list(operands)
        scalars: dict[int, _Scalar] = {}
        for i, fold in zip(positions, choice, strict=True):
            if fold.size is None:
                continue
            folded[i] = fold.operand
            if not signatures:
                continue
            for p in shifted_positions(op, i):
                scalars[p] = scalars_of.shifted(operands[p], fold.shift)
            size_at = resized_position(op, i)
            if size_at is not None:
                scalars[size_at] = scalars_of.scalar(fold.size)
        signature = (
            tuple(
                scalars[p] if p in scalars else scalars_of.scalar(v) for p, v in enumerate(operands) if not resource[p]
            )
            if signatures
            else None
        )
        variants.append((folded, signature))
    return variants


@dataclass(frozen=True, slots=True)
class _Fold:
    """One depth an operand may be folded to: the operand it becomes, what its offsets grow by,
    and the size operand it then has (None: not folded)."""

    operand: ir.Value | _Captured
    shift: sympy.Expr
    size: ir.Value | None


#: The producers a fold looks through (:func:`_fold_chain`).
_FOLDED_THROUGH = (ASYNC_SLICE, ASYNC_TRANSFER)


def _may_fold_deeper(value: ir.Value) -> bool:
    """Has :func:`_fold_chain` of ``value`` more than ``value`` itself? A quick test first:
    most operands are neither a slice's result nor a capture of one, and need no chain."""
    owner = value.owner
    if isinstance(owner, ir.Block):
        return _yielded_into(value) is not None
    return getattr(owner, "operation", owner).name in _FOLDED_THROUGH


def _fold_chain(value: ir.Value, consumer: ir.Operation, expr: Expr | None, version_at: VersionAt) -> list[_Fold]:
    """Each depth the rewrite may fold ``value`` to, the first being ``value`` as it is. A
    captured value that another concurrent region yields stays a block argument of the
    consumer's region when folded: the rewrite reroutes the capture to the slice's root, the
    captured value of the slice's own region (``rewrite._reroutes``), at its live version there;
    the offsets and size change. Without ``expr`` the shifts are not worked out (left 0)."""
    chain = [_Fold(value, sympy.S.Zero, None)]
    current, shift = value, sympy.S.Zero
    stays = None
    while len(chain) <= _MAX_VARIANTS:
        if stays is None and isinstance(current.owner, ir.Block):
            yielded = _yielded_into(current)
            if yielded is None:
                return chain
            stays, current = current, yielded
        producer = defining_op(current)
        if producer is None or producer.name not in _FOLDED_THROUGH:
            return chain
        view = producer.opview
        if producer.name == ASYNC_SLICE and expr is not None:
            shift = sympy.expand(shift + expr(view.source_offset))
        current = view.source
        operand = (
            _rerouted(stays, current, version_at) if stays is not None else (version_at(current, consumer) or current)
        )
        chain.append(_Fold(operand, shift, view.source_size))
    return chain


def _rerouted(arg: ir.Value, root: ir.Value, version_at: VersionAt) -> ir.Value | _Captured:
    """Block argument ``arg`` once the rewrite reroutes its capture to ``root``'s captured
    value (its live version at the capturing op); ``arg`` itself where ``root`` is no capture
    (the rewrite does not reroute then)."""
    holder = device_holder(arg.owner)
    root_capture = captured_by(root)
    if holder is None or root_capture is None:
        return arg
    outer = root_capture[1]
    return _Captured(holder, version_at(outer, holder) or outer)


def _yielded_into(arg: ir.Value) -> ir.Value | None:
    """The value another region op yields into the capture that block argument ``arg`` of a
    concurrent region stands for, if any."""
    capture = captured_by(arg)
    produced = yielded_as(capture[1]) if capture is not None else None
    return produced[1] if produced is not None else None


def _attributes(op: ir.Operation) -> tuple[tuple[str, object], ...]:
    """The op's attribute dictionary, as CSE compares it (attributes are uniqued in their
    context: one object is one value; locations are not in it), without its affinities:
    ``iree-stream-schedule-execution`` moves them onto the execution region and drops them from
    the ops, so two producers that differ only there (one spelling the module's default
    affinity) are equal by the time CSE runs; and with its entry points as a set."""
    out: list[tuple[str, object]] = []
    for name, attr in readable_attributes(op):
        if attr is None:  # (unreadable by the bindings: compared as printed)
            out.append((name, attribute_key(op)))
            continue
        if "affinity" in name:
            continue
        if name == "entry_points" and isinstance(attr, ir.ArrayAttr):
            # The canonicalizer drops repeated entry points (DeduplicateAsyncDispatchEntryRefs).
            out.append((name, frozenset(attr)))
            continue
        out.append((name, attr))
    return tuple(sorted(out, key=lambda named: named[0]))


#: A scalar operand, as far as "may canonicalization make two of them one value" goes: a 64-bit
#: constant ``("const", c)``, a 64-bit value ``("sym", non-constant part, constant term)``, a
#: constant of another type ``("attr", printed)``, or anything ``("any",)``.
_Scalar = tuple[object, ...]


@dataclass(frozen=True, slots=True)
class _Taken:
    """One key an op (or a fold variant of it) took in :func:`_merges_in_function`: the
    identities of its resource operands, its scalar signature when not its own operands' (a
    fold variant's), and the op."""

    identities: tuple[object, ...]
    scalars: tuple[_Scalar, ...] | None
    op: ir.Operation

    def meets(self, other: _Taken, scalars_of: _Scalars) -> bool:
        """May CSE merge the two, one of them reading an operand that may be any value? Their
        resource operands must match (:func:`_matches`) and their scalars may be made one."""
        if not _matches(self.identities, other.identities):
            return False
        mine = self.scalars or scalars_of.signature(self.op)
        theirs = other.scalars or scalars_of.signature(other.op)
        return _compatible(mine, theirs, scalars_of)


class _Bucket:
    """The ops (or fold variants of ops) of one function with equal name, attributes, result
    types and resource operand classes: a new one may merge with those whose scalar operands
    may all be equal to its own.

    Scalar signatures are computed once a bucket has two ops (most have one). Ops whose scalars
    are all 64-bit constants are found by hashing; the others are compared one by one."""

    def __init__(self, first: ir.Operation, scalars_of: _Scalars, scalars: tuple[_Scalar, ...] | None = None) -> None:
        self._of = scalars_of
        self._pending: tuple[ir.Operation, tuple[_Scalar, ...] | None] | None = (first, scalars)
        self._exact: dict[tuple[_Scalar, ...], list[ir.Operation]] = {}
        self._inexact: list[tuple[ir.Operation, tuple[_Scalar, ...]]] = []

    def add(self, op: ir.Operation, scalars: tuple[_Scalar, ...] | None = None) -> list[ir.Operation]:
        """The earlier ops ``op`` may merge with; ``op`` joins the bucket. ``scalars``: its
        signature, when not its own operands' (a fold variant)."""
        if self._pending is not None:
            (first, first_scalars), self._pending = self._pending, None
            self._insert(first, first_scalars or self._signature(first))
        sig = scalars or self._signature(op)
        if _exact(sig):
            found = list(self._exact.get(sig, ()))
        else:
            found = [o for other, ops in self._exact.items() if _compatible(other, sig, self._of) for o in ops]
        found += [o for o, other in self._inexact if _compatible(other, sig, self._of)]
        self._insert(op, sig)
        return found

    def _insert(self, op: ir.Operation, sig: tuple[_Scalar, ...]) -> None:
        if _exact(sig):
            self._exact.setdefault(sig, []).append(op)
        else:
            self._inexact.append((op, sig))

    def _signature(self, op: ir.Operation) -> tuple[_Scalar, ...]:
        return self._of.signature(op)


def _exact(sig: tuple[_Scalar, ...]) -> bool:
    return all(s[0] == "const" for s in sig)


def _scalar(value: ir.Value, expr: Expr) -> _Scalar:
    constant = _constant(value)
    if is_64bit_integer(value.type):
        if constant is not None:
            return ("const", ir.IntegerAttr(constant).value % _U64)
        return _scalar_of(sympy.expand(expr(value)))
    return ("any",) if constant is None else ("attr", str(constant))


def _scalar_of(e: sympy.Expr) -> _Scalar:
    """The signature of a 64-bit value with index expression ``e``."""
    offset = sum((t for t in sympy.Add.make_args(e) if isinstance(t, sympy.Integer)), sympy.Integer(0))
    rest = sympy.expand(e - offset)
    return ("const", int(offset) % _U64) if rest == 0 else ("sym", rest, int(offset) % _U64)


def _compatible(a: tuple[_Scalar, ...], b: tuple[_Scalar, ...], scalars_of: _Scalars) -> bool:
    """May canonicalization make every pair of scalar operands one value? Not "are they always
    equal": the sound over-approximation of it (see the module docstring). Two 64-bit values
    are distinct when they differ by a nonzero constant (equal non-constant parts, different
    constant terms), or when their difference depends only on values IREE knows nothing about
    and is not zero under what it does know (:func:`_may_be_made_equal`); other scalars only
    when both are constants and differ."""
    for x, y in zip(a, b, strict=True):
        if x[0] == "any" or y[0] == "any":
            continue
        if x[0] == "attr" or y[0] == "attr":
            if x != y:
                return False
            continue
        x_rest, x_term = (x[1], x[2]) if x[0] == "sym" else (sympy.Integer(0), x[1])
        y_rest, y_term = (y[1], y[2]) if y[0] == "sym" else (sympy.Integer(0), y[1])
        if x_rest == y_rest:
            if x_term != y_term:
                return False
            continue
        x_sum = cast(sympy.Expr, x_rest) + cast(sympy.Expr, x_term)
        y_sum = cast(sympy.Expr, y_rest) + cast(sympy.Expr, y_term)
        if not scalars_of.may_equal(sympy.expand(x_sum), sympy.expand(y_sum)):
            return False
    return True


def _constant(value: ir.Value) -> ir.Attribute | None:
    op = defining_op(value)
    if op is None or op.name != ARITH_CONSTANT:
        return None
    return op.attributes["value"]


class _Classes:
    """Union-find of resource values that may be one value after CSE."""

    def __init__(self) -> None:
        self._parent: dict[ir.Value, ir.Value] = {}

    def find(self, v: ir.Value) -> ir.Value:
        root = v
        while self._parent.get(root, root) != root:
            root = self._parent[root]
        while v != root:
            nxt = self._parent.get(v, v)
            self._parent[v] = root
            v = nxt
        return root

    def values(self) -> list[ir.Value]:
        return list(self._parent)

    def union(self, a: ir.Value, b: ir.Value) -> None:
        ra, rb = self.find(a), self.find(b)
        self._parent.setdefault(ra, ra)
        if ra != rb:
            self._parent[rb] = ra
