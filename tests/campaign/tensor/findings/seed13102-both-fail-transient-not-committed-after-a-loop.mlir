// verdict: both-wrong (plain iree-compile: fails)
// calls: f0:[0],0;f0:[0],0
// expected: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host both-wrong-1.mlir -o both-wrong-1.stock.vmfb
// tool: slice-elision compile both-wrong-1.mlir -o both-wrong-1.vmfb
// stock local-sync/copy: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// stock local-sync/mmap: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// stock local-task/copy: f0=0 0 0 0 0 0 0 0; f0: error: Could not map memory: c/runtime/src/iree/hal/local/transient_buffer.c:80: FAILED_PRECONDITION; transient buffer has not been committed; ensure the alloca signal semaphores are satisfied before accessing it
// stock local-task/mmap: f0: error: Could not map memory: c/runtime/src/iree/hal/local/transient_buffer.c:80: FAILED_PRECONDITION; transient buffer has not been committed; ensure the alloca signal semaphores are satisfied before accessing it
// tool local-sync/copy: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// tool local-sync/mmap: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// tool local-task/copy: f0: error: Could not map memory: c/runtime/src/iree/hal/local/transient_buffer.c:80: FAILED_PRECONDITION; transient buffer has not been committed; ensure the alloca signal semaphores are satisfied before accessing it
// tool local-task/mmap: f0: error: Could not map memory: c/runtime/src/iree/hal/local/transient_buffer.c:80: FAILED_PRECONDITION; transient buffer has not been committed; ensure the alloca signal semaphores are satisfied before accessing it
// tool said: slice-elision: warning: repaired IREE's schedule: stream.async.update %5 (db3bc454c0ce2b2c.mlir:10:13) now writes a fresh copy of its target (scf.for %2#0 (db3bc454c0ce2b2c.mlir:8:11) in @f0 reads bytes (unknown range) of %4 (made by stream.async.splat at db3bc454c0ce2b2c.mlir:4:3) not provably before stream.async.update %5 (db3bc454c0ce2b2c.mlir:10:13) writes [0, 4) of it in place: the value is handed to a loop, whose reads the check does not follow)
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[0, 0, 0, 0]> : tensor<4xi32>
  util.func public @f0(%a0: tensor<1xi32>, %a1: index) -> (tensor<8xi32>) {
    %v1 = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %v5 = scf.for %i4 = %c2 to %a1 step %c3 iter_args(%acc6 = %v1) -> (tensor<8xi32>) {
      %v7 = util.unfoldable_constant dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
      %v8 = tensor.insert_slice %a0 into %v7[0] [1] [1] : tensor<1xi32> into tensor<8xi32>
      %v9 = arith.addi %acc6, %v8 : tensor<8xi32>
      scf.yield %v9 : tensor<8xi32>
    }
    %v10 = util.global.load @g0 : tensor<4xi32>
    util.return %v1 : tensor<8xi32>
  }
}
