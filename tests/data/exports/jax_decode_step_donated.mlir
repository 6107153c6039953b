module @jit_step attributes {mhlo.num_partitions = 1 : i32, mhlo.num_replicas = 1 : i32} {
  func.func public @main(%arg0: tensor<8x4xf32> {tf.aliasing_output = 0 : i32}, %arg1: tensor<1x4xf32>, %arg2: tensor<i32>) -> (tensor<8x4xf32> {jax.result_info = "result[0]"}, tensor<8xf32> {jax.result_info = "result[1]"}) {
    %cst = stablehlo.constant dense<[[0.0628651082, -0.0660524294, 0.320211321, 0.0524500571], [-0.267834693, 0.180797532, 6.520000e-01, 0.473540485], [-0.351867616, -0.632710754, -0.311637223, 0.0206629895], [-1.1625154, -0.109395832, -0.622955501, -0.36613369]]> : tensor<4x4xf32>
    %cst_0 = stablehlo.constant dense<[[-0.272129506, -0.158150077, 0.205815271, 0.521256685], [-0.0642673299, 0.683231711, -0.332597345, 0.175755039], [0.451735079, 0.0470061488, -0.37174964, -0.460862696], [-0.228862911, 0.110097565, -0.504809082, -0.104587786]]> : tensor<4x4xf32>
    %0 = stablehlo.dot_general %arg1, %cst, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
    %c = stablehlo.constant dense<0> : tensor<i32>
    %1 = stablehlo.compare LT, %arg2, %c, SIGNED : (tensor<i32>, tensor<i32>) -> tensor<i1>
    %c_1 = stablehlo.constant dense<8> : tensor<i32>
    %2 = stablehlo.add %arg2, %c_1 : tensor<i32>
    %3 = stablehlo.select %1, %2, %arg2 : tensor<i1>, tensor<i32>
    %c_2 = stablehlo.constant dense<0> : tensor<i32>
    %4 = stablehlo.dynamic_update_slice %arg0, %0, %3, %c_2 : (tensor<8x4xf32>, tensor<1x4xf32>, tensor<i32>, tensor<i32>) -> tensor<8x4xf32>
    %5 = stablehlo.dot_general %arg1, %cst_0, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<1x4xf32>, tensor<4x4xf32>) -> tensor<1x4xf32>
    %6 = stablehlo.reshape %5 : (tensor<1x4xf32>) -> tensor<4xf32>
    %7 = stablehlo.dot_general %4, %6, contracting_dims = [1] x [0], precision = [DEFAULT, DEFAULT] : (tensor<8x4xf32>, tensor<4xf32>) -> tensor<8xf32>
    return %4, %7 : tensor<8x4xf32>, tensor<8xf32>
  }
}
