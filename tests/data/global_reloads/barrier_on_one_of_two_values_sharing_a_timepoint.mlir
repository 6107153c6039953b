// Review 43 (p29): x and z are made by one execution region each turn, so IREE carries one
// timepoint for both (canonicalization keeps the equal timepoints once). The barrier takes z
// unawaited, and stock races on local-task ("transient buffer has not been committed", or a
// partial sum). The tool finds the timepoint z is ready at from what enters the loop (the
// shared one) and awaits it before the barrier.
// CALLS: f:[1 2 3 4],50
// EXPECT: f=51 102 153 204 101 202 303 404
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a2 = arith.addi %a, %a : tensor<4xi32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %z = %a) -> (tensor<4xi32>, tensor<4xi32>) {
      %bz = util.optimization_barrier %z : tensor<4xi32>
      %y1 = arith.addi %x, %a : tensor<4xi32>
      %y2 = arith.addi %bz, %a2 : tensor<4xi32>
      scf.yield %y1, %y2 : tensor<4xi32>, tensor<4xi32>
    }
    util.return %r#0, %r#1 : tensor<4xi32>, tensor<4xi32>
  }
}
