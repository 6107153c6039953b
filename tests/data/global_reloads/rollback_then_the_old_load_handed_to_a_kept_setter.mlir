// A roll-back, then the old load handed to a never-inlined setter: IREE erases the roll-back,
// and the kept setter puts the old value back, so stock is right. The setter's store stores the
// load the call passes, but it is no store of the load in IREE's IR and is never erased: it
// overwrites the roll-back (review 24, u20: refused while it was taken as idle).
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

  util.func private @nset(%v: tensor<4xi32>) attributes {inlining_policy = #util.inline.never} {
    util.global.store %v, @g : tensor<4xi32>
    util.return
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %nine = arith.constant dense<9> : tensor<4xi32>
    %true = arith.constant true
    %false = arith.constant false
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.global.store %old, @g : tensor<4xi32>
    util.call @nset(%old) : (tensor<4xi32>) -> ()
    util.return %seen : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
