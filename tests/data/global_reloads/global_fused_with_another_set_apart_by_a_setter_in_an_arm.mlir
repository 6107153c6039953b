// Review 48: f's arm calls a private setter of @b, whose store is at its own top level;
// IREE inlines it into the arm, where iree-util-fuse-globals does not read it, and takes @b
// for @a (stored one value in the initializer). Stock's getb() after f(1) reads 1 2 3 4 for
// 2 4 6 8. The check reads each function with its callees taken in (refused).
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    util.global.store %x, @a : tensor<4xi32>
    util.global.store %x, @b : tensor<4xi32>
    util.return
  }
  util.func private @setb(%v: tensor<4xi32>) {
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.func public @f(%n: index) {
    %c0 = arith.constant 0 : index
    %cond = arith.cmpi sgt, %n, %c0 : index
    scf.if %cond {
      %y = util.global.load @b : tensor<4xi32>
      %z = arith.addi %y, %y : tensor<4xi32>
      util.call @setb(%z) : (tensor<4xi32>) -> ()
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
