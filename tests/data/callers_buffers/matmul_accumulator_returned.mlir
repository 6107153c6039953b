// iree-org/iree#16168, as its reporter wrote it: the accumulator is both the matmul's init
// and a result. The second result must be the caller's %acc, unchanged.
func.func @main(%lhs: tensor<2x2xf32>, %rhs: tensor<2x2xf32>, %acc: tensor<2x2xf32>)
    -> (tensor<2x2xf32>, tensor<2x2xf32>) {
  %r = linalg.matmul ins(%lhs, %rhs : tensor<2x2xf32>, tensor<2x2xf32>)
                     outs(%acc : tensor<2x2xf32>) -> tensor<2x2xf32>
  return %r, %acc : tensor<2x2xf32>, tensor<2x2xf32>
}
