"""The tensor campaign's pipeline under test (``slice_elision_campaign.tensor.pipeline``): the
commands each kind runs, the command line that makes one, and the verdicts on real builds.

* ``stock`` under test (plain iree-compile against itself) finds no failure: a module built
  twice is one module, so whatever its runs answer, the other's could have;
* a user's flags that keep the program's meaning, and a pass pipeline run by ``iree-opt``
  between two phases, build the programs right (``ok``);
* a user's flags that change it -- a real one: IREE's ``iree-util-strip-and-splat-constants``
  pass run through ``--iree-preprocessing-pass-pipeline`` replaces every global's initial value
  with a splat -- are caught (``tool-wrong`` where stock is right), reduced and saved with the
  command that made the wrong build.
"""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

import pytest

import slice_elision_campaign.tensor.oracle as installed_oracle
import tests.campaign.tensor.oracle as checkout_oracle
from rewriter.pipeline.targets import DEFAULT_CPU_FLAGS
from slice_elision_campaign.tensor.__main__ import parser, pipeline_from
from slice_elision_campaign.tensor.campaign import run_campaign, save_finding
from slice_elision_campaign.tensor.oracle import Build, Oracle, verdict
from slice_elision_campaign.tensor.pipeline import STOCK, TOOL, Pipeline, make_pipeline, target_flags
from slice_elision_campaign.tensor.program import Function, Global, InsertRow, Load, Program, Static, Store

REPO = Path(__file__).resolve().parents[2]
#: A real flag set that changes what programs compute: every global's initial value a splat.
SPLAT = "--iree-preprocessing-pass-pipeline=builtin.module(iree-util-strip-and-splat-constants)"
#: Flags that change how IREE builds, not what the program computes.
BENIGN = ("--iree-stream-partitioning-favor=debug", "--iree-opt-const-eval=false")
#: g = [1, 2, 3, 4]; f(row) inserts the row at 1, stores it and returns it (stock builds it right).
ROW_INTO_GLOBAL = Program(
    (Global(4, True, (1, 2, 3, 4)),),
    (Function(("row",), (Load(0), InsertRow(0, 0, Static(1)), Store(0, 0)), (0,), ((77,), (88,))),),
)
SEED = 20260338


def test_the_checkout_name_is_the_installed_module() -> None:
    assert checkout_oracle is installed_oracle


def test_each_kind_runs_its_commands() -> None:
    cpu = " ".join(DEFAULT_CPU_FLAGS)
    assert TOOL.describe() == "slice-elision compile program.mlir -o program.vmfb"
    assert STOCK.describe() == f"iree-compile {cpu} program.mlir -o program.vmfb"
    flags = make_pipeline("flags", "--iree-opt-const-eval=false --iree-llvmcpu-target-cpu=generic")
    assert flags.describe() == (
        "iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu "
        "--iree-opt-const-eval=false --iree-llvmcpu-target-cpu=generic program.mlir -o program.vmfb"
    )
    passes = make_pipeline("passes", passes="builtin.module(util.func(canonicalize))", phase="flow")
    assert passes.describe().split(" && ") == [
        f"iree-compile {cpu} --compile-to=flow program.mlir -o program.vmfb.flow.mlir",
        "iree-opt '--pass-pipeline=builtin.module(util.func(canonicalize))' program.vmfb.flow.mlir "
        "-o program.vmfb.flow.passes.mlir",
        f"iree-compile {cpu} --compile-from=flow program.vmfb.flow.passes.mlir -o program.vmfb",
    ]
    mine = make_pipeline("flags", iree_compile="/opt/iree/build/tools/iree-compile")
    assert mine.describe().startswith("/opt/iree/build/tools/iree-compile --iree-hal-target-device=local")
    assert make_pipeline("tool", "--iree-opt-level=O0").describe().endswith("-o program.vmfb --iree-opt-level=O0")
    assert target_flags(()) == list(DEFAULT_CPU_FLAGS)


def test_a_pipeline_refuses_what_it_cannot_mean() -> None:
    for bad in (
        dict(kind="stock", flags=("--iree-opt-level=O0",)),
        dict(kind="passes"),
        dict(kind="flags", passes="builtin.module(canonicalize)"),
        dict(kind="tool", iree_compile="/x/iree-compile"),
        dict(kind="passes", passes="builtin.module(canonicalize)", phase="nowhere"),
        dict(kind="mine"),
    ):
        with pytest.raises(ValueError):
            Pipeline("p", **bad)  # type: ignore[arg-type]


def test_only_the_tool_counts_stocks_own_fault_or_a_refusal_as_its_failure() -> None:
    assert TOOL.failures == ("tool-wrong", "both-wrong", "false-refusal", "tool-fails")
    assert STOCK.failures == make_pipeline("flags", SPLAT).failures == ("tool-wrong", "tool-fails")


def test_the_command_line_makes_the_pipeline() -> None:
    def made(*argv: str) -> Pipeline:
        args = list(argv)
        extra = args[args.index("--") + 1 :] if "--" in args else []
        args = args[: args.index("--")] if "--" in args else args
        return pipeline_from(parser("p").parse_args(args), extra)

    assert made() == TOOL
    assert made("--pipeline", "stock") == STOCK
    assert made("--pipeline", "flags", "--iree-flags=--a=1 '--b=x y'", "--", "--c").flags == ("--a=1", "--b=x y", "--c")
    passes = made("--pipeline", "passes", "--phase", "input", "--pass-pipeline", "builtin.module(x)")
    assert (passes.kind, passes.phase, passes.passes) == ("passes", "input", "builtin.module(x)")


