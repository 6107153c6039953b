// A roll-back in a cf arm that branches into a cycle of two blocks at ^x, where the entry's
// other branch enters the same cycle at ^y, which reads @g (an irreducible region). The
// blocks' topological order lists ^y before the arm, yet ^y runs after the roll-back: the
// first call's loop returns what the roll-back left. IREE 3.13 erases the roll-back and the
// read returns the trial update. A block that branches into a cycle at a block listed
// before it is followed by earlier-listed blocks (a path through the cycle: schedule/event_flow.py); the
// check refuses (review 30, ir1: built wrong by fb1cfaf).
// CALLS: f:[77],0,1;get;f:[88],1,1;get
// EXPECT: f=1 2 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %c: i1, %n: index) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    cf.cond_br %c, ^y(%c0 : index), ^a
  ^a:
    util.global.store %old, @g : tensor<4xi32>
    cf.br ^x(%c0, %seen : index, tensor<4xi32>)
  ^x(%i: index, %acc: tensor<4xi32>):
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^y(%i : index), ^join(%acc : tensor<4xi32>)
  ^y(%j: index):
    %now = util.global.load @g : tensor<4xi32>
    %nj = arith.addi %j, %c1 : index
    cf.br ^x(%nj, %now : index, tensor<4xi32>)
  ^join(%out: tensor<4xi32>):
    util.global.store %fin, @g : tensor<4xi32>
    util.return %out : tensor<4xi32>
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
