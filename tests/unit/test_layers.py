"""The layering is the architecture: imports flow one way, checked on the source.

``rewriter -> stream_model -> dfx``; inside ``stream_model``, each subpackage imports only the
layers below it (``ir`` < ``semantics`` < ``symbolic`` < ``model`` < ``postsplice`` <
``interproc`` < ``report`` < ``rule``; ``schedule`` beside the rule, on the model). So
``symbolic`` never sees the model, the model never sees what IREE makes of it after the splice,
nothing below the rule imports it, and ``dfx`` knows nothing about IREE.
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
BELOW: dict[str, set[str]] = {
    "ir": set(),
    "semantics": {"ir"},
    "symbolic": {"ir", "semantics"},
    "model": {"ir", "semantics", "symbolic"},
    "postsplice": {"ir", "semantics", "symbolic", "model"},
    "interproc": {"ir", "semantics", "symbolic", "model", "postsplice"},
    "report": {"ir", "semantics", "symbolic", "model", "postsplice", "interproc"},
    "rule": {"ir", "semantics", "symbolic", "model", "postsplice", "interproc", "report"},
    "schedule": {"ir", "semantics", "symbolic", "model"},
}


def _imports(path: Path) -> list[tuple[int, str]]:
    """Every module ``path`` imports (relative imports resolved), with its line."""
    package = ".".join(path.relative_to(ROOT).with_suffix("").parts[:-1])
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            base = package.split(".")[: len(package.split(".")) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            out.append((node.lineno, module))
            if node.module is None:  # from . import x: x is a module
                out += [(node.lineno, f"{module}.{alias.name}") for alias in node.names]
    return out


def _layer(module: str) -> str | None:
    parts = module.split(".")
    return parts[1] if parts[0] == "stream_model" and len(parts) > 2 else None


def _sources(package: str) -> list[Path]:
    return sorted((ROOT / package).rglob("*.py"))


def test_every_module_of_stream_model_is_in_a_layer() -> None:
    loose = [p.name for p in (ROOT / "stream_model").glob("*.py") if p.name != "__init__.py"]
    assert loose == []
    assert {p.name for p in (ROOT / "stream_model").iterdir() if p.is_dir() and p.name != "__pycache__"} == set(BELOW)


@pytest.mark.parametrize("path", _sources("stream_model"), ids=lambda p: str(p.relative_to(ROOT)))
def test_stream_model_imports_only_the_layers_below(path: Path) -> None:
    here = _layer(".".join(path.relative_to(ROOT).with_suffix("").parts))
    bad = []
    for line, module in _imports(path):
        if module.startswith("rewriter"):
            bad.append(f"{line}: {module} (stream_model knows nothing about rewriting)")
        layer = _layer(module)
        if here is not None and layer is not None and layer != here and layer not in BELOW[here]:
            bad.append(f"{line}: {module} ({here} may import only {sorted(BELOW[here])})")
    assert bad == []


@pytest.mark.parametrize("path", _sources("dfx"), ids=lambda p: str(p.relative_to(ROOT)))
def test_dfx_knows_nothing_about_iree_or_the_model(path: Path) -> None:
    bad = [m for _, m in _imports(path) if m.startswith(("stream_model", "rewriter", "iree"))]
    assert bad == []


def test_the_scan_resolves_relative_imports() -> None:
    probe = ROOT / "stream_model" / "rule" / "safety.py"
    modules = {m for _, m in _imports(probe)}
    assert "stream_model.rule.alias_reads" in modules and "stream_model.interproc.callers" in modules
    assert _layer("stream_model.model.program") == "model" and _layer("stream_model") is None
