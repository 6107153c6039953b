// Review of the third round's fixes, case 03 (nested): @f stores @A's buffer to @B and loads @B again inside an scf.if: the repair forwards its copy to those loads (the arms come after the store in its block).
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
  util.global private mutable @B : !stream.resource<variable>
  util.initializer {
    %c12 = arith.constant 12 : index
    %c48 = arith.constant 48 : index
    %c1000_i32 = arith.constant 1000 : i32
    %c5000_i32 = arith.constant 5000 : i32
    %g = stream.async.dispatch @ex::@iota[%c12](%c12, %c1000_i32) : (index, i32) -> !stream.resource<variable>{%c48}
    util.global.store %g, @A : !stream.resource<variable>
    %h = stream.async.dispatch @ex::@iota[%c12](%c12, %c5000_i32) : (index, i32) -> !stream.resource<variable>{%c48}
    util.global.store %h, @B : !stream.resource<variable>
    util.return
  }
  util.func public @f(%k: index) -> (!hal.buffer_view, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c12 = arith.constant 12 : index
    %c16 = arith.constant 16 : index
    %c48 = arith.constant 48 : index
    %c9_i32 = arith.constant 9 : i32
    %a = util.global.load @A : !stream.resource<variable>
    util.global.store %a, @B : !stream.resource<variable>
    %cond = arith.cmpi ne, %k, %c0 : index
    %u = scf.if %cond -> !stream.resource<variable> {
      %b = util.global.load @B : !stream.resource<variable>
      %f = stream.async.fill %c9_i32, %b[%c0 to %c16 for %c16] : i32 -> %b as !stream.resource<variable>{%c48}
      scf.yield %f : !stream.resource<variable>
    } else {
      %b = util.global.load @B : !stream.resource<variable>
      scf.yield %b : !stream.resource<variable>
    }
    util.global.store %u, @B : !stream.resource<variable>
    %a2 = util.global.load @A : !stream.resource<variable>
    %da = stream.async.dispatch @ex::@copy[%c12](%a2[%c0 to %c48 for %c48], %c12) : (!stream.resource<variable>{%c48}, index) -> !stream.resource<external>{%c48}
    %db = stream.async.dispatch @ex::@copy[%c12](%u[%c0 to %c48 for %c48], %c12) : (!stream.resource<variable>{%c48}, index) -> !stream.resource<external>{%c48}
    %bva = stream.tensor.export %da : tensor<12xi32> in !stream.resource<external>{%c48} -> !hal.buffer_view
    %bvb = stream.tensor.export %db : tensor<12xi32> in !stream.resource<external>{%c48} -> !hal.buffer_view
    util.return %bva, %bvb : !hal.buffer_view, !hal.buffer_view
  }
}
