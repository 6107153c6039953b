// Refused (docs/findings.md; review 4, p08): share() stores @g1's buffer into @g2, upd() updates @g1 in place,
// get2() must read @g2 as share() left it ([101, 102, 103, 104]). IREE 3.13 merges @g2 into @g1 before
// the splice (renameChainedGlobals; gone at flow level): stock reads [101, 109, 103, 104]; the tool
// refuses (global_folds.chained_globals).
#id = affine_map<(d0) -> (d0)>
module @m {
  util.global private mutable @g1 = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @g2 = dense<[10, 20, 30, 40]> : tensor<4xi32>

  util.func public @share() {
    %a = util.global.load @g1 : tensor<4xi32>
    util.global.store %a, @g2 : tensor<4xi32>
    util.return
  }
  util.func public @upd(%row: tensor<1xi32>) {
    %a = util.global.load @g1 : tensor<4xi32>
    %u = tensor.insert_slice %row into %a[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @g1 : tensor<4xi32>
    util.return
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
