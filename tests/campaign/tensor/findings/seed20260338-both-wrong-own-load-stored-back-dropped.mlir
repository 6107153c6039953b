// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0:[0];f0:[0]
// expected: f0=20 49 15 0; f0=20 49 15 0
// stock local-sync/copy: f0=0 49 15 0; f0=0 49 15 0
// stock local-sync/mmap: f0=0 49 15 0; f0=0 49 15 0
// stock local-task/copy: f0=0 49 15 0; f0=0 49 15 0
// stock local-task/mmap: f0=0 49 15 0; f0=0 49 15 0
// tool local-sync/copy: f0=0 49 15 0; f0=0 49 15 0
// tool local-sync/mmap: f0=0 49 15 0; f0=0 49 15 0
// tool local-task/copy: f0=0 49 15 0; f0=0 49 15 0
// tool local-task/mmap: f0=0 49 15 0; f0=0 49 15 0
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[20, 49, 15, 0]> : tensor<4xi32>
  util.func public @f0(%a0: tensor<1xi32>) -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    %v2 = tensor.insert_slice %a0 into %v1[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %v3 = arith.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
    %v4 = arith.addi %v2, %v3 : tensor<4xi32>
    util.global.store %v4, @g0 : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    %v5 = util.global.load @g0 : tensor<4xi32>
    util.return %v5 : tensor<4xi32>
  }
}
