// Review 35 (c_59): seed 14103's shape with an unused load of @g0 between the roll-back and the
// call: IREE deletes that load, forwards the write to the callee's load and erases the write.
// Refused.
module @m {
  util.global private mutable @g0 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
  util.func private @dbl() {
    %a = util.global.load @g0 : tensor<4xi32>
    %d = arith.addi %a, %a : tensor<4xi32>
    util.global.store %d, @g0 : tensor<4xi32>
    util.return
  }

  util.func public @f0(%a0: tensor<1xi32>) -> tensor<4xi32> {
    %v = util.global.load @g0 : tensor<4xi32>
    %x = tensor.insert_slice %a0 into %v[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %x, @g0 : tensor<4xi32>
    util.global.store %v, @g0 : tensor<4xi32>
    %u = util.global.load @g0 : tensor<4xi32>
    util.call @dbl() : () -> ()
    util.return %v : tensor<4xi32>
  }
}
