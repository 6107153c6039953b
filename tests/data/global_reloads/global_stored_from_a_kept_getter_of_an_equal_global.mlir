// The twin of global_stored_from_a_kept_getter_of_an_immutable_global.mlir where @copy starts
// from @base's value: IREE 3.13 takes @copy for @base, and rightly (every store of @copy
// stores @base's value, and so did its declaration). The check follows the getter and builds.
module @m {
  util.global private @base = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @copy = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func private @get_base() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @base : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @sync() {
    %v = util.call @get_base() : () -> tensor<4xi32>
    util.global.store %v, @copy : tensor<4xi32>
    util.return
  }
  util.func public @read() -> tensor<4xi32> {
    %c = util.global.load @copy : tensor<4xi32>
    util.return %c : tensor<4xi32>
  }
}
