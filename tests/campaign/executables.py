"""Executables of known meaning, in IREE 3.13 dispatch syntax, for generated programs.

Why a library of our own: the campaign compares compiled programs against a numpy interpreter,
so every dispatch a program makes must have a meaning the interpreter knows exactly. The bodies
are written the way IREE 3.13 prints them right before ``iree-stream-schedule-execution``
(``iree_tensor_ext.dispatch.tensor.load/store``, ``!iree_tensor_ext.dispatch.tensor<...>``,
``workgroup_count_from_slice``, a workload ordinal for the dynamic element count), so the rest
of the real pipeline (HAL interfaces, LLVM CPU codegen) compiles them like its own.

All data is ``i32`` with wrap-around arithmetic, so results are bit-exact in numpy. Element
counts are dynamic (``%n``, the workload), which lets a program pass ``step``-dependent ranges.

=========  ==========================================  =====================================
entry      operands -> results                         meaning (``n`` elements)
=========  ==========================================  =====================================
``iota``   ``(n, base: i32) -> out[n]`` (fresh)        ``out[i] = base + 7919 * i``
``wsum``   ``(in[n], n) -> out[1]`` (fresh)            ``out[0] = sum_i in[i] * (i + 1)``
``scale``  ``(io[n], n) -> io`` (tied, in place)       ``io[i] = 2 * io[i] + 1``
``mix``    ``(a[n], b[n], n) -> out[n]`` (fresh)       ``out[i] = a[i] + 3 * b[i]``
``copy``   ``(in[n], n) -> out[n]`` (fresh)            ``out[i] = in[i]``
=========  ==========================================  =====================================

``copy`` is how programs export their results: a dispatch is a plain read for the analysis
and for IREE, whereas a ``stream.async.clone`` may be folded away after the splice (which the
safety rule therefore treats as an alias, not a read).

``wsum`` weights by position so that a read of the wrong bytes (shifted, stale, reordered)
changes the result; a plain sum would miss permutations.
"""

from __future__ import annotations

import numpy as np

#: Symbol of the shipped executable; entry points are ``@ex::@iota`` etc.
EXECUTABLE = "ex"

IOTA_STRIDE = 7919

_EXPORT = """    stream.executable.export public @{name} workgroups(%arg0: index) -> (index, index, index) {{
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }}
"""

