"""Hand-picked programs, each aimed at one part of the safety rule.

Each one is correct with the real rule (the slice is kept, or aliased with a valid proof) and
miscompiles -- a bit mismatch on the runtime -- if that part of the rule is weakened. They are
the mutation tests' guaranteed detectors (``tests/campaign/test_mutations.py``); generated programs are
the other, broader ones.
"""

from __future__ import annotations

import json
from pathlib import Path

from .program import Call, Fill, GlobalDecl, Iota, Lin, Load, Program, Range, Scale, Slice, Sum, Update

_REGRESSIONS = Path(__file__).resolve().parents[1] / "regressions"

_G = (GlobalDecl("g0", 16),)


def _r(a: int, n: int) -> Range:
    return Range(Lin(a), Lin(n))


#: Tied chain: the slice's source is written twice in place; the second write (through the
#: first's result, not the source value itself) overwrites the sliced bytes before the read.
WRITE_THROUGH_TIED_CHAIN = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, _r(0, 4)),
        Iota(2, Lin(2), 55_007),
        Update(3, 2, 0, Lin(8)),  # disjoint from the slice: harmless
        Update(4, 2, 3, Lin(1)),  # through the chain, inside the slice: the slice must stay a copy
        Sum(5, 1, _r(0, 4)),  # reads the slice after both writes
    ),
)

#: Ordering: an overlapping write after the slice that nothing orders; the slice is read after it.
OVERLAPPING_WRITE_BEFORE_READ = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, _r(2, 4)),
        Fill(2, 0, _r(4, 3), 99),
        Sum(3, 1, _r(0, 4)),
    ),
)

#: The solver must find the overlap: a step-dependent slice [0, 1 + step) and an in-place
#: scale of [step, step + 2): they overlap for every step, which only a counterexample shows.
SYMBOLIC_OVERLAP = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, Range(Lin(0), Lin(1, 1), 1)),
        Scale(2, 0, Range(Lin(0, 1), Lin(2), 2)),
        Sum(3, 1, Range(Lin(0), Lin(1, 1))),
    ),
    assume_max=3,
)

#: A control: provably disjoint write after the slice (the alias is correct and must stay).
DISJOINT_WRITE_AFTER_SLICE = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, Range(Lin(0), Lin(1, 1))),
        Iota(2, Lin(1), 77_007),
        Update(3, 2, 0, Lin(1, 1)),
        Sum(4, 1, Range(Lin(0), Lin(1, 1))),
    ),
)

#: Live version: the slice's source is written in place *before* a call that reads the slice,
#: over the slice's bytes. The call needs the alias as a value, and the storage's live version
#: there (the update's result) holds the new row, not the sliced bytes: the copy must stay.
OVERLAPPING_WRITE_BEFORE_CALL = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, _r(0, 4)),
        Iota(2, Lin(1), 66_007),
        Update(3, 2, 0, Lin(2)),  # inside the slice
        Call(None, 4, 1, None, _r(0, 4), None),  # sums the slice
    ),
)

#: Its control: the same write next to the slice; the call reads a subview of the live version.
DISJOINT_WRITE_BEFORE_CALL = Program(
    _G,
    (
        Load(0, "g0"),
        Slice(1, 0, Range(Lin(0), Lin(1, 1))),
        Iota(2, Lin(1), 88_007),
        Update(3, 2, 0, Lin(1, 1)),
        Call(None, 4, 1, None, Range(Lin(0), Lin(1, 1)), None),
    ),
)

from .program import GetGlobal, GLoad, GStore, Mix, SetGlobal  # noqa: E402

#: A call result that is a global's buffer, sliced; a call that writes the global; the slice
#: read after it (third review, finding 01).
GLOBAL_CALL_RACE = Program(
    _G,
    (
        Load(0, "g0"),
        GStore(0, "g0"),
        GetGlobal(1, "g0"),
        Slice(2, 1, _r(0, 4)),
        GStore(1, "g0"),
        SetGlobal("g0", _r(2, 1), 9),
        Sum(3, 2, _r(0, 4)),
        GLoad(4, "g0"),
    ),
)

#: A callee slices its argument, a global's buffer, and calls a setter of that global before
#: reading the slice (third review, finding 02).
GLOBAL_CALLEE_RACE = Program(
    _G,
    (
        Load(0, "g0"),
        GStore(0, "g0"),
        GLoad(1, "g0"),
        Call(None, 2, 1, _r(0, 4), None, None, set_global="g0", set_range=_r(1, 2), set_value=9),
        GLoad(3, "g0"),
    ),
)

#: Twin globals (equal initial contents): IREE makes them one buffer; the rewrite gives each its
#: own (the shared-globals repair). One is written, the other read.
TWIN_GLOBALS = Program(
    (GlobalDecl("g0", 16), GlobalDecl("g1", 16, "g0")),
    (Load(0, "g0"), Load(1, "g1"), Fill(2, 1, _r(0, 4), 9), Sum(3, 0, _r(0, 8))),
)

