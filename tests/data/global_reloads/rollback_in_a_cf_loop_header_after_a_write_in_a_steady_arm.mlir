// Review 35 (c_17): seed 14101's cf loop with the body's write in an scf.if on a condition the
// entry block makes: the arm runs on every turn or on none, so a path through it on the next
// turn is one a run takes. Refused (it was built by the arm rule of c28b26c).
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }

  util.func public @f1(%n: index, %cc: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %y = arith.addi %x, %v : tensor<4xi32>
    %c = arith.cmpi ne, %cc, %c0 : index
    cf.br ^H(%c0 : index)
  ^H(%i: index):
    util.global.store %v, @g0 : tensor<4xi32>
    %go = arith.cmpi slt, %i, %n : index
    cf.cond_br %go, ^B(%i : index), ^E
  ^B(%k: index):
    scf.if %c {
      util.global.store %x, @g0 : tensor<4xi32>
    }
    %k1 = arith.addi %k, %c1 : index
    cf.br ^H(%k1 : index)
  ^E:
    util.return
  }
}
