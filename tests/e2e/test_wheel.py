"""The installed package works outside the checkout: a wheel built from this tree, installed
into a fresh virtual environment, runs its command line and imports its packages, with their
type information, and installs no top-level ``benchmarks`` (which reads the checkout's tests).
The tensor campaign is installed too (``slice_elision_campaign``; the ``campaign`` extra brings
hypothesis) and judges a program there, the tool it runs the installed one.

The fresh environment gets the dependencies (iree-base-compiler, z3, sympy, numpy) from this
test's own environment through a path entry, so nothing is downloaded and only the wheel's own
files come from the wheel."""

from __future__ import annotations

import os
import subprocess
import sys
import sysconfig
import zipfile
from pathlib import Path

import pytest

from benchmarks.ir_cases import case_module, cases

pytestmark = pytest.mark.e2e
REPO = Path(__file__).resolve().parents[2]
#: The environment of the commands run in the new one: no PYTHONPATH (a checkout on it is not
#: outside the checkout).
OUTSIDE = {k: v for k, v in os.environ.items() if k != "PYTHONPATH"}
SEED_CASE = next(c for c in cases() if c[0] == "alias/same_ssa_value")[2]


@pytest.fixture(scope="module")
def wheel(tmp_path_factory: pytest.TempPathFactory) -> Path:
    out = tmp_path_factory.mktemp("wheel")
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "wheel",
            "--quiet",
            "--no-deps",
            "--no-build-isolation",
            "-w",
            str(out),
            str(REPO),
        ],
        check=True,
        capture_output=True,
    )
    (found,) = out.glob("slice_elision-*.whl")
    return found


@pytest.fixture(scope="module")
def scratch(wheel: Path, tmp_path_factory: pytest.TempPathFactory) -> Path:
    """A new virtual environment with the wheel installed; returns its bin directory."""
    env = tmp_path_factory.mktemp("venv") / "env"
    subprocess.run([sys.executable, "-m", "venv", "--without-pip", str(env)], check=True)
    python = env / "bin" / "python"
    purelib = Path(
        subprocess.run(
            [str(python), "-c", "import sysconfig; print(sysconfig.get_paths()['purelib'])"],
            check=True,
            capture_output=True,
            text=True,
        ).stdout.strip()
    )
    subprocess.run(
        [
            sys.executable,
            "-m",
            "pip",
            "--python",
            str(python),
            "install",
            "--quiet",
            "--no-deps",
            "--no-index",
            str(wheel),
        ],
        check=True,
        capture_output=True,
        env=OUTSIDE,  # (a checkout on PYTHONPATH holds the egg-info the build made: "already installed")
    )
    # The dependencies, from this environment (a plain path entry: its .pth files, among them
    # the editable install of this checkout, are not run).
    (purelib / "deps-from-the-test-env.pth").write_text(sysconfig.get_paths()["purelib"] + "\n")
    return env / "bin"


def test_the_wheel_holds_the_packages_with_their_type_information_and_no_benchmarks(wheel: Path) -> None:
    names = zipfile.ZipFile(wheel).namelist()
    tops = {n.split("/", 1)[0] for n in names if not n.startswith("slice_elision-")}
    assert tops == {"dfx", "stream_model", "rewriter", "slice_elision_campaign"}
    assert "slice_elision_campaign/tensor/oracle.py" in names and not any("findings" in n for n in names)
    assert {"dfx/py.typed", "stream_model/py.typed", "rewriter/py.typed"} <= set(names)


def test_the_installed_command_line_runs_outside_the_checkout(scratch: Path, tmp_path: Path) -> None:
    version = subprocess.run(
        [str(scratch / "slice-elision"), "--version"], capture_output=True, text=True, cwd=tmp_path
    )
    assert version.returncode == 0 and version.stdout.startswith("slice-elision 0.1.0 (iree-base-compiler 3.13.0)")
    src = tmp_path / "seed.mlir"
    src.write_text(case_module(SEED_CASE))
    proc = subprocess.run(
        [str(scratch / "slice-elision"), "rewrite", str(src), "-o", str(tmp_path / "out.mlir")],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=OUTSIDE,
    )
    assert proc.returncode == 0, proc.stderr
    assert "1 slice(s) aliased, 0 kept" in proc.stderr


def test_the_installed_packages_import_from_the_install_and_benchmarks_is_not_one(
    scratch: Path, tmp_path: Path
) -> None:
    script = (
        "import importlib.util, rewriter, stream_model, dfx\n"
        "print(rewriter.__file__)\n"
        "print(importlib.util.find_spec('benchmarks'))\n"
        "from rewriter import elide_slices, compile_file, SliceElisionError\n"
    )
    proc = subprocess.run(
        [str(scratch / "python"), "-c", script], capture_output=True, text=True, cwd=tmp_path, env=OUTSIDE
    )
    assert proc.returncode == 0, proc.stderr
    location, benchmarks = proc.stdout.splitlines()
    assert location.startswith(str(scratch.parent)) and str(REPO) not in location
    assert benchmarks == "None"


def test_the_installed_campaign_judges_a_program_outside_the_checkout(scratch: Path, tmp_path: Path) -> None:
    where = subprocess.run(
        [str(scratch / "python"), "-c", "import slice_elision_campaign.tensor.oracle as o; print(o.__file__)"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=OUTSIDE,
    )
    assert where.returncode == 0 and where.stdout.startswith(str(scratch.parent)), where.stderr
    proc = subprocess.run(
        [str(scratch / "slice-elision-campaign"), "--programs", "1", "--seed", "1", "--quiet"],
        capture_output=True,
        text=True,
        cwd=tmp_path,
        env=OUTSIDE,
        timeout=300,
    )
    assert proc.returncode == 0, proc.stdout + proc.stderr
    assert "tensor campaign: seed 1, 1 programs" in proc.stdout and "tool failures: none" in proc.stdout
