// The chain of global_chained_through_a_global_synced_in_a_loop.mlir with sync_b storing @a's
// load through a select of it twice (MLIR folds it to the load; the check does not read that
// fold, so the store shows no load). IREE takes @b for @a and @c for @b as before; kills the
// weakening that stops a chain at a global the input shows no load for.
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @c = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @sync_b() {
    %c0 = arith.constant 0 : index
    %v = util.global.load @a : tensor<4xi32>
    %e = tensor.extract %v[%c0] : tensor<4xi32>
    %p = arith.cmpi sge, %e, %e : i32
    %r = arith.select %p, %v, %v : tensor<4xi32>
    util.global.store %r, @b : tensor<4xi32>
    %w = util.global.load @b : tensor<4xi32>
    util.global.store %w, @c : tensor<4xi32>
    util.return
  }
  util.func public @copy_c() {
    %v = util.global.load @a : tensor<4xi32>
    util.global.store %v, @b : tensor<4xi32>
    %w = util.global.load @b : tensor<4xi32>
    util.global.store %w, @c : tensor<4xi32>
    util.return
  }
  util.func public @step(%row: tensor<1xi32>) {
    %v = util.global.load @a : tensor<4xi32>
    %n = tensor.insert_slice %row into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @a : tensor<4xi32>
    util.return
  }
  util.func public @read_c() -> tensor<4xi32> {
    %v = util.global.load @c : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
