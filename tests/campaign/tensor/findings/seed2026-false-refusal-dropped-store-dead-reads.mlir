// verdict: false-refusal (plain iree-compile: right)
// calls: f0;f0
// expected: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// stock local-sync/copy: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// stock local-sync/mmap: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// stock local-task/copy: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// stock local-task/mmap: f0=0 0 0 0 0 0 0 0; f0=0 0 0 0 0 0 0 0
// tool: refused: slice-elision: error: IREE reorders the accesses to a global: in @f0, IREE's stages before the splice dropped util.global.store @g0 (/tmp/tensor-campaign-8au_k8vr/b24e1193c849f182.mlir:6:5) as overwritten by util.global.store @g0 (/tmp/tensor-campaign-8au_k8vr/b24e1193c849f182.mlir:16:5), across util.global.load @g0 (/tmp/tensor-campaign-8au_k8vr/b24e1193c849f182.mlir:11:13) inside a region between them (IREE 3.13's iree-util-simplify-global-accesses does not look into regions): the order of @g0's loads and stores changed
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[17, 46, 44, 47, 13, 26, 37, 33]> : tensor<8xi32>
  util.func public @f0() -> (tensor<8xi32>) {
    %v1 = arith.constant dense<[49, 47, 34, 33, 41, 45, 0, 0]> : tensor<8xi32>
    util.global.store %v1, @g0 : tensor<8xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    %c4 = arith.constant 3 : index
    scf.for %i5 = %c2 to %c4 step %c3 {
      %v6 = util.global.load @g0 : tensor<8xi32>
      %v7 = arith.addi %v6, %v6 : tensor<8xi32>
      util.global.store %v7, @g0 : tensor<8xi32>
    }
    %v8 = arith.constant dense<[0, 0, 0, 0, 0, 0, 0, 0]> : tensor<8xi32>
    util.global.store %v8, @g0 : tensor<8xi32>
    util.return %v8 : tensor<8xi32>
  }
}
