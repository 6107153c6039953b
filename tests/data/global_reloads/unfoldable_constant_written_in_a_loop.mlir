// Each iteration inserts its row into the same constant: every iteration must start from
// [1, 2, 3, 4] (value semantics), so the sum of two iterations is [2, 4+77, 6, 8] for
// offsets 1 and 1, and the second call computes the same.
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%off32: i32, %row: tensor<1xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %off = arith.index_cast %off32 : i32 to index
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %a = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
      %u = tensor.insert_slice %row into %a[%off] [1] [1] : tensor<1xi32> into tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %u : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      scf.yield %s : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
