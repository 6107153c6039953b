// global_store_moved_past_its_reload.mlir with @p0's body a block of a cf loop that turns
// %turns times: IREE 3.13's schedule moves the store of %7 to @p0_g0 after the execution region
// as it does in a function of one block, past the call and the reload. The block has no order
// every execution of the function keeps, but every run of it runs its accesses in order: the
// guard compares them (global_order._reordered_in_one_block) and refuses.
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
  util.global private mutable @p0_g1 : !stream.resource<variable>
  util.initializer {
    %c9 = arith.constant 9 : index
    %c36 = arith.constant 36 : index
    %c1010007_i32 = arith.constant 1010007 : i32
    %0 = stream.async.dispatch @ex::@iota[%c9](%c9, %c1010007_i32) : (index, i32) -> !stream.resource<variable>{%c36}
    util.global.store %0, @p0_g0 : !stream.resource<variable>
    util.global.store %0, @p0_g1 : !stream.resource<variable>
    util.return
  }
  util.func private @p0_put_g1(%arg0: !stream.resource<variable>) {
    util.global.store %arg0, @p0_g1 : !stream.resource<variable>
    util.return
  }
  util.func public @p0(%arg0: index, %turns: index) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
    %k0 = arith.constant 0 : index
    cf.br ^loop(%k0 : index)
  ^loop(%k: index):
    %c9 = arith.constant 9 : index
    %c7 = arith.constant 7 : index
    %c5 = arith.constant 5 : index
    %c1623_i32 = arith.constant 1623 : i32
    %c0 = arith.constant 0 : index
    %c1433_i32 = arith.constant 1433 : i32
    %c8 = arith.constant 8 : index
    %c28 = arith.constant 28 : index
    %c32 = arith.constant 32 : index
    %c1039_i32 = arith.constant 1039 : i32
    %c4000 = arith.constant 4000 : index
    %c4012 = arith.constant 4012 : index
    %c20 = arith.constant 20 : index
    %c24 = arith.constant 24 : index
    %c4 = arith.constant 4 : index
    %c36 = arith.constant 36 : index
    %p0_g1 = util.global.load @p0_g1 : !stream.resource<variable>
    %p0_g0 = util.global.load @p0_g0 : !stream.resource<variable>
    %0 = arith.muli %arg0, %c4 : index
    %1 = arith.addi %0, %c4012 : index
    %2 = arith.remui %1, %c4000 : index
    %3 = arith.addi %2, %c4 : index
    %4 = stream.async.clone %p0_g0 : !stream.resource<variable>{%c36} -> !stream.resource<variable>{%c36}
    %5 = stream.async.fill %c1039_i32, %4[%2 to %3 for %c4] : i32 -> %4 as !stream.resource<variable>{%c36}
    %6 = stream.async.fill %c1433_i32, %5[%c28 to %c36 for %c8] : i32 -> %5 as !stream.resource<variable>{%c36}
    %7 = stream.async.fill %c1623_i32, %6[%c0 to %c8 for %c8] : i32 -> %6 as !stream.resource<variable>{%c36}
    util.global.store %7, @p0_g0 : !stream.resource<variable>
    %cz = arith.constant 0 : index
    %x8 = stream.async.dispatch @ex::@copy[%c9](%7[%cz to %c36 for %c36], %c9) : (!stream.resource<variable>{%c36}, index) -> !stream.resource<external>{%c36}
    util.call @p0_put_g1(%7) : (!stream.resource<variable>) -> ()
    %p0_g0_0 = util.global.load @p0_g0 : !stream.resource<variable>
    %8 = stream.async.dispatch @ex::@copy[%c5](%p0_g0[%c4 to %c24 for %c20], %c5) : (!stream.resource<variable>{%c36}, index) -> !stream.resource<external>{%c20}
    %9 = stream.tensor.export %8 : tensor<5xi32> in !stream.resource<external>{%c20} -> !hal.buffer_view
    %10 = stream.async.dispatch @ex::@copy[%c7](%p0_g1[%c4 to %c32 for %c28], %c7) : (!stream.resource<variable>{%c36}, index) -> !stream.resource<external>{%c28}
    %11 = stream.tensor.export %10 : tensor<7xi32> in !stream.resource<external>{%c28} -> !hal.buffer_view
    %12 = stream.async.dispatch @ex::@copy[%c9](%p0_g0_0[%c0 to %c36 for %c36], %c9) : (!stream.resource<variable>{%c36}, index) -> !stream.resource<external>{%c36}
    %13 = stream.tensor.export %12 : tensor<9xi32> in !stream.resource<external>{%c36} -> !hal.buffer_view
    %bx = stream.tensor.export %x8 : tensor<9xi32> in !stream.resource<external>{%c36} -> !hal.buffer_view
    %k1 = arith.constant 1 : index
    %kn = arith.addi %k, %k1 : index
    %more = arith.cmpi ult, %kn, %turns : index
    cf.cond_br %more, ^loop(%kn : index), ^done
  ^done:
    util.return %9, %11, %13, %bx : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
  }
}