#: The same, the twin stored the first global's iota itself (one dispatch result stored to two
#: globals): a clone of it would be dispatched again and merged (third review, finding 03).
SHARED_INITIAL_VALUE = Program(
    (GlobalDecl("g0", 16), GlobalDecl("g1", 16, "g0", shared=True)),
    (Load(0, "g0"), Load(1, "g1"), Fill(2, 1, _r(0, 4), 9), Sum(3, 0, _r(0, 8))),
)

#: One value stored to two globals: from the next step on IREE makes them one buffer, and the
#: write of one shows in the other (the rewrite gives the second its own copy).
STORED_TWICE = Program(
    (GlobalDecl("g0", 16), GlobalDecl("g1", 16)),
    (
        Load(0, "g0"),
        Load(1, "g1"),
        Fill(2, 1, _r(1, 2), 9),
        Sum(3, 0, _r(0, 4)),
        GStore(2, "g1"),
        GStore(0, "g0", "g1"),
    ),
)

#: The same, the second global given the value by a setter call, or by storing what a getter of
#: the first returns (review of the third round's fixes, case 02).
STORED_TWICE_BY_A_SETTER = Program(STORED_TWICE.globals, STORED_TWICE.ops[:-1] + (GStore(0, "g0", "g1", "setter"),))
STORED_TWICE_FROM_A_GETTER = Program(STORED_TWICE.globals, STORED_TWICE.ops[:-1] + (GStore(0, "g0", "g1", "getter"),))
#: One setter of both globals given one value twice (review 4, finding 03): the store sites are
#: one per operand position; the repair copies the operand stored to the global that does not
#: keep the buffer. (A store of a global twice in one step makes the schedule guard refuse; the
#: first global's own loaded buffer passed twice is the e2e test
#: ``test_a_copy_of_a_global_load_compiles_and_repairs``.)
SETTER_GIVEN_ONE_VALUE_TWICE = Program(
    STORED_TWICE.globals,
    STORED_TWICE.ops[:4] + (GStore(0, "g0"), GStore(2, "g1", "g0", "setter2")),
)

#: A slice from offset 0 folded into a mix makes it identical to a mix of the slice's source;
#: IREE merges the two after the splice, and the fill of one shows in the other (review of the
#: third round's fixes, case 05): the rewrite keeps the copy.
FOLD_TWIN = Program(
    (GlobalDecl("g0", 16),),
    (
        Load(0, "g0"),
        Iota(1, Lin(4), 77_007),
        Slice(2, 0, _r(0, 8)),
        Mix(3, 0, _r(2, 4), 1, Lin(0)),
        Mix(4, 2, _r(2, 4), 1, Lin(0)),
        Fill(5, 4, _r(0, 2), 9),
        Mix(6, 3, _r(0, 4), 5, Lin(0)),
    ),
)

#: Found by the campaign through IREE's pre-splice stages: twin globals (one buffer once IREE
#: merges their initializers), a setter storing the value of @g0 into @g1, and a reload of @g0
#: after the call. A repair copy made after the store of the same value lets IREE's scheduler move
#: that store past the reload (``globals_fix._copy_point``; the regression case of that name).
SETTER_STORES_A_MERGED_TWIN = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-setter-stores-the-value-of-a-merged-twin.json").read_text())["program"]
)
#: Also found through IREE's stages: @g1 starts as a copy of @g0's initial value, and a getter's
#: result for @g1 is stored to @g0; a repair copy in the original's allocation lets IREE fuse the
#: two globals' size globals (``globals_fix._apart``).
GETTER_VALUE_COPIED_IN_ONE_ALLOCATION = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-getter-value-stored-to-a-global-copied-in-one-allocation.json").read_text())[
        "program"
    ]
)
#: And: a getter's result filled in place, then stored to a second global (the fill must write
#: a copy: ``globals_fix._written_in_place``).
GETTER_RESULT_FILLED_THEN_STORED = Program.from_json(
    json.loads(
        (_REGRESSIONS / "campaign-getter-result-filled-in-place-then-stored-to-a-second-global.json").read_text()
    )["program"]
)

#: Two identical slices of a global whose offsets come from two loads of the step's index
#: global, stored to two globals: IREE's CSE makes the loads one value after the splice, then the
#: producers one buffer, and from the next step on the fill of one global shows in the other
#: (review of the third round's fixes, case 01: the merge model takes loads of one global as one
#: value, ``merges._loads_as_one``, and the rewrite gives the second global its own copy).
PRODUCERS_OFFSET_BY_TWO_LOADS = Program(
    (GlobalDecl("g0", 16), GlobalDecl("g1", 8), GlobalDecl("g2", 8)),
    (
        Load(0, "g0"),
        Load(1, "g1"),
        Load(2, "g2"),
        Fill(3, 2, Range(Lin(0), Lin(4)), 9),
        Sum(4, 1, Range(Lin(0), Lin(4))),
        Slice(5, 0, Range(Lin(0, 1), Lin(8))),
        Slice(6, 0, Range(Lin(0, 1), Lin(8))),
        GStore(5, "g1"),
        GStore(6, "g2"),
    ),
    step_global="indirect",
    step_cap=3,
    step_loads=2,
)

from .program import Branch, Copy, Discard, Splat  # noqa: E402

