// Review 53's p19: two globals of equal initial values, each updated in place in an scf.if arm of
// its own. IREE 3.13 fuses them in the stream phase's stages before the splice (both are there at
// the end of the flow phase, only @a at the splice), and @b's update becomes @a's (stock wrong). The compile declares both public from the start of the stream phase, which
// iree-util-fuse-globals leaves alone; they still share the constant's buffer, and the
// shared-globals repair gives @b its own copy.
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%row: tensor<1xi32>, %c1: i1, %c2: i1) {
    scf.if %c1 {
      %l = util.global.load @a : tensor<4xi32>
      %u = tensor.insert_slice %row into %l[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @a : tensor<4xi32>
    }
    scf.if %c2 {
      %l = util.global.load @b : tensor<4xi32>
      %u = tensor.insert_slice %row into %l[2] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @b : tensor<4xi32>
    }
    util.return
  }
  util.func public @geta() -> tensor<4xi32> { %v = util.global.load @a : tensor<4xi32>  util.return %v : tensor<4xi32> }
  util.func public @getb() -> tensor<4xi32> { %v = util.global.load @b : tensor<4xi32>  util.return %v : tensor<4xi32> }
}
