// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG

// Slices that must become aliases: each has a proof in the log.

// The seed's pattern: the slice ends where the write begins, literally the same SSA value.
// CHECK-LABEL: util.func public @same_ssa_value
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
  util.func public @same_ssa_value(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %step, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    // The alias is folded into the dispatch: it reads the cache itself, over the slice's bytes.
    // CHECK: %[[CACHE:.+]] = util.global.load @cache
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %off] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%off}
    // CHECK: stream.async.dispatch @ex::@read(%[[CACHE]][%c0 to %[[OFF:.+]] for %[[OFF]]]) : (!stream.resource<variable>{%c33554432})
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %off for %off]) : (!stream.resource<variable>{%off}) -> !stream.resource<*>{%c4}
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: slice %{{.+}} in @same_ssa_value
// LOG: reads bytes [0, 8192*step) of %cache
// LOG: decision: ALIAS
// LOG: write stream.async.update %{{.+}} [8192*step, 8192*step + 8192) {{.*}}: disjoint

// -----

// The write offset is an equal value spelled differently: (step + 1) * 8192 - 8192.
// CHECK-LABEL: util.func public @equal_value_spelled_differently
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
  util.func public @equal_value_spelled_differently(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %next = arith.addi %step, %c1 : index
    %next_bytes = arith.muli %next, %c8192 : index
    %off = arith.subi %next_bytes, %c8192 : index
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%cache[%c0 to
    %s = stream.async.slice %cache[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    %u = stream.async.update %row, %cache[%off to %next_bytes] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @equal_value_spelled_differently
// LOG: decision: ALIAS
// LOG: write stream.async.update %{{.+}} [8192*step, 8192*step + 8192) {{.*}}: disjoint

// -----

// Offsets computed by affine.apply and by a recomputed muli: different SSA values, equal values.
// CHECK-LABEL: util.func public @affine_apply_and_recomputed_muli
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
  util.func public @affine_apply_and_recomputed_muli(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %len = affine.apply affine_map<()[s0] -> (s0 * 8192)>()[%step]
    %off = arith.muli %step, %c8192 : index
    %end = affine.apply affine_map<(d0) -> (d0 * 8192 + 8192)>(%step)
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%cache[%c0 to
    %s = stream.async.slice %cache[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @affine_apply_and_recomputed_muli
// LOG: decision: ALIAS

// -----

// Constant ranges that do not touch: [0, 100) against [200, 300).
// CHECK-LABEL: util.func public @disjoint_constants
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
  util.func public @disjoint_constants(%src: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %c200 = arith.constant 200 : index
    %c300 = arith.constant 300 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // The dispatch reads the version of the buffer live there (after the disjoint fill).
    // CHECK-NOT: stream.async.slice
    // CHECK: %[[F:.+]] = stream.async.fill
    // CHECK: stream.async.dispatch @ex::@read(%[[F]][%c0 to %c100 for %c100], %[[F]][%c0 to %c1024 for %c1024])
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %f = stream.async.fill %c7_i32, %t[%c200 to %c300 for %c100] : i32 -> %t as !stream.resource<*>{%c1024}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c100 for %c100], %f[%c0 to %c1024 for %c1024]) : (!stream.resource<*>{%c100}, !stream.resource<*>{%c1024}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @disjoint_constants
// LOG: decision: ALIAS
// LOG: write stream.async.fill %{{.+}} [200, 300) {{.*}}: disjoint

// -----

// Adjacent constant ranges built from two separate constants: [0, 100) against [100, 200).
// CHECK-LABEL: util.func public @adjacent_constants
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
  util.func public @adjacent_constants() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %c100_again = arith.constant 100 : index
    %c200 = arith.constant 200 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // The dispatch reads the version of the buffer live there (after the disjoint fill).
    // CHECK-NOT: stream.async.slice
    // CHECK: %[[F:.+]] = stream.async.fill
    // CHECK: stream.async.dispatch @ex::@read(%[[F]][%c0 to %c100 for %c100], %[[F]][%c0 to %c1024 for %c1024])
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %f = stream.async.fill %c7_i32, %t[%c100_again to %c200 for %c100] : i32 -> %t as !stream.resource<*>{%c1024}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c100 for %c100], %f[%c0 to %c1024 for %c1024]) : (!stream.resource<*>{%c100}, !stream.resource<*>{%c1024}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @adjacent_constants
// LOG: decision: ALIAS
// LOG: [100, 200) {{.*}}: disjoint

// -----

// The flow.tensor.update-then-slice form: the slice reads the result of the in-place update.
// CHECK-LABEL: util.func public @slice_of_updated_cache
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
  util.func public @slice_of_updated_cache(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %step, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    // CHECK: %[[U:.+]] = stream.async.update
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%[[U]][%c0 to
    %s = stream.async.slice %u[%c0 to %end] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%end}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %end for %end]) : (!stream.resource<variable>{%end}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_of_updated_cache
// LOG: reads bytes [0, 8192*step + 8192)
// LOG: decision: ALIAS
// LOG: write stream.async.update {{.*}}: ordered before the slice

// -----

// A slice of a slice: both become aliases; the inner one's reads count as reads of the outer.
// CHECK-LABEL: util.func public @slice_of_slice
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
  util.func public @slice_of_slice(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %step, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    // Both fold: the dispatch reads the inner slice's bytes of the cache directly.
    // CHECK: %[[CACHE:.+]] = util.global.load @cache
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%[[CACHE]][%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c33554432})
    %s = stream.async.slice %cache[%c0 to %off] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%off}
    %ss = stream.async.slice %s[%c0 to %c64] : !stream.resource<variable>{%off} -> !stream.resource<variable>{%c64}
    %r = stream.async.dispatch @ex::@read(%ss[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<*>{%c4}
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_of_slice
// LOG: alias read by: stream.async.slice {{.*}}, stream.async.dispatch
// LOG: decision: ALIAS
// LOG: in @slice_of_slice
// LOG: decision: ALIAS

// -----

// Two slices read by one dispatch, and overlapping read-only users: reads never conflict.
// CHECK-LABEL: util.func public @two_overlapping_slices_one_dispatch
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
  util.func public @two_overlapping_slices_one_dispatch(%src: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %c200 = arith.constant 200 : index
    %c300 = arith.constant 300 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK: %[[T:.+]] = stream.async.splat
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%[[T]][%c0 to %c200 for %c200], %[[T]][%c100 to %{{.+}} for %c200])
    %a = stream.async.slice %t[%c0 to %c200] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c200}
    %b = stream.async.slice %t[%c100 to %c300] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c200}
    %r = stream.async.dispatch @ex::@read(%a[%c0 to %c200 for %c200], %b[%c0 to %c200 for %c200]) : (!stream.resource<*>{%c200}, !stream.resource<*>{%c200}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @two_overlapping_slices_one_dispatch
// LOG: decision: ALIAS: no op writes the source's storage
// LOG: decision: ALIAS: no op writes the source's storage

// -----

// Copy-on-write clones are separate storage: a write to one clone cannot be seen through a
// slice of the other.
// CHECK-LABEL: util.func public @slice_of_clone_write_to_other_clone
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
  util.func public @slice_of_clone_write_to_other_clone(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %a = stream.async.clone %cache : !stream.resource<variable>{%c33554432} -> !stream.resource<*>{%c33554432}
    %b = stream.async.clone %cache : !stream.resource<variable>{%c33554432} -> !stream.resource<*>{%c33554432}
    // CHECK: %[[A:.+]] = stream.async.clone
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%[[A]][%c0 to %c8192 for %c8192]
    %s = stream.async.slice %a[%c0 to %c8192] : !stream.resource<*>{%c33554432} -> !stream.resource<*>{%c8192}
    %u = stream.async.update %row, %b[%c0 to %c8192] : !stream.resource<*>{%c8192} -> %b as !stream.resource<*>{%c33554432}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c8192 for %c8192], %u[%c0 to %c8192 for %c8192]) : (!stream.resource<*>{%c8192}, !stream.resource<*>{%c33554432}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_of_clone_write_to_other_clone
// LOG: decision: ALIAS: no op writes the source's storage

// -----

// One global holds two layers; the layer-1 prefix is disjoint from the layer-0 row write only
// because util.assume.int bounds step below the layer size.
// CHECK-LABEL: util.func public @two_layers_bounded_step
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
  util.func public @two_layers_bounded_step(%step_in: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %c67108864 = arith.constant 67108864 : index
    %step = util.assume.int %step_in<umin = 0, umax = 4095> : index
    %kv = util.global.load @kv : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %l1_end = arith.addi %len, %c33554432 : index
    // CHECK: %[[KV:.+]] = util.global.load @kv
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.dispatch @ex::@read(%[[KV]][%c33554432 to %{{.+}} for %{{.+}}]) : (!stream.resource<variable>{%c67108864})
    %s = stream.async.slice %kv[%c33554432 to %l1_end] : !stream.resource<variable>{%c67108864} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    %row_end = arith.addi %len, %c8192 : index
    %u = stream.async.update %row, %kv[%len to %row_end] : !stream.resource<*>{%c8192} -> %kv as !stream.resource<variable>{%c67108864}
    util.global.store %u, @kv : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @two_layers_bounded_step
// LOG: reads bytes [33554432, 8192*step_in + 33554432)
// LOG: decision: ALIAS
// LOG: write stream.async.update %u {{.*}}: disjoint
// LOG-NEXT: facts used: {{.*}}assume.int %step <= 4095

// -----

// The shape IREE mishandles needs producers that read no resource: a clone of a dispatch that
// reads one is a real copy for IREE (no preferCloneToConsumers), and a pair in another block
// (here inside an scf.if, its own execution region) is never merged across captures. Both
// slices alias.
// CHECK-LABEL: util.func public @slice_beside_clones_iree_keeps_apart
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
  util.func public @slice_beside_clones_iree_keeps_apart(%flag: i1) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c9 = arith.constant 9 : index
    %c24 = arith.constant 24 : index
    %c32 = arith.constant 32 : index
    %c36 = arith.constant 36 : index
    %c56 = arith.constant 56 : index
    %g = util.global.load @cache : !stream.resource<variable>
    %d = stream.async.dispatch @ex::@read(%g[%c0 to %c36 for %c36]) : (!stream.resource<variable>{%c56}) -> !stream.resource<transient>{%c36}
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %g[%c8 to %c32] : !stream.resource<variable>{%c56} -> !stream.resource<variable>{%c24}
    %c = stream.async.clone %d : !stream.resource<transient>{%c36} -> !stream.resource<transient>{%c36}
    %r0 = stream.async.dispatch @ex::@read(%s[%c0 to %c24 for %c24]) : (!stream.resource<variable>{%c24}) -> !stream.resource<*>{%c4}
    %r1 = stream.async.dispatch @ex::@read(%c[%c0 to %c36 for %c36]) : (!stream.resource<transient>{%c36}) -> !stream.resource<*>{%c4}
    %i = stream.async.dispatch @ex::@iota(%c9) : (index) -> !stream.resource<transient>{%c36}
    %r2 = scf.if %flag -> !stream.resource<*> {
      %ci = stream.async.clone %i : !stream.resource<transient>{%c36} -> !stream.resource<transient>{%c36}
      %ri = stream.async.dispatch @ex::@read(%ci[%c0 to %c36 for %c36]) : (!stream.resource<transient>{%c36}) -> !stream.resource<*>{%c4}
      scf.yield %ri : !stream.resource<*>
    } else {
      %ri = stream.async.dispatch @ex::@read(%i[%c0 to %c36 for %c36]) : (!stream.resource<transient>{%c36}) -> !stream.resource<*>{%c4}
      scf.yield %ri : !stream.resource<*>
    }
    util.return %r0, %r1, %r2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_beside_clones_iree_keeps_apart
// LOG: decision: ALIAS
