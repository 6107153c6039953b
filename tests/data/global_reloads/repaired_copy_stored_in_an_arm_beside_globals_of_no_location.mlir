// Review 49's p43: @step's schedule repair stores a copy to @x in an scf.if arm beside @w, the
// two only ever stored together, each time computed in one region (one packed allocation):
// IREE 3.13's iree-util-fuse-globals fuses @w's globals into @x's (declared first), and @w's
// loads would read @x's copy. Every global has an unknown location: the fused location IREE gives
// the global it keeps is that same location, which told nothing to the earlier check. Stock,
// updating in place, is right; the compile keeps @x out of the fusion and builds right.
module @m {
  util.global private mutable @x : tensor<4xi32> loc(unknown)
  util.global private mutable @prev : tensor<4xi32> loc(unknown)
  util.global private mutable @w : tensor<4xi32> loc(unknown)
  util.initializer {
    %i = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %x0 = arith.muli %i, %i : tensor<4xi32>
    util.global.store %x0, @x : tensor<4xi32>
    %w0 = arith.addi %i, %i : tensor<4xi32>
    util.global.store %w0, @w : tensor<4xi32>
    util.return
  }
  util.func public @repack(%v: tensor<4xi32>) {
    %x0 = arith.muli %v, %v : tensor<4xi32>
    util.global.store %x0, @x : tensor<4xi32>
    %w0 = arith.addi %v, %v : tensor<4xi32>
    util.global.store %w0, @w : tensor<4xi32>
    util.return
  }
  util.func public @step(%row: tensor<1xi32>, %apply: i1) -> tensor<4xi32> {
    %c = util.global.load @x : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    %r = scf.if %apply -> (tensor<4xi32>) {
      %p = util.global.load @prev : tensor<4xi32>
      %u = tensor.insert_slice %row into %p[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @x : tensor<4xi32>
      scf.yield %p : tensor<4xi32>
    } else {
      scf.yield %c : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @getx() -> tensor<4xi32> { %v = util.global.load @x : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getw() -> tensor<4xi32> { %v = util.global.load @w : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
