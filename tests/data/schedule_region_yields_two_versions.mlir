// An execution region that yields a value it made (%a, an iota) and, as a second result, the
// version an in-place fill made of it (%b). IR after iree-stream-schedule-execution/-concurrency,
// written by hand in the form the long campaign met after a schedule repair
// (tests/regressions/campaign-schedule-repair-yields-a-value-and-its-filled-version.json).
// The second region reads bytes [16, 28) of %a, which the fill of [28, 32) leaves alone, and all
// of %b. Right: [31683, 39602, 47521] and [7, 7926, 15845, 23764, 31683, 39602, 47521, 827].
// IREE 3.13's iree-stream-schedule-allocation gives %b a buffer of its own that nothing writes:
// plain compile reads [0, 0, 0, 0, 0, 0, 0, 0] for it. The schedule check reports the fill
// (two-versions-yielded); a capture and its later version are allocated right.
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
  util.func public @f(%arg0: index) -> (!hal.buffer_view, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %c28 = arith.constant 28 : index
    %c32 = arith.constant 32 : index
    %c7_i32 = arith.constant 7 : i32
    %c827_i32 = arith.constant 827 : i32
    %results:2, %tp = stream.async.execute with() -> (!stream.resource<transient>{%c32}, !stream.resource<transient>{%c32}) {
      %a = stream.async.dispatch @ex::@iota[%c8](%c8, %c7_i32) : (index, i32) -> !stream.resource<transient>{%c32}
      %b = stream.async.fill %c827_i32, %a[%c28 to %c32 for %c4] : i32 -> %a as !stream.resource<transient>{%c32}
      stream.yield %a, %b : !stream.resource<transient>{%c32}, !stream.resource<transient>{%c32}
    } => !stream.timepoint
    %r:2, %tp2 = stream.async.execute await(%tp) => with(%results#0 as %x: !stream.resource<transient>{%c32}, %results#1 as %y: !stream.resource<transient>{%c32}) -> (!stream.resource<external>{%c12}, !stream.resource<external>{%c32}) {
      %d1 = stream.async.dispatch @ex::@copy[%c3](%x[%c16 to %c28 for %c12], %c3) : (!stream.resource<transient>{%c32}, index) -> !stream.resource<external>{%c12}
      %d2 = stream.async.dispatch @ex::@copy[%c8](%y[%c0 to %c32 for %c32], %c8) : (!stream.resource<transient>{%c32}, index) -> !stream.resource<external>{%c32}
      stream.yield %d1, %d2 : !stream.resource<external>{%c12}, !stream.resource<external>{%c32}
    } => !stream.timepoint
    %w:2 = stream.timepoint.await %tp2 => %r#0, %r#1 : !stream.resource<external>{%c12}, !stream.resource<external>{%c32}
    %e1 = stream.tensor.export %w#0 : tensor<3xi32> in !stream.resource<external>{%c12} -> !hal.buffer_view
    %e2 = stream.tensor.export %w#1 : tensor<8xi32> in !stream.resource<external>{%c32} -> !hal.buffer_view
    util.return %e1, %e2 : !hal.buffer_view, !hal.buffer_view
  }
}
