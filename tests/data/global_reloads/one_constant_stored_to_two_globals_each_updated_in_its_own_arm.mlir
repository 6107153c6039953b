// Review 53's p06: @k and @v start from different initial values; @reset stores one constant to
// both, and @f updates each in an scf.if arm of its own. IREE 3.13 fuses the two (the fuse reads no
// store in a region), and stock fails on the runtime (OUT_OF_RANGE). Kept apart, the two globals
// still hold the one constant's buffer after @reset, and each arm writes it in place: the
// shared-globals repair gives @v its own copy, and the compile is right. With --no-elide that
// repair does not run, so the compile keeps nothing apart and builds what iree-compile builds.
module @m {
  util.global private mutable @k = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @v = dense<[5, 6, 7, 8]> : tensor<4xi32>
  util.func public @reset() {
    %z = arith.constant dense<0> : tensor<4xi32>
    util.global.store %z, @k : tensor<4xi32>
    util.global.store %z, @v : tensor<4xi32>
    util.return
  }
  util.func public @f(%r: tensor<1xi32>, %c1: i1, %c2: i1) {
    scf.if %c1 {
      %l = util.global.load @k : tensor<4xi32>
      %u = tensor.insert_slice %r into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @k : tensor<4xi32>
    }
    scf.if %c2 {
      %l = util.global.load @v : tensor<4xi32>
      %u = tensor.insert_slice %r into %l[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @v : tensor<4xi32>
    }
    util.return
  }
  util.func public @getk() -> tensor<4xi32> { %v = util.global.load @k : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getv() -> tensor<4xi32> { %v = util.global.load @v : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