def test_a_wrong_answer_stock_gave_in_another_run_is_stocks() -> None:
    """A racing build's answers vary from run to run: what stock's module answered in any run
    (``also``: run again, or the byte-identical module of the pipeline under test) is stock's."""
    right, wrong = [[[1]]], [[[2]]]

    def built(answer: list, also: tuple = ()) -> Build:
        return Build("built", "", {"local-task/copy": answer}, also)

    assert verdict(right, built(right), built(wrong)) == "tool-wrong"
    assert verdict(right, built(right, (wrong,)), built(wrong)) == "both-wrong"
    assert not built(right, (wrong,)).right(right) and built(right, (right,)).right(right)
    assert verdict(right, built(right), built(right, (wrong,))) == "tool-wrong"
    # from the first call stock's runs disagree on, its answer is any (a race)
    two = [[[1]], [[5]]]
    racing_first = Build("built", "", {"local-sync/copy": [[[1]], [[6]]], "local-task/copy": [[[2]], [[6]]]})
    assert verdict(two, racing_first, built([[[9]], [[9]]])) == "both-wrong"
    racing_second = Build("built", "", {"local-sync/copy": [[[2]], [[6]]], "local-task/copy": [[[2]], [[7]]]})
    assert verdict(two, racing_second, built([[[2]], [[9]]])) == "both-wrong"
    assert verdict(two, racing_second, built([[[3]], [[6]]])) == "tool-wrong"


@pytest.mark.e2e
def test_stock_under_test_finds_no_failure(tmp_path: Path) -> None:
    oracle = Oracle(tmp_path, STOCK)
    result = run_campaign(oracle, seed_value=SEED, max_programs=8, save=False, shrink=False, reduce_seconds=20)
    summary = result.stats.summary(SEED)
    assert not result.findings, summary
    assert set(result.stats.verdicts) <= {"ok", "both-wrong", "unbuilt"} and result.stats.verdicts["ok"], summary
    assert "pipeline under test: iree-compile" in summary
    for j in oracle.memo.values():  # (one module, built twice: each build's runs count for both)
        assert sorted(map(repr, j.stock.all_answers())) == sorted(map(repr, j.ours.all_answers()))


@pytest.mark.e2e
@pytest.mark.parametrize(
    "pipeline",
    [
        make_pipeline("flags", BENIGN),
        make_pipeline("passes", passes="builtin.module(util.func(canonicalize, cse))", phase="flow"),
    ],
    ids=["flags", "passes"],
)
def test_a_pipeline_that_keeps_the_meaning_builds_right(pipeline: Pipeline, tmp_path: Path) -> None:
    j = Oracle(tmp_path, pipeline).judge(ROW_INTO_GLOBAL)
    assert (j.verdict, j.stock_class) == ("ok", "right"), j


@pytest.mark.e2e
def test_a_pass_pipeline_that_changes_the_meaning_is_caught(tmp_path: Path) -> None:
    splat = make_pipeline("passes", passes="builtin.module(iree-util-strip-and-splat-constants)", phase="input")
    j = Oracle(tmp_path, splat).judge(ROW_INTO_GLOBAL)
    assert (j.verdict, j.stock_class) == ("tool-wrong", "right")
    assert all(a != j.expected for a in j.ours.answers.values())


@pytest.mark.e2e
def test_a_flag_set_that_changes_the_meaning_is_caught_reduced_and_saved(tmp_path: Path) -> None:
    oracle = Oracle(tmp_path / "work", make_pipeline("flags", SPLAT))
    (tmp_path / "work").mkdir()
    result = run_campaign(oracle, seed_value=SEED, max_programs=4, shrink=False, reduce_seconds=20, save=False)
    (found,) = result.findings
    assert (found.verdict, found.judgement.stock_class) == ("tool-wrong", "right")
    saved = save_finding(found, tmp_path / "findings")
    assert saved.name == "flags-tool-wrong-1.mlir"
    text = saved.read_text()
    assert f"// flags (under test): iree-compile {' '.join(DEFAULT_CPU_FLAGS)} '{SPLAT}' {saved.name}" in text
    data = json.loads(saved.with_suffix(".json").read_text())
    assert data["pipeline"] == {"name": "flags", "kind": "flags", "flags": [SPLAT]}
    assert SPLAT in data["commands"]["under_test"] and SPLAT not in data["commands"]["stock"]


@pytest.mark.e2e
def test_the_command_line_runs_a_pipeline_and_stops_on_one_that_cannot_build(tmp_path: Path) -> None:
    def run(*args: str) -> subprocess.CompletedProcess[str]:
        cmd = [sys.executable, "-m", "tests.campaign.tensor", "--seed", str(SEED), "--no-save", "--quiet", *args]
        return subprocess.run(cmd, capture_output=True, text=True, cwd=REPO, timeout=300)

    ok = run("--programs", "2", "--pipeline", "flags", "--", *BENIGN)
    assert ok.returncode == 0, ok.stdout + ok.stderr
    assert "pipeline under test: iree-compile" in ok.stdout and "pipeline under test failures: none" in ok.stdout
    typo = run("--programs", "2", "--pipeline", "flags", "--", "--iree-no-such-flag")
    assert typo.returncode == 2
    assert "does not build a trivial program" in typo.stderr and "--iree-no-such-flag" in typo.stderr
    # an "iree-compile" whose modules this runtime cannot load (another IREE's, here none at all)
    fake = tmp_path / "iree-compile"
    fake.write_text('#!/bin/sh\nwhile [ $# -gt 1 ]; do [ "$1" = -o ] && out="$2"; shift; done\necho no > "$out"\n')
    fake.chmod(0o755)
    other = run("--programs", "2", "--pipeline", "flags", "--iree-compile", str(fake))
    assert other.returncode == 2 and "builds a module this IREE runtime cannot load" in other.stderr, other.stderr
