"""Every error the rewriter raises is declared in ``rewriter/errors.py`` and is a
``SliceElisionError``: a caller catches the tool's errors with one class."""

from __future__ import annotations

import ast
import inspect
from pathlib import Path

import rewriter
import rewriter.errors as errors
from stream_model import SliceElisionError

ROOT = Path(__file__).resolve().parents[2]


def _exception_classes_declared(path: Path) -> list[str]:
    tree = ast.parse(path.read_text())
    return [
        node.name
        for node in ast.walk(tree)
        if isinstance(node, ast.ClassDef)
        and any(isinstance(b, ast.Name) and (b.id.endswith(("Error", "Exception"))) for b in node.bases)
    ]


def test_the_rewriter_declares_exceptions_only_in_its_errors_module() -> None:
    elsewhere = {
        str(p.relative_to(ROOT)): names
        for p in sorted((ROOT / "rewriter").rglob("*.py"))
        if p.name != "errors.py" and (names := _exception_classes_declared(p))
    }
    assert elsewhere == {}


def test_every_error_of_the_errors_module_is_a_slice_elision_error() -> None:
    classes = [c for _, c in inspect.getmembers(errors, inspect.isclass) if issubclass(c, BaseException)]
    assert classes and all(issubclass(c, SliceElisionError) for c in classes)


def test_the_public_api_names_the_errors_a_caller_catches() -> None:
    for name in ("SliceElisionError", "ModelError", "WrongPhaseError", "RewriteError", "CompileError"):
        assert getattr(rewriter, name) is getattr(errors, name)
