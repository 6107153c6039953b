// Review 36 (d_24): an scf.if on true & false (MLIR folds it to false) holds a write, a
// roll-back to the load, a reload and a store: the arm never runs, so IREE's erasing the
// roll-back inside it changes nothing. Both builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1() -> tensor<4xi32> {
    %t = arith.constant true
    %f = arith.constant false
    %dead = arith.andi %t, %f : i1
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %y = arith.addi %x, %v : tensor<4xi32>
    scf.if %dead {
      util.global.store %y, @g0 : tensor<4xi32>
      util.global.store %v, @g0 : tensor<4xi32>
      %r = util.global.load @g0 : tensor<4xi32>
      %d = arith.addi %r, %r : tensor<4xi32>
      util.global.store %d, @g0 : tensor<4xi32>
    }
    util.return %v : tensor<4xi32>
  }
}