_BODIES = """    builtin.module {
      func.func @iota(%n_in: index, %base: i32, %out: !stream.binding) {
        %c0 = arith.constant 0 : index
        %stride = arith.constant 7919 : i32
        %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
        %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
        %e = tensor.empty(%n) : tensor<?xi32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%e : tensor<?xi32>) {
        ^bb0(%unused: i32):
          %i = linalg.index 0 : index
          %ii = arith.index_cast %i : index to i32
          %m = arith.muli %ii, %stride : i32
          %v = arith.addi %m, %base : i32
          linalg.yield %v : i32
        } -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [%n], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
        return
      }
      func.func @wsum(%in: !stream.binding, %n_in: index, %out: !stream.binding) {
        %c0 = arith.constant 0 : index
        %c0_i32 = arith.constant 0 : i32
        %c1_i32 = arith.constant 1 : i32
        %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
        %ib = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
        %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
        %x = iree_tensor_ext.dispatch.tensor.load %ib, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
        %e = tensor.empty() : tensor<1xi32>
        %f = linalg.fill ins(%c0_i32 : i32) outs(%e : tensor<1xi32>) -> tensor<1xi32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (0)>], iterator_types = ["reduction"]} ins(%x : tensor<?xi32>) outs(%f : tensor<1xi32>) {
        ^bb0(%a: i32, %acc: i32):
          %i = linalg.index 0 : index
          %ii = arith.index_cast %i : index to i32
          %w = arith.addi %ii, %c1_i32 : i32
          %p = arith.muli %a, %w : i32
          %s = arith.addi %p, %acc : i32
          linalg.yield %s : i32
        } -> tensor<1xi32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
        return
      }
      func.func @scale(%io: !stream.binding, %n_in: index) {
        %c0 = arith.constant 0 : index
        %c1_i32 = arith.constant 1 : i32
        %c2_i32 = arith.constant 2 : i32
        %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
        %b = stream.binding.subspan %io[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xi32>>{%n}
        %x = iree_tensor_ext.dispatch.tensor.load %b, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xi32>>{%n} -> tensor<?xi32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} outs(%x : tensor<?xi32>) {
        ^bb0(%a: i32):
          %m = arith.muli %a, %c2_i32 : i32
          %s = arith.addi %m, %c1_i32 : i32
          linalg.yield %s : i32
        } -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %r, %b, offsets = [0], sizes = [%n], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xi32>>{%n}
        return
      }
      func.func @mix(%a_in: !stream.binding, %b_in: !stream.binding, %n_in: index, %out: !stream.binding) {
        %c0 = arith.constant 0 : index
        %c3_i32 = arith.constant 3 : i32
        %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
        %ab = stream.binding.subspan %a_in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
        %bb = stream.binding.subspan %b_in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
        %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
        %a = iree_tensor_ext.dispatch.tensor.load %ab, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
        %b = iree_tensor_ext.dispatch.tensor.load %bb, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
        %e = tensor.empty(%n) : tensor<?xi32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%e : tensor<?xi32>) {
        ^bb0(%x: i32, %y: i32, %unused: i32):
          %t = arith.muli %y, %c3_i32 : i32
          %s = arith.addi %x, %t : i32
          linalg.yield %s : i32
        } -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [%n], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
        return
      }
      func.func @copy(%in: !stream.binding, %n_in: index, %out: !stream.binding) {
        %c0 = arith.constant 0 : index
        %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
        %ib = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
        %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
        %x = iree_tensor_ext.dispatch.tensor.load %ib, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %x, %o, offsets = [0], sizes = [%n], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
        return
      }
    }
"""

ENTRY_POINTS = ("iota", "wsum", "scale", "mix", "copy")


def executable_text(entry_points: tuple[str, ...] = ENTRY_POINTS) -> str:
    """The ``stream.executable`` op (module-level text, two-space indented) with the given
    entry points (codegen of unused ones would cost compile time for nothing)."""
    exports = "".join(_EXPORT.format(name=name) for name in ENTRY_POINTS if name in entry_points)
    bodies = _BODIES
    for name in ENTRY_POINTS:
        if name not in entry_points:
            start = bodies.index(f"      func.func @{name}(")
            end = bodies.index("        return\n      }\n", start) + len("        return\n      }\n")
            bodies = bodies[:start] + bodies[end:]
    return f"  stream.executable private @{EXECUTABLE} {{\n{exports}{bodies}  }}\n"


# -- meaning, for the interpreter -------------------------------------------------------------


def wrap_i32(values: np.ndarray) -> np.ndarray:
    """Two's complement wrap of int64 arithmetic to i32 (what the compiled code does)."""
    return ((np.asarray(values, dtype=np.int64) + (1 << 31)) % (1 << 32) - (1 << 31)).astype(np.int32)


def iota(n: int, base: int) -> np.ndarray:
    return wrap_i32(base + IOTA_STRIDE * np.arange(n, dtype=np.int64))


def wsum(x: np.ndarray) -> np.ndarray:
    weights = np.arange(1, len(x) + 1, dtype=np.int64)
    return wrap_i32(np.array([int(np.sum(x.astype(np.int64) * weights))]))


def scale(x: np.ndarray) -> np.ndarray:
    return wrap_i32(2 * x.astype(np.int64) + 1)


def mix(a: np.ndarray, b: np.ndarray) -> np.ndarray:
    return wrap_i32(a.astype(np.int64) + 3 * b.astype(np.int64))
