// A snapshot of a state: snapshot() stores @cur into @prev, step() updates @cur, get_prev() reads
// @prev. Every store of @prev stores a load of @cur, so IREE 3.13's iree-util-fold-globals
// (renameChainedGlobals) takes @prev for @cur: stock's get_prev() after step() reads the update
// (global_folds.chained_globals refuses).
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @prev = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @snapshot() {
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    util.return
  }
  util.func public @step(%row: tensor<1xi32>) {
    %c = util.global.load @cur : tensor<4xi32>
    %n = tensor.insert_slice %row into %c[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @cur : tensor<4xi32>
    util.return
  }
  util.func public @get_prev() -> tensor<4xi32> {
    %p = util.global.load @prev : tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
}
