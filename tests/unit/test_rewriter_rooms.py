"""The rewriter's rooms, checked on the source as ``test_layers`` checks stream_model's layers.

``pipeline`` (running IREE) and ``repair`` (the repairs of IREE's faults) stand on the model
alone; ``rewrite`` and ``guard`` on them; ``report`` on those; ``api`` (the library's entrance)
and ``cli`` on everything, and nothing imports ``cli``. No module imports a private name of another, and no modules import each other
in a circle (imports made inside functions included: a circle there is one a reader must
still untangle).
"""

from __future__ import annotations

import ast
from pathlib import Path

import pytest

ROOT = Path(__file__).resolve().parents[2]
PACKAGE = ROOT / "rewriter"
#: The rooms each room may import (besides itself): ``errors`` (every error), ``runtime``
#: (running a built module) and ``api`` (the library's compile and check) are modules that are
#: rooms of their own.
BELOW: dict[str, set[str]] = {
    "errors": set(),
    "pipeline": {"errors"},
    "repair": {"errors"},
    "runtime": {"errors"},
    "rewrite": {"errors", "pipeline", "repair"},
    "guard": {"errors", "pipeline", "repair"},
    "report": {"errors", "pipeline", "repair", "rewrite", "guard"},
    "api": {"errors", "pipeline", "repair", "rewrite", "guard", "report", "runtime"},
    "cli": {"errors", "pipeline", "repair", "rewrite", "guard", "report", "runtime"},
}
#: The modules outside every room: the package's public API, which imports from the rooms.
ENTRANCE = {"rewriter"}


def _module_name(path: Path) -> str:
    parts = path.relative_to(ROOT).with_suffix("").parts
    return ".".join(parts[:-1] if parts[-1] == "__init__" else parts)


def _imports(path: Path) -> list[tuple[int, str, list[str]]]:
    """``(line, module, names)`` for every import in ``path``, relative ones resolved; for ``from
    . import x`` where ``x`` is a module, the module is ``package.x``."""
    package = _module_name(path) if path.name == "__init__.py" else _module_name(path).rpartition(".")[0]
    out = []
    for node in ast.walk(ast.parse(path.read_text())):
        if isinstance(node, ast.Import):
            out += [(node.lineno, alias.name, []) for alias in node.names]
        elif isinstance(node, ast.ImportFrom):
            parts = package.split(".")
            base = parts[: len(parts) - node.level + 1] if node.level else []
            module = ".".join([*base, *([node.module] if node.module else [])])
            names = [alias.name for alias in node.names]
            submodules = [n for n in names if _is_module(f"{module}.{n}")]
            out += [(node.lineno, f"{module}.{n}", []) for n in submodules]
            rest = [n for n in names if n not in submodules]
            if rest or not submodules:
                out.append((node.lineno, module, rest))
    return out


def _is_module(name: str) -> bool:
    path = ROOT / name.replace(".", "/")
    return path.with_suffix(".py").exists() or (path / "__init__.py").exists()


def _room(module: str) -> str | None:
    parts = module.split(".")
    if parts[0] != "rewriter" or len(parts) < 2:
        return None
    return parts[1]


SOURCES = sorted(PACKAGE.rglob("*.py"))


def _ids(path: Path) -> str:
    return str(path.relative_to(ROOT))


def test_every_module_is_in_a_room() -> None:
    loose = {p.stem for p in PACKAGE.glob("*.py")} - {"__init__", *BELOW}
    rooms = {p.name for p in PACKAGE.iterdir() if p.is_dir() and p.name != "__pycache__"}
    assert loose == set()
    assert rooms | {"runtime", "errors", "api"} == set(BELOW)


@pytest.mark.parametrize("path", SOURCES, ids=_ids)
def test_a_room_imports_only_the_rooms_below_it(path: Path) -> None:
    here = _room(_module_name(path))
    bad = []
    for line, module, _ in _imports(path):
        there = _room(module)
        if here is None or there is None or there == here:
            continue
        if there not in BELOW[here]:
            bad.append(f"{line}: {module} ({here} may import only {sorted(BELOW[here])})")
    assert bad == []


@pytest.mark.parametrize("path", [p for p in SOURCES if _room(_module_name(p)) != "cli"], ids=_ids)
def test_nothing_imports_the_command_line(path: Path) -> None:
    assert [m for _, m, _ in _imports(path) if _room(m) == "cli"] == []


@pytest.mark.parametrize(
    "path",
    sorted(p for package in ("rewriter", "stream_model", "dfx") for p in (ROOT / package).rglob("*.py")),
    ids=_ids,
)
def test_no_private_name_crosses_a_module(path: Path) -> None:
    own = (ROOT / "rewriter", ROOT / "stream_model", ROOT / "dfx")
    assert any(path.is_relative_to(p) for p in own)
    bad = [
        f"{line}: {module}.{name}"
        for line, module, names in _imports(path)
        if module.split(".")[0] in {"rewriter", "stream_model", "dfx"}
        for name in names
        if name.startswith("_") and not name.startswith("__")
    ]
    assert bad == []


def test_no_modules_import_each_other_in_a_circle() -> None:
    graph = {
        _module_name(p): {m for _, m, _ in _imports(p) if m.startswith("rewriter.") and _is_module(m)} for p in SOURCES
    }
    # (a package's __init__ may re-export its own modules: a package is not in a circle with them)
    for name, deps in graph.items():
        graph[name] = {
            d for d in deps if not (name in ENTRANCE or d.startswith(name + ".") or name.startswith(d + "."))
        }
    circles = []
    state: dict[str, int] = {}

    def visit(node: str, stack: list[str]) -> None:
        state[node] = 1
        for dep in sorted(graph.get(node, ())):
            if state.get(dep) == 1:
                circles.append(" -> ".join([*stack[stack.index(dep) :], dep]))
            elif dep not in state:
                visit(dep, [*stack, dep])
        state[node] = 2

    for node in sorted(graph):
        if node not in state:
            visit(node, [node])
    assert circles == []


def test_the_scan_sees_relative_and_submodule_imports() -> None:
    imports = {m for _, m, _ in _imports(PACKAGE / "cli" / "entry.py")}
    assert "rewriter.pipeline.threads" in imports and "rewriter.cli.commands" in imports
    assert _room("rewriter.guard.check") == "guard" and _room("rewriter") is None
