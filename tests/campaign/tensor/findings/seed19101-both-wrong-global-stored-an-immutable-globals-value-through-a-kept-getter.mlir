// verdict: both-wrong (plain iree-compile: wrong)
// calls: state;f0;state;f0;state
// expected: state=32 21 39 13 34 48 0 13 | 29 39 17 0 19 37 29 48; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host both-wrong-1.mlir -o both-wrong-1.stock.vmfb
// tool: slice-elision compile both-wrong-1.mlir -o both-wrong-1.vmfb
// stock local-sync/copy: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// stock local-sync/mmap: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// stock local-task/copy: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// stock local-task/mmap: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// tool local-sync/copy: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// tool local-sync/mmap: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// tool local-task/copy: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
// tool local-task/mmap: state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13; f0=32 21 39 13 34 48 0 13; state=32 21 39 13 34 48 0 13 | 32 21 39 13 34 48 0 13
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private @g0 = dense<[32, 21, 39, 13, 34, 48, 0, 13]> : tensor<8xi32>
  util.global private mutable @g1 = dense<[29, 39, 17, 0, 19, 37, 29, 48]> : tensor<8xi32>
  util.func private @h0() -> tensor<8xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g0 : tensor<8xi32>
    util.return %v : tensor<8xi32>
  }
  util.func public @f0() -> (tensor<8xi32>) {
    %v1 = util.call @h0() : () -> tensor<8xi32>
    util.global.store %v1, @g1 : tensor<8xi32>
    util.return %v1 : tensor<8xi32>
  }
  util.func public @state() -> (tensor<8xi32>, tensor<8xi32>) {
    %s0 = util.global.load @g0 : tensor<8xi32>
    %s1 = util.global.load @g1 : tensor<8xi32>
    util.return %s0, %s1 : tensor<8xi32>, tensor<8xi32>
  }
}
