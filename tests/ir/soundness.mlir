// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG
// RUN: slice-elision rewrite --annotate --split-input-file %s -o - | FileCheck %s --check-prefix=DECISION

// The soundness core: every alias rests on settled answers and on facts of the region it runs
// in. Each must-keep case has a must-alias twin where the same shape is provably safe.

// Cause 1: a callee slices its argument while a caller writes the argument's storage after the
// call with no dependence on the call's result. Argument stability is settled before any slice
// is decided, so the slice never rests on its optimistic assumption.
// CHECK-LABEL: util.func private @callee_reads_prefix
// CHECK: stream.async.slice
// CHECK-LABEL: util.func public @racy_caller_writes_after_the_call
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
  util.func private @callee_reads_prefix(%buf: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %s = stream.async.slice %buf[%c0 to %c100] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c100}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c100 for %c100]) : (!stream.resource<*>{%c100}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  util.func public @racy_caller_writes_after_the_call() -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %c0_i32 = arith.constant 0 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    %r = util.call @callee_reads_prefix(%t) : (!stream.resource<*>) -> !stream.resource<*>
    %f = stream.async.fill %c0_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<*>{%c1024}
    util.return %r, %f : !stream.resource<*>, !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: slice %s in @callee_reads_prefix
// LOG: decision: KEEP: the source comes from argument %buf of @callee_reads_prefix: stream.async.fill %f in @racy_caller_writes_after_the_call may write it while util.call %r runs

// -----

// Several callers of one callee: one orders its write after the call's result, the other does
// not. One racy caller is enough to keep the callee's slice.
// CHECK-LABEL: util.func private @callee_reads_head
// CHECK: stream.async.slice
// CHECK-LABEL: util.func public @one_of_two_callers_is_racy
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
  util.func private @callee_reads_head(%buf: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %s = stream.async.slice %buf[%c0 to %c64] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c64}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  util.func public @one_of_two_callers_is_ordered() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    %r = util.call @callee_reads_head(%t) : (!stream.resource<*>) -> !stream.resource<*>
    %u = stream.async.update %r, %t[%c0 to %c4] : !stream.resource<*>{%c4} -> %t as !stream.resource<*>{%c1024}
    util.return %u : !stream.resource<*>
  }
  util.func public @one_of_two_callers_is_racy() -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %c0_i32 = arith.constant 0 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    %r = util.call @callee_reads_head(%t) : (!stream.resource<*>) -> !stream.resource<*>
    %f = stream.async.fill %c0_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<*>{%c1024}
    util.return %r, %f : !stream.resource<*>, !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: slice %s in @callee_reads_head
// LOG: decision: KEEP: the source comes from argument %buf of @callee_reads_head: stream.async.fill %f in @one_of_two_callers_is_racy may write it while util.call %r runs

// -----

// The twin: every caller's write depends on the call's result, which the callee produces only
// after reading the slice.
// CHECK-LABEL: util.func private @callee_reads_first_row
// CHECK-NOT: stream.async.slice
// CHECK-LABEL: util.func public @every_caller_orders_its_write_after_the_call
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
  util.func private @callee_reads_first_row(%buf: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %s = stream.async.slice %buf[%c0 to %c64] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c64}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  util.func public @every_caller_orders_its_write_after_the_call() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    %r = util.call @callee_reads_first_row(%t) : (!stream.resource<*>) -> !stream.resource<*>
    %u = stream.async.update %r, %t[%c0 to %c4] : !stream.resource<*>{%c4} -> %t as !stream.resource<*>{%c1024}
    util.return %u : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "alias"
// LOG-LABEL: slice %s in @callee_reads_first_row
// LOG: decision: ALIAS
// LOG: write callers of @callee_reads_first_row {{.*}}: callers' writes are ordered around every call

// -----

