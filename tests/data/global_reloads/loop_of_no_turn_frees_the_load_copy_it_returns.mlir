// One load of @g is the init of both values a loop of a run-time trip count carries; the loop's
// first result is stored back to @g and the function returns the second (review 59's a09). IREE
// 3.13 exports a copy of the load for the return and hands that copy to the loop: with no turn,
// its reference counting frees the loop's first result, the copy itself, after the copy into @g,
// though the export already handed it to the caller: on local-task the call fails ("transient
// buffer has not been committed"). Value semantics: the call returns @g as loaded and stores
// @g + @g * %n.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %l = util.global.load @g : tensor<4xi32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %l, %z = %l) -> (tensor<4xi32>, tensor<4xi32>) {
      %y = arith.addi %x, %z : tensor<4xi32>
      scf.yield %y, %z : tensor<4xi32>, tensor<4xi32>
    }
    util.global.store %r#0, @g : tensor<4xi32>
    util.return %r#1 : tensor<4xi32>
  }
}
