// Review 36 (d_59): @g0 is written, a never-inlined setter stores the load back, then the
// roll-back stores it again and a reload reads it. IREE erases the roll-back as a store of what
// @g0 holds; the kept setter already put the load's bytes back, so nothing changes. Both
// builds compute the program's answer.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func private @setn(%a: tensor<4xi32>) -> index attributes {inlining_policy = #util.inline.never} {
    util.global.store %a, @g0 : tensor<4xi32>
    %c7 = arith.constant 7 : index
    util.return %c7 : index
  }
  util.func public @f1() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    %x = arith.addi %v, %v : tensor<4xi32>
    util.global.store %x, @g0 : tensor<4xi32>
    %s = util.call @setn(%v) : (tensor<4xi32>) -> index
    util.global.store %v, @g0 : tensor<4xi32>
    %r = util.global.load @g0 : tensor<4xi32>
    util.return %r : tensor<4xi32>
  }
}
