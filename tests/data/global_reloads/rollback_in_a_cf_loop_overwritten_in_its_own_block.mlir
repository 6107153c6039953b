// Review 34 (r_05): a cf loop's block rolls @g0 back to its load, then writes @g0 (twice the
// load) before anything reads it, and the function ends only after the write. IREE erases the
// roll-back, which changes nothing: every path from it meets the write first. Built, and right.
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
    util.global.store %x, @g0 : tensor<4xi32>
    %j1 = arith.addi %i, %c1 : index
    %go = arith.cmpi slt, %j1, %n : index
    cf.cond_br %go, ^S(%j1 : index), ^E
  ^E:
    util.return
  }
}
