// %v stored in a cf arm and again in the merge block, which then runs a loop that reads @g.
// IREE 3.13 moves the merge block's store past the loop: stock's loop reads the old @g. The
// arm's store may not run, so the two are not one store to the order comparison, and the
// check refuses the reorder (global_order._one_store_per_value; review 6, r3_01).
// CALLS: f:0,1,[5 6 7 8];get;f:1,2,[9 9 9 9]
// EXPECT: f=5 6 7 8; get=5 6 7 8; f=9 9 9 9
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%c: i1, %n: index, %v: tensor<4xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    cf.cond_br %c, ^early, ^merge
  ^early:
    util.global.store %v, @g : tensor<4xi32>
    cf.br ^merge
  ^merge:
    util.global.store %v, @g : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> (tensor<4xi32>) {
      %x = util.global.load @g : tensor<4xi32>
      scf.yield %x : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
