// Tensor campaign seed 18101 (reduced): @g0's row 0 is updated, then @g0 is given back what a
// while loop's condition region loads; the loop's counter starts at 0 and only grows, so
// `i < 0` is false on the first turn (IREE's iree-util-optimize-int-arithmetic knows it) and the
// result is that load, taken before the update: a roll-back, which IREE erases. Stock leaves @g0
// updated from the second call on. The check reads the input after IREE's integer range folds
// too (rewriter/guard/input_folds.py) and refuses.
module @m {
  util.global private mutable @g0 = dense<[21, 32, 11, 0, 11, 18, 27, 39]> : tensor<8xi32>
  util.func public @f0(%a0: tensor<1xi32>) -> (tensor<8xi32>) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %v2 = tensor.insert_slice %a0 into %v1[0] [1] [1] : tensor<1xi32> into tensor<8xi32>
    %v3 = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
    %c4 = arith.constant 0 : index
    %c5 = arith.constant 1 : index
    %c6 = arith.constant 0 : index
    %w13:2 = scf.while (%i7 = %c4, %acc8 = %v3) : (index, tensor<8xi32>) -> (index, tensor<8xi32>) {
      %v14 = util.global.load @g0 : tensor<8xi32>
      %b11 = arith.cmpi slt, %i7, %c6 : index
      scf.condition(%b11) %i7, %v14 : index, tensor<8xi32>
    } do {
    ^bb0(%i9: index, %acc10: tensor<8xi32>):
      %n12 = arith.addi %i9, %c5 : index
      scf.yield %n12, %acc10 : index, tensor<8xi32>
    }
    util.global.store %v2, @g0 : tensor<8xi32>
    util.global.store %w13#1, @g0 : tensor<8xi32>
    util.return %w13#1 : tensor<8xi32>
  }
}
