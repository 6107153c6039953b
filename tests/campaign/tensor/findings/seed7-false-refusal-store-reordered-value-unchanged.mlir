// verdict: false-refusal (plain iree-compile: right)
// calls: f0:0;f0:0
// expected: f0=34 40 42 32; f0=68 80 84 64
// stock local-sync/copy: f0=34 40 42 32; f0=68 80 84 64
// stock local-sync/mmap: f0=34 40 42 32; f0=68 80 84 64
// stock local-task/copy: f0=34 40 42 32; f0=68 80 84 64
// stock local-task/mmap: f0=34 40 42 32; f0=68 80 84 64
// tool: refused: slice-elision: error: IREE reorders the accesses to a global: in @f0, IREE's stages before the splice reordered util.global.store @g0 (/tmp/tensor-campaign-3zdnfxi7/57152330ea7ed76c.mlir:13:5) and util.global.store @g0 (/tmp/tensor-campaign-3zdnfxi7/57152330ea7ed76c.mlir:7:5 at /tmp/tensor-campaign-3zdnfxi7/57152330ea7ed76c.mlir:17:7): the order of @g0's loads and stores changed
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[17, 20, 21, 16]> : tensor<4xi32>
  util.func private @h0(%row: tensor<1xi32>) {
    %v = util.global.load @g0 : tensor<4xi32>
    %u = tensor.insert_slice %row into %v[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @g0 : tensor<4xi32>
    util.return
  }
  util.func public @f0(%a0: i1) -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    %v2 = arith.addi %v1, %v1 : tensor<4xi32>
    util.global.store %v2, @g0 : tensor<4xi32>
    scf.if %a0 {
    } else {
      %v3 = tensor.extract_slice %v2[0] [1] [1] : tensor<4xi32> to tensor<1xi32>
      util.call @h0(%v3) : (tensor<1xi32>) -> ()
    }
    util.return %v2 : tensor<4xi32>
  }
}
