// step() copies @cur into @prev, updates @cur, then maybe records a trace in a cf branch, and
// reads @prev back after the branch's merge block. IREE 3.13 does not forward the store of @prev
// to that load (the merge block has two predecessors: it is never merged into the entry) and
// takes @prev for @cur: stock's step returns the update. The check refuses
// (global_folds._forwarded, blocks IREE merges only; review 7, p54).
// CALLS: step:[77],0;step:[88],1;step:[99],0
// EXPECT: step=1 2 3 4; step=1 77 3 4; step=1 88 3 4
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @prev = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @trace = dense<0> : tensor<1xi32>

  util.func public @step(%row: tensor<1xi32>, %tracing: i1) -> tensor<4xi32> {
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    %u = tensor.insert_slice %row into %c[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
    util.global.store %u, @cur : tensor<4xi32>
    cf.cond_br %tracing, ^record, ^done
  ^record:
    util.global.store %row, @trace : tensor<1xi32>
    cf.br ^done
  ^done:
    %p = util.global.load @prev : tensor<4xi32>
    util.return %p : tensor<4xi32>
  }
  util.func public @get_trace() -> tensor<1xi32> {
    %t = util.global.load @trace : tensor<1xi32>
    util.return %t : tensor<1xi32>
  }
}