// Cause 2: `lb <= iv < ub` holds only inside the loop body. With n = 0 the loop never runs and
// the update writes exactly the aliased bytes.
// CHECK-LABEL: util.func public @loop_bounds_hold_only_inside_the_loop
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
  util.func public @loop_bounds_hold_only_inside_the_loop(%n: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c1024 = arith.constant 1024 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %c8] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c8}
    scf.for %i = %c0 to %n step %c1 {
      scf.yield
    }
    %off = arith.muli %n, %c8 : index
    %end = arith.addi %off, %c8 : index
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c8} -> %cache as !stream.resource<variable>{%c1024}
    %d = stream.async.dispatch @ex::@read(%s[%c0 to %c8 for %c8]) : (!stream.resource<variable>{%c8}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %d : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @loop_bounds_hold_only_inside_the_loop
// LOG: decision: KEEP: stream.async.update %u writes [8*n, 8*n + 8), which may overlap the slice [0, 8) while the alias is live (counterexample: n=0)

// -----

// The twin: inside the loop body the bounds do hold; without `i < 100` the write's offset
// 8*i + 8 could wrap around to 0.
// CHECK-LABEL: util.func public @loop_bounds_hold_inside_the_loop
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
  util.func public @loop_bounds_hold_inside_the_loop(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c100 = arith.constant 100 : index
    %c1024 = arith.constant 1024 : index
    %c0_i32 = arith.constant 0 : i32
    %cache = util.global.load @cache : !stream.resource<variable>
    %z = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c4}
    %out:2 = scf.for %i = %c0 to %c100 step %c1 iter_args(%acc = %cache, %sum = %z) -> (!stream.resource<variable>, !stream.resource<*>) {
      // CHECK-NOT: stream.async.slice
      %s = stream.async.slice %acc[%c0 to %c8] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c8}
      %off = arith.muli %i, %c8 : index
      %start = arith.addi %off, %c8 : index
      %end = arith.addi %start, %c8 : index
      %u = stream.async.update %row, %acc[%start to %end] : !stream.resource<*>{%c8} -> %acc as !stream.resource<variable>{%c1024}
      %d = stream.async.dispatch @ex::@read(%s[%c0 to %c8 for %c8]) : (!stream.resource<variable>{%c8}) -> !stream.resource<*>{%c4}
      scf.yield %u, %d : !stream.resource<variable>, !stream.resource<*>
    }
    util.global.store %out#0, @cache : !stream.resource<variable>
    util.return %out#1 : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "alias"
// LOG-LABEL: in @loop_bounds_hold_inside_the_loop
// LOG: decision: ALIAS
// LOG: facts used: {{.*}}loop bounds: %i < upper bound

// -----

// In-bounds facts of an access inside an scf.if branch hold only inside that branch: here the
// slice %z in the branch implies 4*k <= 4*j only when %flag is set.
// CHECK-LABEL: util.func public @branch_in_bounds_facts_stay_in_the_branch
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
  util.func public @branch_in_bounds_facts_stay_in_the_branch(%k: index, %j: index, %flag: i1, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c48 = arith.constant 48 : index
    %len = arith.muli %k, %c4 : index
    %off = arith.muli %j, %c4 : index
    %offend = arith.addi %off, %c4 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: %[[S:.+]] = stream.async.slice %cache
    %s = stream.async.slice %cache[%c0 to %len] : !stream.resource<variable>{%c48} -> !stream.resource<variable>{%len}
    %u = stream.async.update %row, %cache[%off to %offend] : !stream.resource<*>{%c4} -> %cache as !stream.resource<variable>{%c48}
    %x = scf.if %flag -> !stream.resource<*> {
      %c0_i32 = arith.constant 0 : i32
      %sp = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c48}
      %d = arith.subi %off, %len : index
      %z = stream.async.slice %sp[%len to %off] : !stream.resource<*>{%c48} -> !stream.resource<*>{%d}
      scf.yield %z : !stream.resource<*>
    } else {
      scf.yield %row : !stream.resource<*>
    }
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %len for %len]) : (!stream.resource<variable>{%len}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: slice %s in @branch_in_bounds_facts_stay_in_the_branch
// LOG: decision: KEEP: stream.async.update %u writes [4*j, 4*j + 4), which may overlap the slice [0, 4*k)

// -----

// A loop written with cf branches: the block may run many times, which the model does not
// describe: keep, and say so.
// CHECK-LABEL: util.func public @cf_loop_is_not_straight_line_code
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
  util.func public @cf_loop_is_not_straight_line_code(%n: index, %row: !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    cf.br ^bb1(%c0 : index)
  ^bb1(%i: index):
    %c1 = arith.constant 1 : index
    %c16 = arith.constant 16 : index
    %c32 = arith.constant 32 : index
    %c1024 = arith.constant 1024 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %off = arith.muli %i, %c16 : index
    %end = arith.addi %off, %c16 : index
    %next = arith.addi %off, %c32 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%end to %next] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c16}
    %u = stream.async.update %row, %cache[%off to %end] : !stream.resource<*>{%c16} -> %cache as !stream.resource<variable>{%c1024}
    %d = stream.async.dispatch @ex::@read(%s[%c0 to %c16 for %c16]) : (!stream.resource<variable>{%c16}) -> !stream.resource<*>{%c16}
    util.global.store %u, @cache : !stream.resource<variable>
    %i1 = arith.addi %i, %c1 : index
    %more = arith.cmpi ult, %i1, %n : index
    cf.cond_br %more, ^bb1(%i1 : index), ^bb2
  ^bb2:
    util.return
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @cf_loop_is_not_straight_line_code
// LOG: decision: KEEP: @cf_loop_is_not_straight_line_code's blocks branch back (a loop written with cf branches), which this model does not describe