#: A copy of a whole value into a fresh splat of its size is that value after the splice (IREE's
#: canonicalizer makes it an update of the whole target and folds the update into its operand,
#: ``merges.folded_pairs``): the fill of the copy writes the value copied, over a slice of it
#: that is read after the fill, so the slice stays a copy (review 4, finding 06).
WHOLE_COPY_WRITTEN = Program(
    (),
    (
        Iota(0, Lin(16), 44_007),
        Slice(1, 0, _r(0, 4)),
        Splat(2, Lin(16), 5),
        Copy(3, 0, _r(0, 16), 2, Lin(0)),
        Discard(0),
        Fill(4, 3, _r(1, 2), 9),
        Sum(5, 1, _r(0, 4)),
    ),
)

#: The same fold makes two globals share a buffer: @g0's value copied whole into a fresh splat
#: stored to @g1. From the next step on the fill of @g1 shows in @g0, unless the rewrite gives
#: @g1 its own copy (review 4, finding 06, ``case_globals.mlir``). The fill is summed: stored
#: only, its store is stored over and dropped (``rewriter.repair.reloads``), and IREE drops the fill.
WHOLE_COPY_STORED_TO_A_SECOND_GLOBAL = Program(
    STORED_TWICE.globals,
    STORED_TWICE.ops[:3]
    + (Sum(6, 2, _r(0, 4)),)
    + STORED_TWICE.ops[3:-1]
    + (Splat(4, Lin(16), 5, "variable"), Copy(5, 0, _r(0, 16), 4, Lin(0)), GStore(5, "g1")),
)

#: An ``scf.if`` whose arms both yield one value is that value after the splice (IREE's
#: canonicalizer folds the branch away): a slice of @g0 and the same slice of such a branch of
#: @g0's value are one producer to IREE's CSE, one buffer, stored to @g1 and @g2. From the next
#: step on the fill of @g2 shows in @g1, unless the rewrite gives @g2 its own copy (the merge
#: model's closed world, ``merges._one_of``; ``tests/regressions/soundness/n2_*``).
BRANCH_OF_ONE_VALUE_STORED_TO_TWO_GLOBALS = Program(
    (GlobalDecl("g0", 16), GlobalDecl("g1", 8), GlobalDecl("g2", 8)),
    (
        Load(0, "g0"),
        Load(1, "g1"),
        Load(2, "g2"),
        Fill(3, 2, _r(0, 4), 9),
        Sum(4, 1, _r(0, 4)),
        Slice(5, 0, _r(4, 8)),
        Branch((6,), (), ((), ()), ((0,), (0,)), "if", 2),
        Slice(7, 6, _r(4, 8)),
        GStore(5, "g1"),
        GStore(7, "g2"),
    ),
)


#: Double buffering (review 4, finding 04): an ``scf.if`` reloads @g0 in one arm and @g1 in the
#: other, and a slice of its result (either global's buffer) is read by a mix after @g1, reloaded,
#: is scaled in place. The scale writes the slice's source whenever the branch chose @g1 (steps 2
#: and 3), so the slice stays a copy. Neither global is given the other's buffer: no store gives
#: the result to a global, so the shared-globals repair has nothing to do (the tool once stopped
#: here with an internal error, ``storage.find_shared_global_storage``).
BRANCH_CHOOSING_BETWEEN_TWO_GLOBALS = Program(
    STORED_TWICE.globals,
    (
        Load(0, "g0"),
        Load(1, "g1"),
        GStore(0, "g0"),
        GStore(1, "g1"),
        Branch((4,), (), ((GLoad(2, "g0"),), (GLoad(3, "g1"),)), ((2,), (3,)), "if", 2),
        Slice(5, 4, _r(0, 4)),
        Discard(4),
        GLoad(6, "g1"),
        Scale(7, 6, _r(1, 2)),
        Mix(8, 5, _r(0, 4), 7, Lin(0)),
        GStore(7, "g1"),
        Discard(5),
    ),
)

#: A branch whose arms yield a reload of @g0 or a mix of it, untouched: IREE folds it into an
#: ``arith.select`` of the two buffers. A fill of its result then writes @g0's buffer in place
#: when the arm taken yields the reload, which a sum reads after: stock is wrong, and the
#: schedule check follows the select to the reload and gives the fill a copy.
GLOBAL_OR_VALUE_FILLED = Program(
    (GlobalDecl("g0", 8),),
    (
        Load(0, "g0"),
        GStore(0, "g0"),
        GLoad(1, "g0"),
        Mix(2, 1, _r(0, 8), 1, Lin(0), "variable"),
        Branch((3,), (2,), ((), ()), ((1,), (2,)), "if", 1),
        Fill(4, 3, _r(1, 4), 647),
        Sum(5, 1, _r(0, 8)),
    ),
)

#: Found by the stream campaign (seed 7074): IREE folds a switch arm's loop and whole update of
#: a call's result with @g0's load away, so the switch is a select of @g0's buffer and the
#: call's result, which an execution region fills in place before @g0's load is exported.
FILL_OF_A_SELECT_OF_A_GLOBAL = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-fill-after-a-whole-update-in-a-switch-writes-the-global.json").read_text())[
        "program"
    ]
)

