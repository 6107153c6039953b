// Review 53's p03: two zero-initialised globals (a KV cache's pair), each updated in place in an
// scf.if arm of its own. IREE 3.13 does not compile it ("operand #4 does not dominate this use",
// in the stream phase, after it fused the two). The compile declares both public from the start of
// the stream phase, which iree-util-fuse-globals leaves alone, gives @v its own copy of the zeros
// they share, and builds the program's answer.
module @m {
  util.global private mutable @k = dense<0> : tensor<4xi32>
  util.global private mutable @v = dense<0> : tensor<4xi32>
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
