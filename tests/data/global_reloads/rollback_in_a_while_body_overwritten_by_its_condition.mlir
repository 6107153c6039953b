// Review 34 (r_07): a while loop's condition region writes @g0, its body rolls @g0 back;
// the condition runs after every turn, so every roll-back is overwritten before anything
// reads @g0. Built, and right.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %r = scf.while (%i = %c0) : (index) -> index {
      util.global.store %x, @g0 : tensor<4xi32>
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i2: index):
      util.global.store %v, @g0 : tensor<4xi32>
      %j = arith.addi %i2, %c1 : index
      scf.yield %j : index
    }
    util.return
  }
}