#: A splat written over the whole of a fresh ``iota`` is a splat after the splice (IREE folds the
#: update into the splat, or makes it a whole fill and that a splat), whatever the target held; a
#: fill of it with the splat's own value is then elided, so a ``mix`` of the update and the same
#: ``mix`` of the fill are one producer to IREE's CSE, one buffer, stored to @g1 and @g2. From
#: the next step on the fill of @g2 shows in @g1, unless the rewrite gives @g2 its own copy (the
#: merge model's ``merges._may_be_splat``; ``tests/regressions/soundness/p1_*``).
ELIDED_FILL_OF_A_WHOLE_UPDATE_STORED_TO_TWO_GLOBALS = Program(
    (GlobalDecl("g1", 8), GlobalDecl("g2", 8)),
    (
        Load(0, "g1"),
        Load(1, "g2"),
        Fill(2, 1, _r(0, 4), 9),
        Sum(3, 0, _r(0, 4)),
        Iota(4, Lin(16), 33_007),
        Splat(5, Lin(16), 5),
        Update(6, 5, 4, Lin(0)),
        Mix(7, 6, _r(0, 8), 6, Lin(8), "variable"),
        Fill(8, 6, _r(0, 4), 5),
        Mix(9, 8, _r(0, 8), 8, Lin(8), "variable"),
        GStore(7, "g1"),
        GStore(9, "g2"),
    ),
)

#: Two equal slices of an ``scf.if`` choosing between @g0's and @g3's buffers: the slices' operand
#: may be either (any value to the merge model), yet IREE's CSE makes them one producer, one
#: buffer, stored to @g1 and @g2. From the next step on the fill of @g2 shows in @g1, unless the
#: rewrite gives @g2 its own copy: an op reading any value still meets an op of its family with
#: the same operands and scalars that may be its own (``merges._Taken.meets``).
SLICES_OF_A_BRANCH_OF_TWO_GLOBALS_STORED_TO_TWO_GLOBALS = Program(
    (GlobalDecl("g0", 16), GlobalDecl("g1", 8), GlobalDecl("g2", 8), GlobalDecl("g3", 16)),
    (
        Load(0, "g0"),
        Load(1, "g1"),
        Load(2, "g2"),
        Load(5, "g3"),
        Fill(3, 2, _r(0, 4), 9),
        Sum(4, 1, _r(0, 4)),
        Branch((6,), (), ((), ()), ((0,), (5,)), "if", 2),
        Slice(7, 6, _r(4, 8)),
        Slice(8, 6, _r(4, 8)),
        GStore(7, "g1"),
        GStore(8, "g2"),
    ),
)

from .program import Discard, Import  # noqa: E402

#: The host passes back the buffer the call before exported as global @g0's (from the second
#: call on, the import *is* @g0's buffer); the import is sliced; the loaded @g0 is scaled in
#: place over the slice's bytes; the slice is read after it, by a ``mix`` with the scaled value
#: (a dependence: the read cannot run first). The open issue's class "imports that are
#: globals", with an in-place write of the global. (A scale, not a fill: a fill of constant
#: bytes writes what the import already holds from the call before.)
#: @g0 loaded, the buffer the host passes back imported and sliced: the import programs' start.
_IMPORT_SLICED = (Load(0, "g0"), Import(1, "g0"), Slice(2, 1, _r(0, 4)), Discard(1))
IMPORT_OF_A_GLOBAL_WRITTEN_IN_PLACE = Program(
    _G,
    (
        *_IMPORT_SLICED,
        Scale(3, 0, _r(1, 2)),
        Mix(4, 2, _r(0, 4), 3, Lin(0)),
    ),
)

#: As :data:`IMPORT_OF_A_GLOBAL_WRITTEN_IN_PLACE`, the global written by a call of a setter (a
#: call whose summary writes @g0 writes the import: the open issue's class "imports that are
#: globals" for calls). The setter writes element ``step``, so every call changes bytes the
#: import holds.
IMPORT_OF_A_GLOBAL_A_CALL_WRITES = Program(
    _G,
    (
        *_IMPORT_SLICED,
        GStore(0, "g0"),
        SetGlobal("g0", Range(Lin(0, 1), Lin(1)), 9),
        Sum(3, 2, _r(0, 4)),
        GLoad(4, "g0"),
    ),
)

#: The third review's classes: storage IREE merges, calls that are a global's storage, and the
#: repair of globals sharing a buffer.
THIRD_REVIEW: tuple[Program, ...] = (
    GLOBAL_CALL_RACE,
    GLOBAL_CALLEE_RACE,
    TWIN_GLOBALS,
    SHARED_INITIAL_VALUE,
    STORED_TWICE,
    STORED_TWICE_BY_A_SETTER,
    STORED_TWICE_FROM_A_GETTER,
    SETTER_GIVEN_ONE_VALUE_TWICE,
    FOLD_TWIN,
    PRODUCERS_OFFSET_BY_TWO_LOADS,
    WHOLE_COPY_WRITTEN,
    WHOLE_COPY_STORED_TO_A_SECOND_GLOBAL,
    BRANCH_OF_ONE_VALUE_STORED_TO_TWO_GLOBALS,
    BRANCH_CHOOSING_BETWEEN_TWO_GLOBALS,
    ELIDED_FILL_OF_A_WHOLE_UPDATE_STORED_TO_TWO_GLOBALS,
    SLICES_OF_A_BRANCH_OF_TWO_GLOBALS_STORED_TO_TWO_GLOBALS,
)

