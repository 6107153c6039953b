// Review 34 (r_17): each turn rolls @g0 back, then an inner scf.for of constant bounds (two
// turns) writes it; nothing reads @g0 in the loop. The inner loop turns at least once, so
// every roll-back is overwritten. Built, and right.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %c2 = arith.constant 2 : index
    scf.for %i = %c0 to %n step %c1 {
      util.global.store %v, @g0 : tensor<4xi32>
      scf.for %k = %c0 to %c2 step %c1 {
        util.global.store %x, @g0 : tensor<4xi32>
      }
    }
    util.return
  }
}
