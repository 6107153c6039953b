// restore_overwritten_in_a_while_condition.mlir with the condition region reading @g through
// its address before it overwrites @g: on the first turn it reads the trial update, as IREE
// 3.13 erased the roll-back. A load through a pointer is no event of the check, so a module
// that takes a global's address has no roll-back overwritten unread
// (global_folds._RollBack.read_after); the check refuses (review 29).
// CALLS: f:[77],0;geth;get;f:[88],0;geth;get
// EXPECT: f=1 77 3 4; geth=2; get=1 77 3 77; f=1 88 3 77; geth=77; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%row: tensor<1xi32>, %n: index) -> tensor<4xi32> {
    %zeros = arith.constant dense<0> : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %true = arith.constant true
    %false = arith.constant false
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %w = scf.while (%i = %c0) : (index) -> index {
      %p = util.global.address @g : !util.ptr<tensor<4xi32>>
      %v = util.global.load.indirect %p : !util.ptr<tensor<4xi32>> -> tensor<4xi32>
      %e = tensor.extract %v[%c1] : tensor<4xi32>
      util.global.store %e, @h : i32
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
  util.global private mutable @h = 0 : i32
  util.func public @geth() -> i32 {
    %v = util.global.load @h : i32
    util.return %v : i32
  }
}
