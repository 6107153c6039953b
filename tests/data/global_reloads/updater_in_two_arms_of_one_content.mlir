// The doubling updater called in both arms of a cf.cond_br on a run-time flag, then a while
// loop that reloads the global. MLIR merges the two arms (one content) and folds the branch;
// IREE then hoists the reload above the update, and stock returns the old value. Each call is
// in an arm, but each arm's block reaches the loop's: whichever runs, it runs before the reload
// (global_order._read_moved_across_an_arm; review 26).
module @m {
  util.global private mutable @g = dense<[33, 0, 47, 50]> : tensor<4xi32>
  util.func private @double()  {
    %v = util.global.load @g : tensor<4xi32>
    %d = arith.addi %v, %v : tensor<4xi32>
    util.global.store %d, @g : tensor<4xi32>
    util.return
  }
  util.func public @f(%k: i32) -> tensor<4xi32> {
    %z = arith.constant 0 : i32
    %c = arith.cmpi ne, %k, %z : i32
    cf.cond_br %c, ^update, ^skip
  ^update:
    util.call @double() : () -> ()
    cf.br ^read
  ^skip:
    util.call @double() : () -> ()
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
