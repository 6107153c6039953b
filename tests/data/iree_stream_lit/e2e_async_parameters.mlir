// From IREE (https://github.com/iree-org/iree, Apache-2.0 WITH LLVM-exception):
// compiler/src/iree/compiler/Dialect/Stream/Transforms/test/e2e/async_parameters.mlir at b48a5955575c, unchanged: the 4 of its 6 cases on which
// IREE's stream phase runs up to iree-stream-schedule-allocation and leaves execution regions
// (what `slice-elision check` checks). tests/e2e/test_schedule_check_iree_lit.py checks each.


// Tests that a gather operation with multiple entries keeps all entries
// together and doesn't get split across partitions.
//
// The gather operation represents a batched I/O operation that should be
// atomic from the perspective of execution partitioning. Splitting entries
// across partitions would defeat the purpose of batching and could introduce
// unnecessary synchronization overhead.

// CHECK-LABEL: @GatherMultipleEntriesThenDispatch
// CHECK-SAME: %[[ARG0:.+]]: index, %[[MODEL:.+]]: !util.buffer, %[[BIAS0:.+]]: !util.buffer, %[[BIAS1:.+]]: !util.buffer
util.func public @GatherMultipleEntriesThenDispatch(%arg0: index, %model: !util.buffer, %bias0: !util.buffer, %bias1: !util.buffer) -> !stream.resource<transient> {
  %c0_i64 = arith.constant 0 : i64
  %c1024_i64 = arith.constant 1024 : i64
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c512 = arith.constant 512 : index

  // Allocate transient buffer for gathered parameters.
  %buffer = stream.resource.alloc uninitialized : !stream.resource<transient>{%c2048}

  // Gather multiple parameter ranges into buffer.
  // All entries should remain in a single gather operation.
  // CHECK: stream.cmd.parameter.gather
  // CHECK-NEXT: %[[MODEL]]::%[[BIAS0]]
  // CHECK-NEXT: %[[MODEL]]::%[[BIAS1]]
  %gathered, %gather_tp = stream.async.parameter.gather {
    %model::%bias0[%c0_i64] -> %buffer[%c0 to %c1024 for %c1024] : !stream.resource<transient>{%c2048},
    %model::%bias1[%c1024_i64] -> %buffer[%c1024 to %c2048 for %c1024] : !stream.resource<transient>{%c2048}
  } : !stream.resource<transient> => !stream.timepoint

  //  Await gather (required for valid IR, pipeline will optimize).
  %gathered_ready = stream.timepoint.await %gather_tp => %gathered : !stream.resource<transient>{%c2048}

  // Dispatch uses gathered result via await() clause on execute region.
  // CHECK: stream.cmd.execute
  // CHECK-SAME: await
  // CHECK: stream.cmd.dispatch @some_kernel::@dispatch
  %result = stream.async.dispatch @some_kernel::@dispatch[%arg0](%gathered_ready[%c0 to %c2048 for %c2048]) : (!stream.resource<transient>{%c2048}) -> !stream.resource<transient>{%c512}

  util.return %result : !stream.resource<transient>
}

// -----

// Tests that a dispatch followed by a scatter operation threads timepoints
// correctly and the scatter awaits the dispatch completion.
//
// This validates that result timepoints from dispatches properly flow into
// parameter write operations, ensuring that scatter operations wait for
// their source data to be ready before attempting to write to the parameter
// archive.

// CHECK-LABEL: @DispatchThenScatter
// CHECK-SAME: %[[ARG0:.+]]: !stream.resource<transient>, %[[ARG1:.+]]: index, %[[OUTPUT:.+]]: !util.buffer, %[[RESULT0:.+]]: !util.buffer, %[[RESULT1:.+]]: !util.buffer
util.func public @DispatchThenScatter(%arg0: !stream.resource<transient>, %arg1: index, %output: !util.buffer, %result0: !util.buffer, %result1: !util.buffer) -> !stream.timepoint {
  %c0_i64 = arith.constant 0 : i64
  %c1024_i64 = arith.constant 1024 : i64
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index

  // Dispatch produces result to be scattered.
  // CHECK: stream.cmd.execute
  // CHECK: stream.cmd.dispatch @transform_kernel::@dispatch
  %output_data = stream.async.dispatch @transform_kernel::@dispatch[%arg1](%arg0[%c0 to %c2048 for %c2048]) : (!stream.resource<transient>{%c2048}) -> !stream.resource<transient>{%c2048}

  // Scatter should follow dispatch, writing result to parameter archive.
  // CHECK: stream.cmd.parameter.scatter
  // CHECK-NEXT: %[[OUTPUT]]::%[[RESULT0]]
  // CHECK-NEXT: %[[OUTPUT]]::%[[RESULT1]]
  %scattered, %scatter_tp = stream.async.parameter.scatter {
    %output_data[%c0 to %c1024 for %c1024] : !stream.resource<transient>{%c2048} -> %output::%result0[%c0_i64],
    %output_data[%c1024 to %c2048 for %c1024] : !stream.resource<transient>{%c2048} -> %output::%result1[%c1024_i64]
  } : !stream.resource<transient> => !stream.timepoint

  // Return the timepoint to anchor the scatter operation.
  util.return %scatter_tp : !stream.timepoint
}

