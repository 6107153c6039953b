// Review 50's q01: the schedule repair's copy of @x is stored at @f's top level (no copy in a
// region), beside a fresh buffer @f stores to @y there; @g stores {@z, @y} computed in one region
// (one packed allocation, @y at offset 64) in an scf.if arm, @h likewise {@w, @x}. The copy's
// offset, 0, is a constant like @y's fresh one in @f: IREE 3.13's iree-util-fuse-globals, which
// reads no store in a region, fused the two globals' offset and timepoint globals, and @g's arm
// lost @y's offset (the earlier check looked only at globals stored a copy in a region; stock,
// storing its load's offset, fuses nothing and is right). Every global a repaired module stores
// in a region is kept out of the fusion now (@y and @x declared public: built right).
module @m {
  util.global private mutable @x : tensor<4xi32>
  util.global private mutable @y : tensor<4xi32>
  util.global private mutable @z : tensor<4xi32>
  util.global private mutable @w : tensor<4xi32>
  util.initializer {
    %i = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %x0 = arith.muli %i, %i : tensor<4xi32>
    util.global.store %x0, @x : tensor<4xi32>
    %xb = util.optimization_barrier %x0 : tensor<4xi32>
    %y0 = arith.addi %xb, %i : tensor<4xi32>
    util.global.store %y0, @y : tensor<4xi32>
    %yb = util.optimization_barrier %y0 : tensor<4xi32>
    %z0 = arith.subi %yb, %i : tensor<4xi32>
    util.global.store %z0, @z : tensor<4xi32>
    %zb = util.optimization_barrier %z0 : tensor<4xi32>
    %w0 = arith.addi %zb, %zb : tensor<4xi32>
    util.global.store %w0, @w : tensor<4xi32>
    util.return
  }
  util.func public @f(%row: tensor<1xi32>, %v: tensor<4xi32>, %m: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ones = arith.constant dense<1> : tensor<4xi32>
    %yy = arith.muli %v, %v : tensor<4xi32>
    util.global.store %yy, @y : tensor<4xi32>
    %x = util.global.load @x : tensor<4xi32>
    %r = scf.for %j = %c0 to %m step %c1 iter_args(%acc = %x) -> tensor<4xi32> {
      %a2 = arith.addi %acc, %ones : tensor<4xi32>
      scf.yield %a2 : tensor<4xi32>
    }
    %u = tensor.insert_slice %row into %x[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @x : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
  util.func public @g(%v: tensor<4xi32>, %c: i32) {
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    scf.if %cond {
      %a = arith.addi %v, %v : tensor<4xi32>
      util.global.store %a, @z : tensor<4xi32>
      %b = arith.muli %v, %v : tensor<4xi32>
      util.global.store %b, @y : tensor<4xi32>
    }
    util.return
  }
  util.func public @h(%v: tensor<4xi32>, %c: i32) {
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    scf.if %cond {
      %a = arith.subi %v, %v : tensor<4xi32>
      util.global.store %a, @w : tensor<4xi32>
      %b = arith.addi %v, %v : tensor<4xi32>
      util.global.store %b, @x : tensor<4xi32>
    }
    util.return
  }
  util.func public @getx() -> tensor<4xi32> { %v = util.global.load @x : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @gety() -> tensor<4xi32> { %v = util.global.load @y : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getz() -> tensor<4xi32> { %v = util.global.load @z : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getw() -> tensor<4xi32> { %v = util.global.load @w : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
