// step() copies @cur into @prev, then in an scf.if reads @prev and updates @cur. IREE 3.13
// takes @prev for @cur, rightly: @prev's only load runs before the update, and an scf.if arm
// runs once. The check builds it (global_folds._repeats: a loop's next turn only in loops;
// review 7, p30).
// CALLS: step:[77],1;get;step:[88],0;get;step:[99],1;get
// EXPECT: step=1 2 3 4; get=1 77 3 4; step=1 77 3 4; get=1 77 3 4; step=1 77 3 4; get=1 99 3 4
// CALLS: step:[5],0;step:[6],1;step:[7],1;get
// EXPECT: step=1 2 3 4; step=1 2 3 4; step=1 6 3 4; get=1 7 3 4
module @m {
  util.global private mutable @cur = dense<[1, 2, 3, 4]> : tensor<4xi32>
  util.global private mutable @prev = dense<[1, 2, 3, 4]> : tensor<4xi32>

  util.func public @step(%row: tensor<1xi32>, %apply: i1) -> tensor<4xi32> {
    %c = util.global.load @cur : tensor<4xi32>
    util.global.store %c, @prev : tensor<4xi32>
    %r = scf.if %apply -> (tensor<4xi32>) {
      %p = util.global.load @prev : tensor<4xi32>
      %u = tensor.insert_slice %row into %p[1] [1] [1] : tensor<1xi32> into tensor<4xi32>
      util.global.store %u, @cur : tensor<4xi32>
      scf.yield %p : tensor<4xi32>
    } else {
      scf.yield %c : tensor<4xi32>
    }
    util.return %r : tensor<4xi32>
  }
  util.func public @get() -> tensor<4xi32> {
    %v = util.global.load @cur : tensor<4xi32>
    util.return %v : tensor<4xi32>
  }
}
