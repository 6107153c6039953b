// The updater of updater_in_a_switch_case_a_constant_takes.mlir in the case an i1 cf.switch on
// a constant true selects (case 1). The bindings read the flag as -1 and the case as 1; the
// two are compared as the flag's bits (review 26: read as they come, the default was taken
// for the chosen successor, the update's arm was never walked, and a program stock builds
// right through a setter was built wrong).
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
    cf.switch %true : i1, [default: ^skip, 1: ^update]
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
