// A whole decode loop in one call: the cache is carried through scf.for iteration arguments,
// each iteration writes row i (flow.tensor.update) and attends over rows [0, i]
// (flow.tensor.slice of the updated cache). The trip count is at most the cache capacity (64),
// as a frontend would state with util.assume.int.
#q  = affine_map<(h, t, d) -> (h, d)>
#kv = affine_map<(h, t, d) -> (t, h, d)>
#s  = affine_map<(h, t, d) -> (h, t)>
#id = affine_map<(h, d) -> (h, d)>
module @decode_loop {
  util.global private mutable @k = dense<0.25> : tensor<64x8x16xf32>
  func.func @run(%x0: tensor<8x16xf32>, %n_i: i64) -> tensor<8x16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %n_raw = arith.index_cast %n_i : i64 to index
    %n = util.assume.int %n_raw<umin = 0, umax = 64> : index
    %k = util.global.load @k : tensor<64x8x16xf32>
    %res:2 = scf.for %i = %c0 to %n step %c1 iter_args(%cache = %k, %x = %x0) -> (tensor<64x8x16xf32>, tensor<8x16xf32>) {
      %len = arith.addi %i, %c1 : index
      %xrow = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 8, 16] : tensor<8x16xf32> into tensor<1x8x16xf32>
      %c2 = flow.tensor.update %xrow, %cache[%i, %c0, %c0] : tensor<1x8x16xf32> -> %cache as tensor<64x8x16xf32>
      %ks = flow.tensor.slice %c2[%c0, %c0, %c0 for %len, %c8, %c16] : tensor<64x8x16xf32> -> tensor<?x8x16xf32>{%len}
      %e = tensor.empty(%len) : tensor<8x?xf32>
      %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x?xf32>) -> tensor<8x?xf32>
      %sc = linalg.generic {indexing_maps = [#q, #kv, #s], iterator_types = ["parallel", "parallel", "reduction"]}
          ins(%x, %ks : tensor<8x16xf32>, tensor<?x8x16xf32>) outs(%z : tensor<8x?xf32>) {
        ^bb0(%a: f32, %b: f32, %acc: f32):
          %m = arith.mulf %a, %b : f32
          %r = arith.addf %acc, %m : f32
          linalg.yield %r : f32
      } -> tensor<8x?xf32>
      %col = tensor.extract_slice %sc[0, 0] [8, 1] [1, 1] : tensor<8x?xf32> to tensor<8x1xf32>
      %e2 = tensor.empty() : tensor<8x16xf32>
      %next = linalg.generic {indexing_maps = [#id, affine_map<(h, d) -> (h, 0)>, #id], iterator_types = ["parallel", "parallel"]}
          ins(%x, %col : tensor<8x16xf32>, tensor<8x1xf32>) outs(%e2 : tensor<8x16xf32>) {
        ^bb0(%a: f32, %b: f32, %unused: f32):
          %t = math.tanh %b : f32
          %r = arith.addf %a, %t : f32
          linalg.yield %r : f32
      } -> tensor<8x16xf32>
      scf.yield %c2, %next : tensor<64x8x16xf32>, tensor<8x16xf32>
    }
    util.global.store %res#0, @k : tensor<64x8x16xf32>
    return %res#1 : tensor<8x16xf32>
  }
}
