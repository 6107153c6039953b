// Review 49's p24: copy_read_in_an_if_then_updated.mlir's @step on @x (the schedule repair's
// copy stored to @x in an scf.if arm, where stock updates @x in place) beside two allocations
// the initializer packs, {@w, @x} and {@z, @y}: @x and @y both lie at offset 64 of theirs, and
// @x is declared first. IREE 3.13's iree-util-fuse-globals, reading no store in a region, fuses
// @y's size and offset globals into @x's; the arm's store of the copy's offset 0 then moved @y
// onto @z's bytes (the earlier check, which asked only after @x's own globals, built that).
// Stock, updating @x in place, computes the answer. The compile keeps @x out of the fusion
// (declared public: IREE gives its size and offset globals its visibility) and builds right.
module @m {
  util.global private mutable @x : tensor<4xi32>
  util.global private mutable @prev : tensor<4xi32>
  util.global private mutable @w : tensor<4xi32>
  util.global private mutable @z : tensor<4xi32>
  util.global private mutable @y : tensor<4xi32>
  util.initializer {
    %i = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %w0 = arith.addi %i, %i : tensor<4xi32>
    util.global.store %w0, @w : tensor<4xi32>
    %x0 = arith.muli %i, %i : tensor<4xi32>
    util.global.store %x0, @x : tensor<4xi32>
    %ib = util.optimization_barrier %x0 : tensor<4xi32>
    %z0 = arith.subi %ib, %i : tensor<4xi32>
    util.global.store %z0, @z : tensor<4xi32>
    %y0 = arith.addi %ib, %ib : tensor<4xi32>
    util.global.store %y0, @y : tensor<4xi32>
    util.return
  }
  util.func public @reset(%v: tensor<4xi32>) {
    %a = arith.addi %v, %v : tensor<4xi32>
    util.global.store %a, @w : tensor<4xi32>
    %ab = util.optimization_barrier %a : tensor<4xi32>
    %b = arith.muli %ab, %ab : tensor<4xi32>
    util.global.store %b, @x : tensor<4xi32>
    %bb = util.optimization_barrier %b : tensor<4xi32>
    %c = arith.subi %bb, %v : tensor<4xi32>
    util.global.store %c, @z : tensor<4xi32>
    %cb = util.optimization_barrier %c : tensor<4xi32>
    %d = arith.addi %cb, %cb : tensor<4xi32>
    util.global.store %d, @y : tensor<4xi32>
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
  util.func public @getw() -> tensor<4xi32> { %v = util.global.load @w : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getx() -> tensor<4xi32> { %v = util.global.load @x : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getz() -> tensor<4xi32> { %v = util.global.load @z : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @gety() -> tensor<4xi32> { %v = util.global.load @y : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
