"""The alias audit: is an ``alias`` decision right on *every* execution of the program?

Why a second oracle: some wrong aliases never show on the ``local-sync`` runtime, which runs a
function's work in program order (a write racing with a read of the alias only goes wrong on
a device that runs them concurrently), or they show only for loops IREE itself mis-executes
(soundness findings f03, f04, f06, f08, f12 and the unsettled-argument-stability cause). The
analysis promises more than "the bits happened to agree": its rule (``stream_model/safety.py``)
says an alias is safe when every write to the slice's bytes *that can execute while the alias
is live* is ordered before the slice or after every read of the alias, through resource
def-use edges. This module checks that promise on the interpreter's trace
(:func:`.interp.traces`), over every step and every loop iteration, by brute force:

for each executed instance ``S`` of an aliased slice (source buffer ``B``, bytes ``[lo, hi)``),
its reads are the later op instances that use its value or a slice/clone of it (exports and
global stores included: those outlive every write of the call); every instance ``W`` that
writes ``B`` overlapping ``[lo, hi)`` must be an ancestor of ``S`` or have every read as an
ancestor. Ancestry follows resource values only -- index values computed from a resource
(``stream.resource.size``) order nothing (IREE folds them, f08) -- and crosses calls and
region edges exactly as SSA does. Only the concrete ranges of the instances that run matter,
so a "disjointness" resting on facts of an iteration that never ran (f01, the loop-bound leak)
or on a mis-modelled index op (f05) is caught here too.

The audit is independent of the analysis: it reads only the decisions' verdicts and names.
"""

from __future__ import annotations

import dataclasses
import re
from collections.abc import Iterable

from .interp import Event, Trace, traces
from .program import STEPS, Clone, GStore, Op, Program, walk


def aliased_names(decisions: Iterable, k: int) -> set[tuple[str, str]]:
    """The aliased slices of program ``k`` in :class:`.interp.Event` names: ``("p", "v7")``
    for ``%v7`` in ``@p<k>``, ``("c3", "s")`` for the slice in callee ``@p<k>_c3`` (or its
    forwarded body ``@p<k>_c3_b``)."""
    out = set()
    for d in decisions:
        if d.decision != "alias" or getattr(d, "kind", "slice") != "slice":
            continue
        if d.function == f"p{k}":
            out.add(("p", d.result.lstrip("%")))
            continue
        m = re.fullmatch(rf"p{k}_c(\d+)(?:_b)?", d.function)
        if m:
            out.add((f"c{m.group(1)}", "s"))
    return out


def _reads_of(trace: Trace, s: Event) -> list[Event]:
    """Later instances that read the alias ``s`` makes: users of its value, and of slices and
    clones of it (which read the same bytes when they alias too)."""
    views = set(s.defs)
    reads = []
    for e in trace.events[s.index + 1 :]:
        if set(e.uses) & views:
            reads.append(e)
            if e.kind in ("slice", "clone"):
                views |= set(e.defs)
    return reads


def unsafe_instances(
    program: Program, aliased: set[tuple[str, str]], steps: tuple[int, ...] = STEPS, scheduled: bool = False
) -> list[str]:
    """One line per (step, slice, write) where an aliased slice's bytes may be overwritten
    while the alias is live (see the module docstring). Empty when the aliases are sound.
    ``scheduled``: the decisions were made on scheduled IR, where IREE has already made every
    fill of a whole value a fresh splat (the fill writes no buffer the alias reads there)."""
    if not aliased:
        return []
    problems: list[str] = []
    seen: set[tuple] = set()
    for step, trace in zip(steps, traces(program, steps)):
        for s in trace.events:
            if s.kind != "slice" or s.name not in aliased or s.src is None:
                continue
            buf, lo, hi = s.src
            reads = _reads_of(trace, s)
            before_s = trace.ancestors(s.index)
            for w in trace.events:
                if w is s or w.index in before_s or w.index < s.index or (scheduled and w.whole_fill):
                    continue
                hit = [(wl, wh) for b, wl, wh in w.writes if b == buf and wl < hi and lo < wh]
                if not hit:
                    continue
                before_w = trace.ancestors(w.index)
                late = [r for r in reads if r.index not in before_w]
                if not late:
                    continue
                key = (s.name, w.kind, w.name, late[0].kind)
                if key in seen:
                    continue
                seen.add(key)
                problems.append(
                    f"unsound alias: slice {_where(s)} [{lo}, {hi}) at step {step}: {w.kind} {_where(w)} "
                    f"writes [{hit[0][0]}, {hit[0][1]}) of its source and is not ordered after "
                    f"{late[0].kind} {_where(late[0])}, which reads the alias"
                )
    return problems


