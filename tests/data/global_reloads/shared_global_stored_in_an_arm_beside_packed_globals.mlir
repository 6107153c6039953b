// Review 47's F2: @g0, @g1 and @g2 computed in one initializer (one allocation); @f reloads @g1
// in an scf.if arm and stores it to @g2, so the two share a buffer, and the shared-globals repair
// gives @g2 a copy in the arm. IREE 3.13's iree-util-fuse-globals, which reads no store in a
// region, fuses @g2 into @g0 and the copy is lost: the repaired build read @g0's bytes for @g2.
// Stock shares the buffer (upd2 after f(1) changes @g1 too). The compile keeps @g2 out of the
// fusion (declared public) and builds right; left to it, the compile refused.
module @m {
  util.global private mutable @g0 : tensor<4xi32>
  util.global private mutable @g1 : tensor<4xi32>
  util.global private mutable @g2 : tensor<4xi32>
  util.initializer {
    %x = util.unfoldable_constant dense<[1, 2, 3, 4]> : tensor<4xi32>
    %p = arith.addi %x, %x : tensor<4xi32>
    util.global.store %p, @g0 : tensor<4xi32>
    %q = arith.muli %x, %x : tensor<4xi32>
    util.global.store %q, @g1 : tensor<4xi32>
    %r = arith.subi %q, %x : tensor<4xi32>
    util.global.store %r, @g2 : tensor<4xi32>
    util.return
  }
  util.func public @upd0(%row: tensor<1xi32>) {
    %l = util.global.load @g0 : tensor<4xi32>
    %n = tensor.insert_slice %row into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @g0 : tensor<4xi32>
    util.return
  }
  util.func public @upd1(%row: tensor<1xi32>) {
    %l = util.global.load @g1 : tensor<4xi32>
    %n = tensor.insert_slice %row into %l[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @g1 : tensor<4xi32>
    util.return
  }
  util.func public @upd2(%row: tensor<1xi32>) {
    %l = util.global.load @g2 : tensor<4xi32>
    %n = tensor.insert_slice %row into %l[3] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %n, @g2 : tensor<4xi32>
    util.return
  }
  util.func public @get0() -> tensor<4xi32> { %v = util.global.load @g0 : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @get1() -> tensor<4xi32> { %v = util.global.load @g1 : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @get2() -> tensor<4xi32> { %v = util.global.load @g2 : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @f(%c: i32) {
    %z = arith.constant 0 : i32
    %cond = arith.cmpi ne, %c, %z : i32
    scf.if %cond {
      %l = util.global.load @g1 : tensor<4xi32>
      util.global.store %l, @g2 : tensor<4xi32>
    }
    util.return
  }
}
