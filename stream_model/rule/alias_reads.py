"""Where an alias is read: every use of a slice's result, followed through what preserves it.

Part 1 of the rule (see :mod:`stream_model.rule.safety`): every use of the slice's result only reads it. Slices
and transfers of it are followed (their reads are reads of the alias once they are aliases
too), and so are the region edges of the region ops the model knows; any other use (a tied
operand, an escape, an op the model does not know, a region the model does not follow) is a
reason to keep the copy.
"""

from __future__ import annotations

from iree.compiler import ir

from ..errors import KeepCopy as KeepCopy  # (its old home)
from ..interproc.resolved import Resolved
from ..ir.util import defining_op, parent_op, user_op
from ..model.program import FunctionModel, OpInfo
from ..report.decisions import ReasonCode
from ..semantics.op_table import Kind, callee_name
from ..semantics.ops import ASYNC_SLICE, ASYNC_TRANSFER, TIMEPOINT_AWAIT, UTIL_CALL
from ..semantics.region_flow import exit_flow, flow_of, is_back_edge, is_region_terminator, tied_results


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
            if _carries_to_next_iteration(user, slice_op):
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
            if user.name in (ASYNC_SLICE, ASYNC_TRANSFER):
                work.append(user.results[0])
    return sorted(reads, key=lambda r: r.index)


def _carries_to_next_iteration(user: ir.Operation, slice_op: ir.Operation | None) -> bool:
    """Is ``user`` the terminator of a loop body that holds the slice, handing a value to the
    next iteration?"""
    if slice_op is None or not is_region_terminator(user) or not is_back_edge(user):
        return False
    loop = parent_op(user)
    op: ir.Operation | None = slice_op
    while op is not None:
        if op == loop:
            return True
        op = parent_op(op)
    return False


def region_flow(user: ir.Operation, operand_number: int) -> list[ir.Value] | None:
    """Where a value used by ``user`` flows, when ``user`` is a region op the rule follows an
    alias through (:attr:`stream_model.semantics.region_flow.RegionFlow.alias_followed`) or a terminator of one of
    its regions: the values that then hold the same buffer. A value captured by a device
    region also becomes the results tied to the capture; ``stream.timepoint.await`` hands each
    resource on as its result. None for every other use (not followed: keep)."""
    flow = flow_of(user)
    if flow is not None:
        if not flow.alias_followed:
            return None
        flowed = flow.entry(user, operand_number)
        if flowed is not None and flow.device_body:
            flowed = flowed + tied_results(user, operand_number)
        return flowed
    if is_region_terminator(user):
        if not getattr(flow_of(parent_op(user)), "alias_followed", False):
            return None
        return exit_flow(user, operand_number)
    if user.name == TIMEPOINT_AWAIT:
        if operand_number >= len(list(user.opview.resource_operands)):
            return None  # a size or the timepoint
        return [user.results[operand_number]]
    return None


def _non_read_use(resolved: Resolved, ui: OpInfo, value: ir.Value) -> tuple[str, ReasonCode] | None:
    """Why a use of the alias is not a plain read, and the class of that reason; None for a read
    (the names are looked up only for a reason: nearly every use is a read)."""
    fx = resolved.effects(ui)
    names = resolved.model.names
    if ui.name == UTIL_CALL and callee_name(ui.op) in resolved.capped:
        return (
            f"{names.name(value)} is passed to @{callee_name(ui.op)}, whose summary did not converge before the "
            "iteration cap: the call may read and write everything",
            ReasonCode.FIXPOINT_NOT_REACHED,
        )
    if fx.unknown:
        return f"{names.name(value)} is used by {ui.name}, an op the model does not know", ReasonCode.UNKNOWN_USER
    if any(operand == value for _, operand in fx.tied):
        return (
            f"{names.name(value)} is written in place by {names.describe(ui.op)} (a tied operand)",
            ReasonCode.ALIAS_WRITTEN,
        )
    if any(a.value == value and a.kind is Kind.WRITE for a in fx.accesses):
        return f"{names.name(value)} may be written by {names.describe(ui.op)}", ReasonCode.ALIAS_WRITTEN
    if any(operand == value for _, operand in fx.aliases):
        return (
            f"{names.name(value)} is aliased by {names.describe(ui.op)}; its later uses are not followed",
            ReasonCode.UNKNOWN_USER,
        )
    if value in fx.escapes or (fx.global_store and fx.global_store[0] == value):
        return f"{names.name(value)} escapes through {names.describe(ui.op)}", ReasonCode.ALIAS_ESCAPES
    if ui.has_regions or is_region_terminator(ui.op):
        return (
            f"{names.name(value)} flows through {ui.name} in a way the model does not follow",
            ReasonCode.UNKNOWN_USER,
        )
    if not any(a.value == value and a.kind is Kind.READ for a in fx.accesses):
        return (
            f"{names.name(value)} is used by {names.describe(ui.op)} in a way the model does not describe",
            ReasonCode.UNKNOWN_USER,
        )
    return None
