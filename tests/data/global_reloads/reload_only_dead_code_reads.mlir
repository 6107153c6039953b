// A loop doubles @g; after it the program loads @g into a value nothing uses in the end
// (an addi whose result is dropped). Stock is right: the reload is dead.
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %before = util.global.load @g : tensor<4xi32>
    scf.for %i = %c0 to %n step %c1 {
      %x = util.global.load @g : tensor<4xi32>
      %y = arith.addi %x, %x : tensor<4xi32>
      util.global.store %y, @g : tensor<4xi32>
    }
    %after = util.global.load @g : tensor<4xi32>
    %unused = arith.addi %after, %after : tensor<4xi32>
    util.return %before : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %r = util.global.load @g : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
