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
  util.global private mutable @g : !stream.resource<variable>
  util.initializer {
    %c16 = arith.constant 16 : index
    %c64 = arith.constant 64 : index
    %c1000_i32 = arith.constant 1000 : i32
    %results, %result_timepoint = stream.async.execute with() -> !stream.resource<variable>{%c64} {
      %1 = stream.async.dispatch @ex::@iota[%c16](%c16, %c1000_i32) : (index, i32) -> !stream.resource<variable>{%c64}
      stream.yield %1 : !stream.resource<variable>{%c64}
    } => !stream.timepoint
    %0 = stream.timepoint.await %result_timepoint => %results : !stream.resource<variable>{%c64}
    util.global.store %0, @g : !stream.resource<variable>
    util.return
  }
  // FINDING (minimal): an execute result tied to the captured global (-> %g{%c64}) whose
  // yield is a fresh dispatch result: IREE's allocation writes that dispatch straight into the
  // global's buffer. The model sees no write to the storage; the slice is aliased and the
  // dispatch reading it sees the overwritten bytes.
  util.func public @m(%arg0: index) -> (!hal.buffer_view, !hal.buffer_view) {
    %c55_i32 = arith.constant 55 : i32
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c16 = arith.constant 16 : index
    %g = util.global.load @g : !stream.resource<variable>
    %n = arith.addi %arg0, %c1 : index
    %len = arith.muli %n, %c4 : index
    %r:2, %tp = stream.async.execute with(%g as %cg: !stream.resource<variable>{%c64}) -> (%g{%c64}, !stream.resource<external>{%c4}) {
      %s = stream.async.slice %cg[%c0 to %len] : !stream.resource<variable>{%c64} -> !stream.resource<variable>{%len}
      %f = stream.async.dispatch @ex::@iota[%c16](%c16, %c55_i32) : (index, i32) -> !stream.resource<variable>{%c64}
      %d = stream.async.dispatch @ex::@wsum[%n](%s[%c0 to %len for %len], %n) : (!stream.resource<variable>{%len}, index) -> !stream.resource<external>{%c4}
      stream.yield %f, %d : !stream.resource<variable>{%c64}, !stream.resource<external>{%c4}
    } => !stream.timepoint
    %w:2 = stream.timepoint.await %tp => %r#0, %r#1 : !stream.resource<variable>{%c64}, !stream.resource<external>{%c4}
    util.global.store %w#0, @g : !stream.resource<variable>
    %b1 = stream.tensor.export %w#1 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    %e:2 = stream.async.execute with(%w#0 as %a1: !stream.resource<variable>{%c64}) -> !stream.resource<external>{%c64} {
      %x = stream.async.dispatch @ex::@copy[%c16](%a1[%c0 to %c64 for %c64], %c16) : (!stream.resource<variable>{%c64}, index) -> !stream.resource<external>{%c64}
      stream.yield %x : !stream.resource<external>{%c64}
    } => !stream.timepoint
    %ew = stream.timepoint.await %e#1 => %e#0 : !stream.resource<external>{%c64}
    %b2 = stream.tensor.export %ew : tensor<16xi32> in !stream.resource<external>{%c64} -> !hal.buffer_view
    util.return %b1, %b2 : !hal.buffer_view, !hal.buffer_view
  }
}
