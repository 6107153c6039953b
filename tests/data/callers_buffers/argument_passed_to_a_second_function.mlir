// The cache passed on to a function that is not inlined and inserts the row there: the caller's
// buffer is written through the callee.
util.func private @insert(%cache: tensor<8x4xf32>, %row: tensor<1x4xf32>, %pos: index) -> tensor<8x4xf32> attributes {inlining_policy = #util.inline.never} {
  %u = tensor.insert_slice %row into %cache[%pos, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x4xf32>
  util.return %u : tensor<8x4xf32>
}
util.func public @step(%cache: tensor<8x4xf32>, %row: tensor<1x4xf32>, %pos: index) -> tensor<8x4xf32> {
  %u = util.call @insert(%cache, %row, %pos) : (tensor<8x4xf32>, tensor<1x4xf32>, index) -> tensor<8x4xf32>
  util.return %u : tensor<8x4xf32>
}
