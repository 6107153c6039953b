// The seeds' shape with a loop that may turn no time (i < %trips): called with %trips = 0,
// @g0 keeps what the arm stored, twice %v1. IREE moves the first store below the loop, so the
// arm doubles what @g0 held before the call, and the moved store then puts %v1 back: plain
// iree-compile ends with %v1 where the program has twice it. The arm's work is not dead here.
module @m {
  util.global private mutable @g0 = dense<[7, 27, 50, 3]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%c: i1, %trips: index) {
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
      %go = arith.cmpi slt, %i, %trips : index
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
