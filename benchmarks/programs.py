"""Decode-step programs of a small llama-like shape, written at the linalg/flow level.

One generator serves the demo, the tests and the benchmarks, so every measurement runs the
same program text. Three forms of the cache read exist:

* ``seed``  - the form of the original issue: ``flow.tensor.update`` writes the new row into
  the cache global, then ``flow.tensor.slice`` reads ``cache[0 : step+1]`` for attention. IREE
  3.13 keeps that slice as ``stream.async.slice`` and copies it every step.
* ``call``  - the same, but attention of each layer lives in a non-inlined ``util.func`` that
  receives the slices as arguments (a copy at the call site and a transfer inside the callee).
* ``fused`` - the reference: ``tensor.extract_slice`` read directly by the attention op, which
  dispatch formation folds into the consumer's dispatch, so no copy exists at all.

Every cache global gets a different splat initial value on purpose: IREE 3.13 can make two
mutable globals with *equal* splat initialisers share one buffer (see the project notes), and the
rows read by a step are always written before they are read, so the value does not matter.
"""

from __future__ import annotations

from dataclasses import dataclass

FORMS = ("seed", "call", "fused")


@dataclass(frozen=True)
class DecodeShape:
    layers: int = 2
    heads: int = 8
    head_dim: int = 64
    capacity: int = 4096
    dtype: str = "f32"

    @property
    def element_bytes(self) -> int:
        return {"f32": 4, "f16": 2}[self.dtype]

    @property
    def row_bytes(self) -> int:
        """Bytes of one cache row (one token of one cache)."""
        return self.heads * self.head_dim * self.element_bytes

    @property
    def caches(self) -> int:
        return 2 * self.layers


_MAPS = """\
#q  = affine_map<(h, t, d) -> (h, d)>
#kv = affine_map<(h, t, d) -> (t, h, d)>
#s  = affine_map<(h, t, d) -> (h, t)>
#o  = affine_map<(h, d, t) -> (h, d)>
#vv = affine_map<(h, d, t) -> (t, h, d)>
#ss = affine_map<(h, d, t) -> (h, t)>
#id = affine_map<(h, d) -> (h, d)>
"""


def _attention(s: DecodeShape, h: str, ks: str, vs: str, out: str, p: str) -> str:
    """Scores = q.K^T over the prefix, then scores.V, then a damped residual, all in linalg."""
    T, H, D = s.dtype, s.heads, s.head_dim
    return f"""\
    %{p}zs = tensor.empty(%len) : tensor<{H}x?x{T}>
    %{p}zsf = linalg.fill ins(%zero : {T}) outs(%{p}zs : tensor<{H}x?x{T}>) -> tensor<{H}x?x{T}>
    %{p}sc = linalg.generic {{indexing_maps = [#q, #kv, #s], iterator_types = ["parallel", "parallel", "reduction"]}}
        ins(%{h}, %{ks} : tensor<{H}x{D}x{T}>, tensor<?x{H}x{D}x{T}>) outs(%{p}zsf : tensor<{H}x?x{T}>) {{
      ^bb0(%a: {T}, %b: {T}, %acc: {T}):
        %m = arith.mulf %a, %b : {T}
        %r = arith.addf %acc, %m : {T}
        linalg.yield %r : {T}
    }} -> tensor<{H}x?x{T}>
    %{p}zo = tensor.empty() : tensor<{H}x{D}x{T}>
    %{p}zof = linalg.fill ins(%zero : {T}) outs(%{p}zo : tensor<{H}x{D}x{T}>) -> tensor<{H}x{D}x{T}>
    %{p}att = linalg.generic {{indexing_maps = [#ss, #vv, #o], iterator_types = ["parallel", "parallel", "reduction"]}}
        ins(%{p}sc, %{vs} : tensor<{H}x?x{T}>, tensor<?x{H}x{D}x{T}>) outs(%{p}zof : tensor<{H}x{D}x{T}>) {{
      ^bb0(%a: {T}, %b: {T}, %acc: {T}):
        %m = arith.mulf %a, %b : {T}
        %r = arith.addf %acc, %m : {T}
        linalg.yield %r : {T}
    }} -> tensor<{H}x{D}x{T}>
    %{p}ze = tensor.empty() : tensor<{H}x{D}x{T}>
    %{out} = linalg.generic {{indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}}
        ins(%{h}, %{p}att : tensor<{H}x{D}x{T}>, tensor<{H}x{D}x{T}>) outs(%{p}ze : tensor<{H}x{D}x{T}>) {{
      ^bb0(%a: {T}, %b: {T}, %unused: {T}):
        %t = math.tanh %b : {T}
        %r = arith.addf %a, %t : {T}
        linalg.yield %r : {T}
    }} -> tensor<{H}x{D}x{T}>
"""


