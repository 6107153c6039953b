// A row inserted into an argument cache, then the original read (summed) after the update:
// the sum is of the old cache, and the caller's cache is unchanged.
#id = affine_map<(d0, d1) -> (d0, d1)>
util.func public @step(%cache: tensor<8x4xf32>, %row: tensor<1x4xf32>, %pos: index) -> (tensor<8x4xf32>, tensor<8x4xf32>) {
  %u = tensor.insert_slice %row into %cache[%pos, 0] [1, 4] [1, 1] : tensor<1x4xf32> into tensor<8x4xf32>
  %e = tensor.empty() : tensor<8x4xf32>
  %d = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]} ins(%u, %cache : tensor<8x4xf32>, tensor<8x4xf32>) outs(%e : tensor<8x4xf32>) {
  ^bb0(%a: f32, %b: f32, %o: f32):
    %s = arith.subf %a, %b : f32
    linalg.yield %s : f32
  } -> tensor<8x4xf32>
  util.return %u, %d : tensor<8x4xf32>, tensor<8x4xf32>
}
