// Review 43 (p05): a barrier on the outer loop's value inside an inner loop, whose result the
// outer loop yields. The inner loop's region reads the value too, so stock waits for it and is
// right in every run. Its timepoint comes back around the inner loop: the tool takes the value
// to be ready at each of the outer block's timepoints in turn and checks the edges, by
// induction over the turns (unawaited._carried); without that it refused.
// CALLS: f:[1 2 3 4],50
// EXPECT: f=101 102 103 104
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %one = arith.constant dense<1> : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %a) -> tensor<4xi32> {
      %in = scf.for %j = %c0 to %c2 step %c1 iter_args(%t = %acc) -> tensor<4xi32> {
        %b = util.optimization_barrier %acc : tensor<4xi32>
        %m = arith.maxsi %b, %t : tensor<4xi32>
        %s = arith.addi %m, %one : tensor<4xi32>
        scf.yield %s : tensor<4xi32>
      }
      scf.yield %in : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
