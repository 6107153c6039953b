#q  = affine_map<(h, t, d) -> (h, d)>
#kv = affine_map<(h, t, d) -> (t, h, d)>
#s  = affine_map<(h, t, d) -> (h, t)>
#o  = affine_map<(h, d, t) -> (h, d)>
#vv = affine_map<(h, d, t) -> (t, h, d)>
#ss = affine_map<(h, d, t) -> (h, t)>
#id = affine_map<(h, d) -> (h, d)>

module @decode_seed_2l {
  util.global private mutable @k0 = dense<0.0> : tensor<4096x8x64xf32>
  util.global private mutable @v0 = dense<1.0> : tensor<4096x8x64xf32>
  util.global private mutable @k1 = dense<2.0> : tensor<4096x8x64xf32>
  util.global private mutable @v1 = dense<3.0> : tensor<4096x8x64xf32>
  func.func @step(%x: tensor<8x64xf32>, %step_i: i64) -> tensor<8x64xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %cH = arith.constant 8 : index
    %cD = arith.constant 64 : index
    %zero = arith.constant 0.0 : f32
    %step = arith.index_cast %step_i : i64 to index
    %len = arith.addi %step, %c1 : index
    %l0_k = util.global.load @k0 : tensor<4096x8x64xf32>
    %l0_v = util.global.load @v0 : tensor<4096x8x64xf32>
    %l0_vt0 = tensor.empty() : tensor<8x64xf32>
    %l0_vt = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x : tensor<8x64xf32>) outs(%l0_vt0 : tensor<8x64xf32>) {
      ^bb0(%a: f32, %unused: f32):
        %t = math.tanh %a : f32
        linalg.yield %t : f32
    } -> tensor<8x64xf32>
    %l0_krow = tensor.expand_shape %x [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %l0_vrow = tensor.expand_shape %l0_vt [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>

    %l0_k2 = flow.tensor.update %l0_krow, %l0_k[%step, %c0, %c0] : tensor<1x8x64xf32> -> %l0_k as tensor<4096x8x64xf32>
    %l0_v2 = flow.tensor.update %l0_vrow, %l0_v[%step, %c0, %c0] : tensor<1x8x64xf32> -> %l0_v as tensor<4096x8x64xf32>
    %l0_ks = flow.tensor.slice %l0_k2[%c0, %c0, %c0 for %len, %cH, %cD] : tensor<4096x8x64xf32> -> tensor<?x8x64xf32>{%len}
    %l0_vs = flow.tensor.slice %l0_v2[%c0, %c0, %c0 for %len, %cH, %cD] : tensor<4096x8x64xf32> -> tensor<?x8x64xf32>{%len}
    %l0_zs = tensor.empty(%len) : tensor<8x?xf32>
    %l0_zsf = linalg.fill ins(%zero : f32) outs(%l0_zs : tensor<8x?xf32>) -> tensor<8x?xf32>
    %l0_sc = linalg.generic {indexing_maps = [#q, #kv, #s], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%x, %l0_ks : tensor<8x64xf32>, tensor<?x8x64xf32>) outs(%l0_zsf : tensor<8x?xf32>) {
      ^bb0(%a: f32, %b: f32, %acc: f32):
        %m = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %m : f32
        linalg.yield %r : f32
    } -> tensor<8x?xf32>
    %l0_zo = tensor.empty() : tensor<8x64xf32>
    %l0_zof = linalg.fill ins(%zero : f32) outs(%l0_zo : tensor<8x64xf32>) -> tensor<8x64xf32>
    %l0_att = linalg.generic {indexing_maps = [#ss, #vv, #o], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%l0_sc, %l0_vs : tensor<8x?xf32>, tensor<?x8x64xf32>) outs(%l0_zof : tensor<8x64xf32>) {
      ^bb0(%a: f32, %b: f32, %acc: f32):
        %m = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %m : f32
        linalg.yield %r : f32
    } -> tensor<8x64xf32>
    %l0_ze = tensor.empty() : tensor<8x64xf32>
    %h1 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%x, %l0_att : tensor<8x64xf32>, tensor<8x64xf32>) outs(%l0_ze : tensor<8x64xf32>) {
      ^bb0(%a: f32, %b: f32, %unused: f32):
        %t = math.tanh %b : f32
        %r = arith.addf %a, %t : f32
        linalg.yield %r : f32
    } -> tensor<8x64xf32>

    util.global.store %l0_k2, @k0 : tensor<4096x8x64xf32>
    util.global.store %l0_v2, @v0 : tensor<4096x8x64xf32>
    %l1_k = util.global.load @k1 : tensor<4096x8x64xf32>
    %l1_v = util.global.load @v1 : tensor<4096x8x64xf32>
    %l1_vt0 = tensor.empty() : tensor<8x64xf32>
    %l1_vt = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%h1 : tensor<8x64xf32>) outs(%l1_vt0 : tensor<8x64xf32>) {
      ^bb0(%a: f32, %unused: f32):
        %t = math.tanh %a : f32
        linalg.yield %t : f32
    } -> tensor<8x64xf32>
    %l1_krow = tensor.expand_shape %h1 [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>
    %l1_vrow = tensor.expand_shape %l1_vt [[0, 1], [2]] output_shape [1, 8, 64] : tensor<8x64xf32> into tensor<1x8x64xf32>

    %l1_k2 = flow.tensor.update %l1_krow, %l1_k[%step, %c0, %c0] : tensor<1x8x64xf32> -> %l1_k as tensor<4096x8x64xf32>
    %l1_v2 = flow.tensor.update %l1_vrow, %l1_v[%step, %c0, %c0] : tensor<1x8x64xf32> -> %l1_v as tensor<4096x8x64xf32>
    %l1_ks = flow.tensor.slice %l1_k2[%c0, %c0, %c0 for %len, %cH, %cD] : tensor<4096x8x64xf32> -> tensor<?x8x64xf32>{%len}
    %l1_vs = flow.tensor.slice %l1_v2[%c0, %c0, %c0 for %len, %cH, %cD] : tensor<4096x8x64xf32> -> tensor<?x8x64xf32>{%len}
    %l1_zs = tensor.empty(%len) : tensor<8x?xf32>
    %l1_zsf = linalg.fill ins(%zero : f32) outs(%l1_zs : tensor<8x?xf32>) -> tensor<8x?xf32>
    %l1_sc = linalg.generic {indexing_maps = [#q, #kv, #s], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%h1, %l1_ks : tensor<8x64xf32>, tensor<?x8x64xf32>) outs(%l1_zsf : tensor<8x?xf32>) {
      ^bb0(%a: f32, %b: f32, %acc: f32):
        %m = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %m : f32
        linalg.yield %r : f32
    } -> tensor<8x?xf32>
    %l1_zo = tensor.empty() : tensor<8x64xf32>
    %l1_zof = linalg.fill ins(%zero : f32) outs(%l1_zo : tensor<8x64xf32>) -> tensor<8x64xf32>
    %l1_att = linalg.generic {indexing_maps = [#ss, #vv, #o], iterator_types = ["parallel", "parallel", "reduction"]}
        ins(%l1_sc, %l1_vs : tensor<8x?xf32>, tensor<?x8x64xf32>) outs(%l1_zof : tensor<8x64xf32>) {
      ^bb0(%a: f32, %b: f32, %acc: f32):
        %m = arith.mulf %a, %b : f32
        %r = arith.addf %acc, %m : f32
        linalg.yield %r : f32
    } -> tensor<8x64xf32>
    %l1_ze = tensor.empty() : tensor<8x64xf32>
    %h2 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel", "parallel"]}
        ins(%h1, %l1_att : tensor<8x64xf32>, tensor<8x64xf32>) outs(%l1_ze : tensor<8x64xf32>) {
      ^bb0(%a: f32, %b: f32, %unused: f32):
        %t = math.tanh %b : f32
        %r = arith.addf %a, %t : f32
        linalg.yield %r : f32
    } -> tensor<8x64xf32>

    util.global.store %l1_k2, @k1 : tensor<4096x8x64xf32>
    util.global.store %l1_v2, @v1 : tensor<4096x8x64xf32>
    return %h2 : tensor<8x64xf32>
  }
}
