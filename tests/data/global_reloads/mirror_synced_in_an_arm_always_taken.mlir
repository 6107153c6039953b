// A mirror @b synced from @a in an scf.if on a constant true, then read: every store of @b
// stores a load of @a, and IREE 3.13 takes @b for @a, rightly here: each read of @b follows a
// sync in the same call. MLIR inlines the arm into its block, so the sync runs on every path
// (the check walks the arm as its block: global_order._walk_regions). Built, and right.
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @set(%row: tensor<1xi32>) {
    %av = util.global.load @a : tensor<4xi32>
    %na = tensor.insert_slice %row into %av[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %na, @a : tensor<4xi32>
    util.return
  }
  util.func public @f() -> tensor<4xi32> {
    %t = arith.constant true
    scf.if %t {
      %av = util.global.load @a : tensor<4xi32>
      util.global.store %av, @b : tensor<4xi32>
    }
    %bv = util.global.load @b : tensor<4xi32>
    util.return %bv : tensor<4xi32>
  }
}
