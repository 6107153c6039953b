// Review 34 (r_06): an scf.if rolls @g0 back on the loop's first turn only, before the turn
// reads and writes it. The path from a write back to the roll-back is one no run takes; the
// check does not evaluate conditions and asks no roll-back in an arm. Built, and right.
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
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> tensor<4xi32> {
      %first = arith.cmpi eq, %i, %c0 : index
      scf.if %first {
        util.global.store %v, @g0 : tensor<4xi32>
      }
      %l = util.global.load @g0 : tensor<4xi32>
      %a2 = arith.addi %acc, %l : tensor<4xi32>
      util.global.store %x, @g0 : tensor<4xi32>
      scf.yield %a2 : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
