// Four KV caches of a two-layer decode step, shaped and initialised as iree-turbine exports
// registered buffers made with torch.zeros: equal zero splats, updated in place at the step's
// position (a 0-d tensor<i64>, as torch passes it). IREE 3.13 backs all four globals with one
// buffer, so the writes land on each other. Correct output at written rows: 10 * x.
module @four_caches {
  util.global private mutable @k0 = dense<0.0> : tensor<1x32x4x8xf32>
  util.global private mutable @v0 = dense<0.0> : tensor<1x32x4x8xf32>
  util.global private mutable @k1 = dense<0.0> : tensor<1x32x4x8xf32>
  util.global private mutable @v1 = dense<0.0> : tensor<1x32x4x8xf32>
  func.func @step(%x: tensor<1x1x4x8xf32>, %pos: tensor<i64>) -> tensor<1x32x4x8xf32> {
    %p = tensor.extract %pos[] : tensor<i64>
    %i = arith.index_cast %p : i64 to index
    %c2 = arith.constant 2.0 : f32
    %c3 = arith.constant 3.0 : f32
    %c4 = arith.constant 4.0 : f32
    %er = tensor.empty() : tensor<1x1x4x8xf32>
    %x2 = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x : tensor<1x1x4x8xf32>) outs(%er : tensor<1x1x4x8xf32>) {
      ^bb0(%a: f32, %unused: f32):
        %m = arith.mulf %a, %c2 : f32
        linalg.yield %m : f32
    } -> tensor<1x1x4x8xf32>
    %x3 = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x : tensor<1x1x4x8xf32>) outs(%er : tensor<1x1x4x8xf32>) {
      ^bb0(%a: f32, %unused: f32):
        %m = arith.mulf %a, %c3 : f32
        linalg.yield %m : f32
    } -> tensor<1x1x4x8xf32>
    %x4 = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%x : tensor<1x1x4x8xf32>) outs(%er : tensor<1x1x4x8xf32>) {
      ^bb0(%a: f32, %unused: f32):
        %m = arith.mulf %a, %c4 : f32
        linalg.yield %m : f32
    } -> tensor<1x1x4x8xf32>
    %k0 = util.global.load @k0 : tensor<1x32x4x8xf32>
    %k0n = tensor.insert_slice %x into %k0[0, %i, 0, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x8xf32> into tensor<1x32x4x8xf32>
    util.global.store %k0n, @k0 : tensor<1x32x4x8xf32>
    %v0 = util.global.load @v0 : tensor<1x32x4x8xf32>
    %v0n = tensor.insert_slice %x2 into %v0[0, %i, 0, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x8xf32> into tensor<1x32x4x8xf32>
    util.global.store %v0n, @v0 : tensor<1x32x4x8xf32>
    %k1 = util.global.load @k1 : tensor<1x32x4x8xf32>
    %k1n = tensor.insert_slice %x3 into %k1[0, %i, 0, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x8xf32> into tensor<1x32x4x8xf32>
    util.global.store %k1n, @k1 : tensor<1x32x4x8xf32>
    %v1 = util.global.load @v1 : tensor<1x32x4x8xf32>
    %v1n = tensor.insert_slice %x4 into %v1[0, %i, 0, 0] [1, 1, 4, 8] [1, 1, 1, 1] : tensor<1x1x4x8xf32> into tensor<1x32x4x8xf32>
    util.global.store %v1n, @v1 : tensor<1x32x4x8xf32>
    %e = tensor.empty() : tensor<1x32x4x8xf32>
    %sum = linalg.generic {indexing_maps = [affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>, affine_map<(a, b, c, d) -> (a, b, c, d)>], iterator_types = ["parallel", "parallel", "parallel", "parallel"]}
        ins(%k0n, %v0n, %k1n, %v1n : tensor<1x32x4x8xf32>, tensor<1x32x4x8xf32>, tensor<1x32x4x8xf32>, tensor<1x32x4x8xf32>) outs(%e : tensor<1x32x4x8xf32>) {
      ^bb0(%a: f32, %b: f32, %c: f32, %d: f32, %unused: f32):
        %ab = arith.addf %a, %b : f32
        %cd = arith.addf %c, %d : f32
        %s = arith.addf %ab, %cd : f32
        linalg.yield %s : f32
    } -> tensor<1x32x4x8xf32>
    return %sum : tensor<1x32x4x8xf32>
  }
}
