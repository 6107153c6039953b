#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @get(%c: i1) -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %r = scf.if %c -> tensor<4xi32> {
      %b = util.global.load @g : tensor<4xi32>
      scf.yield %b : tensor<4xi32>
    } else {
      %z = arith.constant dense<0> : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @f(%c: i1, %row: tensor<1xi32>) -> tensor<4xi32> {
    %a = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %r = util.call @get(%c) : (i1) -> tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%r : tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %o: i32):
        %k = arith.constant 100 : i32
        %y = arith.addi %x, %k : i32
        linalg.yield %y : i32
      } -> tensor<4xi32>
    util.global.store %u, @g : tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
}
