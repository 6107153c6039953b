// Review 57's b04: a never-inlined callee returns a constant's load from one arm of an scf.if;
// @f carries the call's result into an scf.for and inserts into it each turn. IREE 3.13 writes
// the constant's own buffer on the first turn: PERMISSION_DENIED in both builds until the
// check followed a loop's argument to what enters it (the insert then writes a fresh copy).
module @m {
  util.global private @g = dense<[7, 8, 9, 10]> : tensor<4xi32>
  util.func private @h(%c: i1) -> tensor<4xi32> attributes {inlining_policy = #util.inline.never} {
    %r = scf.if %c -> (tensor<4xi32>) {
      %v = util.global.load @g : tensor<4xi32>
      scf.yield %v : tensor<4xi32>
    } else {
      %z = arith.constant dense<0> : tensor<4xi32>
      scf.yield %z : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @f(%c: i1, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %v = util.call @h(%c) : (i1) -> tensor<4xi32>
    %r = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %v) -> tensor<4xi32> {
      %ii = arith.index_cast %i : index to i32
      %u = tensor.insert %ii into %acc[%i] : tensor<4xi32>
      scf.yield %u : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> { %v = util.global.load @g : tensor<4xi32> util.return %v : tensor<4xi32> }
}
