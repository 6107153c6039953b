// One global with an initial value updated in an scf.if arm, another stored in a block: with
// --no-elide the compile keeps no global out of IREE's fusion and builds what iree-compile builds,
// byte for byte.
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[5, 6, 7, 8]> : tensor<4xi32>
    util.global.store %x, @b : tensor<4xi32>
    util.return
  }
  util.func public @f(%row: tensor<1xi32>, %c: i1) {
    scf.if %c {
      %l = util.global.load @a : tensor<4xi32>
      %u = tensor.insert_slice %row into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @a : tensor<4xi32>
    }
    %m = util.global.load @b : tensor<4xi32>
    %v = arith.addi %m, %m : tensor<4xi32>
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.func public @geta() -> tensor<4xi32> { %v = util.global.load @a : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
