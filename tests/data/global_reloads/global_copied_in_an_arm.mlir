// step() updates @cur and, only if %publish, copies it into @prev (scf.if without else);
// get_prev() must read the last published state. IREE 3.13 takes @prev for @cur (every store of
// @prev stores a load of @cur): stock's get_prev reads the unpublished update. The copy in the
// arm may not run, so it does not make the two equal: the check refuses
// (global_folds._restores_everywhere; review 6, r2_19).
// CALLS: step:[77],0;get_prev;step:[88],1;get_prev;step:[99],0;get_prev
// EXPECT: step; get_prev=1 2 3 4; step; get_prev=1 88 3 4; step; get_prev=1 88 3 4
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @prev = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @step(%row: tensor<1xi32>, %publish: i1) {
    %c = util.global.load @cur : tensor<4xi32>
    %u = tensor.insert_slice %row into %c[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @cur : tensor<4xi32>
    scf.if %publish {
      %x = util.global.load @cur : tensor<4xi32>
      util.global.store %x, @prev : tensor<4xi32>
    }
    util.return
  }
  util.func public @get_prev() -> tensor<4xi32> {
    %p = util.global.load @prev : tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
}
