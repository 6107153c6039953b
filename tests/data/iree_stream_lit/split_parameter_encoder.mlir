// From IREE (https://github.com/iree-org/iree, Apache-2.0 WITH LLVM-exception):
// compiler/src/iree/compiler/Dialect/Stream/Transforms/test/split_parameter_encoder.mlir at b48a5955575c, unchanged: the 2 of its 38 cases on which
// IREE's stream phase runs up to iree-stream-schedule-allocation and leaves execution regions
// (what `slice-elision check` checks). tests/e2e/test_schedule_check_iree_lit.py checks each.


//===----------------------------------------------------------------------===//
// Control Flow in Initializers
//===----------------------------------------------------------------------===//

// Tests scf.for loop with fixed bounds.
// Loop should be unrolled if bounds are constant.
// Real-world: Fixed preprocessing iterations.
// Tests scf.for loop with constant bounds.
// Should hoist the loop and its body since bounds are constant.
// Real-world: Iterative parameter transformations.

// Encoder module should be generated with scf.for hoisted.
// CHECK: module @encoder
// CHECK: util.func public @__encode_parameter_detect_target
// CHECK: util.func public @__encode_parameter_indices_all
// CHECK: util.func public @__encode_parameter_steps_all
// CHECK: util.func public @__encode_parameters_all

// Encoder should contain the scf.for loop with result scattered to parameter.
// CHECK: %[[IMPORT_TP:.+]] = stream.timepoint.import {{.+}} %arg1 : (!hal.fence) => !stream.timepoint
// CHECK-DAG: %[[C1024:.+]] = arith.constant 1024 : index
// CHECK: %[[PACK_SIZE:.+]]:2 = stream.resource.pack {{.+}} slices({
// CHECK-NEXT:   [0, 0] = %[[C1024]]
// CHECK-NEXT: }) : index
// CHECK: %[[ALLOCA:.+]], %[[ALLOCA_TP:.+]] = stream.resource.alloca uninitialized {{.+}} await(%[[IMPORT_TP]]) => !stream.resource<transient>{%[[PACK_SIZE]]#0} => !stream.timepoint
// CHECK: %[[ALLOCA_READY:.+]] = stream.timepoint.await %[[ALLOCA_TP]] => %[[ALLOCA]] : !stream.resource<transient>{%[[PACK_SIZE]]#0}
// CHECK-DAG: %[[C0:.+]] = arith.constant 0 : index
// CHECK-DAG: %[[C3:.+]] = arith.constant 3 : index
// CHECK-DAG: %[[C1:.+]] = arith.constant 1 : index
// CHECK-DAG: %[[C256:.+]] = arith.constant 256 : index
// CHECK-DAG: %[[C0_I64:.+]] = arith.constant 0 : i64
// CHECK-DAG: %[[LOAD_SCOPE:.+]] = util.buffer.constant : !util.buffer = "model"
// CHECK-DAG: %[[LOAD_KEY:.+]] = util.buffer.constant : !util.buffer = "iterative_param"
// CHECK: %[[PARAM_RESOURCE:.+]], %[[PARAM_TP:.+]] = stream.async.parameter.load {{.+}} await(%[[IMPORT_TP]]) %[[LOAD_SCOPE]]::%[[LOAD_KEY]][%[[C0_I64]]] : !stream.resource<constant>{%[[C1024]]} => !stream.timepoint
// CHECK: %[[INPUT:.+]] = stream.timepoint.await %[[PARAM_TP]] => %[[PARAM_RESOURCE]] : !stream.resource<constant>{%[[C1024]]}
// CHECK: %[[LOOP_RESULT:.+]] = scf.for %[[IV:.+]] = %[[C0]] to %[[C3]] step %[[C1]] iter_args(%[[ARG:.+]] = %[[INPUT]]) -> (!stream.resource<constant>) {
// CHECK:   %[[C100:.+]] = arith.constant 100 : i32
// CHECK:   %[[FILLED:.+]] = stream.async.fill %[[C100]], %[[ARG]][%[[C0]] to %[[C256]] for %[[C256]]] : i32 -> %[[ARG]] as !stream.resource<constant>{%[[C1024]]}
// CHECK:   scf.yield %[[FILLED]] : !stream.resource<constant>
// CHECK: }
// CHECK: %[[UPDATE_END:.+]] = arith.addi %[[PACK_SIZE]]#1, %[[C1024]] : index
// CHECK: %[[UPDATED:.+]] = stream.async.update {{.+}} %[[LOOP_RESULT]], %[[ALLOCA_READY]][%[[PACK_SIZE]]#1 to %[[UPDATE_END]]] : !stream.resource<constant>{%[[C1024]]} -> %[[ALLOCA_READY]] as !stream.resource<transient>{%[[PACK_SIZE]]#0}
// CHECK: %[[BARRIER_RESULT:.+]], %[[BARRIER_TP:.+]] = stream.timepoint.barrier {{.+}} %[[UPDATED]] : !stream.resource<transient>{%[[PACK_SIZE]]#0} => !stream.timepoint
// CHECK-DAG: %[[SCATTER_KEY:.+]] = util.buffer.constant : !util.buffer = "parameter0"
// CHECK-DAG: %[[SCATTER_SCOPE:.+]] = util.buffer.constant : !util.buffer = ""
// CHECK: %[[SCATTER_RESULT:.+]], %[[SCATTER_TP:.+]] = stream.async.parameter.scatter {{.+}} await(%[[BARRIER_TP]]) {
// CHECK-NEXT:   %[[BARRIER_RESULT]][%[[PACK_SIZE]]#1 to %[[UPDATE_END]] for %[[C1024]]] : !stream.resource<transient>{%[[PACK_SIZE]]#0} -> %[[SCATTER_SCOPE]]::%[[SCATTER_KEY]][%[[C0_I64]]]
// CHECK-NEXT: } : !stream.resource<transient> => !stream.timepoint
// CHECK: %[[JOIN_TP:.+]] = stream.timepoint.join max(%[[SCATTER_TP]]) => !stream.timepoint
// CHECK: %[[DEALLOCA_TP:.+]] = stream.resource.dealloca {{.+}} await(%[[JOIN_TP]]) => %[[SCATTER_RESULT]] : !stream.resource<transient>{%[[PACK_SIZE]]#0} => !stream.timepoint
// CHECK: stream.timepoint.chain_external {{.+}} %[[DEALLOCA_TP]] => (%arg2 : !hal.fence)

