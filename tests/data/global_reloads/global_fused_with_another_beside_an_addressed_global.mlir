// Review 48's p28: @a and @b stored one value in the initializer, @b doubled in an scf.if arm,
// beside an unrelated global @c read through its address. IREE 3.13's iree-util-fuse-globals
// leaves only a global whose address is taken alone: it takes @b for @a, and stock's getb()
// after f(1) reads 1 2 3 4 for 2 4 6 8. The fuse rule skips only the globals whose address
// the module takes, not every module with one (refused).
module @m {
  util.global private mutable @c = dense<[7, 7, 7, 7]> : tensor<4xi32>
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
  util.func public @getc() -> tensor<4xi32> {
    %p = util.global.address @c : !util.ptr<tensor<4xi32>>
    %v = util.global.load.indirect %p : !util.ptr<tensor<4xi32>> -> tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
