// A global reset, read and set again in one block, the read returned: f0 stores zeros into @g0,
// loads it (the value returned), then stores a constant. IREE 3.13 forwards the zeros to the
// load, erases their store (overwritten next) and, every store of @g0 now storing one constant,
// takes @g0 for the global it outlines the constant into: state() before any f0 reads the
// constant, not @g0's zeros (review 16's p1; global_folds._overwritten_next skips a load of the
// global in the store's block, which IREE forwards the stored value to).
module @m {
  util.global private mutable @g0 = dense<[0, 0, 0, 0]> : tensor<4xi32>
  util.func public @f0() -> (tensor<4xi32>) {
    %v1 = arith.constant dense<[0, 0, 0, 0]> : tensor<4xi32>
    util.global.store %v1, @g0 : tensor<4xi32>
    %v2 = util.global.load @g0 : tensor<4xi32>
    %v3 = arith.constant dense<[42, 0, 0, 0]> : tensor<4xi32>
    util.global.store %v3, @g0 : tensor<4xi32>
    util.return %v2 : tensor<4xi32>
  }
  util.func public @state() -> (tensor<4xi32>) {
    %s0 = util.global.load @g0 : tensor<4xi32>
    util.return %s0 : tensor<4xi32>
  }
}
