// A snapshot taken the wrong way round: @a and @b start equal; snap(row) loads @a, updates @a in
// place with the row, then stores the old value into @b through an inlinable private setter (a
// store of an argument: a value the input shows as no load); copy() stores @a's load into @b.
// IREE 3.13 inlines the setter (now a store of the old load of @a) and takes @b for @a
// (renameChainedGlobals): after snap, rb() reads the update. The check takes the setter's store
// as a load of @a only where no write of @a came since the last load of it, so it refuses
// (review 14's q1; global_folds._unshown_restores).
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @set_b(%v: tensor<4xi32>) {
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.func public @snap(%row: tensor<1xi32>) {
    %v = util.global.load @a : tensor<4xi32>
    %n = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @a : tensor<4xi32>
    util.call @set_b(%v) : (tensor<4xi32>) -> ()
    util.return
  }
  util.func public @copy() {
    %v = util.global.load @a : tensor<4xi32>
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
