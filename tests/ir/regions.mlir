// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG

// Regions and ordering: aliases flowing through scf, writes inside regions, and writes ordered
// after the alias's reads.

// The slice is carried through scf.for iteration arguments; the body only reads it.
// CHECK-LABEL: util.func public @slice_through_loop_read_only_body
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
  util.func public @slice_through_loop_read_only_body(%step: index, %n: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    %end = arith.addi %len, %c8192 : index
    // The alias flows through iteration arguments: it needs a value, a subview of the cache.
    // CHECK: %[[S:.+]] = stream.resource.subview %cache[%c0]
    // CHECK: scf.for {{.*}} iter_args(%{{.+}} = %[[S]],
    %s = stream.async.slice %cache[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %c0_i32 = arith.constant 0 : i32
    %z = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c4}
    %out:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %s, %sum = %z) -> (!stream.resource<variable>, !stream.resource<*>) {
      %d = stream.async.dispatch @ex::@read(%acc[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
      scf.yield %acc, %d : !stream.resource<variable>, !stream.resource<*>
    }
    %u = stream.async.update %row, %cache[%len to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %out#1 : !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_through_loop_read_only_body
// LOG: alias read by: stream.async.dispatch %d
// LOG: decision: ALIAS
// LOG: write stream.async.update %u {{.*}}: disjoint

// -----

// One branch of an scf.if overwrites bytes inside the slice before the alias is read.
// CHECK-LABEL: util.func public @overlapping_write_in_one_branch
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
  util.func public @overlapping_write_in_one_branch(%flag: i1, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %c16384] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c16384}
    %c = scf.if %flag -> !stream.resource<variable> {
      %u = stream.async.update %row, %cache[%c8192 to %c16384] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
      scf.yield %u : !stream.resource<variable>
    } else {
      scf.yield %cache : !stream.resource<variable>
    }
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c16384 for %c16384]) : (!stream.resource<variable>{%c16384}) -> !stream.resource<*>{%c4}
    util.global.store %c, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @overlapping_write_in_one_branch
// LOG: decision: KEEP: stream.async.update %u writes [8192, 16384), which may overlap the slice [0, 16384)

// -----

// A write through the loop-carried tied chain lands on row i of iteration i: on iteration 1 it
// overwrites the row the slice copied before the loop.
// CHECK-LABEL: util.func public @loop_write_overlaps_on_a_later_iteration
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
  util.func public @loop_write_overlaps_on_a_later_iteration(%n: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c8192 to %c16384] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c8192}
    %final = scf.for %i = %c1 to %n step %c1 iter_args(%acc = %cache) -> (!stream.resource<variable>) {
      %off = arith.muli %i, %c8192 : index
      %end = arith.addi %off, %c8192 : index
      %u = stream.async.update %row, %acc[%off to %end] : !stream.resource<*>{%c8192} -> %acc as !stream.resource<variable>{%c33554432}
      scf.yield %u : !stream.resource<variable>
    }
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c8192 for %c8192]) : (!stream.resource<variable>{%c8192}) -> !stream.resource<*>{%c4}
    util.global.store %final, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @loop_write_overlaps_on_a_later_iteration
// LOG: decision: KEEP: stream.async.update %u writes [8192*i, 8192*i + 8192), which may overlap the slice [8192, 16384) while the alias is live (counterexample: i=1)

// -----

// The write overlaps the slice but consumes the only read's result: it must run after it.
// CHECK-LABEL: util.func public @overlapping_write_ordered_after_the_read
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
  util.func public @overlapping_write_ordered_after_the_read(%step: index) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %step, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    // CHECK-NOT: stream.async.slice
    // CHECK: %[[R:.+]] = stream.async.dispatch @ex::@read(%cache[%c0 to
    // CHECK: stream.async.update %[[R]], %cache
    %s = stream.async.slice %cache[%c0 to %end] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%end}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %end for %end]) : (!stream.resource<variable>{%end}) -> !stream.resource<*>{%c8192}
    %u = stream.async.update %r, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @overlapping_write_ordered_after_the_read
// LOG: decision: ALIAS
// LOG: write stream.async.update %u [8192*step, 8192*step + 8192) {{.*}}: ordered after every read of the alias

// -----

// A tied chain k -> u1 -> u2 whose writes all miss the slice.
// CHECK-LABEL: util.func public @tied_chain_all_writes_disjoint
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
  util.func public @tied_chain_all_writes_disjoint(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %k = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %step, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    %end2 = arith.addi %end, %c8192 : index
    // The dispatch reads the live version of the cache, %u2: %k itself is dead after %u1.
    // CHECK-NOT: stream.async.slice
    // CHECK: stream.async.update
    // CHECK: %[[U2:.+]] = stream.async.update
    // CHECK: stream.async.dispatch @ex::@read(%[[U2]][%c0 to
    %s = stream.async.slice %k[%c0 to %off] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%off}
    %u1 = stream.async.update %row, %k[%off to %end] : !stream.resource<*>{%c8192} -> %k as !stream.resource<variable>{%c33554432}
    %u2 = stream.async.update %row, %u1[%end to %end2] : !stream.resource<*>{%c8192} -> %u1 as !stream.resource<variable>{%c33554432}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %off for %off]) : (!stream.resource<variable>{%off}) -> !stream.resource<*>{%c4}
    util.global.store %u2, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @tied_chain_all_writes_disjoint
// LOG: decision: ALIAS: every write to the source's storage is harmless (2 disjoint)

// -----

// A block argument every predecessor passes the same value for is that value: the write's
// offset 8192 * %st is 8192 * %step, the end of the slice.
// CHECK-LABEL: util.func public @block_argument_is_the_value_passed
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
  util.func public @block_argument_is_the_value_passed(%step: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    cf.br ^bb1(%step : index)
  ^bb1(%st: index):
    %off = arith.muli %st, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @block_argument_is_the_value_passed
// LOG: decision: ALIAS
// LOG: write stream.async.update %u [8192*step, 8192*step + 8192) {{.*}}: disjoint

// -----

// The twin: the predecessors pass different values, so the argument is a value of its own
// and the write may land inside the slice.
// CHECK-LABEL: util.func public @block_argument_from_different_values
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
  util.func public @block_argument_from_different_values(%step: index, %flag: i1, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %len = arith.muli %step, %c8192 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %len] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%len}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    cf.cond_br %flag, ^bb1(%step : index), ^bb1(%c0 : index)
  ^bb1(%st: index):
    %off = arith.muli %st, %c8192 : index
    %end = arith.addi %off, %c8192 : index
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8192} -> %cache as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// LOG-LABEL: in @block_argument_from_different_values
// LOG: decision: KEEP: stream.async.update %u writes [8192*st, 8192*st + 8192), which may overlap the slice [0, 8192*step)
