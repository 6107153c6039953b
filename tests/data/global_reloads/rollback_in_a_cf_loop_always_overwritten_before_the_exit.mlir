// Review 34 (r_04): a cf loop: ^S rolls @g0 back to its load, always branches to ^W, which writes
// @g0 (twice the load); the only exit is from ^W. Every roll-back is overwritten before anything
// reads @g0, so IREE's erasing it changes nothing. Built, and right.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    cf.br ^S(%c0 : index)
  ^S(%i: index):
    util.global.store %v, @g0 : tensor<4xi32>
    cf.br ^W(%i : index)
  ^W(%j: index):
    util.global.store %x, @g0 : tensor<4xi32>
    %j1 = arith.addi %j, %c1 : index
    %go = arith.cmpi slt, %j1, %n : index
    cf.cond_br %go, ^S(%j1 : index), ^E
  ^E:
    util.return
  }
}
