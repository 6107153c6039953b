// A trial update read by a kept getter, then a cf loop whose header reads @g and whose body
// rolls @g back to the old load; the exit stores a final value. The header's next turn reads
// what the roll-back left (the old value), and the loop hands its last read out. IREE 3.13
// erases the roll-back, and that read returns the trial update. A roll-back on a cf cycle is
// never overwritten unread (a path through the cycle comes back to the read); the
// check refuses.
// CALLS: f:[77],1;get;f:[88],0;get
// EXPECT: f=1 2 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %n: index) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    cf.br ^head(%c0 : index)
  ^head(%i: index):
    %now = util.global.load @g : tensor<4xi32>
    %more = arith.cmpi slt, %i, %n : index
    cf.cond_br %more, ^body, ^exit(%now : tensor<4xi32>)
  ^body:
    util.global.store %old, @g : tensor<4xi32>
    %next = arith.addi %i, %c1 : index
    cf.br ^head(%next : index)
  ^exit(%out: tensor<4xi32>):
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
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
