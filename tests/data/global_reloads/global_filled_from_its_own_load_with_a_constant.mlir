// Tensor campaign seed 15102: @f0 fills its load of @g0 with a constant and stores the fill: a
// global IREE takes for a constant. The load is read by nothing but the fill, which reads only
// its shape: no read can tell @g0's initial value from the constant's. Built, and right.
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[44, 28, 33, 0, 40, 29, 0, 0]> : tensor<8xi32>
  util.func public @f0(%a0v: !hal.buffer_view) -> (!hal.buffer_view) {
    %a0 = hal.tensor.import %a0v "input0" : !hal.buffer_view -> tensor<1xi32>
    %v1 = util.global.load @g0 : tensor<8xi32>
    %k2 = arith.constant 3 : i32
    %v3 = linalg.fill ins(%k2 : i32) outs(%v1 : tensor<8xi32>) -> tensor<8xi32>
    %e5 = tensor.empty() : tensor<8xi32>
    %v4 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v3, %v3 : tensor<8xi32>, tensor<8xi32>) outs(%e5 : tensor<8xi32>) {
    ^bb0(%v4_x: i32, %v4_y: i32, %v4_o: i32):
      %v4_z = arith.addi %v4_x, %v4_y : i32
      linalg.yield %v4_z : i32
    } -> tensor<8xi32>
    util.global.store %v3, @g0 : tensor<8xi32>
    %k6 = arith.constant 6 : i32
    %c7 = arith.constant 0 : index
    %v8 = tensor.insert %k6 into %v4[%c7] : tensor<8xi32>
    %v9 = tensor.insert_slice %a0 into %v8[2] [1] [1] : tensor<1xi32> into tensor<8xi32>
    %e0 = hal.tensor.export %v3 "output0" : tensor<8xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
}
