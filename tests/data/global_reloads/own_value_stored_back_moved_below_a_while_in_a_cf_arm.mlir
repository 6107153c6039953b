// own_value_stored_back_moved_below_a_while_in_a_cf_loop.mlir with the body an arm of a cf branch
// on the argument (no loop): IREE moves the store of @g0's own value below the while loop that
// stores the constant, and @g0 keeps its old value. The arm runs its accesses in order whenever
// it runs; the check refuses.
module @m {
  util.global private mutable @g0 = dense<[36, 17, 13, 20, 36, 24, 16, 22]> : tensor<8xi32>
  util.func private @h0() -> tensor<8xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g0 : tensor<8xi32>
    util.return %v : tensor<8xi32>
  }
  util.func public @f0(%p: i1) -> (tensor<8xi32>) {
    %v1 = arith.constant dense<[27, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
    %v12 = util.call @h0() : () -> tensor<8xi32>
    cf.cond_br %p, ^b2(%v12 : tensor<8xi32>), ^b3(%v12 : tensor<8xi32>)
  ^b2(%acc8: tensor<8xi32>):
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
    cf.br ^b3(%w23#1 : tensor<8xi32>)
  ^b3(%w11: tensor<8xi32>):
    %now = util.global.load @g0 : tensor<8xi32>
    util.return %now : tensor<8xi32>
  }
}
