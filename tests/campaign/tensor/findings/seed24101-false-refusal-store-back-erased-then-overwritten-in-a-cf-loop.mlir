// verdict: false-refusal (plain iree-compile: right)
// calls: f0;f0
// expected: f0=14 0 0 26; f0=28 0 0 52
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host false-refusal-1.mlir -o false-refusal-1.stock.vmfb
// tool: slice-elision compile false-refusal-1.mlir -o false-refusal-1.vmfb
// stock local-sync/copy: f0=14 0 0 26; f0=28 0 0 52
// stock local-sync/mmap: f0=14 0 0 26; f0=28 0 0 52
// stock local-task/copy: f0=14 0 0 26; f0=28 0 0 52
// stock local-task/mmap: f0=14 0 0 26; f0=28 0 0 52
// tool: refused: slice-elision: error: IREE folds away an access to a global that the program's value depends on: in @f0, IREE's stages before the splice (util.global.store's canonicalizer (EraseUnusedGlobalStoreOp)) erased util.global.store @g0 (/tmp/tensor-campaign-1ovi3dwl/0c8eb8ee92d8fee3.mlir:16:5) as a store of what @g0 holds, but it stores util.global.load @g0 (/tmp/tensor-campaign-1ovi3dwl/0c8eb8ee92d8fee3.mlir:5:11), and util.global.store @g0 (/tmp/tensor-campaign-1ovi3dwl/0c8eb8ee92d8fee3.mlir:29:7) wrote @g0 between them: the store puts the loaded value back, and without it @g0 keeps what was written
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[14, 0, 0, 26]> : tensor<4xi32>
  util.func public @f0() -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    %v2 = arith.addi %v1, %v1 : tensor<4xi32>
    %c3 = arith.constant 0 : index
    %c4 = arith.constant 1 : index
    %c5 = arith.constant 1 : index
    cf.br ^b1(%c3, %v2 : index, tensor<4xi32>)
  ^b3(%w12: tensor<4xi32>):
    util.return %v1 : tensor<4xi32>
  ^b2(%i8: index, %acc9: tensor<4xi32>):
    %v24 = arith.addi %acc9, %v1 : tensor<4xi32>
    %v25 = util.global.load @g0 : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    %n11 = arith.addi %i8, %c4 : index
    cf.br ^b1(%n11, %v2 : index, tensor<4xi32>)
  ^b1(%i6: index, %acc7: tensor<4xi32>):
    %c13 = arith.constant 0 : index
    %c14 = arith.constant 1 : index
    %c15 = arith.constant 3 : index
    %w22:2 = scf.while (%i16 = %c13, %acc17 = %acc7) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %v23 = util.global.load @g0 : tensor<4xi32>
      %b20 = arith.cmpi slt, %i16, %c15 : index
      scf.condition(%b20) %i16, %acc7 : index, tensor<4xi32>
    } do {
    ^bb0(%i18: index, %acc19: tensor<4xi32>):
      util.global.store %acc19, @g0 : tensor<4xi32>
      %n21 = arith.addi %i18, %c14 : index
      scf.yield %n21, %v1 : index, tensor<4xi32>
    }
    %b10 = arith.cmpi slt, %i6, %c5 : index
    cf.cond_br %b10, ^b2(%i6, %v1 : index, tensor<4xi32>), ^b3(%v1 : tensor<4xi32>)
  }
}
