// Open (review 8's zero-trip class, found again here without an outer loop): r is a loop over
// j < m adding 1 to its carried value, started at the constant a, so r is a itself when m = 0;
// a row is inserted into r. IREE 3.13 hands the loop the constant's own buffer and writes the
// loop's result in place: with m = 0 that is the constant (PERMISSION_DENIED on every call that
// follows, mmap'd or copied in). Stock and the tool fail alike: the check takes a loop's result
// for a version of its own, never its starting value.
// CALLS: f:0,[77];f:1,[77];f:0,[5];f:2,[9]
// EXPECT: f=1 77 3 4; f=2 77 4 5; f=1 5 3 4; f=3 9 5 6
#id = affine_map<(d0) -> (d0)>
module @m {
  util.func public @f(%m32: i32, %row: tensor<1xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %m = arith.index_cast %m32 : i32 to index
    %a = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
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
    %u = tensor.insert_slice %row into %r[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.return %u : tensor<4xi32>
  }
}
