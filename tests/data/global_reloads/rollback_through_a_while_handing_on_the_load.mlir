// Review 39 (m03): the roll-back is a while loop's result that its condition hands on from
// outside the loop (the load). MLIR folds the result into the load
// (RemoveLoopInvariantValueYielded), and IREE erases the roll-back: stock wrong, refused.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f() -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = util.global.load @g0 : tensor<4xi32>
    %t = arith.addi %a, %a : tensor<4xi32>
    util.global.store %t, @g0 : tensor<4xi32>
    %w:2 = scf.while (%i = %c0) : (index) -> (index, tensor<4xi32>) {
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i, %a : index, tensor<4xi32>
    } do {
    ^bb0(%j: index, %y: tensor<4xi32>):
      %n = arith.addi %j, %c1 : index
      scf.yield %n : index
    }
    util.global.store %w#1, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
