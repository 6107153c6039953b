// snapshot() copies @cur into @snap through a full-size tensor.insert_slice, which MLIR folds
// into the loaded value; IREE 3.13 then takes @snap for @cur: stock's get_snap reads updates
// taken after the snapshot. The check follows the copy and refuses
// (global_order._whole_insert; review 7, p41).
// CALLS: snapshot;step:[77];get_snap;snapshot;step:[88];get_snap
// EXPECT: snapshot; step; get_snap=1 2 3 4; snapshot; step; get_snap=1 77 3 4
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @snap = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @step(%row: tensor<1xi32>) {
    %s = util.global.load @cur : tensor<4xi32>
    %u = tensor.insert_slice %row into %s[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @cur : tensor<4xi32>
    util.return
  }
  util.func public @snapshot() {
    %s = util.global.load @cur : tensor<4xi32>
    %e = tensor.empty() : tensor<4xi32>
    %c = tensor.insert_slice %s into %e[0] [4] [1] : tensor<4xi32> into tensor<4xi32>
    util.global.store %c, @snap : tensor<4xi32>
    util.return
  }
  util.func public @get_snap() -> tensor<4xi32> {
    %v = util.global.load @snap : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
