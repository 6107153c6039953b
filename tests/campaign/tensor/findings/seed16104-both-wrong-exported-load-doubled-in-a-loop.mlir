// verdict: both-wrong (plain iree-compile: wrong)
// calls: f0;f1:[42],0;f0;f1:[26],2
// expected: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=98 0 70 0; f1=0 0 0 0 0 0 0 0
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host both-wrong-1.mlir -o both-wrong-1.stock.vmfb
// tool: slice-elision compile both-wrong-1.mlir -o both-wrong-1.vmfb
// stock local-sync/copy: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
// stock local-sync/mmap: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
// stock local-task/copy: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
// stock local-task/mmap: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
// tool local-sync/copy: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
// tool local-sync/mmap: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
// tool local-task/copy: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
// tool local-task/mmap: f0=49 0 35 0; f1=0 0 0 0 0 0 0 0; f0=42 38 0 43; f1=0 0 0 0 0 0 0 0
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[22, 38, 0, 43, 16, 30, 18, 0]> : tensor<8xi32>
  util.global private mutable @g1 = dense<[12, 0, 0, 0]> : tensor<4xi32>
  util.global private mutable @g2 = dense<[49, 0, 35, 0]> : tensor<4xi32>
  util.func private @h0(%row: tensor<1xi32>) {
    %v = util.global.load @g0 : tensor<8xi32>
    %u = tensor.insert_slice %row into %v[0] [1] [1] : tensor<1xi32> into tensor<8xi32>
    util.global.store %u, @g0 : tensor<8xi32>
    util.return
  }
  util.func public @f0() -> (!hal.buffer_view) {
    %v1 = util.global.load @g2 : tensor<4xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 2 : index
    scf.for %i5 = %c2 to %c4 step %c3 {
      %v6 = arith.addi %v1, %v1 : tensor<4xi32>
      util.global.store %v6, @g2 : tensor<4xi32>
    }
    %e0 = hal.tensor.export %v1 "output0" : tensor<4xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
  util.func public @f1(%a0v: !hal.buffer_view, %a1: index) -> (!hal.buffer_view) {
    %a0 = hal.tensor.import %a0v "input0" : !hal.buffer_view -> tensor<1xi32>
    util.call @h0(%a0) : (tensor<1xi32>) -> ()
    %v1 = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 0 : index
    %v6 = scf.for %i5 = %c2 to %c4 step %c3 iter_args(%acc7 = %v1) -> (tensor<8xi32>) {
      %v8 = arith.constant dense<[37, 14, 50, 29, 24, 32, 15, 0]> : tensor<8xi32>
      %k9 = arith.constant 0 : i32
      %v10 = linalg.fill ins(%k9 : i32) outs(%v8 : tensor<8xi32>) -> tensor<8xi32>
      %v11 = arith.addi %acc7, %v10 : tensor<8xi32>
      scf.yield %v11 : tensor<8xi32>
    }
    %e0 = hal.tensor.export %v6 "output0" : tensor<8xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  }
}
