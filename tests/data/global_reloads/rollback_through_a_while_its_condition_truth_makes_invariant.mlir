// Review 40 (m05): a while loop whose body selects on the condition it was entered with
// (true there: WhileConditionTruth): the carried value is unchanged, the result the load.
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
    %w:3 = scf.while (%x = %a, %i = %c0) : (tensor<4xi32>, index) -> (i1, tensor<4xi32>, index) {
      %go = arith.cmpi slt, %i, %n : index
      scf.condition(%go) %go, %x, %i : i1, tensor<4xi32>, index
    } do {
    ^bb0(%g: i1, %y: tensor<4xi32>, %j: index):
      %s = arith.select %g, %y, %t : tensor<4xi32>
      %k = arith.addi %j, %c1 : index
      scf.yield %s, %k : tensor<4xi32>, index
    }
    util.global.store %w#1, @g0 : tensor<4xi32>
    util.return %t : tensor<4xi32>
  }
}
