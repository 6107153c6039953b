"""The campaign judges the tool's builds with the schedule guard: a scheduler fault must be caught,
and a weakened check must be killed.

* *a reorder injected into IREE's schedule* (:func:`.scheduler_faults.read_after_write`, applied
  to every build as a faulty ``iree-stream-schedule-concurrency`` would): stock builds compute
  wrong values, the guard finds the reorder in the tool's builds and repairs it, and the
  campaign counts programs where stock is wrong and the tool's build is right, with no failure;
* *the check's disjointness weakened* (every z3 answer taken as "disjoint", as the rule's
  ``unknown-is-disjoint`` mutation does): the guard lets IREE's real G1 reorders through, the
  tool's builds compute wrong values, and the campaign fails them (a reorder the check let
  through is never excused as IREE's);
* *loads after a store left unforwarded* (``rewriter.repair.reloads`` a no-op): at the splice the tool's
  build reads a reloaded global's old buffer as stock does
  (``handpicked.FRESH_VALUE_STORED_THEN_RELOADED``): the campaign counts one program fewer where
  stock is wrong and the tool right (no longer a failure: the schedule repair's copy, once read
  back that way, is stored through a barrier that keeps the reload in place);
* *two loads of one global taken as two versions* (``stream_model.schedule.global_contents``
  made a no-op): the check no longer sees IREE fill one load of a global in place before it
  clones a getter's result of the same global, and the tool's build of
  ``handpicked.GETTER_RESULT_AND_A_LOAD_OF_ONE_GLOBAL`` computes stock's wrong values;
* *a region yielding two versions of one value let through* (the check's
  ``two-versions-yielded`` pairs dropped): the guard's repair of
  ``handpicked.REPAIR_YIELDS_A_VALUE_AND_ITS_FILLED_VERSION`` leaves an execution region yielding
  an iota and the version a fill made of it, and IREE's allocation gives the second a buffer
  nothing writes (zeros);
* *the user's input left uncompared with the module at the splice* (``check_input_order`` made
  a no-op in ``schedule_guard.input_hazards``, where the guard and the oracle, which compares for
  programs entering from flow, both compare): IREE's
  stages before the splice sink a store of @g0 below a loop that stores @g0 again, the guard
  repairs a fill the store stores, and the tool's build of
  ``handpicked.STORE_SUNK_BELOW_A_LOOP_BEFORE_THE_SPLICE`` loses the loop's updates (stock is
  right by luck there; with the comparison the tool refuses);
* *the caller's inputs taken as writable* (``stream_model.semantics.abi.imports_callers_buffer``
  answering no): the ``inputs`` profile's programs write arrays their caller keeps in place; the
  oracle reads the caller's arrays back after every call, and the tool's build changes them as
  stock's does (iree-org/iree#16168);
* *a callee's writes of its arguments unseen* (``_Context.argument_writes`` answering none): IREE's
  copy elision before the splice leaves a caller reading, after a call, the load of @g1 it passed to
  a callee that scales its argument in place, and the tool's build of
  ``handpicked.CALLEE_WRITES_AN_ARGUMENT_THE_CALLER_READS_AFTER`` reads the scaled element as
  stock's does;
* *every kernel binding read as read-only* (``stream_model.semantics.bindings.TENSOR_ACCESS``
  mutated): the check no longer sees a kernel write bytes it reads through another binding of
  one version (``bindings-overlap``), and the repair no longer knows which binding the kernel
  writes: the program the campaign found (``tests/regressions/campaign-schedule-repair-leaves-a-
  second-binding-of-the-written-value.json``) computes wrong values;
* *a read left after a store that is gone let through* (``global_order._gone_before`` answering
  none): IREE's schedule moves a store of @g0 past a switch whose case reloads @g0 and then
  drops it as overwritten; the guard, seeing only the region's unordered pairs, repairs them with
  copies, and the tool's build of the program the campaign found (``tests/regressions/campaign-
  switch-between-two-globals-reads-the-filled-global.json``) reads @g0's old value in the case
  (with the rule the compile refuses);
* *stores IREE erases let through* (``_FunctionCheck._stores_erased`` finding none): IREE's
  pre-splice stages store a clone of @g0's load and write the load's buffer in place later, stored
  back; its allocation makes that store one of @g0's own load, which its canonicalizer erases,
  and the tool's build of the program the campaign found (``tests/regressions/campaign-scaled-
  reload-stored-back-erased-after-a-clone-is-stored.json``) loses the scale for the next call;
* *an export of a global's own buffer left uncopied* (``rewriter.repair.exported_globals``
  made a no-op): the host passes back the buffer a call exported as @g0's, IREE 3.13 makes the
  import's slice a view of it, and @g0's in-place scale runs before the slice is read: the tool's
  build of the program the campaign found (``tests/regressions/campaign-global-exported-passed-
  back-and-scaled-before-the-import-is-read.json``) reads the scaled bytes;
* *a loop's writes of its init left unpaired* (``_FunctionCheck._loop_writes`` finding none):
  IREE's schedule moves a slice of @g0's load after the loop it hands that load to, whose body
  scales it in place, and the tool's build of the program the campaign found
  (``tests/regressions/campaign-global-scaled-in-a-loop-before-a-slice-of-its-load-is-read.json``)
  reads the scaled bytes;
* *a repaired global stored without a size of its own* (``rewriter.repair.own_size.store_with_own_size``
  a no-op): the repair's copy of @g1's in-place fill is stored to @g1 as it is, IREE fuses @g1's
  size global with @g0's, and the tool's build of the program the campaign found
  (``tests/regressions/campaign-schedule-repair-stores-a-copy-whose-size-global-iree-fuses.json``)
  binds @g1's new buffer with @g0's old size (OUT_OF_RANGE at run time).

All compile in this process (``Oracle(in_process=True)``), so that the patch reaches the guard.
"""

