// Review 50's q28: repaired_copy_stored_in_an_arm_beside_a_global_at_its_offset.mlir with @x
// named @"x\22q" (a quote in the name). MLIR prints a location's name escaped, and a tag read
// back by the global's name never matched: the build read @z's bytes for @y again. Tags carry a
// number. Kept out of the fusion, it builds right (stock right).
module @m {
  util.global private mutable @"x\22q" : tensor<4xi32>
  util.global private mutable @prev : tensor<4xi32>
  util.global private mutable @w : tensor<4xi32>
  util.global private mutable @z : tensor<4xi32>
  util.global private mutable @y : tensor<4xi32>
  util.initializer {
    %i = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %w0 = arith.addi %i, %i : tensor<4xi32>
    util.global.store %w0, @w : tensor<4xi32>
    %x0 = arith.muli %i, %i : tensor<4xi32>
    util.global.store %x0, @"x\22q" : tensor<4xi32>
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
    util.global.store %b, @"x\22q" : tensor<4xi32>
    %bb = util.optimization_barrier %b : tensor<4xi32>
    %c = arith.subi %bb, %v : tensor<4xi32>
    util.global.store %c, @z : tensor<4xi32>
    %cb = util.optimization_barrier %c : tensor<4xi32>
    %d = arith.addi %cb, %cb : tensor<4xi32>
    util.global.store %d, @y : tensor<4xi32>
    util.return
  }
  util.func public @step(%row: tensor<1xi32>, %apply: i1) -> tensor<4xi32> {
    %c = util.global.load @"x\22q" : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    %r = scf.if %apply -> (tensor<4xi32>) {
      %p = util.global.load @prev : tensor<4xi32>
      %u = tensor.insert_slice %row into %p[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @"x\22q" : tensor<4xi32>
      scf.yield %p : tensor<4xi32>
    } else {
      scf.yield %c : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @getw() -> tensor<4xi32> { %v = util.global.load @w : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getx() -> tensor<4xi32> { %v = util.global.load @"x\22q" : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getz() -> tensor<4xi32> { %v = util.global.load @z : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @gety() -> tensor<4xi32> { %v = util.global.load @y : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
