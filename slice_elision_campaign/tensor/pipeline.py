"""The pipeline under test: how the campaign makes a ``.vmfb`` of a program, beside the reference.

The reference is fixed: plain ``iree-compile`` (the packaged one, on the local CPU) and the
numpy interpreter. The pipeline under test is one of

* ``tool``: ``slice-elision compile`` (the default; with ``flags``, passed on to IREE as the
  command passes them);
* ``stock``: plain ``iree-compile`` again, the reference's own command (a control: the two
  builds are one module, and the oracle counts each one's runs for the other, so it finds no
  failure);
* ``flags``: ``iree-compile`` with a user's flags after the default target flags (``--iree-stream-
  ...``, ``--iree-opt-...``, any ``iree-compile`` takes), or another ``iree-compile`` binary (an
  IREE developer's build with a changed pass; its modules run on the packaged runtime, so it
  must write modules that runtime loads);
* ``passes``: a user's textual pass pipeline run by ``iree-opt`` between ``iree-compile
  --compile-to=PHASE`` and ``iree-compile --compile-from=PHASE`` (with ``flags`` on both).

:meth:`Pipeline.build` compiles a source and says how it went (:class:`BuildResult`): built,
refused (only the tool refuses: an exit naming one of :data:`REFUSALS`) or an error. The
verdicts (:mod:`.oracle`) keep their meaning with "the tool" read as "the pipeline under test";
a pipeline that is not the tool makes no promise to refuse, so a build of it that computes
stock's own wrong answer (``both-wrong``) is stock's fault it shares, not its failure
(:attr:`Pipeline.failures`).
"""

from __future__ import annotations

import shlex
import subprocess
from dataclasses import dataclass, field
from pathlib import Path

from rewriter.pipeline.common import tool as packaged_tool
from rewriter.pipeline.targets import DEFAULT_CPU_FLAGS

from .runner import child_env, python_module

#: What the tool's refusals say first (``rewriter/guard``): a refusal is an exit with one of these.
REFUSALS = (
    "IREE reorders the accesses to a global",
    "IREE 3.13 would misread a global",
    "IREE's schedule has a hazard the compile cannot repair",
    "IREE folds away an access to a global",
    "IREE hands a host op a value before it is ready",
)
KINDS = ("tool", "stock", "flags", "passes")
#: iree-compile's phases, in order (``--compile-to`` / ``--compile-from``).
PHASES = (
    "input",
    "abi",
    "preprocessing",
    "global-optimization",
    "dispatch-creation",
    "flow",
    "stream",
    "executable-sources",
    "executable-configurations",
    "executable-targets",
    "hal",
    "vm",
)
#: Every failure verdict (:mod:`.oracle`), and those a pipeline that does not refuse can have.
FAILURES = ("tool-wrong", "both-wrong", "false-refusal", "tool-fails")
NON_TOOL_FAILURES = ("tool-wrong", "tool-fails")
#: How the tool is run: ``python -m rewriter.cli`` from the rewriter beside the campaign.
TOOL_CLI = python_module("rewriter.cli")
STOCK_TIMEOUT_S = 180.0
TOOL_TIMEOUT_S = 300.0


@dataclass(frozen=True)
class BuildResult:
    """``built``, ``refused`` or ``error``; ``said``: the tool's warnings or its error line, an
    ``iree-compile``'s first error line."""

    status: str
    said: str = ""


