"""Weakening the safety rule on purpose must make the campaign fail.

A campaign that passes whatever the rule says proves nothing. Each test below patches one part
of the rule in ``stream_model`` (pytest's monkeypatch on module attributes; the modules are not
edited) and requires at least one program -- hand-picked (``tests/campaign/handpicked.py``) or
generated -- that runs correctly with the real rule to produce different bits on the IREE
runtime with the weakened one:

a. *ignoring tied chains*: only writes whose written value is the slice's source itself count;
b. *ignoring ordering*: every write "happens before" everything;
c. *treating a solver "may overlap"/"unknown" as disjoint*;
f. *a live version excuses the writes that made it*: an in-place write of the slice's source
   before a call that reads the alias is taken as harmless, as if reading the storage's live
   version there made the write irrelevant (it is the opposite: the live version contains the
   write, so only a write disjoint from the slice may be on its chain; hook:
   ``stream_model.rule.safety._checks``);
h. *producers IREE merges after the splice are two buffers* (hook:
   ``stream_model.postsplice.post_splice.mergeable_pairs``) and i. *the shared-globals repair copies with a
   clone* (hook: ``rewriter.repair.shared_globals.CopyDispatches``): the third review's classes, on
   ``handpicked.THIRD_REVIEW``. (h) shows only at the splice (:data:`SPLICE_ONLY`); (i) the rewrite
   refuses at the splice, where it is caught as a failure, not a bit mismatch (:data:`REFUSED_AT_SPLICE`);
j. *calls share no globals' buffers* (hook: ``stream_model.model.storage._through_calls``): a
   value given to a second global by a setter call, or read back through a getter, goes
   unrepaired (review of the third round's fixes, case 02; ``handpicked.STORED_TWICE_BY_A_SETTER``);
k. *folds make no twins* (hook: ``rewriter.rewrite.elide._fold_makes_a_twin``): an alias folded into a
   consumer that becomes identical to another producer (case 05; ``handpicked.FOLD_TWIN``);
o. *two captures of one value are two operands* (hook: ``stream_model.postsplice.merges.captured_by``):
   IREE's closure canonicalization makes them one block argument of the region, and the
   producers reading them identical (the scheduled campaign's finding: a fold through a
   rerouted capture). (k) and (o) show only after scheduling (:data:`SCHEDULED_ONLY`);
q. *folds never meet another op* (hook: ``stream_model.postsplice.merges._folds_meet_another_op``):
   the merge model's shortcut, which skips looking for fold twins in a function where no fold
   variant shares its key with another op, takes it every time (``handpicked.FOLD_TWIN``, after
   scheduling, as (k));
p. *two loads of one global are two values* (hook: ``stream_model.postsplice.merges._loads_as_one``):
   producers offset by two loads of the step's index global are two buffers, and the globals
   they are stored to get no repair (review of the third round's fixes, case 01;
   ``handpicked.PRODUCERS_OFFSET_BY_TWO_LOADS``; splice only: IREE's pre-splice CSE makes the
   loads one before the hook);
r. *whole copies do not fold* (hook: ``stream_model.postsplice.post_splice.folded_pairs``, its
   ``stream.async.copy`` branch): a copy of a whole value over a fresh target of its size is the
   target's storage, not the value copied (IREE's canonicalizer folds it into its source after
   the splice), and the globals it and its source are stored to get no repair (review 4, finding
   06; ``handpicked.WHOLE_COPY_STORED_TO_A_SECOND_GLOBAL``; splice only: IREE's pre-splice
   canonicalizer folds the copy before the hook. ``handpicked.WHOLE_COPY_WRITTEN``, the fill of
   such a copy over a slice of its source, is caught by the schedule guard as well);
s. *branches of one value are their own* (hook: ``stream_model.postsplice.merges._one_of``): an
   ``scf.if`` (switch, ``execute_region``) result whose every arm yields one value is a value of
   its own, not the value yielded (IREE's canonicalizer folds the branch away after the splice),
   so a slice of the value and the same slice of the branch are two buffers, and the globals they
   are stored to get no repair (``handpicked.BRANCH_OF_ONE_VALUE_STORED_TO_TWO_GLOBALS``; splice
   only: IREE's pre-splice canonicalizer folds the branch, and its CSE the slices, before the
   hook);
t. *a call's store sites are at the value's first operand* (hook:
   ``stream_model.model.storage._through_calls``): with one value passed twice to a setter of
   two globals, the repair copies the wrong operand and the globals still share a buffer (review
   4, finding 03; ``handpicked.SETTER_GIVEN_ONE_VALUE_TWICE``). The rewrite catches it itself
   after scheduling and refuses (:data:`REFUSED_AFTER_SCHEDULING`); IREE's inliner removes the
   setter before the hook of a program entering through its stages;
u. *a branch's result is its first arm's storage* (hook: ``stream_model.model.storage._region_edges``):
   an ``scf.if`` result joins the storage of what its then-arm yields only, so with a branch
   choosing between two globals' buffers (double buffering, review 4, finding 04), an in-place
   write of the else-arm's global is not a write of the result's, and a slice of the result read
   after it is aliased (``handpicked.BRANCH_CHOOSING_BETWEEN_TWO_GLOBALS``: a bit mismatch at the
   splice; through IREE's stages its own copy elision already folds that slice, stock is wrong
   and the alias audit catches the weakened rule; after scheduling the weakened rule keeps the
   copy for another reason, the slice's alias would leave its execution region);
v. *a branch choosing between globals gives one's buffer to the other* (hook:
   ``stream_model.model.storage._only_loaded``): killed in ``tests/e2e/test_shared_globals.py``
   on a loop choosing between them. A branch's result is a choice of its arms' values to the
   detection now (ac, ad), so ``handpicked.BRANCH_CHOOSING_BETWEEN_TWO_GLOBALS`` no longer
   meets the rule, and the campaign draws no loop that reloads a global;
w. *updates of splats need a splat target* (hook: ``stream_model.postsplice.merges._may_be_splat``,
   the merge model before review round 9): an update or copy of a splat may be a splat only when
   its target may be one too, so a splat written over the whole of a dispatch's result is no
   splat, a later fill of it with the splat's own value is not elided, and a producer of the
   fill and the same producer of the update are two buffers: the globals they are stored to get
   no repair (``handpicked.ELIDED_FILL_OF_A_WHOLE_UPDATE_STORED_TO_TWO_GLOBALS``; splice only:
   IREE's pre-splice canonicalizer elides the fill before the hook, and so does the
   canonicalization its scheduling runs before a scheduled hook);
m. *the repair's copy joins the original's execution region* (hook: ``globals_fix._apart``):
   IREE puts both in one allocation and fuses the globals' size globals
   (``handpicked.GETTER_VALUE_COPIED_IN_ONE_ALLOCATION``);
n. *a value written in place from another global's buffer is copied at the store* (hook:
   ``globals_fix._written_in_place``), after the writes changed that global
   (``handpicked.GETTER_RESULT_FILLED_THEN_STORED``);
x. *ops reading any value meet nothing* (hook: ``stream_model.postsplice.merges._Taken.meets``): an
   op whose resource operand the merge model cannot tell from other values (a branch choosing
   between two globals' buffers, a call's result) meets no op of its family, so two equal slices
   of it are two buffers and the globals they are stored to get no repair
   (``handpicked.SLICES_OF_A_BRANCH_OF_TWO_GLOBALS_STORED_TO_TWO_GLOBALS``; splice only: IREE's
   pre-splice CSE merges the slices before the hook);
y. *aliases may change a block whose producers IREE merges across captures* (hook:
   ``rewriter.rewrite.elide._beside_a_capture_merge``): a slice beside a clone of an iota is aliased,
   the first iota lands alone in its wave and IREE's CSE merges the second into it across a
   concurrent region's captures, so the rewritten module fails to compile
   (``handpicked.SLICE_BESIDE_A_CLONE_OF_IOTA``; splice only, a compile failure rather than a
   bit mismatch: :data:`COMPILE_FAILS_AT_SPLICE`; through IREE's stages the clone never
   reaches the hook).
z. *imports are no globals' buffers* (hook: ``stream_model.model.storage.StorageMap._may_meet``):
   storage arriving through ``stream.tensor.import`` alone may be another outside buffer or
   escaped storage, but not a global's buffer, so a write of the global (in place on its load,
   or by a setter call) is no write of the import's bytes, and a slice of the import read after
   it is aliased (``handpicked.IMPORT_OF_A_GLOBAL_WRITTEN_IN_PLACE``,
   ``handpicked.IMPORT_OF_A_GLOBAL_A_CALL_WRITES``: the host passes back the buffer the call
   before exported as the global's). The alias audit catches it, at the splice and through
   IREE's stages: there the buffer passed back is a copy, and at the splice the schedule guard
   exports one too (``rewriter.repair.exported_globals``), so the runtime cannot show it.
aa. *stores give the rewrite no work* (hook: ``stream_model.semantics.scan.GIVES_A_BUFFER``): the
   scan that spares a module with nothing to decide the analysis counts copies only, so a module
   that stores globals but slices nothing skips the shared-globals repair; judged on each of
   :data:`GLOBALS_WITHOUT_SLICES` alone in a module (in a batch some program slices).
ab. *no global is mutable to the scan* (hook: ``stream_model.semantics.scan.UTIL_GLOBAL``): stores
   give work only beside a mutable global; a scan that finds none skips the shared-globals
   repair of mutable globals given one buffer; judged as (aa).
ac. *nested reloads are never forwarded* (hook: ``globals_fix._nested_after``) and ad. *branch
   results are one buffer with their arms' yields* (hook: ``stream_model.model.storage.one_buffer_classes``
   without its ``choices``): the shared-globals repair of a value stored to @g0 and @g1, with an
   ``scf.if`` after the stores reloading @g0 in one arm and @g1 in the other (stream seed
   13104, ``handpicked.RELOAD_IN_A_BRANCH_AFTER_A_SHARED_STORE``), is refused: either the
   arm's reload cannot take the copy, or the branch choosing between the copy and @g1's
   buffer looks like sharing again (:data:`REFUSED_AT_SPLICE`). The repair's other clause, a
   reload in a loop that stores the global again is not forwarded, is shown in
   ``tests/e2e/test_shared_globals.py`` (its weakening reads a stale copy): the real rule
   refuses those programs, so this file's baseline has none it builds.

Two more weaken the parts of the rule the soundness issue is about; they are detected by the
campaign's alias audit (``tests/campaign/audit.py``: the runtime cannot show them), on the
programs of the classes they reintroduce (``handpicked.FINDINGS``) and on generated ones:

d. *ignoring argument stability*: a callee's slice no longer asks whether its callers write the
   argument while the call runs (hook: ``stream_model.rule.safety._check_callers``);
e. *loop facts hold function-wide*: the ``lb <= iv < ub`` facts of every ``scf.for`` are added
   to the function's facts again (hook: ``stream_model.model.facts._loop_bound_facts`` and
   ``FunctionFacts.facts``);
g. *calls write only the globals in the source's base*, not those it may be (hook:
   ``stream_model.interproc.write_set.globals_the_source_may_be``; third review, findings 01 and 02): the
   claim checker's independent scan of the writers keeps the copy, and the campaign's proof
   check reports the unproven claim.

The rule as first released has both weaknesses, so (d) and (e) cannot be told from it yet: their
test fails until the fixes land (no program the real rule gets right goes wrong when weakened).
Once the rule is restructured, point the hooks at its new names.

The rewritten modules are compiled from this process' (patched) rewrite, see
``Oracle(rewrite_in_worker=False)``. Known-issue masking is off (strict), and a detection only
counts for programs the unpatched rule gets right.

The bit mismatches are looked for with every program entering at the splice as written
(``Oracle(at_splice=True)``): the hand-picked programs are splice-level IR, and IREE's pre-splice
stages would fold most of their slices away before the hook. Every weakening must also be
caught the way the campaign judges (programs entering through IREE's pre-splice stages, the
alias audit on the programs as generated): :func:`test_every_weakening_is_caught_as_the_campaign_judges`.

The schedule check's own mutations (a reorder injected into IREE's schedule, a weakened
disjointness) are in ``tests/campaign/test_schedule_mutations.py``.
"""

