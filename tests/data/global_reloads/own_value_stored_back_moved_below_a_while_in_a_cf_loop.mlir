// Tensor campaign seed 17101 (reduced): in a cf loop's body, @g0 is given the getter's result
// (its own value), reloaded, and handed to a while loop whose condition region stores the
// constant. IREE's stages before the splice move the first store below the while loop, so @g0
// keeps its old value where the program leaves the constant: stock returns @g0's initial value.
// The body is a block of a cf loop (no order every execution of the function keeps); every run
// of it runs its accesses in order, and the splice has them in one block the other way round:
// the check refuses (global_order._reordered_in_one_block).
module @m {
  util.global private mutable @g0 = dense<[36, 17, 13, 20, 36, 24, 16, 22]> : tensor<8xi32>
  util.func private @h0() -> tensor<8xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g0 : tensor<8xi32>
    util.return %v : tensor<8xi32>
  }
  util.func public @f0() -> (tensor<8xi32>) {
    %v1 = arith.constant dense<[27, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 3 : index
    cf.br ^b1(%c2, %v1 : index, tensor<8xi32>)
  ^b1(%i5: index, %acc6: tensor<8xi32>):
    %v12 = util.call @h0() : () -> tensor<8xi32>
    %b9 = arith.cmpi slt, %i5, %c4 : index
    cf.cond_br %b9, ^b2(%i5, %v12 : index, tensor<8xi32>), ^b3(%v12 : tensor<8xi32>)
  ^b2(%i7: index, %acc8: tensor<8xi32>):
    util.global.store %acc8, @g0 : tensor<8xi32>
    %v13 = util.global.load @g0 : tensor<8xi32>
    %c14 = arith.constant 0 : index
    %c15 = arith.constant 1 : index
    %c16 = arith.constant 2 : index
    %w23:2 = scf.while (%i17 = %c14, %acc18 = %v13) : (index, tensor<8xi32>) -> (index, tensor<8xi32>) {
      util.global.store %v1, @g0 : tensor<8xi32>
      %b21 = arith.cmpi slt, %i17, %c16 : index
      scf.condition(%b21) %i17, %acc18 : index, tensor<8xi32>
    } do {
    ^bb0(%i19: index, %acc20: tensor<8xi32>):
      %n22 = arith.addi %i19, %c15 : index
      scf.yield %n22, %acc20 : index, tensor<8xi32>
    }
    %n10 = arith.addi %i7, %c3 : index
    cf.br ^b1(%n10, %w23#1 : index, tensor<8xi32>)
  ^b3(%w11: tensor<8xi32>):
    util.return %w11 : tensor<8xi32>
  }
}
