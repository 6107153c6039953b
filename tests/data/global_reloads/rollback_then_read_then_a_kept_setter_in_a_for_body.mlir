// Review 34 (r_10): r_38's loop with the write made by a setter IREE never inlines.
// Refused: the setter's store, taken in, is on the path back to the roll-back.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func private @set(%t: tensor<4xi32>) attributes {inlining_policy = #util.inline.never} {
    util.global.store %t, @g0 : tensor<4xi32>
    util.return
  }
  util.func public @f1(%n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %z = arith.constant dense<0> : tensor<4xi32>
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %z) -> tensor<4xi32> {
      util.global.store %v, @g0 : tensor<4xi32>
      %l = util.global.load @g0 : tensor<4xi32>
      %a2 = arith.addi %acc, %l : tensor<4xi32>
      util.call @set(%x) : (tensor<4xi32>) -> ()
      scf.yield %a2 : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
}
