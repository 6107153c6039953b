"""The IR specification cases of ``tests/ir`` as a corpus: splitting files into cases.

Each ``// -----`` chunk of ``tests/ir/*.mlir`` is one behaviour, named after its public
function (or its first private one, when it has none), and a module of its own (its device,
executable and globals declared), so that a case can be pasted into ``iree-opt`` or an upstream
issue, and a whole file runs as IREE's lit tests do, with ``--split-input-file``. Shared by the
FileCheck runner, the CLI tests and the z3 timing benchmark, so that all read the cases the
same way.
"""

from __future__ import annotations

import re
from pathlib import Path

IR_DIR = Path(__file__).resolve().parent.parent / "tests" / "ir"

#: What a bare list of functions needs around it to be a stream-async module (``wrap``): the
#: device, and one executable whose entry point the functions dispatch (only the resource
#: operands matter to the analysis).
PRELUDE = """\
util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
stream.executable private @ex {
  stream.executable.export public @read workgroups() -> (index, index, index) {
    %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
    stream.return %x, %y, %z : index, index, index
  }
  builtin.module {
    func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
      return
    }
  }
}
"""

_MODULE = re.compile(r"^\s*module\b", re.M)


def cases() -> list[tuple[str, str, str]]:
    """``(name, file stem, chunk)`` for every case, in file and chunk order."""
    out = []
    for path in sorted(IR_DIR.glob("*.mlir")):
        for chunk in path.read_text().split("// -----"):
            m = re.search(r"util\.func public @(\w+)", chunk) or re.search(r"util\.func private @(\w+)", chunk)
            if m:
                out.append((f"{path.stem}/{m.group(1)}", path.stem, chunk))
    return out


def run_lines(kind: str) -> list[str]:
    """The ``// RUN:`` lines at the top of ``tests/ir/<kind>.mlir``: how each of its cases runs."""
    text = (IR_DIR / f"{kind}.mlir").read_text()
    return [line.split("RUN:", 1)[1].strip() for line in text.splitlines() if line.startswith("// RUN:")]


def is_module(chunk: str) -> bool:
    """Does the chunk hold its module (every case in tests/ir does)?"""
    return bool(_MODULE.search(chunk))


def case_module(chunk: str) -> str:
    """The module of one case, to parse on its own: the chunk itself."""
    return chunk if is_module(chunk) else wrap(chunk)


def wrap(chunk: str) -> str:
    """A module around bare functions (generated programs, and any case written before the
    cases held their modules): default affinity, :data:`PRELUDE`, and the resource globals the
    functions use but do not declare. A chunk that is a module already is returned as it is."""
    if is_module(chunk):
        return chunk
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
