// A #util.inline.never setter called in a loop between a load of @g and its reload.
// Expected f(2): ([1,2,3,4], [4,8,12,16]).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @dbl() attributes {inlining_policy = #util.inline.never} {
    %x = util.global.load @g : tensor<4xi32>
    %y = arith.addi %x, %x : tensor<4xi32>
    util.global.store %y, @g : tensor<4xi32>
    util.return
  }
  util.func public @f(%n: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %before = util.global.load @g : tensor<4xi32>
    scf.for %i = %c0 to %n step %c1 {
      util.call @dbl() : () -> ()
    }
    %after = util.global.load @g : tensor<4xi32>
    util.return %before, %after : tensor<4xi32>, tensor<4xi32>
  }
}
