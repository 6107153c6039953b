// restore_overwritten_in_a_while_condition.mlir with the final store in the loop's body, which
// a call of n = 0 never runs: IREE 3.13 erases the roll-back, and @g keeps the trial update
// (1 77 3 4) where the program restored 1 2 3 4. Only a region every execution of its loop
// runs first, at least once, overwrites the erased store; the check refuses this one.
// CALLS: f:[77],0;get;f:[88],1;get
// EXPECT: f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %n: index) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w = scf.while (%i = %c0) : (index) -> index {
      %more = arith.cmpi slt, %i, %n : index
      scf.condition(%more) %i : index
    } do {
    ^bb0(%j: index):
      util.global.store %fin, @g : tensor<4xi32>
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
