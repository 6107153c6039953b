// The same mirror kept equal, its loop in a helper that takes the trip count, called with 0:
// the loop (which doubles what it carries: its store is of no load) is of no iteration only
// once IREE inlines the helper (the walk skips a loop whose own bounds say it never runs).
// A mirror kept equal to a state: both start equal, step() updates @cur then copies its reload
// into @mirror, sync() stores @cur's load into @mirror in a loop (here of no iteration: a store
// of the loop's carried value, a value the input shows as no load). IREE 3.13 erases the loop
// and takes @mirror for @cur, rightly: @mirror holds @cur's value at every load, in any order of
// calls (review 13's p5: the rename rule takes such a store as the load IREE made of it, not as
// a write that breaks the equality).
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @mirror = dense<[1, 2, 3, 4]> : tensor<4xi32>

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
  util.func public @step(%row: tensor<1xi32>) -> tensor<4xi32> {
    %v = util.global.load @cur : tensor<4xi32>
    %n = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @cur : tensor<4xi32>
    %w = util.global.load @cur : tensor<4xi32>
    util.global.store %w, @mirror : tensor<4xi32>
    util.return %w : tensor<4xi32>
  }
  util.func public @read() -> tensor<4xi32> {
    %m = util.global.load @mirror : tensor<4xi32>
    util.return %m : tensor<4xi32>
  }
}
