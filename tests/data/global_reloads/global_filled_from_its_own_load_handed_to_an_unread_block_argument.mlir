// Tensor campaign seed 15103: seed 15102's fill of a load, the load also handed to a cf block
// argument nothing reads. What a branch hands on is read where its block argument is read
// (global_order._use_read): the load is read by nothing, and no read can tell @g0's initial
// value from the constant IREE takes @g0 for. Built, and right.
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[44, 28, 33, 0, 40, 29, 0, 0]> : tensor<8xi32>
  util.func public @f0(%a0v: !hal.buffer_view, %a1: i1) -> (!hal.buffer_view) {
    %a0 = hal.tensor.import %a0v "input0" : !hal.buffer_view -> tensor<1xi32>
    %v1 = util.global.load @g0 : tensor<8xi32>
    %k2 = arith.constant 3 : i32
    %v3 = linalg.fill ins(%k2 : i32) outs(%v1 : tensor<8xi32>) -> tensor<8xi32>
    %w5 = arith.extui %a1 : i1 to i32
    cf.switch %w5 : i32, [default: ^b2, 1: ^b1]
  ^b1:
    %e7 = tensor.empty() : tensor<8xi32>
    %v6 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v3, %v3 : tensor<8xi32>, tensor<8xi32>) outs(%e7 : tensor<8xi32>) {
    ^bb0(%v6_x: i32, %v6_y: i32, %v6_o: i32):
      %v6_z = arith.addi %v6_x, %v6_y : i32
      linalg.yield %v6_z : i32
    } -> tensor<8xi32>
    cf.br ^b3(%v6 : tensor<8xi32>)
  ^b2:
    cf.br ^b3(%v1 : tensor<8xi32>)
  ^b3(%v4: tensor<8xi32>):
    util.global.store %v3, @g0 : tensor<8xi32>
    %v8 = util.global.load @g0 : tensor<8xi32>
    %v9 = tensor.insert_slice %a0 into %v3[5] [1] [1] : tensor<1xi32> into tensor<8xi32>
    %k10 = arith.constant 6 : i32
    %c11 = arith.constant 0 : index
    %v12 = tensor.insert %k10 into %v8[%c11] : tensor<8xi32>
    %v13 = tensor.insert_slice %a0 into %v12[2] [1] [1] : tensor<1xi32> into tensor<8xi32>
    %e0 = hal.tensor.export %v8 "output0" : tensor<8xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
}
