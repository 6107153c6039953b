// Review 50's q24: two globals with initial values, each updated in place in an scf.if arm of
// its own. IREE 3.13 packs both initial values into one constant allocation and stores both
// globals the one resource in the initializer's block; iree-util-fuse-globals, which reads no
// store in a region, fuses @b (and its timepoint, offset and size globals) into @a, and @b's
// update in its arm becomes @a's: getb reads @a's bytes (stock wrong). No repair is made: the
// compile declares @a and @b public from the start of the stream phase, which the pass leaves
// alone, and is right.
module @m {
  util.global private mutable @a = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @b = dense<[5, 6, 7, 8]> : tensor<4xi32>
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
