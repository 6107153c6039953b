// constant_handed_to_an_inner_loop.mlir with the inner loop's bounds constant (j < 2) and n <= 2:
// r_i = a with [i], [i+1] = v+i (review 8, p62). A hand-over consumes the value whatever the
// inner loop's trip count; the outer loop's is what repeats it.
// CALLS: f:2,10;f:1,0;f:2,5;f:2,10
// EXPECT: f=11 21 14 8; f=0 0 3 4; f=6 11 9 8; f=11 21 14 8
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%n32: i32, %v: i32) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %i32 = arith.index_cast %i : index to i32
      %xv = arith.addi %v, %i32 : i32
      %r = scf.for %j = %c0 to %c2 step %c1 iter_args(%t = %a) -> tensor<4xi32> {
        %at = arith.addi %i, %j : index
        %u = tensor.insert %xv into %t[%at] : tensor<4xi32>
        scf.yield %u : tensor<4xi32>
      }
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %r : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      scf.yield %s : tensor<4xi32>
    }
    util.return %res : tensor<4xi32>
  }
}
