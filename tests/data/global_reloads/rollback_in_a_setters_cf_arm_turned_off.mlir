// A setter that stores only when its flag says so, in a cf arm, called with the flag off after
// an update: once IREE inlines it, the arm is dead and MLIR folds it away. Stock is right; the
// check reads a setter's store of its argument as the call's load only where every run of the
// setter makes it, not in a cf arm (review 23, t13: refused before).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @setcf(%v: tensor<4xi32>, %c: i1) {
    cf.cond_br %c, ^st, ^done
  ^st:
    util.global.store %v, @g : tensor<4xi32>
    cf.br ^done
  ^done:
    util.return
  }
  util.func private @peek() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %false = arith.constant false
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %seen = util.call @peek() : () -> tensor<4xi32>
    util.call @setcf(%old, %false) : (tensor<4xi32>, i1) -> ()
    util.return %seen : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
