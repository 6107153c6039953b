// @f scales @g in place, stores it and exports it: the caller is handed @g's own buffer, not a
// copy (IREE's flow-to-stream conversion would export a transfer, a copy; splice-level input can
// say this). The caller passes that buffer back at the next call: the import is then @g's buffer,
// though nothing in the IR says so. Value semantics: the slice of the import is the caller's
// array as passed, read by a mix after the scale of @g: call 2's first result is g1 + 3 * g2,
// where g1 is what call 1 returned second and g2 = 2 * g1 + 1. IREE 3.13 makes the slice a
// view of the import, which the scale of @g has written by then (g2 + 3 * g2).
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
    stream.executable.export public @mix workgroups(%arg0: index) -> (index, index, index) {
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
      func.func @mix(%a_in: !stream.binding, %b_in: !stream.binding, %n_in: index, %out: !stream.binding) {
        %c0 = arith.constant 0 : index
        %c3_i32 = arith.constant 3 : i32
        %n = iree_tensor_ext.dispatch.workload.ordinal %n_in, 0 : index
        %ab = stream.binding.subspan %a_in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
        %bb = stream.binding.subspan %b_in[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n}
        %o = stream.binding.subspan %out[%c0] : !stream.binding -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
        %a = iree_tensor_ext.dispatch.tensor.load %ab, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
        %b = iree_tensor_ext.dispatch.tensor.load %bb, offsets = [0], sizes = [%n], strides = [1] : !iree_tensor_ext.dispatch.tensor<readonly:tensor<?xi32>>{%n} -> tensor<?xi32>
        %e = tensor.empty(%n) : tensor<?xi32>
        %r = linalg.generic {indexing_maps = [affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>, affine_map<(d0) -> (d0)>], iterator_types = ["parallel"]} ins(%a, %b : tensor<?xi32>, tensor<?xi32>) outs(%e : tensor<?xi32>) {
        ^bb0(%x: i32, %y: i32, %unused: i32):
          %t = arith.muli %y, %c3_i32 : i32
          %s = arith.addi %x, %t : i32
          linalg.yield %s : i32
        } -> tensor<?xi32>
        iree_tensor_ext.dispatch.tensor.store %r, %o, offsets = [0], sizes = [%n], strides = [1] : tensor<?xi32> -> !iree_tensor_ext.dispatch.tensor<writeonly:tensor<?xi32>>{%n}
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
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %b = arith.constant 1000 : i32
    %v = stream.async.dispatch @ex::@iota[%c4](%c4, %b) : (index, i32) -> !stream.resource<variable>{%c16}
    util.global.store %v, @g : !stream.resource<variable>
    util.return
  }
  util.func public @f(%step: index, %arg: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %g = util.global.load @g : !stream.resource<variable>
    %in = stream.tensor.import %arg : !hal.buffer_view -> tensor<4xi32> in !stream.resource<external>{%c16}
    %s = stream.async.slice %in[%c0 to %c16] : !stream.resource<external>{%c16} -> !stream.resource<external>{%c16}
    %w = stream.async.dispatch @ex::@scale[%c4](%g[%c0 to %c16 for %c16], %c4) : (!stream.resource<variable>{%c16}, index) -> %g{%c16}
    %m = stream.async.dispatch @ex::@mix[%c4](%s[%c0 to %c16 for %c16], %w[%c0 to %c16 for %c16], %c4) : (!stream.resource<external>{%c16}, !stream.resource<variable>{%c16}, index) -> !stream.resource<external>{%c16}
    util.global.store %w, @g : !stream.resource<variable>
    %b0 = stream.tensor.export %m : tensor<4xi32> in !stream.resource<external>{%c16} -> !hal.buffer_view
    %b1 = stream.tensor.export %w : tensor<4xi32> in !stream.resource<variable>{%c16} -> !hal.buffer_view
    util.return %b0, %b1 : !hal.buffer_view, !hal.buffer_view
  }
}
