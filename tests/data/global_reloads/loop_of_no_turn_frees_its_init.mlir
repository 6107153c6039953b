// A loop of a run-time trip count accumulates into a copy of %x and drops the sum; the function
// returns %x. With no turn, IREE 3.13's reference counting frees the loop's result, which is
// %x's own buffer, right after the loop: on local-task the call fails ("transient buffer has not
// been committed"). Value semantics: 2 * %a, whatever %n.
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
      %u = util.unfoldable_constant dense<1> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.addi %acc, %ua : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    util.return %x : tensor<4xi32>
  }
}
