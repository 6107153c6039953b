// Review 42's m05: in a cf arm, @g is given x, then a while loop stores k in its condition; the
// join reads @g through its address before it stores 2x. IREE sinks the store of x below the
// loop: the read sees x. A read through an address is no event of the paths the check reads
// (_paths_see_every_read): the two stores do not trade places freely; refused.
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
    %y = arith.addi %x, %x : tensor<4xi32>
    %z = arith.constant dense<0> : tensor<4xi32>
    cf.cond_br %p, ^a, ^j
  ^a:
    util.global.store %x, @g : tensor<4xi32>
    %w = scf.while (%i = %c0) : (index) -> index {
      util.global.store %k, @g : tensor<4xi32>
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%jj: index):
      %n1 = arith.addi %jj, %c1 : index
      scf.yield %n1 : index
    }
    cf.br ^j
  ^j:
    %ptr = util.global.address @g : !util.ptr<tensor<4xi32>>
    %v = util.global.load.indirect %ptr : !util.ptr<tensor<4xi32>> -> tensor<4xi32>
    util.global.store %y, @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