from __future__ import annotations

import dataclasses
import json
from collections.abc import Callable
from pathlib import Path

import numpy as np
import pytest

import rewriter.guard.passes as guard_passes
import rewriter.guard.schedule_guard as schedule_guard
import stream_model.schedule.check as schedule_check
import stream_model.schedule.global_contents as global_contents
import stream_model.schedule.global_order as global_order
import stream_model.schedule.order as schedule_order
import stream_model.semantics.bindings as bindings
import tests.campaign.oracle as oracle_module
from stream_model.symbolic.proofs import DISJOINT
from tests.campaign import handpicked
from tests.campaign.campaign import DEFAULT_SEED, FOCUSED_PROFILES, profile_batches
from tests.campaign.oracle import FAILING, REGRESSIONS_DIR, Oracle, Stats, VmfbCache, default_cache_dir
from tests.campaign.program import Program
from tests.campaign.scheduler_faults import read_after_write

pytestmark = pytest.mark.e2e
FAULTS = Path(__file__).resolve().parents[1] / "upstream_faults"


def _g1_programs() -> list[Program]:
    """The programs recorded because IREE moved a read after an in-place write (G1), on which
    plain iree-compile is wrong too (one per program)."""
    found: dict[str, Program] = {}
    paths = [*FAULTS.glob("iree-stream-schedule-concurrency-places-a-read-after-*/*.json")]
    paths.append(FAULTS / "minimal" / "read-moved-after-tied-write.json")
    for path in sorted(paths):
        record = json.loads(path.read_text())
        if "is wrong too" in record["plain_iree_compile"]:
            found.setdefault(json.dumps(record["program"], sort_keys=True), Program.from_json(record["program"]))
    return list(found.values())


def test_a_reorder_injected_into_irees_schedule_is_caught_and_repaired(tmp_path: Path) -> None:
    programs = [p for batch in profile_batches(DEFAULT_SEED, 2) for p in batch]
    with Oracle(
        tmp_path,
        VmfbCache(default_cache_dir()),
        record_faults=False,
        schedule_mutation=read_after_write,
        in_process=True,
    ) as oracle:
        result = oracle.judge(programs)
    stats = result.stats
    print(f"\n{stats.summary()}")
    assert [o for o in result.outcomes if o.status in FAILING] == []
    assert stats.schedule_repaired > 0
    assert stats.stock_wrong_tool_right > 0


