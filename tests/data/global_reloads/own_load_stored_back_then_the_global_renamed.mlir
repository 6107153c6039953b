// @g, declared 0 0 0 37, is stored zeros and, in a loop of a run-time trip count, the load
// taken before that store: IREE 3.13 erases the store of @g's own load and takes @g for the
// global it outlines the zeros into (renameChainedGlobals), so the first load reads zeros,
// not 0 0 0 37. Its value is read only by that store back, which the final store of zeros
// overwrites before anything reads @g: nothing shows the difference, and the check builds it
// (Event.stored_back; the tensor campaign's seed 12103 refused it).
// CALLS: f:1;f:0;f:2
// EXPECT: f=0 0 0 0; f=0 0 0 0; f=0 0 0 0
module @m {
  util.global private mutable @g = dense<[0, 0, 0, 37]> : tensor<4xi32>

  util.func public @f(%n: index) -> tensor<4xi32> {
    %zeros = arith.constant dense<0> : tensor<4xi32>
    %old = util.global.load @g : tensor<4xi32>
    util.global.store %zeros, @g : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    scf.for %i = %c0 to %n step %c1 {
      util.global.store %old, @g : tensor<4xi32>
    }
    util.global.store %zeros, @g : tensor<4xi32>
    %now = util.global.load @g : tensor<4xi32>
    util.return %now : tensor<4xi32>
  }
}
