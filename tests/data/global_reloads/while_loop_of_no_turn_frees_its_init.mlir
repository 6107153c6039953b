// loop_of_no_turn_frees_its_init.mlir as an scf.while: its condition hands the carried value on
// unchanged, so a first condition that is false returns %x itself, which IREE 3.13 frees as the
// loop's result while the function still returns it.
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %r:2 = scf.while (%acc = %x, %i = %c0) : (tensor<4xi32>, index) -> (tensor<4xi32>, index) {
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %acc, %i : tensor<4xi32>, index
    } do {
    ^bb0(%acc2: tensor<4xi32>, %i2: index):
      %u = util.unfoldable_constant dense<1> : tensor<4xi32>
      %ua = tensor.insert_slice %a into %u[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
      %y = arith.addi %acc2, %ua : tensor<4xi32>
      %j = arith.addi %i2, %c1 : index
      scf.yield %y, %j : tensor<4xi32>, index
    }
    util.return %x : tensor<4xi32>
  }
}
