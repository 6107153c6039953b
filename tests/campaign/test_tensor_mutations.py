"""Each rule of the schedule check's closed world over globals, weakened, is killed by a
hand-picked tensor-level program (``tensor_programs.py``): with the weakening the tool's build
computes plain ``iree-compile``'s wrong answer, or refuses a program it builds right.

* *reloads in nested regions start knowing nothing* (the check before finding 4/01: nothing
  carried into an arm, a loop body or a switch case): the reload in an ``scf.if`` arm reads the
  update made in place before it;
* *a callee's loads are not reads at the call*: the callee's reload reads the update its caller
  made in place;
* *a callee's in-place writes of a global's buffer are not writes at the call*: the caller's
  load, read after the call, sees the callee's update;
* *a loaded value's writes along the way forgotten* (every write taken as made where the global
  had moved on; the second pass, :class:`stream_model.schedule.global_contents.Consumption`):
  a reload in a loop body after the update;
* *blocks compared in text order* (finding 4/02): a function whose blocks are written out of
  execution order is refused, though plain iree-compile builds it right;
* *constants left writable* (the check's ``immutable-written`` rule): a row inserted into a
  ``util.unfoldable_constant`` faults on the runtime, as plain iree-compile's build does;
* *versions made before a loop taken as written once* (the check's ``consumed-in-a-loop`` rule):
  a row inserted into an ``arith.constant`` in every iteration of a loop, one element further on,
  meets the row the iteration before wrote (IREE clones the constant once, before the loop), as
  plain iree-compile's build does;
* *hand-written kernels writing every binding* (the closed world before issue 35: a ``memref``
  binding may be written): a hand-written kernel that reads the caller's argument is refused as
  a write into the caller's buffer, though plain iree-compile builds it right;
* *pairs the check cannot decide refused* (the guard refuses only a hazard it can show): a call
  whose result is tied to its argument, then the argument's old value read, is refused, though
  plain iree-compile builds it right;
* *imports taken as writable* (the check's ``callers-buffer-written`` rule): a row inserted into
  an argument cache changes the caller's array;
* *a select of two globals' buffers giving neither* (the shared-globals check before review 17):
  a branch of a clone of @g's load or @h's load, stored to @h, is a select of the two buffers
  before the splice, and a write of @g shows in @h, as plain iree-compile's build does;
* *accesses IREE removes across a region not seen* (``global_order._removed_across``): a reload
  after a loop that stores the global returns the value loaded before the loop, and a store a
  later one overwrites is dropped though a loop between them reads it, as plain iree-compile's
  builds do;
* *a region IREE folded away still counts*, *dead code reads* (the two ways that rule is kept
  from refusing right builds): a reload after an inlined ``scf.if %true`` that IREE folds, and
  a reload only dead code reads, are refused though plain iree-compile builds them right;
* *stores of one value kept apart* (``global_order._one_store_per_value``): a store and a loop
  storing the same value, which IREE reorders, are refused though plain iree-compile builds them
  right; *stored values not through clones* (``global_order._stored_value`` taking the operand
  as it is) refuses two stores of one value that IREE's stream conversion clones apart and its
  schedule swaps, which plain iree-compile builds right; *every store of one value* builds a
  store IREE's schedule drops below an earlier one of another value, as stock does (wrong);
  *carried arguments followed no further* (``region_flow.invariant_argument`` unread) builds a
  mirror stored only in an ``scf.while``'s condition region, with the load the loop carries
  unchanged, as stock does (wrong: IREE takes it for the global it mirrors); *loops of one
  bound still run* and *false conditions still run the body* (``region_flow.never_run`` without
  them) refuse a roll-back of the carried load in a loop that never turns, which plain
  iree-compile builds right; *inlined copies one access* (the schedule's runs keyed without
  where IREE inlined each store) refuses an updater inlined twice, which plain iree-compile
  builds right; *constant branches take every successor* (the walk of the input not folding a
  ``cf.cond_br`` or ``cf.switch`` on a constant) builds a doubling update, then a reload in a
  while loop in the arm or case such a branch takes, as stock does (wrong: IREE hoists the
  reload above the update); *switch flags compared as read* (an i1 flag ``true``, read as
  -1, compared with its case ``1`` as they come) takes the default of such a switch for the
  case it selects and builds the update's program as stock does (wrong); *arms order no read*
  (``global_order._read_moved_across_an_arm`` unasked: a store in a ``cf`` arm left out of the
  comparison) builds the updater called in two arms MLIR merges before a reload IREE hoists
  above it, as stock does (wrong; the updater in an arm a compare of constants takes is in the
  block the branch folds into: ``region_flow.constant_condition``); *carried values are read* (a loop's terminator taken for a read of what it hands
  on) refuses a load whose value only goes round a loop that drops it, before IREE takes the
  global for a constant's, which plain iree-compile builds right; *values of constants are no loads*
  (a store of an expression of constants taken for a store of no load) builds a global given
  only a sum of two constants, whose load before the store IREE takes for the sum, as stock
  does (wrong); *values of constants kept apart* (each such value a constant of its own, never
  another's) builds a global given a literal constant and an equal sum of constants, which
  IREE merges, as stock does (wrong);
* *stores of a global's own load erased unseen* (``global_folds.dropped_restores``): a
  roll-back after a speculative update is lost, as in plain iree-compile's build; *any write
  between* (the rule without asking that it write the same global) refuses a right build;
  *arms never run still count* (the event walk entering the arm an ``scf.if``'s constant
  condition never chooses, as before the tensor campaign's seed 9394) refuses a roll-back in
  the dead ``else`` of an ``scf.if %true``, which plain iree-compile builds right; *the chosen
  arm taken for dead* builds the roll-back in the ``then`` of an ``scf.if %true``, which IREE
  erases after it folds the if, as stock does (wrong); *folded branches are no loads* (a
  stored value not followed through an ``scf.if`` on a constant to what its chosen arm yields)
  builds a mirror synced through such an if as stock does (wrong: IREE takes it for the global
  it mirrors before its first sync); *selects on constants are no loads* builds a roll-back
  chosen by an ``arith.select`` on a constant as stock does (wrong); *loops of no iteration
  still run* refuses a roll-back in a loop of no iteration, which plain iree-compile builds
  right; *chosen arms keep their scope* refuses a mirror synced in the arm an ``scf.if %true``
  chooses before it is read, which plain iree-compile builds right (the sync taken for one
  not every run makes);
  *setter arguments are no loads* (a setter's store of its argument not read as the call's
  operand) builds a roll-back through an inlined setter as stock does (wrong); review 23's
  corrections weakened back: *overwritten only through one call chain* refuses a roll-back
  through a setter that a store after the call, or a second call of the setter, overwrites
  unread; *setter stores in cf arms are loads* refuses a setter whose store sits in a cf arm
  its call's constant flag turns off; *kept calls pass no loads* refuses @g's own load handed
  to a never-inlined setter and stored back (review 21's p17); plain iree-compile builds all
  four right; review 24's *kept setters' stores are idle* refuses the old load handed to a
  never-inlined setter, which plain iree-compile builds right; review 29's *overwrites need
  not stay* builds a roll-back overwritten by a store of ``old + 0`` (MLIR folds it to the
  old load, and IREE erases it too) as stock does (wrong), *addresses read nothing* one
  overwritten after a read of the global through its address, *erased stores overwrite* a
  store of another global's load that IREE keeps as the one its roll-back does not
  overwrite, and *stores of own loads forward* a reload forwarded from a store of the
  global's own load once IREE took the global for another; the rule's extension to a
  roll-back in an arm or a loop, overwritten after the join: *next turns read nothing* builds
  one whose loop reloads the global before the roll-back as stock does (wrong), *next turns
  run one region* one in a while loop's body whose condition reloads it, *cf cycles run once*
  one in a ``cf`` loop whose header reloads it (a back edge leads nowhere), *irreducible
  regions run in order* (each branch takes its first successor) one in an arm that enters a
  ``cf`` cycle at a block the order lists after the cycle's reader; *sibling
  arms follow* refuses a roll-back whose write between, or whose next read, is in the arm
  beside it, which plain iree-compile builds right;
* *switches unmodelled* (``cf.switch`` out of the closed world, as before review 11): a constant
  handed to an inner ``cf`` cycle through a switch is refused as written by the switch, though
  plain iree-compile builds it right;
* *globals IREE takes for another unseen* (``global_folds.chained_globals``): a snapshot global
  reads the live one; *never equal* (no store taken to make them equal again) refuses a mirror
  global that is synced before every read, which plain iree-compile builds right; *renames need
  every store a load* (the rule before the tensor campaign's seed 6071): a mirror also synced in
  a helper's loop that a call of it with 0 makes of no iteration, which IREE erases, reads the
  live global before its first sync; *unshown stores break* (such a store taken as a write
  nothing restores) refuses a mirror kept equal and also synced in such a loop, which plain
  iree-compile builds right (a loop whose own bounds give it no iteration the walk skips);
  *unread loads keep a store* (a load nothing reads taken as an access before the next store)
  builds a reset, an unused read and a set to a constant as stock does (wrong: IREE deletes the
  read, erases the reset and takes the global for the constant); *read loads keep a store*
  (the rule before review 16: only a load nothing reads skipped) builds the same with the read
  returned as stock does (wrong: IREE forwards the reset to the read); *unshown stores restore after
  a write* (review 14) builds an old value read through an inlined getter and stored through
  an inlined setter after the global was written as stock does (wrong);
  *chains stop at unshown globals* builds a copy of a copy synced through a select of the load
  with itself (a fold the check does not read; a loop of one iteration was one until the check
  read loops MLIR folds) as stock does (wrong);
* review 6's corrections, each weakened back: *writes between need not stay* and *restores
  overwritten still count* refuse a roll-back after a write IREE folds away (made by a helper
  whose flag is off at the call: the walk itself skips a write in an arm a constant never
  chooses) and one a final store overwrites; *forwarded loads read the other global* refuses a copy read back in its
  block; *copies in arms make globals equal* builds a copy in an ``scf.if`` arm as if it always
  ran (stock's wrong answer); *stores in cf arms join runs* lets a store sink past a loop that
  reads it; *region stores of the forwarded value count* refuses a cache row stored again in a
  loop;
* *stored constants are no globals* (``global_order.constant_global``): a global stored only with
  one constant reads it before any store, as plain iree-compile's build does; *constant globals
  never start equal* refuses a reset to the global's own initial value, which IREE renames
  rightly; *immutable globals are not their constants* builds a global set from an immutable
  global and from the same constant as stock does (wrong);
* *overwritten loop work counts* (``global_order._only_overwritten_work``): a loop whose work on
  the global a later store overwrites unread is refused after IREE drops the store before it,
  though plain iree-compile builds it right;
* review 7's, each weakened back: *every block merged* and *erased stores decide renames* build
  a snapshot read after a branch, and a mirror cleared then copied, as stock does (wrong);
  *initializers' loads unseen* and *full inserts are new values* build an initializer's copy
  and a snapshot taken through a full insert as stock does; *every region repeats*, *inlined
  callees keep their blocks* and *inlined functions are entries* refuse a copy read in an
  ``scf.if``, a copy through an inlined setter and a read through an inlined getter, which
  plain iree-compile builds right;
* the check's ``freed-as-a-loop-result`` rule (tensor campaign seed 13102), each part weakened:
  *loops never return their inits* and *while loops never return their inits* (no loop, or no
  ``scf.while``, taken to return an init when it turns no time) build a loop of no turn whose
  init the function returns, and *results read are kept* (only a result nothing reads taken as
  freed) one whose result is read before its init is returned, as stock does: on local-task
  the host's read of the init's freed buffer fails; review 32's shapes, each with its
  weakening: *in-place results are their own buffers* (an init written in place), *region
  values are their own buffers* (an outer loop's carried value, a first loop's result handed
  to a second), *allocations hold one value* (another result of the init's dispatch, in its
  allocation), *outer blocks run nothing after* (a loop in an arm, its init returned after
  the if; a loop in an outer loop, its init read after that) and *outer loops run their body
  once* (the outer loop's next turn reads the init), and *callers' buffers are not freed* (a
  callee's loop on its argument, which the caller returns after the call) build what stock
  builds;
* the roll-back rule on the paths of execution (``schedule/event_flow.py``: tensor campaign seed
  14101, review 34): *paths back are unasked* (only writes listed between the load and the
  roll-back) builds as stock does (wrong) the seed's ``cf`` loop, its while-loop form, a
  roll-back in an inner ``cf`` loop's header, in an irreducible cycle, in a ``cf`` loop in an
  ``scf.execute_region``, and an ``scf.for`` body that rolls back, reads and writes (by a
  store, by a kept setter); *roll-backs are never overwritten* (no store on a path from the
  roll-back stops it) refuses a roll-back every path from which meets a write first (in its
  own block; in the only block that exits; in a while loop's condition), *paths back pass
  the load* refuses a loop whose header reloads the global, *opaque copies restore nothing*
  and *barriers hide the bytes* a loop that stores an optimization barrier of the load after
  its write, *arms are paths* a roll-back guarded to a loop's first turn (and *steady
  conditions vary*, every arm taken to change from turn to turn, builds a write or a roll-back
  in an arm on an entry block's condition as stock does: wrong; *only the entry block is
  steady* one with the write in an arm whose condition a later block makes before the loop; review 36's
  *unknown ops take the paths away* one beside an ``scf.parallel``), *loops turn unknown
  times* one an inner loop of two turns overwrites and one in a loop of one turn, all built
  right by plain iree-compile;
* *forwarded writes are unseen* (``_forwarded_then_erased`` unasked: tensor campaign seed 14103):
  a write between a load and its roll-back that IREE forwards to a callee's load and then
  erases is built as stock builds it, and *unused loads are read* one forwarded past an unused
  load; *fills are no constants* (tensor campaign seed 15101)
  builds as stock does a global whose only store stores a ``linalg.fill`` of a constant,
  which IREE takes for a constant, and *fills read what they fill* (seed 15102) refuses one
  whose only load is what the fill fills, and *branches read what they hand on* (seed 15103)
  one whose load also goes to a ``cf`` block argument nothing reads, both built right by
  plain iree-compile; review 35's folds, weakened: *identity folds unseen*
  refuses a roll-back after a store of its load plus zero, and *compares of constants
  unfolded* a roll-back whose only read sits behind a branch on a compare of two constants,
  and a write, roll-back and reload in an ``scf.if`` on one, all built right by stock;
* *renamed globals' own work read* (``global_folds._reads`` asking a load whose value goes only
  into its global's stores, overwritten unread in their block, seed 16101) refuses a helper's doubling that a constant the rename
  takes overwrites, which plain iree-compile builds right;
* *one setter stores one value* (a callee's store taken in at two calls counted as one value)
  builds a setter called with zeros, then with the load (a roll-back IREE erases), as stock
  does (wrong); *unread loads elsewhere read* refuses the helper's doubling with an unread
  reload in an arm before the overwrite, which plain iree-compile builds right;
* *emptied functions unpaired* (tensor campaign seed 16101, a function the splice has with no
  access left compared with nothing) builds a roll-back IREE erased before it folded the global
  away, its zeros stored through a select of them with themselves, as stock does (wrong);
* *kept setters restore nothing* (``global_folds._RollBack._resets`` by value alone, review 36's
  d_59) refuses a roll-back after a never-inlined setter stored the load back, which plain
  iree-compile builds right;
* *idempotent folds unseen* (``op_table.IDEMPOTENT_OPS`` empty, review 36): builds a
  roll-back spelled ``v & v`` as stock does (wrong), and refuses a write of ``v & v`` before a
  roll-back to ``v``, which plain iree-compile builds right;
* the folds of integer expressions of constants (``region_flow.constant_int``, review 36):
  *integer folds unread* refuses a loop whose bound is ``0 + 1`` and an arm on ``true & false``,
  both built right by plain iree-compile; *casts zero-extend* takes the arm on
  ``index_cast -1 : i32 < 0`` for dead and builds the roll-back in it as stock does (wrong);
* the reorder check's dead work (``global_order._DeadWork``: tensor campaign seeds 15101 and
  15102, a store IREE moves below a while loop past an arm whose reload only feeds a store the
  loop overwrites): *no work is dead* and *idle loads split runs* refuse it, though plain
  iree-compile builds it right; *work overwritten anywhere* and *while loops always enter their
  body* build, as stock does (wrong), the same shape with a loop that may turn no time; *loop
  inits read nothing* one whose loop carries the reload after the arm out to the result; review
  37's *dead work may fault* builds the shape with a gather in the arm, which crashes as stock's
  build does, and *one location one access* builds it beside a read that shares the dead
  reload's location (or its name location's position), which reads the old value as stock's
  does; review 38's *erased stores overwrite dead work* builds it where the loop's store is a roll-back
  IREE erases, which leaves what the first store wrote, as stock's build does. (The
  splice's side of the rule, ``_DeadWork._overwritten_at_the_splice``, taken as always true, is killed
  by no program here: a read IREE moves between the dead store and its overwrite is a reorder
  the comparison or ``_removed_across`` refuses first.)
* loop results MLIR folds into their init (``region_flow.invariant_result``, tensor campaign
  seed 17101: a second store, in an arm IREE merges with an earlier one on the same flag, of a
  loop's result that is the value the first store stored): *loop results never fold* refuses
  it for a loop that never turns, for one that hands the value on unchanged, and for such a
  while loop, all built right by plain iree-compile; *every loop result its init* builds the
  same shape with a loop that doubles what it carries, which IREE's move leaves unstored, as
  stock does (wrong); review 39's folds of the same family, each of a roll-back IREE erases:
  *loop folds by SSA identity* (what a turn yields compared as it is, not through the folds
  MLIR makes first) builds it through nested loops handing the load on, *yielded inits not
  forwarded* through a loop of a run-time trip count yielding its init, *while results from its arguments only* through
  a while loop whose condition hands on the load, and *false conditions still enter* through a
  while loop of a constant false condition, each as stock does (wrong);
* the shared-globals repair's reloads nested after the store (review 33): *nested reloads take
  no copy* refuses, where the tool then builds as plain iree-compile, an arm of an ``scf.if``
  with no ``else`` that reloads the repaired global, and an arm that stores such a reload to a
  third global (the copy for it reads the value stored before the arm).

Each compiles in this process, so that the patch reaches the schedule check. Not here: the
fixpoint over a loop body (a value that only its back edge brings to a reload). The program that
would need it (a loop storing into @g a value of @h written in place before the loop) meets an
IREE 3.13 fault before the splice first: IREE takes every load of @g in the loop for @h's buffer,
the first iteration's too (docs/findings.md).
"""