#: The open issue's class "imports that are globals": the host passes back a global's exported
#: buffer, which the function imports, slices and writes through the global. (After the other
#: hand-picked programs in :data:`ALL`: their positions, and so their modules, stay as they were.)
IMPORTS_OF_GLOBALS: tuple[Program, ...] = (IMPORT_OF_A_GLOBAL_WRITTEN_IN_PLACE, IMPORT_OF_A_GLOBAL_A_CALL_WRITES)

#: Programs the campaign found through IREE's pre-splice stages, which make the shapes the
#: repair must survive (a forwarded reload, a packed initializer, a getter's result filled in
#: place); at the splice IREE's schedule of the first is refused by the guard's global-order
#: check. They are judged as the campaign judges, through those stages.
FOUND_THROUGH_IREE_STAGES: tuple[Program, ...] = (
    SETTER_STORES_A_MERGED_TWIN,
    GETTER_VALUE_COPIED_IN_ONE_ALLOCATION,
    GETTER_RESULT_FILLED_THEN_STORED,
)

#: Found by the campaign's ``globals`` profile judged at the splice: a reload of @g0 right after
#: the store of its filled value. IREE 3.13 reads the buffer from before the store; the schedule
#: guard's repair of what it then saw lost the fill, unless the guard first gives the load the
#: stored value (``rewriter.repair.reloads``). Not in :data:`ALL`: after scheduling (no guard) IREE's
#: misread is the program's, judged an upstream fault.
RELOAD_AFTER_A_FILLED_STORE = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-reload-after-store-reads-the-buffer-before-a-repaired-fill.json").read_text())[
        "program"
    ]
)

#: A fresh value stored to @g0 and reloaded right after, at the splice: IREE 3.13 reads the
#: reload as the load before the store (stock is wrong), unless the guard first gives it the
#: stored value (``rewriter.repair.reloads``). Not in :data:`ALL`, as above.
FRESH_VALUE_STORED_THEN_RELOADED = Program.from_json(
    {
        "globals": [{"name": "g0", "size": 13}],
        "ops": [
            {"kind": "load", "out": 0, "glob": "g0"},
            {"kind": "splat", "out": 1, "size": {"lin": [13, 0]}, "value": 5, "lifetime": "variable"},
            {"kind": "gstore", "value": 1, "glob": "g0"},
            {"kind": "gload", "out": 2, "glob": "g0"},
        ],
    }
)

#: Found by the long campaign (seed 796229689): at the splice a getter's result for @g0 and a
#: load of @g0 are one buffer; IREE fills the load in place before it clones the getter's result.
#: The schedule check takes the two as one version (``stream_model.schedule.global_contents``)
#: and the guard gives the fill a copy; stock is wrong.
GETTER_RESULT_AND_A_LOAD_OF_ONE_GLOBAL = Program.from_json(
    json.loads(
        (_REGRESSIONS / "campaign-schedule-getter-result-and-a-load-of-one-global-are-one-buffer.json").read_text()
    )["program"]
)

#: Found by the long campaign (seed 796229689): IREE merges two equal iotas, each filled in place;
#: repairing the first fill leaves an execution region yielding the iota and the other fill's
#: version of it, which IREE's allocation gives a buffer nothing writes. The check reports the
#: region (``two-versions-yielded``) and the guard gives that fill a copy too.
REPAIR_YIELDS_A_VALUE_AND_ITS_FILLED_VERSION = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-schedule-repair-yields-a-value-and-its-filled-version.json").read_text())[
        "program"
    ]
)

#: Found by the long campaign (seed 796236948): IREE's stages before the splice sink a store of
#: a filled load of @g0 below a loop that reloads, updates and stores @g0; stock is right only
#: because the fill is in place, and the guard's repair of the fill exposed the reorder. Every
#: compile compares the input with the splice and refuses (``check_input_order``).
STORE_SUNK_BELOW_A_LOOP_BEFORE_THE_SPLICE = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-store-sunk-below-a-loop-before-the-splice-meets-a-repair.json").read_text())[
        "program"
    ]
)

#: Found by the campaign at the splice: a clone of an iota (IREE dispatches the iota again in
#: its place) beside a slice of @g0. Aliasing the slice leaves the first iota alone in its wave,
#: and CSE merges the second into it across a concurrent region's captures: the compile fails
#: ('stream.yield' op used resource not listed in explicit captures). The rule keeps the slice
#: (``stream_model.postsplice.capture_merges``); through IREE's stages the clone never reaches the hook.
SLICE_BESIDE_A_CLONE_OF_IOTA = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-alias-beside-a-clone-of-iota-fails-the-compile.json").read_text())["program"]
)

