// verdict: false-refusal (plain iree-compile: right)
// calls: f0:[0],0;f0:[14],0
// expected: f0=46 17 48 0; f0=46 17 48 14
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host false-refusal-1.mlir -o false-refusal-1.stock.vmfb
// tool: slice-elision compile false-refusal-1.mlir -o false-refusal-1.vmfb
// stock local-sync/copy: f0=46 17 48 0; f0=46 17 48 14
// stock local-sync/mmap: f0=46 17 48 0; f0=46 17 48 14
// stock local-task/copy: f0=46 17 48 0; f0=46 17 48 14
// stock local-task/mmap: f0=46 17 48 0; f0=46 17 48 14
// tool: refused: slice-elision: error: IREE folds away an access to a global that the program's value depends on: in @f0, IREE's stages before the splice (util.global.store's canonicalizer (EraseUnusedGlobalStoreOp)) erased util.global.store @g0 (/tmp/tensor-campaign-pwwdssv9/acb7340012135c2b.mlir:13:5) as a store of what @g0 holds, but it stores util.global.load @g0 (/tmp/tensor-campaign-pwwdssv9/acb7340012135c2b.mlir:5:11), and util.global.store @g0 (/tmp/tensor-campaign-pwwdssv9/acb7340012135c2b.mlir:10:7) wrote @g0 between them: the store puts the loaded value back, and without it @g0 keeps what was written
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[46, 17, 48, 16]> : tensor<4xi32>
  util.func public @f0(%a0: tensor<1xi32>, %a1: index) -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    %c2 = arith.constant 0 : index
    %c3 = arith.constant 1 : index
    scf.for %i4 = %c2 to %a1 step %c3 {
      %v5 = arith.addi %v1, %v1 : tensor<4xi32>
      util.global.store %v5, @g0 : tensor<4xi32>
    }
    %v6 = util.global.load @g0 : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    %v7 = tensor.insert_slice %a0 into %v1[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %c8 = arith.constant 0 : index
    %c9 = arith.constant 1 : index
    %c10 = arith.constant 2 : index
    %w17:2 = scf.while (%i11 = %c8, %acc12 = %v7) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      util.global.store %v7, @g0 : tensor<4xi32>
      %b15 = arith.cmpi slt, %i11, %c10 : index
      scf.condition(%b15) %i11, %v7 : index, tensor<4xi32>
    } do {
    ^bb0(%i13: index, %acc14: tensor<4xi32>):
      %v18 = tensor.insert_slice %a0 into %v6[%a1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      %v19 = tensor.insert_slice %a0 into %v7[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
      %n16 = arith.addi %i13, %c9 : index
      scf.yield %n16, %v19 : index, tensor<4xi32>
    }
    util.return %v7 : tensor<4xi32>
  }
}
