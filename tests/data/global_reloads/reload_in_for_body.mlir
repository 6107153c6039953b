#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  // loop body (2 iterations) reloads @g and accumulates; store of the in-place update after the loop
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %a = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %init = arith.constant dense<0> : tensor<4xi32>
    %r = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %init) -> (tensor<4xi32>) {
      %b = util.global.load @g : tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %b : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      scf.yield %s : tensor<4xi32>
    }
    util.global.store %u, @g : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
