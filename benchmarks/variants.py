"""Build the decode-step programs and compile every benchmark variant.

A variant is (program form, with or without the rewrite). Both compiles go through
:func:`rewriter.pipeline.compile_file`, so "stock" is byte-identical to a plain ``iree-compile``
(the pipeline guarantees that for ``hook=None``) and the only difference between a stock and an
elided variant is the hook. That is what makes the side-by-side numbers attributable to the
rewrite and nothing else.
"""

from __future__ import annotations

import hashlib
from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path

from rewriter.pipeline import DEFAULT_CPU_FLAGS, CompileResult, StreamHook, compile_file
from rewriter.rewrite.elide import RewriteReport, elide_slices

from .programs import DecodeShape, decode_program

#: variant name -> (program form, rewrite?)
VARIANT_SPECS: dict[str, tuple[str, bool]] = {
    "seed-stock": ("seed", False),
    "seed-elided": ("seed", True),
    "call-stock": ("call", False),
    "call-elided": ("call", True),
    "fused-stock": ("fused", False),
    "fused-elided": ("fused", True),
}


@dataclass
class Variant:
    """One compiled variant: its source, its module and what the rewrite decided."""

    name: str
    form: str
    rewrite: bool
    source: Path
    vmfb: Path
    compile: CompileResult
    reports: list[RewriteReport] = field(default_factory=list)

    @property
    def hook(self) -> StreamHook | None:
        """The same hook again (for ``ir_after_pass``); ``None`` for stock variants."""
        return elision_hook([]) if self.rewrite else None

    def sha256(self) -> str:
        return hashlib.sha256(self.vmfb.read_bytes()).hexdigest()

    def summary(self) -> dict:
        """JSON record: compile phases and the rewrite's decisions in numbers."""
        out: dict = {
            "form": self.form,
            "rewrite": self.rewrite,
            "vmfb_bytes": self.vmfb.stat().st_size,
            "vmfb_sha256": self.sha256(),
            "compile_s": {**self.compile.phase_times(), "total": self.compile.total_s},
        }
        if self.rewrite:
            out["aliased"] = sum(r.aliased for r in self.reports)
            out["kept"] = sum(r.kept for r in self.reports)
            out["analysis_s"] = sum(r.analysis_seconds for r in self.reports)
        return out


def elision_hook(reports: list[RewriteReport]) -> StreamHook:
    """The hook the brief specifies: run the rewrite, keep its report (as the command line's
    compile runs it: the compile verifies the module before and after the hook)."""

    def hook(module) -> None:  # noqa: ANN001 - an iree.compiler.ir.Module
        reports.append(elide_slices(module, verified=True))

    return hook


def write_program(form: str, shape: DecodeShape, workdir: Path) -> Path:
    path = workdir / f"decode_{form}_{shape.layers}l.mlir"
    path.write_text(decode_program(form, shape))
    return path


def compile_variants(
    workdir: Path,
    shape: DecodeShape = DecodeShape(),  # noqa: B008 - a frozen dataclass: one shared default is fine
    names: Sequence[str] = tuple(VARIANT_SPECS),
    flags: Sequence[str] = DEFAULT_CPU_FLAGS,
) -> dict[str, Variant]:
    """Compile ``names`` into ``workdir``; returns them by name, in the given order."""
    workdir.mkdir(parents=True, exist_ok=True)
    sources: dict[str, Path] = {}
    out: dict[str, Variant] = {}
    for name in names:
        form, rewrite = VARIANT_SPECS[name]
        if form not in sources:
            sources[form] = write_program(form, shape, workdir)
        reports: list[RewriteReport] = []
        vmfb = workdir / f"{name}.vmfb"
        result = compile_file(sources[form], vmfb, list(flags), elision_hook(reports) if rewrite else None)
        out[name] = Variant(name, form, rewrite, sources[form], vmfb, result, reports)
    return out


def identical_modules(a: Variant, b: Variant) -> bool:
    """Byte equality of two ``.vmfb`` files: "the rewrite changed nothing", checked exactly."""
    return a.vmfb.read_bytes() == b.vmfb.read_bytes()