from __future__ import annotations

import dataclasses
from collections.abc import Callable
from pathlib import Path

import pytest
from iree.compiler import ir
from iree.compiler.dialects import stream

import rewriter.repair.copy_dispatch as copy_dispatch
import rewriter.repair.shared_globals as globals_fix
import rewriter.rewrite.elide as rewrite
import stream_model.interproc.write_set as write_set
import stream_model.model.facts as facts
import stream_model.model.storage as storage
import stream_model.postsplice.merges as merges
import stream_model.postsplice.post_splice as post_splice
import stream_model.rule.claims as claims
import stream_model.rule.safety as safety
import stream_model.rule.slice_query as slice_query
import stream_model.schedule.global_contents as global_contents
import stream_model.semantics.region_flow as region_flow
import stream_model.semantics.scan as scan
from stream_model.ir.util import defining_op
from stream_model.model.program import FunctionModel
from stream_model.report.decisions import Verdict
from tests.campaign import handpicked
from tests.campaign.campaign import sample_batch
from tests.campaign.oracle import FAILING, Oracle, ProgramOutcome, VmfbCache, default_cache_dir

pytestmark = pytest.mark.e2e

SAMPLE_SEED = 424242


def _ignore_tied_chains_in_the_rule(monkeypatch: pytest.MonkeyPatch) -> None:
    original = safety.writes_to_storage_of

    def only_direct_writes(model, fn, src, *args, **kwargs):
        return [(w, acc) for w, acc in original(model, fn, src, *args, **kwargs) if acc.value == src]

    monkeypatch.setattr(safety, "writes_to_storage_of", only_direct_writes)


