// Review 34 (r_03): each turn rolls @g0 back, reads it, writes it, then stores an
// optimization barrier of the load: every turn ends with @g0 holding the load's bytes, so
// IREE's erasing the roll-back changes nothing. Built, and right (the barrier's store puts
// the bytes back on every path from the write to the roll-back).
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %b = util.optimization_barrier %v : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> tensor<4xi32> {
      util.global.store %v, @g0 : tensor<4xi32>
      %l = util.global.load @g0 : tensor<4xi32>
      %a2 = arith.addi %acc, %l : tensor<4xi32>
      util.global.store %x, @g0 : tensor<4xi32>
      util.global.store %b, @g0 : tensor<4xi32>
      scf.yield %a2 : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
