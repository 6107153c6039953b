// From IREE (https://github.com/iree-org/iree, Apache-2.0 WITH LLVM-exception):
// compiler/src/iree/compiler/Dialect/Stream/Transforms/test/elide_materialized_copies.mlir at b48a5955575c, unchanged: the 3 of its 11 cases on which
// IREE's stream phase runs up to iree-stream-schedule-allocation and leaves execution regions
// (what `slice-elision check` checks). tests/e2e/test_schedule_check_iree_lit.py checks each.


// Tests user-provided output storage pattern.
// User provides output buffer, we compute result and write it in-place.

stream.executable private @ex_compute_output {
  stream.executable.export public @compute workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: @user_provided_output_storage
// CHECK-SAME: (%[[INPUT_VIEW:.+]]: !util.buffer, %[[OUTPUT_VIEW:.+]]: !util.buffer) -> !util.buffer
util.func public @user_provided_output_storage(%input_view: !util.buffer, %output_view: !util.buffer) -> !util.buffer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index

  // Import input.
  // CHECK: %[[INPUT_SIZE:.+]] = stream.tensor.sizeof
  // CHECK: %[[INPUT:.+]] = stream.tensor.import %[[INPUT_VIEW]] : !util.buffer -> tensor<1024xf32> in !stream.resource<external>{%[[INPUT_SIZE]]}
  %input_size = stream.tensor.sizeof tensor<1024xf32> : index
  %input = stream.tensor.import %input_view : !util.buffer -> tensor<1024xf32> in !stream.resource<external>{%input_size}

  // Import user-provided output storage.
  // The `consume` attribute enables zero-copy in-place updates.
  // CHECK: %[[OUTPUT_STORAGE:.+]] = stream.tensor.import consume %[[OUTPUT_VIEW]]
  %output_size = stream.tensor.sizeof tensor<1024xf32> : index
  %output_storage = stream.tensor.import consume %output_view : !util.buffer -> tensor<1024xf32> in !stream.resource<external>{%output_size}

  // Compute result from input.
  // CHECK: %[[COMPUTED:.+]] = stream.async.dispatch @ex_compute_output::@compute[%c1, %c1, %c1](%[[INPUT]][%c0 to %[[INPUT_SIZE]] for %[[INPUT_SIZE]]]) : (!stream.resource<external>{%[[INPUT_SIZE]]}) -> !stream.resource<*>{{.+}}
  %computed_size = stream.tensor.sizeof tensor<1024xf32> : index
  %computed = stream.async.dispatch @ex_compute_output::@compute[%c1, %c1, %c1](%input[%c0 to %input_size for %input_size]) : (!stream.resource<external>{%input_size}) -> !stream.resource<*>{%computed_size}

  // Write computed result into user-provided output storage (zero-copy).
  // CHECK-NOT: stream.async.clone
  // CHECK: %[[UPDATED:.+]] = stream.async.update %[[COMPUTED]], %[[OUTPUT_STORAGE]]
  %updated = stream.async.update %computed, %output_storage[%c0 to %computed_size] : !stream.resource<*>{%computed_size} -> %output_storage as !stream.resource<external>{%output_size}

  // Alias back to user (hal.tensor.alias pattern).
  // Note: identity slice and transfer are elided by canonicalize and elide-async-copies.
  %slice = stream.async.slice %updated[%c0 to %computed_size] : !stream.resource<external>{%output_size} -> !stream.resource<external>{%computed_size}
  %transfer = stream.async.transfer %slice : !stream.resource<external>{%computed_size} -> !stream.resource<external>{%computed_size}

  // Export and return (via alias).
  // CHECK: %[[EXPORTED:.+]] = stream.tensor.export %[[UPDATED]]
  %exported = stream.tensor.export %transfer : tensor<1024xf32> in !stream.resource<external>{%computed_size} -> !util.buffer

  // CHECK: util.return %[[EXPORTED]]
  util.return %exported : !util.buffer
}

// -----

// Tests cross-device operation with unified memory topology.
// When devices have unified memory, transfers should be elided but clones
// may still be needed for copy-on-write semantics.

