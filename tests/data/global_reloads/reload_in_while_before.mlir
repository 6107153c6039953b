#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  // before region reloads @g; runs 3 times (i=0,1,2) -> 3*g
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %a = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %c0 = arith.constant 0 : i32
    %c1 = arith.constant 1 : i32
    %c2 = arith.constant 2 : i32
    %init = arith.constant dense<0> : tensor<4xi32>
    %r:2 = scf.while (%i = %c0, %acc = %init) : (i32, tensor<4xi32>) -> (i32, tensor<4xi32>) {
      %b = util.global.load @g : tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %b : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      %cond = arith.cmpi slt, %i, %c2 : i32
      scf.condition(%cond) %i, %s : i32, tensor<4xi32>
    } do {
    ^bb0(%i2: i32, %acc2: tensor<4xi32>):
      %n = arith.addi %i2, %c1 : i32
      scf.yield %n, %acc2 : i32, tensor<4xi32>
    }
    util.global.store %u, @g : tensor<4xi32>
    util.return %r#1 : tensor<4xi32>
  }
}
