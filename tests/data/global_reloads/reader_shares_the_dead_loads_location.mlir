// Review 37 (b_06): the seeds' shape with a read of @g0 in an arm before the dead arm, written
// with the dead reload's location (a frontend's repeated source line). IREE moves the first
// store below the loop past that read too, which then returns what @g0 held before the call.
// The splice names the two loads as one: no dead work, refused.
module @m {
  util.global private mutable @g0 = dense<[7, 27, 50, 3]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%c: i1, %d: i1) -> tensor<4xi32> {
    %v1 = arith.constant dense<[17, 22, 32, 31]> : tensor<4xi32>
    %z = arith.constant dense<0> : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    %r = scf.if %d -> tensor<4xi32> {
      %x = util.global.load @g0 : tensor<4xi32> loc("p.py":7:1)
      scf.yield %x : tensor<4xi32>
    } else {
      scf.yield %z : tensor<4xi32>
    }
    scf.if %c {
      %v2 = util.global.load @g0 : tensor<4xi32> loc("p.py":7:1)
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
      util.global.store %v1, @g0 : tensor<4xi32>
      %n = arith.addi %i2, %c1 : index
      scf.yield %n : index
    }
    util.return %r : tensor<4xi32>
  }
}
