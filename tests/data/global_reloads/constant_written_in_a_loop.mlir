// Each iteration inserts its row into the same arith.constant, one element further on: every
// iteration must start from [1, 2, 3, 4] (value semantics), so for offset 1 and row 77 the sum
// of the two iterations is [1, 77, 3, 4] + [1, 2, 77, 4] = [2, 79, 80, 8]. IREE 3.13 hoists the
// constant out of the loop and clones it once, before the loop: the second iteration starts
// from the first's row, [1, 77, 77, 4] (the tensor campaign's
// seed2026-both-wrong-constant-written-in-a-loop; the util.unfoldable_constant twin is
// unfoldable_constant_written_in_a_loop.mlir).
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%off32: i32, %row: tensor<1xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %off = arith.index_cast %off32 : i32 to index
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
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
