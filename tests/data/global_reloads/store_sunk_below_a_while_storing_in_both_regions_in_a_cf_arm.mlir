// Review 42's m18: in a cf arm, @g is given x, then a while loop whose condition stores k and whose
// body stores w (the loop ends in its condition: @g holds k after it); the join reloads @g. IREE
// sinks the store of x below the loop, past both: stock returns x. Two stores that trade places
// may do so only where what overwrites them lies outside their block (_another_write_in_the_block);
// refused.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%x: tensor<4xi32>, %p: i1) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %k = arith.constant dense<[9, 9, 9, 9]> : tensor<4xi32>
    %w7 = arith.constant dense<[7, 7, 7, 7]> : tensor<4xi32>
    cf.cond_br %p, ^a, ^j
  ^a:
    util.global.store %x, @g : tensor<4xi32>
    %w = scf.while (%i = %c0) : (index) -> index {
      util.global.store %k, @g : tensor<4xi32>
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%jj: index):
      util.global.store %w7, @g : tensor<4xi32>
      %n1 = arith.addi %jj, %c1 : index
      scf.yield %n1 : index
    }
    cf.br ^j
  ^j:
    %r = util.global.load @g : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
