// Review 32: the first loop's result is the second's init; with no turn of either, the second
// frees the first's init %x, returned after both.
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index, %m: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
      %u = util.unfoldable_constant dense<1> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.addi %acc, %ua : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    %r2 = scf.for %i = %c0 to %m step %c1 iter_args(%acc = %r) -> tensor<4xi32> {
      %u = util.unfoldable_constant dense<2> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.muli %acc, %ua : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    util.return %x : tensor<4xi32>
  }
}
