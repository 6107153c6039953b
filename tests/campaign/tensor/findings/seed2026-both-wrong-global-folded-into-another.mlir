// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0;state;f1;state;f0;state;f1;state
// expected: f0; state=13 0 14 0 | 0 48 34 36; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// stock local-sync/copy: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// stock local-sync/mmap: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// stock local-task/copy: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// stock local-task/mmap: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// tool local-sync/copy: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// tool local-sync/mmap: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// tool local-task/copy: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
// tool local-task/mmap: f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0; f0; state=13 0 14 0 | 13 0 14 0; f1=13 0 14 0; state=13 0 14 0 | 13 0 14 0
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[13, 0, 14, 0]> : tensor<4xi32>
  util.global private mutable @g1 = dense<[0, 48, 34, 36]> : tensor<4xi32>
  util.func public @f0() {
    util.return
  }
  util.func public @f1() -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    util.global.store %v1, @g1 : tensor<4xi32>
    util.return %v1 : tensor<4xi32>
  }
  util.func public @state() -> (tensor<4xi32>, tensor<4xi32>) {
    %s0 = util.global.load @g0 : tensor<4xi32>
    %s1 = util.global.load @g1 : tensor<4xi32>
    util.return %s0, %s1 : tensor<4xi32>, tensor<4xi32>
  }
}
