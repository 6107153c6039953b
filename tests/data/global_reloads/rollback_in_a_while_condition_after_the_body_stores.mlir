// The scf form of seed 14101: a while loop's condition region rolls @g0 back to its load on
// every run; its body stores the carried value. The condition runs last: @g0 ends as it was.
// IREE erases the roll-back, though the body stored @g0 before the condition's next run.
module @m {
  util.global private mutable @g0 = dense<[18, 0, 47, 35, 28, 43, 17, 35]> : tensor<8xi32>
  util.func public @f0() -> tensor<8xi32> {
    %v1 = util.global.load @g0 : tensor<8xi32>
    util.return %v1 : tensor<8xi32>
  }
  util.func public @f1() -> tensor<8xi32> {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %r:2 = scf.while (%acc = %v1, %i = %c0) : (tensor<8xi32>, index) -> (tensor<8xi32>, index) {
      util.global.store %v1, @g0 : tensor<8xi32>
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %acc, %i : tensor<8xi32>, index
    } do {
    ^bb0(%acc2: tensor<8xi32>, %i2: index):
      util.global.store %acc2, @g0 : tensor<8xi32>
      %k = arith.constant 6 : i32
      %f = linalg.fill ins(%k : i32) outs(%acc2 : tensor<8xi32>) -> tensor<8xi32>
      %j = arith.addi %i2, %c1 : index
      scf.yield %f, %j : tensor<8xi32>, index
    }
    util.return %r#0 : tensor<8xi32>
  }
}
