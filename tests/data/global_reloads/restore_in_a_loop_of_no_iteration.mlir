// A roll-back in a loop whose constant bounds give it no iteration: MLIR erases the loop, and
// the update stays. IREE 3.13 builds it right; the walk of the input skips the loop's body, so
// the check does not take the roll-back for one IREE erased (review 22, t30).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    scf.for %i = %c0 to %c0 step %c1 {
      util.global.store %old, @g : tensor<4xi32>
    }
    util.return %new : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
