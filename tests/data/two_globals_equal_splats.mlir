// Two mutable caches with equal splat initial values. IREE 3.13 stores one splat buffer into
// both globals, so the V write lands in the K cache. Correct output row s: 3 * (s + 1).
module @two_globals {
  util.global private mutable @k = dense<0.0> : tensor<16x4xf32>
  util.global private mutable @v = dense<0.0> : tensor<16x4xf32>
  func.func @step(%x: tensor<1x4xf32>, %step_i: i64) -> tensor<16x4xf32> {
    %c0 = arith.constant 0 : index
    %step = arith.index_cast %step_i : i64 to index
    %k = util.global.load @k : tensor<16x4xf32>
    %v = util.global.load @v : tensor<16x4xf32>
    %e = tensor.empty() : tensor<1x4xf32>
    %neg = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%x : tensor<1x4xf32>) outs(%e : tensor<1x4xf32>) {
      ^bb0(%a: f32, %b: f32):
        %n = arith.addf %a, %a : f32
        linalg.yield %n : f32
    } -> tensor<1x4xf32>
    %k2 = flow.tensor.update %x, %k[%step, %c0] : tensor<1x4xf32> -> %k as tensor<16x4xf32>
    %v2 = flow.tensor.update %neg, %v[%step, %c0] : tensor<1x4xf32> -> %v as tensor<16x4xf32>
    util.global.store %k2, @k : tensor<16x4xf32>
    util.global.store %v2, @v : tensor<16x4xf32>
    %e2 = tensor.empty() : tensor<16x4xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>, affine_map<(i, j) -> (i, j)>], iterator_types = ["parallel", "parallel"]} ins(%k2, %v2 : tensor<16x4xf32>, tensor<16x4xf32>) outs(%e2 : tensor<16x4xf32>) {
      ^bb0(%a: f32, %b: f32, %c: f32):
        %n = arith.addf %a, %b : f32
        linalg.yield %n : f32
    } -> tensor<16x4xf32>
    return %sum : tensor<16x4xf32>
  }
}
