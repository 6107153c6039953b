// The arm program's value %x read by device work after the if, not handed to the caller: only
// the levels after the free see the read (an export counts wherever it stands).
// Review 32: a loop of no turn in an scf.if arm frees its init %x after the arm reads its
// result; %x is returned after the if.
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index, %c: i32) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    %x = arith.addi %a, %a : tensor<4xi32>
    %s = scf.if %cond -> tensor<4xi32> {
      %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
        %u = util.unfoldable_constant dense<1> : tensor<4xi32>
        %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
        %y = arith.addi %acc, %ua : tensor<4xi32>
        scf.yield %y : tensor<4xi32>
      }
      %t = arith.addi %r, %a : tensor<4xi32>
      scf.yield %t : tensor<4xi32>
    } else {
      scf.yield %a : tensor<4xi32>
    }
    %w = arith.muli %x, %x : tensor<4xi32>
    util.return %w, %s : tensor<4xi32>, tensor<4xi32>
  }
}
