// Review 39 (m11): the roll-back is an outer loop's result whose body yields an inner loop's
// result, the inner loop handing the outer's argument on unchanged. MLIR folds the inner
// loop, then the outer, into the load, and IREE erases the roll-back: stock wrong, refused.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f() -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = util.global.load @g0 : tensor<4xi32>
    %t = arith.addi %a, %a : tensor<4xi32>
    util.global.store %t, @g0 : tensor<4xi32>
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %a) -> (tensor<4xi32>) {
      %in = scf.for %k = %c0 to %c2 step %c1 iter_args(%y = %x) -> (tensor<4xi32>) {
        scf.yield %y : tensor<4xi32>
      }
      scf.yield %in : tensor<4xi32>
    }
    util.global.store %r, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
