// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0:[0];f0:[0]
// expected: f0=21 32 11 0 11 18 27 39; f0=21 32 11 0 11 18 27 39
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host both-wrong-1.mlir -o both-wrong-1.stock.vmfb
// tool: slice-elision compile both-wrong-1.mlir -o both-wrong-1.vmfb
// stock local-sync/copy: f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// stock local-sync/mmap: f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// stock local-task/copy: f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// stock local-task/mmap: f0=0 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// tool local-sync/copy: f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// tool local-sync/mmap: f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// tool local-task/copy: f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// tool local-task/mmap: f0=21 32 11 0 11 18 27 39; f0=0 32 11 0 11 18 27 39
// tool said: slice-elision: warning: repaired IREE's schedule: stream.async.update %2 (ab45576cd7bad68b.mlir:6:11) now writes a fresh copy of its target (stream.async.clone %3 (ab45576cd7bad68b.mlir:5:11) in @f0 reads bytes [0, 32) of @g0 unordered with stream.async.update %3 (ab45576cd7bad68b.mlir:6:11) writes [0, 4) of it in place)
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[21, 32, 11, 0, 11, 18, 27, 39]> : tensor<8xi32>
  util.func public @f0(%a0: tensor<1xi32>) -> (tensor<8xi32>) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %v2 = tensor.insert_slice %a0 into %v1[0] [1] [1] : tensor<1xi32> into tensor<8xi32>
    %v3 = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
    %c4 = arith.constant 0 : index
    %c5 = arith.constant 1 : index
    %c6 = arith.constant 0 : index
    %w13:2 = scf.while (%i7 = %c4, %acc8 = %v3) : (index, tensor<8xi32>) -> (index, tensor<8xi32>) {
      %v14 = util.global.load @g0 : tensor<8xi32>
      %b11 = arith.cmpi slt, %i7, %c6 : index
      scf.condition(%b11) %i7, %v14 : index, tensor<8xi32>
    } do {
    ^bb0(%i9: index, %acc10: tensor<8xi32>):
      %n12 = arith.addi %i9, %c5 : index
      scf.yield %n12, %acc10 : index, tensor<8xi32>
    }
    util.global.store %v2, @g0 : tensor<8xi32>
    util.global.store %w13#1, @g0 : tensor<8xi32>
    util.return %w13#1 : tensor<8xi32>
  }
}
