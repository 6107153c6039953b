// Two iteration arguments start from one constant (zero): t has v+j inserted at j in every
// iteration, acc sums t; acc = sum_j t_j with t_j = [v, v+1, .., v+j, 0, ..]. IREE 3.13 makes
// the constant one splat and hands that one buffer to both iteration arguments, and the insert
// writes t in place: in the first iteration acc reads the row too (found beside review 8's
// inner-loop hand-over; stock and the tool wrong alike before the rule). The check's
// handed-over-twice rule names the loop, the value and the write; the repair hands t a fresh copy.
// CALLS: f:3,10;f:2,0;f:3,10
// EXPECT: f=30 22 12 0; f=0 1 0 0; f=30 22 12 0
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%n32: i32, %v: i32) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %res:2 = scf.for %j = %c0 to %n step %c1 iter_args(%t = %zero, %acc = %zero) -> (tensor<4xi32>, tensor<4xi32>) {
      %j32 = arith.index_cast %j : index to i32
      %xv = arith.addi %v, %j32 : i32
      %u = tensor.insert %xv into %t[%j] : tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %u : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      scf.yield %u, %s : tensor<4xi32>, tensor<4xi32>
    }
    util.return %res#1 : tensor<4xi32>
  }
}
