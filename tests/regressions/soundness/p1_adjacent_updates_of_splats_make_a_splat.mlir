// Adversarial review of the merge model (round 9), case h4_sched_fill_of_two_adjacent_splat_updates_over_dispatch. The reviewer's note: [RESULT: DIFFERENT stock [[32,32],[9,9,5,5]] elided [[36,36],[9,9,5,5]]] scheduled; t1 = update(splat5{8}, d0[0..8]), t = update(splat5{8}, t1[8..16]): each -> fill, CoalesceAdjacentFills -> fill d0[0..16] -> FlattenFullFillToSplat -> splat; f1 = fill 5 of t[0..8] elided; model: _may_be_splat(t) False (no update covers the whole target); IREE merges dA=copy(t), dB=copy(f1). expected out0=[32,32], out1=[9,9,5,5]
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
    %1 = stream.async.dispatch @ex::@iota[%c16](%c16, %c1010007_i32) : (index, i32) -> !stream.resource<variable>{%c64}
    util.global.store %1, @p0_g0 : !stream.resource<variable>
    util.return
  }
  util.func public @f(%n: index) -> (!hal.buffer_view, !hal.buffer_view) {
    %c9_i32 = arith.constant 9 : i32
    %c5_i32 = arith.constant 5 : i32
    %c5_i64 = arith.constant 5 : i64
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    %c8 = arith.constant 8 : index
    %c4 = arith.constant 4 : index
    %c2 = arith.constant 2 : index
    %c0 = arith.constant 0 : index
    %res:2, %tp = stream.async.execute with() -> (!stream.resource<external>{%c8}, !stream.resource<external>{%c16}) {
      %d0 = stream.async.dispatch @ex::@iota[%c4](%c4, %c9_i32) : (index, i32) -> !stream.resource<transient>{%c16}
      %sp = stream.async.splat %c5_i32 : i32 -> !stream.resource<transient>{%c8}
      %t1 = stream.async.update %sp, %d0[%c0 to %c8] : !stream.resource<transient>{%c8} -> %d0 as !stream.resource<transient>{%c16}
      %t = stream.async.update %sp, %t1[%c8 to %c16] : !stream.resource<transient>{%c8} -> %t1 as !stream.resource<transient>{%c16}
      %dA = stream.async.dispatch @ex::@copy[%c4](%t[%c0 to %c16 for %c16], %c4) : (!stream.resource<transient>{%c16}, index) -> !stream.resource<transient>{%c16}
      %f1 = stream.async.fill %c5_i32, %t[%c0 to %c8 for %c8] : i32 -> %t as !stream.resource<transient>{%c16}
      %dB = stream.async.dispatch @ex::@copy[%c4](%f1[%c0 to %c16 for %c16], %c4) : (!stream.resource<transient>{%c16}, index) -> !stream.resource<transient>{%c16}
      %s = stream.async.slice %dB[%c0 to %c8] : !stream.resource<transient>{%c16} -> !stream.resource<transient>{%c8}
      %f = stream.async.fill %c9_i32, %dA[%c0 to %c8 for %c8] : i32 -> %dA as !stream.resource<transient>{%c16}
      %c = stream.async.dispatch @ex::@mix[%c2](%s[%c0 to %c8 for %c8], %f[%c0 to %c8 for %c8], %c2) : (!stream.resource<transient>{%c8}, !stream.resource<transient>{%c16}, index) -> !stream.resource<external>{%c8}
      %e = stream.async.dispatch @ex::@copy[%c4](%f[%c0 to %c16 for %c16], %c4) : (!stream.resource<transient>{%c16}, index) -> !stream.resource<external>{%c16}
      stream.yield %c, %e : !stream.resource<external>{%c8}, !stream.resource<external>{%c16}
    } => !stream.timepoint
    %o:2 = stream.timepoint.await %tp => %res#0, %res#1 : !stream.resource<external>{%c8}, !stream.resource<external>{%c16}
    %1 = stream.tensor.export %o#0 : tensor<2xi32> in !stream.resource<external>{%c8} -> !hal.buffer_view
    %2 = stream.tensor.export %o#1 : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    util.return %1, %2 : !hal.buffer_view, !hal.buffer_view
  }
}
