// verdict: tool-wrong (plain iree-compile: fails)
// calls: f0;state;f1;state;f0;state;f1;state
// expected: f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 0 46 27 0 20 28 22 18; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host tool-wrong-1.mlir -o tool-wrong-1.stock.vmfb
// tool: slice-elision compile tool-wrong-1.mlir -o tool-wrong-1.vmfb
// stock local-sync/copy: f0: PERMISSION_DENIED
// stock local-sync/mmap: f0: PERMISSION_DENIED
// stock local-task/copy: f0: PERMISSION_DENIED
// stock local-task/mmap: f0: PERMISSION_DENIED
// tool local-sync/copy: f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22
// tool local-sync/mmap: f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22
// tool local-task/copy: f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22
// tool local-task/mmap: f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f0=9 17 50 32 33 49 3 30; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22; f1=22 38 7 34 12 34 5 22; state=19 44 29 24 | 35 13 38 49 | 22 38 7 34 12 34 5 22
// tool said: slice-elision: warning: repaired IREE's schedule: stream.async.fill %1 (e6b99bdc3a36eaed.mlir:10:11) now writes a fresh copy of its target (stream.async.fill %5 (e6b99bdc3a36eaed.mlir:10:11) in @f0 writes bytes [0, 4) of immutable global @__constant_tensor_8xi32 in place: every later load of it reads the write)
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[19, 44, 29, 24]> : tensor<4xi32>
  util.global private @g1 = dense<[35, 13, 38, 49]> : tensor<4xi32>
  util.global private mutable @g2 = dense<[0, 46, 27, 0, 20, 28, 22, 18]> : tensor<8xi32>
  util.func public @f0() -> (tensor<8xi32>) {
    %v1 = util.unfoldable_constant dense<[5, 17, 50, 32, 33, 49, 3, 30]> : tensor<8xi32>
    %k2 = arith.constant 9 : i32
    %c3 = arith.constant 0 : index
    %v4 = tensor.insert %k2 into %v1[%c3] : tensor<8xi32>
    %v5 = util.global.load @g0 : tensor<4xi32>
    util.return %v4 : tensor<8xi32>
  }
  util.func public @f1() -> (tensor<8xi32>) {
    %v1 = arith.constant dense<[22, 38, 7, 34, 12, 34, 5, 22]> : tensor<8xi32>
    util.global.store %v1, @g2 : tensor<8xi32>
    util.return %v1 : tensor<8xi32>
  }
  util.func public @state() -> (tensor<4xi32>, tensor<4xi32>, tensor<8xi32>) {
    %s0 = util.global.load @g0 : tensor<4xi32>
    %s1 = util.global.load @g1 : tensor<4xi32>
    %s2 = util.global.load @g2 : tensor<8xi32>
    util.return %s0, %s1, %s2 : tensor<4xi32>, tensor<4xi32>, tensor<8xi32>
  }
}
