// A decode step on an argument cache, not donated: insert a row, return the update. Nothing in
// the function reads the original again, but the caller keeps its cache (beam search, a
// rollback): it must be unchanged after the call.
util.func public @step(%cache: tensor<8x4xf32>, %row: tensor<1x4xf32>, %pos: index) -> tensor<8x4xf32> {
  %u = tensor.insert_slice %row into %cache[%pos, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x4xf32>
  util.return %u : tensor<8x4xf32>
}
