// Review 35 (c_25): seed 14101's loop, its exit branching on a compare of two constants (false:
// MLIR folds it) to a block that reads @g0, else to one that overwrites it. No run reads the
// roll-back's value. Built, and right (region_flow.constant_condition).
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }

  util.func public @f1(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %y = arith.addi %x, %v : tensor<4xi32>
    %dead = arith.cmpi eq, %c0, %c1 : index
    cf.br ^H(%c0 : index)
  ^H(%i: index):
    util.global.store %v, @g0 : tensor<4xi32>
    %go = arith.cmpi slt, %i, %n : index
    cf.cond_br %go, ^B(%i : index), ^E
  ^B(%k: index):
    util.global.store %x, @g0 : tensor<4xi32>
    %k1 = arith.addi %k, %c1 : index
    cf.br ^H(%k1 : index)
  ^E:
    cf.cond_br %dead, ^R, ^O
  ^R:
    %r = util.global.load @g0 : tensor<4xi32>
    %r2 = arith.addi %r, %r : tensor<4xi32>
    util.global.store %r2, @g0 : tensor<4xi32>
    util.return
  ^O:
    util.global.store %y, @g0 : tensor<4xi32>
    util.return
  }
}
