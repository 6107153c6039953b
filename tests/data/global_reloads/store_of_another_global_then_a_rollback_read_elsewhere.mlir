// @f stores a load of @a into @b, then rolls @b back to the load taken before; @get reads @b:
// @b keeps its value. IREE 3.13 erases the roll-back (a store of @b's own load) rather than the
// store it follows in its block, and takes @b for @a. A store IREE erases as a store of its own
// load overwrites nothing (global_folds._overwritten_next). No access of @b follows in @f, so
// only the rename shows the hazard.
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[9, 9, 9, 9]> : tensor<4xi32>
  util.func public @f() {
    %l = util.global.load @b : tensor<4xi32>
    %av = util.global.load @a : tensor<4xi32>
    util.global.store %av, @b : tensor<4xi32>
    util.global.store %l, @b : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @b : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @seta(%row: tensor<1xi32>) {
    %av = util.global.load @a : tensor<4xi32>
    %nv = tensor.insert_slice %row into %av[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %nv, @a : tensor<4xi32>
    util.return
  }
}
