// Review 46: @b is stored what a getter returns, the result of another getter, a load of @a;
// @b starts from another value. IREE 3.13 inlines both and takes @b for @a: stock's rb() before
// sync() reads @a's value, and after set_a() @b follows @a. global_order._getter_load follows a
// getter's result into the getter it returns (global_folds.chained_globals refuses).
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[5, 6, 7, 8]> : tensor<4xi32>
  util.func private @get_a() -> tensor<4xi32>  {
    %v = util.global.load @a : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func private @get2() -> tensor<4xi32> {
    %v = util.call @get_a() : () -> tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @sync() {
    %v = util.call @get2() : () -> tensor<4xi32>
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.func public @ra() -> tensor<4xi32> {
    %v = util.global.load @a : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @rb() -> tensor<4xi32> {
    %v = util.global.load @b : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @set_a(%x: tensor<4xi32>) {
    util.global.store %x, @a : tensor<4xi32>
    util.return
  }
}
