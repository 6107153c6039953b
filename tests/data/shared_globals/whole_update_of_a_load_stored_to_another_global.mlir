// @p0 updates @g0's buffer %v0 with all of @g1's %v1 (its end spelled one element short: IREE
// writes the whole update, so %v3 is %v1's bytes) and stores %v3 to @g0, %v1 to @g1. The model
// sees the two globals share %v1's buffer; the repair gives @g0 its own copy, and since %v3 is
// written in place from @g0's buffer, it makes the update write a copy of %v0: then nothing
// writes @g0's buffer while the slice %v2 of it is read, and the slice is an alias.
// (The campaign's seed 6060: tests/regressions/campaign-audit-blind-to-a-shared-globals-copy-of-an-update-target.json.)
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @iota workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @copy workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
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
  }
  util.global private mutable @p0_g0 : !stream.resource<variable>
  util.global private mutable @p0_g1 : !stream.resource<variable>
  util.initializer {
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %c1010007_i32 = arith.constant 1010007 : i32
    %g1 = stream.async.dispatch @ex::@iota[%c8](%c8, %c1010007_i32) : (index, i32) -> !stream.resource<variable>{%c32}
    util.global.store %g1, @p0_g0 : !stream.resource<variable>
    %c1020014_i32 = arith.constant 1020014 : i32
    %g2 = stream.async.dispatch @ex::@iota[%c8](%c8, %c1020014_i32) : (index, i32) -> !stream.resource<variable>{%c32}
    util.global.store %g2, @p0_g1 : !stream.resource<variable>
    util.return
  }
  util.func public @p0(%step: index) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
    %v0 = util.global.load @p0_g0 : !stream.resource<variable>
    %v1 = util.global.load @p0_g1 : !stream.resource<variable>
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c8 = arith.constant 8 : index
    %c32 = arith.constant 32 : index
    %v2 = stream.async.slice %v0[%c4 to %c12] : !stream.resource<variable>{%c32} -> !stream.resource<variable>{%c8}
    %c0 = arith.constant 0 : index
    %c28 = arith.constant 28 : index
    %t1 = arith.addi %c0, %c28 : index
    %v3 = stream.async.update %v1, %v0[%c0 to %t1] : !stream.resource<variable>{%c32} -> %v0 as !stream.resource<variable>{%c32}
    util.global.store %v3, @p0_g0 : !stream.resource<variable>
    util.global.store %v1, @p0_g1 : !stream.resource<variable>
    %e2 = stream.async.dispatch @ex::@copy[%c8](%v1[%c0 to %c32 for %c32], %c8) : (!stream.resource<variable>{%c32}, index) -> !stream.resource<external>{%c32}
    %bv3 = stream.tensor.export %e2 : tensor<8xi32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    %c2 = arith.constant 2 : index
    %e4 = stream.async.dispatch @ex::@copy[%c2](%v2[%c0 to %c8 for %c8], %c2) : (!stream.resource<variable>{%c8}, index) -> !stream.resource<external>{%c8}
    %bv5 = stream.tensor.export %e4 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
    %e6 = stream.async.dispatch @ex::@copy[%c8](%v3[%c0 to %c32 for %c32], %c8) : (!stream.resource<variable>{%c32}, index) -> !stream.resource<external>{%c32}
    %bv7 = stream.tensor.export %e6 : tensor<8xi32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    util.return %bv3, %bv5, %bv7 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
  }
}
