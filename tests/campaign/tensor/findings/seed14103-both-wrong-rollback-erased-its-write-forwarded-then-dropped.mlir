// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0:[48];f0:[6]
// expected: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 38 46 56 60
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host both-wrong-1.mlir -o both-wrong-1.stock.vmfb
// tool: slice-elision compile both-wrong-1.mlir -o both-wrong-1.vmfb
// stock local-sync/copy: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
// stock local-sync/mmap: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
// stock local-task/copy: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
// stock local-task/mmap: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
// tool local-sync/copy: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
// tool local-sync/mmap: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
// tool local-task/copy: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
// tool local-task/mmap: f0=9 11 41 14 19 23 28 30; f0=18 22 82 28 96 46 56 60
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[9, 11, 41, 14, 19, 23, 28, 30]> : tensor<8xi32>
  util.func private @h0() -> tensor<8xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g0 : tensor<8xi32>
    util.return %v : tensor<8xi32>
  }
  util.func private @h1(%x: tensor<8xi32>, %row: tensor<1xi32>) -> tensor<8xi32> {
    %u = tensor.insert_slice %row into %x[1] [1] [1] : tensor<1xi32> into tensor<8xi32>
    util.return %u : tensor<8xi32>
  }
  util.func private @h2() {
    %v = util.global.load @g0 : tensor<8xi32>
    %d = arith.addi %v, %v : tensor<8xi32>
    util.global.store %d, @g0 : tensor<8xi32>
    util.return
  }
  util.func public @f0(%a0: tensor<1xi32>) -> (tensor<8xi32>) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %v2 = tensor.insert_slice %a0 into %v1[4] [1] [1] : tensor<1xi32> into tensor<8xi32>
    util.global.store %v2, @g0 : tensor<8xi32>
    util.global.store %v1, @g0 : tensor<8xi32>
    util.call @h2() : () -> ()
    util.return %v1 : tensor<8xi32>
  }
}
