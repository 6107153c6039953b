// Review 35 (c_35): a store of the load plus zero (MLIR folds it to the load), the roll-back, a
// reload. IREE erases both stores as stores of what @g0 holds; nothing changed @g0. The store of
// `old + 0` is a store of the global's own load (op_table.identity_fold). Built, and right.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }

  util.func public @f1() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    %z = arith.constant dense<0> : tensor<4xi32>
    %w = arith.addi %v, %z : tensor<4xi32>
    util.global.store %w, @g0 : tensor<4xi32>
    util.global.store %v, @g0 : tensor<4xi32>
    %r = util.global.load @g0 : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
