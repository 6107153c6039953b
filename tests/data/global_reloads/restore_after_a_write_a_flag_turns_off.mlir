// A roll-back whose only write between is made by a helper that writes only when its flag says
// so, called with the flag off: once IREE inlines the helper, MLIR folds its scf.if away, then
// IREE 3.13 erases the roll-back as a store of @g's own load, rightly. The write between is
// gone at the splice too, so the check builds it (global_folds.dropped_restores).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func private @update_if(%do: i1, %v: tensor<4xi32>) {
    scf.if %do {
      util.global.store %v, @g : tensor<4xi32>
    }
    util.return
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %off = arith.constant false
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.call @update_if(%off, %new) : (i1, tensor<4xi32>) -> ()
    util.global.store %old, @g : tensor<4xi32>
    util.return %new : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
