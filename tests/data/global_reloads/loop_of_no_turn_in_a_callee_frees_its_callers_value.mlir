// Review 32: a never-inlined callee runs a loop of a run-time trip count on its argument, the
// caller's %x. With no turn, IREE 3.13 frees the loop's result, %x's buffer, after the callee
// reads it; the caller returns %x after the call.
module @m {
  util.func private @g(%v: tensor<4xi32>, %a: tensor<4xi32>, %n: index) -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> tensor<4xi32> {
      %u = util.unfoldable_constant dense<0> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.addi %acc, %ua : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    %s = arith.addi %r, %a : tensor<4xi32>
    util.return %s : tensor<4xi32>
  }
  util.func public @f(%a: tensor<4xi32>, %n: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %x = arith.addi %a, %a : tensor<4xi32>
    %g = util.call @g(%x, %a, %n) : (tensor<4xi32>, tensor<4xi32>, index) -> tensor<4xi32>
    util.return %g, %x : tensor<4xi32>, tensor<4xi32>
  }
}
