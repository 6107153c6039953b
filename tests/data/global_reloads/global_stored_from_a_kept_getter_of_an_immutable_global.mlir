// Tensor campaign seed 19101: every store of @copy stores what the never-inlined getter
// @get_base returns, a load of the immutable @base. IREE 3.13's iree-util-fold-globals
// (renameChainedGlobals) takes @copy for @base although they start from different values:
// stock's read() before sync() gives @base's value (global_folds.chained_globals refuses;
// global_order._getter_load follows the getter's result to its load).
module @m {
  util.global private @base = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @copy = dense<[5, 6, 7, 8]> : tensor<4xi32>

  util.func private @get_base() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @base : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @sync() {
    %v = util.call @get_base() : () -> tensor<4xi32>
    util.global.store %v, @copy : tensor<4xi32>
    util.return
  }
  util.func public @read() -> tensor<4xi32> {
    %c = util.global.load @copy : tensor<4xi32>
    util.return %c : tensor<4xi32>
  }
}
