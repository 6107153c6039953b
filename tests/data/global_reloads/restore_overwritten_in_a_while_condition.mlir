// restore_overwritten_unread.mlir with the final store in an scf.while's condition region:
// IREE 3.13 erases the roll-back (a store of @g's own load after a store of @g), but the
// condition region runs at least once, first, before anything reads @g, and its store
// overwrites what the erasure left: the check builds it (global_folds._RollBack.read_after;
// the tensor campaign's seed 12101 refused it).
// CALLS: f:[77],2;get;f:[88],0;get
// EXPECT: f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88
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
      util.global.store %fin, @g : tensor<4xi32>
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
