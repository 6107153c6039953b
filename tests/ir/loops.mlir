// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG

// Slices inside loops: a decode loop carrying its cache through iter_args. The slice of
// iteration i is compared with the writes of the same, earlier and later iterations.

// Each iteration writes row i, then reads rows [0, i]: the write of the same iteration and of
// earlier iterations come before the slice on the loop-carried chain; later iterations write
// rows past i.
// CHECK-LABEL: util.func public @decode_loop_carried_cache
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
  util.func public @decode_loop_carried_cache(%n_in: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c33554432 = arith.constant 33554432 : index
    %c0_i32 = arith.constant 0 : i32
    %n = util.assume.int %n_in<umin = 0, umax = 4096> : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %z = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c4}
    %out:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cache, %sum = %z) -> (!stream.resource<variable>, !stream.resource<*>) {
      %off = arith.muli %i, %c8192 : index
      %end = arith.addi %off, %c8192 : index
      %u = stream.async.update %row, %acc[%off to %end] : !stream.resource<*>{%c8192} -> %acc as !stream.resource<variable>{%c33554432}
      // CHECK-NOT: stream.async.slice
      // CHECK: %[[U:.+]] = stream.async.update
      // CHECK: stream.async.dispatch @ex::@read(%[[U]][%c0 to
      %s = stream.async.slice %u[%c0 to %end] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%end}
      %d = stream.async.dispatch @ex::@read(%s[%c0 to %end for %end]) : (!stream.resource<variable>{%end}) -> !stream.resource<*>{%c4}
      scf.yield %u, %d : !stream.resource<variable>, !stream.resource<*>
    }
    util.global.store %out#0, @cache : !stream.resource<variable>
    util.return %out#1 : !stream.resource<*>
  }
}
// LOG-LABEL: slice %s in @decode_loop_carried_cache
// LOG: decision: ALIAS
// LOG: write stream.async.update %u {{.*}}: ordered before the slice
// LOG: write stream.async.update %u {{.*}}: ordered before the slice
// LOG: write stream.async.update %u [8192*i_other, 8192*i_other + 8192) {{.*}}: disjoint

// -----

// Each iteration prefetches row i + 1 while writing row i: disjoint within the iteration, but
// the next iteration writes row i + 1 while this iteration's alias may still be read.
// CHECK-LABEL: util.func public @loop_write_hits_the_prefetched_row_next_iteration
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
  util.func public @loop_write_hits_the_prefetched_row_next_iteration(%n_in: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8192 = arith.constant 8192 : index
    %c16384 = arith.constant 16384 : index
    %c33554432 = arith.constant 33554432 : index
    %c0_i32 = arith.constant 0 : i32
    %n = util.assume.int %n_in<umin = 0, umax = 4000> : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %z = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c4}
    %out:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %cache, %sum = %z) -> (!stream.resource<variable>, !stream.resource<*>) {
      %off = arith.muli %i, %c8192 : index
      %end = arith.addi %off, %c8192 : index
      %next_end = arith.addi %off, %c16384 : index
      // CHECK: stream.async.slice
      %s = stream.async.slice %acc[%end to %next_end] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c8192}
      %u = stream.async.update %row, %acc[%off to %end] : !stream.resource<*>{%c8192} -> %acc as !stream.resource<variable>{%c33554432}
      %d = stream.async.dispatch @ex::@read(%s[%c0 to %c8192 for %c8192]) : (!stream.resource<variable>{%c8192}) -> !stream.resource<*>{%c4}
      scf.yield %u, %d : !stream.resource<variable>, !stream.resource<*>
    }
    util.global.store %out#0, @cache : !stream.resource<variable>
    util.return %out#1 : !stream.resource<*>
  }
}
// LOG-LABEL: in @loop_write_hits_the_prefetched_row_next_iteration
// LOG: decision: KEEP: stream.async.update %u writes [8192*i_other, 8192*i_other + 8192), which may overlap the slice [8192*i + 8192, 8192*i + 16384) while the alias is live
// LOG: write stream.async.update %u [8192*i, 8192*i + 8192) {{.*}}: disjoint
// LOG: write stream.async.update %u {{.*}}: ordered before the slice
// LOG-NEXT: earlier iterations: it feeds a loop-carried value the slice depends on
// LOG: MAY OVERLAP
// LOG-NEXT: counterexample: i = [[I:[0-9]+]], i_other = {{[0-9]+}}
// LOG-NEXT: later iterations:
