// Review 36 (d_15): @g0 given v & v (MLIR folds it to the load v), then rolled back to v and
// reloaded: the write between the load and the roll-back stores the roll-back's own bytes, so
// IREE's erasing the roll-back changes nothing. Both builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    %w = arith.andi %v, %v : tensor<4xi32>
    util.global.store %w, @g0 : tensor<4xi32>
    util.global.store %v, @g0 : tensor<4xi32>
    %r = util.global.load @g0 : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
