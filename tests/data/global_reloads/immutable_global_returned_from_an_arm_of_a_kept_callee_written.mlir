// Tensor campaign seed 22101: @h0, never inlined, returns @g0's load (a constant: nothing stores
// it) from one arm of an scf.if and a splat from the other; @f0 inserts into the call's result
// in place. IREE 3.13 hands @f0 the constant's own buffer and writes it: PERMISSION_DENIED on
// the runtime (a read-only mapping), in both builds until the check followed what a callee
// returns to an immutable global's buffer (the fill then writes a fresh copy).
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private @g0 = dense<[0, 0, 35, 0]> : tensor<4xi32>
  util.func private @h0(%c: i1) -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %r = scf.if %c -> (tensor<4xi32>) {
      %v = util.global.load @g0 : tensor<4xi32>
      scf.yield %v : tensor<4xi32>
    } else {
      %z = arith.constant dense<0> : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @f0(%a0: i1) -> (tensor<4xi32>) {
    %v1 = util.call @h0(%a0) : (i1) -> tensor<4xi32>
    %k2 = arith.constant 0 : i32
    %c3 = arith.constant 0 : index
    %v4 = tensor.insert %k2 into %v1[%c3] : tensor<4xi32>
    util.return %v4 : tensor<4xi32>
  }
}
