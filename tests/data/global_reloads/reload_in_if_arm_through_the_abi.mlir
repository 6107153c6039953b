#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%c: i1, %view: !hal.buffer_view) -> (!hal.buffer_view, !hal.buffer_view) {
    %row = hal.tensor.import %view "row" : !hal.buffer_view -> tensor<1xi32>
    %a = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %r = scf.if %c -> tensor<4xi32> {
      %b = util.global.load @g : tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%b : tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %o: i32):
        %k = arith.constant 100 : i32
        %y = arith.addi %x, %k : i32
        linalg.yield %y : i32
      } -> tensor<4xi32>
      scf.yield %p : tensor<4xi32>
    } else {
      %z = arith.constant dense<0> : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    util.global.store %u, @g : tensor<4xi32>
    %now = util.global.load @g : tensor<4xi32>
    %out = hal.tensor.export %r "r" : tensor<4xi32> -> !hal.buffer_view
    %seen = hal.tensor.export %now "now" : tensor<4xi32> -> !hal.buffer_view
    util.return %out, %seen : !hal.buffer_view, !hal.buffer_view
  }
}
