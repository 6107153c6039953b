#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  // update computed before the branch; ^b (not storing) reloads @g and reads it; ^a stores
  util.func public @f(%c: i1, %row: tensor<1xi32>) -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    cf.cond_br %c, ^a, ^b
  ^a:
    util.global.store %u, @g : tensor<4xi32>
    cf.br ^c(%u : tensor<4xi32>)
  ^b:
    %w = util.global.load @g : tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%w : tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %o: i32):
        %k = arith.constant 100 : i32
        %y = arith.addi %x, %k : i32
        linalg.yield %y : i32
      } -> tensor<4xi32>
    cf.br ^c(%p : tensor<4xi32>)
  ^c(%r: tensor<4xi32>):
    util.return %r : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
