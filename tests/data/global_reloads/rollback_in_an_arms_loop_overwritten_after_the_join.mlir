// A trial update read by a kept getter, then, in one cf arm, a loop that rolls @g back to
// the old load; the block both arms join stores a final value before anything reads @g.
// IREE 3.13 erases the roll-back (a store of @g's own load after a store of @g), and the
// final store overwrites what it left on every path: the check builds it
// (global_folds._RollBack.read_after: every path from it meets the store first; the
// tensor campaign's seed 13101 refused it).
// CALLS: f:[77],1,2;get;f:[88],0,0;get
// EXPECT: f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %flag: i1, %n: index) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    cf.cond_br %flag, ^back, ^join
  ^back:
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      util.global.store %old, @g : tensor<4xi32>
    }
    cf.br ^join
  ^join:
    %fin = tensor.insert_slice %row into %seen[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %fin, @g : tensor<4xi32>
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
