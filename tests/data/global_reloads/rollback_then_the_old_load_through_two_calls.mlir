// A roll-back, then the old load handed to a setter through a helper: both stores put the old
// value back, and IREE 3.13, inlining both calls, erases both (stores of @g's own load), though
// the update wrote @g between: @g keeps the update. The setter's store, of an argument whose
// value the check cannot follow through the helper, overwrites nothing it can count on, so the
// roll-back's erasure is refused (review 24, u01: built wrong while it counted).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 2 3 4; f=1 88 3 4; get=1 2 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @set(%v: tensor<4xi32>) {
    util.global.store %v, @g : tensor<4xi32>
    util.return
  }
  util.func private @peek() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }

  util.func private @mid(%x: tensor<4xi32>) {
    util.call @set(%x) : (tensor<4xi32>) -> ()
    util.return
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
    util.call @mid(%old) : (tensor<4xi32>) -> ()
    util.return %seen : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