@dataclass(frozen=True)
class Pipeline:
    """A way to compile a source to a ``.vmfb`` (module docstring). ``name``: how reports call it;
    ``kind``: one of :data:`KINDS`; ``flags``: the user's ``iree-compile`` flags; ``passes``: the
    textual pass pipeline (``passes`` only), run after ``phase``; ``iree_compile`` / ``iree_opt``:
    the binaries (default: the packaged ones, those of ``iree-base-compiler``)."""

    name: str
    kind: str = "tool"
    flags: tuple[str, ...] = ()
    passes: str = ""
    phase: str = "flow"
    iree_compile: str = ""
    iree_opt: str = ""
    timeout_s: float = field(default=0.0, compare=False)

    def __post_init__(self) -> None:
        if self.kind not in KINDS:
            raise ValueError(f"pipeline kind {self.kind!r}: one of {', '.join(KINDS)}")
        if self.kind == "passes" and not self.passes:
            raise ValueError("a 'passes' pipeline needs a textual pass pipeline")
        if self.kind != "passes" and self.passes:
            raise ValueError(f"a {self.kind!r} pipeline takes no pass pipeline")
        if self.kind == "stock" and (self.flags or self.iree_compile):
            raise ValueError("'stock' is plain iree-compile: give flags or a binary as a 'flags' pipeline")
        if self.kind == "tool" and (self.iree_compile or self.iree_opt):
            raise ValueError("the tool runs the packaged IREE: it takes no other binary")
        if self.phase not in PHASES:
            raise ValueError(f"phase {self.phase!r}: one of {', '.join(PHASES)}")

    @property
    def is_tool(self) -> bool:
        return self.kind == "tool"

    @property
    def failures(self) -> tuple[str, ...]:
        """The verdicts that are failures of this pipeline (module docstring)."""
        return FAILURES if self.is_tool else NON_TOOL_FAILURES

    @property
    def label(self) -> str:
        """What reports call its build beside stock's: ``tool``, or ``NAME (under test)``."""
        return "tool" if self.is_tool else f"{self.name} (under test)"

    def commands(self, source: Path | str, out: Path | str) -> list[list[str]]:
        """The commands that compile ``source`` to ``out`` (intermediate files beside ``out``)."""
        source, out = str(source), str(out)
        if self.kind == "tool":
            return [[*python_module("rewriter.cli"), "compile", source, "-o", out, *self.flags]]
        compile_ = self.iree_compile or packaged_tool("iree-compile")
        flags = target_flags(self.flags)
        if self.kind in ("stock", "flags"):
            return [[compile_, *flags, source, "-o", out]]
        before, after = f"{out}.{self.phase}.mlir", f"{out}.{self.phase}.passes.mlir"
        return [
            [compile_, *flags, f"--compile-to={self.phase}", source, "-o", before],
            [self.iree_opt or packaged_tool("iree-opt"), f"--pass-pipeline={self.passes}", before, "-o", after],
            [compile_, *flags, f"--compile-from={self.phase}", after, "-o", out],
        ]

    def describe(self, source: str = "program.mlir", out: str = "program.vmfb") -> str:
        """The commands as a person runs them (``python -m rewriter.cli`` read as
        ``slice-elision``, the packaged binaries by their names)."""
        lines = []
        for cmd in self.commands(source, out):
            if cmd[: len(TOOL_CLI)] == TOOL_CLI:
                cmd = ["slice-elision", *cmd[len(TOOL_CLI) :]]
            elif Path(cmd[0]).name in ("iree-compile", "iree-opt") and cmd[0] in _packaged():
                cmd = [Path(cmd[0]).name, *cmd[1:]]
            lines.append(shlex.join(cmd))
        return " && ".join(lines)

    def build(self, source: Path, out: Path) -> BuildResult:
        """Compile ``source`` to ``out``, each command in a child process with a time limit."""
        timeout = self.timeout_s or (TOOL_TIMEOUT_S if self.is_tool else STOCK_TIMEOUT_S)
        said: list[str] = []
        source, out = source.resolve(), out.resolve()
        for cmd in self.commands(source, out):
            what = "slice-elision compile" if self.is_tool else Path(cmd[0]).name
            try:
                proc = subprocess.run(
                    cmd,
                    capture_output=True,
                    text=True,
                    errors="replace",
                    env=child_env() if self.is_tool else None,
                    timeout=timeout,
                )
            except subprocess.TimeoutExpired:
                return BuildResult("error", f"{what} did not finish in {timeout:.0f} s")
            except OSError as err:
                return BuildResult("error", f"{what}: {err}")
            if self.is_tool:
                said += [line for line in proc.stderr.splitlines() if "warning:" in line or "error:" in line]
                if proc.returncode != 0 or not out.is_file():
                    status = "refused" if any(r in proc.stderr for r in REFUSALS) else "error"
                    return BuildResult(status, "\n".join(said) or f"exit status {proc.returncode}")
            elif proc.returncode != 0:
                return BuildResult("error", first_error(proc.stderr) or f"{what}: exit status {proc.returncode}")
        if not out.is_file():
            return BuildResult("error", "no output")
        return BuildResult("built", "\n".join(said))


def target_flags(flags: tuple[str, ...]) -> list[str]:
    """The default target flags, less those the user's flags set again, then the user's."""
    given = {f.split("=", 1)[0] for f in flags}
    return [f for f in DEFAULT_CPU_FLAGS if f.split("=", 1)[0] not in given] + list(flags)


def first_error(stderr: str) -> str:
    """The first line with ``error:`` (IREE's diagnostics), else the first line (LLVM's option
    parser: ``Unknown command line argument ...``)."""
    lines = [line.strip() for line in stderr.splitlines() if line.strip()]
    return next((line for line in lines if "error:" in line), lines[0] if lines else "")


def _packaged() -> set[str]:
    out = set()
    for name in ("iree-compile", "iree-opt"):
        try:
            out.add(packaged_tool(name))
        except Exception:  # noqa: BLE001 - a missing tool is reported when it is run
            pass
    return out


#: The reference: plain iree-compile, as the pipeline under test ``stock`` runs it.
STOCK = Pipeline("stock", "stock")
#: The default pipeline under test: ``slice-elision compile``.
TOOL = Pipeline("tool", "tool")


def make_pipeline(
    kind: str,
    flags: str | tuple[str, ...] = (),
    passes: str = "",
    phase: str = "flow",
    iree_compile: str = "",
    iree_opt: str = "",
    name: str = "",
) -> Pipeline:
    """A pipeline from a command line's words (``flags`` may be one shell-quoted string)."""
    words = tuple(shlex.split(flags)) if isinstance(flags, str) else tuple(flags)
    return Pipeline(name or kind, kind, words, passes, phase, iree_compile, iree_opt)
