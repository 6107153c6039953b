// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG

// Slices that must keep their copy, each with the reason (and a counterexample where one exists).

// The update overwrites bytes inside the slice before the alias is read: a copy sees the old
// bytes, an alias would see the new ones.
// CHECK-LABEL: util.func public @overlapping_write_before_read
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
  util.global private mutable @cache : !stream.resource<variable>
  util.func public @overlapping_write_before_read(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %step, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %s = stream.async.slice %cache[%c0 to %end] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%end}
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %end for %end]) : (!stream.resource<variable>{%end}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @overlapping_write_before_read
// LOG: decision: KEEP: stream.async.update %{{.+}} writes [8192*step, 8192*step + 8192), which may overlap the slice [0, 8192*step + 8192) while the alias is live (counterexample: step=
// LOG: MAY OVERLAP
// LOG-NEXT: counterexample: step =

// -----

// Two layers in one global and nothing bounds step: at the largest in-bounds step (4096) the
// layer-0 row write lands inside the layer-1 prefix.
// CHECK-LABEL: util.func public @two_layers_unbounded_step
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
  util.func public @two_layers_unbounded_step(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %c67108864 = arith.constant 67108864 : index
    %kv = util.global.load @kv : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %l1_end = arith.addi %len, %c33554432 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %kv[%c33554432 to %l1_end] : !stream.resource<variable>{%c67108864} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    %row_end = arith.addi %len, %c8192 : index
    %u = stream.async.update %row, %kv[%len to %row_end] : !stream.resource<*>{%c8192} -> %kv as !stream.resource<variable>{%c67108864}
    util.global.store %u, @kv : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @two_layers_unbounded_step
// LOG: decision: KEEP: {{.*}}(counterexample: step=4096)

// -----

// A write reached through a tied chain: k -> u1 -> u2. u1 is disjoint from the slice, but u2
// overwrites bytes inside it before the alias is read.
// CHECK-LABEL: util.func public @write_through_tied_chain
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
  util.global private mutable @cache : !stream.resource<variable>
  util.func public @write_through_tied_chain(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %k = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %step, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %k[%c0 to %off] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%off}
    %u1 = stream.async.update %row, %k[%off to %end] : !stream.resource<*>{%c8192} -> %k as !stream.resource<variable>{%c33554432}
    %u2 = stream.async.update %row, %u1[%c0 to %c8192] : !stream.resource<*>{%c8192} -> %u1 as !stream.resource<variable>{%c33554432}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %off for %off]) : (!stream.resource<variable>{%off}) -> !stream.resource<*>{%c4}
    util.global.store %u2, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @write_through_tied_chain
// LOG: decision: KEEP: stream.async.update %u2 writes [0, 8192)
// LOG: write stream.async.update %u1 {{.*}}: disjoint
// LOG: write stream.async.update %u2 {{.*}}: MAY OVERLAP

// -----

// The slice itself is written in place: through an alias that would write the source.
// CHECK-LABEL: util.func public @slice_used_as_tied_operand
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func public @slice_used_as_tied_operand(%src: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %f = stream.async.fill %c7_i32, %s[%c0 to %c100 for %c100] : i32 -> %s as !stream.resource<*>{%c100}
    util.return %f : !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_used_as_tied_operand
// LOG: decision: KEEP: %s is written in place by stream.async.fill %f (a tied operand)

// -----

// A slice stored to a global escapes: later reads of the global are beyond this function.
// CHECK-LABEL: util.func public @slice_stored_to_global
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.global private mutable @cache : !stream.resource<variable>
  util.global private mutable @other : !stream.resource<variable>
  util.func public @slice_stored_to_global() {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %c100] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c100}
    util.global.store %s, @other : !stream.resource<variable>
    util.return
  }
}
// LOG-LABEL: in @slice_stored_to_global
// LOG: decision: KEEP: %s escapes through util.global.store

// -----

// An exported slice escapes to the caller.
// CHECK-LABEL: util.func public @slice_exported
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func public @slice_exported() -> !hal.buffer_view {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<external>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<external>{%c1024} -> !stream.resource<external>{%c100}
    %v = stream.tensor.export %s : tensor<25xi32> in !stream.resource<external>{%c100} -> !hal.buffer_view
    util.return %v : !hal.buffer_view
  }
}
// LOG-LABEL: in @slice_exported
// LOG: decision: KEEP: %s escapes through stream.tensor.export %v

// -----

// An op the model does not know uses the slice: keep, and say which op.
// CHECK-LABEL: util.func public @slice_used_by_unknown_op
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func public @slice_used_by_unknown_op() -> i1 {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %b = util.cmp.eq %s, %s : !stream.resource<*>
    util.return %b : i1
  }
}
// LOG-LABEL: in @slice_used_by_unknown_op
// LOG: decision: KEEP: %s is used by util.cmp.eq, an op the model does not know

// -----

// util.optimization_barrier hands its operand through (the same storage): the alias's uses after
// it are not followed, so the copy stays.
// CHECK-LABEL: util.func public @slice_through_an_optimization_barrier
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func public @slice_through_an_optimization_barrier() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %o = util.optimization_barrier %s : !stream.resource<*>
    util.return %o : !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_through_an_optimization_barrier
// LOG: decision: KEEP: %s is aliased by util.optimization_barrier %o; its later uses are not followed

// -----

