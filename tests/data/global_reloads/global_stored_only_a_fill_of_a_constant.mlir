// Tensor campaign seed 15101: @g1's only store stores a linalg.fill of a constant into a load of
// @g0 (the fill's target gives only its shape). IREE 3.13 makes the fill a constant, takes @g1
// for it, and @state reads zeros from @g1 before @f0 ever ran. Refused.
module @m {
  util.global private mutable @g0 = dense<[0, 12, 21, 36]> : tensor<4xi32>
  util.global private mutable @g1 = dense<[28, 0, 20, 26]> : tensor<4xi32>
  util.func public @f0() -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    %k2 = arith.constant 0 : i32
    %v3 = linalg.fill ins(%k2 : i32) outs(%v1 : tensor<4xi32>) -> tensor<4xi32>
    util.global.store %v3, @g1 : tensor<4xi32>
    util.return %v3 : tensor<4xi32>
  }
  util.func public @state() -> (tensor<4xi32>, tensor<4xi32>) {
    %s0 = util.global.load @g0 : tensor<4xi32>
    %s1 = util.global.load @g1 : tensor<4xi32>
    util.return %s0, %s1 : tensor<4xi32>, tensor<4xi32>
  }
}
