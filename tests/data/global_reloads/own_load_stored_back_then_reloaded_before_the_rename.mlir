// @b (9 9 9 9) is stored loads of @a (1 2 3 4) in @sync only, and IREE 3.13 takes it for @a.
// @f loads @b, stores that load back and loads @b again: the program returns 9 9 9 9 until
// @sync runs. The first load is read only by its store back (Event.stored_back); the second
// is forwarded from that store, whose value is a load of @b and reads @a once renamed: it is
// asked (global_folds._forwarded). The check refuses (review 29).
// CALLS: f;sync;f
// EXPECT: f=9 9 9 9; sync; f=1 2 3 4
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[9, 9, 9, 9]> : tensor<4xi32>
  util.func public @f() -> tensor<4xi32> {
    %l = util.global.load @b : tensor<4xi32>
    util.global.store %l, @b : tensor<4xi32>
    %r = util.global.load @b : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
  util.func public @sync() {
    %av = util.global.load @a : tensor<4xi32>
    util.global.store %av, @b : tensor<4xi32>
    util.return
  }
}