def test_weakening_the_checks_disjointness_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    programs = _g1_programs()
    assert len(programs) >= 3
    cache = VmfbCache(tmp_path / "cache")
    with Oracle(tmp_path / "real", cache, record_faults=False, in_process=True) as oracle:
        real = oracle.judge(programs).outcomes
    assert [o.status for o in real if o.status in FAILING] == []

    original = schedule_check.prove_disjoint

    def everything_is_disjoint(*args, **kwargs):  # noqa: ANN002, ANN003, ANN202 - the patched signature
        return dataclasses.replace(original(*args, **kwargs), verdict=DISJOINT, counterexample=None)

    monkeypatch.setattr(schedule_check, "prove_disjoint", everything_is_disjoint)
    # A cache of its own: the tool's builds of the weakened check are other builds.
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True) as oracle:
        weakened = oracle.judge(programs).outcomes
    killed = [o for o in weakened if o.status in FAILING]
    print("\n".join(f"p{o.index}: {o.status}: {o.detail}" for o in killed))
    assert killed and all("the schedule check let through" in o.detail for o in killed)


def test_the_checks_induction_over_a_loops_iterations_made_a_no_op_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``handpicked.LAYERS_READ_THEN_ROW_WRITTEN``: every iteration of a loop reads the cache
    before the row filled after it, through the timepoint IREE carries from one iteration to the
    next. With the induction the check proves the pair ordered and the build needs no repair;
    made a no-op, the check takes the pair as unordered (a false alarm) and the build copies the
    cache. (The other direction, a chain the check takes without the yield implying the carried
    timepoint, is a race no build shows on ``local-sync``: ``tests/unit/test_schedule_check.py``.)"""
    program = handpicked.LAYERS_READ_THEN_ROW_WRITTEN
    with Oracle(tmp_path / "real", VmfbCache(tmp_path / "cache"), record_faults=False, in_process=True) as oracle:
        real = oracle.judge_per_program([program])
    assert [o.status for o in real.outcomes] == ["ok"]
    assert (real.stats.schedule_hazards, real.stats.schedule_repaired) == (0, 0)
    monkeypatch.setattr(schedule_order.ScheduleOrder, "_reached_through_iterations", lambda self, loop, k, user: [])
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True) as oracle:
        weakened = oracle.judge_per_program([program])
    print(f"\n{weakened.stats.summary()}")
    assert (weakened.stats.schedule_hazards, weakened.stats.schedule_repaired) == (1, 1)


def test_leaving_loads_after_stores_unforwarded_is_seen(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The guard's forwarding of a load after a store of its global (``rewriter.repair.reloads``) made a
    no-op, in the compile and in the oracle's analysis run alike. At the splice IREE 3.13 reads the
    reload in ``handpicked.FRESH_VALUE_STORED_THEN_RELOADED`` as the load before the store:
    stock is wrong, the tool's build is right, and the campaign counts it; unforwarded, the
    tool's build is wrong as stock (an upstream fault, not a failure: the tool is no worse than
    stock). Only splice-level input reaches it: IREE's own pre-splice stages forward the load,
    and after scheduling there is no guard.

    The campaign once failed the mutation on ``handpicked.RELOAD_AFTER_A_FILLED_STORE``, where
    the schedule repair's copy of a filled load was stored to @g0 and the unforwarded reload read
    the buffer from before the fill. The copy is now stored through a barrier
    (``rewriter.repair.own_size``), whose host wait keeps IREE from moving the reload above the
    store: that build is right unforwarded too."""
    programs = [handpicked.FRESH_VALUE_STORED_THEN_RELOADED, handpicked.RELOAD_AFTER_A_FILLED_STORE]
    cache = VmfbCache(tmp_path / "cache")
    with Oracle(tmp_path / "real", cache, record_faults=False, in_process=True, at_splice=True) as oracle:
        real = oracle.judge_per_program(programs)
    assert [o.status for o in real.outcomes] == ["ok", "ok"]
    assert real.stats.stock_wrong_tool_right == 1
    monkeypatch.setattr(guard_passes, "repair_globals", lambda module, names, regions=False: [])
    monkeypatch.setattr(oracle_module, "repair_globals", lambda module, names, regions=False: [])
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True, at_splice=True) as oracle:
        weakened = oracle.judge_per_program(programs)
    print(f"\n{[(o.status, o.detail[:200]) for o in weakened.outcomes]}")
    assert [o.status for o in weakened.outcomes] == ["upstream-fault", "ok"]
    assert weakened.stats.stock_wrong_tool_right == 0


