// The same roll-back in the body of a while loop whose condition is a constant false: the
// condition region runs once, the body never (region_flow.never_run; review 25).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func private @peek() -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %false = arith.constant false
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %r = scf.while (%acc = %old) : (tensor<4xi32>) -> (tensor<4xi32>) {
      scf.condition(%false) %acc : tensor<4xi32>
    } do {
    ^bb0(%x: tensor<4xi32>):
      util.global.store %x, @g : tensor<4xi32>
      scf.yield %x : tensor<4xi32>
    }
    util.return %new : tensor<4xi32>
  }
}
