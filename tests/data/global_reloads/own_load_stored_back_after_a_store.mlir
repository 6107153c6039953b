// A speculative update rolled back: try() stores @g updated with a row, reads it, and stores
// back the value it loaded first. get() must then read @g as it was. IREE 3.13's
// util.global.store canonicalizer erases the roll-back as a store of @g's own load, though a
// store of @g lies between: stock's get() reads the row (global_folds.dropped_restores refuses).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @try(%row: tensor<1xi32>) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.global.load @g : tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
    util.return %seen : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