def _where(e: Event) -> str:
    where, name = e.name
    return name if where == "p" else f"{name} in callee {where}"


def audit(
    program: Program,
    k: int,
    decisions: Iterable,
    scheduled: bool = False,
    copies: Iterable[dict[str, str]] = (),
    stores: Iterable[dict[str, str]] = (),
) -> list[str]:
    """:func:`unsafe_instances` for the aliases the analysis decided in program ``k``, on the
    program as the analysis saw it: with the shared-globals repair's ``copies`` and ``stores``
    (its diagnostics' :attr:`~rewriter.repair.diagnostics.Diagnostic.copies` and ``.stores``)
    made (:func:`with_repair_copies`)."""
    repaired = with_repair_copies(program, k, copies, stores)
    return unsafe_instances(repaired, aliased_names(decisions, k), scheduled=scheduled)


def with_repair_copies(
    program: Program, k: int, copies: Iterable[dict[str, str]], stores: Iterable[dict[str, str]] = ()
) -> Program:
    """``program`` with each in-place write that the shared-globals repair made write a copy of
    another global's buffer writing a :class:`.program.Clone` of it instead, and each store it
    made store a copy storing a clone: the analysis runs on the repaired module, where that
    write leaves the global's buffer alone and that stored value is no global's buffer (a
    reload of the global is the copy), so its aliases are judged there (stream seed 23001: a
    fill through a reload of @g2 is no write of the value an alias was sliced from, once the
    store gave @g2 a copy). Only writes and direct stores of one global at the top level of
    ``@p<k>`` are modelled (the repair's copy anywhere else leaves the program as described:
    the audit then judges on more writes than the analysis saw, which can only report more)."""
    ops = list(program.ops)
    fresh = 1 + max((d for op in walk(program.ops) for d in op.defs()), default=-1)
    for copy in copies:
        if copy["function"] != f"p{k}":
            continue
        at = next((i for i, op in enumerate(ops) if f"%v{_out(op)}" == copy["result"]), None)
        if at is None or ops[at].consumed() is None or f"%v{ops[at].consumed()}" != copy["written"]:
            continue
        ops[at : at + 1] = [Clone(fresh, ops[at].consumed()), dataclasses.replace(ops[at], dst=fresh)]
        fresh += 1
    for store in stores:
        if store["function"] != f"p{k}":
            continue
        at = next((i for i, op in enumerate(ops) if _stores(op, k, store)), None)
        if at is None:
            continue
        ops[at : at + 1] = [Clone(fresh, ops[at].value), dataclasses.replace(ops[at], value=fresh)]
        fresh += 1
    return dataclasses.replace(program, ops=tuple(ops)) if len(ops) != len(program.ops) else program


def _stores(op: Op, k: int, store: dict[str, str]) -> bool:
    """Is ``op`` a direct store of one global that ``store`` (a repair's record) names?"""
    return (
        isinstance(op, GStore)
        and not op.also
        and not op.via
        and f"p{k}_{op.glob}" == store["global"]
        and f"%v{op.value}" == store["stored"]
    )


def _out(op: Op) -> int | None:
    defs = op.defs()
    return defs[0] if len(defs) == 1 else None