#: Found by the long campaign (seed 4242), entering from flow: IREE's second
#: ``iree-stream-elide-async-copies`` drops, in one pass, the caller's clone of a load of @g1 that a
#: slice read after a call uses and the clone the call is given, whose callee scales its argument
#: in place (its own clone gone in the first run): every build reads the scaled element. The
#: schedule check takes the call as an in-place write of what it passes there
#: (``_Context.argument_writes``) and the guard gives the callee's write a copy; stock is wrong.
#: Not in :data:`ALL`: IREE's pre-splice stages make the hazard, so it shows entering from flow.
CALLEE_WRITES_AN_ARGUMENT_THE_CALLER_READS_AFTER = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-callee-writes-an-argument-the-caller-reads-after.json").read_text())["program"]
)

#: Found by the stream campaign (seed 13104): one value is stored to @g0 and @g1, and an
#: ``scf.if`` after the stores reloads @g0 in one arm and @g1 in the other. The shared-globals
#: repair gives @g0's store a copy and forwards it to the arm's reload (a load nested after the
#: store in its block reads it as one after it in the block does); the branch then chooses
#: between the copy and @g1's buffer, which stores neither in the other
#: (``storage.one_buffer_classes``' choices). It refused both before.
RELOAD_IN_A_BRANCH_AFTER_A_SHARED_STORE = Program.from_json(
    json.loads((_REGRESSIONS / "campaign-shared-globals-repair-refused-for-a-reload-in-a-branch.json").read_text())[
        "program"
    ]
)

ALL: tuple[Program, ...] = (
    WRITE_THROUGH_TIED_CHAIN,
    OVERLAPPING_WRITE_BEFORE_READ,
    SYMBOLIC_OVERLAP,
    DISJOINT_WRITE_AFTER_SLICE,
    OVERLAPPING_WRITE_BEFORE_CALL,
    DISJOINT_WRITE_BEFORE_CALL,
    *THIRD_REVIEW,
    SLICE_BESIDE_A_CLONE_OF_IOTA,
    *IMPORTS_OF_GLOBALS,
    RELOAD_IN_A_BRANCH_AFTER_A_SHARED_STORE,
)


# -- the known classes of wrong alias, as program descriptions ---------------------------------
#
# One program per folder of /work/shared/soundness-findings and per cause of the soundness issue,
# written in the campaign's own description language (the generator draws each shape too; these
# are its smallest instances). The rule is sound on a program when the alias audit finds nothing
# (tests/campaign/test_campaign_findings.py): today each is aliased wrongly.

from .program import Branch, Copy, Discard, For, Ix  # noqa: E402

_R = _r

