// A helper IREE inlines stores the global, then an scf.if reads and stores it again:
// step(x = 2, c = true) leaves @k at 6 ((1 + 2) x 2), read back with get(). IREE 3.13 moves the
// helper's store below the scf.if before flow level: plain iree-compile leaves 3.
module @inlined {
  util.global private mutable @k = dense<1.0> : tensor<4xf32>
  util.func private @bump(%x: tensor<4xf32>) {
    %k = util.global.load @k : tensor<4xf32>
    %k1 = arith.addf %k, %x : tensor<4xf32>
    util.global.store %k1, @k : tensor<4xf32>
    util.return
  }
  util.func public @step(%x: tensor<4xf32>, %c: i1) -> tensor<4xf32> {
    util.call @bump(%x) : (tensor<4xf32>) -> ()
    scf.if %c {
      %k = util.global.load @k : tensor<4xf32>
      %k2 = arith.mulf %k, %x : tensor<4xf32>
      util.global.store %k2, @k : tensor<4xf32>
    }
    util.return %x : tensor<4xf32>
  }
  util.func public @get() -> tensor<4xf32> {
    %k = util.global.load @k : tensor<4xf32>
    util.return %k : tensor<4xf32>
  }
}
