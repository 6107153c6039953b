// @c is a copy of @b, @b a copy of @a: copy_c copies @a into @b, then @b into @c; sync_b also
// stores into @b the result of a loop of one iteration carrying @a's load (a value the input
// shows as no load), then copies @b into @c. step() writes @a; read_c() returns @c, the value @a
// had at the last copy. IREE 3.13 folds the loop, takes @b for @a and @c for @b, so read_c()
// after step() reads @a's update (review 13's p2b; global_folds.chained_globals follows the chain
// through @b, gone at the splice, and refuses).
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @c = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @sync_b() {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = util.global.load @a : tensor<4xi32>
    %r = scf.for %i = %c0 to %c1 step %c1 iter_args(%acc = %v) -> (tensor<4xi32>) {
      scf.yield %acc : tensor<4xi32>
    }
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
