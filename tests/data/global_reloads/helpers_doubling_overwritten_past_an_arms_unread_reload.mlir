// Tensor campaign seed 16101, rerun (a false refusal): helpers_doubling_overwritten_before_the_
// global_is_renamed.mlir with a reload in an scf.if arm whose value nothing reads between the
// helper's store and the store of zeros over it. A load that reads nothing does not read the
// helper's work, wherever it sits. Both builds compute the program's answer.
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g0 = dense<[42, 43, 18, 37]> : tensor<4xi32>
  util.func private @h0() {
    %v = util.global.load @g0 : tensor<4xi32>
    %d = arith.addi %v, %v : tensor<4xi32>
    util.global.store %d, @g0 : tensor<4xi32>
    util.return
  }
  util.func public @f0(%a0: i1) -> (tensor<4xi32>) {
    util.call @h0() : () -> ()
    %v1 = util.global.load @g0 : tensor<4xi32>
    %k2 = arith.constant 0 : i32
    %v3 = linalg.fill ins(%k2 : i32) outs(%v1 : tensor<4xi32>) -> tensor<4xi32>
    %v4 = scf.if %a0 -> (tensor<4xi32>) {
      %v5 = util.global.load @g0 : tensor<4xi32>
      scf.yield %v5 : tensor<4xi32>
    } else {
      scf.yield %v3 : tensor<4xi32>
    }
    util.global.store %v3, @g0 : tensor<4xi32>
    util.return %v3 : tensor<4xi32>
  }
}
