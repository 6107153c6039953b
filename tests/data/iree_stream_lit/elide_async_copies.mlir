// From IREE (https://github.com/iree-org/iree, Apache-2.0 WITH LLVM-exception):
// compiler/src/iree/compiler/Dialect/Stream/Transforms/test/elide_async_copies.mlir at b48a5955575c, unchanged: the 33 of its 55 cases on which
// IREE's stream phase runs up to iree-stream-schedule-allocation and leaves execution regions
// (what `slice-elision check` checks). tests/e2e/test_schedule_check_iree_lit.py checks each.
// RUN: iree-opt --split-input-file --iree-stream-elide-async-copies --cse %s | FileCheck %s

// Tests that clones with the same lifetime can be elided (baseline behavior).

// CHECK-LABEL: @cloneSameLifetime
util.func public @cloneSameLifetime() -> !stream.resource<*> {
  %c4 = arith.constant 4 : index
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  %c456_i32 = arith.constant 456 : i32

  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c123
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%c4}

  // Clone with same lifetime (* -> *) and last use CAN be elided.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%c4} -> !stream.resource<*>{%c4}

  // CHECK: stream.async.fill %c456_i32, %[[SPLAT]]
  %fill = stream.async.fill %c456_i32, %clone[%c0 to %c4 for %c4] : i32 -> %0 as !stream.resource<*>{%c4}

  util.return %fill : !stream.resource<*>
}

// -----

// Tests that a normal clone-on-multiple-uses pattern has the last clone elided.
// This is what the --iree-stream-materialize-copy-on-write pass generates and
// expects us to clean up.

// CHECK-LABEL: @multiUseTiedOperand
util.func public @multiUseTiedOperand(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c256 = arith.constant 256 : index
  %c123_i32 = arith.constant 123 : i32
  %c456_i32 = arith.constant 456 : i32
  %c789_i32 = arith.constant 789 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[CLONE0:.+]] = stream.async.clone %[[SPLAT]]
  %clone0 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[FILL0:.+]] = stream.async.fill %c456_i32, %[[CLONE0]]
  %fill0 = stream.async.fill %c456_i32, %clone0[%c0 to %c128 for %c128] : i32 -> %1 as !stream.resource<*>{%size}
  // CHECK-NOT: stream.async.clone
  %clone1 = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[FILL1:.+]] = stream.async.fill %c789_i32, %[[SPLAT]]
  %fill1 = stream.async.fill %c789_i32, %clone1[%c128 to %c256 for %c128] : i32 -> %3 as !stream.resource<*>{%size}
  // CHECK: util.return %[[FILL0]], %[[FILL1]]
  util.return %fill0, %fill1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests a copy of a by-value function argument gets elided.
// Since the caller passes in the last live reference the callee is allowed to
// mutate the memory in-place.

// CHECK-LABEL: util.func private @argMoveCallee
// CHECK-SAME: (%[[ARG:.+]]: !stream.resource<*>, %{{.+}}: index)
util.func private @argMoveCallee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %arg : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[FILL:.+]] = stream.async.fill %c123_i32, %[[ARG]]
  %fill = stream.async.fill %c123_i32, %clone[%c0 to %c128 for %c128] : i32 -> %0 as !stream.resource<*>{%size}
  // CHECK: util.return %[[FILL]]
  util.return %fill : !stream.resource<*>
}
// CHECK: @argMoveCaller
util.func public @argMoveCaller(%size: index) -> !stream.resource<*> {
  %c123_i32 = arith.constant 123 : i32
  // CHECK: stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  %result = util.call @argMoveCallee(%splat, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %result : !stream.resource<*>
}

// -----

// Tests a copy we cannot elide because the function argument is used after the
// call and passed by const-reference.

// CHECK-LABEL: util.func private @argCopyCallee
util.func private @argCopyCallee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: stream.async.clone
  %clone = stream.async.clone %arg : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.fill
  %fill = stream.async.fill %c123_i32, %clone[%c0 to %c128 for %c128] : i32 -> %0 as !stream.resource<*>{%size}
  util.return %fill : !stream.resource<*>
}
// CHECK: @argCopyCaller
util.func public @argCopyCaller(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c123_i32 = arith.constant 123 : i32
  // CHECK: stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  %result = util.call @argCopyCallee(%splat, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %splat, %result : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that clones to external lifetime are preserved.
// External resources cross module boundaries and require the specific lifetime.

// CHECK-LABEL: @cloneToExternal
util.func public @cloneToExternal() -> !stream.resource<external> {
  %c4 = arith.constant 4 : index
  %c123_i32 = arith.constant 123 : i32

  // Splat produces a generic resource.
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%c4}

  // Clone to external lifetime for export.
  // This clone MUST NOT be elided even though splat is only used here,
  // because it changes lifetime from * to external.
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[SPLAT]]
  // CHECK-SAME: !stream.resource<*>{%c4} -> !stream.resource<external>{%c4}
  %clone = stream.async.clone %splat : !stream.resource<*>{%c4} -> !stream.resource<external>{%c4}

  // CHECK: util.return %[[CLONE]]
  util.return %clone : !stream.resource<external>
}

// -----