// A range that may wrap around 2^64 is no range of bytes, never "disjoint". The row write runs
// in one branch, on the cache loaded there; its bounds (start <= end <= size) hold only inside
// that branch, so here nothing keeps 8192*step + 8208 from wrapping past 2^64: at
// step = 2^51 - 1 the row is [2^64 - 8176, 16), which ends over the slice's bytes [0, 16).
// The log says so instead of calling the ranges disjoint.
// CHECK-LABEL: util.func public @row_write_that_may_wrap
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
  util.global private mutable @cache : !stream.resource<variable>
  util.func public @row_write_that_may_wrap(%flag: i1, %step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %rows = arith.muli %step, %c8192 : index
    %off = arith.addi %rows, %c16 : index
    %end = arith.addi %off, %c8192 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %c16] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c16}
    scf.if %flag {
      %again = util.global.load @cache : !stream.resource<variable>
      %u = stream.async.update %row, %again[%off to %end] : !stream.resource<*>{%c8192} -> %again as !stream.resource<variable>{%c33554432}
      util.global.store %u, @cache : !stream.resource<variable>
    }
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c16 for %c16]) : (!stream.resource<variable>{%c16}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @row_write_that_may_wrap
// LOG: decision: KEEP: stream.async.update %u writes [8192*step + 16, 8192*step + 8208) and the slice reads [0, 16): [8192*step + 16, 8192*step + 8208) is [18446744073709543440, 16) at step=2251799813685247: negative, or its end wraps around 2^64, so the two are not proved disjoint
// LOG: NEGATIVE OR WRAPS AROUND 2^64
// LOG-NEXT: counterexample: step = 2251799813685247

// -----

// A clone of a dispatch that reads no resource is dispatched again by IREE
// (preferCloneToConsumers); after scheduling, CSE merges the second dispatch, inside a
// concurrent region, with the first, alone in the execution region's body, and the region's
// yield names a value it does not capture: the compile fails. Which ops share a wave decides
// it, and the alias would change the block's ops: the copy stays (the regression
// campaign-alias-beside-a-clone-of-iota-fails-the-compile).
// CHECK-LABEL: util.func public @slice_beside_a_clone_of_a_resource_free_dispatch
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @iota workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @read workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @iota(%arg0: index, %arg1: !stream.binding) {
        return
      }
      func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.global private mutable @cache : !stream.resource<variable>
  util.func public @slice_beside_a_clone_of_a_resource_free_dispatch() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c36 = arith.constant 36 : index
    %c56 = arith.constant 56 : index
    %g = util.global.load @cache : !stream.resource<variable>
    %d = stream.async.dispatch @ex::@iota(%c9) : (index) -> !stream.resource<transient>{%c36}
    // CHECK: stream.async.slice
    %s = stream.async.slice %g[%c8 to %c32] : !stream.resource<variable>{%c56} -> !stream.resource<variable>{%c24}
    %c = stream.async.clone %d : !stream.resource<transient>{%c36} -> !stream.resource<transient>{%c36}
    %r0 = stream.async.dispatch @ex::@read(%s[%c0 to %c24 for %c24]) : (!stream.resource<variable>{%c24}) -> !stream.resource<*>{%c4}
    %r1 = stream.async.dispatch @ex::@read(%d[%c0 to %c36 for %c36]) : (!stream.resource<transient>{%c36}) -> !stream.resource<*>{%c4}
    %r2 = stream.async.dispatch @ex::@read(%c[%c0 to %c36 for %c36]) : (!stream.resource<transient>{%c36}) -> !stream.resource<*>{%c4}
    util.return %r0, %r1, %r2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_beside_a_clone_of_a_resource_free_dispatch
// LOG: decision: KEEP: safe to alias, but its block also holds stream.async.dispatch %d and stream.async.clone %c (a clone IREE dispatches again as the first); IREE 3.13's scheduling may leave the first alone in the execution region
// LOG-SAME: 'stream.yield' op used resource not listed in explicit captures

// -----

// Two equal dispatches that read no resource (splice-level input: IREE's pre-splice CSE would
// have merged them), the same fault: the copy stays.
// CHECK-LABEL: util.func public @slice_beside_two_equal_resource_free_dispatches
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  stream.executable private @ex {
    stream.executable.export public @iota workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    stream.executable.export public @read workgroups() -> (index, index, index) {
      %x, %y, %z = iree_tensor_ext.dispatch.workgroup_count_from_slice()
      stream.return %x, %y, %z : index, index, index
    }
    builtin.module {
      func.func @iota(%arg0: index, %arg1: !stream.binding) {
        return
      }
      func.func @read(%arg0: !stream.binding, %arg1: !stream.binding) {
        return
      }
    }
  }
  util.global private mutable @cache : !stream.resource<variable>
  util.func public @slice_beside_two_equal_resource_free_dispatches() -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c36 = arith.constant 36 : index
    %c56 = arith.constant 56 : index
    %g = util.global.load @cache : !stream.resource<variable>
    %d0 = stream.async.dispatch @ex::@iota(%c9) : (index) -> !stream.resource<transient>{%c36}
    %d1 = stream.async.dispatch @ex::@iota(%c9) : (index) -> !stream.resource<transient>{%c36}
    // CHECK: stream.async.slice
    %s = stream.async.slice %g[%c8 to %c32] : !stream.resource<variable>{%c56} -> !stream.resource<variable>{%c24}
    %r0 = stream.async.dispatch @ex::@read(%s[%c0 to %c24 for %c24]) : (!stream.resource<variable>{%c24}) -> !stream.resource<*>{%c4}
    %r1 = stream.async.dispatch @ex::@read(%d0[%c0 to %c36 for %c36]) : (!stream.resource<transient>{%c36}) -> !stream.resource<*>{%c4}
    %r2 = stream.async.dispatch @ex::@read(%d1[%c0 to %c36 for %c36]) : (!stream.resource<transient>{%c36}) -> !stream.resource<*>{%c4}
    util.return %r0, %r1, %r2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_beside_two_equal_resource_free_dispatches
// LOG: decision: KEEP: safe to alias, but its block also holds stream.async.dispatch %d0 and stream.async.dispatch %d1 (equal ops CSE merges into one)
