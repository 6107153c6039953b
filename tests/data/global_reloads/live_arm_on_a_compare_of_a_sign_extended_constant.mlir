// The dead arm's shape on a condition that holds: index_cast sign-extends -1 : i32 to the
// index -1, which is less than 0 (MLIR folds the compare to true). The arm writes @g0, rolls
// it back to the load, reloads it and stores twice the reload; IREE erases the roll-back as a
// store of what @g0 holds, so the reload reads the write: plain iree-compile leaves @g0 at
// twice the write (6x the load) where the program leaves twice the load.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1() -> tensor<4xi32> {
    %m1 = arith.constant -1 : i32
    %c0 = arith.constant 0 : index
    %wide = arith.index_cast %m1 : i32 to index
    %live = arith.cmpi slt, %wide, %c0 : index
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %y = arith.addi %x, %v : tensor<4xi32>
    scf.if %live {
      util.global.store %y, @g0 : tensor<4xi32>
      util.global.store %v, @g0 : tensor<4xi32>
      %r = util.global.load @g0 : tensor<4xi32>
      %d = arith.addi %r, %r : tensor<4xi32>
      util.global.store %d, @g0 : tensor<4xi32>
    }
    util.return %v : tensor<4xi32>
  }
}
