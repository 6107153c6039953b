// Review 34 (r_30): a cf loop whose header reloads @g0 on every turn; ^S stores the reload back
// (a store of what @g0 holds, which IREE erases rightly) and reads @g0; ^W writes @g0. Every path
// from the write back to the store passes the reload. Built, and right.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    cf.br ^H(%c0, %z : index, tensor<4xi32>)
  ^H(%i: index, %acc: tensor<4xi32>):
    %v = util.global.load @g0 : tensor<4xi32>
    %go = arith.cmpi slt, %i, %n : index
    cf.cond_br %go, ^S(%i, %acc : index, tensor<4xi32>), ^E(%acc : tensor<4xi32>)
  ^S(%k: index, %a: tensor<4xi32>):
    util.global.store %v, @g0 : tensor<4xi32>
    %l = util.global.load @g0 : tensor<4xi32>
    %a2 = arith.addi %a, %l : tensor<4xi32>
    cf.br ^W(%k, %a2 : index, tensor<4xi32>)
  ^W(%w: index, %b: tensor<4xi32>):
    %x = arith.addi %v, %v : tensor<4xi32>
    util.global.store %x, @g0 : tensor<4xi32>
    %w1 = arith.addi %w, %c1 : index
    cf.br ^H(%w1, %b : index, tensor<4xi32>)
  ^E(%r: tensor<4xi32>):
    util.return %r : tensor<4xi32>
  }
}
