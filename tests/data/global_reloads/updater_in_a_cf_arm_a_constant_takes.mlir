// A doubling updater called in the arm a cf.cond_br on a constant true takes, then a while loop
// that reloads the global. Every execution runs the arm once, so the reload reads the doubled
// value; plain iree-compile 3.13 hoists the reload above the update and returns the old one
// (the tensor campaign's seed 11103). The check's walk of the input takes only the branch a
// constant takes (region_flow.taken_successors), so the update and the reload are ordered.
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
    cf.cond_br %true, ^update, ^skip
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
