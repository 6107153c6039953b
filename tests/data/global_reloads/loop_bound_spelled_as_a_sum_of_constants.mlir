// Review 36 (d_23): an scf.for from 0 to 0 + 1 rolls @g0 back to its load, reads it and
// stores twice the load. MLIR folds the bound to 1 before IREE's folds of globals: the loop
// turns once, and IREE's erasing the roll-back changes nothing (its read is forwarded the
// load's value). Both builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f1() -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %ub = arith.addi %c0, %c1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %r = scf.for %i = %c0 to %ub step %c1 iter_args(%acc = %z) -> tensor<4xi32> {
      util.global.store %v, @g0 : tensor<4xi32>
      %l = util.global.load @g0 : tensor<4xi32>
      %a2 = arith.addi %acc, %l : tensor<4xi32>
      util.global.store %x, @g0 : tensor<4xi32>
      scf.yield %a2 : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
