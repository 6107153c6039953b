// A trial update, read by a getter kept out of line (so the update's store stays), roll-back,
// then a final store: IREE 3.13 erases the roll-back (a store of @g's own load after a store of
// @g), but the final store overwrites it before anything reads @g: the check builds it
// (global_folds._RollBack.read_after; review 6, r1_15).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 77 3 77; f=1 88 3 77; get=1 88 3 88
// CALLS: get;f:[5];f:[6];f:[7];get
// EXPECT: get=1 2 3 4; f=1 5 3 4; f=1 6 3 5; f=1 7 3 6; get=1 7 3 7
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
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
