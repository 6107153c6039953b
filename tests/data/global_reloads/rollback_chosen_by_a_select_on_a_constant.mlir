// A roll-back whose value an arith.select on a constant chooses (a switch left on): MLIR folds
// the select to the old load, and IREE 3.13 then erases the roll-back as a store of @g's own
// load, though the update wrote @g between them. The check reads the store through the folded
// select and refuses (global_folds.dropped_restores; review 22, t02).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %true = arith.constant true
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %v = arith.select %true, %old, %new : tensor<4xi32>
    util.global.store %v, @g : tensor<4xi32>
    util.return %new : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