// Tests that constant->constant clones are always elided because constants
// are immutable and can be safely aliased even with multiple users.
// This is the key optimization for reducing copies of constant parameters.

// CHECK-LABEL: @constantCloneSingleUse
util.func public @constantCloneSingleUse(%size: index) -> !stream.resource<constant> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index

  // CHECK: %[[CONST:.+]] = stream.async.constant
  %const = stream.async.constant : !stream.resource<constant>{%size} = dense<123> : tensor<128xi32>

  // Constant->constant clone with single use should be elided.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %const : !stream.resource<constant>{%size} -> !stream.resource<constant>{%size}

  // CHECK: util.return %[[CONST]]
  util.return %clone : !stream.resource<constant>
}

// -----

// Tests that constant->* clones are still preserved (lifetime conversion).
// This ensures our constant->constant optimization doesn't break the
// existing lifetime conversion logic.

// CHECK-LABEL: @constantToGenericPreserved
util.func public @constantToGenericPreserved(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c123_i32 = arith.constant 123 : i32

  // CHECK: %[[CONST:.+]] = stream.async.constant
  %const = stream.async.constant : !stream.resource<constant>{%c4} = dense<123> : tensor<1xi32>

  // Clone from constant to generic lifetime must be preserved.
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[CONST]]
  // CHECK-SAME: !stream.resource<constant>{%c4} -> !stream.resource<*>{%c4}
  %clone = stream.async.clone %const : !stream.resource<constant>{%c4} -> !stream.resource<*>{%c4}

  // CHECK: stream.async.fill %c123_i32, %[[CLONE]]
  %fill = stream.async.fill %c123_i32, %clone[%c0 to %c4 for %c4] : i32 -> %0 as !stream.resource<*>{%c4}

  util.return %fill : !stream.resource<*>
}

// -----

// Tests that constant->constant clones are preserved when the result is tied
// (mutated). This is critical for correctness during initialization where
// constants may be mutated to produce their final values.

// CHECK-LABEL: @constantCloneTiedMutation
util.func public @constantCloneTiedMutation(%size: index) -> !stream.resource<constant> {
  %c0 = arith.constant 0 : index
  %c128 = arith.constant 128 : index
  %c456_i32 = arith.constant 456 : i32

  // CHECK: %[[CONST:.+]] = stream.async.constant
  %const = stream.async.constant : !stream.resource<constant>{%size} = dense<123> : tensor<128xi32>

  // Clone before mutation - this clone MUST be preserved because the result
  // is tied to an operation (will be mutated).
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[CONST]]
  %clone = stream.async.clone %const : !stream.resource<constant>{%size} -> !stream.resource<constant>{%size}

  // Fill operation that mutates the clone (tied operand).
  // CHECK: %[[FILLED:.+]] = stream.async.fill %c456_i32, %[[CLONE]]
  %filled = stream.async.fill %c456_i32, %clone[%c0 to %c128 for %c128] : i32 -> %clone as !stream.resource<constant>{%size}

  // CHECK: util.return %[[FILLED]]
  util.return %filled : !stream.resource<constant>
}

// -----

// Tests aliasing pattern where user provides output storage.
// The dispatch reuses the input buffer as output (tied operand) - clone should be elided.

