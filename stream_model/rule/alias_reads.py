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
from ..report.messages import (
    ALIASED_BY,
    CARRIED_TO_NEXT_ITERATION,
    ESCAPES_THROUGH,
    FLOWS_THROUGH,
    MAY_BE_WRITTEN,
    PASSED_TO_CAPPED_CALLEE,
    USED_BY_UNKNOWN_OP,
    USED_OUTSIDE_FUNCTION,
    USED_UNDESCRIBED,
    WRITTEN_AS_TIED_RESULT,
    WRITTEN_IN_PLACE,
)
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
                raise USED_OUTSIDE_FUNCTION.keep_copy(value=names.name(value), op=user.name)
            if _carries_to_next_iteration(user, slice_op):
                raise CARRIED_TO_NEXT_ITERATION.keep_copy(value=names.name(value))
            flowed = region_flow(user, use.operand_number)
            if flowed is not None:
                if any(a.value == value and a.kind is Kind.WRITE for a in resolved.effects(ui).accesses):
                    # A concurrent region whose tied result yields a value not made in place
                    # from this capture: IREE writes that value into the capture's buffer.
                    raise WRITTEN_AS_TIED_RESULT.keep_copy(value=names.name(value), op=names.describe(user))
                work.extend(flowed)
                continue
            why = _non_read_use(resolved, ui, value)
            if why is not None:
                raise why
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


def _non_read_use(resolved: Resolved, ui: OpInfo, value: ir.Value) -> KeepCopy | None:
    """Why a use of the alias is not a plain read (the exception that says so); None for a read
    (the names are looked up only for a reason: nearly every use is a read)."""
    fx = resolved.effects(ui)
    names = resolved.model.names
    if ui.name == UTIL_CALL and callee_name(ui.op) in resolved.capped:
        return PASSED_TO_CAPPED_CALLEE.keep_copy(value=names.name(value), callee=callee_name(ui.op))
    if fx.unknown:
        return USED_BY_UNKNOWN_OP.keep_copy(value=names.name(value), op=ui.name)
    if any(operand == value for _, operand in fx.tied):
        return WRITTEN_IN_PLACE.keep_copy(value=names.name(value), op=names.describe(ui.op))
    if any(a.value == value and a.kind is Kind.WRITE for a in fx.accesses):
        return MAY_BE_WRITTEN.keep_copy(value=names.name(value), op=names.describe(ui.op))
    if any(operand == value for _, operand in fx.aliases):
        return ALIASED_BY.keep_copy(value=names.name(value), op=names.describe(ui.op))
    if value in fx.escapes or (fx.global_store and fx.global_store[0] == value):
        return ESCAPES_THROUGH.keep_copy(value=names.name(value), op=names.describe(ui.op))
    if ui.has_regions or is_region_terminator(ui.op):
        return FLOWS_THROUGH.keep_copy(value=names.name(value), op=ui.name)
    if not any(a.value == value and a.kind is Kind.READ for a in fx.accesses):
        return USED_UNDESCRIBED.keep_copy(value=names.name(value), op=names.describe(ui.op))
    return None
