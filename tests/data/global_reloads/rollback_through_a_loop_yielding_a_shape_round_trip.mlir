// Review 40 (m09): the loop yields collapse_shape(expand_shape(x)), which MLIR folds to x.
// The check reads the input as MLIR's folds leave it (rewriter/guard/input_folds.py) and refuses;
// stock leaves @g0 holding twice the load.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @g1 = dense<[0, 0, 0, 0]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = util.global.load @g0 : tensor<4xi32>
    %t = arith.addi %a, %a : tensor<4xi32>
    util.global.store %t, @g0 : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (tensor<4xi32>) {
      %e = tensor.expand_shape %x [[0, 1]] output_shape [1, 4] : tensor<4xi32> into tensor<1x4xi32>
      %v = tensor.collapse_shape %e [[0, 1]] : tensor<1x4xi32> into tensor<4xi32>
      scf.yield %v : tensor<4xi32>
    }
    util.global.store %r, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