// -----

// Tests that multiple sequential parameter operations have their timepoints
// properly folded when operations can be scheduled consecutively.
//
// This validates the ElideTimepoints pass and timeline optimization work
// correctly with parameter operations - when a parameter load's result is
// immediately consumed by another operation, the intermediate timepoint
// should be elided.

// CHECK-LABEL: @MultipleParameterOpsTimepointFolding
// CHECK-SAME: %[[ARG0:.+]]: index, %[[MODEL:.+]]: !util.buffer, %[[WEIGHTS:.+]]: !util.buffer, %[[BIAS:.+]]: !util.buffer
util.func public @MultipleParameterOpsTimepointFolding(%arg0: index, %model: !util.buffer, %weights_key: !util.buffer, %bias_key: !util.buffer) -> !stream.resource<transient> {
  %c0_i64 = arith.constant 0 : i64
  %c1024_i64 = arith.constant 1024 : i64
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c512 = arith.constant 512 : index

  // Load first parameter.
  // CHECK: stream.cmd.parameter.load
  // CHECK: %[[MODEL]]::%[[WEIGHTS]]
  %weights, %load1_tp = stream.async.parameter.load %model::%weights_key[%c0_i64]
      : !stream.resource<constant>{%c1024} => !stream.timepoint

  // Allocate buffer for second parameter.
  %buffer = stream.resource.alloc uninitialized : !stream.resource<transient>{%c1024}

  // Read second parameter into buffer.
  // CHECK: stream.cmd.parameter.read
  // CHECK: %[[MODEL]]::%[[BIAS]]
  %read, %read_tp = stream.async.parameter.read %model::%bias_key[%c1024_i64]
      -> %buffer[%c0 to %c1024 for %c1024] : !stream.resource<transient>{%c1024} => !stream.timepoint

  // Await both parameter operations (required for valid IR, pipeline will optimize).
  %weights_ready = stream.timepoint.await %load1_tp => %weights : !stream.resource<constant>{%c1024}
  %read_ready = stream.timepoint.await %read_tp => %read : !stream.resource<transient>{%c1024}

  // Dispatch uses both parameters, awaiting their timepoints via execute region.
  // CHECK: stream.cmd.execute
  // CHECK-SAME: await
  // CHECK: stream.cmd.dispatch @inference::@dispatch
  %result = stream.async.dispatch @inference::@dispatch[%arg0](%weights_ready[%c0 to %c1024 for %c1024], %read_ready[%c0 to %c1024 for %c1024]) : (!stream.resource<constant>{%c1024}, !stream.resource<transient>{%c1024}) -> !stream.resource<transient>{%c512}

  util.return %result : !stream.resource<transient>
}

// -----

// Tests that mixing parameter operations with regular async operations
// (like allocations and dispatches) doesn't cause interference or incorrect
// resource management.
//
// This validates that parameter-backed resources integrate correctly with
// the normal resource allocation and lifetime management, and that parameter
// operations don't inadvertently affect allocation pooling or sizing
// decisions.

// CHECK-LABEL: @MixedParameterAndRegularOps
// CHECK-SAME: %[[ARG0:.+]]: index, %[[MODEL:.+]]: !util.buffer, %[[WEIGHTS:.+]]: !util.buffer
util.func public @MixedParameterAndRegularOps(%arg0: index, %model: !util.buffer, %weights_key: !util.buffer) -> !stream.resource<transient> {
  %c0_i64 = arith.constant 0 : i64
  %c0 = arith.constant 0 : index
  %c1024 = arith.constant 1024 : index
  %c2048 = arith.constant 2048 : index
  %c512 = arith.constant 512 : index

  // Regular allocation (not parameter-backed).
  // CHECK: stream.resource.alloc
  %temp = stream.resource.alloc uninitialized : !stream.resource<transient>{%c2048}

  // Fill regular allocation.
  %c42_i32 = arith.constant 42 : i32
  %filled = stream.async.fill %c42_i32, %temp[%c0 to %c2048 for %c2048] : i32 -> %temp as !stream.resource<transient>{%c2048}

  // Load from parameter archive.
  // CHECK: stream.cmd.parameter.load
  // CHECK: %[[MODEL]]::%[[WEIGHTS]]
  %weights, %load_tp = stream.async.parameter.load %model::%weights_key[%c0_i64]
      : !stream.resource<constant>{%c1024} => !stream.timepoint

  // Await parameter load (required for valid IR, pipeline will optimize).
  %weights_ready = stream.timepoint.await %load_tp => %weights : !stream.resource<constant>{%c1024}

  // Dispatch uses both parameter-backed and regular resources.
  // CHECK: stream.cmd.execute
  // CHECK: stream.cmd.fill
  // CHECK: stream.cmd.dispatch @mixed_kernel::@dispatch
  %result = stream.async.dispatch @mixed_kernel::@dispatch[%arg0](%weights_ready[%c0 to %c1024 for %c1024], %filled[%c0 to %c2048 for %c2048]) : (!stream.resource<constant>{%c1024}, !stream.resource<transient>{%c2048}) -> !stream.resource<transient>{%c512}

  util.return %result : !stream.resource<transient>
}
