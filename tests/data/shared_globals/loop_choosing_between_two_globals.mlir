// A loop choosing between two globals' buffers: it carries @A's buffer and each turn yields @C's (double buffering written as a loop): @f(0) reads @A, @f(1) @C. Neither global is given the other's buffer, though the loop makes the two loads one buffer by construction (storage._only_loaded).
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
    stream.executable.export public @wsum2 workgroups(%arg0: index) -> (index, index, index) {
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
      func.func @wsum2(%in: !stream.binding, %dep: !stream.binding, %n_in: index, %out: !stream.binding) {
        %c0 = arith.constant 0 : index
        %c0_i32 = arith.constant 0 : i32
        %c1_i32 = arith.constant 1 : i32
        %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
        %ib = stream.binding.subspan %in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
        %db = stream.binding.subspan %dep[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<1xi32>>
        %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<1xi32>>
        %x = iree_tensor_ext.dispatch.tensor.load %ib, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
        %d = iree_tensor_ext.dispatch.tensor.load %db, offsets = [0], sizes = [1], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<1xi32>> -> tensor<1xi32>
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
  util.global private mutable @A : !stream.resource<variable>
  util.global private mutable @C : !stream.resource<variable>
  util.initializer {
    %c12 = arith.constant 12 : index
    %c48 = arith.constant 48 : index
    %c1000_i32 = arith.constant 1000 : i32
    %c2000_i32 = arith.constant 2000 : i32
    %g = stream.async.dispatch @ex::@iota[%c12](%c12, %c1000_i32) : (index, i32) -> !stream.resource<variable>{%c48}
    %h = stream.async.dispatch @ex::@iota[%c12](%c12, %c2000_i32) : (index, i32) -> !stream.resource<variable>{%c48}
    util.global.store %g, @A : !stream.resource<variable>
    util.global.store %h, @C : !stream.resource<variable>
    util.return
  }
  util.func public @f(%k: index) -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %a = util.global.load @A : !stream.resource<variable>
    %r = scf.for %i = %c0 to %k step %c1 iter_args(%acc = %a) -> (!stream.resource<variable>) {
      %x = util.global.load @C : !stream.resource<variable>
      scf.yield %x : !stream.resource<variable>
    }
    %d = stream.async.dispatch @ex::@wsum[%c4](%r[%c0 to %c16 for %c16], %c4) : (!stream.resource<variable>{%c48}, index) -> !stream.resource<external>{%c4}
    %bv = stream.tensor.export %d : tensor<1xi32> in !stream.resource<external>{%c4} -> !hal.buffer_view
    util.return %bv : !hal.buffer_view
  }
}
