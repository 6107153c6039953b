// @copy is stored only in an scf.for body, with the value the loop carries unchanged: @src's
// load. MLIR folds the iteration argument into that load, and IREE 3.13's renameChainedGlobals
// then takes @copy for @src: the first @get returns @src's initial value, not @copy's. The check
// must see the load through the iteration argument (region_flow.invariant_argument) and refuse.
module @m {
  util.global private mutable @src = dense<[38, 32, 36, 11]> : tensor<4xi32>
  util.global private mutable @copy = dense<[0, 43, 37, 41]> : tensor<4xi32>

  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @copy : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @sync(%n: index) -> tensor<4xi32> {
    %v = util.global.load @src : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (tensor<4xi32>) {
      util.global.store %acc, @copy : tensor<4xi32>
      scf.yield %acc : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
