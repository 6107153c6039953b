// reset() stores @state's own initial value, a constant: IREE 3.13 takes @state for the global it
// outlines the constant into, rightly (they always hold one value). The check builds it
// (global_folds._same_initial: a constant's global starts from the constant).
module @m {
  util.global private mutable @state = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @reset() {
    %c = arith.constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    util.global.store %c, @state : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @state : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
