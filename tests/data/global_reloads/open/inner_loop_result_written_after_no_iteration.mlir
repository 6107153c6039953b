// Open (review 8, p54): zero_trip_loop_result_written.mlir inside an outer loop: the inner
// loop's result, which is the constant itself when the inner loop runs no iteration, has a row
// inserted at i in every outer iteration. Stock and the tool fail alike (PERMISSION_DENIED).
// CALLS: f:2,0,[77];f:2,1,[77];f:3,0,[10];f:2,0,[77]
// EXPECT: f=78 79 6 8; f=79 80 8 10; f=12 14 16 12; f=78 79 6 8
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%n32: i32, %m32: i32, %row: tensor<1xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %zero = arith.constant dense<0> : tensor<4xi32>
    %n = arith.index_cast %n32 : i32 to index
    %m = arith.index_cast %m32 : i32 to index
    %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %res = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %r = scf.for %j = %c0 to %m step %c1 iter_args(%t = %a) -> tensor<4xi32> {
        %e1 = tensor.empty() : tensor<4xi32>
        %t1 = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%t : tensor<4xi32>) outs(%e1 : tensor<4xi32>) {
        ^bb0(%x: i32, %o: i32):
          %one = arith.constant 1 : i32
          %z = arith.addi %x, %one : i32
          linalg.yield %z : i32
        } -> tensor<4xi32>
        scf.yield %t1 : tensor<4xi32>
      }
      %u = tensor.insert_slice %row into %r[%i] [1] [1] : tensor<1xi32> into tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %s = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %u : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%x: i32, %y: i32, %o: i32):
        %z = arith.addi %x, %y : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      scf.yield %s : tensor<4xi32>
    }
    util.return %res : tensor<4xi32>
  }
}
