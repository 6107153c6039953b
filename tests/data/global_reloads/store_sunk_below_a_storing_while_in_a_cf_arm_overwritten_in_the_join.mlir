// Review 41's c01: in a cf arm, @g is given x, then a while loop's condition stores a constant; the
// join stores again before anything reads @g. IREE moves the store of x below the while loop
// (stock is right: neither value is ever read). The check compares the arm's accesses in their
// block's order, and lets two stores trade places where nothing reads either
// (global_order._unread_pair).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%x: tensor<4xi32>, %p: i1) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %k = arith.constant dense<[9, 9, 9, 9]> : tensor<4xi32>
    cf.cond_br %p, ^a, ^j
  ^a:
    util.global.store %x, @g : tensor<4xi32>
    %w = scf.while (%i = %c0) : (index) -> index {
      util.global.store %k, @g : tensor<4xi32>
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i : index
    } do {
    ^bb0(%j: index):
      %n = arith.addi %j, %c1 : index
      scf.yield %n : index
    }
    cf.br ^j
  ^j:
    %y = arith.addi %x, %x : tensor<4xi32>
    util.global.store %y, @g : tensor<4xi32>
    util.return %y : tensor<4xi32>
  }
}
