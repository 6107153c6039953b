// One block: copy @cur into @prev, update @cur, read @prev back (the old state). IREE 3.13
// forwards the stored value to the load, then deletes @prev as unused: @prev is gone at the
// splice without being taken for @cur, and the check builds it (global_folds._forwarded;
// review 6, r2_25).
// CALLS: f:[77];f:[88];f:[99]
// EXPECT: f=1 2 3 4; f=1 77 3 4; f=1 88 3 4
// CALLS: f:[5];f:[5];f:[6];f:[1]
// EXPECT: f=1 2 3 4; f=1 5 3 4; f=1 5 3 4; f=1 6 3 4
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @prev = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    %n = tensor.insert_slice %row into %c[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @cur : tensor<4xi32>
    %p = util.global.load @prev : tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
}
