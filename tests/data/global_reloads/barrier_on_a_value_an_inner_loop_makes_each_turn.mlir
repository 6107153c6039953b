// Review 44 (q07): the outer loop's z is made each turn by an inner loop. IREE carries one
// timepoint for x and z into the loop (one execution region makes both), and yields z with
// the inner loop's own timepoint result. Taking the inner loop's result for ready now, the
// tool awaited x's timepoint before the barrier on z, and its build still raced ("transient
// buffer has not been committed" in 19 runs of 20). A loop's result is ready at the loop's
// timepoint result that its value's carried timepoint becomes (unawaited._result_ready_at).
// CALLS: f:[1 2 3 4],50
// EXPECT: f=52 104 156 208 401 804 1209 1616
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c8 = arith.constant 8 : index
    %a2 = arith.addi %a, %a : tensor<4xi32>
    %aa = arith.muli %a, %a : tensor<4xi32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a2, %z = %aa) -> (tensor<4xi32>, tensor<4xi32>) {
      %bz = util.optimization_barrier %z : tensor<4xi32>
      %bx = util.optimization_barrier %x : tensor<4xi32>
      %x1 = arith.addi %bx, %a : tensor<4xi32>
      %in = scf.for %k = %c0 to %c8 step %c1 iter_args(%y = %bz) -> tensor<4xi32> {
        %y1 = arith.addi %y, %a : tensor<4xi32>
        scf.yield %y1 : tensor<4xi32>
      }
      scf.yield %x1, %in : tensor<4xi32>, tensor<4xi32>
    }
    util.return %r#0, %r#1 : tensor<4xi32>, tensor<4xi32>
  }
}
