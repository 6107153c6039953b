// Review 43 (p28): as barrier_on_one_of_two_values_sharing_a_timepoint.mlir, with a host read of
// x (tensor.extract) before the barrier on z: the host waits for the region that made both, so
// stock is right in every run. The tool refused it (it found no timepoint beside z); it awaits
// the shared one now, which changes nothing here.
// CALLS: f:[1 2 3 4],50
// EXPECT: f=51 102 153 204 101 202 303 404 1275
module @m {
  util.func public @f(%a: tensor<4xi32>, %n: index) -> (tensor<4xi32>, tensor<4xi32>, i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %i0 = arith.constant 0 : i32
    %a2 = arith.addi %a, %a : tensor<4xi32>
    %r:3 = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a, %z = %a, %s = %i0) -> (tensor<4xi32>, tensor<4xi32>, i32) {
      %e = tensor.extract %x[%c0] : tensor<4xi32>
      %s1 = arith.addi %s, %e : i32
      %bz = util.optimization_barrier %z : tensor<4xi32>
      %y1 = arith.addi %x, %a : tensor<4xi32>
      %y2 = arith.addi %bz, %a2 : tensor<4xi32>
      scf.yield %y1, %y2, %s1 : tensor<4xi32>, tensor<4xi32>, i32
    }
    util.return %r#0, %r#1, %r#2 : tensor<4xi32>, tensor<4xi32>, i32
  }
}
