// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG

// Calls: callee summaries (reads, writes, escapes per argument) decide what a call does to a
// slice passed to it.

// A read-only callee, called from two sites with different ranges of the cache: both slices
// alias. The callee needs a value, so the alias is a subview (the cache is never freed).
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
  util.func private @reader(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @read_only_callee_two_sites
  util.func public @read_only_callee_two_sites(%step: index, %row: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // CHECK: %[[A:.+]] = stream.resource.subview %cache[%c0] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%[[LEN:.+]]}
    // CHECK: %[[B:.+]] = stream.resource.subview %cache[%c0] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c100}
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %b = stream.async.slice %t[%c0 to %c100] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c100}
    // CHECK-NOT: stream.async.slice
    // CHECK: util.call @reader(%[[A]], %[[LEN]])
    // CHECK: util.call @reader(%[[B]], %c100)
    %ra = util.call @reader(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    %rb = util.call @reader(%b, %c100) : (!stream.resource<variable>, index) -> !stream.resource<*>
    %end2 = arith.addi %end, %c8192 : index
    %u = stream.async.update %row, %t[%end to %end2] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %ra, %rb : !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @read_only_callee_two_sites
// LOG: alias read by: util.call %ra
// LOG: decision: ALIAS
// LOG: write stream.async.update %u [8192*step + 8192, 8192*step + 16384) {{.*}}: disjoint
// LOG-LABEL: slice %b in @read_only_callee_two_sites
// LOG: alias read by: util.call %rb
// LOG: decision: ALIAS

// -----

// The same call with a slice of a transient buffer: safe, but the callee needs the alias as a
// value, and a subview of transient storage is not kept alive by IREE 3.13 (found by the
// soundness campaign): the copy stays, and the log says why.
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
  util.func private @reader_t(%buf: !stream.resource<transient>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<transient>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @transient_slice_passed_to_callee
  util.func public @transient_slice_passed_to_callee() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<transient>{%c1024} -> !stream.resource<transient>{%c100}
    %r = util.call @reader_t(%s, %c100) : (!stream.resource<transient>, index) -> !stream.resource<*>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @transient_slice_passed_to_callee
// LOG: decision: KEEP: safe to alias, but util.call needs the alias as a value: a stream.resource.subview of storage this function allocates (!stream.resource<transient>), which IREE 3.13 may free before the subview is read

// -----

// The same with a buffer this function allocates as !stream.resource<variable>: the lifetime in
// the type says nothing about the buffer, which IREE frees after its last use like any other
// (the campaign found a call reading a freed copy of a global). Only a global's or an imported
// buffer is kept alive for a subview.
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
  util.func private @reader_v(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @fresh_variable_slice_passed_to_callee
  util.func public @fresh_variable_slice_passed_to_callee() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c1024}
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c100}
    %r = util.call @reader_v(%s, %c100) : (!stream.resource<variable>, index) -> !stream.resource<*>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @fresh_variable_slice_passed_to_callee
// LOG: decision: KEEP: safe to alias, but util.call needs the alias as a value: a stream.resource.subview of storage this function allocates (!stream.resource<variable>), which IREE 3.13 may free before the subview is read

// -----

// The callee fills its argument in place: through an alias that would write the source.
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func private @clobber(%buf: !stream.resource<*>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c0_i32 = arith.constant 0 : i32
    %f = stream.async.fill %c0_i32, %buf[%c0 to %len for %len] : i32 -> %buf as !stream.resource<*>{%len}
    util.return %f : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @callee_writes_argument_in_place
  util.func public @callee_writes_argument_in_place() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %r = util.call @clobber(%s, %c100) : (!stream.resource<*>, index) -> !stream.resource<*>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @callee_writes_argument_in_place
// LOG: decision: KEEP: %s may be written by util.call %r

// -----

// A recursive callee that writes its argument on one path: the summary's fixpoint says so.
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func private @recurse(%buf: !stream.resource<*>, %n: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c0_i32 = arith.constant 0 : i32
    %done = arith.cmpi eq, %n, %c0 : index
    %r = scf.if %done -> !stream.resource<*> {
      %f = stream.async.fill %c0_i32, %buf[%c0 to %c4 for %c4] : i32 -> %buf as !stream.resource<*>{%c4}
      scf.yield %f : !stream.resource<*>
    } else {
      %m = arith.subi %n, %c1 : index
      %rr = util.call @recurse(%buf, %m) : (!stream.resource<*>, index) -> !stream.resource<*>
      scf.yield %rr : !stream.resource<*>
    }
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @recursive_callee
  util.func public @recursive_callee(%n: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %r = util.call @recurse(%s, %n) : (!stream.resource<*>, index) -> !stream.resource<*>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @recursive_callee
// LOG: decision: KEEP: %s may be written by util.call %r

// -----

// A callee without a body cannot be analysed: it may do anything with the slice.
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func private @external_fn(%buf: !stream.resource<*>) -> !stream.resource<*>
  // CHECK-LABEL: util.func public @unanalysable_callee
  util.func public @unanalysable_callee() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %r = util.call @external_fn(%s) : (!stream.resource<*>) -> !stream.resource<*>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @unanalysable_callee
// LOG: decision: KEEP: %s may be written by util.call %r

// -----

// A callee that writes a global: a slice of that global passed elsewhere keeps its copy when the
// call may run while the alias is read.
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
  util.func private @bump(%row: !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %g = util.global.load @cache : !stream.resource<variable>
    %u = stream.async.update %row, %g[%c0 to %c8192] : !stream.resource<*>{%c8192} -> %g as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return
  }
  // CHECK-LABEL: util.func public @callee_writes_the_sliced_global
  util.func public @callee_writes_the_sliced_global(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %c8192] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c8192}
    util.call @bump(%row) : (!stream.resource<*>) -> ()
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c8192 for %c8192]) : (!stream.resource<variable>{%c8192}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @callee_writes_the_sliced_global
// LOG: decision: KEEP: util.call may write the slice's bytes while the alias is live: its range is unknown (@bump writes global @cache, which the source's storage may be)

// -----

// A slice [0, 8192*step) passed to a call after its source was updated in place at
// [8192*step, +8192): the callee needs a value, and the source %t is dead for IREE after the
// update. The update is disjoint from the slice, so %u, the live version of the cache at the
// call, holds the slice's bytes: the alias is a subview of %u, built right before the call.
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
  util.func private @reader_live(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_after_disjoint_update_reads_the_live_version
  util.func public @call_after_disjoint_update_reads_the_live_version(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // CHECK-NOT: stream.async.slice
    // CHECK: %[[U:.+]] = stream.async.update %{{.+}}, %cache[%[[LEN:.+]] to %{{.+}}]
    // CHECK: util.global.store %[[U]], @cache
    // CHECK: %[[A:.+]] = stream.resource.subview %[[U]][%c0] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%[[LEN]]}
    // CHECK: util.call @reader_live(%[[A]], %[[LEN]])
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %t[%len to %end] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    %ra = util.call @reader_live(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_after_disjoint_update_reads_the_live_version
// LOG: alias read by: util.call %ra
// LOG: decision: ALIAS: every write to the source's storage is harmless (1 disjoint); util.call %ra needs the alias as a value: a subview of %u, because stream.async.update %u consumes %t in place before util.call %ra, writing bytes proven disjoint from the slice: %u is the live version of the storage there and holds the slice's bytes
// LOG: write stream.async.update %u [8192*step, 8192*step + 8192) {{.*}}: disjoint
// LOG: live version at util.call %ra: %u

// -----

// The same with two in-place writes on the way, the second by a dispatch tied to the cache
// (the subview's source size is the one the dispatch states for its result: a
// stream.resource.size of it would make IREE 3.13's execution scheduling fail), and a third
// write after the call that depends on the call's result (ordered after every read of the
// alias).
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
  util.func private @reader_live2(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_after_update_and_tied_dispatch_reads_the_last_version
  util.func public @call_after_update_and_tied_dispatch_reads_the_last_version(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.update
    // CHECK: %[[D:.+]] = stream.async.dispatch
    // CHECK-NOT: stream.resource.size
    // CHECK: %[[A:.+]] = stream.resource.subview %[[D]][%c0] : !stream.resource<variable>{%c33554432}
    // CHECK: %[[R:.+]] = util.call @reader_live2(%[[A]],
    // CHECK: stream.async.update %[[R]], %[[D]][%c0 to %c4]
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %t[%len to %end] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    %d = stream.async.dispatch @ex::@read(%u[%len to %end for %c8192]) : (!stream.resource<variable>{%c33554432}) -> %u{%c33554432}
    %ra = util.call @reader_live2(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    %w = stream.async.update %ra, %d[%c0 to %c4] : !stream.resource<*>{%c4} -> %d as !stream.resource<variable>{%c33554432}
    util.global.store %w, @cache : !stream.resource<variable>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_after_update_and_tied_dispatch_reads_the_last_version
// LOG: decision: ALIAS: {{.*}}a subview of %d, because stream.async.update %u then stream.async.dispatch %d consume %t in place before util.call %ra
// LOG: write stream.async.update %u {{.*}}: disjoint
// LOG: write stream.async.dispatch %d {{.*}}: disjoint
// LOG: write stream.async.update %w {{.*}}: ordered after every read of the alias
// LOG: live version at util.call %ra: %d

// -----

// Must keep: the update overlaps the slice (at step 0 and from step 1 on alike): the live
// version holds the new row, not the sliced bytes.
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
  util.func private @reader_overlap(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_after_overlapping_update
  util.func public @call_after_overlapping_update(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %t[%c0 to %c8192] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    %ra = util.call @reader_overlap(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_after_overlapping_update
// LOG: decision: KEEP: stream.async.update %u writes [0, 8192), which may overlap the slice [0, 8192*step) while the alias is live (counterexample: step=

// -----

// Must keep: the update's range is unknown (its end is an argument, so the bytes it writes,
// 8192, are not provably end - start).
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
  util.func private @reader_unknown(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_after_update_of_unknown_range
  util.func public @call_after_update_of_unknown_range(%step: index, %e: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %t[%len to %e] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    %ra = util.call @reader_unknown(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_after_update_of_unknown_range
// LOG: decision: KEEP: stream.async.update %u may write the slice's bytes while the alias is live: its range is unknown (the bytes it writes, its length operand, are not provably end - start)

// -----

// Must keep: the update runs inside an scf.if, so the version current at the call is the
// scf.if's result, not a value of the update's chain that dominates the call.
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
  util.func private @reader_branch(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_after_update_in_a_branch
  util.func public @call_after_update_in_a_branch(%step: index, %cond: i1, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %v = scf.if %cond -> !stream.resource<variable> {
      %u = stream.async.update %row, %t[%len to %end] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
      scf.yield %u : !stream.resource<variable>
    } else {
      scf.yield %t : !stream.resource<variable>
    }
    util.global.store %v, @cache : !stream.resource<variable>
    %ra = util.call @reader_branch(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_after_update_in_a_branch
// LOG: decision: KEEP: safe to alias, but stream.async.slice %a's source is consumed in place before util.call reads the alias; the alias would use a value IREE treats as dead; no live version of the storage there holds it: stream.async.update %u consumes %t in place in another block than util.call %ra
// LOG: live version at util.call %ra: none

// -----

// Must keep: a second write after the call, overlapping the slice, that nothing orders after
// the call's read of the alias.
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
  util.func private @reader_second(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_between_disjoint_and_overlapping_updates
  util.func public @call_between_disjoint_and_overlapping_updates(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %t[%len to %end] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    %ra = util.call @reader_second(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    %u2 = stream.async.update %row, %u[%c0 to %c8192] : !stream.resource<*>{%c8192} -> %u as !stream.resource<variable>{%c33554432}
    util.global.store %u2, @cache : !stream.resource<variable>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_between_disjoint_and_overlapping_updates
// LOG: decision: KEEP: stream.async.update %u2 writes [0, 8192), which may overlap the slice [0, 8192*step) while the alias is live

// -----

// Must keep: the source is a buffer this function allocates (transient), updated in place
// disjointly: the live version would do, but IREE 3.13 may free it before the subview is read.
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
  util.func private @reader_fresh(%buf: !stream.resource<transient>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<transient>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_after_disjoint_update_of_a_fresh_buffer
  util.func public @call_after_disjoint_update_of_a_fresh_buffer(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c200 = arith.constant 200 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<transient>{%c1024}
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %s = stream.async.slice %t[%c0 to %c100] : !stream.resource<transient>{%c1024} -> !stream.resource<transient>{%c100}
    %u = stream.async.update %row, %t[%c100 to %c200] : !stream.resource<*>{%c100} -> %t as !stream.resource<transient>{%c1024}
    %r = util.call @reader_fresh(%s, %c100) : (!stream.resource<transient>, index) -> !stream.resource<*>
    %x = stream.async.dispatch @ex::@read(%u[%c0 to %c1024 for %c1024]) : (!stream.resource<transient>{%c1024}) -> !stream.resource<*>{%c100}
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @call_after_disjoint_update_of_a_fresh_buffer
// LOG: decision: KEEP: safe to alias, but util.call needs the alias as a value: a stream.resource.subview of storage this function allocates (!stream.resource<transient>), which IREE 3.13 may free before the subview is read
// LOG: live version at util.call %r: %u

// -----

// Must keep: the row is written by a call (the callee updates the cache in place, at a row
// disjoint from the slice): no in-place op of this function ties the storage, and the model
// does not know which bytes the call writes.
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
  util.func private @reader_after_call(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  util.func private @write_row(%row: !stream.resource<*>, %len: index) {
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %end = arith.addi %len, %c8192 : index
    %g = util.global.load @cache : !stream.resource<variable>
    %u = stream.async.update %row, %g[%len to %end] : !stream.resource<*>{%c8192} -> %g as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return
  }
  // CHECK-LABEL: util.func public @call_after_a_call_writes_the_row
  util.func public @call_after_a_call_writes_the_row(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    util.call @write_row(%row, %len) : (!stream.resource<*>, index) -> ()
    %ra = util.call @reader_after_call(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_after_a_call_writes_the_row
// LOG: decision: KEEP: util.call may write the slice's bytes while the alias is live: its range is unknown (@write_row writes global @cache, which the source's storage may be)

// -----

// A slice of an aliased slice, passed to a call after the cache was updated in place: the inner
// alias stands for bytes of the cache (through the outer one), so its live version at the call
// is the outer slice's claim: a subview of %u at the summed offset.
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
  util.func private @reader_nested(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_reads_a_slice_of_an_aliased_slice_after_the_update
  util.func public @call_reads_a_slice_of_an_aliased_slice_after_the_update(%step: index, %row: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c64 = arith.constant 64 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // CHECK-NOT: stream.async.slice
    // CHECK: %[[U:.+]] = stream.async.update
    // CHECK: %[[B:.+]] = stream.resource.subview %[[U]][%c0] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c64}
    // CHECK: util.call @reader_nested(%[[B]], %c64)
    // CHECK: stream.async.dispatch @ex::@read(%[[U]][%c0 to
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %b = stream.async.slice %a[%c0 to %c64] : !stream.resource<variable>{%len} -> !stream.resource<variable>{%c64}
    %u = stream.async.update %row, %t[%len to %end] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    %rb = util.call @reader_nested(%b, %c64) : (!stream.resource<variable>, index) -> !stream.resource<*>
    %d = stream.async.dispatch @ex::@read(%a[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c64}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %rb, %d : !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_reads_a_slice_of_an_aliased_slice_after_the_update
// LOG: decision: ALIAS
// LOG: live version at util.call %rb: %u
// LOG: live version at stream.async.dispatch %d: %u
// LOG-LABEL: slice %b in @call_reads_a_slice_of_an_aliased_slice_after_the_update
// LOG: decision: ALIAS: {{.*}}; util.call %rb needs the alias as a value: a subview of %u, because stream.async.update %u consumes %t in place before util.call %rb

// -----

// The other consumers that need the alias as a value, after the disjoint update: an scf.for
// iteration argument (the subview of the live version goes right before the loop) and a
// transfer to a device, as IREE inserts them at function boundaries (itself an alias of the
// subview then; a transfer within one affinity is a clone for IREE, which keeps the copy).
// CHECK-LABEL: util.func public @loop_iter_arg_and_transfer_after_update
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
  util.func public @loop_iter_arg_and_transfer_after_update(%step: index, %n: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // CHECK-NOT: stream.async.slice
    // CHECK: %[[U:.+]] = stream.async.update
    // CHECK: %[[A:.+]] = stream.resource.subview %[[U]][%c0]
    // CHECK: scf.for {{.*}} iter_args(%{{.+}} = %[[A]])
    // CHECK: %[[B:.+]] = stream.resource.subview %[[U]][%c0]
    // CHECK-NOT: stream.async.transfer
    // CHECK: stream.async.dispatch @ex::@read(%[[B]]
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %b = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %t[%len to %end] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> (!stream.resource<variable>) {
      %d = stream.async.dispatch @ex::@read(%acc[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
      scf.yield %acc : !stream.resource<variable>
    }
    %x = stream.async.transfer %b : !stream.resource<variable>{%len} -> to(#hal.device.affinity<@__device_0>) !stream.resource<variable>{%len}
    %e = stream.async.dispatch @ex::@read(%r[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    %f = stream.async.dispatch @ex::@read(%x[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %e : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @loop_iter_arg_and_transfer_after_update
// LOG: decision: ALIAS: {{.*}}; scf.for %r needs the alias as a value: a subview of %u, because
// LOG-LABEL: slice %b in @loop_iter_arg_and_transfer_after_update
// LOG: decision: ALIAS: {{.*}}; stream.async.transfer %x needs the alias as a value: a subview of %u, because

// -----

// Must keep: the cache is stored, reloaded and written again (disjointly) before the call. The
// second write is off the tied chain from %t, so %u, the chain's last version, need not be
// the latest one at the call (IREE may forward the reload to %u, which the write then
// consumes): no live version is claimed.
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
  util.func private @reader_reload(%buf: !stream.resource<variable>, %len: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %r = stream.async.dispatch @ex::@read(%buf[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  // CHECK-LABEL: util.func public @call_after_updates_through_a_reloaded_global
  util.func public @call_after_updates_through_a_reloaded_global(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    %end2 = arith.addi %end, %c8192 : index
    // CHECK: stream.async.slice
    // CHECK-NOT: stream.resource.subview
    %a = stream.async.slice %t[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %t[%len to %end] : !stream.resource<*>{%c8192} -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    %t2 = util.global.load @cache : !stream.resource<variable>
    %u2 = stream.async.update %row, %t2[%end to %end2] : !stream.resource<*>{%c8192} -> %t2 as !stream.resource<variable>{%c33554432}
    util.global.store %u2, @cache : !stream.resource<variable>
    %ra = util.call @reader_reload(%a, %len) : (!stream.resource<variable>, index) -> !stream.resource<*>
    util.return %ra : !stream.resource<*>
  }
}
// LOG-LABEL: slice %a in @call_after_updates_through_a_reloaded_global
// LOG: decision: KEEP: safe to alias, but stream.async.slice %a's source is consumed in place before util.call reads the alias; the alias would use a value IREE treats as dead; no live version of the storage there holds it: stream.async.update %u2 writes the storage between the slice and util.call %ra off the tied chain from %t
// LOG: live version at util.call %ra: none