def _weakening_is_killed(program: Program, tmp_path: Path, weaken: Callable[[], None], real: str = "ok") -> Stats:
    """``program`` judged as the tool builds it (its status ``real``), then again after
    ``weaken``: the campaign must fail it. Returns the first judgement's stats."""
    with Oracle(tmp_path / "real", VmfbCache(tmp_path / "cache"), record_faults=False, in_process=True) as oracle:
        judged = oracle.judge_per_program([program])
    assert [o.status for o in judged.outcomes] == [real]
    weaken()
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True) as oracle:
        (weakened,) = oracle.judge_per_program([program]).outcomes
    print(f"\n{weakened.status}: {weakened.detail}")
    assert weakened.status in FAILING
    return judged.stats


def test_two_loads_of_one_global_taken_as_two_versions_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Through IREE's stages a getter's result and a load of one global are one buffer; IREE's
    schedule fills the load in place and then clones the getter's result. Seen as one version,
    the pair is a hazard and the guard gives the fill a copy; taken as two, nothing is repaired."""

    def weaken() -> None:
        monkeypatch.setattr(global_contents.GlobalContents, "earlier", lambda self, value: [])
        monkeypatch.setattr(global_contents.GlobalContents, "later", lambda self, value: [])

    stats = _weakening_is_killed(handpicked.GETTER_RESULT_AND_A_LOAD_OF_ONE_GLOBAL, tmp_path, weaken)
    assert stats.schedule_repaired == 1


def test_a_callees_writes_of_its_arguments_unseen_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """IREE's copy elision before the splice leaves a caller passing a load of @g1 to a callee
    that scales its argument in place, and reading the load after the call. Taken as an in-place
    write of what the call passes, the pair is a hazard and the guard gives the callee's write a
    copy (besides the fill it repairs anyway); with a call taken to write no argument, the tool's
    build reads the scaled element as stock's does."""

    def weaken() -> None:
        monkeypatch.setattr(schedule_check._Context, "argument_writes", lambda self, callee: {})

    stats = _weakening_is_killed(handpicked.CALLEE_WRITES_AN_ARGUMENT_THE_CALLER_READS_AFTER, tmp_path, weaken)
    assert stats.schedule_repaired == 1


def _select_taken_as_a_buffer_of_its_own(monkeypatch: pytest.MonkeyPatch) -> None:
    """The check as it was before stream seed 7074: an ``arith.select`` of two buffers neither
    followed to them nor counted as an op it does not model."""
    monkeypatch.setattr(schedule_check, "CHOICE_OPS", frozenset())
    monkeypatch.setattr(
        schedule_check,
        "_unmodelled",
        lambda op: (
            op.name not in schedule_check.KNOWN_RESOURCE_OPS
            and not op.name.startswith(schedule_check.HOST_VALUE_PREFIXES)
        ),
    )


def test_a_select_of_a_globals_buffer_taken_as_a_buffer_of_its_own_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The stream campaign's seed 7074: IREE folds a switch into a select of @g0's buffer and a
    call's result and fills the select's result in place before @g0's load is exported. With the
    select followed to the load, the check pairs the fill with the export and the guard gives the
    fill a copy; with the select taken as a buffer of its own, the tool's build exports the fill
    (plain iree-compile cannot build the program from flow: nothing excuses it)."""
    stats = _weakening_is_killed(
        handpicked.FILL_OF_A_SELECT_OF_A_GLOBAL, tmp_path, lambda: _select_taken_as_a_buffer_of_its_own(monkeypatch)
    )
    assert stats.schedule_repaired == 1


def test_a_select_the_generator_draws_taken_as_a_buffer_of_its_own_is_seen(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The generator's shape for the rule (``globalorvalue``, ``handpicked.GLOBAL_OR_VALUE_FILLED``):
    stock fills @g0's buffer through the select and a later sum reads it; the tool's build is
    right. Weakened, the tool's build is wrong exactly as stock's (an upstream fault by the
    oracle's rule, so the campaign counts one program fewer where stock is wrong and the tool
    right)."""
    programs = [handpicked.GLOBAL_OR_VALUE_FILLED]
    with Oracle(tmp_path / "real", VmfbCache(tmp_path / "cache"), record_faults=False, in_process=True) as oracle:
        real = oracle.judge_per_program(programs)
    assert [o.status for o in real.outcomes] == ["ok"]
    assert (real.stats.stock_wrong_tool_right, real.stats.schedule_repaired) == (1, 1)
    _select_taken_as_a_buffer_of_its_own(monkeypatch)
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True) as oracle:
        weakened = oracle.judge_per_program(programs)
    print(f"\n{[(o.status, o.detail[:200]) for o in weakened.outcomes]}")
    assert [o.status for o in weakened.outcomes] == ["upstream-fault"]
    assert weakened.stats.stock_wrong_tool_right == 0


