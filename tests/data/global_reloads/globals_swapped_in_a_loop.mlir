// Refused (docs/findings.md; review 4, p09): a loop swaps @g1 and @g2 (n = 1), @g2 is then updated in
// place, and a load of @g1 taken before the loop is returned: [101, 102, 103, 104]. IREE 3.13 folds the
// loop away and merges the globals before the splice (renameChainedGlobals): stock returns
// [110, 120, 130, 140]; the tool refuses (global_folds.chained_globals).
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g1 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @g2 = dense<[10, 20, 30, 40]> : tensor<4xi32>

  util.func public @f(%row: tensor<1xi32>, %n: index) -> tensor<4xi32> {
    %c0 = arith.constant 0 : index
    %c1 = arith.constant 1 : index
    %a0 = util.global.load @g1 : tensor<4xi32>
    scf.for %i = %c0 to %n step %c1 {
      %a = util.global.load @g1 : tensor<4xi32>
      %b = util.global.load @g2 : tensor<4xi32>
      util.global.store %b, @g1 : tensor<4xi32>
      util.global.store %a, @g2 : tensor<4xi32>
    }
    %x = util.global.load @g2 : tensor<4xi32>
    %u = tensor.insert_slice %row into %x[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @g2 : tensor<4xi32>
    %e12 = tensor.empty() : tensor<4xi32>
    %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%a0 : tensor<4xi32>) outs(%e12 : tensor<4xi32>) {
    ^bb0(%x12: i32, %o12: i32):
      %k12 = arith.constant 100 : i32
      %y12 = arith.addi %x12, %k12 : i32
      linalg.yield %y12 : i32
    } -> tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
  util.func public @get1() -> tensor<4xi32> {
    %v = util.global.load @g1 : tensor<4xi32>
    %e10 = tensor.empty() : tensor<4xi32>
    %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<4xi32>) outs(%e10 : tensor<4xi32>) {
    ^bb0(%x10: i32, %o10: i32):
      %k10 = arith.constant 100 : i32
      %y10 = arith.addi %x10, %k10 : i32
      linalg.yield %y10 : i32
    } -> tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
  util.func public @get2() -> tensor<4xi32> {
    %v = util.global.load @g2 : tensor<4xi32>
    %e11 = tensor.empty() : tensor<4xi32>
    %p = linalg.generic {indexing_maps = [#id, #id], iterator_types = ["parallel"]} ins(%v : tensor<4xi32>) outs(%e11 : tensor<4xi32>) {
    ^bb0(%x11: i32, %o11: i32):
      %k11 = arith.constant 100 : i32
      %y11 = arith.addi %x11, %k11 : i32
      linalg.yield %y11 : i32
    } -> tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
}
