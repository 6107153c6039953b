// Tensor campaign seed 21101 (a false refusal, older than the session): an arm yields a load of
// @g0, which @f0 stores and then fills over and stores again. IREE takes @g0 for the global it
// hoists the constants into; the load may read another value than @g0's, but nothing sees it:
// its first store is overwritten unread, and a fill reads none of its destination. The load's
// value is followed through the arm's yield, and a fill's destination reaches nothing (built;
// stock is right too).
module @m {
  util.global private mutable @g0 = dense<[30, 44, 46, 29, 31, 0, 0, 0]> : tensor<8xi32>
  util.func public @f0(%a0: i1) -> (tensor<8xi32>) {
    %v1 = scf.if %a0 -> (tensor<8xi32>) {
      %v2 = util.global.load @g0 : tensor<8xi32>
      scf.yield %v2 : tensor<8xi32>
    } else {
      %v3 = arith.constant dense<0> : tensor<8xi32>
      scf.yield %v3 : tensor<8xi32>
    }
    util.global.store %v1, @g0 : tensor<8xi32>
    %k4 = arith.constant 0 : i32
    %v5 = linalg.fill ins(%k4 : i32) outs(%v1 : tensor<8xi32>) -> tensor<8xi32>
    util.global.store %v5, @g0 : tensor<8xi32>
    util.return %v5 : tensor<8xi32>
  }
}
