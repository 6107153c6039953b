// One load of @g is the init of both values an scf.for of a run-time trip count carries: the
// first is incremented and stored back, the second handed on through a barrier and returned
// (review 60's p03). IREE 3.13 hands the loop a copy of the load; with no turn its reference
// counting frees the first result, that copy, after the copy into @g, though the second result,
// the same copy, is exported to the caller: on local-task the call fails ("transient buffer has
// not been committed"). Value semantics: the call returns @g as loaded and stores @g + %n.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %one = arith.constant dense<1> : tensor<4xi32>
    %l = util.global.load @g : tensor<4xi32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %l, %z = %l) -> (tensor<4xi32>, tensor<4xi32>) {
      %bz = util.optimization_barrier %z : tensor<4xi32>
      %y = arith.addi %x, %one : tensor<4xi32>
      scf.yield %y, %bz : tensor<4xi32>, tensor<4xi32>
    }
    util.global.store %r#0, @g : tensor<4xi32>
    util.return %r#1 : tensor<4xi32>
  }
}
