"""The IR specification cases of ``tests/ir`` as a corpus: splitting files into cases, wrapping one.

Each ``// -----`` chunk of ``tests/ir/*.mlir`` is one behaviour, named after its public
function (or its first private one, when it has none). Shared by the FileCheck runner, the CLI tests and the z3 timing benchmark, so that all
read the cases the same way.
"""

from __future__ import annotations

import re
from pathlib import Path

IR_DIR = Path(__file__).resolve().parent.parent / "tests" / "ir"
PRELUDE = (IR_DIR / "prelude.mlir").read_text()


def cases() -> list[tuple[str, str, str]]:
    """``(name, file stem, chunk)`` for every case, in file and chunk order."""
    out = []
    for path in sorted(IR_DIR.glob("*.mlir")):
        if path.name == "prelude.mlir":
            continue
        for chunk in path.read_text().split("// -----"):
            m = re.search(r"util\.func public @(\w+)", chunk) or re.search(r"util\.func private @(\w+)", chunk)
            if m:
                out.append((f"{path.stem}/{m.group(1)}", path.stem, chunk))
    return out


def run_lines(kind: str) -> list[str]:
    """The ``// RUN:`` lines at the top of ``tests/ir/<kind>.mlir``: how each of its cases runs."""
    text = (IR_DIR / f"{kind}.mlir").read_text()
    return [line.split("RUN:", 1)[1].strip() for line in text.splitlines() if line.startswith("// RUN:")]


def wrap(chunk: str) -> str:
    """A module around one case: default affinity, the prelude, and the resource globals it
    uses but does not declare itself."""
    declared = set(re.findall(r"util\.global private (?:mutable )?@(\w+)", chunk))
    used = set(re.findall(r"util\.global\.(?:load|store) (?:%\S+, )?@(\w+)", chunk))
    decls = "".join(f"util.global private mutable @{g} : !stream.resource<variable>\n" for g in sorted(used - declared))
    return (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        + PRELUDE
        + decls
        + chunk
        + "\n}\n"
    )


def case_module(chunk: str) -> str:
    """The module of one case, to parse on its own."""
    return wrap(chunk)
