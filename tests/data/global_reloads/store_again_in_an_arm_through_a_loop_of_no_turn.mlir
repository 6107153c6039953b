// Tensor campaign seed 17101: @g0 is given v1 (twice the load, or zeros), then, in an arm on
// the same flag, the result of a loop that never turns, carrying v1: v1 again. MLIR folds the
// loop into v1 and IREE merges the two arms, moving the second store above the first; both
// store v1, so no order between them shows. Both builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%flag: i1) -> tensor<4xi32> {
    %v1 = scf.if %flag -> (tensor<4xi32>) {
      %v = util.global.load @g0 : tensor<4xi32>
      %x = arith.addi %v, %v : tensor<4xi32>
      scf.yield %x : tensor<4xi32>
    } else {
      %z = arith.constant dense<0> : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    util.global.store %v1, @g0 : tensor<4xi32>
    scf.if %flag {
      %c0 = arith.constant 0 : index
      %c1 = arith.constant 1 : index
      %r = scf.for %i = %c0 to %c0 step %c1 iter_args(%acc = %v1) -> (tensor<4xi32>) {
        scf.yield %acc : tensor<4xi32>
      }
      util.global.store %r, @g0 : tensor<4xi32>
    }
    util.return %v1 : tensor<4xi32>
  }
}
