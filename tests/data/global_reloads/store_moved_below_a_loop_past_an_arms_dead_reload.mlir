// Tensor campaign seeds 15101 and 15102: @f stores %v1, an scf.if arm reloads @g0 and stores
// twice what it read, and a while loop that turns twice (i < 2 from i = 0) stores %v1 again.
// IREE moves the first store below the loop, so the arm reloads what @g0 held before the call;
// but what the arm stores the loop overwrites before anything reads @g0 (the reload after the
// arm only hands a value the loop never uses): the read moved past is dead work, and both
// builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[7, 27, 50, 3]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%c: i1) {
    %v1 = arith.constant dense<[17, 22, 32, 31]> : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    scf.if %c {
      %v2 = util.global.load @g0 : tensor<4xi32>
      %v3 = arith.addi %v2, %v2 : tensor<4xi32>
      util.global.store %v3, @g0 : tensor<4xi32>
    }
    %v4 = util.global.load @g0 : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w:2 = scf.while (%i = %c0, %acc = %v4) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i, %v4 : index, tensor<4xi32>
    } do {
    ^bb0(%i2: index, %acc2: tensor<4xi32>):
      util.global.store %v1, @g0 : tensor<4xi32>
      %n = arith.addi %i2, %c1 : index
      scf.yield %n, %acc2 : index, tensor<4xi32>
    }
    util.return
  }
}
