// The initializer seeds @work from @defaults; save() stores @work back into @defaults, its only
// store. IREE 3.13 takes @defaults for @work and the initializer's copy becomes a store of
// @work's own load, erased: stock's @work starts as zeros. The check looks at initializers'
// loads too and refuses (global_folds._through_initializers; review 7, p09).
// CALLS: get_work;edit:[77];get_work;save;edit:[88];get_work
// EXPECT: get_work=5 6 7 8; edit; get_work=5 77 7 8; save; edit; get_work=5 88 7 8
module @m {
  util.global private mutable @defaults = dense<[5, 6, 7, 8]> : tensor<4xi32>
  util.global private mutable @work = dense<0> : tensor<4xi32>
  util.initializer {
    %d = util.global.load @defaults : tensor<4xi32>
    util.global.store %d, @work : tensor<4xi32>
    util.return
  }

  util.func public @edit(%row: tensor<1xi32>) {
    %s = util.global.load @work : tensor<4xi32>
    %u = tensor.insert_slice %row into %s[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @work : tensor<4xi32>
    util.return
  }
  util.func public @save() {
    %s = util.global.load @work : tensor<4xi32>
    util.global.store %s, @defaults : tensor<4xi32>
    util.return
  }
  util.func public @get_work() -> tensor<4xi32> {
    %v = util.global.load @work : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
