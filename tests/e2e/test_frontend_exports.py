"""Decode steps as frontends export them, with their cache an argument (the census of issue 39):
JAX without and with donation, and an ONNX static-cache step (ScatterND at ``pos``). The
exported MLIR is checked in (``tests/data/exports/``, written by ``tools/make_exports.py`` from
the ``jax`` and ``onnx`` packages: ``make exports``), so ``make test`` needs neither.

Each step is compiled by plain ``iree-compile`` and by ``slice-elision compile`` and called once
with its cache as a device array: the tool's build leaves the caller's cache as it was (unless
donated: JAX's ``donate_argnums`` becomes ``tf.aliasing_output``, which IREE 3.13 honours for
StableHLO input) and computes the step's values; plain iree-compile 3.13 writes the new row
into the caller's cache (IREE #16168).
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from pathlib import Path

import numpy as np
import pytest
from iree import runtime as rt

from rewriter.pipeline import DEFAULT_CPU_FLAGS
from tests.campaign.tensor_programs import build_both, load

sys.path.insert(0, str(Path(__file__).resolve().parents[2] / "tools"))
from make_exports import ROWS, WIDTH, _weights  # noqa: E402

pytestmark = pytest.mark.e2e
DATA = Path(__file__).resolve().parents[1] / "data" / "exports"
FLAGS = list(DEFAULT_CPU_FLAGS)
CACHE = np.arange(ROWS * WIDTH, dtype=np.float32).reshape(ROWS, WIDTH)
X = np.array([[1, 2, 3, 4]], np.float32)
POS = 2


@dataclass(frozen=True)
class Export:
    file: str
    function: str
    pos: np.ndarray
    donated: bool = False


EXPORTS = [
    Export("jax_decode_step.mlir", "main", np.array(POS, np.int32)),
    Export("jax_decode_step_donated.mlir", "main", np.array(POS, np.int32), donated=True),
    Export("onnx_static_cache_step.mlir", "step", np.array([[POS]], np.int64)),
]
IDS = [e.file.removesuffix(".mlir") for e in EXPORTS]


def _value_semantics() -> tuple[np.ndarray, np.ndarray]:
    wk, wq = _weights()
    cache = CACHE.copy()
    cache[POS] = (X @ wk)[0]
    return cache, cache @ (X @ wq)[0]


def _call(vmfb: Path, export: Export) -> tuple[np.ndarray, np.ndarray, np.ndarray]:
    """(the caller's cache after the call, the new cache, the scores)."""
    config, functions = load(vmfb)
    arguments = [rt.asdevicearray(config.device, a) for a in (CACHE.copy(), X.copy(), export.pos)]
    cache, scores = functions[export.function](*arguments)
    return np.asarray(arguments[0].to_host()), np.asarray(cache.to_host()), np.asarray(scores.to_host()).ravel()


@pytest.fixture(scope="module")
def builds(tmp_path_factory: pytest.TempPathFactory) -> dict[str, tuple[Path, Path]]:
    """Per program: plain iree-compile's build and the tool's."""
    return build_both([DATA / export.file for export in EXPORTS], tmp_path_factory.mktemp("builds"))


@pytest.mark.parametrize("export", EXPORTS, ids=IDS)
def test_the_tools_build_keeps_the_callers_cache_and_computes_the_step(
    export: Export, builds: dict[str, tuple[Path, Path]]
) -> None:
    kept, cache, scores = _call(builds[export.file][1], export)
    want_cache, want_scores = _value_semantics()
    np.testing.assert_allclose(cache, want_cache, rtol=1e-5, atol=1e-5)
    np.testing.assert_allclose(scores, want_scores, rtol=1e-5, atol=1e-4)
    if export.donated:
        np.testing.assert_allclose(kept, want_cache, rtol=1e-5, atol=1e-5)  # (updated in place, as asked)
    else:
        np.testing.assert_array_equal(kept, CACHE)


@pytest.mark.parametrize("export", EXPORTS, ids=IDS)
def test_plain_iree_compile_writes_the_new_row_into_the_callers_cache(
    export: Export, builds: dict[str, tuple[Path, Path]]
) -> None:
    kept, _, _ = _call(builds[export.file][0], export)
    np.testing.assert_allclose(kept, _value_semantics()[0], rtol=1e-5, atol=1e-5)


def test_the_exports_are_what_the_frontends_write_today() -> None:
    """With the ``exports`` extra installed, the frontends still export what is checked in."""
    pytest.importorskip("jax", reason="exports extra not installed: make exports")
    pytest.importorskip("onnx", reason="exports extra not installed: make exports")
    import make_exports

    jax_files = make_exports.jax_steps()
    for name, text in jax_files.items():
        assert text == (DATA / name).read_text(), name
    assert make_exports.onnx_step() == (DATA / "onnx_static_cache_step.mlir").read_text()
