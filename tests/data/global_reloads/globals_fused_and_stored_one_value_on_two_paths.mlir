// Review 48's p03: f stores one value to @a in an scf.if's then arm and to @b in its else arm:
// the two differ after either path. IREE 3.13's iree-util-fuse-globals reads neither store (both
// in a region) and takes @b for @a (stored one value in the initializer): stock's getb() after
// f(1) reads @a's doubled value. A store of the other global of the same value counts only in
// the same block (refused).
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x0 = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %x = arith.addi %x0, %x0 : tensor<4xi32>
    util.global.store %x, @a : tensor<4xi32>
    util.global.store %x, @b : tensor<4xi32>
    util.return
  }
  util.func public @f(%n: index) {
    %c0 = arith.constant 0 : index
    %cond = arith.cmpi sgt, %n, %c0 : index
    %y = util.global.load @a : tensor<4xi32>
    %z = arith.addi %y, %y : tensor<4xi32>
    scf.if %cond {
      util.global.store %z, @a : tensor<4xi32>
    } else {
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
