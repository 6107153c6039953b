// Review 35 (c_43): the write, the roll-back and the reload in an scf.if on a compare of two
// constants that is false: MLIR folds the if away, and nothing runs. Built, and right.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }

  util.func public @f1() -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %dead = arith.cmpi eq, %c0, %c1 : index
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %y = arith.addi %x, %v : tensor<4xi32>
    scf.if %dead {
      util.global.store %y, @g0 : tensor<4xi32>
      util.global.store %v, @g0 : tensor<4xi32>
      %r = util.global.load @g0 : tensor<4xi32>
      %d = arith.addi %r, %r : tensor<4xi32>
      util.global.store %d, @g0 : tensor<4xi32>
    }
    util.return %v : tensor<4xi32>
  }
}
