// The write overlaps the slice it follows: the step first writes x into row `step`, attention
// reads rows [0, step] of the updated cache, then its output overwrites row `step`. That second
// update consumes the attention output, so it must run after the only read of the slice.
#q  = affine_map<(h, t, d) -> (h, d)>
#kv = affine_map<(h, t, d) -> (t, h, d)>
#s  = affine_map<(h, t, d) -> (h, t)>
#id = affine_map<(h, d) -> (h, d)>
module @update_after_read {
  util.global private mutable @k = dense<0.5> : tensor<64x8x16xf32>
  func.func @step(%x: tensor<8x16xf32>, %step_i: i64) -> tensor<8x16xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %c16 = arith.constant 16 : index
    %zero = arith.constant 0.0 : f32
    %step = arith.index_cast %step_i : i64 to index
    %len = arith.addi %step, %c1 : index
    %k = util.global.load @k : tensor<64x8x16xf32>
    %xrow = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 8, 16] : tensor<8x16xf32> into tensor<1x8x16xf32>
    %k1 = flow.tensor.update %xrow, %k[%step, %c0, %c0] : tensor<1x8x16xf32> -> %k as tensor<64x8x16xf32>
    %ks = flow.tensor.slice %k1[%c0, %c0, %c0 for %len, %c8, %c16] : tensor<64x8x16xf32> -> tensor<?x8x16xf32>{%len}
    %e = tensor.empty(%len) : tensor<8x?xf32>
    %z = linalg.fill ins(%zero : f32) outs(%e : tensor<8x?xf32>) -> tensor<8x?xf32>
    %sc = linalg.generic {indexing_maps = [#q, #kv, #s], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x, %ks : tensor<8x16xf32>, tensor<?x8x16xf32>) outs(%z : tensor<8x?xf32>) {
      ^bb0(%a: f32, %b: f32, %acc: f32):
        %m = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %m : f32
        linalg.yield %r : f32
    } -> tensor<8x?xf32>
    %e2 = tensor.empty() : tensor<8x16xf32>
    %out = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<8x16xf32>) outs(%e2 : tensor<8x16xf32>) {
      ^bb0(%a: f32, %unused: f32):
        %t = math.tanh %a : f32
        linalg.yield %t : f32
    } -> tensor<8x16xf32>
    %row0 = tensor.extract_slice %sc[0, 0] [8, 1] [1, 1] : tensor<8x?xf32> to tensor<8x1xf32>
    %mixed = linalg.generic {indexing_maps = [#id, affine_map<(h, d) -> (h, 0)>, #id], iterator_types = ["parallel", "parallel"]}
        ins(%out, %row0 : tensor<8x16xf32>, tensor<8x1xf32>) outs(%e2 : tensor<8x16xf32>) {
      ^bb0(%a: f32, %b: f32, %unused: f32):
        %r = arith.addf %a, %b : f32
        linalg.yield %r : f32
    } -> tensor<8x16xf32>
    %row = tensor.expand_shape %mixed [[0, 1], [2]] output_shape [1, 8, 16] : tensor<8x16xf32> into tensor<1x8x16xf32>
    %k2 = flow.tensor.update %row, %k1[%step, %c0, %c0] : tensor<1x8x16xf32> -> %k1 as tensor<64x8x16xf32>
    util.global.store %k2, @k : tensor<64x8x16xf32>
    return %mixed : tensor<8x16xf32>
  }
}
