// Review 36 (d_20): the roll-back spelled maxsi(v, v), which MLIR folds to v: refused, as
// plain iree-compile erases it.
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
    %w = arith.maxsi %v, %v : tensor<4xi32>
    util.global.store %w, @g0 : tensor<4xi32>
    %r = util.global.load @g0 : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
