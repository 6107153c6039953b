// One load of @g is the init of both values a loop of two turns carries; every turn hands the
// second on through a barrier and doubles the first (review 59's a11). The function returns the
// load and the doubled value, and stores the barrier's value back to @g and the doubled one to
// @h. IREE 3.13 exports a copy of the load for the return and hands that copy to the loop; its
// reference counting takes the barrier's result for a buffer of its own and frees the loop's
// result, which is the copy on every turn, after the copy into @g: on local-task the call fails
// ("transient buffer has not been committed"). Value semantics: @g as loaded, and 4 * @g.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @h = dense<[9, 8, 7, 6]> : tensor<4xi32>
  util.func public @f(%unused: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %l = util.global.load @g : tensor<4xi32>
    %r:2 = scf.for %i = %c0 to %c2 step %c1 iter_args(%x = %l, %z = %l) -> (tensor<4xi32>, tensor<4xi32>) {
      %bz = util.optimization_barrier %z : tensor<4xi32>
      %y = arith.addi %x, %x : tensor<4xi32>
      scf.yield %y, %bz : tensor<4xi32>, tensor<4xi32>
    }
    util.global.store %r#0, @h : tensor<4xi32>
    util.global.store %r#1, @g : tensor<4xi32>
    util.return %l, %r#0 : tensor<4xi32>, tensor<4xi32>
  }
}
