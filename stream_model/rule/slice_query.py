"""One slice under the rule: each write to its source's storage, checked.

A :class:`SliceQuery` holds what every check of one slice needs (the model, the fact store, the
function, the slice, the reads of its alias, its byte range, its loop), so a check is a method
of one write and one access. The verdicts:

* ``ordered-before`` / ``ordered-after``: SSA def-use edges order the write before the slice,
  or after every read of the alias (one instance each: nothing repeats in a loop);
* ``disjoint``: z3 proves the byte ranges disjoint using only facts in scope for *both* the
  slice and the write (:meth:`.FactStore.facts_for`);
* ``overlap`` (with a counterexample), ``unknown`` (z3 gave up), ``unknown-range``: keep.
"""

from __future__ import annotations

from dataclasses import dataclass

from ..interproc.resolved import Resolved
from ..ir.util import defined_inside
from ..model.facts import FactStore
from ..model.program import FunctionModel, OpInfo
from ..report.decisions import Verdict, WriteCheck
from ..semantics.op_table import BYTES_NOT_KNOWN, Access
from ..symbolic.index_arith import pretty
from ..symbolic.proofs import ByteRange, Fact, ProofVerdict, prove_disjoint, relevant_facts
from .loops import LoopContext, feeds_yield


@dataclass
class SliceQuery:
    """The question "may this slice alias its source?" for one slice."""

    resolved: Resolved
    store: FactStore
    fn: FunctionModel
    slice: OpInfo
    reads: list[OpInfo]
    range: ByteRange
    loop: LoopContext | None = None

    # -- one check per write --------------------------------------------------------------------
    def check_write(self, w: OpInfo, acc: Access) -> WriteCheck:
        """A write outside the slice's loop (or anywhere, for a slice in no loop)."""
        check = self._check(w, acc, Verdict.UNKNOWN_RANGE, "")
        s = self.slice
        # One instance each: neither the slice nor the write nor the reads may repeat in a loop.
        if not s.in_loop and not w.in_loop and self.fn.happens_before(w, s):
            return self._verdict(
                check, Verdict.ORDERED_BEFORE, "the slice depends on this write through SSA def-use edges"
            )
        if (
            self.reads
            and not w.in_loop
            and all(not r.in_loop and self.fn.happens_before(r, w) and not self._late_reads(r) for r in self.reads)
        ):
            return self._verdict(check, Verdict.ORDERED_AFTER, "this write depends on every read of the alias")
        wrange = self.store.access_range(acc)
        if wrange is None:
            check.detail = f"its range is unknown ({self._why_unknown(w, acc)})"
            return check
        facts = self.store.facts_for(self.fn, s, w)
        return self._prove(check, wrange, facts, "")

    def check_write_in_loop(self, w: OpInfo, acc: Access) -> list[WriteCheck]:
        """A write in the same loop as the slice, against the slice of iteration ``i``:

        * the same iteration: ordered before the slice or after every read (one body block),
          or disjoint;
        * earlier iterations: ordered when the write is on the loop-carried chain into the
          slice's source, else disjoint for every earlier induction value;
        * later iterations: disjoint for every later induction value (the reads of iteration
          ``i`` are not assumed to precede them).
        """
        assert self.loop is not None
        s = self.slice
        same_block_reads = all(r.block_id == w.block_id and len(r.loops) == 1 for r in self.reads)
        if self.fn.happens_before(w, s):
            same = self.ordered(w, acc, Verdict.ORDERED_BEFORE, "same iteration: the slice depends on this write")
        elif (
            self.reads
            and same_block_reads
            and all(self.fn.happens_before(r, w) and not self._late_reads(r) for r in self.reads)
        ):
            same = self.ordered(w, acc, Verdict.ORDERED_AFTER, "same iteration: this write depends on every read")
        else:
            same = self.check_write(w, acc)
            same.detail = "same iteration: " + same.detail
        if feeds_yield(self.fn, w, self.loop):
            earlier = self.ordered(
                w, acc, Verdict.ORDERED_BEFORE, "earlier iterations: it feeds a loop-carried value the slice depends on"
            )
        else:
            earlier = self.other_iteration(w, acc, "earlier")
        later = self.other_iteration(w, acc, "later")
        return [same, earlier, later]

    def other_iteration(self, w: OpInfo, acc: Access, which: str) -> WriteCheck:
        """The write in another (``earlier`` or ``later``) iteration than the slice's.

        Another iteration is modelled by renaming every symbol defined inside the loop (``i`` to
        a fresh ``i_other``...) in the write's range and in the facts of the write's instance,
        plus ``i_other < i`` or ``i_other > i``. Fresh symbols come from the translator's one
        registry of names: never the same z3 variable as any real value."""
        assert self.loop is not None
        check = self._check(w, acc, Verdict.UNKNOWN_RANGE, "")
        wrange = self.store.access_range(acc)
        if wrange is None:
            check.detail = f"{which} iterations: its range is unknown ({self._why_unknown(w, acc)})"
            return check
        # Translate everything the query mentions first (the write's range, the facts): every
        # symbol defined inside the loop must exist by now to be renamed below.
        known = self.store.facts_for(self.fn, self.slice, w)
        translator = self.resolved.model.translator
        iv = self.store.expr(self.loop.iv)
        inside = {
            s: self.store.renamed(self.fn, s)
            for s, v in translator.symbols_of(self.fn.op)
            if defined_inside(v, self.loop.op)
        }
        if iv not in inside:
            inside[iv] = self.store.renamed(self.fn, iv)
        other_range = ByteRange(wrange.start.xreplace(inside), wrange.end.xreplace(inside))
        other = [
            Fact(f"{f.name} ({which} iteration)", f.lhs.xreplace(inside), f.rel, f.rhs.xreplace(inside))
            for f in known
            if (f.lhs.free_symbols | f.rhs.free_symbols) & set(inside)
        ]
        # The induction variable grows as the loop compares it: signed, or unsigned for
        # ``scf.for unsigned``.
        rel = {("earlier", False): "slt", ("later", False): "sgt", ("earlier", True): "ult", ("later", True): "ugt"}[
            (which, self.loop.unsigned)
        ]
        order = Fact(
            f"{which} iteration: {pretty(inside[iv])} {'<' if which == 'earlier' else '>'} {pretty(iv)}",
            inside[iv],
            rel,
            iv,
        )
        return self._prove(check, other_range, known + other + [order], f"{which} iterations: ", extra=[order])

    def ordered(self, w: OpInfo, acc: Access, verdict: Verdict, detail: str) -> WriteCheck:
        """A check settled by an ordering (no proof needed)."""
        return self._check(w, acc, verdict, detail)

    # -- helpers --------------------------------------------------------------------------------
    def _check(self, w: OpInfo, acc: Access, verdict: Verdict, detail: str) -> WriteCheck:
        names = self.resolved.model.names
        check = WriteCheck(
            op=names.describe(w.op),
            location=names.location(w.op),
            position=names.position(w.op),
            range=None,
            verdict=verdict,
            detail=detail,
            write_op=w.op,
        )
        rng = self.store.access_range(acc)
        if rng is not None:
            check.range = [pretty(rng.start), pretty(rng.end)]
        return check

    @staticmethod
    def _verdict(check: WriteCheck, verdict: Verdict, detail: str) -> WriteCheck:
        check.verdict, check.detail = verdict, detail
        return check

    def _prove(
        self, check: WriteCheck, wrange: ByteRange, facts: list[Fact], prefix: str, extra: list[Fact] | None = None
    ) -> WriteCheck:
        check.range = [pretty(wrange.start), pretty(wrange.end)]
        chosen = relevant_facts(facts, self.range, wrange)
        for f in extra or []:
            if f not in chosen:
                chosen.append(f)
        proof = prove_disjoint(self.range, wrange, chosen, self.store.timeout_ms)
        check.facts_used, check.detail = list(proof.facts_used), prefix + proof.detail
        check.verdict = _VERDICT_OF_PROOF.get(proof.verdict, Verdict.UNKNOWN)
        check.counterexample = proof.counterexample if proof.verdict in _WITH_COUNTEREXAMPLE else None
        return check

    def _late_reads(self, r: OpInfo) -> bool:
        """May ``r`` still read after its results are ready (a call reading off their path)?"""
        return bool(self.resolved.effects(r).late_reads)

    def _why_unknown(self, w: OpInfo, acc: Access) -> str:
        """Why ``w``'s write ``acc`` has no range to compare: said where the access was made,
        or, for a range the op states, that its length operand is not provably ``end - start``."""
        if acc.why:
            return acc.why
        if acc.range_known:
            return "the bytes it writes, its length operand, are not provably end - start"
        return BYTES_NOT_KNOWN


#: A proof's answer as a write check's verdict (a timeout or any other answer: unknown).
_VERDICT_OF_PROOF = {
    ProofVerdict.DISJOINT: Verdict.DISJOINT,
    ProofVerdict.MAY_OVERLAP: Verdict.OVERLAP,
    ProofVerdict.MAY_WRAP: Verdict.WRAPS,
}
_WITH_COUNTEREXAMPLE = (ProofVerdict.MAY_OVERLAP, ProofVerdict.MAY_WRAP)
