// @f sums @g, stores a fresh iota of base %step to @g, then (step != 1) an scf.if arm loads @g and sums it; the
// other arm sums the iota itself. Value semantics: step 0 gives [10905840, 10769840], step 1
// [10769840, 10769976], step 2 [10769976, 10770112]. IREE 3.13 moves the store below the branch
// (iree-util-simplify-global-accesses does not look into ops with regions), so the arm reads @g's
// old buffer: stock computes 10905840 at step 0 and 10769976 at step 2. The schedule guard's global-order
// check sees the store moved past the load: the compile refuses.
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
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
  util.global private mutable @g : !stream.resource<variable>
  util.initializer {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c9_i32 = arith.constant 9 : i32
    %b1000 = arith.constant 1000 : i32
    %b2000 = arith.constant 2000 : i32
    %b5000 = arith.constant 5000 : i32
    %i0 = stream.async.dispatch @ex::@iota[%c16](%c16, %b1000) : (index, i32) -> !stream.resource<variable>{%c64}
    util.global.store %i0, @g : !stream.resource<variable>
    util.return
  }
  util.func public @f(%step: index) -> (!hal.buffer_view, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c48 = arith.constant 48 : index
    %c64 = arith.constant 64 : index
    %c9_i32 = arith.constant 9 : i32
    %b1000 = arith.constant 1000 : i32
    %b2000 = arith.constant 2000 : i32
    %b5000 = arith.constant 5000 : i32
    %base = arith.index_cast %step : index to i32
    %g0 = util.global.load @g : !stream.resource<variable>
    %ws_0 = stream.async.dispatch @ex::@wsum[%c16](%g0[%c0 to %c64 for %c64], %c16) : (!stream.resource<variable>{%c64}, index) -> !stream.resource<transient>{%c4}
    %we_0 = stream.async.dispatch @ex::@copy[%c1](%ws_0[%c0 to %c4 for %c4], %c1) : (!stream.resource<transient>{%c4}, index) -> !stream.resource<external>{%c4}
    %bv_0 = stream.tensor.export %we_0 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    %cond = arith.cmpi ne, %step, %c1 : index
    %hn = stream.async.dispatch @ex::@iota[%c16](%c16, %base) : (index, i32) -> !stream.resource<variable>{%c64}
    util.global.store %hn, @g : !stream.resource<variable>
    %ws_1 = scf.if %cond -> !stream.resource<transient> {
      %g1 = util.global.load @g : !stream.resource<variable>
      %w = stream.async.dispatch @ex::@wsum[%c16](%g1[%c0 to %c64 for %c64], %c16) : (!stream.resource<variable>{%c64}, index) -> !stream.resource<transient>{%c4}
      scf.yield %w : !stream.resource<transient>
    } else {
      %w = stream.async.dispatch @ex::@wsum[%c16](%hn[%c0 to %c64 for %c64], %c16) : (!stream.resource<variable>{%c64}, index) -> !stream.resource<transient>{%c4}
      scf.yield %w : !stream.resource<transient>
    }
    %we_1 = stream.async.dispatch @ex::@copy[%c1](%ws_1[%c0 to %c4 for %c4], %c1) : (!stream.resource<transient>{%c4}, index) -> !stream.resource<external>{%c4}
    %bv_1 = stream.tensor.export %we_1 : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    util.return %bv_0, %bv_1 : !hal.buffer_view, !hal.buffer_view
  }
}