def _ignore_tied_chains(monkeypatch: pytest.MonkeyPatch) -> None:
    """(a) in the rule and in the claim checker's own scan of the writers, which would keep the
    copy otherwise (that alone is the audited mutation ``ignore-tied-chains-in-the-rule``)."""
    _ignore_tied_chains_in_the_rule(monkeypatch)
    monkeypatch.setattr(claims, "_unchecked_writes", lambda *args, **kwargs: [])


def _ignore_ordering(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(FunctionModel, "happens_before", lambda self, a, b: True)


def _unknown_is_disjoint(monkeypatch: pytest.MonkeyPatch) -> None:
    original = slice_query.prove_disjoint

    def optimistic(*args, **kwargs):
        proof = original(*args, **kwargs)
        if proof.verdict == "disjoint":
            return proof
        return dataclasses.replace(proof, verdict="disjoint", counterexample=None)

    monkeypatch.setattr(slice_query, "prove_disjoint", optimistic)


def _live_version_excuses_its_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    original = safety._checks

    def excused(query, w, acc):  # noqa: ANN001, ANN202 - the patched function's signature
        checks = original(query, w, acc)
        if query.slice.op.name != "stream.async.slice":
            return checks
        source = query.slice.op.opview.source
        on_chain = any(operand == source for _, operand in w.effects.tied)
        read_by_a_later_call = any(r.op.name == "util.call" and r.index > w.index for r in query.reads)
        if not (on_chain and read_by_a_later_call):
            return checks
        return [
            dataclasses.replace(c, verdict=Verdict.DISJOINT, counterexample=None, facts_used=[], detail="live")
            for c in checks
        ]

    monkeypatch.setattr(safety, "_checks", excused)


def _calls_write_only_the_globals_in_the_base(monkeypatch: pytest.MonkeyPatch) -> None:
    """(g) A call writing global @g counts only for a source whose base holds @g, not for one
    that may be @g's buffer (a call result, an argument): the third review's findings 01, 02."""
    monkeypatch.setattr(
        write_set, "globals_the_source_may_be", lambda resolved, src: set(resolved.storage.globals_in_base(src))
    )


def _merged_producers_are_two_buffers(monkeypatch: pytest.MonkeyPatch) -> None:
    """(h) Producers IREE merges after the splice are two buffers, for the alias rule and for
    the shared-globals repair (third review, finding 06)."""
    monkeypatch.setattr(post_splice, "mergeable_pairs", lambda *args, **kwargs: [])


def _calls_share_no_globals(monkeypatch: pytest.MonkeyPatch) -> None:
    """(j) A getter's result and a setter's argument are not the globals' buffers for the
    shared-globals check (review of the third round's fixes, case 02): sharing through calls
    goes unrepaired."""
    monkeypatch.setattr(storage, "_through_calls", lambda op, fx: ([], []))


def _call_store_sites_at_the_values_first_operand(monkeypatch: pytest.MonkeyPatch) -> None:
    """(t) A call's store sites point at the first operand holding the value stored, not at the
    operand position the callee stores (review 4, finding 03: with one value passed twice to a
    setter, the repair copies the operand stored to the first global and the second still
    shares its buffer: the rewrite stops with an internal error)."""
    original = storage._through_calls

    def first_operand(op, fx):  # noqa: ANN001, ANN202 - the patched function's signature
        loads, stores = original(op, fx)
        operands = list(op.operands)
        return loads, [dataclasses.replace(s, operand=operands.index(operands[s.operand])) for s in stores]

    monkeypatch.setattr(storage, "_through_calls", first_operand)


def _folds_make_no_twins(monkeypatch: pytest.MonkeyPatch) -> None:
    """(k) Folding an alias into a consumer never makes it identical to another producer
    (review of the third round's fixes, case 05; ``handpicked.FOLD_TWIN``)."""
    monkeypatch.setattr(rewrite, "_fold_makes_a_twin", lambda *args, **kwargs: None)


def _captures_are_distinct_operands(monkeypatch: pytest.MonkeyPatch) -> None:
    """(o) Two block arguments of one region capturing one value are two operands for merging
    (IREE's ``ClosureOptimizationPattern`` makes them one): a fold through a rerouted capture
    makes a producer identical to another unseen."""
    monkeypatch.setattr(merges, "captured_by", lambda value: None)


def _folds_never_meet_another_op(monkeypatch: pytest.MonkeyPatch) -> None:
    """(q) The merge model's shortcut says no fold variant meets another op, so it looks for
    no fold twins (``handpicked.FOLD_TWIN``, as (k))."""
    monkeypatch.setattr(merges, "_folds_meet_another_op", lambda *args, **kwargs: False)


def _loads_of_one_global_are_two_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """(p) Two loads of one global are two unknowns for the merge model (IREE's CSE makes them
    one value, and the producers they offset one buffer)."""
    monkeypatch.setattr(merges, "_loads_as_one", lambda values: {})


def _whole_copies_do_not_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    """(r) A copy of a whole value over a fresh target of its size does not fold into the value
    copied: the ``stream.async.copy`` branch of ``merges.folded_pairs`` yields nothing."""
    original = post_splice.folded_pairs

    def without_copies(*args, **kwargs):
        return [(r, v) for r, v in original(*args, **kwargs) if defining_op(r).name != "stream.async.copy"]

    monkeypatch.setattr(post_splice, "folded_pairs", without_copies)


def _branches_of_one_value_are_their_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """(s) A branch (or select) whose arms are all one value is a value of its own: ``merges._one_of``
    gives it a fresh identity instead of that value's."""
    monkeypatch.setattr(merges, "_one_of", lambda values, classes, opaque: object())


def _branch_results_are_their_first_arms(monkeypatch: pytest.MonkeyPatch) -> None:
    """(u) An ``scf.if`` result is one storage with what its then-arm yields, not with what the
    else-arm yields (the storage map's region edges keep one arm of the join). The schedule
    check, which follows a global's reloads into the arms of a branch
    (``stream_model.schedule.global_contents``), repairs what this weakening leaves in
    ``handpicked.BRANCH_CHOOSING_BETWEEN_TWO_GLOBALS`` (measured: the guard gives the scale a
    copy and the build is right); so the weakening is judged with that linking off, which tests
    this rule on its own."""
    monkeypatch.setattr(global_contents.GlobalContents, "earlier", lambda self, value: [])
    monkeypatch.setattr(global_contents.GlobalContents, "later", lambda self, value: [])
    original = storage._region_edges

    def then_arm_only(op, into):  # noqa: ANN001, ANN202 - the patched function's signature
        if op.name != "scf.if":
            return original(op, into)
        then = list(region_flow.terminator(op.regions[0].blocks[0]).operands)
        for result, yielded in region_flow.flow_of(op).storage_edges(op):
            if yielded in then:
                into.union(result, yielded)

    monkeypatch.setattr(storage, "_region_edges", then_arm_only)


def _updates_of_splats_need_a_splat_target(monkeypatch: pytest.MonkeyPatch) -> None:
    """(w) An update or copy of a splat may be a splat only when its target may be one too:
    ``merges._may_be_splat`` asks it of the target as well (review round 9's root cause)."""
    original = merges._may_be_splat

    def with_a_splat_target(value: ir.Value, depth: int = 0) -> bool:
        producer = defining_op(value)
        if depth <= 16 and producer is not None and producer.name in ("stream.async.update", "stream.async.copy"):
            return original(value, depth) and merges._may_be_splat(producer.opview.target, depth + 1)
        return original(value, depth)

    monkeypatch.setattr(merges, "_may_be_splat", with_a_splat_target)


def _repair_with_a_clone(monkeypatch: pytest.MonkeyPatch) -> None:
    """(i) The shared-globals repair copies with ``stream.async.clone``, which IREE turns back
    into the producer and merges (third review, findings 03-05)."""

    class Clones(copy_dispatch.CopyDispatches):
        def copy_before(self, op, value, size, scheduled):  # noqa: ANN001, ANN202 - the patched signature
            with op.location, ir.InsertionPoint(op):
                return stream.AsyncCloneOp(value.type, value, size, size).result

    monkeypatch.setattr(globals_fix, "CopyDispatches", Clones)


def _copy_in_the_originals_region(monkeypatch: pytest.MonkeyPatch) -> None:
    """(m) The repair's copy reads the value directly, not through an optimization barrier: it
    joins the execution region, and the allocation, of the original
    (``handpicked.GETTER_VALUE_COPIED_IN_ONE_ALLOCATION``)."""
    monkeypatch.setattr(globals_fix, "_apart", lambda value: value)


def _copy_after_in_place_writes(monkeypatch: pytest.MonkeyPatch) -> None:
    """(n) A value written in place from another global's buffer is copied at the store, after
    the writes changed that global (``handpicked.GETTER_RESULT_FILLED_THEN_STORED``). The
    schedule check, which takes a getter's result and a load of one global for one version
    (``stream_model.schedule.global_contents``), repairs what this weakening leaves in that
    program (measured: the guard gives the fill a copy and the build is right); so the
    weakening is judged with that linking off, which tests this rule on its own."""
    monkeypatch.setattr(globals_fix, "_written_in_place", lambda resolved, value: None)
    monkeypatch.setattr(global_contents.GlobalContents, "earlier", lambda self, value: [])
    monkeypatch.setattr(global_contents.GlobalContents, "later", lambda self, value: [])


def _ops_reading_any_value_meet_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """(x) An op with an operand the merge model cannot tell from other values (a branch's
    result choosing between two buffers, a call's) meets no op of its family: two equal slices
    of it are two buffers (``handpicked.SLICES_OF_A_BRANCH_OF_TWO_GLOBALS_STORED_TO_TWO_GLOBALS``)."""
    monkeypatch.setattr(merges._Taken, "meets", lambda self, other, scalars_of: False)


def _imports_are_no_globals_buffers(monkeypatch: pytest.MonkeyPatch) -> None:
    """(z) An import (storage arriving through ``stream.tensor.import`` alone: no argument, no
    call result in its base) may be another buffer from outside or storage that escaped, but
    never a global's buffer: ``StorageMap._may_meet`` drops the clause "something arriving
    mid-call may be any global's buffer" for it. A write of the global (an in-place op on its
    load, a setter call) then does not count as a write of the import's bytes
    (``handpicked.IMPORT_OF_A_GLOBAL_WRITTEN_IN_PLACE``, ``handpicked.IMPORT_OF_A_GLOBAL_A_CALL_WRITES``).
    The clause's ``y.globals`` part alone is an equivalent mutant: a private global's buffer
    reaches the host only by escaping, which the clause's other part already covers."""
    original = storage.StorageMap._may_meet

    def no_globals(self, x, y):  # noqa: ANN001, ANN202 - the patched method's signature
        only_imported = storage.Exposure.IMPORT in x.exposures and not (
            x.argument or storage.Exposure.OPAQUE in x.exposures
        )
        if only_imported and y.globals and not (y.argument or y.incoming):
            return False
        return original(self, x, y)

    monkeypatch.setattr(storage.StorageMap, "_may_meet", no_globals)


def _alias_beside_capture_merges(monkeypatch: pytest.MonkeyPatch) -> None:
    """(y) A block holding two producers IREE merges across a concurrent region's captures is
    changed like any other: the slice beside them is aliased (``handpicked.SLICE_BESIDE_A_CLONE_OF_IOTA``),
    and IREE's compile of the rewritten module fails."""
    monkeypatch.setattr(rewrite, "_beside_a_capture_merge", lambda model, plan: None)


def _stores_give_the_rewrite_no_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """(aa) The scan that spares a module with nothing to do the analysis sees copies only: a
    module that stores globals but slices nothing skips the shared-globals repair
    (``handpicked.STORED_TWICE``: two globals given one buffer, no slice), and IREE's build
    shows the fill of one global in the other."""
    monkeypatch.setattr(scan, "GIVES_A_BUFFER", frozenset())


def _no_global_is_mutable_to_the_scan(monkeypatch: pytest.MonkeyPatch) -> None:
    """(ab) The scan finds no mutable global (so stores give no work): as (aa), the two
    mutable globals given one buffer are not separated."""
    monkeypatch.setattr(scan, "UTIL_GLOBAL", "(no such op)")


def _nested_reloads_never_forwarded(monkeypatch: pytest.MonkeyPatch) -> None:
    """(ac) The shared-globals repair forwards its copy only to a reload in the store's own
    block: a reload in an ``scf.if`` arm after the store refuses the repair
    (``handpicked.RELOAD_IN_A_BRANCH_AFTER_A_SHARED_STORE``, refused before the stream seed 13104)."""
    monkeypatch.setattr(globals_fix, "_nested_after", lambda *args, **kwargs: False)


def _branch_results_one_buffer_with_their_arms(monkeypatch: pytest.MonkeyPatch) -> None:
    """(ad) The shared-globals detection makes a branch's result and what each arm yields one
    buffer, so the arms' yields are one buffer too: after the repair of
    ``handpicked.RELOAD_IN_A_BRANCH_AFTER_A_SHARED_STORE``, the branch choosing between @g0's
    copy and @g1's buffer looks like sharing again, and the rewrite stops."""
    original = storage.one_buffer_classes
    monkeypatch.setattr(
        storage,
        "one_buffer_classes",
        lambda effects, merged=(), routes=None, choices=None: original(effects, merged, routes),
    )


MUTATIONS: dict[str, Callable[[pytest.MonkeyPatch], None]] = {
    "ignore-tied-chains": _ignore_tied_chains,
    "ignore-ordering": _ignore_ordering,
    "unknown-is-disjoint": _unknown_is_disjoint,
    "live-version-excuses-its-writes": _live_version_excuses_its_writes,
    "merged-producers-are-two-buffers": _merged_producers_are_two_buffers,
    "repair-with-a-clone": _repair_with_a_clone,
    "calls-share-no-globals": _calls_share_no_globals,
    "call-store-sites-at-the-values-first-operand": _call_store_sites_at_the_values_first_operand,
    "folds-make-no-twins": _folds_make_no_twins,
    "captures-are-distinct-operands": _captures_are_distinct_operands,
    "folds-never-meet-another-op": _folds_never_meet_another_op,
    "loads-of-one-global-are-two-values": _loads_of_one_global_are_two_values,
    "whole-copies-do-not-fold": _whole_copies_do_not_fold,
    "branches-of-one-value-are-their-own": _branches_of_one_value_are_their_own,
    "branch-results-are-their-first-arms": _branch_results_are_their_first_arms,
    "updates-of-splats-need-a-splat-target": _updates_of_splats_need_a_splat_target,
    "ops-reading-any-value-meet-nothing": _ops_reading_any_value_meet_nothing,
    "copy-in-the-originals-region": _copy_in_the_originals_region,
    "copy-after-in-place-writes": _copy_after_in_place_writes,
    "alias-beside-capture-merges": _alias_beside_capture_merges,
    "stores-give-the-rewrite-no-work": _stores_give_the_rewrite_no_work,
    "no-global-is-mutable-to-the-scan": _no_global_is_mutable_to_the_scan,
    "nested-reloads-never-forwarded": _nested_reloads_never_forwarded,
    "branch-results-one-buffer-with-their-arms": _branch_results_one_buffer_with_their_arms,
}
#: Weakenings only splice-level input can show: IREE's own pre-splice CSE merges identical
#: producers before copy-on-write, so a program entering through its stages reaches the splice
#: with none left to merge (a slice read whole from offset 0 by a dispatch is folded there
#: too), its canonicalizer folds a whole copy over a fresh target into its source (and a
#: branch whose arms all yield one value into that value, and elides a fill of a splat with its
#: own value: also before a scheduled hook, as scheduling canonicalizes first), and its
#: inliner leaves no getter or setter calls (the campaign's at-splice judging kills them).
SPLICE_ONLY = frozenset(
    {
        "merged-producers-are-two-buffers",
        "calls-share-no-globals",
        "loads-of-one-global-are-two-values",
        "whole-copies-do-not-fold",
        "branches-of-one-value-are-their-own",
        "updates-of-splats-need-a-splat-target",
        "ops-reading-any-value-meet-nothing",
        "alias-beside-capture-merges",
    }
)
#: Weakenings only scheduled IR shows (judged with the hook after scheduling, at the splice as
#: written: through IREE's stages stock already computes ``handpicked.FOLD_TWIN`` wrong). At
#: the splice the hand-picked fold twin computes the right values with the weakened rule too:
#: IREE's remaining stages still clone the merged producer before its in-place write.
SCHEDULED_ONLY = frozenset({"folds-make-no-twins", "captures-are-distinct-operands", "folds-never-meet-another-op"})
#: Weakenings the rewrite itself refuses at the splice: the model knows a clone of a dispatch
#: result is no fresh storage, so a repair by clones leaves the globals sharing a buffer, and a
#: buffer only loaded from two globals has no store to repair; either way the rewrite stops with
#: an internal error (a failure, not a bit mismatch): :func:`test_weakened_rule_is_refused_at_the_splice`.
#: Through IREE's stages the campaign sees them fail (:func:`test_every_weakening_is_caught_as_the_campaign_judges`).
REFUSED_AT_SPLICE = frozenset(
    {
        "repair-with-a-clone",
        "nested-reloads-never-forwarded",
        "branch-results-one-buffer-with-their-arms",
    }
)
#: Weakenings whose rewritten module IREE then fails to compile at the splice (a failure, not a
#: bit mismatch), judged with :data:`REFUSED_AT_SPLICE` by :func:`test_weakened_rule_is_refused_at_the_splice`:
#: (y), an alias beside two producers IREE merges across a concurrent region's captures.
COMPILE_FAILS_AT_SPLICE = frozenset({"alias-beside-capture-merges"})
#: Weakenings the rewrite refuses after scheduling (a failure, not a bit mismatch), on a shape
#: only splice-level input has (IREE's inliner removes setter calls before the hook): judged by
#: :func:`test_weakened_rule_is_refused_after_scheduling`. At the splice (t) is an equivalent
#: mutant on ``SETTER_GIVEN_ONE_VALUE_TWICE``: the fill there writes a fresh copy of @g1 (the
#: repair copies the loaded buffer it fills), so the value given twice is fresh storage, and a
#: copy of either operand leaves the two globals distinct buffers of equal contents.
REFUSED_AFTER_SCHEDULING = frozenset({"call-store-sites-at-the-values-first-operand"})
#: Weakenings whose shapes only IREE's pre-splice stages make (``handpicked.FOUND_THROUGH_IREE_STAGES``):
#: caught as the campaign judges, through those stages.
FLOW_ONLY = frozenset({"copy-in-the-originals-region", "copy-after-in-place-writes"})
#: Weakenings only a module of one program shows: a batch holds some program's slice, and the
#: scan then finds work (:func:`test_weakened_scan_is_detected_on_a_program_alone`).
ALONE = frozenset({"stores-give-the-rewrite-no-work", "no-global-is-mutable-to-the-scan"})
#: Weakenings that also patch the schedule guard (judged with the builds in this process).
GUARD_PATCHED = frozenset({"copy-after-in-place-writes", "branch-results-are-their-first-arms"})


def _ignore_argument_stability(monkeypatch: pytest.MonkeyPatch) -> None:
    """(d) A slice of storage that comes in through an argument is decided as if no caller
    wrote that storage during the call (the rule skips its callers' check)."""
    monkeypatch.setattr(safety, "_check_callers", lambda *args, **kwargs: [])


def _loop_facts_function_wide(monkeypatch: pytest.MonkeyPatch) -> None:
    """(e) Every scf.for's bound facts hold for the whole function (true only inside the loop,
    and only when it runs)."""
    original = facts._Collector.loop_bounds

    def leaky(self, info) -> None:  # noqa: ANN001 - an OpInfo
        original(self, info)
        for key, scoped in list(self.found.items()):
            if scoped.fact.name.startswith("loop bounds"):
                self.found[key] = facts.ScopedFact(scoped.fact, facts.FUNCTION_WIDE)

    monkeypatch.setattr(facts._Collector, "loop_bounds", leaky)


#: Weakenings only the alias audit can see (the runtime does not show the race or the loop).
AUDITED_MUTATIONS: dict[str, tuple[Callable[[pytest.MonkeyPatch], None], tuple[str, ...]]] = {
    "ignore-argument-stability": (_ignore_argument_stability, ("cause1",)),
    "loop-facts-function-wide": (_loop_facts_function_wide, ("cause2", "f01")),
    # The claim checker's plain scan of the writers (stream_model.rule.claims) still sees the call:
    # the campaign's proof check reports the alias as unproven (handpicked.GLOBAL_CALLEE_RACE).
    "calls-write-only-the-globals-in-the-base": (_calls_write_only_the_globals_in_the_base, ()),
    # (a) in the rule only: the claim checker's scan keeps the copy, the proof check reports it.
    "ignore-tied-chains-in-the-rule": (_ignore_tied_chains_in_the_rule, ()),
    # (z) at the splice the guard exports a copy of a global's own buffer the module writes in
    # place (rewriter.repair.exported_globals), so the import passed back is no longer the
    # global's buffer in the tool's build; the audit's trace takes it as the global's
    # (handpicked.IMPORT_OF_A_GLOBAL_WRITTEN_IN_PLACE, handpicked.IMPORT_OF_A_GLOBAL_A_CALL_WRITES).
    "imports-are-no-globals-buffers": (_imports_are_no_globals_buffers, ()),
}


def _programs() -> list:
    return (
        list(handpicked.ALL)
        + sample_batch(SAMPLE_SEED, family="classic")
        + list(handpicked.FOUND_THROUGH_IREE_STAGES)
        + [handpicked.FINDINGS[c] for _, classes in AUDITED_MUTATIONS.values() for c in classes]
    )


@pytest.fixture(scope="module")
def programs() -> list:
    return _programs()


def _judge(
    programs: list, workdir: Path, at_splice: bool, patched: bool, scheduled: bool = False, in_process: bool = False
) -> list[ProgramOutcome]:
    """``in_process``: the builds compile in this process too, so that a patch reaches the
    schedule guard (:data:`GUARD_PATCHED`)."""
    with Oracle(
        workdir,
        VmfbCache(default_cache_dir() if not in_process else None),
        record_faults=False,
        rewrite_in_worker=not patched,
        at_splice=at_splice,
        scheduled=scheduled,
        in_process=in_process,
    ) as o:
        return o.judge(programs).outcomes


@pytest.fixture(scope="module")
def baseline(programs: list, tmp_path_factory: pytest.TempPathFactory) -> list[ProgramOutcome]:
    """The same programs with the real rule (strict: nothing masked), entering at the splice."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
        return _judge(programs, tmp_path_factory.mktemp("baseline"), at_splice=True, patched=False)


@pytest.fixture(scope="module")
def baseline_as_judged(programs: list, tmp_path_factory: pytest.TempPathFactory) -> list[ProgramOutcome]:
    """The same programs with the real rule, entering as the campaign enters them."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
        return _judge(programs, tmp_path_factory.mktemp("baseline-real"), at_splice=False, patched=False)


def _runtime_mismatch(outcome: ProgramOutcome) -> bool:
    return outcome.status == "miscompile" and "step " in outcome.detail


def test_the_real_rule_gets_every_hand_picked_program_right(baseline: list[ProgramOutcome]) -> None:
    assert [o.status for o in baseline[: len(handpicked.ALL)]] == ["ok"] * len(handpicked.ALL)


@pytest.mark.parametrize(
    "mutation",
    sorted(
        set(MUTATIONS)
        - REFUSED_AT_SPLICE
        - COMPILE_FAILS_AT_SPLICE
        - FLOW_ONLY
        - SCHEDULED_ONLY
        - REFUSED_AFTER_SCHEDULING
        - ALONE
    ),
)
def test_weakened_rule_is_detected_by_a_bit_mismatch(
    mutation: str, programs: list, baseline: list[ProgramOutcome], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    MUTATIONS[mutation](monkeypatch)
    mutated = _judge(programs, tmp_path, at_splice=True, patched=True, in_process=mutation in GUARD_PATCHED)
    detected = [
        i
        for i, (before, after) in enumerate(zip(baseline, mutated))
        if before.status == "ok" and _runtime_mismatch(after)
    ]
    n = len(handpicked.ALL)
    print(
        f"{mutation}: detected by hand-picked {[i for i in detected if i < n]}, "
        f"generated {[i - n for i in detected if i >= n]}"
    )
    assert detected, f"weakening the rule ({mutation}) went unnoticed by {len(programs)} programs"


#: Hand-picked programs whose globals the shared-globals repair separates, with no copy to
#: decide: alone in a module, the scan must still find the rewrite's work.
GLOBALS_WITHOUT_SLICES = (
    handpicked.TWIN_GLOBALS,
    handpicked.SHARED_INITIAL_VALUE,
    handpicked.STORED_TWICE,
    handpicked.STORED_TWICE_BY_A_SETTER,
    handpicked.STORED_TWICE_FROM_A_GETTER,
    handpicked.SETTER_GIVEN_ONE_VALUE_TWICE,
    handpicked.WHOLE_COPY_STORED_TO_A_SECOND_GLOBAL,
    handpicked.ELIDED_FILL_OF_A_WHOLE_UPDATE_STORED_TO_TWO_GLOBALS,
)


@pytest.fixture(scope="module")
def alone_with_the_real_scan(tmp_path_factory: pytest.TempPathFactory) -> list[ProgramOutcome]:
    """:data:`GLOBALS_WITHOUT_SLICES` judged with the real scan, each in a module of its own."""
    root = tmp_path_factory.mktemp("alone")
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
        return [
            _judge([p], root / f"real{i}", at_splice=True, patched=True)[0]
            for i, p in enumerate(GLOBALS_WITHOUT_SLICES)
        ]


def test_programs_alone_are_right_with_the_real_scan(alone_with_the_real_scan: list[ProgramOutcome]) -> None:
    """Programs with globals to repair and no slice, each in a module of its own, are right
    with the real scan (what the weakened scans below are told from)."""
    statuses = [o.status for o in alone_with_the_real_scan]
    assert statuses == ["ok"] * len(statuses), [o.detail for o in alone_with_the_real_scan]


@pytest.mark.parametrize("mutation", sorted(ALONE))
def test_weakened_scan_is_detected_on_a_program_alone(
    mutation: str, monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """With the weakened scan, one at least of the programs the real scan gets right alone is
    wrong (judged in order until one is)."""
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    MUTATIONS[mutation](monkeypatch)
    detected = next(
        (
            i
            for i, p in enumerate(GLOBALS_WITHOUT_SLICES)
            if _runtime_mismatch(o := _judge([p], tmp_path / f"weak{i}", at_splice=True, patched=True)[0])
            or o.status in FAILING
        ),
        None,
    )
    print(f"{mutation}: detected by {detected}")
    assert detected is not None, f"weakening the scan ({mutation}) went unnoticed"


@pytest.mark.parametrize("mutation", sorted(REFUSED_AT_SPLICE | COMPILE_FAILS_AT_SPLICE))
def test_weakened_rule_is_refused_at_the_splice(
    mutation: str, baseline: list[ProgramOutcome], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Weakenings the rewrite itself catches at the splice, as a failure of the tool's build
    (the shared-globals repair left globals sharing a buffer) where the real rule's is right."""
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    MUTATIONS[mutation](monkeypatch)
    mutated = _judge(list(handpicked.ALL), tmp_path, at_splice=True, patched=True)
    detected = {
        i: a.detail[:120] for i, (b, a) in enumerate(zip(baseline, mutated)) if b.status == "ok" and a.status in FAILING
    }
    print(f"{mutation} at the splice: detected by hand-picked {detected}")
    assert detected, f"weakening the rule ({mutation}) at the splice went unnoticed"


@pytest.fixture(scope="module")
def baseline_scheduled(tmp_path_factory: pytest.TempPathFactory) -> list[ProgramOutcome]:
    """The hand-picked programs with the real rule, the hook after scheduling
    (``Oracle(scheduled=True)``), entering at the splice as written."""
    with pytest.MonkeyPatch.context() as mp:
        mp.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
        return _judge(
            list(handpicked.ALL), tmp_path_factory.mktemp("baseline-scheduled"), True, patched=False, scheduled=True
        )


def test_the_real_rule_gets_every_hand_picked_program_right_after_scheduling(
    baseline_scheduled: list[ProgramOutcome],
) -> None:
    assert [o.status for o in baseline_scheduled] == ["ok"] * len(handpicked.ALL)


@pytest.mark.parametrize("mutation", ["ignore-ordering", *sorted(SCHEDULED_ONLY)])
def test_weakened_rule_is_detected_after_scheduling(
    mutation: str, baseline_scheduled: list[ProgramOutcome], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The campaign with the hook after scheduling judges the rule on execution and concurrent
    regions: weakening ordering there must show on the runtime too, and so must the weakenings
    only scheduled IR shows. (The finer weakening, "block order is execution order inside a
    concurrent region", needs a shape IREE's scheduler never produces from a program: the IR
    case ``sched_write_after_the_read_in_block_order_only`` kills it, see
    ``tests/unit/test_scheduled_model.py``.)"""
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    MUTATIONS[mutation](monkeypatch)
    mutated = _judge(list(handpicked.ALL), tmp_path, at_splice=True, patched=True, scheduled=True)
    detected = [
        i for i, (b, a) in enumerate(zip(baseline_scheduled, mutated)) if b.status == "ok" and _runtime_mismatch(a)
    ]
    print(f"{mutation} after scheduling: detected by hand-picked {detected}")
    assert detected, f"weakening the rule ({mutation}) on scheduled IR went unnoticed"


@pytest.mark.parametrize("mutation", sorted(REFUSED_AFTER_SCHEDULING))
def test_weakened_rule_is_refused_after_scheduling(
    mutation: str, baseline_scheduled: list[ProgramOutcome], tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Weakenings the rewrite itself catches after scheduling, as a failure of the tool's build
    (the shared-globals repair left globals sharing a buffer) where the real rule's is right."""
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    MUTATIONS[mutation](monkeypatch)
    mutated = _judge(list(handpicked.ALL), tmp_path, at_splice=True, patched=True, scheduled=True)
    detected = {
        i: a.detail[:120]
        for i, (b, a) in enumerate(zip(baseline_scheduled, mutated))
        if b.status == "ok" and a.status in FAILING
    }
    print(f"{mutation} after scheduling: detected by hand-picked {detected}")
    assert detected, f"weakening the rule ({mutation}) on scheduled IR went unnoticed"


@pytest.mark.parametrize("mutation", sorted(AUDITED_MUTATIONS))
def test_weakened_rule_is_detected_by_the_alias_audit(
    mutation: str, programs: list, baseline: list[ProgramOutcome], monkeypatch: pytest.MonkeyPatch, tmp_path: Path
) -> None:
    """Fails on the rule as first released (it already has both weaknesses: no program it gets
    right exists to detect them); passes once the soundness fixes land."""
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    AUDITED_MUTATIONS[mutation][0](monkeypatch)
    mutated = _judge(programs, tmp_path, at_splice=True, patched=True)
    detected = [
        i
        for i, (before, after) in enumerate(zip(baseline, mutated))
        if before.status == "ok" and after.status in FAILING
    ]
    print(f"{mutation}: detected by programs {detected}")
    assert detected, f"weakening the rule ({mutation}) went unnoticed by {len(programs)} programs"


@pytest.mark.parametrize(
    "mutation",
    sorted({*MUTATIONS, *AUDITED_MUTATIONS} - SPLICE_ONLY - SCHEDULED_ONLY - REFUSED_AFTER_SCHEDULING - ALONE),
)
def test_every_weakening_is_caught_as_the_campaign_judges(
    mutation: str,
    programs: list,
    baseline_as_judged: list[ProgramOutcome],
    monkeypatch: pytest.MonkeyPatch,
    tmp_path: Path,
) -> None:
    """Through IREE's pre-splice stages, by a bit mismatch or by the alias audit."""
    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    weaken = MUTATIONS[mutation] if mutation in MUTATIONS else AUDITED_MUTATIONS[mutation][0]
    weaken(monkeypatch)
    mutated = _judge(programs, tmp_path, at_splice=False, patched=True, in_process=mutation in GUARD_PATCHED)
    detected = {
        i: after.status
        for i, (before, after) in enumerate(zip(baseline_as_judged, mutated))
        if before.status in ("ok", "upstream-fault") and after.status in FAILING
    }
    print(f"{mutation}: detected by programs {detected}")
    assert detected, f"weakening the rule ({mutation}) went unnoticed by {len(programs)} programs"


def test_a_detected_weakening_shrinks_to_a_small_program(monkeypatch: pytest.MonkeyPatch, tmp_path: Path) -> None:
    """The shrinking procedure end to end (hypothesis over the batch, then the greedy pass over
    the failing program's description): with ordering ignored, the first failing generated
    batch reduces to a program of a few ops that still miscompiles."""
    from tests.campaign.campaign import run_campaign
    from tests.campaign.strategies import CLASSIC_KINDS, FOCUSED_RATES

    monkeypatch.setenv("SLICE_ELISION_CAMPAIGN_STRICT", "1")
    _ignore_ordering(monkeypatch)
    with Oracle(tmp_path, VmfbCache(default_cache_dir()), record_faults=False, rewrite_in_worker=False) as o:
        # The first campaign's straight-line shapes: the new ones meet the rule's own open
        # soundness issues, which would shrink instead of the weakening.
        result = run_campaign(
            o,
            seed_value=99,
            max_batches=3,
            batch_size=8,
            stop_at_first=True,
            save_regressions=False,
            shrink_seconds=30,
            kinds=CLASSIC_KINDS,
            rates=FOCUSED_RATES["classic"],
        )
    assert result.findings, "ignoring ordering went unnoticed"
    (program,) = result.findings[0].batch
    print(f"\nshrunk to:\n{program.describe()}")
    assert len(program.ops) <= 4
    # A wrong alias the audit sees counts as much as one the runtime shows (the audit may see
    # it first: hypothesis keeps whichever failure it shrinks towards).
    message = result.findings[0].message
    assert "miscompile" in message or "unsound alias" in message
