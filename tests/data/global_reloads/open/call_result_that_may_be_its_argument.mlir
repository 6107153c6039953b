// Open (review 8, p38): an inline.never callee returns its argument when c is true; called in a
// loop on a value made before the loop, and a row inserted into the call's result in place. On
// the path that returns the argument every iteration writes the one value made before the loop.
// Stock and the tool compute it wrong alike: the check takes a call's result for a fresh value
// (consumed-in-a-loop follows values back within the function only).
// CALLS: f:[1 2 3 4],2,[77],1;f:[1 2 3 4],3,[10],1;f:[1 2 3 4],2,[77],0;f:[0 1 0 1],2,[77],1
// EXPECT: f=79 81 12 16; f=14 18 22 24; f=1079 1081 2012 2016; f=77 79 0 4
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func private @pick(%t: tensor<4xi32>, %c: i1) -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %r = scf.if %c -> tensor<4xi32> {
      scf.yield %t : tensor<4xi32>
    } else {
      %e = tensor.empty() : tensor<4xi32>
      %k = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %o: i32):
        %c1000 = arith.constant 1000 : i32
        %d = arith.addi %x, %c1000 : i32
        linalg.yield %d : i32
      } -> tensor<4xi32>
      scf.yield %k : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @f(%base: tensor<4xi32>, %n32: i32, %row: tensor<1xi32>, %c: i1) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %e0 = tensor.empty() : tensor<4xi32>
    %a = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%base : tensor<4xi32>) outs(%e0 : tensor<4xi32>) {
    ^bb0(%x: i32, %o: i32):
      %d = arith.addi %x, %x : i32
      linalg.yield %d : i32
    } -> tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %v = util.call @pick(%a, %c) : (tensor<4xi32>, i1) -> tensor<4xi32>
      %u = tensor.insert_slice %row into %v[%i] [1] [1] : tensor<1xi32> into tensor<4xi32>
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
