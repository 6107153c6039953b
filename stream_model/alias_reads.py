"""Where an alias is read: every use of a slice's result, followed through what preserves it.

Part 1 of the rule (see :mod:`.safety`): every use of the slice's result only reads it. Slices
and transfers of it are followed (their reads are reads of the alias once they are aliases
too), and so are the region edges of the region ops the model knows; any other use (a tied
operand, an escape, an op the model does not know, a region the model does not follow) is a
reason to keep the copy.
"""

from __future__ import annotations

from iree.compiler import ir

from .decisions import ReasonCode
from .ir_util import defining_op, parent_op, user_op
from .program import FunctionModel, OpInfo
from .resolved import Resolved
from .semantics import Kind, callee_name, is_resource, tied_operands


class KeepCopy(Exception):
    """Raised while deciding a slice to stop at the first reason to keep the copy: the reason
    in prose (the exception's message) and its class, ``code``."""

    def __init__(self, reason: str, code: ReasonCode) -> None:
        super().__init__(reason)
        self.code = code


def read_points(resolved: Resolved, fn: FunctionModel, result: ir.Value) -> list[OpInfo]:
    """Every op that reads the alias, in program order; raise :class:`KeepCopy` on any use
    that is not a read."""
    names = resolved.model.names
    slice_op = defining_op(result)
    reads: list[OpInfo] = []
    work = [result]
    seen_values: list[ir.Value] = []
    while work:
        value = work.pop()
        if value in seen_values:
            continue
        seen_values.append(value)
        for use in value.uses:
            user = user_op(use)
            ui = fn.info(user)
            if ui is None:
                raise KeepCopy(
                    f"{names.name(value)} is used outside its function by {user.name}", ReasonCode.ALIAS_ESCAPES
                )
            if user.name == "scf.yield" and _carries_to_next_iteration(user, slice_op):
                raise KeepCopy(
                    f"{names.name(value)} is carried into the next iteration of its loop (iter_args), "
                    "where its reads are not ordered with this iteration's writes",
                    ReasonCode.UNSUPPORTED_CONTROL_FLOW,
                )
            flowed = region_flow(user, use.operand_number)
            if flowed is not None:
                if any(a.value == value and a.kind is Kind.WRITE for a in resolved.effects(ui).accesses):
                    # A concurrent region whose tied result yields a value not made in place
                    # from this capture: IREE writes that value into the capture's buffer.
                    raise KeepCopy(
                        f"{names.name(value)} may be written by {names.describe(user)} (a tied result)",
                        ReasonCode.ALIAS_WRITTEN,
                    )
                work.extend(flowed)
                continue
            why = _non_read_use(resolved, ui, value)
            if why:
                raise KeepCopy(*why)
            if ui not in reads:
                reads.append(ui)
            if user.name in ("stream.async.slice", "stream.async.transfer"):
                work.append(user.results[0])
    return sorted(reads, key=lambda r: r.index)


def _carries_to_next_iteration(yield_op: ir.Operation, slice_op: ir.Operation | None) -> bool:
    """Does ``yield_op`` hand a value to the next iteration of a loop that holds the slice?"""
    loop = parent_op(yield_op)
    if loop is None or loop.name not in ("scf.for", "scf.while") or slice_op is None:
        return False
    op: ir.Operation | None = slice_op
    while op is not None:
        if op == loop:
            return True
        op = parent_op(op)
    return False


def region_flow(user: ir.Operation, operand_number: int) -> list[ir.Value] | None:
    """Where a value used by an scf op flows: the values that then hold the same buffer.

    ``scf.for`` init ``k`` becomes iteration argument ``k`` and result ``k``; an ``scf.yield``
    operand becomes the parent's result (and, in a loop, the next iteration argument). None
    for every other use (``scf.while``, ``scf.index_switch``... are not followed: keep)."""
    if user.name == "scf.for" and operand_number >= 3:
        k = operand_number - 3
        body = user.regions[0].blocks[0]
        return [list(body.arguments)[k + 1], user.results[k]]
    if user.name == "scf.yield":
        parent = parent_op(user)
        if parent is None:
            return None
        if parent.name == "scf.for":
            body = parent.regions[0].blocks[0]
            return [parent.results[operand_number], list(body.arguments)[operand_number + 1]]
        if parent.name == "scf.if":
            return [parent.results[operand_number]]
    return _stream_flow(user, operand_number)


def _stream_flow(user: ir.Operation, operand_number: int) -> list[ir.Value] | None:
    """Flow through the scheduled stream IR: a value captured by a ``stream.async.concurrent``
    (``%x as %arg``) is its block argument there, and any result tied to it; a value a
    concurrent region yields is its result (in the enclosing execution region);
    ``stream.timepoint.await`` hands each resource on as its result. A capture by, or a yield
    out of, a ``stream.async.execute`` is not followed: the alias would leave its execution
    region (and outside it, reads are ordered by timepoints this rule does not follow)."""
    if user.name == "stream.async.concurrent":
        operands = list(user.opview.resource_operands)
        if operand_number >= len(operands):
            return None  # a size operand: not a use of the storage
        flowed = [list(user.regions[0].blocks[0].arguments)[operand_number]]
        results = [r for r in user.results if is_resource(r)]
        flowed += [results[k] for k, tied in enumerate(tied_operands(user.opview)) if tied == operand_number]
        return flowed
    if user.name == "stream.yield":
        parent = parent_op(user)
        if parent is None or parent.name != "stream.async.concurrent":
            return None
        if operand_number >= len(list(user.opview.resource_operands)):
            return None
        return [[r for r in parent.results if is_resource(r)][operand_number]]
    if user.name == "stream.timepoint.await":
        if operand_number >= len(list(user.opview.resource_operands)):
            return None  # a size or the timepoint
        return [user.results[operand_number]]
    return None


def _non_read_use(resolved: Resolved, ui: OpInfo, value: ir.Value) -> tuple[str, ReasonCode] | None:
    """Why a use of the alias is not a plain read, and the class of that reason; None for a read."""
    fx = resolved.effects(ui)
    what = resolved.model.names.describe(ui.op)
    name = resolved.model.names.name(value)
    if ui.op.name == "util.call" and callee_name(ui.op) in resolved.capped:
        return (
            f"{name} is passed to @{callee_name(ui.op)}, whose summary did not converge before the "
            "iteration cap: the call may read and write everything",
            ReasonCode.FIXPOINT_NOT_REACHED,
        )
    if fx.unknown:
        return f"{name} is used by {ui.op.name}, an op the model does not know", ReasonCode.UNKNOWN_USER
    if any(operand == value for _, operand in fx.tied):
        return f"{name} is written in place by {what} (a tied operand)", ReasonCode.ALIAS_WRITTEN
    if any(a.value == value and a.kind is Kind.WRITE for a in fx.accesses):
        return f"{name} may be written by {what}", ReasonCode.ALIAS_WRITTEN
    if any(operand == value for _, operand in fx.aliases):
        return f"{name} is aliased by {what}; its later uses are not followed", ReasonCode.UNKNOWN_USER
    if value in fx.escapes or (fx.global_store and fx.global_store[0] == value):
        return f"{name} escapes through {what}", ReasonCode.ALIAS_ESCAPES
    if ui.has_regions or ui.op.name in ("scf.yield", "scf.condition", "stream.yield"):
        return f"{name} flows through {ui.op.name} in a way the model does not follow", ReasonCode.UNKNOWN_USER
    if not any(a.value == value and a.kind is Kind.READ for a in fx.accesses):
        return f"{name} is used by {what} in a way the model does not describe", ReasonCode.UNKNOWN_USER
    return None