stream.executable private @ex0 {
  stream.executable.export public @dispatch workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: util.func private @aliasing_user_provided_output_callee
// CHECK-SAME: (%[[RESOURCE:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func private @aliasing_user_provided_output_callee(%resource: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // Defensive clone as inserted by MaterializeCopyOnWritePass.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %resource : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Dispatch reuses input as output (tied operand pattern).
  // CHECK: %[[RESULT:.+]] = stream.async.dispatch @ex0::@dispatch[%c1, %c1, %c1](%[[RESOURCE]][%c0 to %[[SIZE]] for %[[SIZE]]], %[[RESOURCE]][%c0 to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<*>{%[[SIZE]]}, !stream.resource<*>{%[[SIZE]]}) -> %[[RESOURCE]]{%[[SIZE]]}
  %result = stream.async.dispatch @ex0::@dispatch[%c1, %c1, %c1](%clone[%c0 to %size for %size], %clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> %clone{%size}
  // CHECK: util.return %[[RESULT]]
  util.return %result : !stream.resource<*>
}

// CHECK-LABEL: @aliasing_user_provided_output_caller
util.func public @aliasing_user_provided_output_caller(%size: index) -> !stream.resource<*> {
  %c123_i32 = arith.constant 123 : i32
  %initial = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  %result = util.call @aliasing_user_provided_output_callee(%initial, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %result : !stream.resource<*>
}

// -----

// Tests dispatch taking same SSA value multiple times (aliasing inputs).
// Clone should be elided since all uses are read-only.

stream.executable private @ex1 {
  stream.executable.export public @dispatch_same_input_twice workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: util.func private @dispatch_same_value_twice_callee
// CHECK-SAME: (%[[RESOURCE:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func private @dispatch_same_value_twice_callee(%resource: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // Defensive clone as inserted by MaterializeCopyOnWritePass.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %resource : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Dispatch reads the same value twice - both are read-only.
  // CHECK: %[[RESULT:.+]] = stream.async.dispatch @ex1::@dispatch_same_input_twice[%c1, %c1, %c1](%[[RESOURCE]][%c0 to %[[SIZE]] for %[[SIZE]]], %[[RESOURCE]][%c0 to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<*>{%[[SIZE]]}, !stream.resource<*>{%[[SIZE]]}) -> !stream.resource<*>{%[[SIZE]]}
  %result = stream.async.dispatch @ex1::@dispatch_same_input_twice[%c1, %c1, %c1](%clone[%c0 to %size for %size], %clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}, !stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[RESULT]]
  util.return %result : !stream.resource<*>
}

// CHECK-LABEL: @dispatch_same_value_twice_caller
util.func public @dispatch_same_value_twice_caller(%size: index) -> !stream.resource<*> {
  %c123_i32 = arith.constant 123 : i32
  %initial = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  %result = util.call @dispatch_same_value_twice_callee(%initial, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %result : !stream.resource<*>
}

// -----

// Tests splat followed by in-place dispatch (common zero-copy pattern).
// Splat creates buffer, dispatch mutates it in-place without clone.

stream.executable private @ex2 {
  stream.executable.export public @dispatch_inplace workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: util.func private @splat_then_inplace_dispatch_callee
util.func private @splat_then_inplace_dispatch_callee(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c123_i32
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Defensive clone as inserted by MaterializeCopyOnWritePass.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Dispatch mutates splat buffer in-place (tied operand).
  // CHECK: %[[RESULT:.+]] = stream.async.dispatch @ex2::@dispatch_inplace[%c1, %c1, %c1](%[[SPLAT]][%c0 to %[[SIZE:.+]] for %[[SIZE]]]) : (!stream.resource<*>{%[[SIZE]]}) -> %[[SPLAT]]{%[[SIZE]]}
  %result = stream.async.dispatch @ex2::@dispatch_inplace[%c1, %c1, %c1](%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone{%size}
  // CHECK: util.return %[[RESULT]]
  util.return %result : !stream.resource<*>
}

// CHECK-LABEL: @splat_then_inplace_dispatch_caller
util.func public @splat_then_inplace_dispatch_caller(%size: index) -> !stream.resource<*> {
  %result = util.call @splat_then_inplace_dispatch_callee(%size) : (index) -> !stream.resource<*>
  util.return %result : !stream.resource<*>
}

// -----

// Tests splat followed by non-in-place dispatch (creates new output).
// Clone should be elided since splat is last use before dispatch.

stream.executable private @ex3 {
  stream.executable.export public @dispatch_new_output workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: util.func private @splat_then_new_output_dispatch_callee
util.func private @splat_then_new_output_dispatch_callee(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat %c123_i32
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Defensive clone as inserted by MaterializeCopyOnWritePass.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %splat : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Dispatch reads splat and produces new output (not tied).
  // CHECK: %[[RESULT:.+]] = stream.async.dispatch @ex3::@dispatch_new_output[%c1, %c1, %c1](%[[SPLAT]][%c0 to %[[SIZE:.+]] for %[[SIZE]]]) : (!stream.resource<*>{%[[SIZE]]}) -> !stream.resource<*>{%[[SIZE]]}
  %result = stream.async.dispatch @ex3::@dispatch_new_output[%c1, %c1, %c1](%clone[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[RESULT]]
  util.return %result : !stream.resource<*>
}

// CHECK-LABEL: @splat_then_new_output_dispatch_caller
util.func public @splat_then_new_output_dispatch_caller(%size: index) -> !stream.resource<*> {
  %result = util.call @splat_then_new_output_dispatch_callee(%size) : (index) -> !stream.resource<*>
  util.return %result : !stream.resource<*>
}

// -----

// Tests chained dispatches with user-provided storage (common pattern).
// First dispatch in-place, second dispatch reuses same buffer.

stream.executable private @ex4 {
  stream.executable.export public @dispatch_first workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

stream.executable private @ex5 {
  stream.executable.export public @dispatch_second workgroups(%arg0: index, %arg1: index, %arg2: index) -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: util.func private @chained_inplace_dispatches_callee
// CHECK-SAME: (%[[RESOURCE:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func private @chained_inplace_dispatches_callee(%resource: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c1 = arith.constant 1 : index
  // First defensive clone.
  // CHECK-NOT: stream.async.clone
  %clone1 = stream.async.clone %resource : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // First dispatch mutates in-place.
  // CHECK: %[[DISPATCH1:.+]] = stream.async.dispatch @ex4::@dispatch_first[%c1, %c1, %c1](%[[RESOURCE]][%c0 to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<*>{%[[SIZE]]}) -> %[[RESOURCE]]{%[[SIZE]]}
  %dispatch1 = stream.async.dispatch @ex4::@dispatch_first[%c1, %c1, %c1](%clone1[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone1{%size}
  // Second defensive clone.
  // CHECK-NOT: stream.async.clone
  %clone2 = stream.async.clone %dispatch1 : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Second dispatch also mutates in-place.
  // CHECK: %[[DISPATCH2:.+]] = stream.async.dispatch @ex5::@dispatch_second[%c1, %c1, %c1](%[[DISPATCH1]][%c0 to %[[SIZE]] for %[[SIZE]]]) : (!stream.resource<*>{%[[SIZE]]}) -> %[[DISPATCH1]]{%[[SIZE]]}
  %dispatch2 = stream.async.dispatch @ex5::@dispatch_second[%c1, %c1, %c1](%clone2[%c0 to %size for %size]) : (!stream.resource<*>{%size}) -> %clone2{%size}
  // CHECK: util.return %[[DISPATCH2]]
  util.return %dispatch2 : !stream.resource<*>
}

// CHECK-LABEL: @chained_inplace_dispatches_caller
util.func public @chained_inplace_dispatches_caller(%size: index) -> !stream.resource<*> {
  %c123_i32 = arith.constant 123 : i32
  %initial = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  %result = util.call @chained_inplace_dispatches_callee(%initial, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  util.return %result : !stream.resource<*>
}

// -----

//===----------------------------------------------------------------------===//
// Inter-procedural by-val/by-ref argument semantics
//===----------------------------------------------------------------------===//

// Tests that a callee called with mixed semantics (both by-val and by-ref)
// must preserve defensive copies since it can't assume semantics.

stream.executable private @ex_mixed {
  stream.executable.export public @dispatch workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: util.func private @mixedSemanticsSameCallee
// CHECK-SAME: (%[[ARG:[^:]+]]: !stream.resource<external>)
util.func private @mixedSemanticsSameCallee(%arg: !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  %c123_i32 = arith.constant 123 : i32
  // Clone must be preserved because callee is called with both semantics.
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[ARG]]
  %clone = stream.async.clone %arg : !stream.resource<external>{%c100} -> !stream.resource<external>{%c100}
  // CHECK: stream.async.fill %c123_i32, %[[CLONE]]
  %filled = stream.async.fill %c123_i32, %clone[%c0 to %c100 for %c100] : i32 -> %clone as !stream.resource<external>{%c100}
  util.return
}

// CHECK-LABEL: @mixedSemanticsByvalCaller
util.func public @mixedSemanticsByvalCaller() {
  %c0_i32 = arith.constant 0 : i32
  %c100 = arith.constant 100 : index
  %resource = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c100}
  // Last use - by-value semantics.
  util.call @mixedSemanticsSameCallee(%resource) : (!stream.resource<external>) -> ()
  util.return
}

// CHECK-LABEL: @mixedSemanticsByrefCaller
util.func public @mixedSemanticsByrefCaller() {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c100 = arith.constant 100 : index
  %resource = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c100}
  // Not last use - by-ref semantics.
  util.call @mixedSemanticsSameCallee(%resource) : (!stream.resource<external>) -> ()
  // Additional use after call.
  %dispatch = stream.async.dispatch @ex_mixed::@dispatch(%resource[%c0 to %c100 for %c100]) : (!stream.resource<external>{%c100}) -> !stream.resource<external>{%c100}
  util.return
}

// -----

//===----------------------------------------------------------------------===//
// Same-type transfer elision
//===----------------------------------------------------------------------===//

// Tests that same-type transfers (external->external) are always elided
// because they're no-ops regardless of by-val/by-ref semantics.

// CHECK-LABEL: @transferSameTypeFromArg
// CHECK-SAME: (%[[ARG:[^:]+]]: !stream.resource<external>)
util.func public @transferSameTypeFromArg(%arg: !stream.resource<external>) -> !stream.resource<external> {
  %c100 = arith.constant 100 : index
  // Same-type transfer is always a no-op and can be elided.
  // CHECK-NOT: stream.async.transfer
  %transfer = stream.async.transfer %arg : !stream.resource<external>{%c100} -> !stream.resource<external>{%c100}
  // CHECK: util.return %[[ARG]]
  util.return %transfer : !stream.resource<external>
}

// -----

// Tests that type-changing transfers (transient->external) are preserved
// because they change mutability semantics.

// CHECK-LABEL: @transferTypeChangingFromArg
// CHECK-SAME: (%[[ARG:[^:]+]]: !stream.resource<transient>)
util.func public @transferTypeChangingFromArg(%arg: !stream.resource<transient>) -> !stream.resource<external> {
  %c100 = arith.constant 100 : index
  // Type-changing transfer must be preserved.
  // CHECK: %[[TRANSFER:.+]] = stream.async.transfer %[[ARG]]
  %transfer = stream.async.transfer %arg : !stream.resource<transient>{%c100} -> !stream.resource<external>{%c100}
  // CHECK: util.return %[[TRANSFER]]
  util.return %transfer : !stream.resource<external>
}

// -----

// Tests that transfer chains with type changes are preserved.
// Since the source is a by-ref argument and transfers change types,
// both transfers must be preserved.

// CHECK-LABEL: @transferChainFromArg
// CHECK-SAME: (%[[ARG:[^:]+]]: !stream.resource<constant>)
util.func public @transferChainFromArg(%arg: !stream.resource<constant>) -> !stream.resource<external> {
  %c100 = arith.constant 100 : index
  // CHECK: %[[T1:.+]] = stream.async.transfer %[[ARG]] : !stream.resource<constant>{{.+}} -> !stream.resource<transient>
  %t1 = stream.async.transfer %arg : !stream.resource<constant>{%c100} -> !stream.resource<transient>{%c100}
  // CHECK: %[[T2:.+]] = stream.async.transfer %[[T1]] : !stream.resource<transient>{{.+}} -> !stream.resource<external>
  %t2 = stream.async.transfer %t1 : !stream.resource<transient>{%c100} -> !stream.resource<external>{%c100}
  // CHECK: util.return %[[T2]]
  util.return %t2 : !stream.resource<external>
}

// -----

// Tests that same-type transfers with multiple uses of the source are elided.
// Since same-type transfer is a no-op, both dispatches use the original arg.

stream.executable private @ex_transfer {
  stream.executable.export public @dispatch1 workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
  stream.executable.export public @dispatch2 workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: @transferSameTypeMultiUse
// CHECK-SAME: (%[[ARG:[^:]+]]: !stream.resource<external>)
util.func public @transferSameTypeMultiUse(%arg: !stream.resource<external>) -> (!stream.resource<external>, !stream.resource<external>) {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  // CHECK-NOT: stream.async.transfer
  %transfer = stream.async.transfer %arg : !stream.resource<external>{%c100} -> !stream.resource<external>{%c100}
  // Both original and transfer result used - transfer still elided.
  // CHECK: %[[D1:.+]] = stream.async.dispatch @ex_transfer::@dispatch1(%[[ARG]][%c0 to %c100 for %c100])
  %dispatch1 = stream.async.dispatch @ex_transfer::@dispatch1(%arg[%c0 to %c100 for %c100]) : (!stream.resource<external>{%c100}) -> !stream.resource<external>{%c100}
  // CHECK: %[[D2:.+]] = stream.async.dispatch @ex_transfer::@dispatch2(%[[ARG]][%c0 to %c100 for %c100])
  %dispatch2 = stream.async.dispatch @ex_transfer::@dispatch2(%transfer[%c0 to %c100 for %c100]) : (!stream.resource<external>{%c100}) -> !stream.resource<external>{%c100}
  // CHECK: util.return %[[D1]], %[[D2]]
  util.return %dispatch1, %dispatch2 : !stream.resource<external>, !stream.resource<external>
}

// -----

//===----------------------------------------------------------------------===//
// Clone from by-ref argument to tied operation
//===----------------------------------------------------------------------===//

// Tests that a clone from a by-ref argument feeding a tied operation must be
// preserved to prevent mutation of the caller's value.

stream.executable private @ex_byref {
  stream.executable.export public @dispatch workgroups() -> (index, index, index) {
    %c1 = arith.constant 1 : index
    stream.return %c1, %c1, %c1 : index, index, index
  }
}

// CHECK-LABEL: util.func public @cloneByrefToTied
// CHECK-SAME: (%[[ARG:[^:]+]]: !stream.resource<external>)
util.func public @cloneByrefToTied(%arg: !stream.resource<external>) -> !stream.resource<external> {
  %c0 = arith.constant 0 : index
  %c100 = arith.constant 100 : index
  %c123_i32 = arith.constant 123 : i32
  // Clone must be preserved - arg is used again after call (by-ref semantics).
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[ARG]]
  %clone = stream.async.clone %arg : !stream.resource<external>{%c100} -> !stream.resource<external>{%c100}
  // Tied op will mutate - must not mutate the original arg.
  // CHECK: %[[FILLED:.+]] = stream.async.fill %c123_i32, %[[CLONE]]
  %filled = stream.async.fill %c123_i32, %clone[%c0 to %c100 for %c100] : i32 -> %clone as !stream.resource<external>{%c100}
  // CHECK: util.return %[[FILLED]]
  util.return %filled : !stream.resource<external>
}

// CHECK-LABEL: @cloneByrefToTiedCaller
util.func public @cloneByrefToTiedCaller() {
  %c0 = arith.constant 0 : index
  %c0_i32 = arith.constant 0 : i32
  %c100 = arith.constant 100 : index
  %resource = stream.async.splat %c0_i32 : i32 -> !stream.resource<external>{%c100}
  // Not last use - by-ref.
  %result = util.call @cloneByrefToTied(%resource) : (!stream.resource<external>) -> !stream.resource<external>
  // Original resource used again.
  %dispatch = stream.async.dispatch @ex_byref::@dispatch(%resource[%c0 to %c100 for %c100]) : (!stream.resource<external>{%c100}) -> !stream.resource<external>{%c100}
  util.return
}

// -----

// Tests that update cannot be elided when target is a by-ref function argument.

// CHECK-LABEL: util.func private @updateNotElided_byRefArg
util.func private @updateNotElided_byRefArg(%target: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c123_i32 = arith.constant 123 : i32
  %update = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%c4}
  // Update on a by-ref arg cannot be elided as mutation might be observable.
  // CHECK: stream.async.update
  %updated = stream.async.update %update, %target[%c0 to %c4] : !stream.resource<*>{%c4} -> %target as !stream.resource<*>{%size}
  util.return %updated : !stream.resource<*>
}

// CHECK-LABEL: @updateNotElided_byRefArg_caller
util.func public @updateNotElided_byRefArg_caller(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c123_i32 = arith.constant 123 : i32
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  %result = util.call @updateNotElided_byRefArg(%splat, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  // Splat is used after call, so arg is by-ref.
  util.return %splat, %result : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that an update through a tied chain from a by-ref argument is not
// elided. The target is the result of a fill operation that aliases the
// by-ref input, so the update's mutation is observable to the caller.

// CHECK-LABEL: util.func private @updateNotElided_tiedChainFromByRef
// CHECK-SAME: (%[[INPUT:.+]]: !stream.resource<*>, %[[SIZE:.+]]: index)
util.func private @updateNotElided_tiedChainFromByRef(
    %input: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c4 = arith.constant 4 : index
  %c123_i32 = arith.constant 123 : i32
  // Fill creates a tied result that aliases input (by-ref arg).
  // CHECK: %[[FILLED:.+]] = stream.async.fill %c123_i32, %[[INPUT]]
  %filled = stream.async.fill %c123_i32, %input[%c0 to %c4 for %c4]
      : i32 -> %input as !stream.resource<*>{%size}
  // CHECK: %[[UPDATE_SRC:.+]] = stream.async.splat %c123_i32
  %update_src = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%c4}
  // Update target is %filled, which traces back to by-ref %input.
  // The update must NOT be elided because mutation is observable to caller.
  // CHECK: %[[UPDATED:.+]] = stream.async.update %[[UPDATE_SRC]], %[[FILLED]][%c0 to %c4]
  %updated = stream.async.update %update_src, %filled[%c0 to %c4]
      : !stream.resource<*>{%c4} -> %filled as !stream.resource<*>{%size}
  // CHECK: util.return %[[UPDATED]]
  util.return %updated : !stream.resource<*>
}

// CHECK-LABEL: @updateNotElided_tiedChainFromByRef_caller
util.func public @updateNotElided_tiedChainFromByRef_caller(%size: index)
    -> (!stream.resource<*>, !stream.resource<*>) {
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SPLAT:.+]] = stream.async.splat
  %splat = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[RESULT:.+]] = util.call @updateNotElided_tiedChainFromByRef(%[[SPLAT]]
  %result = util.call @updateNotElided_tiedChainFromByRef(%splat, %size)
      : (!stream.resource<*>, index) -> !stream.resource<*>
  // Splat used after call = by-ref semantics.
  // CHECK: util.return %[[SPLAT]], %[[RESULT]]
  util.return %splat, %result : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that multiple clones of an immutable source are all elided.
// When neither source nor clone results are mutated, all clones can be elided
// because sharing the underlying buffer has no observable effect.
// Uses a splat (op result) as source since function args have by-ref semantics.
// Note: After clone elision, CSE may fold identical dispatches.

stream.executable private @dispatch_ex {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%in: !stream.binding, %out: !stream.binding) {
      return
    }
  }
}

// CHECK-LABEL: @multiCloneImmutableSource
util.func public @multiCloneImmutableSource(%size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // Source is a splat (op result, not function arg).
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Multiple clones of same source, all used by read-only dispatches.
  // All clones can be elided because neither source nor results are mutated.
  // After elision, CSE folds the identical dispatches into one.
  // CHECK-NOT: stream.async.clone
  %clone0 = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d0 = stream.async.dispatch @dispatch_ex::@dispatch(%clone0[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %clone1 = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d1 = stream.async.dispatch @dispatch_ex::@dispatch(%clone1[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %clone2 = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d2 = stream.async.dispatch @dispatch_ex::@dispatch(%clone2[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: %[[DISPATCH:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]
  // CHECK: util.return %[[DISPATCH]], %[[DISPATCH]], %[[DISPATCH]]
  util.return %d0, %d1, %d2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that multiple clones of an immutable source are all elided.
// When neither source nor clone results are mutated, all clones can be elided
// because sharing the underlying buffer has no observable effect.
// Uses a splat (op result) as source since function args have by-ref semantics.
// Note: After clone elision, CSE may fold identical dispatches.

stream.executable private @dispatch_ex {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%in: !stream.binding, %out: !stream.binding) {
      return
    }
  }
}

// CHECK-LABEL: @multiCloneImmutableSource
util.func public @multiCloneImmutableSource(%size: index) -> (!stream.resource<*>, !stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // Source is a splat (op result, not function arg).
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Multiple clones of same source, all used by read-only dispatches.
  // All clones can be elided because neither source nor results are mutated.
  // After elision, CSE folds the identical dispatches into one.
  // CHECK-NOT: stream.async.clone
  %clone0 = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d0 = stream.async.dispatch @dispatch_ex::@dispatch(%clone0[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %clone1 = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d1 = stream.async.dispatch @dispatch_ex::@dispatch(%clone1[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  %clone2 = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  %d2 = stream.async.dispatch @dispatch_ex::@dispatch(%clone2[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: %[[DISPATCH:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]
  // CHECK: util.return %[[DISPATCH]], %[[DISPATCH]], %[[DISPATCH]]
  util.return %d0, %d1, %d2 : !stream.resource<*>, !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that clone is preserved when result is mutated AND clone is not the
// last user of source. This ensures we don't incorrectly elide when mutation
// could affect other users of the source.

// CHECK-LABEL: @cloneMutatedNotLastUser
util.func public @cloneMutatedNotLastUser(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Clone is NOT the last user because source is used by d1 after the clone.
  // Clone result is mutated by tied dispatch, so clone MUST be preserved.
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[SOURCE]]
  %clone = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[D0:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[CLONE]]{{.*}}) : ({{.*}}) -> %[[CLONE]]
  %d0 = stream.async.dispatch @dispatch_ex::@dispatch(%clone[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> %clone{%size}
  // Source used after clone - clone is not the last user.
  // CHECK: %[[D1:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]
  %d1 = stream.async.dispatch @dispatch_ex::@dispatch(%source[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[D0]], %[[D1]]
  util.return %d0, %d1 : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that clone is elided when result is mutated BUT clone IS the last user
// of source. The last-user optimization safely elides the clone because
// source's lifetime ends at the clone point anyway.

// CHECK-LABEL: @cloneMutatedLastUser
util.func public @cloneMutatedLastUser(%size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Clone IS the last (and only) user of source.
  // Even though result is mutated, elision is safe because source is dead after.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[D:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]{{.*}}) : ({{.*}}) -> %[[SOURCE]]
  %d = stream.async.dispatch @dispatch_ex::@dispatch(%clone[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> %clone{%size}
  // CHECK: util.return %[[D]]
  util.return %d : !stream.resource<*>
}

// -----

// Tests that clone is preserved when the source is mutated by another operation.
// Even if clone result is not mutated, the source mutation means aliasing would
// expose the mutation to clone users.

// CHECK-LABEL: @clonePreservedSourceMutatedElsewhere
util.func public @clonePreservedSourceMutatedElsewhere(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Clone must be preserved because source is mutated after.
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[SOURCE]]
  %clone = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Source is mutated (fill writes to it in-place).
  // CHECK: %[[MUTATED_SOURCE:.+]] = stream.async.fill {{.*}}, %[[SOURCE]]
  %mutated_source = stream.async.fill %c123_i32, %source[%c0 to %size for %size] : i32 -> %0 as !stream.resource<*>{%size}
  // Clone is only read (not mutated), but must be preserved because source changed.
  // CHECK: %[[READ_CLONE:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[CLONE]]
  %read_clone = stream.async.dispatch @dispatch_ex::@dispatch(%clone[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[MUTATED_SOURCE]], %[[READ_CLONE]]
  util.return %mutated_source, %read_clone : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that clone is preserved when source is mutated via tied dispatch.
// Similar to above but mutation is through dispatch tied operand.

// CHECK-LABEL: @clonePreservedSourceMutatedViaTiedDispatch
util.func public @clonePreservedSourceMutatedViaTiedDispatch(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Clone must be preserved.
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[SOURCE]]
  %clone = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Source is mutated via tied dispatch result.
  // CHECK: %[[MUTATED:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]{{.*}}) : ({{.*}}) -> %[[SOURCE]]
  %mutated = stream.async.dispatch @dispatch_ex::@dispatch(%source[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> %source{%size}
  // Clone is read-only.
  // CHECK: %[[READ:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[CLONE]]
  %read = stream.async.dispatch @dispatch_ex::@dispatch(%clone[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[MUTATED]], %[[READ]]
  util.return %mutated, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that clone elision respects cross-function mutation.
// If clone is passed to a callee that mutates it, elision must not happen
// if source is used after the call.

// Callee that mutates its argument via tied result.
// CHECK-LABEL: util.func private @mutating_callee
util.func private @mutating_callee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  %mutated = stream.async.fill %c123_i32, %arg[%c0 to %size for %size] : i32 -> %0 as !stream.resource<*>{%size}
  util.return %mutated : !stream.resource<*>
}

// CHECK-LABEL: @clonePreservedCrossFunctionMutation
util.func public @clonePreservedCrossFunctionMutation(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Clone must be preserved - callee mutates it.
  // CHECK: %[[CLONE:.+]] = stream.async.clone %[[SOURCE]]
  %clone = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // Call mutates the clone.
  // CHECK: %[[CALL_RESULT:.+]] = util.call @mutating_callee(%[[CLONE]]
  %call_result = util.call @mutating_callee(%clone, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  // Source used after - would see mutation if clone was elided.
  // CHECK: %[[READ:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]
  %read = stream.async.dispatch @dispatch_ex::@dispatch(%source[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[CALL_RESULT]], %[[READ]]
  util.return %call_result, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that clone CAN be elided when callee only reads (no mutation).

// Callee that only reads its argument.
// CHECK-LABEL: util.func private @reading_callee
util.func private @reading_callee(%arg: !stream.resource<*>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // No tied result - just reads and produces new output.
  %result = stream.async.dispatch @dispatch_ex::@dispatch(%arg[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %result : !stream.resource<*>
}

// CHECK-LABEL: @cloneElidedCrossFunctionReadOnly
util.func public @cloneElidedCrossFunctionReadOnly(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // Clone can be elided - callee only reads.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: %[[CALL_RESULT:.+]] = util.call @reading_callee(%[[SOURCE]]
  %call_result = util.call @reading_callee(%clone, %size) : (!stream.resource<*>, index) -> !stream.resource<*>
  // Source used after - safe because callee only read.
  // CHECK: %[[READ:.+]] = stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]
  %read = stream.async.dispatch @dispatch_ex::@dispatch(%source[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return %[[CALL_RESULT]], %[[READ]]
  util.return %call_result, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// TODO(benvanik): Tests slice aliasing. The clone of source is elided because
// source appears unmutated (slice mutations are tracked separately). This is
// safe because slices have CoW semantics and become independent allocations,
// but tracking slice aliasing could enable better elision decisions.

// CHECK-LABEL: @clonePreservedAfterSliceMutation
util.func public @clonePreservedAfterSliceMutation(%size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  %c50 = arith.constant 50 : index
  %c123_i32 = arith.constant 123 : i32
  // CHECK: %[[SOURCE:.+]] = stream.async.splat
  %source = stream.async.splat %c123_i32 : i32 -> !stream.resource<*>{%size}
  // CHECK: %[[SLICE:.+]] = stream.async.slice %[[SOURCE]]
  %slice = stream.async.slice %source[%c0 to %c50] : !stream.resource<*>{%size} -> !stream.resource<*>{%c50}
  // Clone elided; slice has CoW semantics so this is safe.
  // CHECK-NOT: stream.async.clone
  %clone = stream.async.clone %source : !stream.resource<*>{%size} -> !stream.resource<*>{%size}
  // CHECK: stream.async.fill {{.*}}, %[[SLICE]]
  %mutated_slice = stream.async.fill %c123_i32, %slice[%c0 to %c50 for %c50] : i32 -> %0 as !stream.resource<*>{%c50}
  // Dispatch uses source directly; slice becomes independent allocation.
  // CHECK: stream.async.dispatch @dispatch_ex::@dispatch(%[[SOURCE]]
  %read = stream.async.dispatch @dispatch_ex::@dispatch(%clone[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %mutated_slice, %read : !stream.resource<*>, !stream.resource<*>
}

// -----

// Tests that a cross-lifetime clone (external → *) is preserved by the first
// ElideAsyncCopies pass even when neither side is mutated. Cross-lifetime
// elision is handled by ResourceUsageAnalysis propagating source usage through
// the clone, RefineUsage unifying the types, and the second ElideAsyncCopies
// pass eliding the now-same-type clone.

stream.executable private @dispatch_ex {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%in: !stream.binding, %out: !stream.binding) {
      return
    }
  }
}

// CHECK-LABEL: @crossLifetimeClonePreserved_readOnly
util.func public @crossLifetimeClonePreserved_readOnly(%input: !stream.resource<external>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: stream.async.clone
  %clone = stream.async.clone %input : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  %d = stream.async.dispatch @dispatch_ex::@dispatch(%clone[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  util.return %d : !stream.resource<*>
}

// -----

// Tests that a cross-lifetime clone (external → *) is preserved when the
// clone result is mutated via a tied dispatch (in-place write).

stream.executable private @dispatch_ex {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%in: !stream.binding, %out: !stream.binding) {
      return
    }
  }
}

// CHECK-LABEL: @crossLifetimeClonePreserved_resultMutated
util.func public @crossLifetimeClonePreserved_resultMutated(%input: !stream.resource<external>, %size: index) -> !stream.resource<*> {
  %c0 = arith.constant 0 : index
  // CHECK: %[[CLONE:.+]] = stream.async.clone
  %clone = stream.async.clone %input : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  // Tied dispatch mutates clone in-place.
  // CHECK: stream.async.dispatch @dispatch_ex::@dispatch(%[[CLONE]]{{.*}}) : ({{.*}}) -> %[[CLONE]]
  %d = stream.async.dispatch @dispatch_ex::@dispatch(%clone[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> %clone{%size}
  util.return %d : !stream.resource<*>
}

// -----

// Tests that multiple cross-lifetime clones (external → *) are preserved
// by the first pass. The full pipeline (RefineUsage + second ElideAsyncCopies)
// handles their elimination.

stream.executable private @dispatch_ex {
  stream.executable.export public @dispatch
  builtin.module {
    func.func @dispatch(%in: !stream.binding, %out: !stream.binding) {
      return
    }
  }
}

// CHECK-LABEL: @crossLifetimeClonePreserved_multipleReadOnly
util.func public @crossLifetimeClonePreserved_multipleReadOnly(%input: !stream.resource<external>, %size: index) -> (!stream.resource<*>, !stream.resource<*>) {
  %c0 = arith.constant 0 : index
  // CHECK: stream.async.clone
  %clone0 = stream.async.clone %input : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  %d0 = stream.async.dispatch @dispatch_ex::@dispatch(%clone0[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: stream.async.clone
  %clone1 = stream.async.clone %input : !stream.resource<external>{%size} -> !stream.resource<*>{%size}
  %d1 = stream.async.dispatch @dispatch_ex::@dispatch(%clone1[%c0 to %size for %size])
      : (!stream.resource<*>{%size}) -> !stream.resource<*>{%size}
  // CHECK: util.return
  util.return %d0, %d1 : !stream.resource<*>, !stream.resource<*>
}
