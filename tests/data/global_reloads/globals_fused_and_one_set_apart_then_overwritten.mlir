// Review 48: f doubles @b in an arm, then stores one value to both at its top level, no load
// between: the arm's store is overwritten, and IREE's fuse of the two is right (built).
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
  util.func public @f(%n: index, %w0: tensor<4xi32>) {
    %w = arith.addi %w0, %w0 : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %cond = arith.cmpi sgt, %n, %c0 : index
    scf.if %cond {
      %y = util.global.load @b : tensor<4xi32>
      %z = arith.addi %y, %y : tensor<4xi32>
      util.global.store %z, @b : tensor<4xi32>
    }
    util.global.store %w, @a : tensor<4xi32>
    util.global.store %w, @b : tensor<4xi32>
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
