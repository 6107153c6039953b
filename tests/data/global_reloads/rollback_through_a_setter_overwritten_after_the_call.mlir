// A roll-back through an inlinable setter, overwritten by a store after the call before anything
// reads @g: IREE 3.13 inlines the setter and erases the roll-back, rightly, and stock is right.
// The store after the call is the next access of @g where every execution runs both, though the
// two are reached through different calls (review 23, t03: refused while they had to share one).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=9 9 9 9; f=9 88 9 9; get=9 9 9 9
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
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.call @set(%old) : (tensor<4xi32>) -> ()
    %nine = arith.constant dense<9> : tensor<4xi32>
    util.global.store %nine, @g : tensor<4xi32>
    util.return %seen : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