def test_a_region_yielding_two_versions_let_through_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    def weaken() -> None:
        monkeypatch.setattr(schedule_check._FunctionCheck, "_two_versions_yielded", lambda self: [])

    _weakening_is_killed(handpicked.REPAIR_YIELDS_A_VALUE_AND_ITS_FILLED_VERSION, tmp_path, weaken)


def test_leaving_the_input_uncompared_with_the_splice_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    def weaken() -> None:
        # (the guard and the oracle compare through one function, schedule_guard.input_hazards)
        monkeypatch.setattr(global_order, "check_input_order", lambda original, spliced, *rest: [])

    _weakening_is_killed(handpicked.STORE_SUNK_BELOW_A_LOOP_BEFORE_THE_SPLICE, tmp_path, weaken, real="refused")


TWO_BINDINGS = REGRESSIONS_DIR / "campaign-schedule-repair-leaves-a-second-binding-of-the-written-value.json"


def test_reading_every_kernel_binding_as_read_only_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """IREE's pre-splice stages give a dispatch one value through two bindings, tie its result to
    the one its kernel reads and write through the other. With the kernels' writes unseen, the
    repair of IREE's schedule gives the copy to both bindings, and the kernel zeroes its output
    before it reads its input through the other: the tool's build is wrong as stock's is."""
    program = Program.from_json(json.loads(TWO_BINDINGS.read_text())["program"])
    with Oracle(tmp_path / "real", VmfbCache(tmp_path / "cache"), record_faults=False, in_process=True) as oracle:
        assert [o.status for o in oracle.judge_per_program([program]).outcomes] == ["ok"]
    for mode in ("writeonly", "readwrite"):
        monkeypatch.setitem(bindings.TENSOR_ACCESS, mode, bindings.BindingAccess.READ)
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True) as oracle:
        (weakened,) = oracle.judge_per_program([program]).outcomes
    print(f"\n{weakened.status}: {weakened.detail}")
    assert weakened.status in FAILING


SIZE_GLOBAL_FUSED = REGRESSIONS_DIR / "campaign-schedule-repair-stores-a-copy-whose-size-global-iree-fuses.json"


def test_a_repaired_global_stored_without_a_size_of_its_own_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The guard gives @g1's in-place fill a fresh 52-byte copy, which @p0 stores to @g1 before it
    stores @g0 a 52-byte clone; IREE packed both globals into one 128-byte allocation in the
    initializer. Stored as it is, the copy's size global is fused with @g0's, and a call between
    the two stores binds @g1's new buffer with 128 bytes: the build fails at run time."""
    program = Program.from_json(json.loads(SIZE_GLOBAL_FUSED.read_text())["program"])

    def weaken() -> None:
        monkeypatch.setattr(guard_passes, "store_with_own_size", lambda module, made: [])

    stats = _weakening_is_killed(program, tmp_path, weaken)
    assert stats.schedule_repaired == 1


STORE_SUNK = Path(__file__).resolve().parents[1] / "data" / "reloads" / "store_sunk_past_a_branch_that_loads.mlir"