// -----

// scf.execute_region yields the slice's source: the update of its result writes the source.
// CHECK-LABEL: util.func public @execute_region_result_is_the_source
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
  util.func public @execute_region_result_is_the_source(%row: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c44 = arith.constant 44 : index
    %c48 = arith.constant 48 : index
    %c3_i32 = arith.constant 3 : i32
    %g = stream.async.splat %c3_i32 : i32 -> !stream.resource<*>{%c48}
    // CHECK: stream.async.slice
    %s = stream.async.slice %g[%c0 to %c44] : !stream.resource<*>{%c48} -> !stream.resource<*>{%c44}
    %t = scf.execute_region -> !stream.resource<*> {
      scf.yield %g : !stream.resource<*>
    }
    %u = stream.async.update %row, %t[%c0 to %c4] : !stream.resource<*>{%c4} -> %t as !stream.resource<*>{%c48}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c44 for %c44]) : (!stream.resource<*>{%c44}) -> !stream.resource<*>{%c4}
    util.return %r, %u : !stream.resource<*>, !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @execute_region_result_is_the_source
// LOG: decision: KEEP: stream.async.update %u writes [0, 4), which may overlap the slice [0, 44)

// -----

// util.align with an alignment that is not a power of two: IREE computes (v + a - 1) & ~(a - 1),
// which is not "round up to a multiple"; the model makes no claim about it and keeps.
// CHECK-LABEL: util.func public @util_align_not_a_power_of_two_is_opaque
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
  util.func public @util_align_not_a_power_of_two_is_opaque(%v_in: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c12 = arith.constant 12 : index
    %c20 = arith.constant 20 : index
    %c1024 = arith.constant 1024 : index
    %v = util.assume.int %v_in<umin = 16, umax = 16> : index
    %a = util.align %v, %c12 : index
    %ae = arith.addi %a, %c4 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %c20] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c20}
    %u = stream.async.update %row, %cache[%a to %ae] : !stream.resource<*>{%c4} -> %cache as !stream.resource<variable>{%c1024}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c20 for %c20]) : (!stream.resource<variable>{%c20}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @util_align_not_a_power_of_two_is_opaque
// LOG: decision: KEEP: stream.async.update %u writes [a, a + 4), which may overlap the slice [0, 20)

// -----

// The twin: a power-of-two alignment is exact (16 aligned to 32 is 32).
// CHECK-LABEL: util.func public @util_align_power_of_two_is_exact
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
  util.func public @util_align_power_of_two_is_exact(%v_in: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c20 = arith.constant 20 : index
    %c32 = arith.constant 32 : index
    %c1024 = arith.constant 1024 : index
    %v = util.assume.int %v_in<umin = 16, umax = 16> : index
    %a = util.align %v, %c32 : index
    %ae = arith.addi %a, %c4 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %cache[%c0 to %c20] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c20}
    %u = stream.async.update %row, %cache[%a to %ae] : !stream.resource<*>{%c4} -> %cache as !stream.resource<variable>{%c1024}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c20 for %c20]) : (!stream.resource<variable>{%c20}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "alias"
// LOG-LABEL: in @util_align_power_of_two_is_exact
// LOG: decision: ALIAS
// LOG: facts used: assume.int %v <= 16; assume.int %v >= 16

// -----

// A copy writes `length` bytes whatever its target range says: 16 bytes from offset 0 reach
// into the slice [4, 48), so the write's range is unknown and the copy stays.
// CHECK-LABEL: util.func public @copy_length_is_what_it_writes
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
  util.func public @copy_length_is_what_it_writes(%h: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c44 = arith.constant 44 : index
    %c48 = arith.constant 48 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %cache[%c4 to %c48] : !stream.resource<variable>{%c48} -> !stream.resource<variable>{%c44}
    %u = stream.async.copy %h[%c0 to %c4], %cache[%c0 to %c4], %c16 : !stream.resource<*>{%c48} -> %cache as !stream.resource<variable>{%c48}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c44 for %c44]) : (!stream.resource<variable>{%c44}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @copy_length_is_what_it_writes
// LOG: decision: KEEP: stream.async.copy %u may write the slice's bytes while the alias is live: its range is unknown (the bytes it writes, its length operand, are not provably end - start)

// -----

// A region op the model does not enumerate (here scf.parallel) may run
// its region many times: a slice inside it keeps its copy.
// CHECK-LABEL: util.func public @slice_in_a_region_op_the_model_does_not_know
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
  util.func public @slice_in_a_region_op_the_model_does_not_know(%n: index, %row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c4 = arith.constant 4 : index
    %c8 = arith.constant 8 : index
    %c1024 = arith.constant 1024 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    scf.parallel (%i) = (%c0) to (%n) step (%c1) {
      // CHECK: stream.async.slice
      %s = stream.async.slice %cache[%c0 to %c8] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c8}
      %d = stream.async.dispatch @ex::@read(%s[%c0 to %c8 for %c8]) : (!stream.resource<variable>{%c8}) -> !stream.resource<*>{%c4}
      scf.reduce
    }
    util.return %row : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @slice_in_a_region_op_the_model_does_not_know
// LOG: decision: KEEP: the slice is inside nested loops or a repeating region (scf.parallel), which this model does not describe

// -----

// A resource passed to a block through cf.br is the same storage as the operand: the update of
// %cache writes the bytes the slice of %b reads.
// CHECK-LABEL: util.func public @branch_argument_is_the_operands_storage
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
  util.func public @branch_argument_is_the_operands_storage(%row: !stream.resource<*>) -> !stream.resource<*> {
    %cache = util.global.load @cache : !stream.resource<variable>
    cf.br ^bb1(%cache : !stream.resource<variable>)
  ^bb1(%b: !stream.resource<variable>):
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c44 = arith.constant 44 : index
    %c1024 = arith.constant 1024 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %b[%c0 to %c44] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c44}
    %u = stream.async.update %row, %cache[%c0 to %c4] : !stream.resource<*>{%c4} -> %cache as !stream.resource<variable>{%c1024}
    %d = stream.async.dispatch @ex::@read(%s[%c0 to %c44 for %c44]) : (!stream.resource<variable>{%c44}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %d : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @branch_argument_is_the_operands_storage
// LOG: decision: KEEP: stream.async.update %u writes [0, 4), which may overlap the slice [0, 44)

// -----

// The twin: the same branch, a write of other bytes.
// CHECK-LABEL: util.func public @branch_argument_write_elsewhere
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
  util.func public @branch_argument_write_elsewhere(%row: !stream.resource<*>) -> !stream.resource<*> {
    %cache = util.global.load @cache : !stream.resource<variable>
    cf.br ^bb1(%cache : !stream.resource<variable>)
  ^bb1(%b: !stream.resource<variable>):
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c44 = arith.constant 44 : index
    %c48 = arith.constant 48 : index
    %c1024 = arith.constant 1024 : index
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %b[%c0 to %c44] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c44}
    %u = stream.async.update %row, %cache[%c44 to %c48] : !stream.resource<*>{%c4} -> %cache as !stream.resource<variable>{%c1024}
    %d = stream.async.dispatch @ex::@read(%s[%c0 to %c44 for %c44]) : (!stream.resource<variable>{%c44}) -> !stream.resource<*>{%c4}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %d : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "alias"
// LOG-LABEL: in @branch_argument_write_elsewhere
// LOG: decision: ALIAS
// LOG: write stream.async.update %u [44, 48) {{.*}}: disjoint

// -----

// A callee that stores its argument to a global makes the caller's buffer that global's: a later
// call writing the global writes the sliced bytes.
// CHECK-LABEL: util.func public @callee_stores_argument_to_a_global
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
  util.global private mutable @kept : !stream.resource<variable>
  util.func private @keep_it(%a: !stream.resource<variable>) {
    util.global.store %a, @kept : !stream.resource<variable>
    util.return
  }
  util.func private @poke_it(%row: !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %k = util.global.load @kept : !stream.resource<variable>
    %u = stream.async.update %row, %k[%c0 to %c4] : !stream.resource<*>{%c4} -> %k as !stream.resource<variable>{%c1024}
    util.global.store %u, @kept : !stream.resource<variable>
    util.return
  }
  util.func public @callee_stores_argument_to_a_global(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c44 = arith.constant 44 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %x = stream.async.splat %c7_i32 : i32 -> !stream.resource<variable>{%c1024}
    util.call @keep_it(%x) : (!stream.resource<variable>) -> ()
    // CHECK: stream.async.slice
    %s = stream.async.slice %x[%c0 to %c44] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c44}
    util.call @poke_it(%row) : (!stream.resource<*>) -> ()
    %d = stream.async.dispatch @ex::@read(%s[%c0 to %c44 for %c44]) : (!stream.resource<variable>{%c44}) -> !stream.resource<*>{%c4}
    util.return %d : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @callee_stores_argument_to_a_global
// LOG: decision: KEEP: util.call may write the slice's bytes while the alias is live: its range is unknown (@poke_it writes global @kept, which the source's storage may be)

// -----

// The alias of iteration i is carried to iteration i + 1 through iter_args and read there,
// after iteration i's write of the same bytes.
// CHECK-LABEL: util.func public @alias_carried_to_the_next_iteration
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
  util.func public @alias_carried_to_the_next_iteration(%row: !stream.resource<*>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %c16 = arith.constant 16 : index
    %c1024 = arith.constant 1024 : index
    %c0_i32 = arith.constant 0 : i32
    %z = stream.async.splat %c0_i32 : i32 -> !stream.resource<variable>{%c16}
    %e = stream.async.splat %c0_i32 : i32 -> !stream.resource<*>{%c4}
    %out:2 = scf.for %i = %c0 to %c3 step %c1 iter_args(%prev = %z, %last = %e) -> (!stream.resource<variable>, !stream.resource<*>) {
      %off = arith.muli %i, %c16 : index
      %end = arith.addi %off, %c16 : index
      %wend = arith.addi %off, %c4 : index
      %acc = util.global.load @cache : !stream.resource<variable>
      // CHECK: stream.async.slice
      %s = stream.async.slice %acc[%off to %end] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c16}
      %r = stream.async.dispatch @ex::@read(%prev[%c0 to %c16 for %c16]) : (!stream.resource<variable>{%c16}) -> !stream.resource<*>{%c4}
      %acc2 = util.global.load @cache : !stream.resource<variable>
      %u = stream.async.update %r, %acc2[%off to %wend] : !stream.resource<*>{%c4} -> %acc2 as !stream.resource<variable>{%c1024}
      util.global.store %u, @cache : !stream.resource<variable>
      scf.yield %s, %r : !stream.resource<variable>, !stream.resource<*>
    }
    util.return %out#1 : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @alias_carried_to_the_next_iteration
// LOG: decision: KEEP: %s is carried into the next iteration of its loop (iter_args), where its reads are not ordered with this iteration's writes

// -----

// Cause 1 for globals: the callee slices a global it loads, and its caller writes the global
// after the call with no dependence on the call's result.
// CHECK-LABEL: util.func private @callee_slices_the_cache
// CHECK: stream.async.slice
// CHECK-LABEL: util.func public @caller_writes_the_global_after_the_call
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
  util.func private @callee_slices_the_cache() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %s = stream.async.slice %cache[%c0 to %c64] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c64}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  util.func public @caller_writes_the_global_after_the_call() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %c0_i32 = arith.constant 0 : i32
    %r = util.call @callee_slices_the_cache() : () -> !stream.resource<*>
    %cache = util.global.load @cache : !stream.resource<variable>
    %f = stream.async.fill %c0_i32, %cache[%c0 to %c4 for %c4] : i32 -> %cache as !stream.resource<variable>{%c1024}
    util.global.store %f, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: slice %s in @callee_slices_the_cache
// LOG: decision: KEEP: the source is global @cache's storage: stream.async.fill %f in @caller_writes_the_global_after_the_call may write it while util.call %r runs

// -----

// The twin: the caller's write of the global depends on the call's result.
// CHECK-LABEL: util.func private @callee_reads_the_cache_head
// CHECK-NOT: stream.async.slice
// CHECK-LABEL: util.func public @caller_writes_the_global_after_the_result
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
  util.func private @callee_reads_the_cache_head() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %cache = util.global.load @cache : !stream.resource<variable>
    %s = stream.async.slice %cache[%c0 to %c64] : !stream.resource<variable>{%c1024} -> !stream.resource<variable>{%c64}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  util.func public @caller_writes_the_global_after_the_result() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c1024 = arith.constant 1024 : index
    %r = util.call @callee_reads_the_cache_head() : () -> !stream.resource<*>
    %cache = util.global.load @cache : !stream.resource<variable>
    %u = stream.async.update %r, %cache[%c0 to %c4] : !stream.resource<*>{%c4} -> %cache as !stream.resource<variable>{%c1024}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "alias"
// LOG-LABEL: slice %s in @callee_reads_the_cache_head
// LOG: decision: ALIAS
// LOG: write callers of @callee_reads_the_cache_head {{.*}}: callers' writes are ordered around every call

// -----

// A call that writes global @cache writes every storage that may be @cache's buffer. The source
// is a call result the model does not follow to a global (it may be any global's buffer), and
// @bump_cache writes @cache while the alias is live. (Third review, findings 01 and 02.)
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
  util.func private @cache_of() -> !stream.resource<variable> {
    %t = util.global.load @cache : !stream.resource<variable>
    util.return %t : !stream.resource<variable>
  }
  util.func private @bump_cache() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c33554432 = arith.constant 33554432 : index
    %c9_i32 = arith.constant 9 : i32
    %t = util.global.load @cache : !stream.resource<variable>
    %u = stream.async.fill %c9_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return
  }
  // CHECK-LABEL: util.func public @call_result_may_be_a_global_a_call_writes
  util.func public @call_result_may_be_a_global_a_call_writes() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.call @cache_of() : () -> !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c64] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c64}
    util.call @bump_cache() : () -> ()
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @call_result_may_be_a_global_a_call_writes
// LOG: decision: KEEP: util.call may write the slice's bytes while the alias is live: its range is unknown (@bump_cache writes global @cache, which the source's storage may be)
// LOG: - write util.call
// LOG-NEXT: its range is unknown (@bump_cache writes global @cache, which the source's storage may be)

