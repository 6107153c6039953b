// Review 41's g04: in a cf arm, @g is loaded, an scf.if on q stores x, and @g is reloaded: IREE's
// stages before the splice take the reload for the first load (the pass does not look into
// the if), so the sum misses x: stock is wrong from the first call. Refused
// (global_order._cf_blocks).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%x: tensor<4xi32>, %p: i1, %q: i1) -> tensor<4xi32> {
    cf.cond_br %p, ^a, ^e
  ^a:
    %l0 = util.global.load @g : tensor<4xi32>
    scf.if %q {
      util.global.store %x, @g : tensor<4xi32>
    }
    %l = util.global.load @g : tensor<4xi32>
    %s = arith.addi %l, %l0 : tensor<4xi32>
    util.global.store %s, @g : tensor<4xi32>
    cf.br ^e
  ^e:
    %r = util.global.load @g : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
