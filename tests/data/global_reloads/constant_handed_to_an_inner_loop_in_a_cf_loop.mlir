// constant_handed_to_an_inner_loop.mlir with the outer loop a cf cycle (review 8, p50): the
// constant made in the entry block is the inner scf.for's starting value in every turn of the
// cycle. The hazard names the cf loop; the repair hands the inner loop a fresh copy in each turn.
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
    cf.br ^head(%c0, %zero : index, tensor<4xi32>)
  ^head(%i: index, %acc: tensor<4xi32>):
    %c = arith.cmpi slt, %i, %n : index
    cf.cond_br %c, ^body, ^exit
  ^body:
    %i32 = arith.index_cast %i : index to i32
    %xv = arith.addi %v, %i32 : i32
    %r = scf.for %j = %c0 to %m step %c1 iter_args(%t = %a) -> tensor<4xi32> {
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
    %i1 = arith.addi %i, %c1 : index
    cf.br ^head(%i1, %s : index, tensor<4xi32>)
  ^exit:
    util.return %acc : tensor<4xi32>
  }
}
