// Review 37 (b_36): as reader_shares_the_dead_loads_location.mlir, the two loads named
// differently over one file:line:col (JAX's name locations): refused.
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
      %x = util.global.load @g0 : tensor<4xi32> loc("jit(step)/read_state"("model.py":12:3))
      scf.yield %x : tensor<4xi32>
    } else {
      scf.yield %z : tensor<4xi32>
    }
    scf.if %c {
      %v2 = util.global.load @g0 : tensor<4xi32> loc("jit(step)/refresh_state"("model.py":12:3))
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