FINDINGS: dict[str, Program] = {
    # A loop to the argument %n (= step, which the analysis cannot know) holding a slice only
    # valid when it runs (length -1 + 2s): its in-bounds fact says step >= 1, which "proves" the
    # update at 2 + 2s clear of [0, 3) -- false at step 0, where n = 0 and the loop never runs.
    "f01": Program(
        (GlobalDecl("g0", 12),),
        (
            Load(0, "g0"),
            Iota(1, Lin(12), 11_007),
            Slice(2, 0, _R(0, 3)),
            Iota(3, Lin(1), 55_007),
            Update(4, 3, 0, Lin(2, 2)),
            For((), (), (), (Slice(5, 1, Range(Lin(3), Lin(-1, 2))),), (), Lin(0, 1), from_arg=True),
            Sum(6, 2, _R(0, 3)),
        ),
        n_arg=Lin(0, 1),
    ),
    # Ranges see step through an index global first stored with store.indirect: the model
    # believes the global is <= 0, so [0, 1 + s) looks clear of [2, 3).
    "f02": Program(
        (GlobalDecl("g0", 12),),
        (
            Load(0, "g0"),
            Slice(1, 0, Range(Lin(0), Lin(1, 1))),
            Iota(2, Lin(1), 55_007),
            Update(3, 2, 0, Lin(2)),
            Sum(4, 1, Range(Lin(0), Lin(1, 1))),
        ),
        step_global="indirect",
        step_cap=0,
    ),
    # The step argument is named like the renamed induction variable (i0_other) and assumed
    # <= 3: "iteration i + 4 writes row i + 4" looks impossible.
    "f03": Program(
        (GlobalDecl("g0", 16),),
        (
            Load(0, "g0"),
            Iota(1, Lin(1), 55_007),
            For(
                (5,),
                (0,),
                (2,),
                (Slice(3, 2, Range(Lin(4, 0, 1), Lin(1))), Update(4, 1, 2, Lin(0, 0, 1)), Sum(6, 3, _R(0, 1))),
                (4,),
                Lin(5, 1),
            ),
        ),
        assume_max=3,
        step_name="i0_other",
    ),
    # A cf loop that reloads and stores a global: iteration i slices row i + 1, which
    # iteration i + 1 overwrites without waiting for the read.
    "f04": Program(
        (GlobalDecl("g0", 16),),
        (
            Load(0, "g0"),
            Iota(1, Lin(1), 55_007),
            GStore(0, "g0"),
            For(
                (),
                (),
                (),
                (
                    GLoad(2, "g0"),
                    Slice(3, 2, Range(Lin(1, 0, 1), Lin(1))),
                    Update(4, 1, 2, Lin(0, 0, 1)),
                    Sum(5, 3, _R(0, 1)),
                    GStore(4, "g0"),
                ),
                (),
                Lin(3, 1),
                0,
                "cf",
            ),
            GLoad(6, "g0"),
        ),
    ),
    # util.align 16, 12 is 16 for IREE (bit mask), 24 for a round-up model.
    "f05": Program(
        (GlobalDecl("g0", 12),),
        (
            Load(0, "g0"),
            Slice(1, 0, _R(0, 5)),
            Iota(2, Lin(1), 55_007),
            Update(3, 2, 0, Ix("align", Lin(4), 12)),
            Sum(4, 1, _R(0, 5)),
        ),
    ),
    # The slice goes to a call that forwards it to a callee reading it off the path to the
    # result (late read); the update waits for the result only.
    "f06": Program(
        (GlobalDecl("g0", 16),),
        (
            Load(0, "g0"),
            Slice(1, 0, _R(0, 4)),
            Call(None, 2, 1, None, _R(0, 4), None, late=True, forward=True),
            Discard(1),
            Update(3, 2, 0, Lin(0)),
        ),
    ),
    # The update's offset is size(read result) - 1: no resource dependence on the read.
    "f08": Program(
        (GlobalDecl("g0", 12), GlobalDecl("g1", 1)),
        (
            Load(0, "g0"),
            Load(1, "g1"),
            Slice(2, 0, _R(0, 11)),
            Sum(3, 2, _R(0, 11)),
            Discard(2),
            Update(4, 1, 0, Ix("size", Lin(1), 3, Lin(1))),
        ),
    ),
    # An index_switch yields the slice's source at step 0; its result is then updated.
    "f10": Program(
        (),
        (
            Iota(0, Lin(12), 7),
            Slice(1, 0, _R(0, 11)),
            Branch((3,), (0,), ((), (Iota(2, Lin(12), 22_007),)), ((0,), (2,)), "switch", 1, (0,)),
            Iota(4, Lin(1), 55_007),
            Update(5, 4, 3, Lin(2)),
            Sum(6, 1, _R(0, 11)),
        ),
    ),
    # A copy of 4 elements whose target end is spelled 3 short: [0, 1) on paper, [0, 4) done.
    "f11": Program(
        (GlobalDecl("g0", 12), GlobalDecl("g1", 12)),
        (
            Load(0, "g0"),
            Load(1, "g1"),
            Slice(2, 0, Range(Lin(1), Lin(11))),
            Copy(3, 1, _R(0, 4), 0, Lin(0), short=3),
            Sum(4, 2, _R(0, 11)),
        ),
    ),
    # An unsigned loop from 2^63 - 1, three iterations; as signed facts the bounds contradict.
    "f12": Program(
        (GlobalDecl("g0", 12),),
        (
            Load(0, "g0"),
            Iota(1, Lin(4), 55_007),
            For(
                (5,),
                (0,),
                (2,),
                (Slice(3, 2, Range(Lin(0, 0, 4), Lin(4))), Update(4, 1, 2, Lin(0, 0, 4)), Sum(6, 3, _R(0, 4))),
                (4,),
                Lin(3),
                (1 << 63) - 1,
                "unsigned",
            ),
        ),
    ),
    # A callee slices its argument; one caller fills the buffer after the call without waiting
    # for the call's result, another (of the same callee) updates it with the result.
    "cause1": Program(
        (GlobalDecl("g0", 8), GlobalDecl("g1", 8)),
        (
            Load(0, "g0"),
            Load(1, "g1"),
            Call(None, 2, 0, _R(0, 4), None, None, share=0),
            Fill(3, 0, _R(0, 2), 5),
            Call(None, 4, 1, _R(0, 4), None, None, share=0),
            Update(5, 4, 1, Lin(0)),
        ),
    ),
    # An empty loop 0 to step: "0 <= iv < step" makes step >= 1, so [2s, 2s + 2) looks clear
    # of [0, 2) -- false at step 0.
    "cause2": Program(
        (GlobalDecl("g0", 8),),
        (
            Load(0, "g0"),
            Slice(1, 0, _R(0, 2)),
            Iota(2, Lin(2), 55_007),
            Update(3, 2, 0, Lin(0, 2)),
            For((), (), (), (), (), Lin(0, 1)),
            Sum(4, 1, _R(0, 2)),
        ),
        assume_max=3,
    ),
}


# -- the meaning of each new construct, checked against stock IREE -----------------------------
#
# Programs without a slice that anything writes, so the rewrite cannot matter: stock IREE must
# compute what the interpreter says (tests/campaign/test_campaign.py). One construct each, so that a
# disagreement names the construct (an interpreter bug, or an IREE fault to record).

_G12 = (GlobalDecl("g0", 12),)
_ROW = Range(Lin(0, 0, 1), Lin(1))  # row i (iteration-dependent)

