// Review 40 (m01): the roll-back is a loop from %n to %n + 0 (no turn once MLIR folds the
// add), yielding what it carries doubled; its result is the load, and IREE erases the store.
// The check reads the input as MLIR's folds leave it (rewriter/guard/input_folds.py) and refuses;
// stock leaves @g0 holding twice the load.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a = util.global.load @g0 : tensor<4xi32>
    %t = arith.addi %a, %a : tensor<4xi32>
    util.global.store %t, @g0 : tensor<4xi32>
    %ub = arith.addi %n, %c0 : index
    %r = scf.for %i = %n to %ub step %c1 iter_args(%x = %a) -> (tensor<4xi32>) {
      %d = arith.addi %x, %x : tensor<4xi32>
      scf.yield %d : tensor<4xi32>
    }
    util.global.store %r, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
