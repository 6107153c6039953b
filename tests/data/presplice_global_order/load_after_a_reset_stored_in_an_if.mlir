// A cache reset stored in an scf.if arm on the first step, then read and updated:
// step(x = 1, first = true) returns 4 (the reset 3 + 1). IREE 3.13 hoists the load above the
// scf.if before flow level (iree-util-simplify-global-accesses): plain iree-compile returns 2.
module @reset {
  util.global private mutable @k = dense<1.0> : tensor<4xf32>
  util.func public @step(%x: tensor<4xf32>, %first: i1) -> tensor<4xf32> {
    scf.if %first {
      %z = arith.constant dense<3.0> : tensor<4xf32>
      util.global.store %z, @k : tensor<4xf32>
    }
    %k = util.global.load @k : tensor<4xf32>
    %k1 = arith.addf %k, %x : tensor<4xf32>
    util.global.store %k1, @k : tensor<4xf32>
    util.return %k1 : tensor<4xf32>
  }
}
