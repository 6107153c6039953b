// Review 32: %x and %w come from one dispatch, in one allocation; the loop of no turn on %w
// frees its result, %w's buffer, and the allocation with it, before %x is read.
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %w = arith.muli %x, %a : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %w) -> tensor<4xi32> {
      %u = util.unfoldable_constant dense<1> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.addi %acc, %ua : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    %s = arith.addi %x, %a : tensor<4xi32>
    util.return %s : tensor<4xi32>
  }
}
