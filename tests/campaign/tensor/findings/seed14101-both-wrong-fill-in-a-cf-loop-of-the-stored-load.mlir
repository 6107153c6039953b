// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0;f1;f0;f1
// expected: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host both-wrong-1.mlir -o both-wrong-1.stock.vmfb
// tool: slice-elision compile both-wrong-1.mlir -o both-wrong-1.vmfb
// stock local-sync/copy: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
// stock local-sync/mmap: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
// stock local-task/copy: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
// stock local-task/mmap: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
// tool local-sync/copy: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
// tool local-sync/mmap: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
// tool local-task/copy: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
// tool local-task/mmap: f0=18 0 47 35 28 43 17 35; f1=6 6 6 6 6 6 6 6; f0=6 6 6 6 6 6 6 6; f1=6 6 6 6 6 6 6 6
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[18, 0, 47, 35, 28, 43, 17, 35]> : tensor<8xi32>
  util.func public @f0() -> (!hal.buffer_view) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %e0 = hal.tensor.export %v1 "output0" : tensor<8xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
  util.func public @f1() -> (!hal.buffer_view) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 2 : index
    cf.br ^b1(%c2, %v1 : index, tensor<8xi32>)
  ^b1(%i5: index, %acc6: tensor<8xi32>):
    util.global.store %v1, @g0 : tensor<8xi32>
    %b9 = arith.cmpi slt, %i5, %c4 : index
    cf.cond_br %b9, ^b2(%i5, %acc6 : index, tensor<8xi32>), ^b3(%acc6 : tensor<8xi32>)
  ^b2(%i7: index, %acc8: tensor<8xi32>):
    util.global.store %acc8, @g0 : tensor<8xi32>
    %k12 = arith.constant 6 : i32
    %v13 = linalg.fill ins(%k12 : i32) outs(%acc8 : tensor<8xi32>) -> tensor<8xi32>
    %n10 = arith.addi %i7, %c3 : index
    cf.br ^b1(%n10, %v13 : index, tensor<8xi32>)
  ^b3(%w11: tensor<8xi32>):
    %e0 = hal.tensor.export %w11 "output0" : tensor<8xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
}
