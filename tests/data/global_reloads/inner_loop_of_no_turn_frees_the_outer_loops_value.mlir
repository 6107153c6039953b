// Review 32: an inner loop of no turn takes the outer loop's carried value and frees it; the
// outer body reads that value after the inner loop.
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index, %m: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
      %in = scf.for %j = %c0 to %m step %c1 iter_args(%b = %acc) -> tensor<4xi32> {
        %u = util.unfoldable_constant dense<1> : tensor<4xi32>
        %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
        %y = arith.addi %b, %ua : tensor<4xi32>
        scf.yield %y : tensor<4xi32>
      }
      %z = arith.addi %acc, %a : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    util.return %r, %x : tensor<4xi32>, tensor<4xi32>
  }
}
