// Review 34 (r_08): an outer cf loop (^L reloads @g0) around an inner one whose header ^H rolls
// @g0 back to the outer turn's load and whose body ^W writes it. ^H runs last in each inner loop:
// @g0 ends as loaded. IREE erases the roll-back: @g0 keeps the body's write, doubled on each turn.
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
    cf.br ^L(%c0 : index)
  ^L(%j: index):
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    cf.br ^H(%c0 : index)
  ^H(%i: index):
    util.global.store %v, @g0 : tensor<4xi32>
    %go = arith.cmpi slt, %i, %c2 : index
    cf.cond_br %go, ^W(%i : index), ^E
  ^W(%k: index):
    util.global.store %x, @g0 : tensor<4xi32>
    %k1 = arith.addi %k, %c1 : index
    cf.br ^H(%k1 : index)
  ^E:
    %j1 = arith.addi %j, %c1 : index
    %more = arith.cmpi slt, %j1, %n : index
    cf.cond_br %more, ^L(%j1 : index), ^X
  ^X:
    util.return
  }
}
