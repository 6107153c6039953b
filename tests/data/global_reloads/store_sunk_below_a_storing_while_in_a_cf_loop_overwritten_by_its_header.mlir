// Review 41's c04: the same in a block of a cf loop, whose header stores @g again before anything
// reads it: built (stock right).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%x: tensor<4xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %k = arith.constant dense<[9, 9, 9, 9]> : tensor<4xi32>
    %y = arith.addi %x, %x : tensor<4xi32>
    cf.br ^h(%c0 : index)
  ^h(%i: index):
    util.global.store %y, @g : tensor<4xi32>
    %go = arith.cmpi slt, %i, %n : index
    cf.cond_br %go, ^a, ^e
  ^a:
    util.global.store %x, @g : tensor<4xi32>
    %w = scf.while (%q = %c0) : (index) -> index {
      util.global.store %k, @g : tensor<4xi32>
      %c = arith.cmpi slt, %q, %c2 : index
      scf.condition(%c) %q : index
    } do {
    ^bb0(%j: index):
      %nq = arith.addi %j, %c1 : index
      scf.yield %nq : index
    }
    %i1 = arith.addi %i, %c1 : index
    cf.br ^h(%i1 : index)
  ^e:
    %r = util.global.load @g : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
