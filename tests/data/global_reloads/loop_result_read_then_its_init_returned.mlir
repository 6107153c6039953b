// The loop's result is read (scaled by %a), and %x, its init, is returned after that read. IREE
// 3.13 frees the result after its last use; with no turn that is %x's buffer, still to be
// returned. Value semantics: ((2 + %n) * %a * %a, 2 * %a) for %a of ones.
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
    %s = arith.muli %r, %a : tensor<4xi32>
    util.return %s, %x : tensor<4xi32>, tensor<4xi32>
  }
}
