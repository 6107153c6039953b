// Review 34 (r_31): seed 14101's cf loop (the header rolls back, the body writes) inside an
// scf.execute_region. Refused: the region's blocks are paths as the function's are.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    scf.execute_region {
      cf.br ^H(%c0 : index)
    ^H(%i: index):
      util.global.store %v, @g0 : tensor<4xi32>
      %go = arith.cmpi slt, %i, %n : index
      cf.cond_br %go, ^W(%i : index), ^E
    ^W(%k: index):
      util.global.store %x, @g0 : tensor<4xi32>
      %k1 = arith.addi %k, %c1 : index
      cf.br ^H(%k1 : index)
    ^E:
      scf.yield
    }
    util.return
  }
}
