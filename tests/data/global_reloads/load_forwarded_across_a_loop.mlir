// A load of @g before a loop that doubles @g, and a reload after it. The reload must read the
// loop's last store; IREE 3.13's iree-util-simplify-global-accesses pairs it with the load
// before the loop (it does not look into the loop) and forwards that value: stock returns @g's
// value from before the loop twice. The tool refuses, naming the three accesses.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%n: index) -> (tensor<4xi32>, tensor<4xi32>) {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %before = util.global.load @g : tensor<4xi32>
    scf.for %i = %c0 to %n step %c1 {
      %x = util.global.load @g : tensor<4xi32>
      %y = arith.addi %x, %x : tensor<4xi32>
      util.global.store %y, @g : tensor<4xi32>
    }
    %after = util.global.load @g : tensor<4xi32>
    util.return %before, %after : tensor<4xi32>, tensor<4xi32>
  }
}
