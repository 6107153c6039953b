// The same fault without a constant: a tensor computed before the loop (the argument doubled),
// a row inserted into it in both iterations, one element further on. Value semantics: for
// [1, 2, 3, 4], offset 1 and row 77, [2, 77, 6, 8] + [2, 4, 77, 8] = [4, 81, 83, 16]. IREE 3.13
// fills the doubling's result in place in every iteration (no clone at all): the second starts
// from [2, 77, 6, 8] (constant_written_in_a_loop.mlir is the constant's form).
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%off32: i32, %row: tensor<1xi32>, %base: tensor<4xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %off = arith.index_cast %off32 : i32 to index
    %e0 = tensor.empty() : tensor<4xi32>
    %a = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%base, %base : tensor<4xi32>, tensor<4xi32>) outs(%e0 : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
    } -> tensor<4xi32>
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %at = arith.addi %off, %i : index
      %u = tensor.insert_slice %row into %a[%at] [1] [1] : tensor<1xi32> into tensor<4xi32>
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