module @unified_memory attributes {
  stream.topology = #hal.device.topology<links = [
    (@dev_a -> @dev_b = {unified_memory = true}),
    (@dev_b -> @dev_a = {unified_memory = true})
  ]>
} {

stream.executable private @ex_cross_device {
  stream.executable.export public @compute workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: @cross_device_unified_memory
// CHECK-SAME: (%[[INPUT:.+]]: !util.buffer) -> !util.buffer
util.func public @cross_device_unified_memory(%input: !util.buffer) -> !util.buffer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index

  // Import on device A.
  // CHECK: %[[SIZE:.+]] = stream.tensor.sizeof
  // CHECK: %[[IMPORTED:.+]] = stream.tensor.import on(#hal.device.promise<@dev_a>) %[[INPUT]] : !util.buffer -> tensor<1024xf32> in !stream.resource<external>{%[[SIZE]]}
  %size = stream.tensor.sizeof tensor<1024xf32> : index
  %imported = stream.tensor.import on(#hal.device.promise<@dev_a>) %input : !util.buffer -> tensor<1024xf32> in !stream.resource<external>{%size}

  // Dispatch on device B consumes resource from device A.
  // Since devices have unified memory, no explicit transfer should remain.
  // CHECK-NOT: stream.async.transfer
  // CHECK: %[[DISPATCH:.+]] = stream.async.dispatch on(#hal.device.promise<@dev_b>) @ex_cross_device::@compute[%c1, %c1, %c1](%[[IMPORTED]][%c0 to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<external>{%[[SIZE]]}) -> !stream.resource<*>{%[[SIZE]]}
  %result = stream.async.dispatch on(#hal.device.promise<@dev_b>) @ex_cross_device::@compute[%c1, %c1, %c1](%imported[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> !stream.resource<*>{%size}

  // Export result.
  // CHECK: %[[EXPORTED:.+]] = stream.tensor.export %[[DISPATCH]] : tensor<1024xf32> in !stream.resource<*>{%[[SIZE]]} -> !util.buffer
  %exported = stream.tensor.export %result : tensor<1024xf32> in !stream.resource<*>{%size} -> !util.buffer

  // CHECK: util.return %[[EXPORTED]]
  util.return %exported : !util.buffer
}

} // module

// -----

// Tests cross-device operation WITHOUT unified memory.
// Transfers between non-unified devices must be preserved.

module @non_unified_memory attributes {
  stream.topology = #hal.device.topology<links = [
    (@dev_a -> @dev_c = {})  // No unified memory.
  ]>
} {

stream.executable private @ex_cross_device_non_unified {
  stream.executable.export public @compute workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: @cross_device_non_unified_memory
// CHECK-SAME: (%[[INPUT:.+]]: !util.buffer) -> !util.buffer
util.func public @cross_device_non_unified_memory(%input: !util.buffer) -> !util.buffer {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index

  // Import on device A.
  // CHECK: %[[SIZE:.+]] = stream.tensor.sizeof
  // CHECK: %[[IMPORTED:.+]] = stream.tensor.import on(#hal.device.promise<@dev_a>) %[[INPUT]] : !util.buffer -> tensor<1024xf32> in !stream.resource<external>{%[[SIZE]]}
  %size = stream.tensor.sizeof tensor<1024xf32> : index
  %imported = stream.tensor.import on(#hal.device.promise<@dev_a>) %input : !util.buffer -> tensor<1024xf32> in !stream.resource<external>{%size}

  // Cross-device transfer (inserted by earlier passes like RefineUsage).
  // Since devices do NOT have unified memory, transfer MUST be preserved.
  // CHECK: %[[TRANSFER:.+]] = stream.async.transfer %[[IMPORTED]] : !stream.resource<external>{%[[SIZE]]} from(#hal.device.promise<@dev_a>) -> to(#hal.device.promise<@dev_c>) !stream.resource<external>{%[[SIZE]]}
  %transferred = stream.async.transfer %imported : !stream.resource<external>{%size}
      from(#hal.device.promise<@dev_a>) -> to(#hal.device.promise<@dev_c>) !stream.resource<external>{%size}

  // Dispatch on device C consumes transferred resource.
  // CHECK: %[[DISPATCH:.+]] = stream.async.dispatch on(#hal.device.promise<@dev_c>) @ex_cross_device_non_unified::@compute[%c1, %c1, %c1](%[[TRANSFER]][%c0 to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<external>{%[[SIZE]]}) -> !stream.resource<*>{%[[SIZE]]}
  %result = stream.async.dispatch on(#hal.device.promise<@dev_c>) @ex_cross_device_non_unified::@compute[%c1, %c1, %c1](%transferred[%c0 to %size for %size]) : (!stream.resource<external>{%size}) -> !stream.resource<*>{%size}

  // Export result.
  // CHECK: %[[EXPORTED:.+]] = stream.tensor.export %[[DISPATCH]] : tensor<1024xf32> in !stream.resource<*>{%[[SIZE]]} -> !util.buffer
  %exported = stream.tensor.export %result : tensor<1024xf32> in !stream.resource<*>{%size} -> !util.buffer

  // CHECK: util.return %[[EXPORTED]]
  util.return %exported : !util.buffer
}

} // module

