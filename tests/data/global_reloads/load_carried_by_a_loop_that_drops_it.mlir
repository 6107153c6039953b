// @g is only ever given a constant's zeros, so IREE's renameChainedGlobals takes it for the
// global it outlines the constant into, and a load of @g before the first store reads that
// global's zeros rather than @g's initial value. This one's value goes only round a while loop
// that drops it (a carried value no turn and no result takes): nothing reads it, and MLIR's
// canonicalizers delete it with the load. The check read the loop's terminator as a read and
// refused a program plain iree-compile builds right (the tensor campaign, seed 12101);
// global_order._read follows a region's terminator to where its op hands the value.
module @m {
  util.global private mutable @g = dense<[0, 0, 0, 37]> : tensor<4xi32>
  util.func public @f(%n: index) -> tensor<4xi32> {
    %zero = arith.constant dense<0> : tensor<4xi32>
    %old = util.global.load @g : tensor<4xi32>
    util.global.store %zero, @g : tensor<4xi32>
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %w:2 = scf.while (%i = %c0, %acc = %zero) : (index, tensor<4xi32>) -> (index, tensor<4xi32>) {
      %more = arith.cmpi slt, %i, %n : index
      scf.condition(%more) %i, %old : index, tensor<4xi32>
    } do {
    ^bb0(%j: index, %x: tensor<4xi32>):
      %k = arith.addi %j, %c1 : index
      scf.yield %k, %x : index, tensor<4xi32>
    }
    %new = util.global.load @g : tensor<4xi32>
    util.return %new : tensor<4xi32>
  }
}
