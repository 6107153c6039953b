// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0;f0
// expected: f0=21 0 19 0; f0=21 0 19 0
// stock local-sync/copy: f0=0 0 19 0; f0=0 0 19 0
// stock local-sync/mmap: f0=0 0 19 0; f0=0 0 19 0
// stock local-task/copy: f0=0 0 19 0; f0=0 0 19 0
// stock local-task/mmap: f0=0 0 19 0; f0=0 0 19 0
// tool local-sync/copy: f0=0 0 19 0; f0=0 0 19 0
// tool local-sync/mmap: f0=0 0 19 0; f0=0 0 19 0
// tool local-task/copy: f0=0 0 19 0; f0=0 0 19 0
// tool local-task/mmap: f0=0 0 19 0; f0=0 0 19 0
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[50, 0, 0, 0]> : tensor<4xi32>
  util.func public @f0() -> (tensor<4xi32>) {
    %v1 = arith.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 2 : index
    %v6 = scf.for %i5 = %c2 to %c4 step %c3 iter_args(%acc7 = %v1) -> (tensor<4xi32>) {
      %v8 = arith.constant dense<[21, 31, 19, 0]> : tensor<4xi32>
      %k9 = arith.constant 0 : i32
      %v10 = tensor.insert %k9 into %v8[%i5] : tensor<4xi32>
      scf.yield %v10 : tensor<4xi32>
    }
    %v11 = arith.addi %v6, %v6 : tensor<4xi32>
    %v12 = util.global.load @g0 : tensor<4xi32>
    util.return %v6 : tensor<4xi32>
  }
}
