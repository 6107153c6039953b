// A value stored into @g, then stored again in a loop (a reset repeated until it sticks). IREE
// 3.13's stages before the splice move the first store past the loop's; both store one SSA value,
// so no order of them can show, and plain iree-compile's build is right: the check must build it
// (global_order._one_store_per_value), not refuse the reorder.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @reset(%c: i1) -> tensor<4xi32> {
    cf.cond_br %c, ^zero, ^ones
  ^join(%v: tensor<4xi32>):
    util.global.store %v, @g : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %r = scf.for %i = %c0 to %c3 step %c1 iter_args(%acc = %v) -> (tensor<4xi32>) {
      util.global.store %v, @g : tensor<4xi32>
      scf.yield %v : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  ^zero:
    %z = arith.constant dense<0> : tensor<4xi32>
    cf.br ^join(%z : tensor<4xi32>)
  ^ones:
    %o = arith.constant dense<1> : tensor<4xi32>
    cf.br ^join(%o : tensor<4xi32>)
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
