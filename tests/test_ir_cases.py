"""IR specification cases: each ``// -----`` chunk of ``tests/ir/*.mlir`` is one behaviour.

The chunk is wrapped in a module with ``prelude.mlir`` (device and executable) and the globals
it uses, rewritten by ``slice-elision rewrite``, and checked with FileCheck twice: ``CHECK``
lines against the rewritten IR, ``LOG`` lines against ``slice-elision explain``'s proof log.
"""

from __future__ import annotations

import re
import subprocess
import sys
from pathlib import Path

import pytest

from rewriter.cli import main

IR_DIR = Path(__file__).parent / "ir"
PRELUDE = (IR_DIR / "prelude.mlir").read_text()
FILECHECK = str(Path(sys.executable).parent / "filecheck")


def _cases() -> list[tuple[str, str, str]]:
    out = []
    for path in sorted(IR_DIR.glob("*.mlir")):
        if path.name == "prelude.mlir":
            continue
        for chunk in path.read_text().split("// -----"):
            m = re.search(r"util\.func public @(\w+)", chunk)
            if m:
                out.append((f"{path.stem}/{m.group(1)}", path.stem, chunk))
    return out


def wrap(chunk: str) -> str:
    """A module around one case: default affinity, the prelude, and the resource globals it
    uses but does not declare itself."""
    declared = set(re.findall(r"util\.global private (?:mutable )?@(\w+)", chunk))
    globals_ = sorted(set(re.findall(r"util\.global\.(?:load|store) (?:%\S+, )?@(\w+)", chunk)) - declared)
    decls = "".join(f"util.global private mutable @{g} : !stream.resource<variable>\n" for g in globals_)
    return (
        "module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {\n"
        + PRELUDE + decls + chunk + "\n}\n"
    )


def _filecheck(checks: str, text: str, prefix: str) -> None:
    run = subprocess.run(
        [FILECHECK, "/dev/stdin", f"--check-prefix={prefix}", "--input-file", "-"],
        input=text, capture_output=True, text=True,
    ) if False else None
    check_file = Path(_filecheck.tmp) / f"checks_{prefix}.txt"
    check_file.write_text(checks)
    run = subprocess.run([FILECHECK, str(check_file), f"--check-prefix={prefix}"], input=text, capture_output=True, text=True)
    assert run.returncode == 0, f"FileCheck {prefix} failed:\n{run.stdout}{run.stderr}\n--- input ---\n{text}"


@pytest.mark.parametrize("name,kind,chunk", _cases(), ids=[c[0] for c in _cases()])
def test_ir_case(name: str, kind: str, chunk: str, tmp_path: Path, capsys: pytest.CaptureFixture[str]) -> None:
    _filecheck.tmp = str(tmp_path)
    src = tmp_path / "in.mlir"
    src.write_text(wrap(chunk))
    out = tmp_path / "out.mlir"
    assert main(["rewrite", str(src), "-o", str(out)]) == 0
    _filecheck(chunk, out.read_text(), "CHECK")
    capsys.readouterr()
    assert main(["explain", str(src)]) == 0
    _filecheck(chunk, capsys.readouterr().out, "LOG")
