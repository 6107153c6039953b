// Review 47's p19: @a, @b packed in the initializer; @f stores a fresh value to @b in an scf.if arm,
// reloads @b there and updates it in place, storing the update. The reload repair forwards the
// stored value through a copy stored in the arm; IREE 3.13's iree-util-fuse-globals, reading no
// store in a region, fuses @b into @a and the copy is lost. Stock loses the update too (getb
// reads 2 4 6 8). The compile keeps @b out of the fusion (declared public) and builds right.
module @m {
  util.global private mutable @a : tensor<4xi32>
  util.global private mutable @b : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %p = arith.addi %x, %x : tensor<4xi32>
    util.global.store %p, @a : tensor<4xi32>
    %q = arith.muli %x, %x : tensor<4xi32>
    util.global.store %q, @b : tensor<4xi32>
    util.return
  }
  util.func public @geta() -> tensor<4xi32> { %v = util.global.load @a : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getb() -> tensor<4xi32> { %v = util.global.load @b : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @f(%v: tensor<4xi32>, %row: tensor<1xi32>, %c: i32) -> tensor<4xi32> {
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    %r = scf.if %cond -> tensor<4xi32> {
      %w = arith.addi %v, %v : tensor<4xi32>
      util.global.store %w, @b : tensor<4xi32>
      %l = util.global.load @b : tensor<4xi32>
      %u = tensor.insert_slice %row into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @b : tensor<4xi32>
      scf.yield %w : tensor<4xi32>
    } else {
      scf.yield %v : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
