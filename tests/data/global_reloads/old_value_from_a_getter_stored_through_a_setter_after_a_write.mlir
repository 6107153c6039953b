// The snapshot taken the wrong way round again, the old value of @a now read through an
// inlinable getter and stored into @b through an inlinable setter: the setter stores the call's
// operand, a getter's result (a value the input shows as no load), which only IREE's inlining
// makes the load of @a it is. IREE 3.13 takes @b for @a (renameChainedGlobals): after snap,
// rb() reads the update. The check takes such a store as a load of @a only where no write of @a
// came since the last load of it, so it refuses (global_folds._unshown_restores; a setter
// given a load itself is read as storing that load,
// old_value_stored_through_a_setter_after_a_write.mlir).
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @get_a() -> tensor<4xi32> {
    %v = util.global.load @a : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func private @set_b(%v: tensor<4xi32>) {
    util.global.store %v, @b : tensor<4xi32>
    util.return
  }
  util.func public @snap(%row: tensor<1xi32>) {
    %v = util.call @get_a() : () -> tensor<4xi32>
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
