// Review 39 (b09): seed 17101's shape where the second store stores the result of a loop of
// one turn, from zeros, that yields v1 (a value of outside it): MLIR inlines the loop, so the
// result is v1, and IREE's move of the store above the first store of v1 changes nothing.
// Both builds compute the program's answer.
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
      %z = arith.constant dense<0> : tensor<4xi32>
      %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %z) -> (tensor<4xi32>) {
        scf.yield %v1 : tensor<4xi32>
      }
      util.global.store %r, @g0 : tensor<4xi32>
    }
    util.return %v1 : tensor<4xi32>
  }
}