from __future__ import annotations

from collections.abc import Callable
from dataclasses import replace
from pathlib import Path

import pytest
from iree.compiler import ir

import rewriter.guard.schedule_guard as schedule_guard
import rewriter.repair.global_fusion as global_fusion
import stream_model.ir.util as ir_util
import stream_model.model.storage as storage
import stream_model.schedule.check as schedule_check
import stream_model.schedule.event_flow as event_flow
import stream_model.schedule.global_contents as global_contents
import stream_model.schedule.global_folds as global_folds
import stream_model.schedule.global_order as global_order
import stream_model.schedule.sequence_paths as sequence_paths
import stream_model.schedule.unawaited as unawaited
import stream_model.semantics.bindings as bindings
import stream_model.semantics.op_table as op_table
import stream_model.semantics.region_flow as region_flow
from tests.campaign.tensor_programs import (
    CASES,
    CRASHED,
    DATA,
    FLAGS,
    FREED,
    RACED,
    by_file,
    compile_tool,
    compile_tool_file,
    run,
    run_apart,
)

pytestmark = pytest.mark.e2e

Weaken = Callable[[pytest.MonkeyPatch], None]


def _nested_regions_start_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_contents.GlobalContents._nested

    def start_unknown(self: global_contents.GlobalContents, op: ir.Operation, state: dict) -> None:
        state.clear()
        original(self, op, state)

    monkeypatch.setattr(global_contents.GlobalContents, "_nested", start_unknown)


def _callees_read_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_contents.GlobalContents, "readers", lambda self, value: [])


def _callees_write_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule_check._Context, "entry_writes", lambda self, callee: {})


def _writes_along_the_way_forgotten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_contents.GlobalContents, "consumed_at", lambda self, value: frozenset())
    monkeypatch.setattr(schedule_check, "_may_follow", lambda a, b: False)


def _blocks_in_text_order(monkeypatch: pytest.MonkeyPatch) -> None:
    def text_order(region: ir.Region) -> list[tuple[ir.Block, bool]]:
        return [(block, True) for block in region.blocks]

    monkeypatch.setattr(global_order, "blocks_in_execution_order", text_order)


def _hand_written_kernels_write_every_binding(monkeypatch: pytest.MonkeyPatch) -> None:
    original = bindings._binding
    monkeypatch.setattr(bindings, "_binding", lambda argument: replace(original(argument), hand_written=False))


def _undecided_pairs_refused(monkeypatch: pytest.MonkeyPatch) -> None:
    original = schedule_guard.ScheduleGuard._refusal
    monkeypatch.setattr(
        schedule_guard.ScheduleGuard, "_unrepairable", lambda self, hazards, why: original(self, hazards, why)
    )


def _removals_across_regions_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_removed_across", lambda *args, **kwargs: {})


def _regions_folded_away_still_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        global_order, "_still_nested", lambda w, kept, depth, scope: global_order.event_chain(w) in kept
    )


def _dead_code_reads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_read", lambda value, seen: any(True for _ in value.uses))


def _stores_of_one_value_kept_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_one_store_per_value", lambda was, now: (was, now))


def _stored_values_not_through_clones(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_stored_value", lambda store: hash(store.operands[0]))


def _carried_arguments_followed_no_further(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "invariant_argument", lambda value, same: None)


def _loops_of_one_bound_still_run(monkeypatch: pytest.MonkeyPatch) -> None:
    original = region_flow.static_trip_count
    monkeypatch.setattr(
        region_flow, "static_trip_count", lambda loop: None if loop.lower == loop.upper else original(loop)
    )


def _false_conditions_still_run_the_body(monkeypatch: pytest.MonkeyPatch) -> None:
    flow = region_flow.REGION_FLOW["scf.while"]
    monkeypatch.setitem(region_flow.REGION_FLOW, "scf.while", replace(flow, never_runs=None))


def _constant_branches_take_every_successor(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "taken_successors", lambda block: list(block.successors))


def _switch_flags_compared_as_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(region_flow, "_bit_width", lambda kind: 64)


def _values_of_constants_are_no_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_of_constants", lambda op, depth: False)


def _values_of_constants_kept_apart(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._source
    monkeypatch.setattr(
        global_folds,
        "_source",
        lambda events, name: name if name.startswith(global_order.COMPUTED_CONSTANT) else original(events, name),
    )


def _carried_values_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "is_host_terminator", lambda op: False)


def _arms_order_no_read(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_read_moved_across_an_arm", lambda *args: [])


def _inlined_copies_one_access(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_inlined_chain", global_order.event_chain)


def _every_store_of_one_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_stored_value", lambda store: 1)


def _restores_erased_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "dropped_restores", lambda *args, **kwargs: [])


def _restores_need_no_write_between(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_a_write_kept", lambda events, was, i, name, kept, calls: was[i].kind == "store")


def _writes_between_need_not_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    def any_store_of_it(events: object, was: list, i: int, name: str, kept: object, calls: object) -> bool:
        return was[i].kind == "store" and was[i].symbol == name and not was[i].idle

    monkeypatch.setattr(global_folds, "_a_write_kept", any_store_of_it)


def _arms_never_run_still_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "never_run", lambda op: frozenset())
    monkeypatch.setattr(event_flow, "never_run", lambda op: frozenset())


def _the_chosen_arm_taken_for_dead(monkeypatch: pytest.MonkeyPatch) -> None:
    def the_other_arms(op: ir.Operation) -> frozenset[int]:
        dead = region_flow.never_run(op)
        return frozenset(range(len(op.regions))) - dead if dead else dead

    monkeypatch.setattr(global_order, "never_run", the_other_arms)


def _folded_branches_are_no_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "folded_result", lambda value: None)


def _selects_on_constants_are_no_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "constant_choice", lambda op: None)


def _loops_of_no_iteration_still_run(monkeypatch: pytest.MonkeyPatch) -> None:
    original = region_flow.never_run
    weakened = lambda op: frozenset() if op.name == "scf.for" else original(op)  # noqa: E731
    monkeypatch.setattr(global_order, "never_run", weakened)
    monkeypatch.setattr(event_flow, "never_run", weakened)


