"""Every code example of README.md runs, as written.

The README's fenced blocks, each a test named by its line and first line:

* ```python: the block is a program of its own, run in a fresh interpreter (the venv's);
* ```sh: every line is a command, run by bash in order; the command must exit 0, or with the
  status its comment names (``# exit status 3``);
* ```console: the lines starting with ``$ `` are commands, run as in ```sh; the others are
  what they print, not run;
* ```text, ```yaml, ...: output or IR shown, never run.

A block that cannot run in a test is listed in :data:`SKIPPED` by its first line, with why.

Every block runs in one working directory, as a reader runs them from the repository root: the
repository's files the blocks name are copied into it, a later block may read what an earlier
one wrote, and a block runs the earlier blocks first (once) when it is selected alone. The
venv's tools (``slice-elision``, ``python``, ``iree-run-module``) come first on ``PATH``, and
the checkout is on ``PYTHONPATH``, so the examples run against this tree.
"""

from __future__ import annotations

import os
import re
import shutil
import subprocess
import sys
from dataclasses import dataclass
from pathlib import Path

import pytest

pytestmark = pytest.mark.e2e

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
BIN = Path(sys.executable).parent

#: Blocks that are run.
RUN = {"python", "sh", "console"}
#: Blocks that show output or IR: never run.
SHOWN = {"text", "yaml", "json", "mlir"}

#: Blocks that cannot run in a test, by their first line: why.
SKIPPED = {
    "make demo   # sets up .venv, compiles the decode step with and without the rewrite, runs both": (
        "make demo and make test set up .venv and run the whole test suite, this test included"
    ),
}

_FENCE = re.compile(r"^(\s*)```(.*)$")
_EXIT = re.compile(r"#.*\bexit status (\d+)")
_PATH = re.compile(r"[\w./-]+")


@dataclass(frozen=True)
class Block:
    line: int  # of the opening fence, 1-based
    lang: str
    body: str

    @property
    def first_line(self) -> str:
        return self.body.splitlines()[0].strip() if self.body.strip() else ""

    @property
    def id(self) -> str:
        words = re.sub(r"[^\w.=-]+", "-", self.first_line).strip("-")[:48]
        return f"L{self.line}-{self.lang}-{words}"


def readme_blocks(text: str) -> list[Block]:
    blocks: list[Block] = []
    lines = text.splitlines()
    i = 0
    while i < len(lines):
        m = _FENCE.match(lines[i])
        if m is None:
            i += 1
            continue
        assert not m.group(1), f"README.md:{i + 1}: an indented fence; blocks start at the margin"
        start, lang = i, m.group(2).strip()
        i += 1
        while i < len(lines) and lines[i].rstrip() != "```":
            i += 1
        assert i < len(lines), f"README.md:{start + 1}: a block that is never closed"
        blocks.append(Block(start + 1, lang, "\n".join(lines[start + 1 : i]) + "\n"))
        i += 1
    return blocks


BLOCKS = readme_blocks(README.read_text())
RUNNABLE = [b for b in BLOCKS if b.lang in RUN]


def commands(block: Block) -> list[str]:
    """The block's command lines, in order (a line ending in a backslash goes on)."""
    lines = block.body.splitlines()
    if block.lang == "console":
        lines = [line[2:] for line in lines if line.startswith("$ ")]
    out: list[str] = []
    pending = ""
    for line in lines:
        if line.rstrip().endswith("\\"):
            pending += line.rstrip()[:-1] + " "
            continue
        command = (pending + line).strip()
        pending = ""
        if command and not command.startswith("#"):
            out.append(command)
    return out


def _named_files() -> list[Path]:
    """The repository's files the runnable blocks name (relative paths, as from its root)."""
    named: set[Path] = set()
    for block in RUNNABLE:
        for token in _PATH.findall(block.body):
            path = REPO / token
            if "/" in token and not token.startswith(("/", "-")) and path.is_file():
                named.add(Path(token))
    return sorted(named)


class Workspace:
    """One working directory for every block; blocks run in README order, each at most once."""

    def __init__(self, root: Path) -> None:
        self.root = root
        for rel in _named_files():
            (root / rel).parent.mkdir(parents=True, exist_ok=True)
            shutil.copyfile(REPO / rel, root / rel)
        self.env = dict(os.environ)
        self.env["PATH"] = f"{BIN}{os.pathsep}{self.env.get('PATH', '')}"
        self.env["PYTHONPATH"] = os.pathsep.join(p for p in (str(REPO), self.env.get("PYTHONPATH")) if p)
        self.failed: dict[int, str] = {}
        self.done: set[int] = set()

    def run_through(self, block: Block) -> None:
        """Run every runnable block before ``block`` that has not run, then ``block``."""
        for earlier in RUNNABLE:
            if earlier.line > block.line:
                break
            if earlier.line not in self.done and earlier.first_line not in SKIPPED:
                self.done.add(earlier.line)
                why = self._run(earlier)
                if why is not None:
                    self.failed[earlier.line] = why
        if block.line in self.failed:
            pytest.fail(self.failed[block.line], pytrace=False)
        before = sorted(line for line in self.failed if line < block.line)
        if before:
            pytest.fail(f"an earlier block failed (README.md line {before[0]}), which this one may need", pytrace=False)

    def _run(self, block: Block) -> str | None:
        if block.lang == "python":
            script = self.root / f"readme_L{block.line}.py"
            script.write_text(block.body)
            return self._call([sys.executable, script.name], f"the ```python block at README.md:{block.line}", 0)
        for command in commands(block):
            m = _EXIT.search(command)
            why = self._call(["bash", "-c", command], f"README.md:{block.line}: {command}", int(m.group(1)) if m else 0)
            if why is not None:
                return why
        return None

    def _call(self, argv: list[str], what: str, expected: int) -> str | None:
        proc = subprocess.run(argv, cwd=self.root, env=self.env, capture_output=True, text=True, timeout=300)
        if proc.returncode == expected:
            return None
        return (
            f"{what}\nexit status {proc.returncode}, expected {expected}\n"
            f"--- stdout (end)\n{proc.stdout[-3000:]}\n--- stderr (end)\n{proc.stderr[-3000:]}"
        )


@pytest.fixture(scope="module")
def workspace(tmp_path_factory: pytest.TempPathFactory) -> Workspace:
    return Workspace(tmp_path_factory.mktemp("readme"))


def test_every_block_is_run_shown_or_skipped_with_a_reason() -> None:
    assert BLOCKS, "README.md has no code blocks"
    for block in BLOCKS:
        assert block.lang in RUN | SHOWN, (
            f"README.md:{block.line}: a block tagged {block.lang!r}: tag it python, sh or console (run) "
            f"or text, yaml, json, mlir (shown)"
        )
    firsts = {b.first_line for b in RUNNABLE}
    stale = [first for first in SKIPPED if first not in firsts]
    assert not stale, f"SKIPPED names blocks README.md no longer has: {stale}"


def test_the_blocks_name_files_the_repository_has() -> None:
    assert Path("examples/decode_step.mlir") in _named_files()


@pytest.mark.parametrize("block", RUNNABLE, ids=[b.id for b in RUNNABLE])
def test_readme_block_runs(block: Block, workspace: Workspace) -> None:
    if block.first_line in SKIPPED:
        pytest.skip(SKIPPED[block.first_line])
    assert commands(block) or block.lang == "python", f"README.md:{block.line}: a block with no command"
    workspace.run_through(block)
