// Review 49's p37: @f stores fresh 16-byte buffers to @y and @x, then calls a never-inlined
// @repack that stores both computed in one region (one packed 128-byte allocation), then, in an
// scf.if arm, stores @x a fresh value, reloads and updates it: the reload repair's copy stored
// in the arm. IREE 3.13 fuses @x's size global into @y's (declared first). The fused size global
// holds 128 after @repack, and the arm's 16-byte copy is bound as 128 (OUT_OF_RANGE; stock
// fails alike). The compile keeps @x out of the fusion (declared public) and builds right.
module @m {
  util.global private mutable @y : tensor<4xi32>
  util.global private mutable @x : tensor<4xi32>
  util.initializer {
    %i = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %p = arith.addi %i, %i : tensor<4xi32>
    util.global.store %p, @y : tensor<4xi32>
    %q = arith.muli %i, %i : tensor<4xi32>
    util.global.store %q, @x : tensor<4xi32>
    util.return
  }
  util.func private @repack(%v: tensor<4xi32>) attributes {inlining_policy = #util.inline.never} {
    %p = arith.subi %v, %v : tensor<4xi32>
    util.global.store %p, @y : tensor<4xi32>
    %q = arith.muli %v, %v : tensor<4xi32>
    util.global.store %q, @x : tensor<4xi32>
    util.return
  }
  util.func public @f(%v: tensor<4xi32>, %row: tensor<1xi32>, %c: i32) {
    %p = arith.addi %v, %v : tensor<4xi32>
    util.global.store %p, @y : tensor<4xi32>
    %pb = util.optimization_barrier %p : tensor<4xi32>
    %q = arith.muli %pb, %pb : tensor<4xi32>
    util.global.store %q, @x : tensor<4xi32>
    util.call @repack(%v) : (tensor<4xi32>) -> ()
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    scf.if %cond {
      %w = arith.addi %v, %v : tensor<4xi32>
      util.global.store %w, @x : tensor<4xi32>
      %l = util.global.load @x : tensor<4xi32>
      %u = tensor.insert_slice %row into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @x : tensor<4xi32>
    }
    util.return
  }
  util.func public @sumx() -> tensor<4xi32> {
    %v = util.global.load @x : tensor<4xi32>
    %w = arith.addi %v, %v : tensor<4xi32>
    util.return %w : tensor<4xi32>
  }
  util.func public @updx(%row: tensor<1xi32>) {
    %l = util.global.load @x : tensor<4xi32>
    %n = tensor.insert_slice %row into %l[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @x : tensor<4xi32>
    util.return
  }
  util.func public @gety() -> tensor<4xi32> { %v = util.global.load @y : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getx() -> tensor<4xi32> { %v = util.global.load @x : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