// Original module should have parameter load instead of scf.for.
// CHECK-LABEL: util.global private @scf_for_fixed_bounds
util.global private @scf_for_fixed_bounds : !stream.resource<constant>

util.initializer {
  %c0 = arith.constant 0 : index
  %c3 = arith.constant 3 : index
  %c1 = arith.constant 1 : index
  %c256 = arith.constant 256 : index
  %c1024 = arith.constant 1024 : index

  %param = stream.async.constant : !stream.resource<constant>{%c1024} =
    #stream.parameter.named<"model"::"iterative_param"> : vector<1024xi8>

  // Fixed-bound loop that could be unrolled.
  // CHECK-NOT: scf.for
  // CHECK-NOT: stream.async.fill
  %result = scf.for %i = %c0 to %c3 step %c1
    iter_args(%arg = %param) -> (!stream.resource<constant>) {
    // Apply transformation in each iteration.
    %c100_i32 = arith.constant 100 : i32
    %processed = stream.async.fill %c100_i32, %arg[%c0 to %c256 for %c256] :
      i32 -> %arg as !stream.resource<constant>{%c1024}
    scf.yield %processed : !stream.resource<constant>
  }

  // Original module loads from parameter instead of executing loop.
  // CHECK: %[[PARAM:.+]] = stream.async.constant {{.+}} #stream.parameter.named<""::"parameter0">
  // CHECK: util.global.store %[[PARAM]], @scf_for_fixed_bounds
  util.global.store %result, @scf_for_fixed_bounds : !stream.resource<constant>
  util.return
}

// -----

// Tests captured values with scf.for loop.
// Similar to the scf.if test but with loop-carried values.

stream.executable private @for_dispatch {
  stream.executable.export public @dispatch
}

// CHECK-LABEL: util.global private @captured_value_for_ordering : !stream.resource<constant>
util.global private @captured_value_for_ordering : !stream.resource<constant>

// CHECK: util.initializer {
util.initializer {
  %c1024 = arith.constant 1024 : index
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c3 = arith.constant 3 : index
  %c256 = arith.constant 256 : index

  // Load parameter.
  %param = stream.async.constant : !stream.resource<constant>{%c1024} =
    #stream.parameter.named<"model"::"for_param"> : vector<1024xi8>

  // Value captured by the loop body.
  %fill_pattern = arith.constant 7 : i32

  // Loop that captures %fill_pattern from outside.
  // CHECK-NOT: scf.for
  %result = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %param) -> !stream.resource<constant> {
    // Uses captured %fill_pattern.
    %offset = arith.muli %i, %c256 : index
    %end = arith.addi %offset, %c256 : index
    %filled = stream.async.fill %fill_pattern, %acc[%offset to %end for %c256]
      : i32 -> %acc as !stream.resource<constant>{%c1024}
    scf.yield %filled : !stream.resource<constant>
  }

  // CHECK: stream.async.constant {{.+}} #stream.parameter.named<""::"parameter0">
  // CHECK: util.global.store %{{.+}}, @captured_value_for_ordering
  util.global.store %result, @captured_value_for_ordering : !stream.resource<constant>
  // CHECK: util.return
  util.return
  // CHECK: }
}

