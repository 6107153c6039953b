// set() stores a load of the immutable @k, set2() the same value as a constant; get() reads @s.
// IREE 3.13 merges the constant's outlined global with @k and takes @s for it: stock's get()
// reads [5, 6, 7, 8] before any set. An immutable global with an initial value is the constant
// it holds to the check (global_folds._source; review 9, p14), which refuses.
module @m {
  util.global private @k = dense<[5, 6, 7, 8]> : tensor<4xi32>
  util.global private mutable @s = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @set() {
    %c = util.global.load @k : tensor<4xi32>
    util.global.store %c, @s : tensor<4xi32>
    util.return
  }
  util.func public @set2() {
    %c = arith.constant dense<[5, 6, 7, 8]> : tensor<4xi32>
    util.global.store %c, @s : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @s : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
