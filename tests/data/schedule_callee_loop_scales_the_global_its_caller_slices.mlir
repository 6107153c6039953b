// A never-inlined callee hands its argument to a loop whose body scales it in place; the caller
// passes @g0's load and slices it before the call (review 58's s08). IREE 3.13 lets the slice's
// bytes be read after the scale (stock: the slice ends 4356791, 4388467 where 1089197, 1097116
// is right). `check` reports what `compile` repairs: the loop's write of the buffer it is handed
// (before, entered at the splice, check could not decide the call's write and exited 4).
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
  util.initializer {
    %c18 = arith.constant 18 : index
    %c72 = arith.constant 72 : index
    %b0 = arith.constant 1010007 : i32
    %g0 = stream.async.dispatch @ex::@iota[%c18](%c18, %b0) : (index, i32) -> !stream.resource<variable>{%c72}
    util.global.store %g0, @g0 : !stream.resource<variable>
    util.return
  }
  util.func private @c(%arg: !stream.resource<variable>, %n: index) -> !stream.resource<variable> attributes {inline_policy = #util.inline.never} {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %k12 = arith.constant 12 : index
    %k13 = arith.constant 13 : index
    %k14 = arith.constant 14 : index
    %k15 = arith.constant 15 : index
    %k16 = arith.constant 16 : index
    %k17 = arith.constant 17 : index
    %k18 = arith.constant 18 : index
    %k20 = arith.constant 20 : index
    %k24 = arith.constant 24 : index
    %k28 = arith.constant 28 : index
    %k32 = arith.constant 32 : index
    %k36 = arith.constant 36 : index
    %k40 = arith.constant 40 : index
    %k44 = arith.constant 44 : index
    %k48 = arith.constant 48 : index
    %k52 = arith.constant 52 : index
    %k56 = arith.constant 56 : index
    %k60 = arith.constant 60 : index
    %k64 = arith.constant 64 : index
    %k68 = arith.constant 68 : index
    %k72 = arith.constant 72 : index
    %k76 = arith.constant 76 : index
    %r = scf.for %i = %k0 to %n step %k1 iter_args(%a = %arg) -> (!stream.resource<variable>) {
      %s = stream.async.dispatch @ex::@scale[%k6](%a[%k40 to %k64 for %k24], %k6) : (!stream.resource<variable>{%k72}, index) -> %a{%k72}
      scf.yield %s : !stream.resource<variable>
    }
    util.return %r : !stream.resource<variable>
  }
  util.func public @p0(%step: index) -> (!hal.buffer_view, !hal.buffer_view) {
    %k0 = arith.constant 0 : index
    %k1 = arith.constant 1 : index
    %k2 = arith.constant 2 : index
    %k3 = arith.constant 3 : index
    %k4 = arith.constant 4 : index
    %k5 = arith.constant 5 : index
    %k6 = arith.constant 6 : index
    %k7 = arith.constant 7 : index
    %k8 = arith.constant 8 : index
    %k9 = arith.constant 9 : index
    %k10 = arith.constant 10 : index
    %k11 = arith.constant 11 : index
    %k12 = arith.constant 12 : index
    %k13 = arith.constant 13 : index
    %k14 = arith.constant 14 : index
    %k15 = arith.constant 15 : index
    %k16 = arith.constant 16 : index
    %k17 = arith.constant 17 : index
    %k18 = arith.constant 18 : index
    %k20 = arith.constant 20 : index
    %k24 = arith.constant 24 : index
    %k28 = arith.constant 28 : index
    %k32 = arith.constant 32 : index
    %k36 = arith.constant 36 : index
    %k40 = arith.constant 40 : index
    %k44 = arith.constant 44 : index
    %k48 = arith.constant 48 : index
    %k52 = arith.constant 52 : index
    %k56 = arith.constant 56 : index
    %k60 = arith.constant 60 : index
    %k64 = arith.constant 64 : index
    %k68 = arith.constant 68 : index
    %k72 = arith.constant 72 : index
    %k76 = arith.constant 76 : index
    %v0 = util.global.load @g0 : !stream.resource<variable>
    %v1 = stream.async.slice %v0[%k4 to %k48] : !stream.resource<variable>{%k72} -> !stream.resource<variable>{%k44}
    %r = util.call @c(%v0, %k2) : (!stream.resource<variable>, index) -> !stream.resource<variable>
    util.global.store %r, @g0 : !stream.resource<variable>
    %o1_e = stream.async.dispatch @ex::@copy[%k18](%r[%k0 to %k72 for %k72], %k18) : (!stream.resource<variable>{%k72}, index) -> !stream.resource<external>{%k72}
    %o1 = stream.tensor.export %o1_e : tensor<18xi32> in !stream.resource<external>{%k72} -> !hal.buffer_view
    %o2_e = stream.async.dispatch @ex::@copy[%k11](%v1[%k0 to %k44 for %k44], %k11) : (!stream.resource<variable>{%k44}, index) -> !stream.resource<external>{%k44}
    %o2 = stream.tensor.export %o2_e : tensor<11xi32> in !stream.resource<external>{%k44} -> !hal.buffer_view
    util.return %o1, %o2 : !hal.buffer_view, !hal.buffer_view
  }
}