def _new_rows(s: DecodeShape, h: str, p: str) -> str:
    """The layer's new K row is the hidden state, the new V row its tanh (distinct data)."""
    T, H, D = s.dtype, s.heads, s.head_dim
    return f"""\
    %{p}vt0 = tensor.empty() : tensor<{H}x{D}x{T}>
    %{p}vt = linalg.generic {{indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}}
        ins(%{h} : tensor<{H}x{D}x{T}>) outs(%{p}vt0 : tensor<{H}x{D}x{T}>) {{
      ^bb0(%a: {T}, %unused: {T}):
        %t = math.tanh %a : {T}
        linalg.yield %t : {T}
    }} -> tensor<{H}x{D}x{T}>
    %{p}krow = tensor.expand_shape %{h} [[0, 1], [2]] output_shape [1, {H}, {D}] : tensor<{H}x{D}x{T}> into tensor<1x{H}x{D}x{T}>
    %{p}vrow = tensor.expand_shape %{p}vt [[0, 1], [2]] output_shape [1, {H}, {D}] : tensor<{H}x{D}x{T}> into tensor<1x{H}x{D}x{T}>
"""


def decode_program(form: str = "seed", shape: DecodeShape = DecodeShape()) -> str:
    """Return the MLIR text of one decode step: ``@step(%x: tensor<HxDxT>, %step: i64) -> tensor<HxDxT>``.

    Each call writes row ``step`` of every cache and attends over rows ``[0, step]``; the caller
    runs steps 0, 1, 2, ... in order against the same module instance.
    """
    if form not in FORMS:
        raise ValueError(f"unknown program form {form!r}; expected one of {FORMS}")
    s = shape
    T, H, D, C = s.dtype, s.heads, s.head_dim, s.capacity
    cache_t = f"tensor<{C}x{H}x{D}x{T}>"
    prefix_t = f"tensor<?x{H}x{D}x{T}>"
    lines = [_MAPS, f"module @decode_{form}_{s.layers}l {{"]
    for layer in range(s.layers):
        lines.append(f"  util.global private mutable @k{layer} = dense<{2 * layer}.0> : {cache_t}")
        lines.append(f"  util.global private mutable @v{layer} = dense<{2 * layer + 1}.0> : {cache_t}")
    if form == "call":
        lines.append(
            f"  util.func private @attention(%h: tensor<{H}x{D}x{T}>, %ks: {prefix_t}, %vs: {prefix_t}, %len: index)"
            f" -> tensor<{H}x{D}x{T}> attributes {{inlining_policy = #util.inline.never}} {{"
        )
        lines.append(f"    %zero = arith.constant 0.0 : {T}")
        lines.append(_attention(s, "h", "ks", "vs", "out", "a"))
        lines.append(f"    util.return %out : tensor<{H}x{D}x{T}>\n  }}")
    lines.append(f"  func.func @step(%x: tensor<{H}x{D}x{T}>, %step_i: i64) -> tensor<{H}x{D}x{T}> {{")
    lines.append(
        "    %c0 = arith.constant 0 : index\n    %c1 = arith.constant 1 : index\n"
        f"    %cH = arith.constant {H} : index\n    %cD = arith.constant {D} : index\n"
        f"    %zero = arith.constant 0.0 : {T}\n"
        "    %step = arith.index_cast %step_i : i64 to index\n"
        "    %len = arith.addi %step, %c1 : index"
    )
    h = "x"
    for layer in range(s.layers):
        p = f"l{layer}_"
        lines.append(f"    %{p}k = util.global.load @k{layer} : {cache_t}")
        lines.append(f"    %{p}v = util.global.load @v{layer} : {cache_t}")
        lines.append(_new_rows(s, h, p))
        lines.append(
            f"    %{p}k2 = flow.tensor.update %{p}krow, %{p}k[%step, %c0, %c0] : tensor<1x{H}x{D}x{T}> -> %{p}k as {cache_t}\n"
            f"    %{p}v2 = flow.tensor.update %{p}vrow, %{p}v[%step, %c0, %c0] : tensor<1x{H}x{D}x{T}> -> %{p}v as {cache_t}"
        )
        if form == "fused":
            lines.append(
                f"    %{p}ks = tensor.extract_slice %{p}k2[0, 0, 0] [%len, {H}, {D}] [1, 1, 1] : {cache_t} to {prefix_t}\n"
                f"    %{p}vs = tensor.extract_slice %{p}v2[0, 0, 0] [%len, {H}, {D}] [1, 1, 1] : {cache_t} to {prefix_t}"
            )
        else:
            lines.append(
                f"    %{p}ks = flow.tensor.slice %{p}k2[%c0, %c0, %c0 for %len, %cH, %cD] : {cache_t} -> {prefix_t}{{%len}}\n"
                f"    %{p}vs = flow.tensor.slice %{p}v2[%c0, %c0, %c0 for %len, %cH, %cD] : {cache_t} -> {prefix_t}{{%len}}"
            )
        out = f"h{layer + 1}"
        if form == "call":
            lines.append(
                f"    %{out} = util.call @attention(%{h}, %{p}ks, %{p}vs, %len) : "
                f"(tensor<{H}x{D}x{T}>, {prefix_t}, {prefix_t}, index) -> tensor<{H}x{D}x{T}>"
            )
        else:
            lines.append(_attention(s, h, f"{p}ks", f"{p}vs", out, p))
        lines.append(f"    util.global.store %{p}k2, @k{layer} : {cache_t}")
        lines.append(f"    util.global.store %{p}v2, @v{layer} : {cache_t}")
        h = out
    lines.append(f"    return %{h} : tensor<{H}x{D}x{T}>\n  }}\n}}\n")
    return "\n".join(lines)


if __name__ == "__main__":  # pragma: no cover - regenerates the shipped example
    import sys

    print(decode_program(sys.argv[1] if len(sys.argv) > 1 else "seed"), end="")
