// The same mirror, its loop in a helper that takes the trip count, called with 0: the loop is
// of no iteration only once IREE inlines the helper, and it doubles what it carries, so the
// check sees its store as a value shown as no load (the walk skips a loop whose own bounds say
// it never runs, and reads a carried value the loop hands on unchanged as the one it enters with).
// A mirror of a state, synced in two ways: sync() stores @cur into @mirror in a loop (here of no
// iteration: its store is of the loop's carried value, not of a load), copy() stores @cur's load.
// IREE 3.13's stages erase the loop, so every store of @mirror left stores a load of @cur, and
// iree-util-fold-globals (renameChainedGlobals) takes @mirror for @cur: stock's read() before
// any copy reads @cur, not @mirror's own initial value (found by the tensor campaign, seed 6071;
// global_folds.chained_globals refuses).
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @mirror = dense<[0, 0, 0, 0]> : tensor<4xi32>

  util.func private @sync_times(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = util.global.load @cur : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> (tensor<4xi32>) {
      util.global.store %acc, @mirror : tensor<4xi32>
      %twice = arith.addi %acc, %acc : tensor<4xi32>
      scf.yield %twice : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @sync() -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %r = util.call @sync_times(%c0) : (index) -> tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
  util.func public @copy() -> tensor<4xi32> {
    %v = util.global.load @cur : tensor<4xi32>
    util.global.store %v, @mirror : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @read() -> tensor<4xi32> {
    %m = util.global.load @mirror : tensor<4xi32>
    util.return %m : tensor<4xi32>
  }
}
