// Tensor campaign seed 14101: a cf loop's header stores @g0's load back (a roll-back) on every
// visit; its body stores the carried value and fills it. The header's last visit puts the
// loaded value back (value semantics: @g0 ends as it was). IREE erases the header's store as a
// store of what @g0 holds, though the body stored @g0 before the header's next visit.
module @m {
  util.global private mutable @g0 = dense<[18, 0, 47, 35, 28, 43, 17, 35]> : tensor<8xi32>
  util.func public @f0() -> (!hal.buffer_view) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %e0 = hal.tensor.export %v1 "output0" : tensor<8xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
  util.func public @f1() -> (!hal.buffer_view) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 2 : index
    cf.br ^b1(%c2, %v1 : index, tensor<8xi32>)
  ^b1(%i5: index, %acc6: tensor<8xi32>):
    util.global.store %v1, @g0 : tensor<8xi32>
    %b9 = arith.cmpi slt, %i5, %c4 : index
    cf.cond_br %b9, ^b2(%i5, %acc6 : index, tensor<8xi32>), ^b3(%acc6 : tensor<8xi32>)
  ^b2(%i7: index, %acc8: tensor<8xi32>):
    util.global.store %acc8, @g0 : tensor<8xi32>
    %k12 = arith.constant 6 : i32
    %v13 = linalg.fill ins(%k12 : i32) outs(%acc8 : tensor<8xi32>) -> tensor<8xi32>
    %n10 = arith.addi %i7, %c3 : index
    cf.br ^b1(%n10, %v13 : index, tensor<8xi32>)
  ^b3(%w11: tensor<8xi32>):
    %e0 = hal.tensor.export %w11 "output0" : tensor<8xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
}
