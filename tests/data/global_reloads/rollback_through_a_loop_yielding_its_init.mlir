// Review 39 (m01, m05): @g0 is written twice its load, then given back the load through a loop
// of a run-time trip count whose body yields the init itself (not its argument): the result
// is the load whatever the count. MLIR folds the loop into the load
// (ForOpIterArgsFolder), and IREE erases the roll-back as a store of what @g0 holds: stock
// leaves twice the load. The tool refuses.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %a = util.global.load @g0 : tensor<4xi32>
    %t = arith.addi %a, %a : tensor<4xi32>
    util.global.store %t, @g0 : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%x = %a) -> (tensor<4xi32>) {
      scf.yield %a : tensor<4xi32>
    }
    util.global.store %r, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
