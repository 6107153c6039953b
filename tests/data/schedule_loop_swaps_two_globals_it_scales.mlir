// Two globals swapped as a loop's iteration arguments every turn (review 58's s07): the body scales
// %a in place, which holds @g0's buffer on turns 1 and 3 and @g1's on turn 2. IREE 3.13's schedule
// leaves the slices %v1 (of @g0's load) and %w1 (of @g1's) unordered with the loop, and both read
// scaled bytes (stock: result 2 ends 4356791, 4388467 where 1089197, 1097116 is right). The check
// pairs each slice with the body's write of the init the argument may hold; the repair starts the
// loop from a fresh copy of each, one round each.
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @iota workgroups(%arg0: index) -> (index, index, index) {
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
  util.global private mutable @g0 : !stream.resource<variable>
  util.global private mutable @g1 : !stream.resource<variable>
  util.initializer {
    %c18 = arith.constant 18 : index
    %c72 = arith.constant 72 : index
    %b0 = arith.constant 1010007 : i32
    %g0 = stream.async.dispatch @ex::@iota[%c18](%c18, %b0) : (index, i32) -> !stream.resource<variable>{%c72}
    util.global.store %g0, @g0 : !stream.resource<variable>
    %b1 = arith.constant 1020014 : i32
    %g1 = stream.async.dispatch @ex::@iota[%c18](%c18, %b1) : (index, i32) -> !stream.resource<variable>{%c72}
    util.global.store %g1, @g1 : !stream.resource<variable>
    util.return
  }
  util.func public @p0(%step: index) -> (!hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k6 = arith.constant 6 : index
    %k9 = arith.constant 9 : index
    %k11 = arith.constant 11 : index
    %k18 = arith.constant 18 : index
    %k24 = arith.constant 24 : index
    %k36 = arith.constant 36 : index
    %k40 = arith.constant 40 : index
    %k44 = arith.constant 44 : index
    %k48 = arith.constant 48 : index
    %k64 = arith.constant 64 : index
    %k72 = arith.constant 72 : index
    %v0 = util.global.load @g0 : !stream.resource<variable>
    %w0 = util.global.load @g1 : !stream.resource<variable>
    %v1 = stream.async.slice %v0[%k4 to %k48] : !stream.resource<variable>{%k72} -> !stream.resource<variable>{%k44}
    %w1 = stream.async.slice %w0[%k36 to %k72] : !stream.resource<variable>{%k72} -> !stream.resource<variable>{%k36}
    %r:2 = scf.for %i = %k0 to %k3 step %k1 iter_args(%a = %v0, %b = %w0) -> (!stream.resource<variable>, !stream.resource<variable>) {
      %s = stream.async.dispatch @ex::@scale[%k6](%a[%k40 to %k64 for %k24], %k6) : (!stream.resource<variable>{%k72}, index) -> %a{%k72}
      scf.yield %b, %s : !stream.resource<variable>, !stream.resource<variable>
    }
    util.global.store %r#0, @g0 : !stream.resource<variable>
    util.global.store %r#1, @g1 : !stream.resource<variable>
    %o1_e = stream.async.dispatch @ex::@copy[%k18](%r#0[%k0 to %k72 for %k72], %k18) : (!stream.resource<variable>{%k72}, index) -> !stream.resource<external>{%k72}
    %o1 = stream.tensor.export %o1_e : tensor<18xi32> in !stream.resource<external>{%k72} -> !hal.buffer_view
    %o2_e = stream.async.dispatch @ex::@copy[%k18](%r#1[%k0 to %k72 for %k72], %k18) : (!stream.resource<variable>{%k72}, index) -> !stream.resource<external>{%k72}
    %o2 = stream.tensor.export %o2_e : tensor<18xi32> in !stream.resource<external>{%k72} -> !hal.buffer_view
    %o3_e = stream.async.dispatch @ex::@copy[%k11](%v1[%k0 to %k44 for %k44], %k11) : (!stream.resource<variable>{%k44}, index) -> !stream.resource<external>{%k44}
    %o3 = stream.tensor.export %o3_e : tensor<11xi32> in !stream.resource<external>{%k44} -> !hal.buffer_view
    %o4_e = stream.async.dispatch @ex::@copy[%k9](%w1[%k0 to %k36 for %k36], %k9) : (!stream.resource<variable>{%k36}, index) -> !stream.resource<external>{%k36}
    %o4 = stream.tensor.export %o4_e : tensor<9xi32> in !stream.resource<external>{%k36} -> !hal.buffer_view
    util.return %o1, %o2, %o3, %o4 : !hal.buffer_view, !hal.buffer_view, !hal.buffer_view, !hal.buffer_view
  }
}
