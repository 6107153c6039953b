// A speculative update of @g, then a roll-back in a loop whose bounds are one value ("undo n
// times", called with any n): the loop never turns, MLIR erases it, and plain iree-compile builds
// the update right. The check must not take the loop's carried load for a roll-back IREE erased
// (region_flow.never_run: one value for both bounds; review 25, a false refusal of the
// carried-argument rule).
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
  util.func public @f(%row: tensor<1xi32>, %n: index) -> tensor<4xi32> {
    %c1 = arith.constant 1 : index
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    %r = scf.for %i = %n to %n step %c1 iter_args(%acc = %old) -> (tensor<4xi32>) {
      util.global.store %acc, @g : tensor<4xi32>
      scf.yield %acc : tensor<4xi32>
    }
    util.return %new : tensor<4xi32>
  }
}
