// A roll-back through an inlinable setter: f updates @g, then hands the old load to @set. IREE
// 3.13 inlines the setter, which then stores @g's own load, and erases it as a store of what @g
// holds (EraseUnusedGlobalStoreOp), though the update wrote @g between them: @g keeps the
// update. The check reads the setter's store of its argument as a store of the call's operand,
// the load, and refuses (global_folds.dropped_restores; review 22, t35: both builds wrong).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @set(%v: tensor<4xi32>) {
    util.global.store %v, @g : tensor<4xi32>
    util.return
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    util.call @set(%old) : (tensor<4xi32>) -> ()
    util.return %new : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
