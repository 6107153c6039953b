// @mirror is stored only by sync() (kept out of line), with a load of @cur, and read only right
// after a sync(): it holds @cur's value at every load, so IREE 3.13's iree-util-fold-globals may
// take @mirror for @cur (renameChainedGlobals) and does, rightly; the check must build it.
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @mirror = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func private @sync() attributes {inlining_policy = #util.inline.never} {
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @mirror : tensor<4xi32>
    util.return
  }
  util.func public @step(%row: tensor<1xi32>) -> tensor<4xi32> {
    %c = util.global.load @cur : tensor<4xi32>
    %n = tensor.insert_slice %row into %c[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @cur : tensor<4xi32>
    util.call @sync() : () -> ()
    %m = util.global.load @mirror : tensor<4xi32>
    util.return %m : tensor<4xi32>
  }
}
