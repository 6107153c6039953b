// A trial update read by a kept getter, then a while loop whose body rolls @g back to the old
// load and whose condition region reads @g; a store after the loop overwrites @g. The
// condition's next turn reads what the roll-back left (the old value) and hands an element
// of it out (an i32: a tensor result of this loop crashes iree-compile 3.13).
// IREE 3.13 erases the roll-back, and that read returns the trial update. A loop's next turn
// runs its condition again: the condition's read is on a path (global_folds._RollBack.read_after,
// through the loop's next turn); the check refuses.
// CALLS: f:[77],1;get;f:[88],0;get
// EXPECT: f=2; get=1 77 3 77; f=88; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %n: index) -> i32 {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %none = arith.constant 0 : i32
    %w:2 = scf.while (%i = %c0, %e = %none) : (index, i32) -> (index, i32) {
      %now = util.global.load @g : tensor<4xi32>
      %el = tensor.extract %now[%c1] : tensor<4xi32>
      %more = arith.cmpi slt, %i, %n : index
      scf.condition(%more) %i, %el : index, i32
    } do {
    ^bb0(%j: index, %x: i32):
      util.global.store %old, @g : tensor<4xi32>
      %next = arith.addi %j, %c1 : index
      scf.yield %next, %x : index, i32
    }
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %fin, @g : tensor<4xi32>
    util.return %w#1 : i32
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
