// @g is stored, read by a loop (which stores twice its value into @h), then stored again. The
// loop must read the first store; IREE 3.13's iree-util-simplify-global-accesses takes the
// second store for one that overwrites the first (it does not look into the loop) and erases
// the first: stock's loop reads @g's old value. The tool refuses, naming the three accesses.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @h = dense<[0, 0, 0, 0]> : tensor<4xi32>
  util.func public @f(%n: index) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %k = arith.constant dense<[10, 20, 30, 40]> : tensor<4xi32>
    util.global.store %k, @g : tensor<4xi32>
    scf.for %i = %c0 to %n step %c1 {
      %x = util.global.load @g : tensor<4xi32>
      %y = arith.addi %x, %x : tensor<4xi32>
      util.global.store %y, @h : tensor<4xi32>
    }
    %z = arith.constant dense<[7, 7, 7, 7]> : tensor<4xi32>
    util.global.store %z, @g : tensor<4xi32>
    util.return
  }
  util.func public @get() -> tensor<4xi32> {
    %r = util.global.load @h : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