// -----

// Twin: a buffer this function allocates is no global's, so a call writing a global cannot
// touch it.
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
  util.func private @bump_cache_too() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c33554432 = arith.constant 33554432 : index
    %c9_i32 = arith.constant 9 : i32
    %t = util.global.load @cache : !stream.resource<variable>
    %u = stream.async.fill %c9_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return
  }
  // CHECK-LABEL: util.func public @fresh_source_no_global_write_reaches
  util.func public @fresh_source_no_global_write_reaches() -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c1024 = arith.constant 1024 : index
    %c7_i32 = arith.constant 7 : i32
    %t = stream.async.splat %c7_i32 : i32 -> !stream.resource<*>{%c1024}
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c64] : !stream.resource<*>{%c1024} -> !stream.resource<*>{%c64}
    util.call @bump_cache_too() : () -> ()
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<*>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "alias"
// LOG-LABEL: in @fresh_source_no_global_write_reaches
// LOG: decision: ALIAS: no op writes the source's storage in this function

// -----

// An initializer is no exception: a source whose storage arrives mid-call in a way the model
// does not follow (a call result that may be any global's buffer) keeps its copy there too.
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
  util.global private mutable @out : !stream.resource<variable>
  util.func private @buffer_of_cache() -> !stream.resource<variable> {
    %t = util.global.load @cache : !stream.resource<variable>
    util.return %t : !stream.resource<variable>
  }
  // CHECK-LABEL: util.initializer
  util.initializer {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c33554432 = arith.constant 33554432 : index
    %t = util.call @buffer_of_cache() : () -> !stream.resource<variable>
    // CHECK: stream.async.slice
    %s = stream.async.slice %t[%c0 to %c64] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c64}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<variable>{%c4}
    util.global.store %r, @out : !stream.resource<variable>
    util.return
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @util.initializer
// LOG: decision: KEEP: the source's storage comes from outside this function in a way the model does not follow

