// Seed 17101's shape where the loop changes what it carries (it doubles v1 twice): the second
// store stores four times v1. IREE merges the two arms and moves it above the first store of
// v1, so @g0 is left holding v1: plain iree-compile's build is wrong, and the tool refuses.
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
      %c2 = arith.constant 2 : index
      %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %v1) -> (tensor<4xi32>) {
        %d = arith.addi %acc, %acc : tensor<4xi32>
        scf.yield %d : tensor<4xi32>
      }
      util.global.store %r, @g0 : tensor<4xi32>
    }
    util.return %v1 : tensor<4xi32>
  }
}
