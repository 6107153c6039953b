module @m {
  util.global private @c = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%off32: i32, %row: tensor<1xi32>) -> tensor<4xi32> {
    %a = util.global.load @c : tensor<4xi32>
    %off = arith.index_cast %off32 : i32 to index
    %u = tensor.insert_slice %row into %a[%off] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.return %u : tensor<4xi32>
  }
}
