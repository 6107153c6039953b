// Review 36 (d_12): @g0 is written, then given v & v, which MLIR folds to the load v before
// IREE's folds of globals: a roll-back, which IREE erases as a store of what @g0 holds, so
// the reload and the next call read the write (twice the load). The program reads the load.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    util.global.store %x, @g0 : tensor<4xi32>
    %w = arith.andi %v, %v : tensor<4xi32>
    util.global.store %w, @g0 : tensor<4xi32>
    %r = util.global.load @g0 : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
