// RUN: slice-elision rewrite --split-input-file %s -o - | FileCheck %s
// RUN: slice-elision explain --split-input-file %s | FileCheck %s --check-prefix=LOG

// Never less than upstream: the slices IREE's own ElideAsyncCopies folds in its lit tests
// (elide_async_copies.mlir), in our own spelling, with the copy lengths equal to the range size.
// Storage a function allocates cannot be storage its caller passed in, even when it escapes
// through util.return: the copy into the fresh allocation does not touch %producer.

// A slice read by a copy into a fresh allocation; the fill writes bytes after the slice.
// CHECK-LABEL: util.func private @slice_read_by_a_copy_into_fresh_storage
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func private @slice_read_by_a_copy_into_fresh_storage(%producer: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c100 = arith.constant 100 : index
    %c200 = arith.constant 200 : index
    %c300 = arith.constant 300 : index
    %c123_i32 = arith.constant 123 : i32
    // CHECK-NOT: stream.async.slice
    %slice = stream.async.slice %producer[%c100 to %c200] : !stream.resource<*>{%c300} -> !stream.resource<*>{%c100}
    %storage = stream.async.alloca : !stream.resource<*>{%c100}
    // CHECK: stream.async.copy %arg0[%c100 to
    %copy = stream.async.copy %slice[%c0 to %c100], %storage[%c0 to %c100], %c100 : !stream.resource<*>{%c100} -> %storage as !stream.resource<*>{%c100}
    %fill = stream.async.fill %c123_i32, %producer[%c200 to %c300 for %c100] : i32 -> %producer as !stream.resource<*>{%c300}
    util.return %copy, %fill : !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_read_by_a_copy_into_fresh_storage
// LOG: decision: ALIAS
// LOG: write stream.async.fill %fill [200, 300) {{.*}}: disjoint
// LOG: callers' writes are ordered around every call

// -----

// Two copies read the slice, overlapping each other but only reading it.
// CHECK-LABEL: util.func private @slice_read_by_two_overlapping_copies
module attributes {stream.affinity.default = #hal.device.affinity<@__device_0>} {
  util.global private @__device_0 = #hal.device.target<"local", [#hal.executable.target<"llvm-cpu", "embedded-elf-x86_64">]> : !hal.device
  util.func private @slice_read_by_two_overlapping_copies(%producer: !stream.resource<*>) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c100 = arith.constant 100 : index
    %c101 = arith.constant 101 : index
    %c200 = arith.constant 200 : index
    %c300 = arith.constant 300 : index
    // CHECK-NOT: stream.async.slice
    %slice = stream.async.slice %producer[%c100 to %c200] : !stream.resource<*>{%c300} -> !stream.resource<*>{%c100}
    %storage0 = stream.async.alloca : !stream.resource<*>{%c100}
    // CHECK: stream.async.copy %arg0[%c100 to
    %copy0 = stream.async.copy %slice[%c0 to %c100], %storage0[%c0 to %c100], %c100 : !stream.resource<*>{%c100} -> %storage0 as !stream.resource<*>{%c100}
    %storage1 = stream.async.alloca : !stream.resource<*>{%c100}
    // CHECK: stream.async.copy %arg0[
    %copy1 = stream.async.copy %slice[%c1 to %c101], %storage1[%c0 to %c100], %c100 : !stream.resource<*>{%c100} -> %storage1 as !stream.resource<*>{%c100}
    util.return %copy0, %copy1 : !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @slice_read_by_two_overlapping_copies
// LOG: decision: ALIAS

// -----

// The must-keep twin: an imported buffer is storage from outside, which may be the argument's.
// A write to it may land in the slice.
// CHECK-LABEL: util.func private @write_to_an_imported_buffer
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
  util.func private @write_to_an_imported_buffer(%producer: !stream.resource<*>, %view: !hal.buffer_view) -> (!stream.resource<*>, !stream.resource<*>) {
    %c0 = arith.constant 0 : index
    %c4 = arith.constant 4 : index
    %c100 = arith.constant 100 : index
    %c200 = arith.constant 200 : index
    %c300 = arith.constant 300 : index
    %c123_i32 = arith.constant 123 : i32
    // CHECK: stream.async.slice
    %slice = stream.async.slice %producer[%c100 to %c200] : !stream.resource<*>{%c300} -> !stream.resource<*>{%c100}
    %imported = stream.tensor.import %view : !hal.buffer_view -> tensor<75xi32> in !stream.resource<external>{%c300}
    %fill = stream.async.fill %c123_i32, %imported[%c0 to %c4 for %c4] : i32 -> %imported as !stream.resource<external>{%c300}
    %r = stream.async.dispatch @ex::@read(%slice[%c0 to %c100 for %c100]) : (!stream.resource<*>{%c100}) -> !stream.resource<*>{%c4}
    %e = stream.async.transfer %fill : !stream.resource<external>{%c300} -> !stream.resource<*>{%c300}
    util.return %r, %e : !stream.resource<*>, !stream.resource<*>
  }
}
// LOG-LABEL: in @write_to_an_imported_buffer
// LOG: decision: KEEP: stream.async.fill %fill may write the slice's bytes while the alias is live: its range is unknown (storage that may be shared with external buffers at unknown offsets)
