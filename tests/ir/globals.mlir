// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG

// Globals across functions: facts an index global carries on every path.

// The position counter wraps at the layer size (remui 4096), so it is at most 4095 on every
// path: the layer-0 row write can never reach the layer-1 prefix, with no util.assume.int.
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @read workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.global private mutable @kv : !stream.resource<variable>
  util.global private mutable @pos = 0 : index
  // CHECK-LABEL: util.func public @two_layers_wrapping_counter
  util.func public @two_layers_wrapping_counter(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c4096 = arith.constant 4096 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %c67108864 = arith.constant 67108864 : index
    %step = util.global.load @pos : index
    %kv = util.global.load @kv : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %l1_end = arith.addi %len, %c33554432 : index
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%kv[%c33554432 to
    %s = stream.async.slice %kv[%c33554432 to %l1_end] : !stream.resource<variable>{%c67108864} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    %row_end = arith.addi %len, %c8192 : index
    %u = stream.async.update %row, %kv[%len to %row_end] : !stream.resource<*>{%c8192} -> %kv as !stream.resource<variable>{%c67108864}
    util.global.store %u, @kv : !stream.resource<variable>
    %next = arith.addi %step, %c1 : index
    %wrapped = arith.remui %next, %c4096 : index
    util.global.store %wrapped, @pos : index
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @two_layers_wrapping_counter
// LOG: decision: ALIAS
// LOG: facts used: global @pos <= 4095 on every path

// -----

// The same counter without the wrap grows without bound: the overlap at pos = 4096 is possible.
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @read workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.global private mutable @kv : !stream.resource<variable>
  util.global private mutable @pos = 0 : index
  // CHECK-LABEL: util.func public @two_layers_unbounded_counter
  util.func public @two_layers_unbounded_counter(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %c67108864 = arith.constant 67108864 : index
    %step = util.global.load @pos : index
    %kv = util.global.load @kv : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %l1_end = arith.addi %len, %c33554432 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %kv[%c33554432 to %l1_end] : !stream.resource<variable>{%c67108864} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    %row_end = arith.addi %len, %c8192 : index
    %u = stream.async.update %row, %kv[%len to %row_end] : !stream.resource<*>{%c8192} -> %kv as !stream.resource<variable>{%c67108864}
    util.global.store %u, @kv : !stream.resource<variable>
    %next = arith.addi %step, %c1 : index
    util.global.store %next, @pos : index
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @two_layers_unbounded_counter
// LOG: decision: KEEP: {{.*}}(counterexample: pos=4096)

// -----

// Two producers with equal attributes and operands are one buffer once IREE's CSE runs after the
// splice: the fill of %b writes the bytes the alias of %a's prefix would read. (Third review,
// finding 06.)
// CHECK-LABEL: util.func public @identical_producers_may_be_one_buffer
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @read workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.func public @identical_producers_may_be_one_buffer(%x: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c9_i32 = arith.constant 9 : i32
    %a = stream.async.dispatch @ex::@read(%x[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c1024}
    %b = stream.async.dispatch @ex::@read(%x[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c4}) -> !stream.resource<*>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %a[%c0 to %c64] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c64}
    %f = stream.async.fill %c9_i32, %b[%c0 to %c4 for %c4] : i32 -> %b as !stream.resource<*>{%c1024}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r, %f : !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @identical_producers_may_be_one_buffer
// LOG: decision: KEEP: stream.async.fill %f writes [0, 4), which may overlap the slice [0, 64) while the alias is live

// -----

// Twin: producers reading different bytes are never merged: two buffers.
// CHECK-LABEL: util.func public @producers_of_different_operands_are_two_buffers
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @read workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.func public @producers_of_different_operands_are_two_buffers(%x: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c9_i32 = arith.constant 9 : i32
    %a = stream.async.dispatch @ex::@read(%x[%c0 to %c4 for %c4]) : (!stream.resource<*>{%c8}) -> !stream.resource<*>{%c1024}
    %b = stream.async.dispatch @ex::@read(%x[%c4 to %c8 for %c4]) : (!stream.resource<*>{%c8}) -> !stream.resource<*>{%c1024}
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %a[%c0 to %c64] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c64}
    %f = stream.async.fill %c9_i32, %b[%c0 to %c4 for %c4] : i32 -> %b as !stream.resource<*>{%c1024}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r, %f : !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @producers_of_different_operands_are_two_buffers
// LOG: decision: ALIAS: no op writes the source's storage in this function
