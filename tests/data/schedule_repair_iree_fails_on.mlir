// Stream seed 7072 at the splice: @p0 hands @p0_g0 to a public callee that reads it and to a
// forwarded callee (@p0_c1 calls @p0_c1_b) that scales it in place. The schedule check cannot
// decide the public callee's read; its repair (a copy in @p0_c1_b) is a module IREE 3.13's IPO
// fails on ("operation's operand is unlinked"). tests/e2e/test_schedule_guard.py.
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#map = affine_map<(d0) -> (d0)>
#map1 = affine_map<(d0) -> (0)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  stream.executable private @ex {
    stream.executable.export public @iota workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @wsum workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @scale workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @copy workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @iota(%arg0: index, %arg1: i32, %arg2: !stream.binding) {
        %c0 = arith.constant 0 : index
        %c7919_i32 = arith.constant 7919 : i32
        %0 = iree_tensor_ext.dispatch.workload.ordinal %arg0, 0 : index
        %1 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%0}
        %2 = tensor.empty(%0) : tensor<?xi32>
        %3 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%2 : tensor<?xi32>) {
        ^bb0(%out: i32):
          %4 = linalg.index 0 : index
          %5 = arith.index_cast %4 : index to i32
          %6 = arith.muli %5, %c7919_i32 : i32
          %7 = arith.addi %6, %arg1 : i32
          linalg.yield %7 : i32
        } -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %3, %1, offsets = [0], sizes = [%0], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%0}
        return
      }
      func.func @wsum(%arg0: !stream.binding, %arg1: index, %arg2: !stream.binding) {
        %c0 = arith.constant 0 : index
        %c0_i32 = arith.constant 0 : i32
        %c1_i32 = arith.constant 1 : i32
        %0 = iree_tensor_ext.dispatch.workload.ordinal %arg1, 0 : index
        %1 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0}
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
        %3 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [%0], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0} -> tensor<?xi32>
        %4 = tensor.empty() : tensor<1xi32>
        %5 = linalg.fill ins(%c0_i32 : i32) outs(%4 : tensor<1xi32>) -> tensor<1xi32>
        %6 = linalg.generic {indexing_maps = [#map, #map1], iterator_types = ["reduction"]} ins(%3 : tensor<?xi32>) outs(%5 : tensor<1xi32>) {
        ^bb0(%in: i32, %out: i32):
          %7 = linalg.index 0 : index
          %8 = arith.index_cast %7 : index to i32
          %9 = arith.addi %8, %c1_i32 : i32
          %10 = arith.muli %in, %9 : i32
          %11 = arith.addi %10, %out : i32
          linalg.yield %11 : i32
        } -> tensor<1xi32>
        iree_tensor_ext.dispatch.tensor.store %6, %2, offsets = [0], sizes = [1], strides = [1] : tensor<1xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
        return
      }
      func.func @scale(%arg0: !stream.binding, %arg1: index) {
        %c0 = arith.constant 0 : index
        %c1_i32 = arith.constant 1 : i32
        %c2_i32 = arith.constant 2 : i32
        %0 = iree_tensor_ext.dispatch.workload.ordinal %arg1, 0 : index
        %1 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xi32>>{%0}
        %2 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [%0], strides = [1] : !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xi32>>{%0} -> tensor<?xi32>
        %3 = linalg.generic {indexing_maps = [#map], iterator_types = ["parallel"]} outs(%2 : tensor<?xi32>) {
        ^bb0(%out: i32):
          %4 = arith.muli %out, %c2_i32 : i32
          %5 = arith.addi %4, %c1_i32 : i32
          linalg.yield %5 : i32
        } -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %3, %1, offsets = [0], sizes = [%0], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<readwrite:tensor<?xi32>>{%0}
        return
      }
      func.func @copy(%arg0: !stream.binding, %arg1: index, %arg2: !stream.binding) {
        %c0 = arith.constant 0 : index
        %0 = iree_tensor_ext.dispatch.workload.ordinal %arg1, 0 : index
        %1 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0}
        %2 = stream.binding.subspan %arg2[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%0}
        %3 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [%0], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0} -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %3, %2, offsets = [0], sizes = [%0], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%0}
        return
      }
    }
  }
  util.global private mutable @p0_g0 : !stream.resource<variable>
  util.initializer {
    %c19 = arith.constant 19 : index
    %c76 = arith.constant 76 : index
    %c1010007_i32 = arith.constant 1010007 : i32
    %0 = stream.async.dispatch @ex::@iota[%c19](%c19, %c1010007_i32) : (index, i32) -> !stream.resource<variable>{%c76}
    util.global.store %0, @p0_g0 : !stream.resource<variable>
    util.return
  }
  util.func public @p0_c0(%arg0: !stream.resource<variable>, %arg1: index, %arg2: index) -> !stream.resource<transient> {
    %c36 = arith.constant 36 : index
    %c48 = arith.constant 48 : index
    %c12 = arith.constant 12 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %0 = stream.async.dispatch @ex::@wsum[%c3](%arg0[%c36 to %c48 for %c12], %c3) : (!stream.resource<variable>{%arg1}, index) -> !stream.resource<transient>{%c4}
    util.return %0 : !stream.resource<transient>
  }
  util.func private @p0_c1_b(%arg0: !stream.resource<variable>, %arg1: index, %arg2: index) -> (!stream.resource<variable>, !stream.resource<transient>) {
    %c16 = arith.constant 16 : index
    %c60 = arith.constant 60 : index
    %c44 = arith.constant 44 : index
    %c11 = arith.constant 11 : index
    %c4 = arith.constant 4 : index
    %0 = stream.async.dispatch @ex::@wsum[%c11](%arg0[%c16 to %c60 for %c44], %c11) : (!stream.resource<variable>{%arg1}, index) -> !stream.resource<transient>{%c4}
    %c0 = arith.constant 0 : index
    %c36 = arith.constant 36 : index
    %c9 = arith.constant 9 : index
    %1 = stream.async.dispatch @ex::@scale[%c9](%arg0[%c0 to %c36 for %c36], %c9) : (!stream.resource<variable>{%arg1}, index) -> %arg0{%arg1}
    util.return %1, %0 : !stream.resource<variable>, !stream.resource<transient>
  }
  util.func private @p0_c1(%arg0: !stream.resource<variable>, %arg1: index, %arg2: index) -> (!stream.resource<variable>, !stream.resource<transient>) {
    %0:2 = util.call @p0_c1_b(%arg0, %arg1, %arg2) : (!stream.resource<variable>, index, index) -> (!stream.resource<variable>, !stream.resource<transient>)
    util.return %0#0, %0#1 : !stream.resource<variable>, !stream.resource<transient>
  }
  util.func public @p0(%arg0: index) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
    %p0_g0 = util.global.load @p0_g0 : !stream.resource<variable>
    %c76 = arith.constant 76 : index
    %0 = util.call @p0_c0(%p0_g0, %c76, %arg0) : (!stream.resource<variable>, index, index) -> !stream.resource<transient>
    %1:2 = util.call @p0_c1(%p0_g0, %c76, %arg0) : (!stream.resource<variable>, index, index) -> (!stream.resource<variable>, !stream.resource<transient>)
    util.global.store %1#0, @p0_g0 : !stream.resource<variable>
    %c4 = arith.constant 4 : index
    %c1 = arith.constant 1 : index
    %c0 = arith.constant 0 : index
    %2 = stream.async.dispatch @ex::@copy[%c1](%0[%c0 to %c4 for %c4], %c1) : (!stream.resource<transient>{%c4}, index) -> !stream.resource<external>{%c4}
    %3 = stream.tensor.export %2 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    %c19 = arith.constant 19 : index
    %4 = stream.async.dispatch @ex::@copy[%c19](%1#0[%c0 to %c76 for %c76], %c19) : (!stream.resource<variable>{%c76}, index) -> !stream.resource<external>{%c76}
    %5 = stream.tensor.export %4 : tensor<19xi32> in !stream.resource<external>{%c76} -> !hal.buffer_view
    %6 = stream.async.dispatch @ex::@copy[%c1](%1#1[%c0 to %c4 for %c4], %c1) : (!stream.resource<transient>{%c4}, index) -> !stream.resource<external>{%c4}
    %7 = stream.tensor.export %6 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    util.return %3, %5, %7 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
  }
}
