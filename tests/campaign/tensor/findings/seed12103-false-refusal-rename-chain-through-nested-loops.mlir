// verdict: false-refusal (plain iree-compile: right)
// calls: f0:2,[0];f0:1,[3]
// expected: f0=0 0 0 0; f0=0 0 0 0
// stock: iree-compile --iree-hal-target-device=local --iree-hal-local-target-device-backends=llvm-cpu --iree-llvmcpu-target-cpu=host false-refusal-1.mlir -o false-refusal-1.stock.vmfb
// tool: slice-elision compile false-refusal-1.mlir -o false-refusal-1.vmfb
// stock local-sync/copy: f0=0 0 0 0; f0=0 0 0 0
// stock local-sync/mmap: f0=0 0 0 0; f0=0 0 0 0
// stock local-task/copy: f0=0 0 0 0; f0=0 0 0 0
// stock local-task/mmap: f0=0 0 0 0; f0=0 0 0 0
// tool: refused: slice-elision: error: IREE folds away an access to a global that the program's value depends on: in @f0, IREE's stages before the splice (iree-util-fold-globals (renameChainedGlobals)) took @g0 for the global IREE 3.13 outlines the constant dense<0> : tensor<4xi32> into (every store of @g0 stores a load of the global IREE 3.13 outlines the constant dense<0> : tensor<4xi32> into, or of a global IREE takes for it, once IREE's stages made its other stores such loads or erased them), so util.global.load @g0 (/tmp/tensor-campaign-edok5fyv/a2144fbb90b05eda.mlir:6:11) reads the global IREE 3.13 outlines the constant dense<0> : tensor<4xi32> into, but @g0 may not hold its value there: @g0 and the global IREE 3.13 outlines the constant dense<0> : tensor<4xi32> into are not declared with one initial value
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[0, 0, 0, 37]> : tensor<4xi32>
  util.func public @f0(%a0: index, %a1: tensor<1xi32>) -> (tensor<4xi32>) {
    %v1 = arith.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
    %v2 = util.global.load @g0 : tensor<4xi32>
    %v3 = arith.addi %v1, %v2 : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    %c4 = arith.constant 0 : index
    %c5 = arith.constant 1 : index
    %w12:2 = scf.while (%i6 = %c4, %acc7 = %v1) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %b10 = arith.cmpi slt, %i6, %a0 : index
      scf.condition(%b10) %i6, %v2 : index, tensor<4xi32>
    } do {
    ^bb0(%i8: index, %acc9: tensor<4xi32>):
      %n11 = arith.addi %i8, %c5 : index
      scf.yield %n11, %acc9 : index, tensor<4xi32>
    }
    %v13 = util.global.load @g0 : tensor<4xi32>
    %c14 = arith.constant 0 : index
    %c15 = arith.constant 1 : index
    %v17 = scf.for %i16 = %c14 to %a0 step %c15 iter_args(%acc18 = %v13) -> (tensor<4xi32>) {
      %v19 = tensor.insert_slice %a1 into %v1[%i16] [1] [1] : tensor<1xi32> into tensor<4xi32>
      %v20 = arith.constant dense<[3, 32, 38, 19, 27, 18, 40, 16]> : tensor<8xi32>
      %c21 = arith.constant 0 : index
      %c22 = arith.constant 1 : index
      %c23 = arith.constant 1 : index
      scf.for %i24 = %c21 to %c23 step %c22 {
        util.global.store %v2, @g0 : tensor<4xi32>
        %v25 = tensor.insert_slice %a1 into %acc18[%i24] [1] [1] : tensor<1xi32> into tensor<4xi32>
      }
      scf.yield %acc18 : tensor<4xi32>
    }
    %c26 = arith.constant 0 : index
    %c27 = arith.constant 1 : index
    %c28 = arith.constant 0 : index
    %w35:2 = scf.while (%i29 = %c26, %acc30 = %v17) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      util.global.store %acc30, @g0 : tensor<4xi32>
      %c36 = arith.constant 0 : index
      %c37 = arith.constant 1 : index
      %c38 = arith.constant 1 : index
      %w45:2 = scf.while (%i39 = %c36, %acc40 = %acc30) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
        util.global.store %v13, @g0 : tensor<4xi32>
        %v46 = util.global.load @g0 : tensor<4xi32>
        %k47 = arith.constant 4 : i32
        %v48 = tensor.insert %k47 into %v46[%a0] : tensor<4xi32>
        %b43 = arith.cmpi slt, %i39, %c38 : index
        scf.condition(%b43) %i39, %acc30 : index, tensor<4xi32>
      } do {
      ^bb0(%i41: index, %acc42: tensor<4xi32>):
        %v49 = tensor.insert_slice %a1 into %v13[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
        %v50 = arith.constant dense<[4, 22, 34, 34, 47, 36, 11, 19]> : tensor<8xi32>
        %n44 = arith.addi %i41, %c37 : index
        scf.yield %n44, %v49 : index, tensor<4xi32>
      }
      %b33 = arith.cmpi slt, %i29, %c28 : index
      scf.condition(%b33) %i29, %w45#1 : index, tensor<4xi32>
    } do {
    ^bb0(%i31: index, %acc32: tensor<4xi32>):
      %n34 = arith.addi %i31, %c27 : index
      scf.yield %n34, %acc32 : index, tensor<4xi32>
    }
    util.return %v13 : tensor<4xi32>
  }
}
