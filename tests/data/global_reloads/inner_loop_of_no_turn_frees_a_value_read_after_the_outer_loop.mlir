// The outer-loop program's value %x read by device work after the outer loop, not handed to the
// caller: only the levels after the free see the read (an export counts wherever it stands).
// Review 32: an inner loop of no turn in an outer loop's body frees its init %x, made before
// the outer loop, which is read only after the outer loop.
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index, %m: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<4xi32> {
      %in = scf.for %j = %c0 to %m step %c1 iter_args(%b = %x) -> tensor<4xi32> {
        %u = util.unfoldable_constant dense<1> : tensor<4xi32>
        %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
        %y = arith.addi %b, %ua : tensor<4xi32>
        scf.yield %y : tensor<4xi32>
      }
      %z = arith.addi %acc, %a : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    %rr = arith.addi %r, %a : tensor<4xi32>
    %rs = arith.subi %rr, %a : tensor<4xi32>
    %xs = arith.muli %x, %x : tensor<4xi32>
    %rt = arith.addi %rs, %a : tensor<4xi32>
    util.return %rs, %xs : tensor<4xi32>, tensor<4xi32>
  }
}
