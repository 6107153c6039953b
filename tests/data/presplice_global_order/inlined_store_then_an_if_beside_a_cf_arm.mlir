// Review 4 (p23): the inlined store of @k sunk below the scf.if that reloads it, as in
// inlined_store_then_an_if_that_reads_it.mlir, in a function whose later load of @k sits in a cf
// arm (no single order for that load; the store and the if are still compared).
module @inl {
  util.global private mutable @k = dense<1.0> : tensor<4xf32>
  util.func private @bump(%x: tensor<4xf32>) {
    %k = util.global.load @k : tensor<4xf32>
    %k1 = arith.addf %k, %x : tensor<4xf32>
    util.global.store %k1, @k : tensor<4xf32>
    util.return
  }
  util.func public @step(%x: tensor<4xf32>, %c: i1, %d: i1) -> tensor<4xf32> {
    util.call @bump(%x) : (tensor<4xf32>) -> ()
    scf.if %c {
      %k = util.global.load @k : tensor<4xf32>
      %k2 = arith.mulf %k, %x : tensor<4xf32>
      util.global.store %k2, @k : tensor<4xf32>
    }
    cf.cond_br %d, ^a, ^b
  ^a:
    %k3 = util.global.load @k : tensor<4xf32>
    util.return %k3 : tensor<4xf32>
  ^b:
    util.return %x : tensor<4xf32>
  }
  util.func public @get() -> tensor<4xf32> {
    %k = util.global.load @k : tensor<4xf32>
    util.return %k : tensor<4xf32>
  }
}
