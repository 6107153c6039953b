// A concurrent region yields one iota twice; the next region captures both results, and the
// rewrite folds an alias into a mix that reads one of them: IREE drops the duplicate result and
// capture, and the folded mix equals the other one (review of the scheduled fold-twin rule, a7).
#executable_target_embedded_elf_x86_64 = #hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">
#map = affine_map<(d0) -> (d0)>
#device_target_local = #hal.device.target<"local", [#executable_target_embedded_elf_x86_64]> : !hal.device
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #device_target_local
  stream.executable private @ex {
    stream.executable.export public @iota workgroups(%arg0: index) -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice(%arg0)
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @mix workgroups(%arg0: index) -> (index, index, index) {
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
      func.func @mix(%arg0: !stream.binding, %arg1: !stream.binding, %arg2: index, %arg3: !stream.binding) {
        %c0 = arith.constant 0 : index
        %c3_i32 = arith.constant 3 : i32
        %0 = iree_tensor_ext.dispatch.workload.ordinal %arg2, 0 : index
        %1 = stream.binding.subspan %arg0[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0}
        %2 = stream.binding.subspan %arg1[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0}
        %3 = stream.binding.subspan %arg3[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%0}
        %4 = iree_tensor_ext.dispatch.tensor.load %1, offsets = [0], sizes = [%0], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0} -> tensor<?xi32>
        %5 = iree_tensor_ext.dispatch.tensor.load %2, offsets = [0], sizes = [%0], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%0} -> tensor<?xi32>
        %6 = tensor.empty(%0) : tensor<?xi32>
        %7 = linalg.generic {indexing_maps = [#map, #map, #map], iterator_types = ["parallel"]} ins(%4, %5 : tensor<?xi32>, tensor<?xi32>) outs(%6 : tensor<?xi32>) {
        ^bb0(%in: i32, %in_0: i32, %out: i32):
          %8 = arith.muli %in_0, %c3_i32 : i32
          %9 = arith.addi %in, %8 : i32
          linalg.yield %9 : i32
        } -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %7, %3, offsets = [0], sizes = [%0], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%0}
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
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1010007_i32 = arith.constant 1010007 : i32
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<variable>{%c64} {
      %1 = stream.async.dispatch @ex::@iota[%c16](%c16, %c1010007_i32) : (index, i32) -> !stream.resource<variable>{%c64}
      stream.yield %1 : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<variable>{%c64}
    util.global.store %0, @p0_g0 : !stream.resource<variable>
    util.return
  }
  util.func public @p0(%arg0: index) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
    %c9_i32 = arith.constant 9 : i32
    %c77007_i32 = arith.constant 77007 : i32
    %c64 = arith.constant 64 : index
    %c32 = arith.constant 32 : index
    %c24 = arith.constant 24 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c0 = arith.constant 0 : index
    %p0_g0 = util.global.load @p0_g0 : !stream.resource<variable>
    %results:3, %result_timepoint = stream.async.execute with(%p0_g0 as %arg1: !stream.resource<variable>{%c64}) -> (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c64}) {
      %4:3 = stream.async.concurrent with(%arg1 as %arg2: !stream.resource<variable>{%c64}) -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<variable>{%c32}) {
        %8 = stream.async.dispatch @ex::@iota[%c4](%c4, %c77007_i32) : (index, i32) -> !stream.resource<transient>{%c16}
        %10 = stream.async.slice %arg2[%c0 to %c32] : !stream.resource<variable>{%c64} -> !stream.resource<variable>{%c32}
        stream.yield %8, %8, %10 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}, !stream.resource<variable>{%c32}
      }
      %5:2 = stream.async.concurrent with(%arg1 as %arg2: !stream.resource<variable>{%c64}, %4#0 as %arg3: !stream.resource<transient>{%c16}, %4#2 as %arg4: !stream.resource<variable>{%c32}, %4#1 as %arg5: !stream.resource<transient>{%c16}) -> (!stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}) {
        %8 = stream.async.dispatch @ex::@mix[%c4](%arg2[%c8 to %c24 for %c16], %arg3[%c0 to %c16 for %c16], %c4) : (!stream.resource<variable>{%c64}, !stream.resource<transient>{%c16}, index) -> !stream.resource<transient>{%c16}
        %9 = stream.async.dispatch @ex::@mix[%c4](%arg4[%c8 to %c24 for %c16], %arg5[%c0 to %c16 for %c16], %c4) : (!stream.resource<variable>{%c32}, !stream.resource<transient>{%c16}, index) -> !stream.resource<transient>{%c16}
        stream.yield %8, %9 : !stream.resource<transient>{%c16}, !stream.resource<transient>{%c16}
      }
      %6 = stream.async.fill %c9_i32, %5#1[%c0 to %c8 for %c8] : i32 -> %5#1 as !stream.resource<transient>{%c16}
      %7:3 = stream.async.concurrent with(%5#0 as %arg2: !stream.resource<transient>{%c16}, %6 as %arg3: !stream.resource<transient>{%c16}, %arg1 as %arg4: !stream.resource<variable>{%c64}) -> (!stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c64}) {
        %8 = stream.async.dispatch @ex::@copy[%c4](%arg2[%c0 to %c16 for %c16], %c4) : (!stream.resource<transient>{%c16}, index) -> !stream.resource<external>{%c16}
        %9 = stream.async.dispatch @ex::@copy[%c4](%arg3[%c0 to %c16 for %c16], %c4) : (!stream.resource<transient>{%c16}, index) -> !stream.resource<external>{%c16}
        %10 = stream.async.dispatch @ex::@copy[%c16](%arg4[%c0 to %c64 for %c64], %c16) : (!stream.resource<variable>{%c64}, index) -> !stream.resource<external>{%c64}
        stream.yield %8, %9, %10 : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c64}
      }
      stream.yield %7#0, %7#1, %7#2 : !stream.resource<external>{%c16}, !stream.resource<external>{%c16}, !stream.resource<external>{%c64}
    } => !stream.timepoint
    %0:3 = stream.timepoint.await %result_timepoint => %results#2, %results#0, %results#1 : !stream.resource<external>{%c64}, !stream.resource<external>{%c16}, !stream.resource<external>{%c16}
    %1 = stream.tensor.export %0#0 : tensor<16xi32> in !stream.resource<external>{%c64} -> !hal.buffer_view
    %2 = stream.tensor.export %0#1 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %3 = stream.tensor.export %0#2 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %2, %3, %1 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
  }
}
