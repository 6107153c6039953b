// Review 36 (d_25): the cf form of the dead arm, behind index_cast 0 == index_cast 1 (MLIR
// folds it to false). Both builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1() -> tensor<4xi32> {
    %a = arith.constant 0 : i32
    %b = arith.constant 1 : i32
    %ai = arith.index_cast %a : i32 to index
    %bi = arith.index_cast %b : i32 to index
    %dead = arith.cmpi eq, %ai, %bi : index
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %y = arith.addi %x, %v : tensor<4xi32>
    cf.cond_br %dead, ^D, ^X
  ^D:
    util.global.store %y, @g0 : tensor<4xi32>
    util.global.store %v, @g0 : tensor<4xi32>
    %r = util.global.load @g0 : tensor<4xi32>
    %d = arith.addi %r, %r : tensor<4xi32>
    util.global.store %d, @g0 : tensor<4xi32>
    cf.br ^X
  ^X:
    util.return %v : tensor<4xi32>
  }
}
