// A dispatch IREE's pre-splice stages gave one slice twice: its result is tied to the first binding and its kernel writes through the second (tests/regressions/campaign-schedule-repair-leaves-a-second-binding-of-the-written-value.json, at the splice).
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
  util.func public @p0(%arg0: index) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c1118_i32 = arith.constant 1118 : i32
    %c24 = arith.constant 24 : index
    %c20 = arith.constant 20 : index
    %c12 = arith.constant 12 : index
    %c2 = arith.constant 2 : index
    %c8 = arith.constant 8 : index
    %c28 = arith.constant 28 : index
    %c4 = arith.constant 4 : index
    %c7_i32 = arith.constant 7 : i32
    %c7 = arith.constant 7 : index
    %c1 = arith.constant 1 : index
    %0 = util.assume.int %arg0<umin = 0, umax = 3> : index
    %1 = arith.addi %0, %c7 : index
    %2 = arith.muli %0, %c4 : index
    %3 = arith.addi %2, %c28 : index
    %4 = stream.async.dispatch @ex::@iota[%1](%1, %c7_i32) : (index, i32) -> !stream.resource<transient>{%3}
    %5 = stream.async.dispatch @ex::@wsum[%c2](%4[%c0 to %c8 for %c8], %c2) : (!stream.resource<transient>{%3}, index) -> !stream.resource<transient>{%c4}
    %6 = arith.muli %0, %c4 overflow<nsw> : index
    %7 = arith.addi %6, %c20 : index
    %8 = arith.addi %6, %c24 : index
    %9 = stream.async.update %5, %4[%7 to %8] : !stream.resource<transient>{%c4} -> %4 as !stream.resource<transient>{%3}
    %10 = arith.addi %0, %c2 : index
    %11 = arith.muli %10, %c4 : index
    %12 = arith.addi %11, %c12 : index
    %13 = stream.async.slice %9[%c12 to %12] : !stream.resource<transient>{%3} -> !stream.resource<transient>{%11}
    %14 = arith.addi %2, %c20 : index
    %15 = arith.addi %2, %c24 : index
    %16 = stream.async.update %5, %9[%14 to %15] : !stream.resource<transient>{%c4} -> %9 as !stream.resource<transient>{%3}
    %17 = arith.addi %2, %c8 : index
    %18 = stream.async.dispatch @ex::@wsum[%10](%13[%c0 to %17 for %17], %10, %13[%c0 to %c4 for %c4]) : (!stream.resource<transient>{%11}, index, !stream.resource<transient>{%11}) -> %13{%11}
    %19 = stream.async.dispatch @ex::@wsum[%10](%13[%c0 to %17 for %17], %10) : (!stream.resource<transient>{%11}, index) -> !stream.resource<transient>{%c4}
    %20 = stream.async.dispatch @ex::@copy[%c1](%5[%c0 to %c4 for %c4], %c1) : (!stream.resource<transient>{%c4}, index) -> !stream.resource<external>{%c4}
    %21 = stream.tensor.export %20 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    %22 = stream.async.dispatch @ex::@copy[%1](%16[%c0 to %3 for %3], %1) : (!stream.resource<transient>{%3}, index) -> !stream.resource<external>{%3}
    %23 = stream.tensor.export %22 : tensor<?xi32>{%1} in !stream.resource<external>{%3} -> !hal.buffer_view
    %24 = stream.async.dispatch @ex::@copy[%c1](%19[%c0 to %c4 for %c4], %c1) : (!stream.resource<transient>{%c4}, index) -> !stream.resource<external>{%c4}
    %25 = stream.tensor.export %24 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    %26 = stream.async.dispatch @ex::@copy[%10](%18[%c0 to %11 for %11], %10) : (!stream.resource<transient>{%11}, index) -> !stream.resource<external>{%11}
    %27 = stream.tensor.export %26 : tensor<?xi32>{%10} in !stream.resource<external>{%11} -> !hal.buffer_view
    %28 = stream.async.splat %c1118_i32 : i32 -> !stream.resource<transient>{%c4}
    %29 = stream.async.dispatch @ex::@copy[%c1](%28[%c0 to %c4 for %c4], %c1) : (!stream.resource<transient>{%c4}, index) -> !stream.resource<external>{%c4}
    %30 = stream.tensor.export %29 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    util.return %21, %23, %25, %27, %30 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
  }
}
