// No fault: the loop's result is returned, after the last read of %x, its init. IREE 3.13 frees
// neither in the function, and the check claims nothing (no repair, no copy).
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
      %u = util.unfoldable_constant dense<1> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.addi %acc, %ua : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    %s = arith.muli %x, %a : tensor<4xi32>
    util.return %s, %r : tensor<4xi32>, tensor<4xi32>
  }
}
