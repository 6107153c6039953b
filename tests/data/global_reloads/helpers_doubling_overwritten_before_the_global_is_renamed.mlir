// Tensor campaign seed 16101 (a false refusal): an inlined helper doubles @g0, then @f0 fills a
// reload with zeros (a fill reads only its target's shape) and stores it. IREE takes @g0 for the
// global it hoists the zeros into and erases @g0's stores: the helper's load then reads the
// zeros, but what it makes goes only into a store of @g0, erased with it. Both builds compute
// the program's answer.
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[42, 43, 18, 37]> : tensor<4xi32>
  util.func private @h0() {
    %v = util.global.load @g0 : tensor<4xi32>
    %d = arith.addi %v, %v : tensor<4xi32>
    util.global.store %d, @g0 : tensor<4xi32>
    util.return
  }
  util.func public @f0() -> (tensor<4xi32>) {
    util.call @h0() : () -> ()
    %v1 = util.global.load @g0 : tensor<4xi32>
    %k2 = arith.constant 0 : i32
    %v3 = linalg.fill ins(%k2 : i32) outs(%v1 : tensor<4xi32>) -> tensor<4xi32>
    %e5 = tensor.empty() : tensor<4xi32>
    %v4 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v3, %v3 : tensor<4xi32>, tensor<4xi32>) outs(%e5 : tensor<4xi32>) {
    ^bb0(%v4_x: i32, %v4_y: i32, %v4_o: i32):
      %v4_z = arith.addi %v4_x, %v4_y : i32
      linalg.yield %v4_z : i32
    } -> tensor<4xi32>
    util.global.store %v3, @g0 : tensor<4xi32>
    util.return %v3 : tensor<4xi32>
  }
}
