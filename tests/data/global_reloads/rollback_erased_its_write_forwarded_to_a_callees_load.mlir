// Tensor campaign seed 14103: @f0 writes @g0 (%v2), rolls it back to its load (%v1), then calls
// @h2, which doubles @g0 in place. Value semantics: @g0 ends as twice what it was. IREE erases
// the roll-back as a store of what @g0 holds, inlines @h2, forwards the write to @h2's load and
// erases the write as one @h2's store overwrites: @g0 ends as twice the write.
module @m {
  util.global private mutable @g0 = dense<[9, 11, 41, 14, 19, 23, 28, 30]> : tensor<8xi32>
  util.func private @h2() {
    %v = util.global.load @g0 : tensor<8xi32>
    %d = arith.addi %v, %v : tensor<8xi32>
    util.global.store %d, @g0 : tensor<8xi32>
    util.return
  }
  util.func public @f0(%a0: tensor<1xi32>) -> (tensor<8xi32>) {
    %v1 = util.global.load @g0 : tensor<8xi32>
    %v2 = tensor.insert_slice %a0 into %v1[4] [1] [1] : tensor<1xi32> into tensor<8xi32>
    util.global.store %v2, @g0 : tensor<8xi32>
    util.global.store %v1, @g0 : tensor<8xi32>
    util.call @h2() : () -> ()
    util.return %v1 : tensor<8xi32>
  }
}
