// Review 38 (c_48): the tensor campaign seeds' shape where the loop's store, which overwrites
// the arm's, is a roll-back to the value @g0 held when @f began, spelled (v0 ^ 9) ^ 9 (MLIR
// folds it to the load v0; the check does not read that fold): the
// program ends with v0 ([7 27 50 3]); IREE erases the loop's store as a store of what @g0
// holds and ends with what the arm or the first store left. The roll-back IREE erased is no
// overwrite of the arm's work: refused.
module @m {
  util.global private mutable @g0 = dense<[7, 27, 50, 3]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%c: i1) {
    %v0 = util.global.load @g0 : tensor<4xi32>
    %k = arith.constant dense<9> : tensor<4xi32>
    %a = arith.xori %v0, %k : tensor<4xi32>
    %back = arith.xori %a, %k : tensor<4xi32>
    %v1 = arith.constant dense<[17, 22, 32, 31]> : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    scf.if %c {
      %v2 = util.global.load @g0 : tensor<4xi32>
      %v3 = arith.addi %v2, %v2 : tensor<4xi32>
      util.global.store %v3, @g0 : tensor<4xi32>
    }
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w = scf.while (%i = %c0) : (index) -> index {
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%i2: index):
      util.global.store %back, @g0 : tensor<4xi32>
      %n = arith.addi %i2, %c1 : index
      scf.yield %n : index
    }
    util.return
  }
}
