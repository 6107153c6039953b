// rollback_overwritten_by_its_own_value_in_a_while_condition.mlir with the overwriting store
// storing `(old + 5) - 5`: MLIR folds it to @g's own load (the check does not), and IREE 3.13 erases
// it with the roll-back, so @g keeps the trial update. Only a store the splice still has
// overwrites an erased roll-back (global_folds._RollBack._overwrites); the check refuses.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%row: tensor<1xi32>, %n: index) -> tensor<4xi32> {
    %zeros = arith.constant dense<0> : tensor<4xi32>
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w = scf.while (%i = %c0) : (index) -> index {
      %five = arith.constant dense<5> : tensor<4xi32>
      %more5 = arith.addi %old, %five : tensor<4xi32>
      %same = arith.subi %more5, %five : tensor<4xi32>
      util.global.store %same, @g : tensor<4xi32>
      %more = arith.cmpi slt, %i, %n : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%j: index):
      %next = arith.addi %j, %c1 : index
      scf.yield %next : index
    }
    util.return %seen : tensor<4xi32>
  }
  util.func private @peek() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
