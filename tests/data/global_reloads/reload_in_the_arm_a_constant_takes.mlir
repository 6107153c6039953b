// A doubling updater, then a while loop reloading the global in the arm a cf.cond_br on a
// constant true takes. Every execution runs the arm, after the update; plain iree-compile 3.13
// hoists the reload above the update and returns the old value. The check's walk takes only
// the branch a constant takes (region_flow.taken_successors): the reload is ordered, and
// compared. (The reverse form, the update in the arm and the reload after the join, is also
// caught by the order of their blocks: global_order._read_moved_across_an_arm.)
module @m {
  util.global private mutable @g = dense<[33, 0, 47, 50]> : tensor<4xi32>
  util.func private @double() {
    %v = util.global.load @g : tensor<4xi32>
    %d = arith.addi %v, %v : tensor<4xi32>
    util.global.store %d, @g : tensor<4xi32>
    util.return
  }
  util.func public @f() -> tensor<4xi32> {
    %true = arith.constant true
    %zero = arith.constant dense<0> : tensor<4xi32>
    util.call @double() : () -> ()
    cf.cond_br %true, ^read, ^skip
  ^read:
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
    cf.br ^done(%w#1 : tensor<4xi32>)
  ^skip:
    cf.br ^done(%zero : tensor<4xi32>)
  ^done(%out: tensor<4xi32>):
    util.return %out : tensor<4xi32>
  }
}
