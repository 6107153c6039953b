// Refused (docs/findings.md): @g is stored, in a loop, with the buffer @h held before the loop
// (updated in place after that, as %w). The first iteration must read @g's own [1, 2, 3, 4],
// the second @h's old [10, 20, 30, 40]: [11, 22, 33, 44]. IREE 3.13's stages before the splice
// take every load of @g in the loop for @h's buffer (renameChainedGlobals; stock: [20, 154, 60, 80]);
// the tool refuses (global_folds.chained_globals).
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @h = dense<[10, 20, 30, 40]> : tensor<4xi32>
  util.func public @f(%row: tensor<1xi32>) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %c2 = arith.constant 2 : index
    %x = util.global.load @h : tensor<4xi32>
    %w = tensor.insert_slice %row into %x[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    %zero = arith.constant dense<0> : tensor<4xi32>
    %s = scf.for %i = %c0 to %c2 step %c1 iter_args(%acc = %zero) -> tensor<4xi32> {
      %r = util.global.load @g : tensor<4xi32>
      %e = tensor.empty() : tensor<4xi32>
      %n = linalg.generic {indexing_maps = [#id, #id, #id], iterator_types = ["parallel"]} ins(%acc, %r : tensor<4xi32>, tensor<4xi32>) outs(%e : tensor<4xi32>) {
      ^bb0(%p: i32, %q: i32, %o: i32):
        %z = arith.addi %p, %q : i32
        linalg.yield %z : i32
      } -> tensor<4xi32>
      util.global.store %x, @g : tensor<4xi32>
      scf.yield %n : tensor<4xi32>
    }
    util.global.store %w, @h : tensor<4xi32>
    util.return %s : tensor<4xi32>
  }
}
