// verdict: false-refusal (plain iree-compile: right)
// calls: f0;f1;f0;f1
// expected: f0=0 0 0 0; f1=0 0 0 0; f0=0 0 0 0; f1=0 0 0 0
// stock local-sync/copy: f0=0 0 0 0; f1=0 0 0 0; f0=0 0 0 0; f1=0 0 0 0
// stock local-sync/mmap: f0=0 0 0 0; f1=0 0 0 0; f0=0 0 0 0; f1=0 0 0 0
// stock local-task/copy: f0=0 0 0 0; f1=0 0 0 0; f0=0 0 0 0; f1=0 0 0 0
// stock local-task/mmap: f0=0 0 0 0; f1=0 0 0 0; f0=0 0 0 0; f1=0 0 0 0
// tool: refused: slice-elision: error: IREE reorders the accesses to a global: in @f0, IREE's stages before the splice reordered util.global.store @g0 (/tmp/tensor-campaign-8au_k8vr/2bd3f8323a21f3f0.mlir:8:5) and util.global.store @g0 (/tmp/tensor-campaign-8au_k8vr/2bd3f8323a21f3f0.mlir:13:7): the order of @g0's loads and stores changed
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[24, 28, 22, 14]> : tensor<4xi32>
  util.func public @f0() -> (tensor<4xi32>) {
    %b1 = arith.constant true
    cf.cond_br %b1, ^b1, ^b2
  ^b3(%v2: tensor<4xi32>):
    util.global.store %v2, @g0 : tensor<4xi32>
    %c5 = arith.constant 0 : index
    %c6 = arith.constant 1 : index
    %c7 = arith.constant 3 : index
    %v9 = scf.for %i8 = %c5 to %c7 step %c6 iter_args(%acc10 = %v2) -> (tensor<4xi32>) {
      util.global.store %v2, @g0 : tensor<4xi32>
      scf.yield %v2 : tensor<4xi32>
    }
    util.return %v2 : tensor<4xi32>
  ^b2:
    %v4 = arith.constant dense<0> : tensor<4xi32>
    cf.br ^b3(%v4 : tensor<4xi32>)
  ^b1:
    %v3 = arith.constant dense<0> : tensor<4xi32>
    cf.br ^b3(%v3 : tensor<4xi32>)
  }
  util.func public @f1() -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    util.return %v1 : tensor<4xi32>
  }
}
