// A never-inlined callee returns a constant's load from one arm of an scf.if; @f calls it in every
// turn of an scf.for and hands its result to the next turn, which inserts into it. IREE 3.13
// writes the constant's own buffer on the second turn: the loop's argument holds the callee's
// result only from a turn's yield, not from the loop's init.
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
  util.func public @f(%c: i1, %n: index, %a: tensor<4xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %x = arith.addi %a, %a : tensor<4xi32>
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%acc = %x, %out = %a) -> (tensor<4xi32>, tensor<4xi32>) {
      %ii = arith.index_cast %i : index to i32
      %u = tensor.insert %ii into %acc[%i] : tensor<4xi32>
      %w = arith.addi %out, %u : tensor<4xi32>
      %v = util.call @h(%c) : (i1) -> tensor<4xi32>
      scf.yield %v, %w : tensor<4xi32>, tensor<4xi32>
    }
    util.return %r#1 : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> { %v = util.global.load @g : tensor<4xi32> util.return %v : tensor<4xi32> }
}
