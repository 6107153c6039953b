// @g is stored, then doubled in an scf.if arm, then reloaded. The reload must read the arm's
// store when the arm runs; IREE 3.13's iree-util-simplify-global-accesses pairs it with the
// store before the scf.if (it does not look into the arm) and forwards the stored value: stock
// returns it undoubled. The tool refuses, naming the three accesses.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%c: i1, %v: tensor<4xi32>) -> tensor<4xi32> {
    util.global.store %v, @g : tensor<4xi32>
    scf.if %c {
      %x = util.global.load @g : tensor<4xi32>
      %y = arith.addi %x, %x : tensor<4xi32>
      util.global.store %y, @g : tensor<4xi32>
    }
    %r = util.global.load @g : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
