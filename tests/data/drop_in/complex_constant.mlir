// A complex constant (IREE's stablehlo_ops/fft_complex.mlir has one): the MLIR Python bindings
// cannot hand out its attribute, and reading it crashed the analysis.
#id = affine_map<(d0) -> (d0)>
func.func @f() -> tensor<2xf32> {
  %c = util.unfoldable_constant dense<[(1.0,2.0),(3.0,4.0)]> : tensor<2xcomplex<f32>>
  %e = tensor.empty() : tensor<2xf32>
  %r = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%c : tensor<2xcomplex<f32>>) outs(%e : tensor<2xf32>) {
  ^bb0(%a: complex<f32>, %o: f32):
    %m = complex.abs %a : complex<f32>
    linalg.yield %m : f32
  } -> tensor<2xf32>
  return %r : tensor<2xf32>
}
