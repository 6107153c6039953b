// A doubling updater called in the arm a cf.cond_br takes on a comparison of two constants,
// then a while loop that reloads the global. MLIR folds the comparison and the branch before
// IREE's folds of globals, and IREE hoists the reload above the update: stock returns the old
// value. The check folds the comparison too (region_flow.constant_condition), and the call is
// in the block the branch folds into, compared in order (review 26 compared it by blocks:
// global_order._read_moved_across_an_arm).
module @m {
  util.global private mutable @g = dense<[33, 0, 47, 50]> : tensor<4xi32>
  util.func private @double()  {
    %v = util.global.load @g : tensor<4xi32>
    %d = arith.addi %v, %v : tensor<4xi32>
    util.global.store %d, @g : tensor<4xi32>
    util.return
  }
  util.func public @f() -> tensor<4xi32> {
    %a = arith.constant 1 : i32
    %b = arith.constant 2 : i32
    %c = arith.cmpi slt, %a, %b : i32
    cf.cond_br %c, ^update, ^skip
  ^update:
    util.call @double() : () -> ()
    cf.br ^read
  ^skip:
    cf.br ^read
  ^read:
    %zero = arith.constant dense<0> : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c3 = arith.constant 3 : index
    %w:2 = scf.while (%i = %c0, %acc = %zero) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %more = arith.cmpi slt, %i, %c3 : index
      scf.condition(%more) %i, %acc : index, tensor<4xi32>
    } do {
    ^bb0(%j: index, %x: tensor<4xi32>):
      %r = util.global.load @g : tensor<4xi32>
      %n = arith.addi %j, %c1 : index
      scf.yield %n, %r : index, tensor<4xi32>
    }
    util.return %w#1 : tensor<4xi32>
  }
}
