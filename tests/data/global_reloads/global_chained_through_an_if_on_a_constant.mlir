// A mirror @b synced from @a through an scf.if on a constant (a debug switch choosing between
// @a and a marker): MLIR folds the if, so every store of @b is a load of @a, and IREE 3.13 takes
// @b for @a (renameChainedGlobals), though the two start from different values: the first
// read of @b, before any sync, reads @a. Both builds are alike wrong without the check, which
// reads the store through the folded if and refuses (global_folds.chained_globals; review 13, m3).
// CALLS: getb;sync;getb
// EXPECT: getb=0 0 0 0; sync; getb=1 2 3 4
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[0, 0, 0, 0]> : tensor<4xi32>
  util.func public @sync() {
    %live = arith.constant true
    %x = util.global.load @a : tensor<4xi32>
    %marker = arith.constant dense<9> : tensor<4xi32>
    %v = scf.if %live -> tensor<4xi32> {
      scf.yield %x : tensor<4xi32>
    } else {
      scf.yield %marker : tensor<4xi32>
    }
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.func public @getb() -> tensor<4xi32> {
    %v = util.global.load @b : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
