// A store of @g's own load with no write of @g between (a write of another global only):
// IREE 3.13 erases it, rightly; the check must not refuse it.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @h = dense<[0, 0, 0, 0]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @h : tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
    util.return %new : tensor<4xi32>
  }
  util.func public @get() -> (tensor<4xi32>, tensor<4xi32>) {
    %g = util.global.load @g : tensor<4xi32>
    %h = util.global.load @h : tensor<4xi32>
    util.return %g, %h : tensor<4xi32>, tensor<4xi32>
  }
}
