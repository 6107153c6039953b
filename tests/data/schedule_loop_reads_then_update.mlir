// A loop over three "layers" reads the cache prefix `k[0 : step+1]` in every iteration, then the
// step writes its new row in place after the loop: the shape of a decode step whose layers read
// one cache. IREE 3.13 carries a timepoint through the loop (each iteration's execution region
// awaits the previous one's) and the write's region awaits the loop's: every iteration's read
// ends before the write starts, by induction over the iterations. Found by review 23 as a false
// alarm (the check reported the pair unordered and `compile` copied the whole cache every step).
module @loop_reads {
  util.global private mutable @k = dense<1.0> : tensor<16x4xf32>
  func.func @step(%x: tensor<1x4xf32>, %step_i: i64) -> tensor<4xf32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %c4 = arith.constant 4 : index
    %zero = arith.constant 0.0 : f32
    %step = arith.index_cast %step_i : i64 to index
    %len = arith.addi %step, %c1 : index
    %k = util.global.load @k : tensor<16x4xf32>
    %e0 = tensor.empty() : tensor<4xf32>
    %acc0 = linalg.fill ins(%zero : f32) outs(%e0 : tensor<4xf32>) -> tensor<4xf32>
    %res = scf.for %l = %c0 to %c3 step %c1 iter_args(%acc = %acc0) -> (tensor<4xf32>) {
      %ks = flow.tensor.slice %k[%c0, %c0 for %len, %c4] : tensor<16x4xf32> -> tensor<?x4xf32>{%len}
      %s = linalg.generic {indexing_maps = [affine_map<(d, t) -> (t, d)>, affine_map<(d, t) -> (d)>], iterator_types = ["parallel", "reduction"]} ins(%ks : tensor<?x4xf32>) outs(%acc : tensor<4xf32>) {
        ^bb0(%a: f32, %o: f32):
          %ti = linalg.index 1 : index
          %t1 = arith.index_cast %ti : index to i32
          %t2 = arith.sitofp %t1 : i32 to f32
          %one = arith.constant 1.0 : f32
          %w = arith.addf %t2, %one : f32
          %m = arith.mulf %a, %w : f32
          %r = arith.addf %o, %m : f32
          linalg.yield %r : f32
      } -> tensor<4xf32>
      scf.yield %s : tensor<4xf32>
    }
    %k1 = flow.tensor.update %x, %k[%step, %c0] : tensor<1x4xf32> -> %k as tensor<16x4xf32>
    util.global.store %k1, @k : tensor<16x4xf32>
    return %res : tensor<4xf32>
  }
}
