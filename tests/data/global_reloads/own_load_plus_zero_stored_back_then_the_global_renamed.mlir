// own_load_stored_back_then_the_global_renamed.mlir with the old value stored back as
// `old + 0` and no final store: IREE 3.13 folds the addition, erases the store of @g's own
// load and takes @g for the global it outlines the zeros into, so the reload after the loop
// returns zeros where the program put back 0 0 0 37. The old load's value reaches the store
// through an op, as a value the input shows as no load: only a load stored back as itself is
// left out of the loads the rename must keep right (global_folds._reads); the check refuses.
// CALLS: f:1;f:0;f:1
// EXPECT: f=0 0 0 37; f=0 0 0 0; f=0 0 0 0
module @m {
  util.global private mutable @g = dense<[0, 0, 0, 37]> : tensor<4xi32>

  util.func public @f(%n: index) -> tensor<4xi32> {
    %zeros = arith.constant dense<0> : tensor<4xi32>
    %old = util.global.load @g : tensor<4xi32>
    util.global.store %zeros, @g : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %same = arith.addi %old, %zeros : tensor<4xi32>
      util.global.store %same, @g : tensor<4xi32>
    }
    %now = util.global.load @g : tensor<4xi32>
    util.return %now : tensor<4xi32>
  }
}
