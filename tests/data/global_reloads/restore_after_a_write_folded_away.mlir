// A roll-back whose only write between is in an scf.if on a constant false (a debug switch):
// MLIR folds the if away, then IREE 3.13 erases the roll-back as a store of @g's own load,
// rightly. The write between is gone at the splice too, so the check builds it
// (global_folds.dropped_restores; review 6, r1_14).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4
// CALLS: get;f:[1];f:[2];get
// EXPECT: get=1 2 3 4; f=1 1 3 4; f=1 2 3 4; get=1 2 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %debug = arith.constant false
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    scf.if %debug {
      util.global.store %new, @g : tensor<4xi32>
    }
    util.global.store %old, @g : tensor<4xi32>
    util.return %new : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
