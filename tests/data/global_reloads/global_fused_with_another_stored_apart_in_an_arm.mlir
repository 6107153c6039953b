// @a and @b are stored one value in the initializer, and @f doubles @b in an scf.if arm. IREE
// 3.13's iree-util-fuse-globals reads only the stores in a function's own blocks: it takes @b
// for @a (made immutable, as the initializer alone stores it) and the arm's store goes with @b.
// Stock's getb() after f(1) reads 1 2 3 4 (global_folds.fused_globals refuses).
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    util.global.store %x, @a : tensor<4xi32>
    util.global.store %x, @b : tensor<4xi32>
    util.return
  }
  util.func public @f(%n: index) {
    %c0 = arith.constant 0 : index
    %cond = arith.cmpi sgt, %n, %c0 : index
    scf.if %cond {
      %y = util.global.load @b : tensor<4xi32>
      %z = arith.addi %y, %y : tensor<4xi32>
      util.global.store %z, @b : tensor<4xi32>
    }
    util.return
  }
  util.func public @geta() -> tensor<4xi32> {
    %v = util.global.load @a : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @getb() -> tensor<4xi32> {
    %v = util.global.load @b : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
