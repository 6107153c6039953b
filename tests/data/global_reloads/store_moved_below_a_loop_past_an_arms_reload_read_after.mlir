// The seeds' shape where @f returns twice its reload after the arm: what the arm stores is read
// (twice %v1 where %c holds), so its work is not dead. IREE moves the first store below the
// loop and forwards it to that reload across the arm: plain iree-compile returns %v1.
module @m {
  util.global private mutable @g0 = dense<[7, 27, 50, 3]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%c: i1) -> tensor<4xi32> {
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
    %o = arith.addi %v4, %v4 : tensor<4xi32>
    util.return %o : tensor<4xi32>
  }
}
