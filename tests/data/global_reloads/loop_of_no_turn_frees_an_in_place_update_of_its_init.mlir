// Review 32: the init is %x updated in place (its buffer is %x's); the loop of no turn frees
// it, and the update is returned after the loop.
module @m {
  util.func public @f(%a: tensor<4xi32>, %b: tensor<1xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %x2 = tensor.insert_slice %b into %x[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x2) -> tensor<4xi32> {
      %u = util.unfoldable_constant dense<1> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.addi %acc, %ua : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    util.return %x2 : tensor<4xi32>
  }
}
