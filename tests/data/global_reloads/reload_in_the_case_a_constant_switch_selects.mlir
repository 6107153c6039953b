// The reload of reload_in_the_arm_a_constant_takes.mlir in the case a cf.switch on a constant
// selects: every execution runs it after the update, and IREE hoists it above.
module @m {
  util.global private mutable @g = dense<[33, 0, 47, 50]> : tensor<4xi32>
  util.func private @double() {
    %v = util.global.load @g : tensor<4xi32>
    %d = arith.addi %v, %v : tensor<4xi32>
    util.global.store %d, @g : tensor<4xi32>
    util.return
  }
  util.func public @f() -> tensor<4xi32> {
    %two = arith.constant 2 : i32
    %zero = arith.constant dense<0> : tensor<4xi32>
    util.call @double() : () -> ()
    cf.switch %two : i32, [default: ^skip, 1: ^skip, 2: ^read]
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
