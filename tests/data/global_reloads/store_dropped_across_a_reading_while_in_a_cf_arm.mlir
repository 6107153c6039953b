// Review 41's a02: in a cf arm, @g is given x, a while loop reads it twice, and the arm stores 2x.
// IREE's stages before the splice drop the store of x as overwritten (the pass does not look
// into the loop), so the loop reads the old value: stock returns 2 4 6 8 from the first call.
// The arm's block is simulated as any block (global_order._cf_blocks); the check refuses.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%x: tensor<4xi32>, %p: i1) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    cf.cond_br %p, ^a, ^b(%z : tensor<4xi32>)
  ^a:
    util.global.store %x, @g : tensor<4xi32>
    %w:2 = scf.while (%i = %c0, %acc = %z) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %l = util.global.load @g : tensor<4xi32>
      %s = arith.addi %acc, %l : tensor<4xi32>
      %go = arith.cmpi slt, %i, %c1 : index
      scf.condition(%go) %i, %s : index, tensor<4xi32>
    } do {
    ^bb0(%j: index, %a: tensor<4xi32>):
      %n = arith.addi %j, %c1 : index
      scf.yield %n, %a : index, tensor<4xi32>
    }
    %y = arith.addi %x, %x : tensor<4xi32>
    util.global.store %y, @g : tensor<4xi32>
    cf.br ^b(%w#1 : tensor<4xi32>)
  ^b(%r: tensor<4xi32>):
    util.return %r : tensor<4xi32>
  }
}