// -----

// An imported buffer may be any global's buffer that escaped, so a call writing global @cache
// writes it too. (Third review: "call results and imports that are globals".)
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
  util.func private @bump_cache_after_import() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c33554432 = arith.constant 33554432 : index
    %c9_i32 = arith.constant 9 : i32
    %t = util.global.load @cache : !stream.resource<variable>
    %u = stream.async.fill %c9_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return
  }
  // CHECK-LABEL: util.func public @import_may_be_a_global_a_call_writes
  util.func public @import_may_be_a_global_a_call_writes(%bv: !hal.buffer_view) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c16384 = arith.constant 16384 : index
    %x = stream.tensor.import %bv : !hal.buffer_view -> tensor<4096xi32> in !stream.resource<external>{%c16384}
    // CHECK: stream.async.slice
    %s = stream.async.slice %x[%c0 to %c64] : !stream.resource<external>{%c16384} -> !stream.resource<external>{%c64}
    util.call @bump_cache_after_import() : () -> ()
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @import_may_be_a_global_a_call_writes
// LOG: decision: KEEP: util.call may write the slice's bytes while the alias is live: its range is unknown (@bump_cache_after_import writes global @cache, which the source's storage may be)

// -----

// Twin: the same import with no call writing a global while the alias is live.
// CHECK-LABEL: util.func public @import_read_with_no_global_written
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
  util.func public @import_read_with_no_global_written(%bv: !hal.buffer_view) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c16384 = arith.constant 16384 : index
    %x = stream.tensor.import %bv : !hal.buffer_view -> tensor<4096xi32> in !stream.resource<external>{%c16384}
    // CHECK-NOT: stream.async.slice
    %s = stream.async.slice %x[%c0 to %c64] : !stream.resource<external>{%c16384} -> !stream.resource<external>{%c64}
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<external>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "alias"
// LOG-LABEL: in @import_read_with_no_global_written
// LOG: decision: ALIAS

