// The seed's own op on an argument cache: insert a row at %pos and return the update and the
// original. The caller's %cache, and the second result, must be the old cache.
util.func public @step(%cache: tensor<8x4xf32>, %row: tensor<1x4xf32>, %pos: index) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %u = tensor.insert_slice %row into %cache[%pos, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x4xf32>
  util.return %u, %cache : tensor<8x4xf32>, tensor<8x4xf32>
}