SEMANTICS: dict[str, Program] = {
    "scf.for carried, zero trips at step 0": Program(
        _G12, (Load(0, "g0"), For((3,), (0,), (1,), (Fill(2, 1, _ROW, 5),), (2,), Lin(0, 2)))
    ),
    "scf.for with lb 5": Program(
        _G12, (Load(0, "g0"), For((3,), (0,), (1,), (Scale(2, 1, _ROW),), (2,), Lin(1, 1), 5))
    ),
    "scf.for unsigned, small bounds": Program(
        _G12, (Load(0, "g0"), For((3,), (0,), (1,), (Scale(2, 1, _ROW),), (2,), Lin(1, 1), 2, "unsigned"))
    ),
    "scf.for signed, lb 2^63 - 1 (zero trips)": Program(
        _G12, (Load(0, "g0"), For((3,), (0,), (1,), (Scale(2, 1, _ROW),), (2,), Lin(3), (1 << 63) - 1))
    ),
    "nested scf.for": Program(
        _G12,
        (
            Load(0, "g0"),
            For((5,), (0,), (1,), (For((4,), (1,), (2,), (Scale(3, 2, _ROW),), (3,), Lin(2)),), (4,), Lin(0, 1)),
        ),
    ),
    "cf loop carried": Program(
        _G12, (Load(0, "g0"), For((3,), (0,), (1,), (Fill(2, 1, _ROW, 6),), (2,), Lin(1, 1), 0, "cf"))
    ),
    "scf.if write in one branch": Program(
        _G12, (Load(0, "g0"), Branch((2,), (0,), ((Fill(1, 0, _r(2, 3), 7),), ()), ((1,), (0,)), "if", 2))
    ),
    "scf.index_switch": Program(
        (),
        (
            Iota(0, Lin(8), 7),
            Branch(
                (3,),
                (0,),
                ((Fill(1, 0, _r(1, 2), 8),), (Iota(2, Lin(8), 22_007),), ()),
                ((1,), (2,), (0,)),
                "switch",
                1,
                (0, 2),
            ),
        ),
    ),
    "scf.execute_region": Program(
        _G12, (Load(0, "g0"), Branch((2,), (0,), ((Scale(1, 0, _r(3, 4)),),), ((1,),), "exec"))
    ),
    "global reloaded in a loop": Program(
        _G12,
        (
            Load(0, "g0"),
            GStore(0, "g0"),
            For((), (), (), (GLoad(1, "g0"), Scale(2, 1, _ROW), GStore(2, "g0")), (), Lin(1, 1)),
            GLoad(3, "g0"),
        ),
    ),
    "global reloaded in a cf loop": Program(
        _G12,
        (
            Load(0, "g0"),
            GStore(0, "g0"),
            For((), (), (), (GLoad(1, "g0"), Scale(2, 1, _ROW), GStore(2, "g0")), (), Lin(1, 1), 0, "cf"),
            GLoad(3, "g0"),
        ),
    ),
    "util.align non-power-of-two": Program(
        _G12,
        (
            Load(0, "g0"),
            Fill(1, 0, Range(Ix("align", Lin(4), 12), Lin(2)), 9),
            Fill(2, 1, Range(Ix("align", Lin(1, 1), 20), Lin(1)), 10),
        ),
    ),
    "minui, divui, remui, select": Program(
        _G12,
        (
            Load(0, "g0"),
            Fill(1, 0, Range(Ix("minui", Lin(1, 1), (1 << 61) - 1), Lin(1)), 11),
            Fill(2, 1, Range(Ix("divmul", Lin(5, 1), 3), Lin(1)), 12),
            Fill(3, 2, Range(Ix("remui", Lin(1007, 1), 1000), Lin(1)), 13),
            Fill(4, 3, Range(Ix("select", Lin(9), 2, Lin(0, 2)), Lin(1)), 14),
        ),
    ),
    "update and copy with short ends": Program(
        (GlobalDecl("g0", 12), GlobalDecl("g1", 12)),
        (
            Load(0, "g0"),
            Load(1, "g1"),
            Iota(2, Lin(4), 33_007),
            Update(3, 2, 0, Lin(1), short=3),
            Copy(4, 1, _r(0, 5), 3, Lin(6), short=2),
        ),
    ),
    "step through an index global (indirect)": Program(
        _G12, (Load(0, "g0"), Scale(1, 0, Range(Lin(0, 1), Lin(2)))), step_global="indirect", step_cap=0
    ),
    "late, forwarding, public and shared callees": Program(
        _G12,
        (
            Load(0, "g0"),
            Call(None, 1, 0, None, _r(0, 4), None, late=True),
            Call(None, 2, 0, None, _r(2, 4), None, forward=True, share=0),
            Call(None, 3, 0, None, _r(2, 4), None, forward=True, share=0),
            Call(None, 4, 0, None, _r(1, 3), None, public=True),
        ),
    ),
}

#: A loop over three "layers" reads the cache into a carried sum, then the step's row of the
#: cache is filled in place after the loop. IREE 3.13 carries a timepoint through the loop (each
#: iteration's execution region awaits the previous one's) and the fill's region awaits the
#: loop's: every iteration's read ends before the fill, which the schedule check proves by
#: induction (``stream_model.schedule.order``). Without the induction it takes the pair as
#: unordered and the build copies the cache, every step (review 23's false alarm).
LAYERS_READ_THEN_ROW_WRITTEN = Program(
    _G,
    (
        Load(0, "g0"),
        Iota(1, Lin(4), 61_003),
        For((4,), (1,), (2,), (Mix(3, 2, _r(0, 4), 0, Lin(0)),), (3,), Lin(3)),
        Fill(5, 0, Range(Lin(0, 1), Lin(1)), 77),
    ),
)
