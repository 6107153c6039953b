// Review 48: one arm doubles @a and @b, each from its own load: IREE fuses the two (stored one
// value in the initializer), and its build is right. A region's block that stores both is not
// taken as setting one apart (built).
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
    scf.if %cond {
      %ya = util.global.load @a : tensor<4xi32>
      %za = arith.addi %ya, %ya : tensor<4xi32>
      util.global.store %za, @a : tensor<4xi32>
      %yb = util.global.load @b : tensor<4xi32>
      %zb = arith.addi %yb, %yb : tensor<4xi32>
      util.global.store %zb, @b : tensor<4xi32>
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