def test_letting_a_read_after_a_dropped_store_through_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stream seed 8081: the switch case's reload of @g0 stays where it was while the store
    before it is gone. Taken as a read of the store's value, the compile refuses; with dropped
    stores taken as ones nothing reads, the guard repairs the region's pairs and the tool's
    build reads the old value."""
    record = json.loads((REGRESSIONS_DIR / SWITCH_RELOAD).read_text())

    def weaken() -> None:
        monkeypatch.setattr(global_order, "_gone_before", lambda *args: None)

    _weakening_is_killed(Program.from_json(record["program"]), tmp_path, weaken, real="refused")


SWITCH_RELOAD = "campaign-switch-between-two-globals-reads-the-filled-global.json"


def test_letting_a_store_iree_erases_through_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stream seed 9091: a clone of @g0's load is stored, then the load's buffer, scaled in
    place, is stored back. Seen as the store IREE's allocation and canonicalizer erase, the
    guard gives the scale a fresh copy; let through, the tool's build keeps the clone."""
    record = json.loads((REGRESSIONS_DIR / ERASED_STORE).read_text())

    def weaken() -> None:
        monkeypatch.setattr(schedule_check._FunctionCheck, "_stores_erased", lambda self: [])

    stats = _weakening_is_killed(Program.from_json(record["program"]), tmp_path, weaken)
    assert stats.schedule_repaired == 1


ERASED_STORE = "campaign-scaled-reload-stored-back-erased-after-a-clone-is-stored.json"


def test_an_export_of_a_globals_own_buffer_left_uncopied_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stream seed 22004: the module exports @g0's own buffer and the host passes it back as the
    next call's import, which IREE 3.13 slices as a view, read after @g0's in-place scale. The
    guard exports a copy (``rewriter.repair.exported_globals``); left uncopied, the tool's build
    reads the scaled bytes (stock fails on the runtime)."""
    import rewriter.repair.reloads as reloads

    record = json.loads((REGRESSIONS_DIR / EXPORTED_GLOBAL).read_text())
    _weakening_is_killed(
        Program.from_json(record["program"]),
        tmp_path,
        lambda: monkeypatch.setattr(reloads, "copy_exported_globals", lambda module, names: []),
    )


EXPORTED_GLOBAL = "campaign-global-exported-passed-back-and-scaled-before-the-import-is-read.json"


def test_a_loops_writes_of_its_init_left_unpaired_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Stream seed 23002: IREE's schedule moves a slice of @g0's load after the loop that is
    handed the load and scales it in place. The check pairs the slice with the body's write of
    what the loop was handed, and the repair starts the loop from a fresh copy; with a loop's
    writes of its init unseen, the tool's build reads the scaled bytes, as stock's does."""
    from stream_model.schedule.check import _FunctionCheck

    record = json.loads((REGRESSIONS_DIR / LOOP_WRITES_ITS_INIT).read_text())
    stats = _weakening_is_killed(
        Program.from_json(record["program"]),
        tmp_path,
        lambda: monkeypatch.setattr(_FunctionCheck, "_loop_writes", lambda self, *args: {}),
    )
    assert stats.schedule_repaired == 1


LOOP_WRITES_ITS_INIT = "campaign-global-scaled-in-a-loop-before-a-slice-of-its-load-is-read.json"


def test_taking_a_select_as_a_store_in_the_shared_globals_repair_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Stream seed 9191: IREE folds a branch of @g0's reload into a select before @g0 and @g1
    are stored one value. The shared-globals repair copies @g1's load for @g0; with the select
    taken as an op that may store @g1, it refuses a program plain iree-compile builds right."""
    import rewriter.repair.shared_globals as shared_globals

    record = json.loads(
        (REGRESSIONS_DIR / "campaign-shared-globals-repair-refused-after-a-select-of-the-reload.json").read_text()
    )
    _weakening_is_killed(
        Program.from_json(record["program"]),
        tmp_path,
        lambda: monkeypatch.setattr(shared_globals, "CHOICE_OPS", frozenset()),
    )


@pytest.mark.parametrize(
    ("weakening", "case"),
    [
        # The function's last store taken as one a pass may drop: @g keeps the first store's 50s.
        ("_last_write_gone", "load_written_after_a_store_and_a_call.mlir"),
    ],
)
def test_taking_a_dropped_last_store_as_harmless_is_killed(
    weakening: str, case: str, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review 20's tensor-level programs: with the rule the tool refuses them; weakened, it
    builds what plain iree-compile builds, which computes another answer."""
    from tests.campaign.tensor_programs import by_file, compile_tool, run

    program = by_file(case)
    monkeypatch.setattr(global_order, weakening, lambda *args: None)
    built = compile_tool(program, tmp_path / "weak.vmfb")
    if built is None:  # (another rule refuses it too: then the weakening is not what lets it through)
        pytest.fail(f"{case} is refused with {weakening} weakened: the mutation is not isolated")
    assert run(built, "copy", program.calls) != program.expected


