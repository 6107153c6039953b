// verdict: false-refusal (plain iree-compile: right)
// calls: f0;f0
// expected: f0=6 6 6 6; f0=6 6 6 6
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host false-refusal-1.mlir -o false-refusal-1.stock.vmfb
// tool: slice-elision compile false-refusal-1.mlir -o false-refusal-1.vmfb
// stock local-sync/copy: f0=6 6 6 6; f0=6 6 6 6
// stock local-sync/mmap: f0=6 6 6 6; f0=6 6 6 6
// stock local-task/copy: f0=6 6 6 6; f0=6 6 6 6
// stock local-task/mmap: f0=6 6 6 6; f0=6 6 6 6
// tool: refused: slice-elision: error: IREE reorders the accesses to a global: in @f0, IREE's stages before the splice reordered util.global.store @g2 (false-refusal-1.mlir:18:5) and util.call @h1 (false-refusal-1.mlir:23:7): the order of @g2's loads and stores changed
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[12, 32, 49, 25]> : tensor<4xi32>
  util.global private @g1 = dense<[0, 22, 0, 0]> : tensor<4xi32>
  util.global private mutable @g2 = dense<[10, 27, 0, 40]> : tensor<4xi32>
  util.func private @h0() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func private @h1() attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g2 : tensor<4xi32>
    %d = arith.addi %v, %v : tensor<4xi32>
    util.global.store %d, @g2 : tensor<4xi32>
    util.return
  }
  util.func public @f0() -> (tensor<4xi32>) {
    %v1 = util.call @h0() : () -> tensor<4xi32>
    util.global.store %v1, @g2 : tensor<4xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 2 : index
    %v6 = scf.for %i5 = %c2 to %c4 step %c3 iter_args(%acc7 = %v1) -> (tensor<4xi32>) {
      util.call @h1() : () -> ()
      scf.yield %acc7 : tensor<4xi32>
    }
    %k8 = arith.constant 6 : i32
    %v9 = linalg.fill ins(%k8 : i32) outs(%v6 : tensor<4xi32>) -> tensor<4xi32>
    util.return %v9 : tensor<4xi32>
  }
}
