"""Writes the frontend exports under ``tests/data/exports/``: a decode step exported by JAX
(without and with donation of its cache) and an ONNX static-cache step (ScatterND at ``pos``),
each with tiny random weights (seed 0). ``make exports`` installs the ``exports`` extra (jax,
onnx) and runs this; ``make test`` needs neither: the exported MLIR is checked in.

The JAX steps are StableHLO as ``jax.jit(...).lower(...).as_text()`` prints it; the ONNX step
is the model imported by ``iree-import-onnx`` (in the IREE compiler wheel).
"""

from __future__ import annotations

import subprocess
import sys
import tempfile
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
OUT = ROOT / "tests" / "data" / "exports"
#: Rows of the cache, width of a row.
ROWS, WIDTH = 8, 4


def _weights() -> tuple[np.ndarray, np.ndarray]:
    rng = np.random.default_rng(0)
    return (
        (rng.standard_normal((WIDTH, WIDTH)) * 0.5).astype(np.float32),
        (rng.standard_normal((WIDTH, WIDTH)) * 0.5).astype(np.float32),
    )


def jax_steps() -> dict[str, str]:
    """The decode step (the new key row at ``pos``, scores of every row against the query),
    exported without and with donation of the cache (``donate_argnums``)."""
    import jax
    import jax.numpy as jnp

    wk, wq = (jnp.asarray(w) for w in _weights())

    def step(cache: jax.Array, x: jax.Array, pos: jax.Array) -> tuple[jax.Array, jax.Array]:
        cache = jax.lax.dynamic_update_slice(cache, x @ wk, (pos, 0))
        return cache, cache @ (x @ wq)[0]

    args = (jnp.zeros((ROWS, WIDTH), jnp.float32), jnp.zeros((1, WIDTH), jnp.float32), jnp.int32(0))
    return {
        "jax_decode_step.mlir": jax.jit(step).lower(*args).as_text(),
        "jax_decode_step_donated.mlir": jax.jit(step, donate_argnums=(0,)).lower(*args).as_text(),
    }


def onnx_step() -> str:
    """A static-cache step: ``ScatterND(cache, [[pos]], x @ Wk)``, and the scores."""
    import onnx
    from onnx import TensorProto, helper, numpy_helper

    wk, wq = _weights()
    graph = helper.make_graph(
        [
            helper.make_node("MatMul", ["x", "wk"], ["k"]),
            helper.make_node("ScatterND", ["cache", "pos", "k"], ["new_cache"]),
            helper.make_node("MatMul", ["x", "wq"], ["q"]),
            helper.make_node("Transpose", ["q"], ["qt"], perm=[1, 0]),
            helper.make_node("MatMul", ["new_cache", "qt"], ["scores"]),
        ],
        "step",
        [
            helper.make_tensor_value_info("cache", TensorProto.FLOAT, [ROWS, WIDTH]),
            helper.make_tensor_value_info("x", TensorProto.FLOAT, [1, WIDTH]),
            helper.make_tensor_value_info("pos", TensorProto.INT64, [1, 1]),
        ],
        [
            helper.make_tensor_value_info("new_cache", TensorProto.FLOAT, [ROWS, WIDTH]),
            helper.make_tensor_value_info("scores", TensorProto.FLOAT, [ROWS, 1]),
        ],
        [numpy_helper.from_array(wk, "wk"), numpy_helper.from_array(wq, "wq")],
    )
    model = helper.make_model(graph, opset_imports=[helper.make_opsetid("", 17)])
    onnx.checker.check_model(model)
    with tempfile.TemporaryDirectory() as tmp:
        path = Path(tmp) / "step.onnx"
        onnx.save(model, path)
        tool = Path(sys.executable).parent / "iree-import-onnx"
        done = subprocess.run([str(tool), str(path), "-o", "-"], check=True, capture_output=True, text=True)
    return done.stdout


def main() -> int:
    OUT.mkdir(parents=True, exist_ok=True)
    files = {**jax_steps(), "onnx_static_cache_step.mlir": onnx_step()}
    for name, text in files.items():
        (OUT / name).write_text(text)
        print(f"wrote {OUT / name}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
