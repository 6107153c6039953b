// Review 40 (m03): the roll-back is a while loop whose condition is %n < %n (false once MLIR
// folds it): its result is the load, and IREE erases the store.
// The check reads the input as MLIR's folds leave it (rewriter/guard/input_folds.py) and refuses;
// stock leaves @g0 holding twice the load.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func public @f(%n: index) -> tensor<4xi32> {
    %a = util.global.load @g0 : tensor<4xi32>
    %t = arith.addi %a, %a : tensor<4xi32>
    util.global.store %t, @g0 : tensor<4xi32>
    %w = scf.while (%x = %a) : (tensor<4xi32>) -> (tensor<4xi32>) {
      %go = arith.cmpi slt, %n, %n : index
      scf.condition(%go) %x : tensor<4xi32>
    } do {
    ^bb0(%y: tensor<4xi32>):
      %d = arith.addi %y, %y : tensor<4xi32>
      scf.yield %d : tensor<4xi32>
    }
    util.global.store %w, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
