// verdict: false-refusal (plain iree-compile: right)
// calls: f0:0;f0:0
// expected: f0=0 35 46 32 0 0 20 38; f0=0 35 46 32 0 0 20 38
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host false-refusal-1.mlir -o false-refusal-1.stock.vmfb
// tool: slice-elision compile false-refusal-1.mlir -o false-refusal-1.vmfb
// stock local-sync/copy: f0=0 35 46 32 0 0 20 38; f0=0 35 46 32 0 0 20 38
// stock local-sync/mmap: f0=0 35 46 32 0 0 20 38; f0=0 35 46 32 0 0 20 38
// stock local-task/copy: f0=0 35 46 32 0 0 20 38; f0=0 35 46 32 0 0 20 38
// stock local-task/mmap: f0=0 35 46 32 0 0 20 38; f0=0 35 46 32 0 0 20 38
// tool: refused: slice-elision: error: IREE folds away an access to a global that the program's value depends on: in @f0, IREE's stages before the splice (util.global.store's canonicalizer (EraseUnusedGlobalStoreOp)) erased util.global.store @g0 (/tmp/tensor-campaign-_iy_xdd6/75a17868946e765a.mlir:10:5) as a store of what @g0 holds, but it stores util.global.load @g0 (/tmp/tensor-campaign-_iy_xdd6/75a17868946e765a.mlir:5:11), and util.global.store @g0 (/tmp/tensor-campaign-_iy_xdd6/75a17868946e765a.mlir:15:5) wrote @g0 between them: the store puts the loaded value back, and without it @g0 keeps what was written
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[0, 35, 46, 32, 0, 0, 20, 38]> : tensor<8xi32>
  util.func public @f0(%a0: i1) -> (tensor<8xi32>) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    cf.cond_br %a0, ^b1, ^b2
  ^b3:
    util.return %v1 : tensor<8xi32>
  ^b2:
    util.global.store %v1, @g0 : tensor<8xi32>
    cf.br ^b3
  ^b1:
    %k2 = arith.constant 0 : i32
    %v3 = linalg.fill ins(%k2 : i32) outs(%v1 : tensor<8xi32>) -> tensor<8xi32>
    util.global.store %v3, @g0 : tensor<8xi32>
    cf.br ^b3
  }
}