// -----

// A call result may be any global's buffer; passed on to a callee, it makes the callee's
// argument possibly that global, so the callee's call writing the global writes its slice's
// bytes. (Found by the campaign: a global's buffer returned by a getter, passed to a callee.)
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
  util.func private @buffer_of_the_cache() -> !stream.resource<variable> {
    %t = util.global.load @cache : !stream.resource<variable>
    util.return %t : !stream.resource<variable>
  }
  util.func private @bump_the_cache() {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c33554432 = arith.constant 33554432 : index
    %c9_i32 = arith.constant 9 : i32
    %t = util.global.load @cache : !stream.resource<variable>
    %u = stream.async.fill %c9_i32, %t[%c0 to %c4 for %c4] : i32 -> %t as !stream.resource<variable>{%c33554432}
    util.global.store %u, @cache : !stream.resource<variable>
    util.return
  }
  // CHECK-LABEL: util.func private @slices_an_argument_a_call_result_may_be
  util.func private @slices_an_argument_a_call_result_may_be(%arg: !stream.resource<variable>) -> !stream.resource<*> {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c64 = arith.constant 64 : index
    %c33554432 = arith.constant 33554432 : index
    // CHECK: stream.async.slice
    %s = stream.async.slice %arg[%c0 to %c64] : !stream.resource<variable>{%c33554432} -> !stream.resource<variable>{%c64}
    util.call @bump_the_cache() : () -> ()
    %r = stream.async.dispatch @ex::@read(%s[%c0 to %c64 for %c64]) : (!stream.resource<variable>{%c64}) -> !stream.resource<*>{%c4}
    util.return %r : !stream.resource<*>
  }
  util.func public @passes_on_a_call_result() -> !stream.resource<*> {
    %t = util.call @buffer_of_the_cache() : () -> !stream.resource<variable>
    %r = util.call @slices_an_argument_a_call_result_may_be(%t) : (!stream.resource<variable>) -> !stream.resource<*>
    util.return %r : !stream.resource<*>
  }
}
// DECISION: stream.async.slice {{.*}}slice_elision.decision = "keep"
// LOG-LABEL: in @slices_an_argument_a_call_result_may_be
// LOG: decision: KEEP: util.call may write the slice's bytes while the alias is live: its range is unknown (@bump_the_cache writes global @cache, which the source's storage may be)