def _chosen_arms_keep_their_scope(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_order._walk_regions

    def nested(owner, regions, ordered, scope, serial, blocks, into=None):  # type: ignore[no-untyped-def]
        return original(
            owner, regions, ordered, (*scope, (-1, False, False, -1)) if into is not None else scope, serial, blocks
        )

    monkeypatch.setattr(global_order, "_walk_regions", nested)


def _setter_arguments_are_no_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_entry_argument", lambda value, function: None)


def _getter_results_are_no_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    """A store of a getter's result taken for a store of no load, as before tensor campaign
    seed 19101 (``global_order._getter_load`` finding none)."""
    monkeypatch.setattr(global_order, "_getter_load", lambda *args: None)


def _fused_globals_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    """IREE's fuse of two globals stored one value in every block it reads taken as right."""
    monkeypatch.setattr(global_folds, "fused_globals", lambda *args: [])


def _repaired_globals_left_to_fusion(monkeypatch: pytest.MonkeyPatch) -> None:
    """A repaired module's globals stored in a region left private, where IREE's global fusion
    reads none of their stores there (``global_fusion.keep_out_of_fusion`` declaring none
    public), as before the twenty-second session: the compile's verification then refuses
    what IREE fused."""
    monkeypatch.setattr(global_fusion, "keep_out_of_fusion", lambda module, names: [])


def _globals_left_to_fusion_before_the_splice(monkeypatch: pytest.MonkeyPatch) -> None:
    """The globals stored in a region kept out of IREE's fusion only from the splice on
    (``ScheduleGuard.keep_apart`` at the start of the stream phase doing nothing): IREE fuses
    two globals of equal initial values, each updated in its own arm, before the splice."""
    monkeypatch.setattr(schedule_guard.ScheduleGuard, "keep_apart", lambda self, module: None)


def _unrepaired_modules_left_to_fusion(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a module one of the tool's repairs changed has its globals stored in a region
    verified and kept out of fusion, as before the twenty-second session (review 50's q24: two
    globals with initial values, each updated in its own arm, fused with no repair made)."""
    original = global_fusion.stored_in_regions

    def repaired_only(module: ir.Module) -> frozenset[str]:
        return original(module) if global_fusion.repaired(module) else frozenset()

    monkeypatch.setattr(global_fusion, "stored_in_regions", repaired_only)


def _globals_untagged(monkeypatch: pytest.MonkeyPatch) -> None:
    """The globals' own locations taken to tell which IREE fused, as before review 49 (p43:
    every global at an unknown location, whose fused location is that location again). The
    verification is weakened with the globals left to fusion, where it has fuses to see."""
    _repaired_globals_left_to_fusion(monkeypatch)
    monkeypatch.setattr(global_fusion, "tag_globals", lambda module, tags: None)


def _fuses_read_only_at_the_end(monkeypatch: pytest.MonkeyPatch) -> None:
    """The globals IREE fused read only at the end of the stream phase, where a fused
    timepoint global may be folded away (review 47's p19), the globals left to fusion."""
    from rewriter.guard.schedule_guard import ScheduleGuard

    _repaired_globals_left_to_fusion(monkeypatch)
    monkeypatch.setattr(ScheduleGuard, "_note_fused_when_scheduled", lambda self, scheduled: None)


def _fuses_into_the_repaired_globals_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a fuse of the repaired global's own into another's taken as undoing the repair, as
    the check before review 49 had it (p24: @y's offset global fused into @x's), the globals
    left to fusion."""
    _repaired_globals_left_to_fusion(monkeypatch)

    def into_others(
        finished: ir.Module, checked: frozenset[str], tags: global_fusion.GlobalTags
    ) -> list[global_fusion.Undone]:
        fused = global_fusion._fused_globals(finished, tags)
        return [
            global_fusion.Undone(name, f"fused {kept}")
            for name in sorted(checked)
            for kept, made_from in fused
            if name in made_from and not kept.startswith(name)
        ]

    monkeypatch.setattr(global_fusion, "undone_in_regions", into_others)


def _only_globals_stored_a_copy_in_a_region_checked(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only the globals a repair stores a copy to in a region kept out of fusion and checked
    for a fuse, as before review 50 (q01: the copy stored at the top level made IREE fuse
    another global's offset)."""
    import rewriter.repair.own_size as own_size

    original = global_fusion.stored_in_regions

    def copies_only(module: ir.Module) -> frozenset[str]:
        from rewriter.repair.copy_dispatch import ENTRY, EXECUTABLE

        entry = f"@{EXECUTABLE}::@{ENTRY}"
        copies = [
            op.results[0]
            for op in ir_util.nested_ops(module.operation)
            if op.name == "stream.async.dispatch" and entry in str(op.attributes["entry_points"])
        ]
        stores = own_size.stores_reached(module, copies)
        return original(module) & {op_table.global_name(s) for s in stores if not global_fusion._in_a_function_block(s)}

    monkeypatch.setattr(global_fusion, "stored_in_regions", copies_only)


def _tags_named_by_their_globals(monkeypatch: pytest.MonkeyPatch) -> None:
    """Tags read back by the global's name, as review 49's fix had them: a name MLIR prints
    escaped (a quote, a backslash, a byte past ASCII) never matched (review 50's q28), the
    globals left to fusion."""
    _repaired_globals_left_to_fusion(monkeypatch)
    original = global_fusion.GlobalTags.made_from

    def by_name(self: global_fusion.GlobalTags, op: ir.Operation) -> list[str]:
        return [n for n in original(self, op) if n.isascii() and '"' not in n and "\\" not in n]

    monkeypatch.setattr(global_fusion.GlobalTags, "made_from", by_name)


def _fill_destinations_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A fill's destination taken as read, as before tensor seed 21101's false refusal."""
    monkeypatch.setattr(global_order, "_written_over", lambda user, use: False)


def _globals_located_like_a_tag_left_out(monkeypatch: pytest.MonkeyPatch) -> None:
    """A global whose location holds a tag's text taken as tagged already and left out, as
    before review 51 (r10: a user's ``loc("slice-elision-global:99")``), the globals left to
    fusion."""
    _repaired_globals_left_to_fusion(monkeypatch)

    def tag(module: ir.Module, tags: global_fusion.GlobalTags) -> None:
        with module.context:
            for op in global_fusion._global_ops(module):
                name = ir.StringAttr(op.attributes["sym_name"]).value
                if "slice-elision-global" in str(op.location):
                    continue
                tags.own.setdefault(name, op.location)
                if name not in tags.names:
                    tags.names.append(name)
                op.location = ir.Location.name(f"{tags.prefix}{tags.names.index(name)}", childLoc=op.location)

    monkeypatch.setattr(global_fusion, "tag_globals", tag)


def _fused_globals_read_without_callees(monkeypatch: pytest.MonkeyPatch) -> None:
    """The fuse rule reading each function's own events, not its callees' taken in (IREE
    inlines a setter called in an arm into the arm, where the pass does not read its store)."""
    original = global_folds.fused_globals

    def own_events(events, at_splice, sequences, reported):  # type: ignore[no-untyped-def]
        return original(events, at_splice, dict(events.events), reported)

    monkeypatch.setattr(global_folds, "fused_globals", own_events)


def _sizes_in_regions_unverified(monkeypatch: pytest.MonkeyPatch) -> None:
    """A repaired copy stored in a region taken to keep its size global, as before review 45
    (``ScheduleGuard.verify_finished`` asking nothing), the globals left to fusion."""
    from rewriter.guard.schedule_guard import ScheduleGuard

    _repaired_globals_left_to_fusion(monkeypatch)
    monkeypatch.setattr(ScheduleGuard, "verify_finished", lambda self, finished: None)


def _stores_of_one_value_anywhere_keep_globals_alike(monkeypatch: pytest.MonkeyPatch) -> None:
    """A store of the other global of the same value anywhere in the function taken as keeping
    the two alike, as review 48's fix had it (p03: one value stored to each in the two arms)."""
    original = global_folds._block_stores_the_other

    def anywhere(sequence, store, other):  # type: ignore[no-untyped-def]
        alike = any(f.kind == "store" and f.symbol == other and f.value == store.value for f in sequence)
        return alike or original(sequence, store, other)

    monkeypatch.setattr(global_folds, "_block_stores_the_other", anywhere)


def _setter_stores_keep_their_argument(monkeypatch: pytest.MonkeyPatch) -> None:
    """A setter's store taken into the call's block storing the setter's argument, not the
    call's operand, as before review 48's p01 (two setters of one value, inlined)."""
    monkeypatch.setattr(global_order, "_stores_the_operand", lambda here, e, call, block: here)


def _modules_with_addresses_unfused(monkeypatch: pytest.MonkeyPatch) -> None:
    """A module that takes any global's address taken to fuse no global, as before review 48's
    p28 (the fuse rule then read nothing)."""
    original = global_folds.fused_globals

    def skipped(events, at_splice, sequences, reported):  # type: ignore[no-untyped-def]
        return [] if events.indirect else original(events, at_splice, sequences, reported)

    monkeypatch.setattr(global_folds, "fused_globals", skipped)


def _copies_in_regions_unverified(monkeypatch: pytest.MonkeyPatch) -> None:
    """The shared-globals and reload repairs' copies stored in a region taken to survive the
    stream phase, as before review 47's F2 and p19: neither kept out of fusion nor verified."""
    monkeypatch.setattr(global_fusion, "stored_in_regions", lambda module: frozenset())


def _getters_followed_one_deep(monkeypatch: pytest.MonkeyPatch) -> None:
    """A getter's result followed only to a load in the getter itself, not into a getter it
    returns the result of (``global_order._GETTER_DEPTH`` of one)."""
    monkeypatch.setattr(global_order, "_GETTER_DEPTH", 1)


def _getter_sources_counted_beside_direct_ones(monkeypatch: pytest.MonkeyPatch) -> None:
    """A global stored a getter's load of one global and a direct load of another taken for
    one of two sources (no rename), where IREE takes the two for one in turn."""
    original = global_folds._renamed

    def counted(events: global_order.GlobalEvents, at_splice: global_order.GlobalEvents):  # type: ignore[no-untyped-def]
        getter_fed = {
            e.symbol
            for sequence in events.events.values()
            for e in sequence
            if e.kind == "store" and e.loaded_through is not None
        }
        return [(b, a) for b, a in original(events, at_splice) if b not in getter_fed]

    monkeypatch.setattr(global_folds, "_renamed", counted)


def _overwritten_only_through_one_call_chain(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._RollBack._overwrites

    def one_chain(self, i):  # type: ignore[no-untyped-def]
        return original(self, i) and self.was[i].via == self.was[self.k].via

    monkeypatch.setattr(global_folds._RollBack, "_overwrites", one_chain)


def _taken_in_calls_read(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._RollBack._reads

    def calls_read(self, i):  # type: ignore[no-untyped-def]
        e = self.was[i]
        return original(self, i) or (e.kind == "call" and global_order.touches(self.events, e, self.was[self.k].symbol))

    monkeypatch.setattr(global_folds._RollBack, "_reads", calls_read)


def _kept_calls_pass_no_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_order.taken_in

    def inlined_only(events, sequence, via, open_, count, ordered=True, scope=(), block=None, call=None):  # type: ignore[no-untyped-def]
        if call is not None and call.symbol in events.kept_out:
            call = None
        return original(events, sequence, via, open_, count, ordered, scope, block, call)

    monkeypatch.setattr(global_order, "taken_in", inlined_only)


def _kept_setters_stores_are_idle(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_order.taken_in

    def idle_everywhere(*args, **kwargs):  # type: ignore[no-untyped-def]
        return [
            replace(e, idle=True) if e.loaded_at is not None and e.loaded[0] == e.symbol else e
            for e in original(*args, **kwargs)
        ]

    monkeypatch.setattr(global_order, "taken_in", idle_everywhere)


def _setter_stores_in_cf_arms_are_loads(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_order.taken_in

    def every_store(events, sequence, *rest, **kwargs):  # type: ignore[no-untyped-def]
        return original(events, [replace(e, ordered=True) for e in sequence], *rest, **kwargs)

    monkeypatch.setattr(global_order, "taken_in", every_store)


def _restores_overwritten_still_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds._RollBack, "read_after", lambda self: True)


def _nested_stores_overwrite(monkeypatch: pytest.MonkeyPatch) -> None:
    original = event_flow.transfers

    def bodies_run(op, flow, live):  # type: ignore[no-untyped-def]
        moves = original(op, flow, live)
        if moves is None or flow.runs_first is None or len(live) != 2:
            return moves
        first = flow.runs_first
        return moves[0], {first: [1 - first], 1 - first: [first, event_flow.AFTER]}

    monkeypatch.setattr(event_flow, "transfers", bodies_run)


def _loads_stored_back_through_ops(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        global_order,
        "_only_stored_back",
        lambda value, symbol: global_order._stores_fed(value, symbol) is not None,
    )


def _overwrites_need_not_stay(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._RollBack._overwrites

    def anywhere(self, i):  # type: ignore[no-untyped-def]
        return original(replace(self, stays=lambda e: True), i)

    monkeypatch.setattr(global_folds._RollBack, "_overwrites", anywhere)


def _addresses_read_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._RollBack.read_after

    def direct(self):  # type: ignore[no-untyped-def]
        return original(replace(self, events=replace(self.events, indirect=False)))

    monkeypatch.setattr(global_folds._RollBack, "read_after", direct)


def _stores_of_own_loads_forward(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_of_its_own_load", lambda store: False)


def _erased_stores_overwrite(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._overwritten_next
    monkeypatch.setattr(
        global_folds, "_overwritten_next", lambda sequence: original([replace(e, idle=False) for e in sequence])
    )


def _next_turns_read_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    original = event_flow.transfers

    def one_turn(op, flow, live):  # type: ignore[no-untyped-def]
        moves = original(op, flow, live)
        if moves is None or flow.runs_first is not None or flow.alternatives:
            return moves
        return moves[0], {n: [t for t in targets if t != n] for n, targets in moves[1].items()}

    monkeypatch.setattr(event_flow, "transfers", one_turn)


def _next_turns_run_one_region(monkeypatch: pytest.MonkeyPatch) -> None:
    original = event_flow.transfers

    def body_ends_the_loop(op, flow, live):  # type: ignore[no-untyped-def]
        moves = original(op, flow, live)
        if moves is None or flow.runs_first is None:
            return moves
        first = flow.runs_first
        return moves[0], {n: [event_flow.AFTER] if n != first else targets for n, targets in moves[1].items()}

    monkeypatch.setattr(event_flow, "transfers", body_ends_the_loop)


def _branches_go_forward(monkeypatch: pytest.MonkeyPatch) -> None:
    original = event_flow.taken_successors

    def forward(block):  # type: ignore[no-untyped-def]
        blocks = list(block.region.blocks)
        here = blocks.index(block)
        successors = original(block)
        ahead = [s for s in successors if blocks.index(s) > here]
        return ahead if ahead or not successors else [block]  # (a back edge alone: a dead end)

    monkeypatch.setattr(event_flow, "taken_successors", forward)


def _branches_take_their_first_successor(monkeypatch: pytest.MonkeyPatch) -> None:
    original = event_flow.taken_successors
    monkeypatch.setattr(event_flow, "taken_successors", lambda block: original(block)[:1])


def _sibling_arms_follow(monkeypatch: pytest.MonkeyPatch) -> None:
    original = event_flow.taken_successors

    def and_the_siblings(block):  # type: ignore[no-untyped-def]
        siblings = [s for p in block.predecessors for s in original(p) if len(original(p)) > 1 and s != block]
        return [*original(block), *siblings]

    monkeypatch.setattr(event_flow, "taken_successors", and_the_siblings)


def _forwarded_loads_read_the_other_global(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_forwarded", lambda events, sequence, k: False)


def _copies_in_arms_make_globals_equal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        global_folds,
        "_restores_everywhere",
        lambda events, sequence, k, a, b: global_folds._restores_from(sequence, k, events, a, b),
    )


def _stores_in_cf_arms_join_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_may_run_with", lambda e: e.kind == "store" and bool(e.value))


def _region_stores_of_the_forwarded_value_count(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "stores_the_same", lambda w, partner: False)


def _chained_globals_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "chained_globals", lambda *args, **kwargs: [])


def _renames_need_every_store_a_load(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._renamed

    def shown_only(events: global_order.GlobalEvents, at_splice: global_order.GlobalEvents):  # type: ignore[no-untyped-def]
        return [(b, a) for b, a in original(events, at_splice) if not global_folds._stores_unseen(events, b)]

    monkeypatch.setattr(global_folds, "_renamed", shown_only)


def _unshown_stores_break(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._restores_from

    def shown_only(sequence: list, k: int, events: global_order.GlobalEvents, a: str, b: str) -> bool:
        return sequence[k].loaded is not None and original(sequence, k, events, a, b)

    monkeypatch.setattr(global_folds, "_restores_from", shown_only)


def _overwritten_next_skipping(skip: Callable[[global_order.Event], bool]) -> Callable[..., set[int]]:
    """``global_folds._overwritten_next`` skipping only the loads ``skip`` names between the
    two stores (the rule's earlier forms)."""

    def overwritten(store: global_order.Event, after: list) -> bool:
        for e in after:
            if e.kind == "call" or e.block != store.block:
                return False
            if e.kind == "load" and skip(e):
                continue
            if e.kind != "call" and e.symbol == store.symbol:
                return e.kind == "store"
        return False

    def overwritten_next(sequence: list) -> set[int]:
        return {i for i, e in enumerate(sequence) if e.kind == "store" and overwritten(e, sequence[i + 1 :])}

    return overwritten_next


def _unread_loads_keep_a_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_overwritten_next", _overwritten_next_skipping(lambda load: False))


def _read_loads_keep_a_store(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_overwritten_next", _overwritten_next_skipping(lambda load: load.idle))


def _unshown_stores_restore_after_a_write(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_unshown_restores", lambda sequence, k, events, a: True)


def _chains_stop_at_unshown_globals(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._renamed_in_turn

    def shown_only(events: global_order.GlobalEvents, at_splice: global_order.GlobalEvents, a: str) -> bool:
        return original(events, at_splice, a) and not global_folds._stores_unseen(events, a)

    monkeypatch.setattr(global_folds, "_renamed_in_turn", shown_only)


def _switches_unmodelled(monkeypatch: pytest.MonkeyPatch) -> None:
    """``cf.switch`` out of the closed world again: no effects in the op table, its successor
    operands not followed (every module that reads them)."""
    import rewriter.repair.own_size as own_size
    import stream_model.model.storage as storage
    import stream_model.semantics.op_table as op_table
    import stream_model.semantics.region_flow as region_flow
    import stream_model.symbolic.ranges as ranges

    original = region_flow.branch_operands

    def cond_br_only(op: ir.Operation) -> list[list[ir.Value]] | None:
        return None if op.name == "cf.switch" else original(op)

    for module in (region_flow, op_table, storage, ranges, schedule_check, own_size):
        monkeypatch.setattr(module, "branch_operands", cond_br_only)
    monkeypatch.delitem(op_table.VARIADIC, "cf.switch")
    monkeypatch.setattr(region_flow, "BRANCH_OPS", frozenset({"cf.br", "cf.cond_br"}))
    monkeypatch.setattr(schedule_check, "KNOWN_RESOURCE_OPS", op_table.KNOWN_RESOURCE_OPS - {"cf.switch"})


def _chained_globals_never_equal(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_restores_from", lambda sequence, k, events, a, b: False)


def _every_block_merged(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(
        global_order, "_merged_into", lambda block, numbered, reached: numbered[0][1] if numbered else None
    )


def _erased_stores_decide_renames(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_overwritten_next", lambda sequence: set())


def _initializers_loads_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._through_initializers

    def unseen(*args: object) -> tuple[bool, str, None]:
        holds, why, _ = original(*args)  # type: ignore[arg-type]
        return holds, why, None

    monkeypatch.setattr(global_folds, "_through_initializers", unseen)


def _full_inserts_are_new_values(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_whole_insert", lambda op: False)


def _every_region_repeats(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "repeats", lambda region: True)
    monkeypatch.setattr(sequence_paths, "repeats", lambda region: True)


def _inlined_callees_keep_their_blocks(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_inlined_block", lambda e, via, block: (via, e.block))


def _inlined_functions_are_entries(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_entries", lambda sequences, at_splice: sequences)


def _overwritten_loop_work_counts(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_only_overwritten_work", lambda events, between, scope, name: False)


def _stored_constants_are_no_globals(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "ARITH_CONSTANT", "(no such op)")


def _constant_globals_never_start_equal(monkeypatch: pytest.MonkeyPatch) -> None:
    original = global_folds._same_initial
    monkeypatch.setattr(
        global_folds,
        "_same_initial",
        lambda events, a, b: False if a.startswith(global_order.CONSTANT_GLOBAL) else original(events, a, b),
    )


def _immutable_globals_are_not_their_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_source", lambda events, name: name)


def _constants_left_writable(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule_check._FunctionCheck, "_immutable", lambda self, op: False)


def _loop_written_versions_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule_check._FunctionCheck, "_consumed_in_loops", lambda self: [])


def _loops_never_return_their_inits(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule_check, "results_as_inits", lambda op: [])


def _while_loops_never_return_their_inits(monkeypatch: pytest.MonkeyPatch) -> None:
    flow = region_flow.REGION_FLOW["scf.while"]
    monkeypatch.setitem(region_flow.REGION_FLOW, "scf.while", replace(flow, results_as_inits=None))


def _results_read_are_kept(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop's result that anything reads is taken as kept beyond the block (only a result
    nothing uses would be freed, right after the loop)."""
    monkeypatch.setattr(schedule_check._FunctionCheck, "_leaves", lambda self, user, value: True)


def _device_buffers_unless(monkeypatch: pytest.MonkeyPatch, unknown: Callable[[ir.Value], bool]) -> None:
    """``_FunctionCheck._device_buffers`` taking the values ``unknown`` names for no buffer of
    the function's (the rule's earlier form: only a value an execution region made counted)."""
    original = schedule_check._FunctionCheck._device_buffers

    def weakened(self, root, seen):  # type: ignore[no-untyped-def]
        return None if unknown(root) else original(self, root, seen)

    monkeypatch.setattr(schedule_check._FunctionCheck, "_device_buffers", weakened)


def _in_place_results_are_their_own_buffers(monkeypatch: pytest.MonkeyPatch) -> None:
    def in_place(root: ir.Value) -> bool:
        producer = ir_util.defining_op(root)
        return producer is not None and schedule_check.tied_operand_of(producer, root) is not None

    _device_buffers_unless(monkeypatch, in_place)


def _region_values_are_their_own_buffers(monkeypatch: pytest.MonkeyPatch) -> None:
    def of_a_host_region(root: ir.Value) -> bool:
        producer = ir_util.defining_op(root)
        holder = producer if producer is not None else ir_util.parent_op_of_block(ir.BlockArgument(root).owner)
        flow = region_flow.flow_of(holder)
        return flow is not None and not flow.device_body

    _device_buffers_unless(monkeypatch, of_a_host_region)


def _allocations_hold_one_value(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule_check._FunctionCheck, "_region_mates", lambda self, roots, lifetime: [])


def _outer_blocks_run_nothing_after(monkeypatch: pytest.MonkeyPatch) -> None:
    original = schedule_check._levels_after
    monkeypatch.setattr(schedule_check, "_levels_after", lambda *args: original(*args)[:1])


def _outer_loops_run_their_body_once(monkeypatch: pytest.MonkeyPatch) -> None:
    original = schedule_check._levels_after
    monkeypatch.setattr(
        schedule_check, "_levels_after", lambda *args: [replace(level, again=False) for level in original(*args)]
    )


def _loop_results_never_fold(monkeypatch: pytest.MonkeyPatch) -> None:
    """No loop's result is the value the loop enters with."""
    monkeypatch.setattr(global_order, "invariant_result", lambda value, same: None)


def _every_loop_result_its_init(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every counted loop's result is its init, whatever the body does with it."""

    def init_of(value: ir.Value, same: region_flow.Same) -> ir.Value | None:
        owner = value.owner
        if isinstance(owner, ir.Block) or owner.operation.name != "scf.for":
            return None
        return list(owner.operation.opview.initArgs)[ir.OpResult(value).result_number]

    monkeypatch.setattr(global_order, "invariant_result", init_of)


def _loop_folds_by_ssa_identity(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop's argument or result is compared with its init as the SSA value it is."""
    monkeypatch.setattr(global_order, "invariant_argument", lambda value, same: region_flow.invariant_argument(value))
    monkeypatch.setattr(global_order, "invariant_result", lambda value, same: region_flow.invariant_result(value))


def _yielded_inits_not_forwarded(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ``scf.for`` argument is its init only where the body yields the argument back."""

    def weak(op: ir.Operation, block: ir.Block, n: int, same: region_flow.Same = lambda v: v) -> ir.Value | None:
        if n == 0:
            return None
        yielded = same(region_flow.terminator(block).operands[n - 1])
        return list(op.opview.initArgs)[n - 1] if yielded == block.arguments[n] else None

    monkeypatch.setattr(region_flow, "_for_invariant", weak)
    monkeypatch.setitem(region_flow.REGION_FLOW, "scf.for", replace(region_flow.REGION_FLOW["scf.for"], invariant=weak))


def _while_results_from_its_arguments_only(monkeypatch: pytest.MonkeyPatch) -> None:
    """A value the condition hands on is taken for one made inside the loop."""
    monkeypatch.setattr(region_flow, "defined_inside", lambda value, op: True)


def _false_conditions_still_enter(monkeypatch: pytest.MonkeyPatch) -> None:
    """A while loop's result is not folded where its condition is a constant false."""
    flow = region_flow.REGION_FLOW["scf.while"]
    original = flow.invariant_result
    assert original is not None

    def weak(op: ir.Operation, k: int, same: region_flow.Same) -> ir.Value | None:
        condition = region_flow.terminator(op.regions[0].blocks[0])
        return None if region_flow.constant_condition(condition.operands[0]) == 0 else original(op, k, same)

    monkeypatch.setitem(region_flow.REGION_FLOW, "scf.while", replace(flow, invariant_result=weak))


def _callers_buffers_are_not_freed(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(schedule_check._FunctionCheck, "_private_arguments", lambda self, roots: [])


def _nested_reloads_take_no_copy(monkeypatch: pytest.MonkeyPatch) -> None:
    import rewriter.repair.shared_globals as globals_fix

    monkeypatch.setattr(globals_fix, "_nested_after", lambda *args: False)


def _paths_back_are_unasked(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_listed_between_first", lambda load, k, count: list(range(load + 1, k)))


def _roll_backs_are_never_overwritten(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds._RollBack, "_overwrites", lambda self, i: False)


def _paths_back_pass_the_load(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds._RollBack, "_resets", lambda self, i: False)


def _opaque_copies_restore_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds._RollBack, "_resets", lambda self, i: i == self.load)


def _barriers_hide_the_bytes(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "IDENTITY_OPS", frozenset())


def _arms_are_paths(monkeypatch: pytest.MonkeyPatch) -> None:
    original = sequence_paths.SequencePaths.of.__func__  # type: ignore[attr-defined]

    def unguarded(cls, events, function, was):  # type: ignore[no-untyped-def]
        paths = original(cls, events, function, was)
        return None if paths is None else replace(paths, varying=frozenset())

    monkeypatch.setattr(sequence_paths.SequencePaths, "of", classmethod(unguarded))


def _steady_conditions_vary(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(event_flow._Graph, "_steady", lambda self, condition: False)


def _only_the_entry_block_is_steady(monkeypatch: pytest.MonkeyPatch) -> None:
    def in_the_entry(self, condition):  # type: ignore[no-untyped-def]
        owner = condition.owner
        block = owner if isinstance(owner, ir.Block) else owner.operation.block
        return block == self.entry

    monkeypatch.setattr(event_flow._Graph, "_steady", in_the_entry)


class _NoPaths(Exception):
    pass


def _unknown_ops_take_the_paths_away(monkeypatch: pytest.MonkeyPatch) -> None:
    original_op, original_flow = event_flow._Graph.region_op, event_flow.event_flow

    def region_op(self, op, before):  # type: ignore[no-untyped-def]
        if event_flow.flow_of(op) is None and self._holds_events(op):
            raise _NoPaths
        return original_op(self, op, before)

    def flow(fn, index, count):  # type: ignore[no-untyped-def]
        try:
            return original_flow(fn, index, count)
        except _NoPaths:
            return None

    monkeypatch.setattr(event_flow._Graph, "region_op", region_op)
    monkeypatch.setattr(global_order, "event_flow", flow)


def _loops_turn_unknown_times(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(event_flow, "_trips", lambda op: None)


def _fills_are_no_constants(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "LINALG_FILL", "no fill")


def _identity_folds_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "identity_fold", lambda op: None)


def _compares_of_constants_unfolded(monkeypatch: pytest.MonkeyPatch) -> None:
    """An ``arith.cmpi`` is no constant, whatever it compares."""
    original = region_flow._folded

    def unfolded(value, depth, arguments):  # type: ignore[no-untyped-def]
        owner = value.owner
        if not isinstance(owner, ir.Block) and owner.operation.name == "arith.cmpi":
            return None
        return original(value, depth, arguments)

    monkeypatch.setattr(region_flow, "_folded", unfolded)


def _unused_loads_are_read(monkeypatch: pytest.MonkeyPatch) -> None:
    def first_access(events, was, k):  # type: ignore[no-untyped-def]
        return next((e for e in was[k + 1 :] if global_order.touches(events, e, was[k].symbol)), None)

    monkeypatch.setattr(global_folds, "_next_kept_access", first_access)


def _fills_read_what_they_fill(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "_reads_only_the_shape", lambda user, operand: False)


def _branches_read_what_they_hand_on(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order, "branch_arguments", lambda op, operand: None)


def _forwarded_writes_are_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_folds, "_forwarded_then_erased", lambda *args: None)


def _selects_give_no_buffer(monkeypatch: pytest.MonkeyPatch) -> None:
    """A store of an ``arith.select`` of two globals' buffers gives the stored-to global neither
    (the shared-globals check before review 17)."""
    monkeypatch.setattr(storage, "_choices", lambda ops: iter(()))


def _work_overwritten_anywhere(monkeypatch: pytest.MonkeyPatch) -> None:
    """Every store of dead work taken as overwritten in the input, whatever its paths meet."""
    monkeypatch.setattr(global_order, "_overwritten_in_the_input", lambda events, paths, was, j, stays: True)


def _no_work_is_dead(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(global_order._DeadWork, "of", lambda self, name: set())


def _while_loops_always_enter_their_body(monkeypatch: pytest.MonkeyPatch) -> None:
    flow = region_flow.REGION_FLOW["scf.while"]
    monkeypatch.setitem(region_flow.REGION_FLOW, "scf.while", replace(flow, enters_body=lambda op: True))


def _loop_inits_read_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A value handed to a loop as its carried value is read by nothing."""
    monkeypatch.setattr(global_order, "_entered", lambda user, operand: [] if region_flow.flow_of(user) else None)


def _idle_loads_split_runs(monkeypatch: pytest.MonkeyPatch) -> None:
    """A load that reads nothing splits a run of stores of one value
    (``global_order._one_store_per_value`` before seeds 15101 and 15102)."""
    original = global_order._one_store_per_value

    def split(was, now, key=None):  # type: ignore[no-untyped-def]
        back = {}  # (each busy copy of an idle load, by id: the load)

        def busy(events):  # type: ignore[no-untyped-def]
            out = []
            for e in events:
                if e.kind == "load" and e.idle:
                    copy = replace(e, idle=False)
                    back[id(copy)] = e
                    e = copy
                out.append(e)
            return out

        kept_was, kept_now = original(busy(was), busy(now), key)
        return [back.get(id(e), e) for e in kept_was], [back.get(id(e), e) for e in kept_now]

    monkeypatch.setattr(global_order, "_one_store_per_value", split)


def _integer_folds_unread(monkeypatch: pytest.MonkeyPatch) -> None:
    """Only a literal ``arith.constant`` is a constant (no expression of constants is folded)."""
    monkeypatch.setattr(region_flow, "_INTEGER_FOLDS", {})


def _casts_zero_extend(monkeypatch: pytest.MonkeyPatch) -> None:
    """``arith.index_cast`` read as zero-extending (it sign-extends)."""
    folds = dict(region_flow._INTEGER_FOLDS)
    folds["arith.index_cast"] = folds["arith.index_castui"]
    monkeypatch.setattr(region_flow, "_INTEGER_FOLDS", folds)


def _idempotent_folds_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(op_table, "IDEMPOTENT_OPS", frozenset())


def _dead_work_may_fault(monkeypatch: pytest.MonkeyPatch) -> None:
    """Work on a load may be any value ops (before review 37: a gather in a body counted)."""
    monkeypatch.setattr(global_order, "computes_for_any_bytes", lambda op: True)


def _one_location_one_access(monkeypatch: pytest.MonkeyPatch) -> None:
    """Dead work's accesses taken as told apart by their locations whatever else shares them."""
    monkeypatch.setattr(global_order._DeadWork, "_told_apart", lambda self, group: True)


def _kept_setters_restore_nothing(monkeypatch: pytest.MonkeyPatch) -> None:
    """A kept setter's store of the roll-back's load puts nothing back (before review 36's d_59)."""
    original = global_folds._RollBack._resets

    def value_only(self, i):  # type: ignore[no-untyped-def]
        return original(self, i) and (i == self.load or self.was[i].value == self.was[self.k].value)

    monkeypatch.setattr(global_folds._RollBack, "_resets", value_only)


def _erased_stores_overwrite_dead_work(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any store of the input overwrites dead work, whether the splice still has it or not."""
    original = global_order._overwritten_in_the_input

    def anywhere(events, paths, was, j, stays):  # type: ignore[no-untyped-def]
        return original(events, paths, was, j, lambda e: True)

    monkeypatch.setattr(global_order, "_overwritten_in_the_input", anywhere)


def _emptied_functions_unpaired(monkeypatch: pytest.MonkeyPatch) -> None:
    """A function the splice has with no access left is compared with nothing (before seed 16101)."""
    original = global_order.input_functions

    def unpaired(original_order, spliced):  # type: ignore[no-untyped-def]
        return {
            key: function
            if spliced.events.get(key + "$async", spliced.events.get(key)) is not None
            else replace(function, pairs=None)
            for key, function in original(original_order, spliced).items()
        }

    monkeypatch.setattr(global_order, "input_functions", unpaired)


def _renamed_globals_own_work_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """A load of a renamed global whose value goes only into the global's own stores counts as
    read (before seed 16101)."""
    monkeypatch.setattr(global_folds, "_reads", lambda load, sequence: not load.idle and not load.stored_back)


def _one_setter_stores_one_value(monkeypatch: pytest.MonkeyPatch) -> None:
    """A callee's store taken in at two calls stores one value (before seed 16101's rerun): its
    own argument, compared without the calls it is reached through."""
    monkeypatch.setattr(global_folds, "stores_the_same", lambda a, b: bool(a.value) and a.value == b.value)
    _setter_stores_keep_their_argument(monkeypatch)


def _unread_loads_elsewhere_read(monkeypatch: pytest.MonkeyPatch) -> None:
    """Any access in another block or region, a load that reads nothing too, ends an
    overwrite's run (``global_folds._overwritten_unread`` before seed 16101's rerun)."""

    def strict(sequence, i):  # type: ignore[no-untyped-def]
        store = sequence[i]
        for e in sequence[i + 1 :]:
            if e.kind == "call" or e.block != store.block or e.scope != store.scope:
                return False
            if e.symbol != store.symbol or (e.kind == "load" and e.idle):
                continue
            return e.kind == "store" and not e.idle and e.ordered and store.ordered
        return False

    monkeypatch.setattr(global_folds, "_overwritten_unread", strict)


#: (weakening, the program that kills it)
WEAKENINGS: dict[str, tuple[Weaken, str]] = {
    "nested-regions-start-unknown": (_nested_regions_start_unknown, "reload_in_if_arm.mlir"),
    "callees-read-nothing": (_callees_read_nothing, "reload_in_callee.mlir"),
    "callees-write-nothing": (_callees_write_nothing, "callee_writes_in_place.mlir"),
    "writes-along-the-way-forgotten": (_writes_along_the_way_forgotten, "reload_in_for_body.mlir"),
    "blocks-in-text-order": (_blocks_in_text_order, "blocks_out_of_text_order.mlir"),
    "constants-left-writable": (_constants_left_writable, "unfoldable_constant_written.mlir"),
    "loop-written-versions-unseen": (_loop_written_versions_unseen, "constant_written_in_a_loop.mlir"),
    "undecided-pairs-refused": (_undecided_pairs_refused, "tied_call_then_the_old_value_read.mlir"),
    "loads-forwarded-across-regions-unseen": (_removals_across_regions_unseen, "load_forwarded_across_a_loop.mlir"),
    "stores-dropped-across-regions-unseen": (_removals_across_regions_unseen, "store_dropped_before_a_loop_reads.mlir"),
    "regions-folded-away-still-count": (_regions_folded_away_still_count, "region_folded_after_inlining.mlir"),
    "dead-code-reads": (_dead_code_reads, "reload_only_dead_code_reads.mlir"),
    "stores-of-one-value-kept-apart": (_stores_of_one_value_kept_apart, "two_stores_of_one_value.mlir"),
    "stored-values-not-through-clones": (
        _stored_values_not_through_clones,
        "one_value_stored_twice_in_a_loop_body.mlir",
    ),
    "every-store-of-one-value": (_every_store_of_one_value, "load_written_after_a_store_and_a_call.mlir"),
    "loops-of-one-bound-still-run": (
        _loops_of_one_bound_still_run,
        "restore_in_a_loop_whose_bounds_are_one_value.mlir",
    ),
    "false-conditions-still-run-the-body": (
        _false_conditions_still_run_the_body,
        "restore_in_a_while_body_a_false_condition_never_runs.mlir",
    ),
    "inlined-copies-one-access": (_inlined_copies_one_access, "updater_inlined_twice_the_second_in_an_arm.mlir"),
    "constant-branches-take-every-successor": (
        _constant_branches_take_every_successor,
        "reload_in_the_arm_a_constant_takes.mlir",
    ),
    "constant-switches-take-every-case": (
        _constant_branches_take_every_successor,
        "reload_in_the_case_a_constant_switch_selects.mlir",
    ),
    "values-of-constants-are-no-loads": (
        _values_of_constants_are_no_loads,
        "global_given_only_a_value_of_constants.mlir",
    ),
    "values-of-constants-kept-apart": (
        _values_of_constants_kept_apart,
        "global_given_a_constant_and_an_equal_value_of_constants.mlir",
    ),
    "carried-values-are-read": (_carried_values_are_read, "load_carried_by_a_loop_that_drops_it.mlir"),
    "merged-arms-order-no-read": (_arms_order_no_read, "updater_in_two_arms_of_one_content.mlir"),
    "switch-flags-compared-as-read": (
        _switch_flags_compared_as_read,
        "updater_in_an_i1_switch_case_true_selects.mlir",
    ),
    "carried-arguments-followed-no-further": (
        _carried_arguments_followed_no_further,
        "mirror_stored_in_a_while_loops_condition.mlir",
    ),
    "overwritten-loop-work-counts": (
        _overwritten_loop_work_counts,
        "loop_work_overwritten_after_a_dropped_store.mlir",
    ),
    "stored-constants-are-no-globals": (_stored_constants_are_no_globals, "global_set_to_one_constant.mlir"),
    "constant-globals-never-start-equal": (
        _constant_globals_never_start_equal,
        "global_reset_to_its_initial_value.mlir",
    ),
    "immutable-globals-are-not-their-constants": (
        _immutable_globals_are_not_their_constants,
        "global_set_from_a_constant_two_ways.mlir",
    ),
    "every-block-merged": (_every_block_merged, "global_copied_then_read_after_a_branch.mlir"),
    "erased-stores-decide-renames": (_erased_stores_decide_renames, "mirror_cleared_then_copied.mlir"),
    "initializers-loads-unseen": (_initializers_loads_unseen, "initializer_seeds_a_global_from_another.mlir"),
    "full-inserts-are-new-values": (_full_inserts_are_new_values, "snapshot_taken_with_a_full_insert.mlir"),
    "every-region-repeats": (_every_region_repeats, "copy_read_in_an_if_then_updated.mlir"),
    "inlined-callees-keep-their-blocks": (_inlined_callees_keep_their_blocks, "copy_through_an_inlined_sync.mlir"),
    "inlined-functions-are-entries": (_inlined_functions_are_entries, "copy_read_through_an_inlined_getter.mlir"),
    "restores-erased-unseen": (_restores_erased_unseen, "own_load_stored_back_after_a_store.mlir"),
    "restores-need-no-write-between": (_restores_need_no_write_between, "own_load_stored_back.mlir"),
    "chained-globals-unseen": (_chained_globals_unseen, "global_chained_to_another.mlir"),
    "writes-between-need-not-stay": (_writes_between_need_not_stay, "restore_after_a_write_a_flag_turns_off.mlir"),
    "restores-overwritten-still-count": (_restores_overwritten_still_count, "restore_overwritten_unread.mlir"),
    "nested-stores-overwrite": (_nested_stores_overwrite, "restore_overwritten_only_in_a_while_body.mlir"),
    "loads-stored-back-through-ops": (
        _loads_stored_back_through_ops,
        "own_load_respelled_stored_back_then_the_global_renamed.mlir",
    ),
    "overwrites-need-not-stay": (
        _overwrites_need_not_stay,
        "rollback_overwritten_by_its_own_value_respelled_in_a_while_condition.mlir",
    ),
    "addresses-read-nothing": (_addresses_read_nothing, "rollback_overwritten_after_a_read_through_an_address.mlir"),
    "stores-of-own-loads-forward": (
        _stores_of_own_loads_forward,
        "own_load_stored_back_then_reloaded_before_the_rename.mlir",
    ),
    "erased-stores-overwrite": (
        _erased_stores_overwrite,
        "store_of_another_global_then_a_rollback_read_elsewhere.mlir",
    ),
    "next-turns-read-nothing": (_next_turns_read_nothing, "rollback_in_an_arms_loop_read_on_its_next_turn.mlir"),
    "next-turns-run-one-region": (
        _next_turns_run_one_region,
        "rollback_in_a_while_body_read_by_its_condition.mlir",
    ),
    "irreducible-regions-run-in-order": (
        _branches_take_their_first_successor,
        "rollback_before_an_irreducible_cycle_that_reads.mlir",
    ),
    "sibling-arms-follow": (_sibling_arms_follow, "rollback_in_an_arm_beside_the_write.mlir"),
    "sibling-arms-follow-the-roll-back": (
        _sibling_arms_follow,
        "rollback_in_an_arm_a_sibling_reads_then_overwritten.mlir",
    ),
    "cf-cycles-run-once": (_branches_go_forward, "rollback_in_a_cf_loop_read_on_its_next_turn.mlir"),
    "arms-never-run-still-count": (_arms_never_run_still_count, "restore_in_an_arm_never_taken.mlir"),
    "the-chosen-arm-taken-for-dead": (_the_chosen_arm_taken_for_dead, "restore_in_an_arm_always_taken.mlir"),
    "folded-branches-are-no-loads": (_folded_branches_are_no_loads, "global_chained_through_an_if_on_a_constant.mlir"),
    "selects-on-constants-are-no-loads": (
        _selects_on_constants_are_no_loads,
        "rollback_chosen_by_a_select_on_a_constant.mlir",
    ),
    "loops-of-no-iteration-still-run": (_loops_of_no_iteration_still_run, "restore_in_a_loop_of_no_iteration.mlir"),
    "chosen-arms-keep-their-scope": (_chosen_arms_keep_their_scope, "mirror_synced_in_an_arm_always_taken.mlir"),
    "setter-arguments-are-no-loads": (_setter_arguments_are_no_loads, "rollback_through_an_inlined_setter.mlir"),
    "getter-results-are-no-loads": (
        _getter_results_are_no_loads,
        "global_stored_from_a_kept_getter_of_an_immutable_global.mlir",
    ),
    "fused-globals-unseen": (_fused_globals_unseen, "global_fused_with_another_stored_apart_in_an_arm.mlir"),
    "globals-untagged": (_globals_untagged, "repaired_copy_stored_in_an_arm_beside_globals_of_no_location.mlir"),
    "fuses-read-only-at-the-end": (_fuses_read_only_at_the_end, "reload_in_an_arm_updated_beside_a_packed_global.mlir"),
    "fuses-into-the-repaired-globals-unseen": (
        _fuses_into_the_repaired_globals_unseen,
        "repaired_copy_stored_in_an_arm_beside_a_global_at_its_offset.mlir",
    ),
    "only-globals-stored-a-copy-in-a-region-checked": (
        _only_globals_stored_a_copy_in_a_region_checked,
        "repaired_copy_stored_at_the_top_beside_a_global_stored_in_an_arm.mlir",
    ),
    "tags-named-by-their-globals": (
        _tags_named_by_their_globals,
        "repaired_copy_stored_in_an_arm_of_a_global_named_with_a_quote.mlir",
    ),
    "fill-destinations-read": (_fill_destinations_read, "load_yielded_by_an_arm_then_filled_over.mlir"),
    "globals-located-like-a-tag-left-out": (
        _globals_located_like_a_tag_left_out,
        "reload_in_an_arm_beside_a_global_located_like_a_tag.mlir",
    ),
    "fused-globals-read-without-callees": (
        _fused_globals_read_without_callees,
        "global_fused_with_another_set_apart_by_a_setter_in_an_arm.mlir",
    ),
    "sizes-in-regions-unverified": (
        _sizes_in_regions_unverified,
        "repaired_copy_stored_in_an_arm_beside_a_packed_global.mlir",
    ),
    "stores-of-one-value-anywhere-keep-globals-alike": (
        _stores_of_one_value_anywhere_keep_globals_alike,
        "globals_fused_and_stored_one_value_on_two_paths.mlir",
    ),
    "setter-stores-keep-their-argument": (
        _setter_stores_keep_their_argument,
        "globals_fused_through_setters_inlined_into_one_block.mlir",
    ),
    "modules-with-addresses-unfused": (
        _modules_with_addresses_unfused,
        "global_fused_with_another_beside_an_addressed_global.mlir",
    ),
    "shared-globals-copies-in-regions-unverified": (
        _copies_in_regions_unverified,
        "shared_global_stored_in_an_arm_beside_packed_globals.mlir",
    ),
    "reload-copies-in-regions-unverified": (
        _copies_in_regions_unverified,
        "reload_in_an_arm_updated_beside_a_packed_global.mlir",
    ),
    "globals-left-to-fusion-before-the-splice": (
        _globals_left_to_fusion_before_the_splice,
        "globals_of_equal_initial_values_each_updated_in_its_own_arm.mlir",
    ),
    "unrepaired-modules-left-to-fusion": (
        _unrepaired_modules_left_to_fusion,
        "globals_of_initial_values_each_updated_in_its_own_arm.mlir",
    ),
    "repaired-globals-left-to-fusion": (
        _repaired_globals_left_to_fusion,
        "repaired_copy_stored_in_an_arm_beside_a_packed_global.mlir",
    ),
    "repaired-globals-at-other-offsets-left-to-fusion": (
        _repaired_globals_left_to_fusion,
        "repaired_copy_stored_in_an_arm_beside_a_global_at_its_offset.mlir",
    ),
    "getters-followed-one-deep": (_getters_followed_one_deep, "global_stored_through_a_getter_of_a_getter.mlir"),
    "getter-sources-counted-beside-direct-ones": (
        _getter_sources_counted_beside_direct_ones,
        "global_stored_through_a_getter_and_from_the_global_it_follows.mlir",
    ),
    "overwritten-only-through-one-call-chain": (
        _overwritten_only_through_one_call_chain,
        "rollback_through_a_setter_overwritten_after_the_call.mlir",
    ),
    "taken-in-calls-end-the-search": (
        _taken_in_calls_read,
        "rollback_through_a_setter_overwritten_by_the_setter.mlir",
    ),
    "kept-calls-pass-no-loads": (_kept_calls_pass_no_loads, "own_load_handed_to_a_kept_setter_then_stored_back.mlir"),
    "kept-setters-stores-are-idle": (
        _kept_setters_stores_are_idle,
        "rollback_then_the_old_load_handed_to_a_kept_setter.mlir",
    ),
    "setter-stores-in-cf-arms-are-loads": (
        _setter_stores_in_cf_arms_are_loads,
        "rollback_in_a_setters_cf_arm_turned_off.mlir",
    ),
    "forwarded-loads-read-the-other-global": (
        _forwarded_loads_read_the_other_global,
        "global_copied_and_read_back_in_one_block.mlir",
    ),
    "copies-in-arms-make-globals-equal": (_copies_in_arms_make_globals_equal, "global_copied_in_an_arm.mlir"),
    "stores-in-cf-arms-join-runs": (_stores_in_cf_arms_join_runs, "one_value_stored_in_a_cf_arm_and_after.mlir"),
    "region-stores-of-the-forwarded-value-count": (
        _region_stores_of_the_forwarded_value_count,
        "cache_row_stored_again_in_a_loop.mlir",
    ),
    "chained-globals-never-equal": (_chained_globals_never_equal, "global_chained_and_kept_equal.mlir"),
    "unshown-stores-break": (
        _unshown_stores_break,
        "global_kept_equal_and_synced_in_a_helper_loop_of_no_iteration.mlir",
    ),
    "unread-loads-keep-a-store": (_unread_loads_keep_a_store, "global_reset_read_unused_then_set_to_a_constant.mlir"),
    "read-loads-keep-a-store": (_read_loads_keep_a_store, "global_reset_read_then_set_to_a_constant.mlir"),
    "unshown-stores-restore-after-a-write": (
        _unshown_stores_restore_after_a_write,
        "old_value_from_a_getter_stored_through_a_setter_after_a_write.mlir",
    ),
    "chains-stop-at-unshown-globals": (
        _chains_stop_at_unshown_globals,
        "global_chained_through_a_global_synced_through_a_select.mlir",
    ),
    "switches-unmodelled": (_switches_unmodelled, "constant_handed_to_an_inner_cf_cycle_through_a_switch.mlir"),
    "renames-need-every-store-a-load": (
        _renames_need_every_store_a_load,
        "global_chained_through_a_helper_loop_of_no_iteration.mlir",
    ),
    "hand-written-kernels-write-every-binding": (
        _hand_written_kernels_write_every_binding,
        "hand_written_kernel_reads_the_argument.mlir",
    ),
    "selects-give-no-buffer": (_selects_give_no_buffer, "select_of_two_globals_stored_to_one.mlir"),
    "loops-never-return-their-inits": (_loops_never_return_their_inits, "loop_of_no_turn_frees_its_init.mlir"),
    "while-loops-never-return-their-inits": (
        _while_loops_never_return_their_inits,
        "while_loop_of_no_turn_frees_its_init.mlir",
    ),
    "results-read-are-kept": (_results_read_are_kept, "loop_result_read_then_its_init_returned.mlir"),
    "in-place-results-are-their-own-buffers": (
        _in_place_results_are_their_own_buffers,
        "loop_of_no_turn_frees_an_in_place_update_of_its_init.mlir",
    ),
    "region-values-are-their-own-buffers": (
        _region_values_are_their_own_buffers,
        "inner_loop_of_no_turn_frees_the_outer_loops_value.mlir",
    ),
    "region-results-are-their-own-buffers": (
        _region_values_are_their_own_buffers,
        "chained_loops_of_no_turn_free_the_first_init.mlir",
    ),
    "allocations-hold-one-value": (
        _allocations_hold_one_value,
        "loop_of_no_turn_frees_an_allocation_shared_with_another_value.mlir",
    ),
    # (Read by device work after the if or the outer loop: the programs that return the value
    # are caught by an export's use too, since the twenty-fourth session.)
    "outer-blocks-run-nothing-after": (
        _outer_blocks_run_nothing_after,
        "loop_of_no_turn_in_an_arm_frees_a_value_read_after_the_if.mlir",
    ),
    "outer-loops-end-the-blocks-followed": (
        _outer_blocks_run_nothing_after,
        "inner_loop_of_no_turn_frees_a_value_read_after_the_outer_loop.mlir",
    ),
    "next-turns-write-nothing": (_paths_back_are_unasked, "rollback_in_a_while_condition_after_the_body_stores.mlir"),
    "cf-paths-come-back-to-nothing": (
        _paths_back_are_unasked,
        "rollback_in_a_cf_loop_header_after_the_body_stores.mlir",
    ),
    "inner-cf-paths-come-back-to-nothing": (
        _paths_back_are_unasked,
        "rollback_in_an_inner_cf_loop_header_after_its_body_stores.mlir",
    ),
    "irreducible-cf-paths-come-back-to-nothing": (
        _paths_back_are_unasked,
        "rollback_in_an_irreducible_cycle_after_the_write.mlir",
    ),
    "cf-roll-backs-are-never-overwritten": (
        _roll_backs_are_never_overwritten,
        "rollback_in_a_cf_loop_overwritten_in_its_own_block.mlir",
    ),
    "cf-roll-backs-are-never-overwritten-before-the-exit": (
        _roll_backs_are_never_overwritten,
        "rollback_in_a_cf_loop_always_overwritten_before_the_exit.mlir",
    ),
    "cf-paths-pass-the-load": (_paths_back_pass_the_load, "rollback_in_a_cf_loop_whose_header_reloads.mlir"),
    "next-turns-of-a-for-write-nothing": (_paths_back_are_unasked, "rollback_then_read_then_write_in_a_for_body.mlir"),
    "next-turns-of-a-setter-write-nothing": (
        _paths_back_are_unasked,
        "rollback_then_read_then_a_kept_setter_in_a_for_body.mlir",
    ),
    "execute-region-paths-come-back-to-nothing": (
        _paths_back_are_unasked,
        "rollback_in_a_cf_loop_inside_an_execute_region.mlir",
    ),
    "opaque-copies-restore-nothing": (
        _opaque_copies_restore_nothing,
        "rollback_restored_through_an_optimization_barrier.mlir",
    ),
    "barriers-hide-the-bytes": (_barriers_hide_the_bytes, "rollback_restored_through_an_optimization_barrier.mlir"),
    "while-roll-backs-are-never-overwritten": (
        _roll_backs_are_never_overwritten,
        "rollback_in_a_while_body_overwritten_by_its_condition.mlir",
    ),
    "arms-are-paths": (_arms_are_paths, "rollback_guarded_to_a_loops_first_turn.mlir"),
    "steady-conditions-vary": (
        _steady_conditions_vary,
        "rollback_in_a_cf_loop_header_after_a_write_in_a_steady_arm.mlir",
    ),
    "only-the-entry-block-is-steady": (
        _only_the_entry_block_is_steady,
        "rollback_with_a_write_in_an_arm_on_a_later_blocks_condition.mlir",
    ),
    "unknown-ops-take-the-paths-away": (
        _unknown_ops_take_the_paths_away,
        "rollback_then_read_then_write_beside_an_scf_parallel.mlir",
    ),
    "steady-conditions-of-roll-backs-vary": (
        _steady_conditions_vary,
        "rollback_in_a_steady_arm_of_a_cf_loops_header.mlir",
    ),
    "loops-turn-unknown-times": (_loops_turn_unknown_times, "rollback_overwritten_by_an_inner_loop_of_two_turns.mlir"),
    "loops-of-one-turn-turn-again": (_loops_turn_unknown_times, "rollback_in_a_loop_of_one_turn.mlir"),
    "fills-are-no-constants": (_fills_are_no_constants, "global_stored_only_a_fill_of_a_constant.mlir"),
    "fills-read-what-they-fill": (_fills_read_what_they_fill, "global_filled_from_its_own_load_with_a_constant.mlir"),
    "branches-read-what-they-hand-on": (
        _branches_read_what_they_hand_on,
        "global_filled_from_its_own_load_handed_to_an_unread_block_argument.mlir",
    ),
    "identity-folds-unseen": (_identity_folds_unseen, "rollback_after_a_store_of_its_load_plus_zero.mlir"),
    "compares-of-constants-unfolded": (
        _compares_of_constants_unfolded,
        "rollback_in_a_cf_loop_read_only_behind_a_folded_compare.mlir",
    ),
    "compares-of-constants-unfolded-in-an-if": (
        _compares_of_constants_unfolded,
        "rollback_in_an_arm_a_folded_compare_rules_out.mlir",
    ),
    "unused-loads-are-read": (_unused_loads_are_read, "rollback_erased_its_write_forwarded_past_an_unused_load.mlir"),
    "forwarded-writes-are-unseen": (
        _forwarded_writes_are_unseen,
        "rollback_erased_its_write_forwarded_to_a_callees_load.mlir",
    ),
    "nested-reloads-take-no-copy": (_nested_reloads_take_no_copy, "shared_global_reloaded_in_an_if_without_else.mlir"),
    "nested-reloads-give-no-copy-a-source": (
        _nested_reloads_take_no_copy,
        "shared_global_reloaded_in_an_arm_stored_to_a_third.mlir",
    ),
    "callers-buffers-are-not-freed": (
        _callers_buffers_are_not_freed,
        "loop_of_no_turn_in_a_callee_frees_its_callers_value.mlir",
    ),
    "work-overwritten-anywhere": (
        _work_overwritten_anywhere,
        "store_moved_below_a_loop_of_no_turn_past_an_arms_reload.mlir",
    ),
    "while-loops-always-enter-their-body": (
        _while_loops_always_enter_their_body,
        "store_moved_below_a_loop_of_no_turn_past_an_arms_reload.mlir",
    ),
    "loop-inits-read-nothing": (
        _loop_inits_read_nothing,
        "store_moved_below_a_loop_past_an_arms_reload_the_loop_carries.mlir",
    ),
    "idempotent-folds-unseen": (_idempotent_folds_unseen, "rollback_to_a_conjunction_of_its_load_with_itself.mlir"),
    "idempotent-folds-unseen-in-writes": (
        _idempotent_folds_unseen,
        "write_of_a_conjunction_of_a_load_with_itself_before_a_rollback.mlir",
    ),
    "dead-work-may-fault": (_dead_work_may_fault, "dead_work_gathers_with_the_moved_past_load.mlir"),
    "erased-stores-overwrite-dead-work": (
        _erased_stores_overwrite_dead_work,
        "dead_work_overwritten_by_a_rollback_iree_erases.mlir",
    ),
    "one-location-one-access": (_one_location_one_access, "reader_shares_the_dead_loads_location.mlir"),
    "one-name-location-one-access": (_one_location_one_access, "reader_named_over_the_dead_loads_position.mlir"),
    "emptied-functions-unpaired": (
        _emptied_functions_unpaired,
        "rollback_by_a_setter_then_the_global_folded_away_through_a_select.mlir",
    ),
    "renamed-globals-own-work-read": (
        _renamed_globals_own_work_read,
        "helpers_doubling_overwritten_before_the_global_is_renamed.mlir",
    ),
    "one-setter-stores-one-value": (
        _one_setter_stores_one_value,
        "setter_called_twice_rolls_back_after_its_first_write.mlir",
    ),
    "unread-loads-elsewhere-read": (
        _unread_loads_elsewhere_read,
        "helpers_doubling_overwritten_past_an_arms_unread_reload.mlir",
    ),
    "kept-setters-restore-nothing": (
        _kept_setters_restore_nothing,
        "kept_setter_restores_the_load_before_the_rollback.mlir",
    ),
    "integer-folds-unread": (_integer_folds_unread, "loop_bound_spelled_as_a_sum_of_constants.mlir"),
    "integer-folds-unread-in-conditions": (_integer_folds_unread, "dead_arm_on_a_conjunction_of_constants.mlir"),
    "casts-zero-extend": (_casts_zero_extend, "live_arm_on_a_compare_of_a_sign_extended_constant.mlir"),
    "no-work-is-dead": (_no_work_is_dead, "store_moved_below_a_loop_past_an_arms_dead_reload.mlir"),
    "idle-loads-split-runs": (_idle_loads_split_runs, "store_moved_below_a_loop_past_an_arms_dead_reload.mlir"),
    "outer-loops-run-their-body-once": (
        _outer_loops_run_their_body_once,
        "inner_loop_of_no_turn_frees_a_value_the_outer_loops_next_turn_reads.mlir",
    ),
    "loop-results-never-fold": (_loop_results_never_fold, "store_again_in_an_arm_through_a_loop_of_no_turn.mlir"),
    "loop-results-never-fold-unchanged": (
        _loop_results_never_fold,
        "store_again_in_an_arm_through_a_loop_carrying_it_unchanged.mlir",
    ),
    "loop-results-never-fold-while": (
        _loop_results_never_fold,
        "store_again_in_an_arm_through_a_while_carrying_it_unchanged.mlir",
    ),
    "every-loop-result-its-init": (_every_loop_result_its_init, "store_again_in_an_arm_of_a_loop_that_changes_it.mlir"),
    "loop-folds-by-ssa-identity": (_loop_folds_by_ssa_identity, "rollback_through_nested_loops_handing_it_on.mlir"),
    "yielded-inits-not-forwarded": (_yielded_inits_not_forwarded, "rollback_through_a_loop_yielding_its_init.mlir"),
    "while-results-from-its-arguments-only": (
        _while_results_from_its_arguments_only,
        "rollback_through_a_while_handing_on_the_load.mlir",
    ),
    "while-results-from-its-arguments-only-in-one-turn": (
        _while_results_from_its_arguments_only,
        "store_again_in_an_arm_through_a_loop_of_one_turn_yielding_it.mlir",
    ),
    "false-conditions-still-enter": (
        _false_conditions_still_enter,
        "rollback_through_a_while_of_a_false_condition.mlir",
    ),
}


def _input_read_as_written(monkeypatch: pytest.MonkeyPatch) -> None:
    """The input read as the user wrote it: MLIR's folds not run on it (``input_folds``)."""
    monkeypatch.setattr(schedule_guard, "fold_as_mlir_does", lambda module: None)


def _blocks_of_cf_regions_unordered(monkeypatch: pytest.MonkeyPatch) -> None:
    """The accesses of one block of a ``cf`` arm or loop compared with nothing, as before
    tensor campaign seed 17101 (``global_order._reordered_in_one_block``)."""
    monkeypatch.setattr(global_order, "_reordered_in_one_block", lambda *args, **kwargs: [])


WEAKENINGS["blocks-of-cf-loops-unordered"] = (
    _blocks_of_cf_regions_unordered,
    "own_value_stored_back_moved_below_a_while_in_a_cf_loop.mlir",
)
WEAKENINGS["blocks-of-cf-arms-unordered"] = (
    _blocks_of_cf_regions_unordered,
    "own_value_stored_back_moved_below_a_while_in_a_cf_arm.mlir",
)


def _unread_stores_keep_their_order(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two stores of a block of a ``cf`` arm or loop never trade places, read or not
    (``global_order._unread_pair`` answering no)."""
    monkeypatch.setattr(global_order, "_unread_pair", lambda *args: False)


WEAKENINGS["unread-stores-keep-their-order"] = (
    _unread_stores_keep_their_order,
    "store_sunk_below_a_storing_while_in_a_cf_arm_overwritten_in_the_join.mlir",
)


def _cf_blocks_unsimulated(monkeypatch: pytest.MonkeyPatch) -> None:
    """IREE's removals across a region simulated in ordered blocks alone, as before review 41
    (``global_order._cf_blocks`` finding none)."""
    monkeypatch.setattr(global_order, "_cf_blocks", lambda was, calls: [])


WEAKENINGS["cf-blocks-unsimulated"] = (_cf_blocks_unsimulated, "store_dropped_across_a_reading_while_in_a_cf_arm.mlir")
WEAKENINGS["cf-blocks-unsimulated-for-loads"] = (
    _cf_blocks_unsimulated,
    "reload_forwarded_across_a_storing_if_in_a_cf_arm.mlir",
)


def _integer_ranges_unfolded(monkeypatch: pytest.MonkeyPatch) -> None:
    """The input read after MLIR's canonicalizer and CSE alone, not IREE's integer range folds."""
    import rewriter.guard.input_folds as input_folds

    monkeypatch.setattr(input_folds, "FOLDS", "builtin.module(canonicalize,cse)")


WEAKENINGS["integer-ranges-unfolded"] = (
    _integer_ranges_unfolded,
    "rollback_through_a_while_its_counters_range_never_enters.mlir",
)


def _overwrites_in_the_block_count(monkeypatch: pytest.MonkeyPatch) -> None:
    """Two stores of a ``cf`` block trade places though what overwrites them is in their block
    (``global_order._another_write_in_the_block`` answering no)."""
    monkeypatch.setattr(global_order, "_another_write_in_the_block", lambda *args: False)


def _reads_through_addresses_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    """The paths taken to show every read of a global, with accesses through its address."""
    monkeypatch.setattr(global_order, "_paths_see_every_read", lambda events: True)


WEAKENINGS["overwrites-in-the-block-count"] = (
    _overwrites_in_the_block_count,
    "store_sunk_below_a_while_storing_in_both_regions_in_a_cf_arm.mlir",
)
WEAKENINGS["reads-through-addresses-unseen"] = (
    _reads_through_addresses_unseen,
    "store_sunk_below_a_storing_while_read_through_an_address_in_the_join.mlir",
)
WEAKENINGS["input-read-as-written"] = (_input_read_as_written, "rollback_through_a_loop_bounded_by_n_plus_zero.mlir")
WEAKENINGS["input-read-as-written-in-a-while"] = (
    _input_read_as_written,
    "rollback_through_a_while_its_condition_truth_makes_invariant.mlir",
)


def _carried_values_taken_as_awaited(monkeypatch: pytest.MonkeyPatch) -> None:
    """IREE's wait for a loop's carried resource taken as made for every host op, as for its
    execution regions (``unawaited`` finding no barrier that takes one unawaited)."""
    monkeypatch.setattr(unawaited, "awaited_by_a_host_op", lambda value: True)


WEAKENINGS["carried-values-taken-as-awaited"] = (
    _carried_values_taken_as_awaited,
    "barrier_on_a_loops_carried_value.mlir",
)


def _timepoints_only_beside_their_values(monkeypatch: pytest.MonkeyPatch) -> None:
    """The timepoint a loop carries for a value looked for only beside it, where the pass put
    it (canonicalization keeps one of two equal timepoints: review 43's p28)."""

    def beside(value: ir.Value) -> ir.Value | None:
        arguments = list(value.owner.arguments)
        k = value.arg_number + 1
        return arguments[k] if k < len(arguments) and str(arguments[k].type) == "!stream.timepoint" else None

    monkeypatch.setattr(unawaited, "_carried_timepoint", beside)


def _loop_results_taken_as_ready(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop's result taken for ready when made, as any host op's (review 44's q07: the
    tool awaited another value's timepoint)."""
    monkeypatch.setattr(unawaited, "result_as_argument", lambda value: None)
    real = unawaited.ready_at
    monkeypatch.setattr(
        unawaited,
        "ready_at",
        lambda value: True if real(value) is None and not isinstance(value, ir.BlockArgument) else real(value),
    )


def _values_coming_back_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop's value that comes back around an inner loop taken as unknown, not as ready at
    each timepoint of its block in turn (review 43's p05: refused, stock right)."""
    real = unawaited._carried

    def weak(value: ir.Value, assumed: dict) -> ir.Value | None:  # type: ignore[type-arg]
        return None if value in assumed else real(value, assumed)

    monkeypatch.setattr(unawaited, "_carried", weak)


def _global_loads_taken_as_unready(monkeypatch: pytest.MonkeyPatch) -> None:
    """A global's load used as it is taken for a value of unknown readiness, as before the
    twenty-third session (tensor seed 22101: a constant's load a loop carries through a barrier
    refused, stock right)."""
    real = unawaited.ready_at
    monkeypatch.setattr(
        unawaited,
        "ready_at",
        lambda value: None if getattr(value.owner, "name", "") == "util.global.load" else real(value),
    )


def _values_ready_on_every_edge_unknown(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop's value ready when made on every edge into its block taken as of no timepoint
    (unknown), as before the twenty-third session: refused, stock right."""
    real = unawaited._carried_timepoint
    monkeypatch.setattr(unawaited, "_carried_timepoint", lambda value: None if real(value) is True else real(value))


def _immutable_globals_returned_unseen(monkeypatch: pytest.MonkeyPatch) -> None:
    """A call's result taken for no immutable global's buffer, whatever its callee returns, as
    before the twenty-third session (tensor seed 22101: a kept callee returns a constant's load
    from an arm, its caller writes it in place)."""
    monkeypatch.setattr(schedule_check._FunctionCheck, "_immutable_returned", lambda self, root: [])


WEAKENINGS["immutable-globals-returned-unseen"] = (
    _immutable_globals_returned_unseen,
    "immutable_global_returned_from_an_arm_of_a_kept_callee_written.mlir",
)


def _loop_arguments_hold_no_immutable_global(monkeypatch: pytest.MonkeyPatch) -> None:
    """A loop's argument taken for no immutable global's buffer, whatever enters it, as before
    review 57 (b04: a kept callee's constant carried into a loop and written there)."""
    real = schedule_check._FunctionCheck._immutable_held

    def weak(self, root, seen=frozenset()):  # noqa: ANN001, ANN202 - the patched method's signature
        return [] if isinstance(root, ir.BlockArgument) else real(self, root, seen)

    monkeypatch.setattr(schedule_check._FunctionCheck, "_immutable_held", weak)


WEAKENINGS["inits-handed-out-taken-as-dead"] = (
    lambda monkeypatch: monkeypatch.setattr(schedule_check, "_HANDED_OUT", frozenset()),
    "loop_of_no_turn_frees_the_load_copy_it_returns.mlir",
)
WEAKENINGS["other-results-holding-the-init-unseen"] = (
    lambda monkeypatch: monkeypatch.setattr(schedule_check, "_results_holding", lambda loop, result, init: []),
    "loop_of_no_turn_frees_the_load_copy_another_result_returns.mlir",
)
WEAKENINGS["inits-handed-on-through-a-barrier-unseen"] = (
    lambda monkeypatch: monkeypatch.setattr(schedule_check, "_results_handed_on", lambda loop: []),
    "loop_hands_on_through_a_barrier_the_load_copy_it_returns.mlir",
)
WEAKENINGS["loop-arguments-hold-no-immutable-global"] = (
    _loop_arguments_hold_no_immutable_global,
    # (The program where the callee's result is the loop's init is caught by a loop's writes of
    # its init too, since the twenty-fourth session: here it enters from a turn's yield only.)
    "immutable_global_returned_by_a_kept_callee_handed_to_the_next_turn.mlir",
)
WEAKENINGS["global-loads-taken-as-unready"] = (
    _global_loads_taken_as_unready,
    "barrier_in_a_while_condition_on_a_constant_it_carries.mlir",
)
WEAKENINGS["values-ready-on-every-edge-unknown"] = (
    _values_ready_on_every_edge_unknown,
    "barrier_in_a_while_condition_on_a_constant_it_carries.mlir",
)
WEAKENINGS["loop-results-taken-as-ready"] = (
    _loop_results_taken_as_ready,
    "barrier_on_a_value_an_inner_loop_makes_each_turn.mlir",
)
WEAKENINGS["values-coming-back-unknown"] = (
    _values_coming_back_unknown,
    "barrier_in_an_inner_loop_on_the_outer_loops_value.mlir",
)
WEAKENINGS["timepoints-only-beside-their-values"] = (
    _timepoints_only_beside_their_values,
    "barrier_after_a_host_read_of_a_value_sharing_its_timepoint.mlir",
)

#: The weakenings of the check's own folds of the input's values (and of the walk's folds of
#: its branches and loops) that MLIR's and IREE's folds, run on the input before the check reads
#: it (``rewriter/guard/input_folds.py``: IREE's integer range folds reach into a private callee
#: a constant flag turns off), leave with nothing to fold in their killing program: each is
#: killed with the input read as written, the reading where those folds fail. Whether any
#: input still reaches them once MLIR's folds ran is open (docs/findings.md, eighteenth session).
READ_AS_WRITTEN = frozenset(
    {
        "arms-never-run-still-count",
        "branches-read-what-they-hand-on",
        "carried-arguments-followed-no-further",
        "carried-values-are-read",
        "casts-zero-extend",
        "chains-stop-at-unshown-globals",
        "chosen-arms-keep-their-scope",
        "compares-of-constants-unfolded",
        "compares-of-constants-unfolded-in-an-if",
        "constant-branches-take-every-successor",
        "constant-switches-take-every-case",
        "dead-code-reads",
        "emptied-functions-unpaired",
        "erased-stores-overwrite-dead-work",
        "false-conditions-still-enter",
        "false-conditions-still-run-the-body",
        "folded-branches-are-no-loads",
        "full-inserts-are-new-values",
        "idempotent-folds-unseen",
        "idempotent-folds-unseen-in-writes",
        "identity-folds-unseen",
        "integer-folds-unread",
        "integer-folds-unread-in-conditions",
        "loads-stored-back-through-ops",
        "loop-folds-by-ssa-identity",
        "loop-inits-read-nothing",
        "loop-results-never-fold",
        "loop-results-never-fold-unchanged",
        "loop-results-never-fold-while",
        "loops-of-no-iteration-still-run",
        "loops-of-one-bound-still-run",
        "loops-of-one-turn-turn-again",
        "merged-arms-order-no-read",
        "only-the-entry-block-is-steady",
        "overwrites-need-not-stay",
        "regions-folded-away-still-count",
        "renames-need-every-store-a-load",
        "selects-on-constants-are-no-loads",
        "setter-stores-in-cf-arms-are-loads",
        "switch-flags-compared-as-read",
        "the-chosen-arm-taken-for-dead",
        "unknown-ops-take-the-paths-away",
        "unshown-stores-break",
        "values-of-constants-are-no-loads",
        "values-of-constants-kept-apart",
        "while-results-from-its-arguments-only",
        "while-results-from-its-arguments-only-in-one-turn",
        "writes-between-need-not-stay",
        "yielded-inits-not-forwarded",
    }
)


def test_every_killing_program_is_a_case_the_real_check_builds_right_or_refuses() -> None:
    """The real check on each killing program is ``tests/e2e/test_global_reloads.py``'s: it
    builds a program of ``tensor_programs.CASES`` to the value-semantics answer, or refuses it
    with the words the case names, and pins plain iree-compile's answer (``case.stock``), which
    the weakened tool below is compared with."""
    for _, file in WEAKENINGS.values():
        assert file in {case.file for case in CASES}, file


@pytest.mark.parametrize("weakening", sorted(WEAKENINGS))
def test_the_weakened_check_is_killed(weakening: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The weakened tool computes plain iree-compile's answer where that is wrong, or refuses
    a program plain iree-compile builds right: either way the campaign fails it."""
    weaken, file = WEAKENINGS[weakening]
    case = by_file(file)
    weaken(monkeypatch)
    if weakening in READ_AS_WRITTEN:
        _input_read_as_written(monkeypatch)
    built = compile_tool(case, tmp_path / "weak.vmfb")
    if built is None:
        assert case.stock == case.expected  # (a refusal of a right build: stock's answer, pinned)
        return
    if case.stock == RACED:  # (a race may be won, or hang: apart, and one run wrong kills)
        got = case.expected
        for _ in range(_RACED_TRIES):
            got = run_apart(built, case.modes[0], case.calls, timeout_s=60.0)
            if got != case.expected:
                break
    elif case.stock == FREED:  # (a freed buffer's read is a race the host may win: a few runs)
        got = case.expected
        for _ in range(_FREED_TRIES):
            got = run(built, case.modes[0], case.calls)
            if got != case.expected:
                break
    else:
        got = (run_apart if case.stock == CRASHED else run)(built, case.modes[0], case.calls)
    print(f"\n{weakening}: {got}")
    assert got != case.expected


#: Runs of the weakened tool's build of a program that races, one of which must be wrong.
_RACED_TRIES = 40
#: Runs of the weakened tool's build of a program that reads a freed buffer, one of which must
#: fail (as for plain iree-compile's pin, ``tests/e2e/test_global_reloads.py``).
_FREED_TRIES = 10


def test_globals_kept_apart_without_the_shared_globals_repair_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """*globals kept apart whatever the hook repairs* (``ScheduleGuard.shared_globals_repaired``
    taken as true): with ``--no-elide``, @k and @v kept apart hold one constant's buffer, which
    each arm writes in place, and the build computes a wrong answer where stock fails on the
    runtime (review 53's p06)."""
    from rewriter.cli.entry import main

    case = by_file("one_constant_stored_to_two_globals_each_updated_in_its_own_arm.mlir")
    monkeypatch.setattr(
        schedule_guard.ScheduleGuard,
        "shared_globals_repaired",
        property(lambda self: True, lambda self, v: None),
        raising=False,
    )
    out = tmp_path / "weak.vmfb"
    assert main(["compile", str(DATA / case.file), "-o", str(out), "--no-elide", *FLAGS]) == 0
    got = run(out, "copy", case.calls)
    print(f"\nglobals-kept-apart-without-the-shared-globals-repair: {got}")
    assert got not in (case.expected, case.stock)


def test_a_repaired_module_kept_apart_unseparated_under_no_elide_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """*a repaired module's globals kept apart with no shared-globals repair* (the guard's own
    ``separate_globals`` a no-op): with ``--no-elide`` and a schedule repair made, @k and @v
    kept apart hold one constant's buffer, which each arm writes in place: the build computes
    a wrong answer where stock fails on the runtime."""
    import rewriter.repair.shared_globals as shared_globals
    from rewriter.cli.entry import main

    case = by_file("one_constant_stored_to_two_globals_beside_a_repaired_copy.mlir")
    monkeypatch.setattr(shared_globals, "separate_globals", lambda module, source=None, filename=None: [])
    out = tmp_path / "weak.vmfb"
    assert main(["compile", str(DATA / case.file), "-o", str(out), "--no-elide", *FLAGS]) == 0
    got = run(out, "copy", case.calls)
    print(f"\nrepaired-module-kept-apart-unseparated: {got}")
    assert got not in (case.expected, case.stock)


def test_imports_taken_as_writable_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """*an imported argument taken as the function's own* (``stream_model.semantics.abi``): the
    row inserted into the caller's cache changes the caller's array, as plain iree-compile's
    build does (IREE #16168)."""
    from tests.e2e.test_callers_buffers import CASES as CALLERS_CASES
    from tests.e2e.test_callers_buffers import DATA as CALLERS_DATA
    from tests.e2e.test_callers_buffers import _call

    case = next(c for c in CALLERS_CASES if c.file == "row_inserted_only.mlir")
    out = tmp_path / "weak.vmfb"
    monkeypatch.setattr(schedule_check, "imports_callers_buffer", lambda op, function, given_over: False)
    assert compile_tool_file(CALLERS_DATA / case.file, out) is not None
    kept, _ = _call(out, case)
    assert not (kept == case.arguments()[case.kept]).all()
