// Review 39 (m06): the roll-back is the result of a while loop whose condition is a constant
// false: its before region runs once, on the load, and hands it on (the body, which doubles
// it, never runs). MLIR folds the loop into the load, and IREE erases the roll-back: stock
// wrong, refused.
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
    %false = arith.constant false
    %w = scf.while (%x = %a) : (tensor<4xi32>) -> (tensor<4xi32>) {
      scf.condition(%false) %x : tensor<4xi32>
    } do {
    ^bb0(%y: tensor<4xi32>):
      %d = arith.addi %y, %y : tensor<4xi32>
      scf.yield %d : tensor<4xi32>
    }
    util.global.store %w, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
