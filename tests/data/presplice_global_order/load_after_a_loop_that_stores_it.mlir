// A global accumulated in a loop, then read: step(x = 1, n = 3) returns 4 (1 + 3 x 1).
// IREE 3.13's iree-util-simplify-global-accesses, which does not look into ops with regions,
// hoists the load above the loop before flow level: plain iree-compile returns 1.
module @loop {
  util.global private mutable @k = dense<1.0> : tensor<4xf32>
  util.func public @step(%x: tensor<4xf32>, %n: index) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      %k = util.global.load @k : tensor<4xf32>
      %a = arith.addf %k, %x : tensor<4xf32>
      util.global.store %a, @k : tensor<4xf32>
    }
    %k2 = util.global.load @k : tensor<4xf32>
    util.return %k2 : tensor<4xf32>
  }
}
