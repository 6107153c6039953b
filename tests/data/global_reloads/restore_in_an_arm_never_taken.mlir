// A speculative update with its roll-back behind a switch turned off: the roll-back sits in the
// `else` of an scf.if on a constant true, which MLIR folds away, so the update stays. IREE 3.13
// builds it right; the check must not take the roll-back for one IREE erased as a store of
// @g's own load (global_folds.dropped_restores; the tensor campaign, seed 9394).
// CALLS: f:[77];get;f:[88];get
// EXPECT: f=1 77 3 4; get=1 77 3 4; f=1 88 3 4; get=1 88 3 4
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %accept = arith.constant true
    %old = util.global.load @g : tensor<4xi32>
    %new = tensor.insert_slice %row into %old[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %new, @g : tensor<4xi32>
    scf.if %accept {
    } else {
      util.global.store %old, @g : tensor<4xi32>
    }
    util.return %new : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
