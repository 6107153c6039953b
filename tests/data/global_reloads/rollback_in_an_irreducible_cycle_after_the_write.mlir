// Review 34 (r_20): an irreducible cf region: the entry enters ^S (roll-back to the load) or ^W
// (a write of twice the load); ^W always branches to ^S, and the only exit is from ^S: @g0 ends
// as loaded. IREE erases the roll-back: @g0 keeps the write.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1(%n: index, %c: i32) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %zero = arith.constant 0 : i32
    %b = arith.cmpi ne, %c, %zero : i32
    cf.cond_br %b, ^S(%c0 : index), ^W(%c0 : index)
  ^S(%i: index):
    util.global.store %v, @g0 : tensor<4xi32>
    %go = arith.cmpi slt, %i, %n : index
    cf.cond_br %go, ^W(%i : index), ^E
  ^W(%j: index):
    util.global.store %x, @g0 : tensor<4xi32>
    %j1 = arith.addi %j, %c1 : index
    cf.br ^S(%j1 : index)
  ^E:
    util.return
  }
}
