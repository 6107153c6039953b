// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0;state;f0;state
// expected: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 36 21 44 24 43 0 44 29; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// stock local-sync/copy: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// stock local-sync/mmap: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// stock local-task/copy: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// stock local-task/mmap: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// tool local-sync/copy: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// tool local-sync/mmap: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// tool local-task/copy: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
// tool local-task/mmap: f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0; f0=19 19 0 36 0 0 0 0; state=19 19 0 36 0 0 0 0 | 19 19 0 36 0 0 0 0
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[36, 21, 44, 24, 43, 0, 44, 29]> : tensor<8xi32>
  util.global private mutable @g1 = dense<[0, 37, 32, 50, 35, 0, 20, 11]> : tensor<8xi32>
  util.func public @f0() -> (tensor<8xi32>) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    util.global.store %v1, @g1 : tensor<8xi32>
    %v2 = arith.constant dense<[19, 19, 0, 36, 0, 0, 0, 0]> : tensor<8xi32>
    util.global.store %v2, @g0 : tensor<8xi32>
    util.return %v2 : tensor<8xi32>
  }
  util.func public @state() -> (tensor<8xi32>, tensor<8xi32>) {
    %s0 = util.global.load @g0 : tensor<8xi32>
    %s1 = util.global.load @g1 : tensor<8xi32>
    util.return %s0, %s1 : tensor<8xi32>, tensor<8xi32>
  }
}
