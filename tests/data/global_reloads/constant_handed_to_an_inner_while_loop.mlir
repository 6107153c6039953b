// constant_handed_to_an_inner_loop.mlir with the inner loop an scf.while: the constant, made
// before the outer loop, is the while's starting value, its before region hands it to the after
// region, which inserts v+i at i+j (review 8, p46). IREE 3.13 hands every outer iteration one
// clone; the repair hands the while a fresh copy in each.
// CALLS: f:2,1,10;f:3,1,0;f:2,2,10;f:2,1,10
// EXPECT: f=11 13 6 8; f=2 5 8 12; f=11 21 14 8; f=11 13 6 8
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%n32: i32, %m32: i32, %v: i32) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %m = arith.index_cast %m32 : i32 to index
    %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %i32 = arith.index_cast %i : index to i32
      %xv = arith.addi %v, %i32 : i32
      %w:2 = scf.while (%j = %c0, %t = %a) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
        %c = arith.cmpi slt, %j, %m : index
        scf.condition(%c) %j, %t : index, tensor<4xi32>
      } do {
      ^bb0(%jj: index, %tt: tensor<4xi32>):
        %at = arith.addi %i, %jj : index
        %u = tensor.insert %xv into %tt[%at] : tensor<4xi32>
        %j1 = arith.addi %jj, %c1 : index
        scf.yield %j1, %u : index, tensor<4xi32>
      }
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %w#1 : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      scf.yield %s : tensor<4xi32>
    }
    util.return %res : tensor<4xi32>
  }
}
