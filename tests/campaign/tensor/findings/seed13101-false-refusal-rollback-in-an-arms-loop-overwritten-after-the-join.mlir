// verdict: false-refusal (plain iree-compile: right)
// calls: f0:[14],0;f0:[84],0
// expected: f0=0 0 0 0; f0=0 0 0 0
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host false-refusal-1.mlir -o false-refusal-1.stock.vmfb
// tool: slice-elision compile false-refusal-1.mlir -o false-refusal-1.vmfb
// stock local-sync/copy: f0=0 0 0 0; f0=0 0 0 0
// stock local-sync/mmap: f0=0 0 0 0; f0=0 0 0 0
// stock local-task/copy: f0=0 0 0 0; f0=0 0 0 0
// stock local-task/mmap: f0=0 0 0 0; f0=0 0 0 0
// tool: refused: slice-elision: error: IREE folds away an access to a global that the program's value depends on: in @f0, IREE's stages before the splice (util.global.store's canonicalizer (EraseUnusedGlobalStoreOp)) erased util.global.store @g0 (/tmp/tensor-campaign-48a6z1hx/46bd892b5a9ab869.mlir:52:7) as a store of what @g0 holds, but it stores util.global.load @g0 (/tmp/tensor-campaign-48a6z1hx/46bd892b5a9ab869.mlir:6:11), and util.global.store @g0 (/tmp/tensor-campaign-48a6z1hx/46bd892b5a9ab869.mlir:11:7) wrote @g0 between them: the store puts the loaded value back, and without it @g0 keeps what was written
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[0, 0, 23, 0, 0, 42, 50, 23]> : tensor<8xi32>
  util.func public @f0(%a0v: !hal.buffer_view, %a1: i1) -> (!hal.buffer_view) {
    %a0 = hal.tensor.import %a0v "input0" : !hal.buffer_view -> tensor<1xi32>
    %v1 = util.global.load @g0 : tensor<8xi32>
    %k2 = arith.constant 3 : i32
    %c3 = arith.constant 7 : index
    %v4 = tensor.insert %k2 into %v1[%c3] : tensor<8xi32>
    %v5 = scf.if %a1 -> (tensor<4xi32>) {
      util.global.store %v4, @g0 : tensor<8xi32>
      %v6 = arith.constant dense<0> : tensor<4xi32>
      scf.yield %v6 : tensor<4xi32>
    } else {
      %v7 = arith.constant dense<0> : tensor<4xi32>
      scf.yield %v7 : tensor<4xi32>
    }
    cf.cond_br %a1, ^b1, ^b2
  ^b3:
    %e31 = tensor.empty() : tensor<8xi32>
    %v30 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v4, %v1 : tensor<8xi32>, tensor<8xi32>) outs(%e31 : tensor<8xi32>) {
    ^bb0(%v30_x: i32, %v30_y: i32, %v30_o: i32):
      %v30_z = arith.addi %v30_x, %v30_y : i32
      linalg.yield %v30_z : i32
    } -> tensor<8xi32>
    %e33 = tensor.empty() : tensor<8xi32>
    %v32 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v30, %v1 : tensor<8xi32>, tensor<8xi32>) outs(%e33 : tensor<8xi32>) {
    ^bb0(%v32_x: i32, %v32_y: i32, %v32_o: i32):
      %v32_z = arith.addi %v32_x, %v32_y : i32
      linalg.yield %v32_z : i32
    } -> tensor<8xi32>
    util.global.store %v4, @g0 : tensor<8xi32>
    %e0 = hal.tensor.export %v5 "output0" : tensor<4xi32> -> !hal.buffer_view
    util.return %e0 : !hal.buffer_view
  ^b2:
    %c11 = arith.constant 0 : index
    %c12 = arith.constant 1 : index
    %c13 = arith.constant 1 : index
    %w20:2 = scf.while (%i14 = %c11, %acc15 = %v5) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %b18 = arith.cmpi slt, %i14, %c13 : index
      scf.condition(%b18) %i14, %acc15 : index, tensor<4xi32>
    } do {
    ^bb0(%i16: index, %acc17: tensor<4xi32>):
      %n19 = arith.addi %i16, %c12 : index
      scf.yield %n19, %acc17 : index, tensor<4xi32>
    }
    %c21 = arith.constant 0 : index
    %c22 = arith.constant 1 : index
    %c23 = arith.constant 3 : index
    scf.for %i24 = %c21 to %c23 step %c22 {
      %v25 = tensor.extract %w20#1[%i24] : tensor<4xi32>
      util.global.store %v1, @g0 : tensor<8xi32>
      %v26 = tensor.insert_slice %a0 into %v4[5] [1] [1] : tensor<1xi32> into tensor<8xi32>
    }
    %k27 = arith.constant 0 : i32
    %c28 = arith.constant 0 : index
    %v29 = tensor.insert %k27 into %v5[%c28] : tensor<4xi32>
    cf.br ^b3
  ^b1:
    %e9 = tensor.empty() : tensor<4xi32>
    %v8 = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%v5, %v5 : tensor<4xi32>, tensor<4xi32>) outs(%e9 : tensor<4xi32>) {
    ^bb0(%v8_x: i32, %v8_y: i32, %v8_o: i32):
      %v8_z = arith.addi %v8_x, %v8_y : i32
      linalg.yield %v8_z : i32
    } -> tensor<4xi32>
    %v10 = tensor.insert_slice %a0 into %v8[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    cf.br ^b3
  }
}
