// Tensor campaign seed 22101: an scf.while carries @g0's load, which nothing stores, through a
// barrier in its condition region; its body hands the value on unchanged. IREE 3.13 makes @g0
// an immutable constant, and its load's await of the constant's timepoint (immediate) folds
// away: the loop carries the load itself, ready when loaded, so the barrier takes a ready
// value. The check once took the load's readiness for unknown and refused a program stock
// builds right (`unawaited` rule, a false refusal).
module @m {
  util.global private mutable @g0 = dense<[35, 24, 27, 31]> : tensor<4xi32>
  util.func public @f0(%a0: tensor<1xi32>) -> (tensor<4xi32>) {
    %v1 = util.global.load @g0 : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %w:2 = scf.while (%i = %c0, %acc = %v1) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %b = util.optimization_barrier %acc : tensor<4xi32>
      %go = arith.cmpi slt, %i, %c2 : index
      scf.condition(%go) %i, %b : index, tensor<4xi32>
    } do {
    ^bb0(%j: index, %acc2: tensor<4xi32>):
      %z = arith.constant 0 : i32
      %dead = linalg.fill ins(%z : i32) outs(%acc2 : tensor<4xi32>) -> tensor<4xi32>
      %g = util.global.load @g0 : tensor<4xi32>
      %u = tensor.insert_slice %a0 into %g[0] [1] [1] : tensor<1xi32> into tensor<4xi32>
      %n = arith.addi %j, %c1 : index
      scf.yield %n, %acc2 : index, tensor<4xi32>
    }
    util.return %w#1 : tensor<4xi32>
  }
}
