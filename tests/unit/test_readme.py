"""The README stays a five-minute read, and the documents' links lead somewhere.

README.md has at most 250 lines (the rest lives in docs/, one file per subject). Every relative
link of README.md, ARCHITECTURE.md and docs/*.md names a file the repository has, and an anchor
(``file.md#heading``, or ``#heading`` in the same file) names a heading of that file, spelled as
GitHub spells its anchors.
"""

from __future__ import annotations

import re
from collections import Counter
from pathlib import Path
from urllib.parse import unquote

import pytest

REPO = Path(__file__).resolve().parents[2]
README = REPO / "README.md"
DOCUMENTS = [README, REPO / "ARCHITECTURE.md", *sorted((REPO / "docs").glob("*.md"))]
MAX_README_LINES = 250

_LINK = re.compile(r"!?\[(?:[^\]\[]|\[[^\]]*\])*\]\(([^)\s]+)(?:\s+\"[^\"]*\")?\)")
_HEADING = re.compile(r"^(#{1,6})\s+(.*?)\s*#*\s*$")
_FENCE = re.compile(r"^\s*(```|~~~)")


def _prose(text: str) -> list[str]:
    """The lines outside fenced code blocks (a ``#`` there is a comment, not a heading)."""
    out: list[str] = []
    fenced = False
    for line in text.splitlines():
        if _FENCE.match(line):
            fenced = not fenced
            continue
        out.append("" if fenced else line)
    return out


def anchors(path: Path) -> set[str]:
    """The anchors GitHub makes of a Markdown file's headings: lower case, punctuation dropped
    (hyphens and underscores kept), spaces made hyphens, a repeated one numbered ``-1``, ``-2``."""
    seen: Counter[str] = Counter()
    out: set[str] = set()
    for line in _prose(path.read_text()):
        m = _HEADING.match(line)
        if m is None:
            continue
        text = re.sub(r"\[([^\]]*)\]\([^)]*\)", r"\1", m.group(2))  # a link in a heading: its text
        slug = re.sub(r"[^\w\- ]", "", text.lower()).replace(" ", "-")
        out.add(slug if not seen[slug] else f"{slug}-{seen[slug]}")
        seen[slug] += 1
    return out


def links(path: Path) -> list[tuple[int, str]]:
    """(line, target) of every Markdown link and image outside code, in order."""
    out: list[tuple[int, str]] = []
    for number, line in enumerate(_prose(path.read_text()), 1):
        line = re.sub(r"`[^`]*`", "", line)  # inline code is not a link
        out.extend((number, m.group(1)) for m in _LINK.finditer(line))
    return out


def test_the_readme_is_a_five_minute_read() -> None:
    lines = len(README.read_text().splitlines())
    assert lines <= MAX_README_LINES, (
        f"README.md has {lines} lines; move detail into docs/ (at most {MAX_README_LINES})"
    )


def test_the_anchor_spelling_is_githubs() -> None:
    doc = REPO / "docs" / "schedule-check.md"
    assert "the-schedule-check-an-upstream-fault-class-we-catch" in anchors(doc)
    assert {"command-line", "reason-codes", "optimization-remarks", "library"} <= anchors(README)


@pytest.mark.parametrize("doc", DOCUMENTS, ids=[str(d.relative_to(REPO)) for d in DOCUMENTS])
def test_every_relative_link_names_a_file_and_heading_that_exist(doc: Path) -> None:
    broken = []
    for line, target in links(doc):
        if re.match(r"^[a-z][a-z0-9+.-]*:", target):  # https:, mailto: ...: not the repository's
            continue
        file_part, _, anchor = target.partition("#")
        path = (doc.parent / unquote(file_part)).resolve() if file_part else doc
        if not path.exists():
            broken.append(f"{doc.name}:{line}: {target}: no such file")
        elif anchor and path.suffix == ".md" and anchor not in anchors(path):
            broken.append(f"{doc.name}:{line}: {target}: {path.name} has no heading #{anchor}")
    assert not broken, "\n".join(broken)


def test_the_readme_links_every_document_in_docs() -> None:
    linked = {(README.parent / target.partition("#")[0]).resolve() for _, target in links(README)}
    missing = [d.name for d in sorted((REPO / "docs").glob("*.md")) if d.resolve() not in linked]
    assert not missing, f"README.md does not link docs/{missing}: one line each, saying what it holds"
