// The twin of global_fused_with_another_stored_apart_in_an_arm.mlir where the initializer
// stores @b another value than @a: IREE 3.13 fuses nothing, and the check builds it.
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    util.global.store %x, @a : tensor<4xi32>
    %x2 = arith.addi %x, %x : tensor<4xi32>
    util.global.store %x2, @b : tensor<4xi32>
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
