"""The layering is the architecture: imports flow one way, checked on the source.

``rewriter -> stream_model -> dfx``; inside ``stream_model``, each subpackage imports only the
layers below it (``ir`` < ``semantics`` < ``symbolic`` < ``model`` < ``postsplice`` <
``interproc`` < ``report`` < ``rule``; ``schedule`` beside the rule, on the model). So
``symbolic`` never sees the model, the model never sees what IREE makes of it after the splice,
nothing below the rule imports it, and ``dfx`` knows nothing about IREE. ``stream_model/errors.py``
holds every exception class: it imports nothing of ``stream_model``, and every layer may import it.
"""

from __future__ import annotations

import ast
import re
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


#: Modules of ``stream_model`` outside the layers, beneath them all: every layer may import them.
BOTTOM = {"errors.py"}


def test_every_module_of_stream_model_is_in_a_layer() -> None:
    loose = [p.name for p in (ROOT / "stream_model").glob("*.py") if p.name not in {"__init__.py", *BOTTOM}]
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


@pytest.mark.parametrize("name", sorted(BOTTOM))
def test_the_bottom_modules_import_nothing_of_stream_model(name: str) -> None:
    bad = [m for _, m in _imports(ROOT / "stream_model" / name) if m.startswith(("stream_model", "rewriter"))]
    assert bad == []


def test_every_exception_class_of_stream_model_is_in_the_errors_module() -> None:
    """One place holds them (their old homes import them from there)."""
    defined = []
    for path in _sources("stream_model"):
        for node in ast.walk(ast.parse(path.read_text())):
            if isinstance(node, ast.ClassDef) and any(
                isinstance(b, ast.Name) and (b.id.endswith(("Error", "Exception")) or b.id == "KeepCopy")
                for b in node.bases
            ):
                defined.append(f"{path.relative_to(ROOT)}: {node.name}")
    assert defined and all(d.startswith("stream_model/errors.py: ") for d in defined), defined


@pytest.mark.parametrize("path", _sources("dfx"), ids=lambda p: str(p.relative_to(ROOT)))
def test_dfx_knows_nothing_about_iree_or_the_model(path: Path) -> None:
    bad = [m for _, m in _imports(path) if m.startswith(("stream_model", "rewriter", "iree"))]
    assert bad == []


@pytest.mark.parametrize(
    "path",
    _sources("dfx") + _sources("stream_model") + _sources("rewriter"),
    ids=lambda p: str(p.relative_to(ROOT)),
)
def test_the_tool_never_imports_the_campaign_that_tests_it(path: Path) -> None:
    """The installed campaign (``slice_elision_campaign``, the ``campaign`` extra) is test
    tooling: it runs the tool as a user does, and the tool works without it."""
    bad = [m for _, m in _imports(path) if m.split(".")[0] in ("slice_elision_campaign", "tests")]
    assert bad == []


@pytest.mark.parametrize("path", _sources("slice_elision_campaign"), ids=lambda p: str(p.relative_to(ROOT)))
def test_the_installed_campaign_imports_nothing_of_the_checkout(path: Path) -> None:
    """It runs from a wheel: ``tests/`` is not there; of the tool it asks only where IREE's tools
    are and the default target flags (it runs the tool as a command)."""
    bad = [
        m
        for _, m in _imports(path)
        if m.split(".")[0] in ("tests", "benchmarks", "tools", "stream_model", "dfx")
        or (m.startswith("rewriter") and m not in ("rewriter.pipeline.common", "rewriter.pipeline.targets"))
    ]
    assert bad == []


def test_the_scan_resolves_relative_imports() -> None:
    probe = ROOT / "stream_model" / "rule" / "safety.py"
    modules = {m for _, m in _imports(probe)}
    assert "stream_model.rule.alias_reads" in modules and "stream_model.interproc.callers" in modules
    assert _layer("stream_model.model.program") == "model" and _layer("stream_model") is None


# -- op names only in semantics/ -----------------------------------------------------------------

#: A string that names an op of IREE's dialects (``stream.async.slice``), or a family of them
#: (``util.global.``); not a dialect alone (``stream.``), not a file (``flow.mlir``).
OP_NAME = re.compile(
    r"^(?:stream|util|hal|flow|scf|cf|arith|func|tensor|linalg|memref|affine|index|math|vm|iree_[a-z_]+)"
    r"\.[a-z_][a-z0-9_]*(?:\.[a-z_][a-z0-9_]*)*\.?$(?<!\.mlir)(?<!\.mlirbc)"
)
#: Where an op's name may be written outside ``stream_model/semantics/``, and why. A file leaves
#: the list once it asks ``stream_model.semantics.ops`` instead.
OP_NAME_ALLOWED: dict[str, str] = {
    "stream_model/ir/util.py": "layer 0, below semantics (which imports it): the function ops and nested symbol "
    "tables its walks stop at",
    "rewriter/pipeline/stages.py": "names the op a pass pipeline nests on, not an op it reads",
}


def _strings(tree: ast.AST) -> list[tuple[int, str]]:
    """The string constants of a module that are not docstrings (f-strings' literal parts
    included)."""
    docstrings = set()
    for node in ast.walk(tree):
        if isinstance(node, (ast.Module, ast.ClassDef, ast.FunctionDef, ast.AsyncFunctionDef)):
            body = node.body
            if body and isinstance(body[0], ast.Expr) and isinstance(body[0].value, ast.Constant):
                docstrings.add(id(body[0].value))
    return [
        (node.lineno, node.value)
        for node in ast.walk(tree)
        if isinstance(node, ast.Constant) and isinstance(node.value, str) and id(node) not in docstrings
    ]


def _op_names(path: Path) -> list[str]:
    return [f"{line}: {text!r}" for line, text in _strings(ast.parse(path.read_text())) if OP_NAME.match(text)]


OUTSIDE_SEMANTICS = [p for p in _sources("stream_model") + _sources("rewriter") if "semantics" not in p.parts]


@pytest.mark.parametrize("path", OUTSIDE_SEMANTICS, ids=lambda p: str(p.relative_to(ROOT)))
def test_op_names_are_written_only_in_semantics(path: Path) -> None:
    """What an op means, and its name, are ``semantics/``'s: every other module asks
    ``stream_model.semantics.ops`` (docstrings and prose aside)."""
    if str(path.relative_to(ROOT)) in OP_NAME_ALLOWED:
        return
    assert _op_names(path) == []


@pytest.mark.parametrize("name", sorted(OP_NAME_ALLOWED))
def test_each_file_allowed_op_names_still_writes_one(name: str) -> None:
    """The allowlist only shrinks: a file it names exists and still needs it."""
    assert (ROOT / name).is_file(), f"{name} is gone: take it off OP_NAME_ALLOWED"
    assert _op_names(ROOT / name), f"{name} names no op any more: take it off OP_NAME_ALLOWED"


def test_the_op_name_scan_sees_code_not_docstrings_files_or_dialects() -> None:
    tree = ast.parse(
        '"""stream.async.slice"""\nX = "util.call"\nY = f"util.global.{X}"\nZ = ("flow.mlir", "stream.")\n'
    )
    assert [text for _, text in _strings(tree) if OP_NAME.match(text)] == ["util.call", "util.global."]
