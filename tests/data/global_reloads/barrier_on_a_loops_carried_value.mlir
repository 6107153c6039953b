// A barrier on a loop's carried value (nineteenth session). IREE 3.13's
// iree-stream-propagate-timepoints pairs the loop's region argument with a timepoint and leaves
// the wait to the users it expands (execution regions, calls, stores); the barrier, a host op, is
// not one, so the next turn's dispatch reads the barrier's result as ready while the last turn's
// dispatch may still write it. On local-task stock computes f wrong in most runs (the sum of the
// turns that had finished); local-sync is right. The tool awaits the value before the barrier
// (stream_model/schedule/unawaited.py, AwaitCarriedValues).
// CALLS: f:[1 2 3 4],50
// EXPECT: f=51 102 153 204
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<4xi32> {
      %b = util.optimization_barrier %acc : tensor<4xi32>
      %y = arith.addi %b, %a : tensor<4xi32>
      scf.yield %y : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