OWN_LOAD_STORED_BACK = (
    Path(__file__).resolve().parents[1] / "data" / "reloads" / "own_load_stored_back_after_a_splat.mlir"
)


def test_taking_a_store_back_after_another_store_as_idle_is_killed(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """Review 20's m07 (at the splice): with the rule the compile refuses; with every store of
    the global's own load taken as idle, it builds a module whose @g reads 9s after f()."""
    from rewriter.errors import ScheduleHazardError
    from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_stream_async
    from rewriter.runtime import LoadedModule

    text = OWN_LOAD_STORED_BACK.read_text()
    with pytest.raises(ScheduleHazardError, match="the function's last write of @g"):
        compile_stream_async(
            text, tmp_path / "real.vmfb", list(DEFAULT_CPU_FLAGS), guard=schedule_guard.ScheduleGuard()
        )
    monkeypatch.setattr(global_order, "_idle", lambda original, k, events, name: original[k].idle)
    out = tmp_path / "weak.vmfb"
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), guard=schedule_guard.ScheduleGuard())
    with LoadedModule(out) as module:  # (one context: @g persists from f() to get())
        module.call("f", [0])
        (got,) = module.call("get", [])
    assert np.asarray(got).tolist() != [1, 1, 1, 1]


def test_disabling_the_global_order_check_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """With the real guard the compile refuses (``tests/e2e/test_schedule_guard.py``); with the
    global-order check finding nothing it hands back a module that computes wrong values."""
    from rewriter.pipeline import DEFAULT_CPU_FLAGS, compile_stream_async
    from rewriter.rewrite.elide import elide_slices
    from rewriter.runtime import run_steps

    monkeypatch.setattr(global_order, "check_global_order", lambda before, scheduled, not_compared=None: [])
    text = STORE_SUNK.read_text()
    out = tmp_path / "weak.vmfb"
    guard = schedule_guard.ScheduleGuard()
    compile_stream_async(text, out, list(DEFAULT_CPU_FLAGS), lambda m: elide_slices(m, source=text), guard=guard)
    got = [[x.tolist()[0] for x in step] for step in run_steps(out, "f", [[0], [1], [2]])]
    assert got != [[10905840, 10769840], [10769840, 10769976], [10769976, 10770112]]


def test_taking_the_callers_inputs_as_writable_is_killed(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    """The ``inputs`` profile (arrays the caller passes, kept or given over, written in place,
    read before and after, through callees, loops and branches): the real check repairs every
    write into a kept array that IREE makes in place; taking imports as the function's own, the
    tool's build changes the caller's array, and the campaign fails it."""
    programs = [p for batch in profile_batches(FOCUSED_PROFILES["inputs"][0], 2, "inputs") for p in batch]
    assert sum("caller's input written in place" in p.shapes() for p in programs) >= 5
    assert sum("input given over, written in place" in p.shapes() for p in programs) >= 3
    with Oracle(tmp_path / "real", VmfbCache(tmp_path / "cache"), record_faults=False, in_process=True) as oracle:
        real = oracle.judge(programs)
    print(f"\n{real.stats.summary()}")
    assert [o for o in real.outcomes if o.status in FAILING] == []
    assert real.stats.stock_wrong_tool_right > 0
    monkeypatch.setattr(schedule_check, "imports_callers_buffer", lambda op, function, given_over: False)
    with Oracle(tmp_path / "weak", VmfbCache(None), record_faults=False, in_process=True) as oracle:
        weakened = oracle.judge(programs).outcomes
    killed = [o for o in weakened if o.status in FAILING]
    print("\n".join(f"p{o.index}: {o.status}: {o.detail}" for o in killed))
    assert killed and all("the caller's input, written in place" in o.detail for o in killed)
