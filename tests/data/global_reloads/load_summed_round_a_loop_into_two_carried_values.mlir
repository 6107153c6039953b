// A load added into a carried sum, which a second carried value sums in turn; the second is
// stored and returned, the first result is unused. Whether the load is read follows the loop's
// terminator round to its next turn and back: ed4747b keyed the ops it had seen by their
// Python ids, which the bindings give anew at each ask, and recursed until Python stopped it
// (review 27: "internal error" on a program plain iree-compile builds right).
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.func public @f(%n: index) -> tensor<4xi32> {
    %z = arith.constant dense<0> : tensor<4xi32>
    %l = util.global.load @g : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %r:2 = scf.for %i = %c0 to %n step %c1 iter_args(%a = %z, %b = %z) -> (tensor<4xi32>, tensor<4xi32>) {
      %s = arith.addi %a, %l : tensor<4xi32>
      %t = arith.addi %b, %s : tensor<4xi32>
      scf.yield %s, %t : tensor<4xi32>, tensor<4xi32>
    }
    util.global.store %r#1, @g : tensor<4xi32>
    util.return %r#1 : tensor<4xi32>
  }
}
