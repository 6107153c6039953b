// Review 46: @a is stored only @c's load (IREE takes them for one global); @b is stored @a's
// value through a getter in f1 and @c's load in f2. IREE takes all three for one: stock's rb()
// after f1 and set_c() reads @c's new value. The getter's store counts as one of no load beside
// the direct source (global_folds._renamed), and the check refuses as it did before it followed
// getters; counted as two sources, the rename was not seen and the tool built stock's answer.
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @c = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @get_a() -> tensor<4xi32> {
    %v = util.global.load @a : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @set_c(%x: tensor<4xi32>) {
    util.global.store %x, @c : tensor<4xi32>
    %w = util.global.load @c : tensor<4xi32>
    util.global.store %w, @a : tensor<4xi32>
    util.return
  }
  util.func public @f1() {
    %v = util.call @get_a() : () -> tensor<4xi32>
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.func public @f2() {
    %v = util.global.load @c : tensor<4xi32>
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
}
