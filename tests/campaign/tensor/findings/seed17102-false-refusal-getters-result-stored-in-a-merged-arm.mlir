// verdict: false-refusal (plain iree-compile: right)
// calls: f0:0;f0:0
// expected: f0=0 0 0 0; f0=0 0 0 0
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host false-refusal-1.mlir -o false-refusal-1.stock.vmfb
// tool: slice-elision compile false-refusal-1.mlir -o false-refusal-1.vmfb
// stock local-sync/copy: f0=0 0 0 0; f0=0 0 0 0
// stock local-sync/mmap: f0=0 0 0 0; f0=0 0 0 0
// stock local-task/copy: f0=0 0 0 0; f0=0 0 0 0
// stock local-task/mmap: f0=0 0 0 0; f0=0 0 0 0
// tool: refused: slice-elision: error: IREE reorders the accesses to a global: in @f0, IREE's stages before the splice reordered util.global.store @g0 (/tmp/tensor-campaign-nl0fk5tc/9dbd8a3bf6aed883.mlir:16:5) and util.global.store @g0 (/tmp/tensor-campaign-nl0fk5tc/9dbd8a3bf6aed883.mlir:19:7): the order of @g0's loads and stores changed
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[40, 14, 28, 20]> : tensor<4xi32>
  util.func private @h0() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f0(%a0: i1) -> (tensor<4xi32>) {
    %v1 = scf.if %a0 -> (tensor<4xi32>) {
      %v2 = util.global.load @g0 : tensor<4xi32>
      scf.yield %v2 : tensor<4xi32>
    } else {
      %v3 = arith.constant dense<0> : tensor<4xi32>
      scf.yield %v3 : tensor<4xi32>
    }
    util.global.store %v1, @g0 : tensor<4xi32>
    scf.if %a0 {
      %v4 = util.call @h0() : () -> tensor<4xi32>
      util.global.store %v4, @g0 : tensor<4xi32>
    } else {
    }
    util.return %v1 : tensor<4xi32>
  }
}
