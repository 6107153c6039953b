// An updater IREE inlines twice, the second call in an scf.if arm: its two inlined stores share
// the callee's location. The schedule's comparison tells them apart by where IREE inlined each
// (global_order._inlined_chain); as one access, the run of the second swallowed the first, and
// the check refused a store it took for dropped (the tensor campaign, seed 11102). The row is
// written at the same place twice, so plain iree-compile's build is right.
module @m {
  util.global private mutable @g = dense<[22, 20, 48, 30]> : tensor<4xi32>
  util.func private @update(%row: tensor<1xi32>) {
    %v = util.global.load @g : tensor<4xi32>
    %u = tensor.insert_slice %row into %v[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @g : tensor<4xi32>
    util.return
  }
  util.func public @f(%a0: tensor<1xi32>, %a1: i1) {
    util.call @update(%a0) : (tensor<1xi32>) -> ()
    scf.if %a1 {
      util.call @update(%a0) : (tensor<1xi32>) -> ()
    } else {
    }
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
